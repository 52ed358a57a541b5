// GPU backends: run-time compilation through a vendor's Compiler (NVRTC, hipRTC).
//
// This layer needs neither a GPU nor a Ceed: it turns one translation unit into code for a target, and
// on failure formats a message with the kernel names, the compiler's log and the path of the source
// written to disk for inspection. Results are cached in the process, keyed by source, options, compiler
// and target, so that every context of the process compiles a given kernel once.
#pragma once

#include <string>
#include <vector>

#include "gpu-runtime.hpp"

namespace ceed::gpu {

struct CompileRequest {
  const Compiler          *compiler = nullptr;
  std::string              source;        // the whole translation unit
  std::string              program_name;  // names the dumped source file, e.g. "qfunction-mass"
  std::vector<std::string> kernel_names;  // the kernels the unit defines (for messages)
  std::vector<std::string> options;       // compiler options except the target's
  Target                   target;
};

struct CompileResult {
  bool        ok = false;
  std::string code;         // PTX text, CUBIN or HSA code object bytes
  std::string log;          // the compiler's log (warnings on success)
  std::string source_path;  // where the source was written (on failure, or always when dump_source)
  std::string message;      // readable description of a failure
  bool        from_cache = false;
};

// The key identifying a request in the cache: source, options, compiler name and version, target.
std::string CompileKey(const CompileRequest &request);

// Compiles (or returns the cached result of an identical earlier request). With dump_source the
// source is written to disk even on success (CEED_DEBUG runs, for inspection).
CompileResult Compile(const CompileRequest &request, bool dump_source = false);

// Folder where sources of failed compilations are written: $CEEDRT_JIT_DUMP_DIR if set, else the kernel cache
// folder (one no other user can change, or the private folder of the process).
std::string DumpDirectory();

}  // namespace ceed::gpu
