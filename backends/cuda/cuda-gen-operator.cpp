// /gpu/cuda/gen operators: one fused kernel per operator (out += G^T B^T D B G in) from the shared
// generator's cuda dialect, built on the first application or by CeedOperatorPrepare. E- and Q-vectors
// never reach global memory: each element's values live in the registers of its threads. Operators the
// generator or the dialect cannot fuse (composite, at points, H(div)/H(curl), mixed basis shapes, a
// QFunction without loadable source or with a vector length above 1, more shared memory than the device
// offers) are cloned onto the delegate /gpu/cuda/ref context; CEED_DEBUG says which and why.
//
// The compiled kernel (CUBIN for the device's own architecture, or PTX) is kept in the persistent kernel
// cache, keyed by the generated source, the NVRTC options, NVRTC's version, the target architecture and
// code kind. Host data follows jit-templates/cuda: restriction offsets as given ([elem][node]), 1D
// matrices as given, the collocated derivative for gradients taken at the points, weights expanded.
#include <algorithm>
#include <map>
#include <new>

#include "ceed-cuda.hpp"
#include "ceed-gen-args.h"
#include "ceed-gen.hpp"

namespace ceed_cuda {
namespace {

using ceed::gen::BasisKind;
using ceed::gen::FieldDesc;
using ceed::gen::RestrictionKind;

struct GenOperatorCuda {
  bool                                          prepared = false;
  CeedOperator                                  fallback = nullptr;
  ceed::gen::OperatorDesc                       desc;
  ceed::gen::ThreadLayout                       layout;
  CUfunction                                    kernel = nullptr;
  CeedGenArgs                                   args{};
  std::map<CeedElemRestriction, const CeedInt *> indices;
  std::map<CeedElemRestriction, const bool *>    orients;
  std::vector<const void *>                     device_data;  // owned uploads (matrices, indices, orientations)
  unsigned                                      block = 0, grid = 0, shared_bytes = 0;
  unsigned long long                            error_source = 0;  // source id of the kernel's QFunction error records
};

int Data(CeedOperator op, GenOperatorCuda **data) {
  CeedCallBackend(CeedOperatorGetData(op, data));
  CeedCheck(*data, CeedOperatorReturnCeed(op), CEED_ERROR_BACKEND, "CeedOperator has no /gpu/cuda/gen data");
  return CEED_ERROR_SUCCESS;
}

template <class T>
int Upload(Ceed ceed, CeedCuda &cuda, GenOperatorCuda *d, const T *host, size_t count, const T **dev) {
  CeedCall(UploadToDevice(ceed, cuda, host, count, dev));
  d->device_data.push_back(*dev);
  return CEED_ERROR_SUCCESS;
}

// The kernel arguments of one field (device copies of what the kernel reads).
int SetUpField(Ceed ceed, CeedCuda &cuda, GenOperatorCuda *d, const FieldDesc &f, CeedGenFieldArgs *a) {
  if (f.rstr_kind == RestrictionKind::kOffset || f.rstr_kind == RestrictionKind::kOriented) {
    const size_t n = (size_t)d->desc.num_elem * f.elem_size;
    if (!d->indices.count(f.rstr)) {
      const CeedInt *offsets = nullptr, *dev = nullptr;
      CeedCallBackend(CeedElemRestrictionGetOffsets(f.rstr, CEED_MEM_HOST, &offsets));
      int ierr = Upload(ceed, cuda, d, offsets, n, &dev);
      CeedCallBackend(CeedElemRestrictionRestoreOffsets(f.rstr, &offsets));
      CeedCall(ierr);
      d->indices[f.rstr] = dev;
    }
    if (f.rstr_kind == RestrictionKind::kOriented && !d->orients.count(f.rstr)) {
      const bool *orients = nullptr, *dev = nullptr;
      CeedCallBackend(CeedElemRestrictionGetOrientations(f.rstr, CEED_MEM_HOST, &orients));
      int ierr = Upload(ceed, cuda, d, orients, n, &dev);
      CeedCallBackend(CeedElemRestrictionRestoreOrientations(f.rstr, &orients));
      CeedCall(ierr);
      d->orients[f.rstr] = dev;
    }
    CeedInt comp_stride = 1;
    CeedCallBackend(CeedElemRestrictionGetCompStride(f.rstr, &comp_stride));
    a->indices     = d->indices[f.rstr];
    a->orients     = f.rstr_kind == RestrictionKind::kOriented ? d->orients[f.rstr] : nullptr;
    a->comp_stride = comp_stride;
  }
  if (f.basis_kind == BasisKind::kNone) return CEED_ERROR_SUCCESS;
  if (f.eval_mode == CEED_EVAL_WEIGHT) {
    std::vector<CeedScalar> weights;
    CeedCall(ceed::gen::FieldQuadratureWeights(f, &weights));
    return Upload(ceed, cuda, d, weights.data(), weights.size(), &a->weights);
  }
  const CeedScalar *interp = nullptr, *grad = nullptr;
  size_t            interp_size = 0, grad_size = 0;
  if (f.basis_kind == BasisKind::kNonTensor) {
    CeedCallBackend(CeedBasisGetInterp(f.basis, &interp));
    CeedCallBackend(CeedBasisGetGrad(f.basis, &grad));
    interp_size = (size_t)f.num_qpts * f.num_nodes;
    grad_size   = interp_size * f.dim;
  } else {
    CeedCallBackend(CeedBasisGetInterp1D(f.basis, &interp));
    CeedCallBackend(CeedBasisGetGrad1D(f.basis, &grad));
    interp_size = grad_size = (size_t)f.Q_1d * f.P_1d;
  }
  CeedCall(Upload(ceed, cuda, d, interp, interp_size, &a->interp));
  if (f.eval_mode != CEED_EVAL_GRAD) return CEED_ERROR_SUCCESS;
  if (f.basis_kind == BasisKind::kTensor && f.collocated_grad && !f.identity_interp) {
    std::vector<CeedScalar> colo;
    CeedCall(ceed::gen::CollocatedDerivative(f, &colo));
    return Upload(ceed, cuda, d, colo.data(), colo.size(), &a->grad);
  }
  return Upload(ceed, cuda, d, grad, grad_size, &a->grad);
}

// Compiles source for the device (or loads it from the kernel cache) and returns its kernel.
int LoadKernel(Ceed ceed, CeedCuda &cuda, const std::string &source, CUfunction *kernel) {
  CompileRequest request;
  request.source       = source;
  request.program_name = "ceed-cuda-gen";
  request.kernel_names = {CEED_GEN_KERNEL_NAME};
  request.arch         = cuda.target_arch;
  request.kind         = cuda.target_kind;
  CeedCall(JitOptions(ceed, &request.options));
  std::string options;
  for (const std::string &o : request.options) options += o + "\n";
  const std::string version = std::to_string(NvrtcVersion()), target = std::to_string(request.arch);
  const char       *ext     = request.kind == CodeKind::kCubin ? "cubin" : "ptx";
  const char       *parts[] = {"ceedrt-cuda-gen", source.c_str(), options.c_str(), version.c_str(), target.c_str(), ext};
  char              key[CEED_KERNEL_CACHE_KEY_SIZE];
  CeedCallBackend(CeedKernelCacheComputeKey(6, parts, key));

  CUmodule module = nullptr;
  auto     loaded = cuda.modules.find(key);
  if (loaded != cuda.modules.end()) {
    module = loaded->second;
  } else {
    void  *bytes     = nullptr;
    size_t num_bytes = 0;
    CeedCallBackend(CeedKernelCacheLookupBytes(ceed, key, ext, &bytes, &num_bytes));
    std::string code;
    if (bytes) {
      code.assign(static_cast<const char *>(bytes), num_bytes);
      CeedCallBackend(CeedFree(&bytes));
    } else {
      bool is_debug = false;
      CeedCall(CeedIsDebug(ceed, &is_debug));
      const CompileResult result = Compile(request, is_debug);
      if (!result.ok) return CeedError(ceed, CEED_ERROR_BACKEND, "%s", result.message.c_str());
      CeedDebug(ceed, "/gpu/cuda/gen: NVRTC compiled the fused kernel for %s_%d%s%s", request.kind == CodeKind::kCubin ? "sm" : "compute", request.arch,
                result.source_path.empty() ? "" : ", source: ", result.source_path.c_str());
      if (!result.log.empty()) CeedDebug(ceed, "NVRTC log for the fused kernel:\n%s", result.log.c_str());
      code = result.code;
      CeedCallBackend(CeedKernelCacheStoreBytes(ceed, key, ext, code.data(), code.size(), nullptr));
    }
    // PTX is loaded as NUL-terminated text.
    CUresult status = cuda.cu->cuModuleLoadData(&module, code.c_str());
    CeedCheck(status == CUDA_SUCCESS, ceed, CEED_ERROR_BACKEND, "Could not load the fused /gpu/cuda/gen kernel on CUDA device %d (%s, sm_%d): %s",
              cuda.device_id, cuda.device_name.c_str(), cuda.arch, DriverErrorText(*cuda.cu, status).c_str());
    cuda.modules.emplace(key, module);
  }
  return GetFunction(ceed, cuda, module, CEED_GEN_KERNEL_NAME, kernel);
}

// Elements per block chosen with the occupancy API: the most resident threads per multiprocessor
// (ties: the smaller block), among blocks of whole elements up to the kernel's launch bound.
int ChooseLaunch(Ceed ceed, CeedCuda &cuda, GenOperatorCuda *d) {
  const int tpe = d->layout.threads_per_elem, slice_bytes = tpe * (int)sizeof(CeedScalar);
  int       best_threads = -1;
  for (int elems = 1; elems * tpe <= d->layout.max_block; elems++) {
    const int block = elems * tpe, shared = elems * slice_bytes;
    if (shared > cuda.max_shared_optin) break;
    if (shared > cuda.max_shared_default) {
      CeedCallCuda(ceed, cuda, cuda.cu->cuFuncSetAttribute(d->kernel, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, shared));
    }
    int blocks_per_sm = 0;
    CeedCallCuda(ceed, cuda, cuda.cu->cuOccupancyMaxActiveBlocksPerMultiprocessor(&blocks_per_sm, d->kernel, block, shared));
    if (blocks_per_sm * block > best_threads) {
      best_threads    = blocks_per_sm * block;
      d->block        = block;
      d->shared_bytes = shared;
    }
  }
  if (best_threads <= 0) d->block = 0;
  const CeedInt elems = d->block ? d->block / tpe : 1;
  d->grid             = (unsigned)((d->desc.num_elem + elems - 1) / elems);
  return CEED_ERROR_SUCCESS;
}

// Why the cuda dialect cannot fuse desc beyond what DescribeOperator checks ("" when it can).
std::string CudaLimits(Ceed ceed, const ceed::gen::OperatorDesc &desc, const ceed::gen::ThreadLayout &layout, const CeedCuda &cuda,
                       std::string *qf_source) {
  if (desc.qf_vec_length > 1) return "QFunction vector length " + std::to_string(desc.qf_vec_length) + " (the kernel calls it per point)";
  if (desc.inputs.size() > CEED_GEN_MAX_FIELDS || desc.outputs.size() > CEED_GEN_MAX_FIELDS) return "more fields than CEED_GEN_MAX_FIELDS";
  const size_t slice_bytes = (size_t)layout.threads_per_elem * sizeof(CeedScalar);
  if (slice_bytes > (size_t)cuda.max_shared_optin) {
    return "an element needs " + std::to_string(slice_bytes) + " bytes of shared memory, the device offers " + std::to_string(cuda.max_shared_optin);
  }
  if (!ceed::gen::QFunctionSourceExists(ceed, desc.qf_source_path)) {
    return "QFunction " + desc.qf_kernel_name + " has no source file to compile (\"" + desc.qf_source_path + "\")";
  }
  char *text = nullptr;
  if (CeedLoadSourceToBuffer(ceed, desc.qf_source_path.c_str(), &text)) return "QFunction source " + desc.qf_source_path + " cannot be loaded";
  *qf_source = text;
  CeedFree(&text);
  return std::string();
}

int Prepare(CeedOperator op) {
  GenOperatorCuda *d = nullptr;
  CeedCall(Data(op, &d));
  if (d->prepared) return CEED_ERROR_SUCCESS;
  Ceed      ceed = CeedOperatorReturnCeed(op);
  CeedCuda *cuda = nullptr;
  CeedCall(Activate(ceed, &cuda));
  std::string why_not, qf_source;
  CeedCall(ceed::gen::DescribeOperator(op, &d->desc, &why_not));
  if (why_not.empty()) d->layout = ceed::gen::ChooseThreadLayout(d->desc, &why_not);
  if (why_not.empty()) why_not = CudaLimits(ceed, d->desc, d->layout, *cuda, &qf_source);
  if (why_not.empty()) {
    d->args          = CeedGenArgs{};
    d->args.num_elem = d->desc.num_elem;
    for (size_t i = 0; i < d->desc.inputs.size(); i++) CeedCall(SetUpField(ceed, *cuda, d, d->desc.inputs[i], &d->args.inputs[i]));
    for (size_t i = 0; i < d->desc.outputs.size(); i++) CeedCall(SetUpField(ceed, *cuda, d, d->desc.outputs[i], &d->args.outputs[i]));
    const auto              dialect = ceed::gen::CreateCudaDialect(d->layout);
    ceed::gen::KernelSource source;
    CeedCall(ceed::gen::GenerateKernelSource(ceed, d->desc, *dialect, qf_source, &source));
    CeedCall(LoadKernel(ceed, *cuda, source.text, &d->kernel));
    CeedQFunction qf      = nullptr;
    const char   *qf_name = nullptr;
    CeedCallBackend(CeedOperatorGetQFunction(op, &qf));
    CeedCallBackend(CeedQFunctionGetName(qf, &qf_name));
    d->error_source = QFunctionErrorSource(*cuda, std::string("CeedQFunction ") + (qf_name && qf_name[0] ? qf_name : d->desc.qf_kernel_name.c_str()) +
                                                      " (fused /gpu/cuda/gen operator kernel)");
    CeedCall(ChooseLaunch(ceed, *cuda, d));
    if (!d->block) why_not = "no block of whole elements fits on the device (occupancy 0)";
  }
  if (!why_not.empty()) {
    CeedDebug(ceed, "/gpu/cuda/gen: operator not fused (%s); applied by /gpu/cuda/ref", why_not.c_str());
    Ceed delegate = nullptr;
    CeedCallBackend(CeedGetDelegate(ceed, &delegate));
    CeedCheck(delegate, ceed, CEED_ERROR_BACKEND, "/gpu/cuda/gen has no /gpu/cuda/ref delegate to run an operator it does not fuse (%s)", why_not.c_str());
    CeedCall(ceed::gen::CreateDelegateOperator(op, delegate, &d->fallback));
    d->prepared = true;
    return CEED_ERROR_SUCCESS;
  }
  CeedDebug(ceed, "/gpu/cuda/gen: operator fused (%d elements, %d points per element, %d threads per element, blocks of %u threads, %u bytes of shared memory)",
            d->desc.num_elem, d->desc.num_qpts, d->layout.threads_per_elem, d->block, d->shared_bytes);
  d->prepared = true;
  return CEED_ERROR_SUCCESS;
}

int ApplyAdd(CeedOperator op, CeedVector in, CeedVector out, CeedRequest *) {
  CeedCall(Prepare(op));
  GenOperatorCuda *d = nullptr;
  CeedCall(Data(op, &d));
  if (d->fallback) return CeedOperatorApplyAdd(d->fallback, in, out, CEED_REQUEST_IMMEDIATE);
  Ceed      ceed = CeedOperatorReturnCeed(op);
  CeedCuda *cuda = nullptr;
  CeedCall(Activate(ceed, &cuda));

  // No synchronization: a non-zero QFunction return of an earlier application shows in the host-mapped
  // record (or at the next synchronization point, see ReportQFunctionErrors).
  CeedCall(ReportQFunctionErrors(ceed, *cuda, false, "the next operator application"));
  ceed::gen::KernelArgsBinding binding;
  int                          ierr = binding.Bind(op, d->desc, in, out, CEED_MEM_DEVICE, &d->args);
  if (!ierr) {
    CeedCudaQFunctionError error  = QFunctionErrorArgument(*cuda, d->error_source);
    void                  *args[] = {&d->args, &error};
    ierr                          = Launch(ceed, *cuda, d->kernel, d->grid, d->block, d->shared_bytes, args);
    if (!ierr) ierr = QFunctionErrorsAfterLaunch(ceed, *cuda, false);
  }
  return binding.Release(ierr);
}

int Destroy(CeedOperator op) {
  GenOperatorCuda *d = nullptr;
  CeedCallBackend(CeedOperatorGetData(op, &d));
  if (!d) return CEED_ERROR_SUCCESS;
  int       ierr = CeedOperatorDestroy(&d->fallback);
  CeedCuda *cuda = GetCuda(CeedOperatorReturnCeed(op));
  if (cuda) {
    for (const void *p : d->device_data) {
      int e = DeviceRelease(CeedOperatorReturnCeed(op), *cuda, const_cast<void *>(p));
      if (!ierr) ierr = e;
    }
  }
  delete d;
  CeedCallBackend(CeedOperatorSetData(op, nullptr));
  return ierr;
}

}  // namespace

int GenOperatorCreate(CeedOperator op) {
  auto *d = new (std::nothrow) GenOperatorCuda();
  CeedCheck(d, CeedOperatorReturnCeed(op), CEED_ERROR_MAJOR, "Out of memory creating a /gpu/cuda/gen operator");
  CeedCallBackend(CeedOperatorSetData(op, d));
  CeedOperatorBackendOps ops{};
  ops.size     = sizeof(ops);
  ops.ApplyAdd = ApplyAdd;
  ops.Prepare  = Prepare;
  ops.Destroy  = Destroy;
  return CeedOperatorSetBackendOps(op, &ops);
}

}  // namespace ceed_cuda
