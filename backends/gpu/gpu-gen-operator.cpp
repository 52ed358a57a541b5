// /gpu/<vendor>/gen operators: one fused kernel per operator (out += G^T B^T D B G in) from the shared
// generator's gpu dialect, through the shared lifecycle (backends/gen-common/gen-operator.hpp). E- and Q-vectors
// never reach global memory: each element's values live in the registers of its threads. Operators the
// generator or the dialect cannot fuse (composite, at points, H(div)/H(curl), mixed basis shapes, a
// QFunction without loadable source or with a vector length above 1, more shared memory than the device
// offers) are cloned onto the delegate /gpu/<vendor>/ref context; CEED_DEBUG says which and why.
//
// The compiled kernel (CUBIN for the device's own architecture, or PTX) is kept in the persistent kernel
// cache, keyed by the generated source, the NVRTC options, NVRTC's version, the target architecture and
// code kind. Host data follows jit/gen/gpu: restriction offsets as given ([elem][node]), 1D
// matrices as given, the collocated derivative for gradients taken at the points, weights expanded.
#include <algorithm>
#include <cstdio>
#include <map>
#include <new>

#include "ceed-gpu.hpp"
#include "ceed-gen-args.h"
#include "ceed-gen.hpp"
#include "gen-operator.hpp"
#include "gpu-kernel-resources.hpp"
#include "gpu-occupancy.hpp"

namespace ceed::gpu {
namespace {

using ceed::gen::BasisKind;
using ceed::gen::FieldDesc;
using ceed::gen::RestrictionKind;

// The shared lifecycle with the kernel compiled for the device (or loaded from the kernel cache) and launched there.
struct GenOperatorGpu final : ceed::gen::FusedOperator {
  std::string BackendName(Ceed ceed) const override { return Prefix(ceed) + "/gen"; }
  std::string DelegateName(Ceed ceed) const override { return Prefix(ceed) + "/ref"; }
  int         Build(CeedOperator op, std::string *why_not) override;
  int         Launch(CeedOperator op, CeedVector in, CeedVector out) override;
  int         ReleaseBuild(CeedOperator op) override;

  static std::string Prefix(Ceed ceed) {
    const CeedGpu *gpu = GetGpu(ceed);
    return gpu ? gpu->prefix : "/gpu";
  }

