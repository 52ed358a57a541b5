// JIT source loading (spec 01 §6): turns a QFunction source file and its local includes into one
// self-contained translation unit that a JIT compiler (host compiler, NVRTC, hipRTC) can build with
// only the JIT source roots on its include path.
#include <ceed/backend.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "core/ceed-impl.hpp"

namespace fs = std::filesystem;

namespace {

struct SourceLoader {
  Ceed                     ceed;
  std::vector<std::string> roots;
  std::set<std::string>    included;  // normalised paths already inlined
  std::string              text;
};

bool IsFile(const fs::path &p) {
  std::error_code ec;
  return fs::is_regular_file(p, ec);
}

std::string Normalise(const fs::path &p) {
  std::error_code ec;
  fs::path        canonical = fs::weakly_canonical(p, ec);
  return (ec ? fs::absolute(p, ec) : canonical).lexically_normal().string();
}

// Where a file named relative_path lives: beside the including file (quote includes only), then
// below each JIT source root. Empty if nowhere.
std::string Locate(const SourceLoader &loader, const std::string &relative_path, const fs::path &including_dir) {
  if (fs::path(relative_path).is_absolute()) return IsFile(relative_path) ? Normalise(relative_path) : std::string();
  if (!including_dir.empty() && IsFile(including_dir / relative_path)) return Normalise(including_dir / relative_path);
  for (const std::string &root : loader.roots) {
    if (IsFile(fs::path(root) / relative_path)) return Normalise(fs::path(root) / relative_path);
  }
  return std::string();
}

// What an `#include <name>` line becomes: inlined (ceed sources the JIT roots provide), dropped
// (standard and host-only ceed headers that types.h replaces), or kept for the device compiler.
enum class AngleInclude { kInline, kDrop, kKeep };

AngleInclude ClassifyAngleInclude(const std::string &name) {
  if (name.rfind("ceed/jit-source/", 0) == 0 || name == "ceed/types.h" || name == "ceed/ceed-f64.h" || name == "ceed/ceed-f32.h") {
    return AngleInclude::kInline;
  }
  if (name.rfind("ceed", 0) == 0 || name.rfind("std", 0) == 0 || name == "math.h") return AngleInclude::kDrop;
  return AngleInclude::kKeep;
}

// Parses a preprocessor line "#  include <x>" or "# include \"x\"": returns true and the name and the
// delimiter ('<' or '"') when line is an include directive.
bool ParseInclude(const std::string &line, std::string *name, char *delimiter) {
  size_t i = line.find_first_not_of(" \t");
  if (i == std::string::npos || line[i] != '#') return false;
  i = line.find_first_not_of(" \t", i + 1);
  if (i == std::string::npos || line.compare(i, 7, "include") != 0) return false;
  i = line.find_first_not_of(" \t", i + 7);
  if (i == std::string::npos || (line[i] != '<' && line[i] != '"')) return false;
  const char   close = line[i] == '<' ? '>' : '"';
  const size_t end   = line.find(close, i + 1);
  if (end == std::string::npos) return false;
  *delimiter = line[i];
  *name      = line.substr(i + 1, end - i - 1);
  return true;
}

bool IsPragmaOnce(const std::string &line) {
  std::istringstream words(line);
  words.exceptions(std::ios::badbit);  // an allocation failing while reading a word is rethrown, not taken for the end
  std::string hash, pragma, once;
  words >> hash;
  if (hash == "#") {
    words >> pragma;
  } else if (hash == "#pragma") {
    pragma = "pragma";
  }
  words >> once;
  return (hash == "#pragma" || pragma == "pragma") && once == "once";
}

int ReadRoots(SourceLoader *loader) {
  CeedCheck(loader->ceed, NULL, CEED_ERROR_INCOMPATIBLE, "Ceed handle is NULL");
  // Read in place (no checkout that an exception could leave unreturned).
  const std::vector<std::string> &roots = ceed::RootCeed(loader->ceed)->jit_source_roots;
  loader->roots.insert(loader->roots.end(), roots.begin(), roots.end());
  return CEED_ERROR_SUCCESS;
}

std::string LineMarker(int line, const std::string &path) { return "#line " + std::to_string(line) + " \"" + path + "\"\n"; }

int Inline(SourceLoader &loader, const std::string &path, const std::string &included_from, int included_at) {
  if (!loader.included.insert(path).second) return CEED_ERROR_SUCCESS;
  std::ifstream file(path);
  if (!file) {
    if (included_from.empty()) return CeedError(loader.ceed, CEED_ERROR_MAJOR, "Cannot read JiT source file %s", path.c_str());
    return CeedError(loader.ceed, CEED_ERROR_MAJOR, "Cannot read JiT source file %s (included from %s:%d)", path.c_str(),
                     included_from.c_str(), included_at);
  }
  // Streams catch what is thrown while reading (an allocation failing in getline) and stop as at the end of the
  // file; with badbit set they rethrow it instead of returning a truncated source.
  file.exceptions(std::ios::badbit);
  const fs::path dir = fs::path(path).parent_path();
  loader.text += LineMarker(1, path);
  std::string line;
  int         line_number = 0;
  while (std::getline(file, line)) {
    line_number++;
    std::string name;
    char        delimiter = 0;
    if (IsPragmaOnce(line)) {
      loader.text += "\n";
      continue;
    }
    if (!ParseInclude(line, &name, &delimiter)) {
      loader.text += line + "\n";
      continue;
    }
    std::string target;
    if (delimiter == '"') {
      target = Locate(loader, name, dir);
      if (target.empty()) {
        return CeedError(loader.ceed, CEED_ERROR_MAJOR, "Cannot find \"%s\" included from %s:%d (searched beside it and in %zu JiT source roots)",
                         name.c_str(), path.c_str(), line_number, loader.roots.size());
      }
    } else {
      const AngleInclude kind = ClassifyAngleInclude(name);
      if (kind == AngleInclude::kKeep) {
        loader.text += line + "\n";
        continue;
      }
      if (kind == AngleInclude::kDrop) {
        loader.text += "\n";
        continue;
      }
      target = Locate(loader, name, fs::path());
      if (target.empty()) {
        return CeedError(loader.ceed, CEED_ERROR_MAJOR, "Cannot find <%s> included from %s:%d in the JiT source roots", name.c_str(),
                         path.c_str(), line_number);
      }
    }
    CeedCall(Inline(loader, target, path, line_number));
    loader.text += LineMarker(line_number + 1, path);
  }
  return CEED_ERROR_SUCCESS;
}

}  // namespace

