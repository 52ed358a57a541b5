// ceed-info: the ceedrt library, its backend plugins (and why an unusable one is unusable), the default
// resources, GPU devices, JIT compilers and kernel caches.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "../common/tool-common.hpp"
#include "info.hpp"

namespace info {

namespace {

// Text of a value; continuation lines of multi-line messages are indented under the first.
std::string Str(const Json &j) {
  std::string text = j.is_string() ? j.get<std::string>() : j.dump();
  for (size_t pos = text.find('\n'); pos != std::string::npos; pos = text.find('\n', pos + 1)) text.insert(pos + 1, "        ");
  return text;
}

void PrintLibrary(const Json &lib) {
  std::printf("ceedrt %s (%s), libCEED API %s, %s build, %s, CeedScalar %s, backend ABI %s\n", Str(lib["ceedrt_version"]).c_str(),
              Str(lib["git_version"]).c_str(), Str(lib["libceed_api"]).c_str(), Str(lib["build_type"]).c_str(), Str(lib["compiler"]).c_str(),
              Str(lib["scalar"]).c_str(), Str(lib["backend_abi"]).c_str());
  std::printf("  library: %s\n", Str(lib["library"]).c_str());
  for (const auto &dir : lib["plugin_search_path"]) std::printf("  plugins: %s (%s)\n", Str(dir["path"]).c_str(), Str(dir["from"]).c_str());
}

// "a, b, c"
std::string Joined(const std::vector<std::string> &items) {
  std::string text;
  for (const auto &item : items) text += (text.empty() ? "" : ", ") + item;
  return text;
}

// One line per usable resource, and one per plugin and cause for what cannot be used, so that a machine
// without a GPU shows the missing driver once.
void PrintBackends(const Json &section) {
  std::printf("\nBackends:\n");
  for (const auto &p : section["plugins"]) {
    const std::string plugin = Str(p["name"]) + (p.contains("jit") ? ", JIT" : "") +
                               (p.value("test_only", false) ? ", TEST ONLY: for the test suite, never chosen for a generic resource" : "");
    std::vector<std::string> prefixes;
    for (const auto &r : p["resources"]) prefixes.push_back(Str(r["prefix"]));
    if (!p["usable"].get<bool>()) {
      std::printf("  %-28s UNUSABLE (plugin %s): %s\n", Joined(prefixes).c_str(), plugin.c_str(), Str(p["status"]).c_str());
      continue;
    }
    std::vector<std::pair<std::string, std::vector<std::string>>> failures;  // (cause, prefixes), in order
    for (const auto &r : p["resources"]) {
      if (!r.contains("init")) {
        std::printf("  %-28s loaded (plugin %s; not initialised: --no-init)\n", Str(r["prefix"]).c_str(), plugin.c_str());
      } else if (r["init"]["usable"].get<bool>()) {
        const std::string served = r.contains("serves") ? Str(r["serves"]) : Str(r["init"]["served_by"]);
        std::printf("  %-28s ok, %s memory (plugin %s%s)\n", Str(r["prefix"]).c_str(), Str(r["init"]["preferred_memory"]).c_str(), plugin.c_str(),
                    served == Str(r["prefix"]) ? "" : ("; served as " + served).c_str());
      } else {
        const std::string cause = Str(r["init"]["cause"]);
        auto              same  = std::find_if(failures.begin(), failures.end(), [&](const auto &f) { return f.first == cause; });
        if (same == failures.end()) same = failures.insert(failures.end(), {cause, {}});
        same->second.push_back(Str(r["prefix"]));
      }
    }
    for (const auto &[cause, failed] : failures) {
      std::printf("  %-28s UNUSABLE (plugin %s): %s\n", Joined(failed).c_str(), plugin.c_str(), cause.c_str());
    }
  }
  for (const auto &r : section["builtin_resources"]) std::printf("  %-28s registered in process (priority %s)\n", Str(r["prefix"]).c_str(), Str(r["priority"]).c_str());

  std::printf("\nGeneric resources (served by the first candidate, in priority order, that loads and initialises):\n");
  for (const auto &[request, status] : section["default_resources"].items()) {
    std::vector<std::string> order;
    for (const auto &c : status["candidates"]) order.push_back(Str(c));
    if (!order.empty()) std::printf("  %-10s    order: %s\n", request.c_str(), Joined(order).c_str());
    if (status["usable"].get<bool>()) {
      std::printf("  %-10s -> %s\n", request.c_str(), Str(status["served_by"]).c_str());
      std::vector<std::string> skipped;
      for (const auto &s : status["skipped"]) skipped.push_back(Str(s["prefix"]));
      if (!skipped.empty()) std::printf("  %-10s    skipped %s (causes above)\n", "", Joined(skipped).c_str());
    } else if (!status["tried"].empty()) {
      std::vector<std::string> tried;
      for (const auto &t : status["tried"]) tried.push_back(Str(t["prefix"]));
      std::printf("  %-10s -> none: no candidate can be used (%s; causes above)\n", request.c_str(), Joined(tried).c_str());
    } else {
      std::printf("  %-10s -> none: %s\n", request.c_str(), Str(status["cause"]).c_str());
    }
  }
}

void PrintDevices(const Json &d) {
  std::printf("\nGPU drivers and devices:\n");
  const Json &cuda = d["cuda"];
  std::printf("  CUDA driver: %s", Str(cuda["driver"]).c_str());
  if (cuda.contains("driver_version")) std::printf(", version %s", Str(cuda["driver_version"]).c_str());
  if (cuda.contains("error")) std::printf(" (%s)", Str(cuda["error"]).c_str());
  std::printf("\n");
  for (const auto &dev : cuda.value("devices", Json::array())) {
    std::printf("    [%s] %s, compute capability %s, %s SMs, %s, %s MHz, memory %s MHz x %s bit (%.0f GB/s peak), L2 %s\n",
                Str(dev["index"]).c_str(), Str(dev["name"]).c_str(), Str(dev["compute_capability"]).c_str(), Str(dev["multiprocessors"]).c_str(),
                tools::Quantity(dev["memory_bytes"].get<double>(), "B").c_str(), Str(dev["clock_mhz"]).c_str(), Str(dev["memory_clock_mhz"]).c_str(),
                Str(dev["memory_bus_bits"]).c_str(), dev["peak_memory_bandwidth_gbs"].get<double>(),
                tools::Quantity(dev["l2_cache_bytes"].get<double>(), "B").c_str());
  }
  const Json &hip = d["hip"];
  std::printf("  HIP runtime: %s", Str(hip["runtime"]).c_str());
  if (hip.contains("error")) std::printf(" (%s)", Str(hip["error"]).c_str());
  std::printf("\n");
  for (const auto &dev : hip.value("devices", Json::array())) {
    std::printf("    [%s] %s, %s\n", Str(dev["index"]).c_str(), Str(dev["name"]).c_str(), tools::Quantity(dev["memory_bytes"].get<double>(), "B").c_str());
  }
}

void PrintJit(const Json &j) {
  std::printf("\nJIT compilers found on this machine:\n");
  auto rtc = [](const char *label, const Json &c) {
    if (c["found"].get<bool>()) {
      std::printf("  %-8s %s (%s)\n", label, Str(c["version"]).c_str(), Str(c["library"]).c_str());
      if (c.contains("architectures")) {
        std::string list;
        for (const auto &a : c["architectures"]) list += (list.empty() ? "" : " ") + Str(a);
        std::printf("           targets: %s\n", list.c_str());
      }
    } else {
      std::printf("  %-8s not found\n", label);
    }
  };
  rtc("NVRTC", j["nvrtc"]);
  rtc("hipRTC", j["hiprtc"]);
  if (j["host_compilers"].empty()) std::printf("  host C++ compiler: none on PATH\n");
  for (const auto &c : j["host_compilers"]) std::printf("  %-8s %s (%s)\n", Str(c["command"]).c_str(), Str(c["version"]).c_str(), Str(c["path"]).c_str());
  std::printf("\nJIT backends and kernel caches:\n");
  if (j["jit_backends"].empty()) std::printf("  no JIT backend installed (no plugin manifest declares a \"jit\" object)\n");
  auto cache_line = [](const char *label, const Json &c) {
    if (c["exists"].get<bool>()) {
      std::printf("  %s %s: %s files, %s\n", label, Str(c["path"]).c_str(), Str(c["files"]).c_str(), tools::Quantity(c["bytes"].get<double>(), "B").c_str());
    } else {
      std::printf("  %s %s: not created yet\n", label, Str(c["path"]).c_str());
    }
  };
  for (const auto &b : j["jit_backends"]) {
    std::printf("  %s (%s): compiler %s%s\n", Str(b["plugin"]).c_str(), Str(b["resources"]).c_str(), Str(b["compiler"]).c_str(),
                b["usable"].get<bool>() ? "" : "; the plugin is unusable (see Backends)");
    if (b.contains("options")) std::printf("    code generation: %s\n", Str(b["options"]).c_str());
    if (b.contains("kernel_cache")) cache_line("  its kernel cache", b["kernel_cache"]);
  }
  const Json &core = j["kernel_cache"];
  if (core.contains("refused")) {
    std::printf("  kernel cache folder %s REFUSED: %s\n", Str(core["refused"]).c_str(), Str(core["refused_reason"]).c_str());
    cache_line("kernel cache of this process only (private, removed at exit)", core);
  } else if (core["available"].get<bool>()) {
    cache_line(core["persistent"].get<bool>() ? "kernel cache" : "kernel cache (not persistent: CEEDRT_CACHE=off)", core);
  } else {
    std::printf("  kernel cache: %s\n", Str(core["reason"]).c_str());
  }
  for (const auto &[name, value] : j["environment"].items()) std::printf("  environment: %s=%s\n", name.c_str(), Str(value).c_str());
}

}  // namespace

}  // namespace info

