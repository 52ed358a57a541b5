// The host C++ compiler of everything compiled at run time on the host (/cpu/self/gen's kernels, the /gpu/emu
// units): which compiler, whether it runs, and compiling one source file into a loadable library.
#include <chrono>
#include <cstdlib>

#include "ceed-gen.hpp"

#ifndef CEEDRT_JIT_CXX_DEFAULT
#error "CEEDRT_JIT_CXX_DEFAULT (the C++ compiler found at configure time) must be defined"
#endif

namespace ceed::gen {

std::string HostCompilerPath() {
  const char *env = std::getenv("CEEDRT_JIT_CXX");
  return env && *env ? env : CEEDRT_JIT_CXX_DEFAULT;
}

bool ProbeHostCompiler(const std::string &path, std::string *banner, std::string *why) {
  std::string output;
  int         status = -1;
  const bool  ran    = RunCommand({path, "--version"}, &output, &status);
  // Only the first line of what it printed: a program that is no compiler prints its whole help or licence.
  *banner = output.substr(0, output.find('\n'));
  why->clear();
  if (!ran) *why = output;
  else if (status != 0) *why = "it exited with status " + std::to_string(status) + (banner->empty() ? "" : " after printing \"" + *banner + "\"");
  else if (banner->empty()) *why = "it printed no version";
  return why->empty();
}

HostCompilation CompileLoadableLibrary(const std::string &compiler, const std::vector<std::string> &flags, const std::string &source_path,
                                       const std::string &output_path) {
  HostCompilation          result;
  std::vector<std::string> argv = {compiler};
  argv.insert(argv.end(), flags.begin(), flags.end());
  argv.insert(argv.end(), {"-o", output_path, source_path});
  for (const std::string &a : argv) result.command += (result.command.empty() ? "" : " ") + a;
  const auto start = std::chrono::steady_clock::now();
  result.ran       = RunCommand(argv, &result.output, &result.exit_status);
  result.seconds   = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

}  // namespace ceed::gen
