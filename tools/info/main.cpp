// ceed-info: the ceedrt library, its backend plugins (and why an unusable one is unusable), the default
// resources, GPU devices, JIT compilers and kernel caches.
#include <CLI/CLI.hpp>
#include <cstdio>

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
  std::printf("  library: %s\n  plugin search path (in order):\n", Str(lib["library"]).c_str());
  for (const auto &dir : lib["plugin_search_path"]) std::printf("    %s  (%s)\n", Str(dir["path"]).c_str(), Str(dir["from"]).c_str());
}

void PrintPlugins(const Json &section) {
  const Json &plugins = section["plugins"];
  std::printf("\nPlugins (%zu):\n", plugins.size());
  for (const auto &p : plugins) {
    std::printf("  %s  [%s]\n", Str(p["name"]).c_str(), p["usable"].get<bool>() ? "usable" : "UNUSABLE");
    if (p.contains("description")) std::printf("    description: %s\n", Str(p["description"]).c_str());
    std::printf("    manifest:    %s\n    library:     %s\n", Str(p["manifest"]).c_str(), Str(p["library"]).c_str());
    std::printf("    ABI version: %s\n", p.contains("abi_version") ? Str(p["abi_version"]).c_str() : "(not declared)");
    if (p.contains("delegate")) std::printf("    delegate:    %s\n", Str(p["delegate"]).c_str());
    if (!p["usable"].get<bool>()) std::printf("    reason:      %s\n", Str(p["status"]).c_str());
    for (const auto &r : p["resources"]) {
      std::printf("    resource %-28s priority %-4s", Str(r["prefix"]).c_str(), Str(r["priority"]).c_str());
      if (r.contains("init")) {
        if (r["init"]["usable"].get<bool>()) {
          std::printf(" init ok (%s memory)", Str(r["init"]["preferred_memory"]).c_str());
        } else {
          std::printf(" init FAILED: %s", Str(r["init"]["reason"]).c_str());
        }
      }
      std::printf("\n");
    }
    if (p.contains("jit")) std::printf("    jit:         %s\n", p["jit"].dump().c_str());
  }
  if (!section["builtin_resources"].empty()) {
    std::printf("  Resources registered in process:\n");
    for (const auto &r : section["builtin_resources"]) std::printf("    %s (priority %s)\n", Str(r["prefix"]).c_str(), Str(r["priority"]).c_str());
  }
  std::printf("\nDefault resources:\n");
  for (const auto &[request, status] : section["default_resources"].items()) {
    if (status["usable"].get<bool>()) {
      std::printf("  %-10s -> %s (%s memory)\n", request.c_str(), Str(status["served_by"]).c_str(), Str(status["preferred_memory"]).c_str());
    } else {
      std::printf("  %-10s -> none: %s\n", request.c_str(), Str(status["reason"]).c_str());
    }
  }
}

void PrintDevices(const Json &d) {
  std::printf("\nGPU backends and devices:\n");
  if (d["usable_gpu_resources"].empty()) std::printf("  no usable GPU backend\n");
  for (const auto &r : d["usable_gpu_resources"]) std::printf("  usable: %s\n", Str(r).c_str());
  for (const auto &r : d["unusable_gpu_resources"]) std::printf("  unusable: %s: %s\n", Str(r["prefix"]).c_str(), Str(r["reason"]).c_str());
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
  if (j["jit_backends"].empty()) std::printf("  no JIT backend installed (no plugin manifest declares itself one with a \"jit\" object)\n");
  auto cache_line = [](const char *label, const Json &c) {
    if (c["exists"].get<bool>()) {
      std::printf("  %s %s: %s files, %s\n", label, Str(c["path"]).c_str(), Str(c["files"]).c_str(), tools::Quantity(c["bytes"].get<double>(), "B").c_str());
    } else {
      std::printf("  %s %s: not created yet\n", label, Str(c["path"]).c_str());
    }
  };
  for (const auto &b : j["jit_backends"]) {
    std::printf("  %s%s: %s\n", Str(b["plugin"]).c_str(), b["usable"].get<bool>() ? "" : " (unusable)", b["jit"].dump().c_str());
    if (b.contains("kernel_cache")) cache_line("  its kernel cache", b["kernel_cache"]);
  }
  const Json &core = j["kernel_cache"];
  if (core["available"].get<bool>()) {
    cache_line(core["persistent"].get<bool>() ? "core kernel cache" : "core kernel cache (not persistent: CEEDRT_CACHE=off)", core);
  } else {
    std::printf("  core kernel cache: %s\n", Str(core["reason"]).c_str());
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
  CLI11_PARSE(app, argc, argv);

  info::Json all;
  all["library"] = info::LibrarySection();
  all["plugins"] = info::PluginsSection(!no_init);
  all["devices"] = info::DevicesSection(all["plugins"]);
  all["jit"]     = info::JitSection(all["plugins"]);
  if (json) {
    std::printf("%s\n", all.dump(2).c_str());
  } else {
    info::PrintLibrary(all["library"]);
    info::PrintPlugins(all["plugins"]);
    info::PrintDevices(all["devices"]);
    info::PrintJit(all["jit"]);
  }
  return 0;
}
