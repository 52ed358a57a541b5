// /cpu/self/gen operators: one fused kernel per operator (out += G^T B^T D B G in), built on the first
// application or by CeedOperatorPrepare. Operators the generator cannot fuse (at points, H(div)/H(curl),
// curl-oriented restrictions, ...) are cloned onto the delegate /cpu/self/ref/serial context and applied
// there; CEED_DEBUG says which and why.
#include <algorithm>
#include <atomic>
#include <filesystem>
#include <new>
#include <memory>
#include <thread>
#include <utility>
#include <vector>

#include "cpu-gen-operator.hpp"

namespace ceed_cpu_gen {
namespace {

using ceed::gen::FieldDesc;

int Data(CeedOperator op, GenOperator **data) {
  CeedCallBackend(CeedOperatorGetData(op, data));
  CeedCheck(*data, CeedOperatorReturnCeed(op), CEED_ERROR_BACKEND, "CeedOperator has no /cpu/self/gen data");
  return CEED_ERROR_SUCCESS;
}

// The same operator on the delegate context, sharing QFunction, restrictions, bases and vectors.
int CreateFallback(CeedOperator op, GenOperator *d) {
  Ceed ceed = CeedOperatorReturnCeed(op), delegate = nullptr;
  CeedCallBackend(CeedGetDelegate(ceed, &delegate));
  CeedCheck(delegate, ceed, CEED_ERROR_BACKEND, "/cpu/self/gen has no delegate to run an operator it does not fuse");
  return ceed::gen::CreateDelegateOperator(op, delegate, &d->fallback);
}

// A QFunction whose source is a translation unit (a program's .c file with main) or cannot be found is
// called through its function pointer; header sources are compiled into the kernel.
// (An error, such as running out of memory, is reported rather than taken for "no": that would change the kernel.)
int SourceCanBeInlined(Ceed ceed, const std::string &path, bool *can) {
  *can = false;
  if (path.empty()) return CEED_ERROR_SUCCESS;
  const std::string ext = std::filesystem::path(path).extension().string();
  if (ext == ".c" || ext == ".cc" || ext == ".cpp" || ext == ".cxx") return CEED_ERROR_SUCCESS;
  std::error_code ec;
  if (std::filesystem::path(path).is_absolute()) {
    *can = std::filesystem::is_regular_file(path, ec);
    return CEED_ERROR_SUCCESS;
  }
  std::vector<std::string> roots;
  CeedCall(ceed::gen::CopyJitSourceRoots(ceed, &roots));
  *can = std::filesystem::is_regular_file(path, ec);
  for (size_t i = 0; i < roots.size() && !*can; i++) *can = std::filesystem::is_regular_file(std::filesystem::path(roots[i]) / path, ec);
  return CEED_ERROR_SUCCESS;
}

// Without a working compiler (HostCompiler::unavailable) only kernels found in the cache are used: *not_cached is
// set when there is none, and the operator is then applied by the delegate.
int BuildFusedKernel(Ceed ceed, CeedOperator op, GenOperator *d, const HostCompiler &compiler, size_t *scratch_bytes, bool *not_cached) {
  const auto dialect = ceed::gen::CreateCpuDialect(d->lanes);
  const std::string &path = d->desc.qf_source_path;
  ceed::gen::KernelSource source, inlined_source;
  bool                    inline_source = false, record_failure = false;
  std::string             inline_diagnostics;
  CeedCall(SourceCanBeInlined(ceed, path, &inline_source));
  if (inline_source) {
    std::string qf_source;
    CeedCallBackend(ceed::gen::LoadSourceText(ceed, path, &qf_source));
    CeedCall(ceed::gen::GenerateKernelSource(ceed, d->desc, *dialect, qf_source, &source));
    *scratch_bytes = source.scratch_bytes;
    CeedCall(LoadKernel(ceed, compiler, source.text, &d->kernel));
    if (d->kernel) return CEED_ERROR_SUCCESS;
    *not_cached = !compiler.unavailable.empty();
    if (*not_cached) return CEED_ERROR_SUCCESS;
    bool failed_before = false;
    CeedCall(KernelFailedBefore(ceed, compiler, source.text, &failed_before));
    std::string &diagnostics = inline_diagnostics;
    if (!failed_before) CeedCall(BuildKernel(ceed, compiler, source.text, false, &d->kernel, &diagnostics));
    if (d->kernel) return CEED_ERROR_SUCCESS;
    // The source does not compile as a JIT unit (e.g. host-only code): call the QFunction through its pointer.
    // The failure is recorded once the kernel without the source compiled: if that fails too, the compiler
    // itself failed (missing, broken, out of space), which says nothing about the source.
    record_failure = !failed_before;
    inlined_source = std::move(source);
    CeedCheck(d->desc.compute == CEED_SCALAR_FP64, ceed, CEED_ERROR_UNSUPPORTED,
              "/cpu/self/gen cannot compute CeedOperator in fp32: its QFunction %s (source %s) does not compile as a JIT unit and is only "
              "available compiled in fp64. %s",
              d->desc.qf_kernel_name.c_str(), path.c_str(), failed_before ? "(failure recorded in the kernel cache)" : diagnostics.c_str());
    CeedDebug(ceed, "/cpu/self/gen: QFunction source %s does not compile into a kernel; calling %s through its pointer. %s", path.c_str(),
              d->desc.qf_kernel_name.c_str(), failed_before ? "(failure recorded in the kernel cache)" : diagnostics.c_str());
  } else {
    CeedDebug(ceed, "/cpu/self/gen: QFunction %s (source \"%s\") is called through its pointer", d->desc.qf_kernel_name.c_str(), path.c_str());
  }
  CeedQFunction qf = nullptr;
  CeedCallBackend(CeedOperatorGetQFunction(op, &qf));
  CeedCallBackend(CeedQFunctionGetUserFunction(qf, &d->args.qf_user));
  CeedCall(ceed::gen::GenerateKernelSource(ceed, d->desc, *dialect, std::string(), &source));
  *scratch_bytes = source.scratch_bytes;
  std::string diagnostics;
  if (!compiler.unavailable.empty()) {
    CeedCall(LoadKernel(ceed, compiler, source.text, &d->kernel));
    *not_cached = !d->kernel;
    return CEED_ERROR_SUCCESS;
  }
  CeedCall(BuildKernel(ceed, compiler, source.text, true, &d->kernel, &diagnostics));
  if (record_failure) CeedCall(RecordKernelFailure(ceed, compiler, inlined_source.text, inline_diagnostics));
  return CEED_ERROR_SUCCESS;
}

int PrepareOnce(CeedOperator op, GenOperator *d) {
  Ceed                ceed     = CeedOperatorReturnCeed(op);
  const HostCompiler *compiler = nullptr;
  CeedCall(GetCompiler(ceed, &compiler));
  std::string why_not;
  CeedCall(ceed::gen::DescribeOperator(op, &d->desc, &why_not));
  if (why_not.empty()) {
    // Precisions: a QFunction called through its pointer exists in fp64 only, so such operators compute in
    // fp64 and the core refuses the modes that compute in fp32 (SupportsPrecision).
    CeedOperatorPrecision precision = CEED_PRECISION_FP64;
    CeedCallBackend(CeedOperatorGetPrecision(op, &precision));
    CeedCall(ceed::gen::SetFieldPrecisions(precision, &d->desc));
    if (d->desc.compute == CEED_SCALAR_FP32) {
      bool        context_ok = true, inline_source = false;
      std::string why_fp64;
      CeedCall(ceed::gen::ContextKeepsLayoutInFp32(op, &context_ok, &why_fp64));
      CeedCall(SourceCanBeInlined(ceed, d->desc.qf_source_path, &inline_source));
      if (!inline_source) why_fp64 = "its QFunction is called through its fp64 function pointer";
      if (!why_fp64.empty()) {
        CeedDebug(ceed, "/cpu/self/gen: QFunction %s computes in fp64 only: %s", d->desc.qf_kernel_name.c_str(), why_fp64.c_str());
        d->precision_native = false;
        d->why_fp64         = why_fp64;
        CeedCall(ceed::gen::SetFieldPrecisions(CEED_PRECISION_FP64, &d->desc));
      }
    }
    // A register holds twice as many fp32 lanes: fp32 kernels batch twice the elements.
    d->lanes = d->desc.compute == CEED_SCALAR_FP32 ? 2 * compiler->lanes : compiler->lanes;
  }
  if (why_not.empty() && (d->desc.num_qpts * d->lanes) % d->desc.qf_vec_length) {
    why_not = "QFunction vector length " + std::to_string(d->desc.qf_vec_length) + " does not divide the " +
              std::to_string(d->desc.num_qpts * d->lanes) + " points of a batch";
  }
  if (!why_not.empty()) {
    CeedDebug(ceed, "/cpu/self/gen: operator not fused (%s); applied by the delegate", why_not.c_str());
    CeedCall(CreateFallback(op, d));
    d->prepared = true;
    return CEED_ERROR_SUCCESS;
  }
  d->args          = CeedGenArgs{};
  d->args.num_elem = d->desc.num_elem;
  CeedCall(SetUpHostData(d));
  size_t scratch_bytes = 0;
  bool   not_cached    = false;
  CeedCall(BuildFusedKernel(ceed, op, d, *compiler, &scratch_bytes, &not_cached));
  if (not_cached) {
    CeedDebug(ceed, "/cpu/self/gen: operator not fused: its kernel is not in the cache and %s; applied by the delegate",
              compiler->unavailable.c_str());
    CeedCall(CreateFallback(op, d));
    d->prepared = true;
    return CEED_ERROR_SUCCESS;
  }
  CeedCallBackend(CeedCalloc(scratch_bytes / sizeof(CeedScalar) + 1, &d->scratch));
  int threads = 1;
  CeedCall(GetThreads(ceed, &threads));
  CeedCall(PartitionBatches(op, d, threads));
  for (size_t t = 1; t < d->thread_batches.size(); t++) {
    d->thread_scratch.push_back(nullptr);
    CeedCallBackend(CeedCalloc(scratch_bytes / sizeof(CeedScalar) + 1, &d->thread_scratch.back()));
  }
  CeedDebug(ceed, "/cpu/self/gen: operator fused (%d elements, %d points per element, %zu bytes of scratch)", d->desc.num_elem,
            d->desc.num_qpts, scratch_bytes);
  d->prepared = true;
  return CEED_ERROR_SUCCESS;
}

// The kernel on all threads at once: first each thread's chunk (head, interior, tail; see
// GenOperator::thread_batches), then every color of the batches shared more widely, split over the threads,
// a barrier between phases; then the uncolored rest on this thread. Returns the first non-zero QFunction code.
int RunThreaded(GenOperator *d, ThreadPool *pool) {
  const int                threads = (int)d->thread_batches.size();
  std::vector<CeedGenArgs> args(threads, d->args);
  std::vector<int>         codes(threads, 0);
  // Runs count batches from batches for thread t (on whichever thread calls it).
  auto run = [&](int t, const CeedInt *batches, size_t count) {
    // An empty slice must not reach the kernel: NULL batches would mean all of them.
    if (count == 0 || codes[t] != 0) return;
    args[t].scratch     = t == 0 ? d->scratch : d->thread_scratch[t - 1];
    args[t].batches     = batches;
    args[t].num_batches = (CeedInt)count;
    codes[t]            = d->kernel(&args[t]);
  };
  std::unique_ptr<std::atomic<bool>[]> head_done(new std::atomic<bool>[threads]);
  for (int t = 0; t < threads; t++) head_done[t].store(false, std::memory_order_relaxed);
  auto run_head = [&](int t) {
    run(t, d->thread_batches[t].data(), d->thread_head_tail[t].first);
    head_done[t].store(true, std::memory_order_release);
  };
  auto run_interior_and_tail = [&](int t) {
    const std::vector<CeedInt> &batches = d->thread_batches[t];
    const auto [head, tail]             = d->thread_head_tail[t];
    run(t, batches.data() + head, batches.size() - head - tail);
    if (tail == 0) return;
    // The next chunk's head is almost always done by now: its thread started with it.
    while (!head_done[t + 1].load(std::memory_order_acquire)) std::this_thread::yield();
    run(t, batches.data() + batches.size() - tail, tail);
  };
  // Phase p > 0 of thread t: its share of color p - 1.
  auto run_color = [&](int t, size_t phase) {
    const std::vector<CeedInt> &color = d->color_batches[phase - 1];
    const size_t                n = color.size(), begin = n * t / threads, end = n * (t + 1) / threads;
    run(t, color.data() + begin, end - begin);
  };
  const size_t        num_phases = 1 + d->color_batches.size();
  ThreadPool::Session session(pool);
  const int           started = std::min(session.Workers(), threads - 1);
  Barrier             barrier(1 + started);
  auto                worker = [&](int t) {
    run_head(t);
    run_interior_and_tail(t);
    barrier.Wait();
    for (size_t phase = 1; phase < num_phases; phase++) {
      run_color(t, phase);
      barrier.Wait();
    }
  };
  // Threads the pool does not have (refused by the system, or the pool busy with another application) are
  // stood in for by this one: their heads first (a worker may wait for them), then this thread's chunk, then
  // the rest of theirs; in later phases their slices run here.
  auto stand_in = [&] {
    for (int t = started + 1; t < threads; t++) run_head(t);
    run_head(0);
    run_interior_and_tail(0);
    for (int t = started + 1; t < threads; t++) run_interior_and_tail(t);
    barrier.Wait();
    for (size_t phase = 1; phase < num_phases; phase++) {
      run_color(0, phase);
      for (int t = started + 1; t < threads; t++) run_color(t, phase);
      barrier.Wait();
    }
  };
  session.Run([&](int t) {
    if (t == 0) stand_in();
    else if (t <= started) worker(t);
  });
  for (int c : codes) {
    if (c) return c;
  }
  if (d->shared_batches.empty()) return 0;
  args[0].batches     = d->shared_batches.data();
  args[0].num_batches = (CeedInt)d->shared_batches.size();
  return d->kernel(&args[0]);
}

// Back to the state of a new operator (no allocation here).
void Unprepare(GenOperator *d) {
  CeedOperatorDestroy(&d->fallback);
  CeedFree(&d->scratch);
  for (CeedScalar *&scratch : d->thread_scratch) CeedFree(&scratch);
  d->thread_scratch.clear();
  d->thread_batches.clear();
  d->thread_head_tail.clear();
  d->color_batches.clear();
  d->shared_batches.clear();
  d->why_fp64.clear();
  FreeHostData(d);
  d->desc             = ceed::gen::OperatorDesc{};
  d->kernel           = nullptr;
  d->args             = CeedGenArgs{};
  d->precision_native = true;
  d->lanes            = 1;
  d->prepared         = false;
}

// Builds everything an application needs, or nothing: a failure (a compile error, memory running out) leaves the
// operator as it was, and the next application or Prepare starts again.
int Prepare(CeedOperator op) {
  GenOperator *d = nullptr;
  CeedCall(Data(op, &d));
  if (d->prepared) return CEED_ERROR_SUCCESS;
  int ierr = CEED_ERROR_MAJOR;
  try {
    ierr = PrepareOnce(op, d);
  } catch (...) {
    Unprepare(d);
    throw;
  }
  if (ierr) Unprepare(d);
  return ierr;
}

int ApplyAdd(CeedOperator op, CeedVector in, CeedVector out, CeedRequest *) {
  CeedCall(Prepare(op));
  GenOperator *d = nullptr;
  CeedCall(Data(op, &d));
  if (d->fallback) return CeedOperatorApplyAdd(d->fallback, in, out, CEED_REQUEST_IMMEDIATE);
  Ceed ceed = CeedOperatorReturnCeed(op);

  CeedCall(RefreshInterleavedInputs(d));
  int         threads = 1;
  ThreadPool *pool    = nullptr;
  CeedCall(GetThreads(ceed, &threads, &pool));
  ceed::gen::KernelArgsBinding binding;
  int                          ierr = binding.Bind(op, d->desc, in, out, CEED_MEM_HOST, &d->args);
  int                          code = 0;
  if (!ierr) {
    d->args.scratch = d->scratch;
    // Threads only when no input is the output the threads write.
    bool output_is_input = in == out && in != CEED_VECTOR_NONE;
    for (const FieldDesc &f : d->desc.inputs) output_is_input = output_is_input || (out != CEED_VECTOR_NONE && f.vec == out);
    if (d->thread_batches.empty() || output_is_input) code = d->kernel(&d->args);
    else code = RunThreaded(d, pool);
  }
  CeedCallBackend(binding.Release(ierr));
  if (code) {
    CeedQFunction qf   = nullptr;
    const char   *name = nullptr;
    CeedOperatorGetQFunction(op, &qf);
    CeedQFunctionGetName(qf, &name);
    return CeedError(ceed, code, "User function of CeedQFunction %s returned error code %d", name ? name : "", code);
  }
  return CEED_ERROR_SUCCESS;
}

int SupportsPrecision(CeedOperator op, CeedOperatorPrecision precision, bool *supported) {
  CeedCall(Prepare(op));
  GenOperator *d = nullptr;
  CeedCall(Data(op, &d));
  *supported = !d->fallback && d->precision_native;
  // A fused operator that must compute in fp64 says why itself (the core's refusal cannot know).
  const bool fp32_compute = precision == CEED_PRECISION_FP32 || precision == CEED_PRECISION_HIGH_LOW;
  CeedCheck(*supported || d->fallback || !fp32_compute, CeedOperatorReturnCeed(op), CEED_ERROR_UNSUPPORTED,
            "CeedOperator precision %s computes in fp32, which /cpu/self/gen cannot do for this operator: %s; use CEED_PRECISION_LOW_HIGH "
            "or CEED_PRECISION_FP64",
            CeedOperatorPrecisions[precision], d->why_fp64.c_str());
  return CEED_ERROR_SUCCESS;
}

int Destroy(CeedOperator op) {
  GenOperator *d = nullptr;
  CeedCallBackend(CeedOperatorGetData(op, &d));
  if (!d) return CEED_ERROR_SUCCESS;
  int ierr = CeedOperatorDestroy(&d->fallback);
  Unprepare(d);
  delete d;
  CeedCallBackend(CeedOperatorSetData(op, nullptr));
  return ierr;
}

}  // namespace

int OperatorCreate(CeedOperator op) {
  auto *d = new (std::nothrow) GenOperator();
  CeedCheck(d, CeedOperatorReturnCeed(op), CEED_ERROR_MAJOR, "Out of memory creating a /cpu/self/gen operator");
  CeedCallBackend(CeedOperatorSetData(op, d));
  CeedOperatorBackendOps ops{};
  ops.size     = sizeof(ops);
  ops.ApplyAdd = ApplyAdd;
  ops.Prepare  = Prepare;
  ops.Destroy  = Destroy;
  ops.SupportsPrecision = SupportsPrecision;
  return CeedOperatorSetBackendOps(op, &ops);
}

}  // namespace ceed_cpu_gen
