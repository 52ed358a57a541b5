// Fuzz target: JIT source loading and include resolution (CeedLoadSourceToBuffer, CeedGetJitAbsolutePath).
// Input: a small tree of files as text. A line "//@file NAME" starts a new file (the first file, named
// main.h unless a marker comes first, is the one loaded); NAME is relative to the scratch folder, whose
// "src/" holds the sources and "root/" is added as a JIT source root. Include lines may name anything: files
// that exist or not, beside the includer or in the root, cycles, "..", angle includes of ceed headers.
// "@TMP@" in the text stands for the scratch folder's absolute path. Names outside the scratch folder and
// the words "proc", "sys", "dev" are defused first, so that no input makes the loader read a system file.
#include <ceed/backend.h>

#include <fstream>
#include <vector>

#include "fuzz-common.hpp"

namespace fs = std::filesystem;

namespace {

struct File {
  std::string name, text;
};

void Defuse(std::string *s) {
  for (const char *word : {"proc", "sys", "dev"}) {
    for (size_t at = s->find(word); at != std::string::npos; at = s->find(word, at + 1)) (*s)[at] = 'X';
  }
}

void ReplaceAll(std::string *s, const std::string &from, const std::string &to) {
  for (size_t at = s->find(from); at != std::string::npos; at = s->find(from, at + to.size())) s->replace(at, from.size(), to);
}

// A name kept below the scratch folder: no absolute path, no "..", only plain characters.
bool SafeName(const std::string &name) {
  if (name.empty() || name.size() > 64 || name[0] == '/') return false;
  for (char c : name) {
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '/' || c == '.' || c == '_' || c == '-')) return false;
  }
  return name.find("..") == std::string::npos && name.find("//") == std::string::npos && name.back() != '/';
}

std::vector<File> Split(const std::string &input) {
  std::vector<File> files{{"src/main.h", ""}};
  size_t            start = 0;
  while (start < input.size() && files.size() <= 8) {
    size_t      end  = input.find('\n', start);
    std::string line = input.substr(start, end == std::string::npos ? std::string::npos : end - start);
    start            = end == std::string::npos ? input.size() : end + 1;
    if (line.rfind("//@file ", 0) == 0) {
      std::string name = line.substr(8);
      if (!SafeName(name)) continue;
      if (files.size() == 1 && files[0].text.empty()) files[0].name = name;
      else files.push_back({name, ""});
      continue;
    }
    files.back().text += line + "\n";
  }
  return files;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static Ceed ceed = [] {
    Ceed c = fuzz::InitOrNull("/cpu/self/ref/serial");
    if (!c) std::abort();
    CeedAddJitSourceRoot(c, (fuzz::ScratchDir() / "root").c_str());
    return c;
  }();
  if (size > 8192) return 0;
  std::string input(reinterpret_cast<const char *>(data), size);
  Defuse(&input);
  ReplaceAll(&input, "@TMP@", fuzz::ScratchDir().string());
  const std::vector<File> files = Split(input);

  const fs::path  &dir = fuzz::ScratchDir();
  std::error_code ec;
  fs::remove_all(dir / "src", ec);
  fs::remove_all(dir / "root", ec);
  fs::create_directories(dir / "src", ec);
  fs::create_directories(dir / "root", ec);
  for (const File &f : files) {
    const fs::path path = dir / f.name;
    fs::create_directories(path.parent_path(), ec);
    std::ofstream(path, std::ios::binary) << f.text;
  }

  char *buffer = nullptr;
  if (CeedLoadSourceToBuffer(ceed, (dir / files[0].name).c_str(), &buffer) == CEED_ERROR_SUCCESS) {
    if (!buffer) std::abort();
  }
  CeedFree(&buffer);
  // Relative to the JIT source roots: the same files found through the root, and a name resolved there.
  const std::string relative = files.back().name.rfind("root/", 0) == 0 ? files.back().name.substr(5) : files.back().name;
  char             *absolute = nullptr;
  if (CeedGetJitAbsolutePath(ceed, relative.c_str(), &absolute) == CEED_ERROR_SUCCESS) {
    CeedFree(&absolute);
    if (CeedLoadSourceToBuffer(ceed, relative.c_str(), &buffer) == CEED_ERROR_SUCCESS && !buffer) std::abort();
    CeedFree(&buffer);
  }
  const char *message = nullptr;
  CeedResetErrorMessage(ceed, &message);
  return 0;
}
