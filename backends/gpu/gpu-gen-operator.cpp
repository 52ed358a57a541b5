// /gpu/<vendor>/gen operators: one fused kernel per operator (out += G^T B^T D B G in) from the shared
// generator's gpu dialect, built on the first application or by CeedOperatorPrepare. E- and Q-vectors
// never reach global memory: each element's values live in the registers of its threads. Operators the
// generator or the dialect cannot fuse (composite, at points, H(div)/H(curl), mixed basis shapes, a
// QFunction without loadable source or with a vector length above 1, more shared memory than the device
// offers) are cloned onto the delegate /gpu/<vendor>/ref context; CEED_DEBUG says which and why.
//
// The compiled kernel (CUBIN for the device's own architecture, or PTX) is kept in the persistent kernel
// cache, keyed by the generated source, the NVRTC options, NVRTC's version, the target architecture and
// code kind. Host data follows jit-templates/gpu: restriction offsets as given ([elem][node]), 1D
// matrices as given, the collocated derivative for gradients taken at the points, weights expanded.
#include <algorithm>
#include <cstdio>
#include <map>
#include <new>

#include "ceed-gpu.hpp"
#include "ceed-gen-args.h"
#include "ceed-gen.hpp"
#include "gpu-kernel-resources.hpp"
#include "gpu-occupancy.hpp"

