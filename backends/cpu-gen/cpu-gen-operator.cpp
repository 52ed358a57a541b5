// /cpu/self/gen operators: one fused kernel per operator (out += G^T B^T D B G in) through the shared lifecycle
// (backends/gen-common/gen-operator.hpp). Operators the generator cannot fuse (at points, H(div)/H(curl),
// curl-oriented restrictions, ...) are cloned onto the delegate /cpu/self/ref/serial context and applied there.
#include <algorithm>
#include <atomic>
#include <filesystem>
#include <new>
#include <memory>
#include <thread>
#include <utility>
#include <vector>

#include "cpu-gen-operator.hpp"

namespace ceed::cpu_gen {
namespace {

using ceed::gen::FieldDesc;

// A QFunction whose source is a translation unit (a program's .c file with main) or cannot be found is
// called through its function pointer; header sources are compiled into the kernel. So is a Fortran
// subroutine: its source names the C twin that GPU backends compile, which may compute otherwise, and
// CPU backends run the subroutine (as libCEED's do, and as the QFunction-assembly probes on the
// /cpu/self/ref/serial fallback do).
// (An error, such as running out of memory, is reported rather than taken for "no": that would change the kernel.)
int SourceCanBeInlined(CeedOperator op, const std::string &path, bool *can) {
  *can = false;
  if (path.empty()) return CEED_ERROR_SUCCESS;
  Ceed          ceed       = CeedOperatorReturnCeed(op);
  CeedQFunction qf         = nullptr;
  bool          is_fortran = false;
  CeedCallBackend(CeedOperatorGetQFunction(op, &qf));
  CeedCallBackend(CeedQFunctionGetFortranStatus(qf, &is_fortran));
  if (is_fortran) return CEED_ERROR_SUCCESS;
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
  CeedCall(SourceCanBeInlined(op, path, &inline_source));
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

}  // namespace

int GenOperator::WhyFp64Only(CeedOperator op, std::string *why) {
  // A QFunction called through its pointer exists in fp64 only.
  bool inline_source = false;
  CeedCall(SourceCanBeInlined(op, desc.qf_source_path, &inline_source));
  *why = inline_source ? "" : "its QFunction is called through its fp64 function pointer";
  return CEED_ERROR_SUCCESS;
}

int GenOperator::Build(CeedOperator op, std::string *why_not) {
  Ceed                ceed     = CeedOperatorReturnCeed(op);
  const HostCompiler *compiler = nullptr;
  CeedCall(GetCompiler(ceed, &compiler));
  CeedCall(ChoosePrecisions(op));
  // A register holds twice as many fp32 lanes: fp32 kernels batch twice the elements.
  lanes = desc.compute == CEED_SCALAR_FP32 ? 2 * compiler->lanes : compiler->lanes;
  if ((desc.num_qpts * lanes) % desc.qf_vec_length) {
    *why_not = "QFunction vector length " + std::to_string(desc.qf_vec_length) + " does not divide the " + std::to_string(desc.num_qpts * lanes) +
               " points of a batch";
    return CEED_ERROR_SUCCESS;
  }
  args          = CeedGenArgs{};
  args.num_elem = desc.num_elem;
  CeedCall(SetUpHostData(this));
  size_t scratch_bytes = 0;
  bool   not_cached    = false;
  CeedCall(BuildFusedKernel(ceed, op, this, *compiler, &scratch_bytes, &not_cached));
  // Without a working compiler (HostCompiler::unavailable) only kernels found in the cache are used.
  if (not_cached) {
    *why_not = "its kernel is not in the cache and " + compiler->unavailable;
    return CEED_ERROR_SUCCESS;
  }
  CeedCallBackend(CeedCalloc(scratch_bytes / sizeof(CeedScalar) + 1, &scratch));
  int threads = 1;
  CeedCall(GetThreads(ceed, &threads));
  CeedCall(PartitionBatches(op, this, threads));
  for (size_t t = 1; t < thread_batches.size(); t++) {
    thread_scratch.push_back(nullptr);
    CeedCallBackend(CeedCalloc(scratch_bytes / sizeof(CeedScalar) + 1, &thread_scratch.back()));
  }
  CeedDebug(ceed, "/cpu/self/gen: operator fused (%d elements, %d points per element, %zu bytes of scratch)", desc.num_elem, desc.num_qpts,
            scratch_bytes);
  return CEED_ERROR_SUCCESS;
}

int GenOperator::Launch(CeedOperator op, CeedVector in, CeedVector out) {
  Ceed ceed = CeedOperatorReturnCeed(op);
  CeedCall(RefreshInterleavedInputs(this));
  int         threads = 1;
  ThreadPool *pool    = nullptr;
  CeedCall(GetThreads(ceed, &threads, &pool));
  ceed::gen::KernelArgsBinding binding;
  int                          ierr = binding.Bind(op, desc, in, out, CEED_MEM_HOST, &args);
  int                          code = 0;
  if (!ierr) {
    args.scratch = scratch;
    // Threads only when no input is the output the threads write.
    bool output_is_input = in == out && in != CEED_VECTOR_NONE;
    for (const FieldDesc &f : desc.inputs) output_is_input = output_is_input || (out != CEED_VECTOR_NONE && f.vec == out);
    if (thread_batches.empty() || output_is_input) code = kernel(&args);
    else code = RunThreaded(this, pool);
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

int GenOperator::ReleaseBuild(CeedOperator) {
  CeedFree(&scratch);
  for (CeedScalar *&s : thread_scratch) CeedFree(&s);
  thread_scratch.clear();
  thread_batches.clear();
  thread_head_tail.clear();
  color_batches.clear();
  shared_batches.clear();
  FreeHostData(this);
  kernel = nullptr;
  args   = CeedGenArgs{};
  lanes  = 1;
  return CEED_ERROR_SUCCESS;
}

int OperatorCreate(CeedOperator op) { return ceed::gen::CreateFusedOperator<GenOperator>(op, "/cpu/self/gen"); }

}  // namespace ceed::cpu_gen