extern "C" {

int CeedGetJitAbsolutePath(Ceed ceed, const char *relative_path, char **absolute_path) {
  CeedCheck(ceed, NULL, CEED_ERROR_INCOMPATIBLE, "Ceed handle is NULL");
  CeedCheck(relative_path && absolute_path, ceed, CEED_ERROR_INCOMPATIBLE, "CeedGetJitAbsolutePath: path or output pointer is NULL");
  CEED_API_TRY
  SourceLoader loader{ceed, {}, {}, {}};
  CeedCall(ReadRoots(&loader));
  std::string found = Locate(loader, relative_path, fs::path());  // roots first, then the working directory
  if (found.empty() && IsFile(relative_path)) found = Normalise(relative_path);
  CeedCheck(!found.empty(), ceed, CEED_ERROR_MAJOR, "JiT source file \"%s\" is neither below one of the %zu JiT source roots nor in the working directory", relative_path,
            loader.roots.size());
  return CeedStringAllocCopy(found.c_str(), absolute_path);
  CEED_API_CATCH(ceed)
}

int CeedLoadSourceToBuffer(Ceed ceed, const char *source_path, char **buffer) {
  CeedCheck(ceed, NULL, CEED_ERROR_INCOMPATIBLE, "Ceed handle is NULL");
  CeedCheck(source_path && buffer, ceed, CEED_ERROR_INCOMPATIBLE, "CeedLoadSourceToBuffer: path or output pointer is NULL");
  CEED_API_TRY
  char *absolute = nullptr;
  CeedCall(CeedGetJitAbsolutePath(ceed, source_path, &absolute));
  std::string path;
  try {
    path = absolute;
  } catch (...) {
    CeedFree(&absolute);
    throw;
  }
  CeedCall(CeedFree(&absolute));
  SourceLoader loader{ceed, {}, {}, {}};
  CeedCall(ReadRoots(&loader));
  CeedCall(Inline(loader, path, std::string(), 0));
  return CeedStringAllocCopy(loader.text.c_str(), buffer);
  CEED_API_CATCH(ceed)
}

}  // extern "C"
