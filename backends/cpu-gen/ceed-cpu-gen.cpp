// /cpu/self/gen: plugin entry point and context initialisation. Without a working C++ compiler the context
// is created only when the compiler's kernels are in the cache (it was seen working before): those are used,
// other operators go to the delegate. Otherwise CeedInit fails with a message naming the compiler (policy
// documented in docs/backends.md); /cpu/self/ref needs no compiler.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <new>
#include <utility>

#include "ceed-cpu-gen.hpp"
#include "ceed-gen.hpp"

namespace ceed::cpu_gen {

int GetCompiler(Ceed ceed, const HostCompiler **compiler) {
  struct Context *data = nullptr;
  CeedCallBackend(CeedGetData(ceed, &data));
  CeedCheck(data, ceed, CEED_ERROR_BACKEND, "Context is not a /cpu/self/gen context");
  *compiler = &data->compiler;
  return CEED_ERROR_SUCCESS;
}

int GetThreads(Ceed ceed, int *threads, ThreadPool **pool) {
  struct Context *data = nullptr;
  CeedCallBackend(CeedGetData(ceed, &data));
  CeedCheck(data, ceed, CEED_ERROR_BACKEND, "Context is not a /cpu/self/gen context");
  *threads = data->threads;
  if (pool) *pool = data->pool.get();
  return CEED_ERROR_SUCCESS;
}

static int Destroy(Ceed ceed) {
  struct Context *data = nullptr;
  CeedCall(CeedGetData(ceed, &data));
  if (data) ThreadPool::Dispose(std::move(data->pool));
  delete data;
  return CeedSetData(ceed, nullptr);
}

// Told once per process on stderr (CEEDRT_QUIET=1 silences it, as the library's own notices): operators whose
// kernel is not cached are slower than the user expects from /cpu/self/gen.
static void TellCompilerUnavailable(const HostCompiler &compiler) {
  static std::once_flag told;
  const char           *quiet = std::getenv("CEEDRT_QUIET");
  if (quiet && *quiet && std::strcmp(quiet, "0") != 0) return;
  std::call_once(told, [&compiler] {
    std::fprintf(stderr,
                 "ceedrt: /cpu/self/gen runs the kernels of its cache only, because %s; operators whose kernel is not cached are applied by "
                 "/cpu/self/ref/serial. Fix: install a C++17 compiler or point CEEDRT_JIT_CXX at one (CEEDRT_QUIET=1 silences this notice)\n",
                 compiler.unavailable.c_str());
  });
}

static int Init(const char *resource, Ceed ceed) {
  // Resource option lanes=2|4|8 overrides the batch width chosen for this CPU.
  char value[16] = {0};
  bool found     = false;
  CeedCallBackend(CeedGetResourceOption(ceed, "lanes", value, sizeof(value), &found));
  int lanes = 0;
  if (found) {
    lanes = std::atoi(value);
    CeedCheck(lanes == 2 || lanes == 4 || lanes == 8, ceed, CEED_ERROR_INCOMPATIBLE, "Resource %s: lanes must be 2, 4 or 8, got '%s'", resource,
              value);
  }
  // Resource option threads=N (1..256, default 1 so that MPI ranks are not oversubscribed).
  int threads = 1;
  CeedCallBackend(CeedGetResourceOption(ceed, "threads", value, sizeof(value), &found));
  if (found) {
    char *end = nullptr;
    const long n = std::strtol(value, &end, 10);
    CeedCheck(end != value && *end == '\0' && n >= 1 && n <= 256, ceed, CEED_ERROR_INCOMPATIBLE,
              "Resource %s: threads must be an integer from 1 to 256, got '%s'", resource, value);
    threads = (int)n;
  }
  std::unique_ptr<struct Context> data(new (std::nothrow) struct Context());
  CeedCheck(data, ceed, CEED_ERROR_MAJOR, "Out of memory initialising %s", resource);
  data->threads = threads;
  if (threads > 1) {
    data->pool.reset(new (std::nothrow) ThreadPool(threads));
    CeedCheck(data->pool, ceed, CEED_ERROR_MAJOR, "Out of memory initialising %s", resource);
  }
  CeedCall(FindHostCompiler(ceed, lanes, &data->compiler));
  if (!data->compiler.unavailable.empty()) TellCompilerUnavailable(data->compiler);
  CeedCallBackend(CeedSetData(ceed, data.release()));
  CeedCallBackend(CeedSetDeterministic(ceed, true));
  CeedBackendOps ops{};
  ops.size           = sizeof(ops);
  ops.Destroy        = Destroy;
  ops.OperatorCreate = OperatorCreate;
  CeedCallBackend(CeedSetBackendOps(ceed, &ops));
  // The helper operators of assembly (QFunction-assembly probes, applied a few times each) run on the reference
  // backend: a fused kernel compiled per probe cost about 0.3 s of host compiler each (t530 without the kernel cache:
  // 4.9 s and 11 compiles, 1.5 s and 4 with the fallback).
  Ceed fallback = nullptr;
  CeedCall(ceed::gen::InitHelperContext(ceed, "/cpu/self/ref/serial", &fallback));
  const int ierr = CeedSetOperatorFallbackCeed(ceed, fallback);
  CeedCall(CeedDestroy(&fallback));
  return ierr;
}

}  // namespace ceed::cpu_gen

extern "C" __attribute__((visibility("default"))) const CeedBackendPlugin *CeedBackendPluginCpuGen(void) {
  static const CeedBackendPlugin plugin = {CEED_BACKEND_ABI_VERSION, "cpu-gen", ceed::cpu_gen::Init};
  return &plugin;
}
