// CUDA backend: run-time compilation with NVRTC.
//
// This layer needs neither a GPU nor a Ceed: it turns one translation unit into PTX or a CUBIN for a
// given architecture, and on failure formats a message with the kernel names, NVRTC's log and the path
// of the source written to disk for inspection. Results are cached in the process, keyed by source,
// options, NVRTC version, architecture and code kind, so that every context of the process compiles
// a given kernel once.
#pragma once

#include <string>
#include <vector>

namespace ceed_cuda {

enum class CodeKind { kPtx, kCubin };

struct CompileRequest {
  std::string              source;        // the whole translation unit
  std::string              program_name;  // names the dumped source file, e.g. "qfunction-mass"
  std::vector<std::string> kernel_names;  // the kernels the unit defines (for messages)
  std::vector<std::string> options;       // NVRTC options except the architecture
  int                      arch = 0;      // compute capability as major*10 + minor, e.g. 90
  CodeKind                 kind = CodeKind::kCubin;
};

struct CompileResult {
  bool        ok = false;
  std::string code;         // PTX text or CUBIN bytes
  std::string log;          // NVRTC's log (warnings on success)
  std::string source_path;  // where the source was written (on failure, or always when dump_source)
  std::string message;      // readable description of a failure
  bool        from_cache = false;
};

// The key identifying a request in the cache: source, options, NVRTC version, architecture, code kind.
std::string CompileKey(const CompileRequest &request);

// Compiles (or returns the cached result of an identical earlier request). With dump_source the
// source is written to disk even on success (CEED_DEBUG runs, for inspection).
CompileResult Compile(const CompileRequest &request, bool dump_source = false);

// NVRTC's version as major*1000 + minor*10 (e.g. 13000) and the architectures it can target.
int              NvrtcVersion();
std::vector<int> NvrtcSupportedArchs();

// The target for a device of compute capability device_arch: its own architecture as a CUBIN when
// NVRTC supports it, otherwise PTX for the newest supported architecture below it (the driver
// finishes the compilation). Returns false when NVRTC supports nothing at or below the device.
bool ChooseTarget(int device_arch, int *arch, CodeKind *kind);

// The options every JIT unit of the backend gets (spec 01 §6): the JIT-pass macro, the device
// spellings of int32_t, C++17 and device code by default.
std::vector<std::string> BaseOptions();

// Folder where sources of failed compilations are written: $CEEDRT_JIT_DUMP_DIR if set, else the kernel cache
// folder (one no other user can change, or the private folder of the process).
std::string DumpDirectory();

}  // namespace ceed_cuda