namespace ceed_gpu {
namespace {

using ceed::gen::BasisKind;
using ceed::gen::FieldDesc;
using ceed::gen::RestrictionKind;

struct GenOperatorGpu {
  bool                                          prepared = false;
  CeedOperator                                  fallback = nullptr;
  ceed::gen::OperatorDesc                       desc;
  ceed::gen::ThreadLayout                       layout;
  Function                                    kernel = nullptr;
  CeedGenArgs                                   args{};
  std::map<CeedElemRestriction, const CeedInt *> indices;
  std::map<CeedElemRestriction, const bool *>    orients;
  std::vector<const void *>                     device_data;  // owned uploads (matrices, indices, orientations)
  unsigned                                      block = 0, grid = 0, shared_bytes = 0;
  unsigned long long                            error_source = 0;  // source id of the kernel's QFunction error records
  // Precision modes (docs/multiprecision.md): false when the operator's precision computes in fp32 but its
  // QFunction context does not keep its layout in an fp32 unit; the kernel then computes in fp64 (why_fp64).
  bool        precision_native = true;
  std::string why_fp64;
};

// Bytes of one CeedScalar of the kernel (the compute precision).
size_t ComputeScalarBytes(const ceed::gen::OperatorDesc &desc) { return desc.compute == CEED_SCALAR_FP32 ? sizeof(float) : sizeof(double); }

int Data(CeedOperator op, GenOperatorGpu **data) {
  CeedCallBackend(CeedOperatorGetData(op, data));
  CeedCheck(*data, CeedOperatorReturnCeed(op), CEED_ERROR_BACKEND, "CeedOperator has no /gpu/<vendor>/gen data");
  return CEED_ERROR_SUCCESS;
}

template <class T>
int Upload(Ceed ceed, CeedGpu &gpu, GenOperatorGpu *d, const T *host, size_t count, const T **dev) {
  CeedCall(UploadToDevice(ceed, gpu, host, count, dev));
  d->device_data.push_back(*dev);
  return CEED_ERROR_SUCCESS;
}

// Basis matrices and weights as the kernel reads them: in its compute precision (a float copy for fp32 kernels).
int UploadScalars(Ceed ceed, CeedGpu &gpu, GenOperatorGpu *d, const CeedScalar *host, size_t count, const CeedScalar **dev) {
  if (d->desc.compute == CEED_SCALAR_FP64) return Upload(ceed, gpu, d, host, count, dev);
  const std::vector<float> rounded(host, host + count);
  const float             *dev_fp32 = nullptr;
  CeedCall(Upload(ceed, gpu, d, rounded.data(), count, &dev_fp32));
  *dev = reinterpret_cast<const CeedScalar *>(dev_fp32);
  return CEED_ERROR_SUCCESS;
}

// The kernel arguments of one field (device copies of what the kernel reads).
int SetUpField(Ceed ceed, CeedGpu &gpu, GenOperatorGpu *d, const FieldDesc &f, CeedGenFieldArgs *a) {
  if (f.rstr_kind == RestrictionKind::kOffset || f.rstr_kind == RestrictionKind::kOriented) {
    const size_t n = (size_t)d->desc.num_elem * f.elem_size;
    if (!d->indices.count(f.rstr)) {
      const CeedInt *offsets = nullptr, *dev = nullptr;
      CeedCallBackend(CeedElemRestrictionGetOffsets(f.rstr, CEED_MEM_HOST, &offsets));
      int ierr = Upload(ceed, gpu, d, offsets, n, &dev);
      CeedCallBackend(CeedElemRestrictionRestoreOffsets(f.rstr, &offsets));
      CeedCall(ierr);
      d->indices[f.rstr] = dev;
    }
    if (f.rstr_kind == RestrictionKind::kOriented && !d->orients.count(f.rstr)) {
      const bool *orients = nullptr, *dev = nullptr;
      CeedCallBackend(CeedElemRestrictionGetOrientations(f.rstr, CEED_MEM_HOST, &orients));
      int ierr = Upload(ceed, gpu, d, orients, n, &dev);
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
    return UploadScalars(ceed, gpu, d, weights.data(), weights.size(), &a->weights);
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
  CeedCall(UploadScalars(ceed, gpu, d, interp, interp_size, &a->interp));
  if (f.eval_mode != CEED_EVAL_GRAD) return CEED_ERROR_SUCCESS;
  if (f.basis_kind == BasisKind::kTensor && f.collocated_grad && !f.identity_interp) {
    std::vector<CeedScalar> colo;
    CeedCall(ceed::gen::CollocatedDerivative(f, &colo));
    return UploadScalars(ceed, gpu, d, colo.data(), colo.size(), &a->grad);
  }
  return UploadScalars(ceed, gpu, d, grad, grad_size, &a->grad);
}

// Compiles source for the device (or loads it from the kernel cache) and returns its kernel.
int LoadKernel(Ceed ceed, CeedGpu &gpu, const std::string &source, Function *kernel) {
  CompileRequest request;
  request.compiler     = &gpu.rt->Jit();
  request.source       = source;
  request.program_name = gpu.prefix.substr(1) + "-gen";
  request.kernel_names = {CEED_GEN_KERNEL_NAME};
  request.target       = gpu.target;
  CeedCall(JitOptions(ceed, &request.options));
  std::string options;
  for (const std::string &o : request.options) options += o + "\n";
  for (const std::string &o : request.target.options) options += o + "\n";
  const std::string compiler = request.compiler->Name(), tag = "ceedrt-" + gpu.prefix.substr(1) + "-gen";
  const char       *ext      = request.target.code_suffix.c_str();
  const char       *parts[]  = {tag.c_str(), source.c_str(), options.c_str(), compiler.c_str(), request.target.name.c_str(), ext};
  char              key[CEED_KERNEL_CACHE_KEY_SIZE];
  CeedCallBackend(CeedKernelCacheComputeKey(6, parts, key));

  Module module = nullptr;
  auto   loaded = gpu.modules.find(key);
  if (loaded != gpu.modules.end()) {
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
      CeedDebug(ceed, "%s/gen: %s compiled the fused kernel for %s%s%s", gpu.prefix.c_str(), compiler.c_str(), request.target.name.c_str(),
                result.source_path.empty() ? "" : ", source: ", result.source_path.c_str());
      if (!result.log.empty()) CeedDebug(ceed, "Compiler log for the fused kernel:\n%s", result.log.c_str());
      code = result.code;
      CeedCallBackend(CeedKernelCacheStoreBytes(ceed, key, ext, code.data(), code.size(), nullptr));
    }
    const std::string what = "fused " + gpu.prefix + "/gen kernel";
    CeedCall(LoadCode(ceed, gpu, code, what.c_str(), &module));
    gpu.modules.emplace(key, module);
  }
  return GetFunction(ceed, gpu, module, CEED_GEN_KERNEL_NAME, kernel);
}

// The kernel's source for the operator desc in layout.
int GenerateSource(Ceed ceed, const CeedGpu &gpu, const ceed::gen::OperatorDesc &desc, const ceed::gen::ThreadLayout &layout, const std::string &qf_source,
                   std::string *text) {
  const auto              dialect = ceed::gen::CreateGpuDialect(layout, gpu.rt->Family());
  ceed::gen::KernelSource source;
  CeedCall(ceed::gen::GenerateKernelSource(ceed, desc, *dialect, qf_source, &source));
  *text = std::move(source.text);
  return CEED_ERROR_SUCCESS;
}

// Launch bounds from the computed occupancy (TuneLaunchBounds, as ceed-info --kernels --tune) for CUDA kernels
// without the user's :min_blocks=N, on an architecture the occupancy model knows: ptxas's report of the kernel
// as generated, then at most kMaxTuningCompiles recompiles. The choice is kept in the kernel cache under the
// untuned source, so a later Prepare of the same kernel compiles nothing extra. *source becomes the chosen one
// (what the kernel cache keys the compiled kernel on). A failed tuning compile keeps the generated bounds.
int TuneLaunchBoundsFromOccupancy(Ceed ceed, const CeedGpu &gpu, GenOperatorGpu *d, const std::string &qf_source, std::string *source) {
  SmLimits limits;
  if (d->layout.fixed_block || gpu.min_blocks > 0 || std::string(gpu.rt->Family()) != "cuda" || !SmLimitsFor(gpu.info.arch, &limits)) {
    return CEED_ERROR_SUCCESS;
  }
  std::vector<std::string> options;
  CeedCall(JitOptions(ceed, &options));
  std::string joined;
  for (const std::string &o : options) joined += o + "\n";
  const Compiler   &compiler = gpu.rt->Jit();
  const std::string name     = compiler.Name();
  const char       *parts[]  = {"ceedrt-cuda-gen-launch-bounds", source->c_str(), joined.c_str(), name.c_str(), gpu.info.arch.c_str()};
  char              key[CEED_KERNEL_CACHE_KEY_SIZE];
  CeedCallBackend(CeedKernelCacheComputeKey(5, parts, key));
  const LaunchBounds first = {d->layout.max_block, d->layout.min_blocks};
  LaunchBounds       bounds = first;
  void              *bytes = nullptr;
  size_t             num_bytes = 0;
  CeedCallBackend(CeedKernelCacheLookupBytes(ceed, key, "bounds", &bytes, &num_bytes));
  bool cached = false;
  if (bytes) {
    const std::string text(static_cast<const char *>(bytes), num_bytes);
    CeedCallBackend(CeedFree(&bytes));
    cached = std::sscanf(text.c_str(), "%d %d", &bounds.max_block, &bounds.min_blocks) == 2 && bounds.max_block >= d->layout.threads_per_elem &&
             bounds.max_block <= first.max_block && bounds.min_blocks >= 1;
    if (!cached) bounds = first;
  }
  if (!cached) {
    KernelResources resources;
    std::string     error;
    int             compiles = 0;
    auto            generate = [&](const ceed::gen::ThreadLayout &layout, std::string *text) {
      if (!GenerateSource(ceed, gpu, d->desc, layout, qf_source, text)) return true;
      error = "the kernel with launch bounds (" + std::to_string(layout.max_block) + ", " + std::to_string(layout.min_blocks) + ") could not be generated";
      return false;
    };
    if (!ChooseLaunchBounds(compiler, options, *source, d->desc, d->layout, gpu.info.arch, generate, &resources, &bounds, &compiles, &error)) {
      CeedDebug(ceed, "%s/gen: launch bounds not tuned (%s); compiled with (%d, %d)", gpu.prefix.c_str(), error.c_str(), first.max_block, first.min_blocks);
      return CEED_ERROR_SUCCESS;
    }
    const std::string text = std::to_string(bounds.max_block) + " " + std::to_string(bounds.min_blocks);
    CeedCallBackend(CeedKernelCacheStoreBytes(ceed, key, "bounds", text.data(), text.size(), nullptr));
    CeedDebug(ceed, "%s/gen: launch bounds (%d, %d) from the occupancy on %s: %d registers, %d threads per block, occupancy %.3f (%d compiles with ptxas's report)",
              gpu.prefix.c_str(), bounds.max_block, bounds.min_blocks, gpu.info.arch.c_str(), resources.registers, resources.threads,
              resources.occupancy, compiles);
  }
  if (bounds.max_block == first.max_block && bounds.min_blocks == first.min_blocks) return CEED_ERROR_SUCCESS;
  d->layout.max_block  = bounds.max_block;
  d->layout.min_blocks = bounds.min_blocks;
  return GenerateSource(ceed, gpu, d->desc, d->layout, qf_source, source);
}

// Elements per block: with a fixed block, the one the kernel was compiled for; otherwise chosen with the
// occupancy API: the most resident threads per multiprocessor (ties: the smaller block), among blocks of
// whole elements up to the kernel's launch bound.
int ChooseLaunch(Ceed ceed, CeedGpu &gpu, GenOperatorGpu *d) {
  const int tpe = d->layout.threads_per_elem, elem_shared_bytes = d->layout.shared_values_per_elem * (int)ComputeScalarBytes(d->desc);
  int       best_threads = -1;
  if (d->layout.fixed_block) {
    d->block        = d->layout.max_block;
    d->shared_bytes = d->block / tpe * elem_shared_bytes;
    best_threads    = (int)d->shared_bytes <= gpu.info.max_shared_optin ? (int)d->block : 0;
  }
  if (!d->layout.fixed_block) {
    auto resident = [&](int block, int shared, int *blocks) -> int {
      if (shared > gpu.info.max_shared_default) CeedCallGpu(ceed, gpu, gpu.rt->SetMaxDynamicShared(d->kernel, shared));
      CeedCallGpu(ceed, gpu, gpu.rt->ActiveBlocksPerMultiprocessor(d->kernel, block, shared, blocks));
      return CEED_ERROR_SUCCESS;
    };
    ceed_gpu::BlockChoice choice;
    CeedCall(ceed_gpu::ChooseElementBlock(tpe, d->layout.max_block, elem_shared_bytes, gpu.info.max_shared_optin, resident, &choice));
    d->block        = (unsigned)choice.block;
    d->shared_bytes = (unsigned)choice.shared_bytes;
    best_threads    = choice.block * choice.resident_blocks;
  }
  if (best_threads <= 0) d->block = 0;
  const CeedInt elems = d->block ? d->block / tpe : 1;
  d->grid             = (unsigned)((d->desc.num_elem + elems - 1) / elems);
  return CEED_ERROR_SUCCESS;
}

// Why the gpu dialect cannot fuse desc beyond what DescribeOperator checks ("" when it can).
std::string GpuLimits(Ceed ceed, const ceed::gen::OperatorDesc &desc, const ceed::gen::ThreadLayout &layout, const CeedGpu &gpu,
                       std::string *qf_source) {
  if (desc.qf_vec_length > 1) return "QFunction vector length " + std::to_string(desc.qf_vec_length) + " (the kernel calls it per point)";
  if (desc.inputs.size() > CEED_GEN_MAX_FIELDS || desc.outputs.size() > CEED_GEN_MAX_FIELDS) return "more fields than CEED_GEN_MAX_FIELDS";
  const size_t elem_shared_bytes = (size_t)layout.shared_values_per_elem * ComputeScalarBytes(desc);
  if (elem_shared_bytes > (size_t)gpu.info.max_shared_optin) {
    return "an element needs " + std::to_string(elem_shared_bytes) + " bytes of shared memory, the device offers " + std::to_string(gpu.info.max_shared_optin);
  }
  if (!ceed::gen::QFunctionSourceExists(ceed, desc.qf_source_path)) {
    return "QFunction " + desc.qf_kernel_name + " has no source file to compile (\"" + desc.qf_source_path + "\")";
  }
  if (ceed::gen::LoadSourceText(ceed, desc.qf_source_path, qf_source)) return "QFunction source " + desc.qf_source_path + " cannot be loaded";
  return std::string();
}

int Prepare(CeedOperator op) {
  GenOperatorGpu *d = nullptr;
  CeedCall(Data(op, &d));
  if (d->prepared) return CEED_ERROR_SUCCESS;
  Ceed      ceed = CeedOperatorReturnCeed(op);
  CeedGpu *gpu = nullptr;
  CeedCall(Activate(ceed, &gpu));
  std::string why_not, qf_source;
  CeedCall(ceed::gen::DescribeOperator(op, &d->desc, &why_not));
  if (why_not.empty()) d->layout = ceed::gen::ChooseThreadLayout(d->desc, gpu->target.fixed_ref_block ? gpu->target.wavefront : 0, &why_not);
  d->layout.min_blocks = std::max(1, gpu->min_blocks);
  if (why_not.empty()) {
    // Precision: kernels computing in fp32 compile the QFunction with CeedScalar = float, which its context must survive.
    CeedOperatorPrecision precision = CEED_PRECISION_FP64;
    CeedCallBackend(CeedOperatorGetPrecision(op, &precision));
    CeedCall(ceed::gen::SetFieldPrecisions(precision, &d->desc));
    bool context_ok = true;
    if (d->desc.compute == CEED_SCALAR_FP32) CeedCall(ceed::gen::ContextKeepsLayoutInFp32(op, &context_ok, &d->why_fp64));
    if (!context_ok) {
      CeedDebug(ceed, "%s/gen: QFunction %s computes in fp64 only: %s", gpu->prefix.c_str(), d->desc.qf_kernel_name.c_str(), d->why_fp64.c_str());
      d->precision_native = false;
      CeedCall(ceed::gen::SetFieldPrecisions(CEED_PRECISION_FP64, &d->desc));
    }
    why_not = GpuLimits(ceed, d->desc, d->layout, *gpu, &qf_source);
  }
  if (why_not.empty()) {
    d->args          = CeedGenArgs{};
    d->args.num_elem = d->desc.num_elem;
    for (size_t i = 0; i < d->desc.inputs.size(); i++) CeedCall(SetUpField(ceed, *gpu, d, d->desc.inputs[i], &d->args.inputs[i]));
    for (size_t i = 0; i < d->desc.outputs.size(); i++) CeedCall(SetUpField(ceed, *gpu, d, d->desc.outputs[i], &d->args.outputs[i]));
    std::string source;
    CeedCall(GenerateSource(ceed, *gpu, d->desc, d->layout, qf_source, &source));
    CeedCall(TuneLaunchBoundsFromOccupancy(ceed, *gpu, d, qf_source, &source));
    CeedCall(LoadKernel(ceed, *gpu, source, &d->kernel));
    CeedQFunction qf      = nullptr;
    const char   *qf_name = nullptr;
    CeedCallBackend(CeedOperatorGetQFunction(op, &qf));
    CeedCallBackend(CeedQFunctionGetName(qf, &qf_name));
    d->error_source = QFunctionErrorSource(*gpu, std::string("CeedQFunction ") + (qf_name && qf_name[0] ? qf_name : d->desc.qf_kernel_name.c_str()) +
                                                      " (fused " + gpu->prefix + "/gen operator kernel)");
    CeedCall(ChooseLaunch(ceed, *gpu, d));
    if (!d->block) why_not = "no block of whole elements fits on the device (occupancy 0)";
  }
  if (!why_not.empty()) {
    CeedDebug(ceed, "%s/gen: operator not fused (%s); applied by %s/ref", gpu->prefix.c_str(), why_not.c_str(), gpu->prefix.c_str());
    Ceed delegate = nullptr;
    CeedCallBackend(CeedGetDelegate(ceed, &delegate));
    CeedCheck(delegate, ceed, CEED_ERROR_BACKEND, "%s/gen has no %s/ref delegate to run an operator it does not fuse (%s)", gpu->prefix.c_str(),
              gpu->prefix.c_str(), why_not.c_str());
    CeedCall(ceed::gen::CreateDelegateOperator(op, delegate, &d->fallback));
    d->prepared = true;
    return CEED_ERROR_SUCCESS;
  }
  CeedDebug(ceed, "%s/gen: operator fused (%d elements, %d points per element, %d threads per element, blocks of %u threads, %u bytes of shared memory)",
            gpu->prefix.c_str(), d->desc.num_elem, d->desc.num_qpts, d->layout.threads_per_elem, d->block, d->shared_bytes);
  d->prepared = true;
  return CEED_ERROR_SUCCESS;
}

int ApplyAdd(CeedOperator op, CeedVector in, CeedVector out, CeedRequest *) {
  CeedCall(Prepare(op));
  GenOperatorGpu *d = nullptr;
  CeedCall(Data(op, &d));
  if (d->fallback) return CeedOperatorApplyAdd(d->fallback, in, out, CEED_REQUEST_IMMEDIATE);
  Ceed      ceed = CeedOperatorReturnCeed(op);
  CeedGpu *gpu = nullptr;
  CeedCall(Activate(ceed, &gpu));

  // No synchronization: a non-zero QFunction return of an earlier application shows in the host-mapped
  // record (or at the next synchronization point, see ReportQFunctionErrors).
  CeedCall(ReportQFunctionErrors(ceed, *gpu, false, "the next operator application"));
  ceed::gen::KernelArgsBinding binding;
  int                          ierr = binding.Bind(op, d->desc, in, out, CEED_MEM_DEVICE, &d->args);
  if (!ierr) {
    CeedGpuQFunctionError error  = QFunctionErrorArgument(*gpu, d->error_source);
    void                  *args[] = {&d->args, &error};
    ierr                          = Launch(ceed, *gpu, d->kernel, d->grid, d->block, d->shared_bytes, args);
    if (!ierr) ierr = QFunctionErrorsAfterLaunch(ceed, *gpu, false);
  }
  return binding.Release(ierr);
}

// The core asks before applying an operator in a mode other than fp64: fused operators honour every mode (the
// kernel converts at the restriction), unless the QFunction context pins the computation to fp64; operators
// applied by the ref delegate get the core's conversion (low-high) or its refusal.
int SupportsPrecision(CeedOperator op, CeedOperatorPrecision precision, bool *supported) {
  CeedCall(Prepare(op));
  GenOperatorGpu *d = nullptr;
  CeedCall(Data(op, &d));
  *supported = !d->fallback && d->precision_native;
  const bool fp32_compute = precision == CEED_PRECISION_FP32 || precision == CEED_PRECISION_HIGH_LOW;
  const CeedGpu *gpu = GetGpu(CeedOperatorReturnCeed(op));
  CeedCheck(*supported || d->fallback || !fp32_compute, CeedOperatorReturnCeed(op), CEED_ERROR_UNSUPPORTED,
            "CeedOperator precision %s computes in fp32, which %s/gen cannot do for this operator: %s; use CEED_PRECISION_LOW_HIGH or "
            "CEED_PRECISION_FP64",
            CeedOperatorPrecisions[precision], gpu ? gpu->prefix.c_str() : "/gpu", d->why_fp64.c_str());
  return CEED_ERROR_SUCCESS;
}

int Destroy(CeedOperator op) {
  GenOperatorGpu *d = nullptr;
  CeedCallBackend(CeedOperatorGetData(op, &d));
  if (!d) return CEED_ERROR_SUCCESS;
  int       ierr = CeedOperatorDestroy(&d->fallback);
  CeedGpu *gpu = GetGpu(CeedOperatorReturnCeed(op));
  if (gpu) {
    for (const void *p : d->device_data) {
      int e = DeviceRelease(CeedOperatorReturnCeed(op), *gpu, const_cast<void *>(p));
      if (!ierr) ierr = e;
    }
  }
  delete d;
  CeedCallBackend(CeedOperatorSetData(op, nullptr));
  return ierr;
}

}  // namespace

int GenOperatorCreate(CeedOperator op) {
  auto *d = new (std::nothrow) GenOperatorGpu();
  CeedCheck(d, CeedOperatorReturnCeed(op), CEED_ERROR_MAJOR, "Out of memory creating a /gpu/<vendor>/gen operator");
  CeedCallBackend(CeedOperatorSetData(op, d));
  CeedOperatorBackendOps ops{};
  ops.size     = sizeof(ops);
  ops.ApplyAdd          = ApplyAdd;
  ops.Prepare           = Prepare;
  ops.SupportsPrecision = SupportsPrecision;
  ops.Destroy           = Destroy;
  return CeedOperatorSetBackendOps(op, &ops);
}

}  // namespace ceed_gpu