int main(int argc, char **argv) {
  CLI::App app{"ceed-info: ceedrt library, backend plugins, default resources, GPU devices, JIT compilers and kernel caches"};
  app.footer(
      "Plugins are found through CEEDRT_PLUGIN_PATH and beside libceedrt; every one is loaded (dlopen) to report its\n"
      "status, and with the default settings every resource is initialised once (a GPU backend without a driver\n"
      "fails there and the reason is shown). Exit status 0, also when some plugins are unusable.");
  bool json = false, no_init = false;
  app.add_flag("--json", json, "print one JSON object instead of text");
  app.add_flag("--no-init", no_init, "do not initialise the resources (only load the plugin libraries)");
  info::KernelReportOptions kernels;
  bool                      report_kernels = false;
  app.add_flag("--kernels", report_kernels,
               "instead of the above: compile the fused GPU kernels of BP1-BP6 (no GPU needed) and print per kernel the block, "
               "registers, spills, shared memory, theoretical occupancy, and the NVRTC compiles and seconds of building it as /gpu/cuda/gen does");
  app.add_option("--target", kernels.targets, "--kernels: architectures (sm_80, sm_86, sm_89, sm_90; gfx90a and the other AMD processors hipRTC knows)")->capture_default_str();
  app.add_option("--problems", kernels.problems, "--kernels: bake-off problems")->delimiter(',')->capture_default_str();
  app.add_option("--degrees", kernels.degrees, "--kernels: polynomial degrees")->delimiter(',')->capture_default_str();
  app.add_option("--kernel", kernels.kernels, "--kernels: apply, setup or both")->delimiter(',')->check(CLI::IsMember({"apply", "setup"}))->capture_default_str();
  app.add_option("--precision", kernels.precision,
                 "--kernels: the operators' precision mode, as CeedOperatorSetPrecision sets it (fp32: the kernels compute and store in fp32)")
      ->check(CLI::IsMember({"fp64", "fp32", "low-high", "high-low"}))
      ->capture_default_str();
  app.add_option("--min-blocks", kernels.min_blocks, "--kernels: compile with this launch bound's minimum blocks per multiprocessor (0: the generator's choice)")
      ->check(CLI::Range(0, 32));
  app.add_flag("--tune", kernels.tune,
               "--kernels: set each kernel's launch bound to its block and raise the minimum blocks while ptxas fits it without spills "
               "and the occupancy grows (recompiling at each step), as /gpu/cuda/gen does; the compiles and seconds columns count that build");
  app.add_option("--jit-define", kernels.jit_defines,
                 "--kernels: NAME=VALUE, a JIT define as CeedAddJitDefine gives it to the gen backends (e.g. CEED_GEN_EXCHANGE_BUFFERS=1; repeatable)");
  app.add_option("--source-dir", kernels.source_dir,
                 "--kernels: write each kernel's source as DIR/<problem>-p<p>-<kernel>.cu (-<precision> before .cu unless fp64)");
  CLI11_PARSE(app, argc, argv);
  if (report_kernels) {
    kernels.json = json;
    return info::PrintKernelReport(kernels);
  }

  info::Json all;
  all["library"] = info::LibrarySection();
  all["plugins"] = info::PluginsSection(!no_init);
  all["devices"] = info::DevicesSection(all["plugins"]);
  all["jit"]     = info::JitSection(all["plugins"]);
  if (json) {
    std::printf("%s\n", all.dump(2).c_str());
  } else {
    info::PrintLibrary(all["library"]);
    info::PrintBackends(all["plugins"]);
    info::PrintDevices(all["devices"]);
    info::PrintJit(all["jit"]);
  }
  return 0;
}
