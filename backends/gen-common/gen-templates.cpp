// Locating the installed jit-templates: gen backends are plugins in <libdir>/ceedrt/plugins, the templates
// live in <datadir>/ceedrt/jit-templates; the build tree mirrors that layout.
#include <dlfcn.h>

#include <cstdlib>
#include <filesystem>

#include "ceed-gen.hpp"

#ifndef CEEDRT_PLUGIN_TO_TEMPLATES
#error "CEEDRT_PLUGIN_TO_TEMPLATES (relative path from the plugin folder to jit-templates) must be defined"
#endif

namespace ceed::gen {

int GetTemplatesDirectory(Ceed ceed, std::string *dir) {
  // Tools and tests that generate kernels outside a plugin (no installed layout around them) name the folder.
  if (const char *env = std::getenv("CEEDRT_JIT_TEMPLATES_DIR"); env && *env) {
    *dir = env;
    return CEED_ERROR_SUCCESS;
  }
  Dl_info info{};
  CeedCheck(dladdr(reinterpret_cast<void *>(&GetTemplatesDirectory), &info) && info.dli_fname, ceed, CEED_ERROR_BACKEND,
            "Cannot locate the gen backend library to find its jit-templates");
  std::error_code       ec;
  std::filesystem::path path = std::filesystem::path(info.dli_fname).parent_path() / CEEDRT_PLUGIN_TO_TEMPLATES;
  std::filesystem::path canonical = std::filesystem::canonical(path, ec);
  CeedCheck(!ec && std::filesystem::is_regular_file(canonical / "ceed-gen-args.h", ec), ceed, CEED_ERROR_BACKEND,
            "JIT templates not found at %s (installation incomplete?)", path.string().c_str());
  *dir = canonical.string();
  return CEED_ERROR_SUCCESS;
}

}  // namespace ceed::gen
