// Fuzz target: resource strings with options, through CeedInit and the resource-option parser.
// Input: the resource (up to the first newline), then the option key to look up and the value buffer size.
// Besides the build's plugins, the process sees a plugin folder of its own (CEEDRT_PLUGIN_PATH) whose
// manifests reuse the ref plugin's library under other prefixes, so that selection, fallback and delegation
// between manifests are reached: a delegate chain, a self-delegating prefix, a missing library, a missing entry
// symbol, a manifest that is not JSON.
#include <ceed/backend.h>

#include <fstream>

#include "fuzz-common.hpp"

namespace {

void WriteFile(const std::filesystem::path &path, const std::string &text) { std::ofstream(path, std::ios::binary) << text; }

std::string Manifest(const std::string &name, const std::string &library, const std::string &entry, const std::string &resources,
                     const std::string &delegate) {
  return "{\"name\": \"" + name + "\", \"abi_version\": " + std::to_string(CEED_BACKEND_ABI_VERSION) + ", \"library\": \"" + library +
         "\", \"entry\": \"" + entry + "\", \"resources\": [" + resources + "]" + (delegate.empty() ? "" : ", \"delegate\": \"" + delegate + "\"") +
         "}\n";
}

void SetUpPlugins() {
  static const bool done = [] {
    const std::filesystem::path dir = fuzz::ScratchDir() / "plugins";
    std::filesystem::create_directories(dir);
    const std::string ref = CEEDRT_FUZZ_REF_PLUGIN;
    WriteFile(dir / "fuzz-chain.json", Manifest("fuzz-chain", ref, "CeedBackendPluginRef",
                                                "{\"prefix\": \"/fuzz/chain/a\", \"priority\": 10}", "/fuzz/chain/b"));
    WriteFile(dir / "fuzz-chain-b.json", Manifest("fuzz-chain-b", ref, "CeedBackendPluginRef",
                                                  "{\"prefix\": \"/fuzz/chain/b\", \"priority\": 20}", "/cpu/self/ref/serial"));
    WriteFile(dir / "fuzz-loop.json", Manifest("fuzz-loop", ref, "CeedBackendPluginRef",
                                               "{\"prefix\": \"/fuzz/loop\", \"priority\": 30}, {\"prefix\": \"/fuzz/loop/inner\", \"priority\": 5}",
                                               "/fuzz/loop"));
    WriteFile(dir / "fuzz-missing.json", Manifest("fuzz-missing", "libceedrt-fuzz-missing.so", "CeedBackendPluginRef",
                                                  "{\"prefix\": \"/fuzz/chain\", \"priority\": 1}, {\"prefix\": \"/cpu/self/fuzz\", \"priority\": 0}", ""));
    WriteFile(dir / "fuzz-no-entry.json", Manifest("fuzz-no-entry", ref, "CeedBackendPluginNone",
                                                   "{\"prefix\": \"/fuzz/noentry\", \"priority\": 3}, {\"prefix\": \"/cpu\", \"priority\": 99}", ""));
    WriteFile(dir / "fuzz-blocked.json", Manifest("fuzz-blocked", ref, "CeedBackendPluginRef",
                                                  "{\"prefix\": \"/cpu/self/ref/blocked/fuzz\", \"priority\": 0}", "/fuzz/chain"));
    WriteFile(dir / "fuzz-not-json.json", "{\"name\": \"fuzz-not-json\", \"resources\": [");
    return setenv("CEEDRT_PLUGIN_PATH", dir.c_str(), 1) == 0;
  }();
  (void)done;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fuzz::ReturnErrors();
  SetUpPlugins();
  fuzz::Input       in(data, size);
  const std::string resource = in.String(512, '\n');
  const std::string key      = in.String(64, '\n');
  const size_t      len      = static_cast<size_t>(in.Range(0, 40));
  // "help" prints the whole registry; keep the fuzzer's output readable and fast.
  if (resource.compare(0, 4, "help") == 0) return 0;

  Ceed ceed = nullptr;
  if (CeedInit(resource.c_str(), &ceed) == CEED_ERROR_SUCCESS && ceed) {
    CeedSetErrorHandler(ceed, CeedErrorStore);
    const char *name = nullptr;
    CeedGetResource(ceed, &name);
    CeedGetResourceRequested(ceed, &name);
    char  value[48] = {0};
    bool  found     = false;
    CeedGetResourceOption(ceed, key.c_str(), len ? value : nullptr, len, &found);
    CeedInt            num_skipped = 0;
    const char *const *skipped = nullptr, *const *reasons = nullptr;
    CeedGetSkippedResources(ceed, &num_skipped, &skipped, &reasons);
    Ceed delegate = nullptr, parent = nullptr;
    CeedGetDelegate(ceed, &delegate);
    CeedGetParent(ceed, &parent);
    bool deterministic = false;
    CeedIsDeterministic(ceed, &deterministic);
    CeedMemType mem_type;
    CeedGetPreferredMemType(ceed, &mem_type);
    CeedVector vec = nullptr;
    if (!CeedVectorCreate(ceed, 3, &vec)) CeedVectorSetValue(vec, 1.0);
    CeedVectorDestroy(&vec);
    if (CeedDestroy(&ceed)) std::abort();
  }
  const char *message = nullptr;
  CeedGetErrorMessage(nullptr, &message);
  CeedResetErrorMessage(nullptr, &message);
  return 0;
}
