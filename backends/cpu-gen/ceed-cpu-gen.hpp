// /cpu/self/gen: fused operator kernels from the shared generator (backends/gen-common), compiled by the
// host C++ compiler, kept in the kernel cache and loaded with dlopen. Everything it does not fuse runs on
// its delegate, /cpu/self/ref/serial.
#pragma once

#include <ceed.h>
#include <ceed/backend.h>

#include <memory>
#include <string>
#include <vector>

#include "ceed-gen-args.h"
#include "cpu-gen-threads.hpp"

namespace ceed::cpu_gen {

// The compiler kernels are built with, chosen when a context is created.
struct HostCompiler {
  std::string              path;      // CEEDRT_JIT_CXX or the compiler found at configure time
  std::string              identity;  // path and `--version` banner (part of every cache key)
  std::vector<std::string> flags;     // optimisation and ISA flags for this CPU, then CEEDRT_JIT_CXXFLAGS
  std::string              target;    // CPU brand and features the flags were chosen for
  int                      lanes = 2; // doubles per SIMD register used for element batches
  std::string              unavailable;  // why the compiler does not run now ("" when it does): only cached kernels load
};

struct Context {
  HostCompiler compiler;
  int                         threads = 1;  // resource option threads=N: element batches of one application split over N threads
  std::unique_ptr<ThreadPool> pool;         // its workers, when N > 1
};

// Finds and probes the compiler; fails with a message naming it when it cannot run. lanes_request
// (0: best for this CPU) forces 2, 4 or 8 lanes.
int FindHostCompiler(Ceed ceed, int lanes_request, HostCompiler *compiler);

// Loads the kernel of source when it is already loaded or in the kernel cache; *kernel is NULL otherwise.
int LoadKernel(Ceed ceed, const HostCompiler &compiler, const std::string &source, CeedGenKernel *kernel);

// Loads or builds (and stores in the kernel cache) the kernel of source. On a compile failure *diagnostics
// receives the compiler output and the kept source's path; the error is raised only when report_failure is set.
int BuildKernel(Ceed ceed, const HostCompiler &compiler, const std::string &source, bool report_failure, CeedGenKernel *kernel,
                std::string *diagnostics);

// Whether a previous build of source failed (recorded in the cache), and recording such a failure.
int KernelFailedBefore(Ceed ceed, const HostCompiler &compiler, const std::string &source, bool *failed);
int RecordKernelFailure(Ceed ceed, const HostCompiler &compiler, const std::string &source, const std::string &diagnostics);

// The compiler, the thread count and the workers (NULL for one thread) of a /cpu/self/gen context.
int GetCompiler(Ceed ceed, const HostCompiler **compiler);
int GetThreads(Ceed ceed, int *threads, ThreadPool **pool = nullptr);
int OperatorCreate(CeedOperator op);

}  // namespace ceed::cpu_gen