  ceed::gen::ThreadLayout                       layout;
  Function                                    kernel = nullptr;
  CeedGenArgs                                   args{};
  std::map<CeedElemRestriction, const CeedInt *> indices;
  std::map<CeedElemRestriction, const bool *>    orients;
  std::vector<const void *>                     device_data;  // owned uploads (matrices, indices, orientations)
  unsigned                                      block = 0, grid = 0, shared_bytes = 0;
  unsigned long long                            error_source = 0;  // source id of the kernel's QFunction error records
};

// Bytes of one CeedScalar of the kernel (the compute precision).
size_t ComputeScalarBytes(const ceed::gen::OperatorDesc &desc) { return desc.compute == CEED_SCALAR_FP32 ? sizeof(float) : sizeof(double); }

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

// Compiles source for the device (or loads it from the kernel cache, or takes *compiled, source's code that tuning
// its launch bounds produced) and returns its kernel.
int LoadKernel(Ceed ceed, CeedGpu &gpu, const std::string &source, const std::string *compiled, Function *kernel) {
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
    } else if (compiled) {
      CeedDebug(ceed, "%s/gen: compiled the fused kernel for %s while choosing its launch bounds", gpu.prefix.c_str(), request.target.name.c_str());
      code = *compiled;
      CeedCallBackend(CeedKernelCacheStoreBytes(ceed, key, ext, code.data(), code.size(), nullptr));
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
  const auto              dialect = ceed::gen::CreateGpuDialect(layout, gpu.rt->Family(), DialectOptions(gpu.rt->KernelCaps(gpu.target)));
  ceed::gen::KernelSource source;
  CeedCall(ceed::gen::GenerateKernelSource(ceed, desc, *dialect, qf_source, &source));
  *text = std::move(source.text);
  return CEED_ERROR_SUCCESS;
}

// Launch bounds from the computed occupancy (BuildFusedKernel with tuning, as ceed-info --kernels --tune) for CUDA
// kernels without the user's :min_blocks=N, on an architecture the occupancy model knows, compiled to the device's own
// architecture (a CUBIN target): ptxas's report of the kernel as generated, then at most kMaxTuningCompiles
// recompiles. The choice is kept in the kernel cache under the untuned source, so a later Prepare of the same kernel
// compiles nothing. *source becomes the chosen one (what the kernel cache keys the compiled kernel on) and *code the
// chosen kernel's measured code when tuning ran here (empty when the choice came from the cache, which then holds
// the code too). A failed tuning compile keeps the generated bounds.
int TuneLaunchBoundsFromOccupancy(Ceed ceed, const CeedGpu &gpu, GenOperatorGpu *d, const std::string &qf_source, std::string *source,
                                  std::string *code) {
  SmLimits limits;
  code->clear();
  if (d->layout.fixed_block || gpu.min_blocks > 0 || !gpu.rt->Caps().reports_kernel_resources || gpu.target.name != gpu.info.arch ||
      !SmLimitsFor(gpu.info.arch, &limits)) {
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
    std::string error;
    auto        generate = [&](const ceed::gen::ThreadLayout &layout, std::string *text) {
      if (!GenerateSource(ceed, gpu, d->desc, layout, qf_source, text)) return true;
      error = "the kernel with launch bounds (" + std::to_string(layout.max_block) + ", " + std::to_string(layout.min_blocks) + ") could not be generated";
      return false;
    };
    FusedKernelBuild build;
    if (!BuildFusedKernel(compiler, options, *source, d->desc, d->layout, gpu.info.arch, true, generate, &build, &error)) {
      CeedDebug(ceed, "%s/gen: launch bounds not tuned (%s); compiled with (%d, %d)", gpu.prefix.c_str(), error.c_str(), first.max_block, first.min_blocks);
      return CEED_ERROR_SUCCESS;
    }
    bounds                 = build.bounds;
    *code                  = std::move(build.code);
    const std::string text = std::to_string(bounds.max_block) + " " + std::to_string(bounds.min_blocks);
    CeedCallBackend(CeedKernelCacheStoreBytes(ceed, key, "bounds", text.data(), text.size(), nullptr));
    CeedDebug(ceed,
              "%s/gen: launch bounds (%d, %d) from the occupancy on %s: %d registers, %d threads per block, occupancy %.3f (%d compiles with "
              "ptxas's report, %.3f s)",
              gpu.prefix.c_str(), bounds.max_block, bounds.min_blocks, gpu.info.arch.c_str(), build.resources.registers, build.resources.threads,
              build.resources.occupancy, build.compiles, build.seconds);
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
  if (const int n = d->desc.gpu.block_elements; n > 0) {
    // CEED_GEN_BLOCK_ELEMENTS: the caller's block (to reproduce another device's launch, e.g. on /gpu/emu).
    CeedCheck(!d->layout.fixed_block, ceed, CEED_ERROR_INCOMPATIBLE,
              "JIT define CEED_GEN_BLOCK_ELEMENTS=%d: %s/gen compiles its kernels for fixed blocks of %d threads", n, gpu.prefix.c_str(),
              d->layout.max_block);
    CeedCheck(n * tpe <= d->layout.max_block, ceed, CEED_ERROR_INCOMPATIBLE,
              "JIT define CEED_GEN_BLOCK_ELEMENTS=%d: %d elements of %d threads exceed the kernel's launch bound of %d threads", n, n, tpe,
              d->layout.max_block);
    CeedCheck((size_t)n * elem_shared_bytes <= (size_t)gpu.info.max_shared_optin, ceed, CEED_ERROR_INCOMPATIBLE,
              "JIT define CEED_GEN_BLOCK_ELEMENTS=%d: %d elements need %zu bytes of shared memory, the device offers %d", n, n,
              (size_t)n * elem_shared_bytes, gpu.info.max_shared_optin);
    d->block        = (unsigned)(n * tpe);
    d->shared_bytes = (unsigned)(n * elem_shared_bytes);
    if (d->shared_bytes > (unsigned)gpu.info.max_shared_default) CeedCallGpu(ceed, gpu, gpu.rt->SetMaxDynamicShared(d->kernel, (int)d->shared_bytes));
    d->grid = (unsigned)((d->desc.num_elem + n - 1) / n);
    return CEED_ERROR_SUCCESS;
  }
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
    ceed::gpu::BlockChoice choice;
    CeedCall(ceed::gpu::ChooseElementBlock(tpe, d->layout.max_block, elem_shared_bytes, gpu.info.max_shared_optin, resident, &choice));
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

}  // namespace

int GenOperatorGpu::Build(CeedOperator op, std::string *why_not) {
  Ceed     ceed = CeedOperatorReturnCeed(op);
  CeedGpu *gpu  = nullptr;
  CeedCall(Activate(ceed, &gpu));
  CeedCall(ceed::gen::ReadGpuSwitches(ceed, gpu->rt->KernelCaps(gpu->target).rolled_slice_loops, &desc));
  // The precisions first: a fixed block (HIP) holds as many elements as their shared memory in the compute precision allows.
  CeedCall(ChoosePrecisions(op));
  ceed::gen::ReadPassiveInputsInComputePrecision(&desc);
  layout            = ceed::gen::ChooseThreadLayout(desc, gpu->target.fixed_ref_block ? gpu->target.wavefront : 0, why_not);
  layout.min_blocks = std::max(1, gpu->min_blocks);
  if (!why_not->empty()) return CEED_ERROR_SUCCESS;
  std::string qf_source;
  *why_not = GpuLimits(ceed, desc, layout, *gpu, &qf_source);
  if (!why_not->empty()) return CEED_ERROR_SUCCESS;
  args          = CeedGenArgs{};
  args.num_elem = desc.num_elem;
  for (size_t i = 0; i < desc.inputs.size(); i++) CeedCall(SetUpField(ceed, *gpu, this, desc.inputs[i], &args.inputs[i]));
  for (size_t i = 0; i < desc.outputs.size(); i++) CeedCall(SetUpField(ceed, *gpu, this, desc.outputs[i], &args.outputs[i]));
  std::string source;
  CeedCall(GenerateSource(ceed, *gpu, desc, layout, qf_source, &source));
  std::string code;
  CeedCall(TuneLaunchBoundsFromOccupancy(ceed, *gpu, this, qf_source, &source, &code));
  CeedCall(LoadKernel(ceed, *gpu, source, code.empty() ? nullptr : &code, &kernel));
  CeedQFunction qf      = nullptr;
  const char   *qf_name = nullptr;
  CeedCallBackend(CeedOperatorGetQFunction(op, &qf));
  CeedCallBackend(CeedQFunctionGetName(qf, &qf_name));
  error_source = QFunctionErrorSource(*gpu, std::string("CeedQFunction ") + (qf_name && qf_name[0] ? qf_name : desc.qf_kernel_name.c_str()) +
                                                " (fused " + gpu->prefix + "/gen operator kernel)");
  CeedCall(ChooseLaunch(ceed, *gpu, this));
  if (!block) {
    *why_not = "no block of whole elements fits on the device (occupancy 0)";
    return CEED_ERROR_SUCCESS;
  }
  CeedDebug(ceed, "%s/gen: operator fused (%d elements, %d points per element, %d threads per element, blocks of %u threads, %u bytes of shared memory)",
            gpu->prefix.c_str(), desc.num_elem, desc.num_qpts, layout.threads_per_elem, block, shared_bytes);
  return CEED_ERROR_SUCCESS;
}

int GenOperatorGpu::Launch(CeedOperator op, CeedVector in, CeedVector out) {
  Ceed     ceed = CeedOperatorReturnCeed(op);
  CeedGpu *gpu  = nullptr;
  CeedCall(Activate(ceed, &gpu));
  // No synchronization: a non-zero QFunction return of an earlier application shows in the host-mapped
  // record (or at the next synchronization point, see ReportQFunctionErrors).
  CeedCall(ReportQFunctionErrors(ceed, *gpu, false, "the next operator application"));
  ceed::gen::KernelArgsBinding binding;
  int                          ierr = binding.Bind(op, desc, in, out, CEED_MEM_DEVICE, &args);
  if (!ierr) {
    CeedGpuQFunctionError error       = QFunctionErrorArgument(*gpu, error_source);
    void                  *arg_list[] = {&args, &error};
    ierr                              = ceed::gpu::Launch(ceed, *gpu, kernel, grid, block, shared_bytes, arg_list);
    if (!ierr) ierr = QFunctionErrorsAfterLaunch(ceed, *gpu, false);
  }
  return binding.Release(ierr);
}

int GenOperatorGpu::ReleaseBuild(CeedOperator op) {
  int      ierr = CEED_ERROR_SUCCESS;
  CeedGpu *gpu  = GetGpu(CeedOperatorReturnCeed(op));
  if (gpu) {
    for (const void *p : device_data) {
      int e = DeviceRelease(CeedOperatorReturnCeed(op), *gpu, const_cast<void *>(p));
      if (!ierr) ierr = e;
    }
  }
  device_data.clear();
  indices.clear();
  orients.clear();
  layout       = ceed::gen::ThreadLayout{};
  kernel       = nullptr;
  args         = CeedGenArgs{};
  block        = 0;
  grid         = 0;
  shared_bytes = 0;
  error_source = 0;
  return ierr;
}

int GenOperatorCreate(CeedOperator op) { return ceed::gen::CreateFusedOperator<GenOperatorGpu>(op, "/gpu/<vendor>/gen"); }

}  // namespace ceed::gpu
