// ceed-info: what a ceedrt installation offers on this machine. Each section is gathered as JSON (printed
// as is with --json) and rendered as text otherwise.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace info {

using Json = nlohmann::ordered_json;

// Version, build configuration, library path and plugin search path.
Json LibrarySection();

// Every discovered plugin manifest (file, name, library, ABI version, resources with priorities, load status
// or the reason it is unusable), resources registered in process, and what the default resources resolve
// to. try_init: also create a context for every resource, which runs the backend's init (a GPU backend
// without a driver fails there).
Json PluginsSection(bool try_init);

// GPU drivers and devices (CUDA driver API and HIP runtime, loaded with dlopen), and which GPU resources
// are usable.
Json DevicesSection(const Json &plugins);

// JIT compilers found on the machine, the JIT backends (plugins whose manifest declares "jit") and their
// kernel caches.
Json JitSection(const Json &plugins);

// --kernels: the fused GPU kernels of the bake-off problems compiled for each target without a GPU, with
// their registers, spills, shared memory and theoretical occupancy (kernels.cpp). Returns the exit status.
struct KernelReportOptions {
  std::vector<std::string> targets  = {"sm_90"};
  std::vector<std::string> problems = {"bp1", "bp2", "bp3", "bp4", "bp5", "bp6"};
  std::vector<int>         degrees  = {1, 2, 3, 4, 5, 6, 7, 8};
  std::vector<std::string> kernels  = {"apply", "setup"};
  std::string              precision = "fp64";  // the operators' precision mode (CeedOperatorPrecisions: fp64, fp32, low-high, high-low)
  int                      min_blocks = 0;    // the launch bound's minimum blocks instead of the generator's choice (0)
  std::vector<std::string> jit_defines;       // NAME=VALUE, as CeedAddJitDefine gives them to the gen backends (GpuSwitches)
  bool                     tune     = false;  // launch bounds from the computed occupancy (TuneLaunchBounds)
  bool                     json     = false;  // one JSON object per kernel and line
  std::string              source_dir;        // where to write each kernel's source, or empty
};
int PrintKernelReport(const KernelReportOptions &options);

// message without the library's source locations ("../src/core/ceed.cpp:148 in CeedInit(): "), unless CEED_DEBUG
// is set: a user reads the reason, a developer also where it was raised.
std::string WithoutSourceLocations(const std::string &message);

// Leading ~ and $VAR / ${VAR} expanded.
std::string ExpandPath(const std::string &path);

}  // namespace info
