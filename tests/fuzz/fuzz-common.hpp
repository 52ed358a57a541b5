// Helpers shared by the fuzz targets (see README.md in this folder): a reader that decodes the input bytes into
// bounded values, a private scratch folder, and the error-handling set-up every target starts with.
#pragma once

#include <ceed.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>
#include <unistd.h>

namespace fuzz {

// Decodes an input byte after byte; past the end every read returns 0 (so any prefix is a valid program).
class Input {
 public:
  Input(const uint8_t *data, size_t size) : data_(data), size_(size) {}
  bool    Done() const { return pos_ >= size_; }
  size_t  Left() const { return Done() ? 0 : size_ - pos_; }
  uint8_t Byte() { return Done() ? 0 : data_[pos_++]; }
  bool    Bool() { return Byte() & 1; }
  // A value in [lo, hi] (inclusive, hi - lo < 2^16).
  int Range(int lo, int hi) {
    const unsigned span = static_cast<unsigned>(hi - lo) + 1;
    const unsigned raw  = span > 256 ? (static_cast<unsigned>(Byte()) << 8 | Byte()) : Byte();
    return lo + static_cast<int>(raw % span);
  }
  // Mostly small values, sometimes a signed 32-bit value with any bits (negative and huge sizes).
  int64_t Size(int small_max) {
    if ((Byte() & 15) != 0) return Range(0, small_max);
    uint32_t v = 0;
    for (int i = 0; i < 4; i++) v = v << 8 | Byte();
    return static_cast<int32_t>(v);
  }
  double Double() {
    static const double values[] = {0.0, 1.0, -1.0, 0.5, 2.0, 1e-300, 1e300, -0.0, 3.25, -7.5};
    const uint8_t       b        = Byte();
    if (b < 200) return values[b % 10];
    return static_cast<double>(static_cast<int8_t>(Byte())) / 8.0;
  }
  // Up to max_len bytes, up to a terminator byte (excluded) or the end.
  std::string String(size_t max_len, char terminator = '\0') {
    std::string s;
    while (!Done() && s.size() < max_len) {
      const char c = static_cast<char>(data_[pos_++]);
      if (c == terminator) break;
      s += c;
    }
    return s;
  }

 private:
  const uint8_t *data_;
  size_t         size_;
  size_t         pos_ = 0;
};

// Errors are returned, never fatal: the library's abort/exit handlers must not end the fuzzing process, and
// CEED_ERROR_HANDLER is also what errors without a Ceed follow. Called first by every target.
inline void ReturnErrors() {
  static const bool done = [] { return setenv("CEED_ERROR_HANDLER", "store", 1) == 0; }();
  (void)done;
}

inline Ceed InitOrNull(const char *resource) {
  ReturnErrors();
  Ceed ceed = nullptr;
  if (CeedInit(resource, &ceed)) return nullptr;
  CeedSetErrorHandler(ceed, CeedErrorStore);
  return ceed;
}

// A private folder for the process's scratch files (in /dev/shm when it exists), removed at exit.
inline const std::filesystem::path &ScratchDir() {
  static const std::filesystem::path dir = [] {
    std::error_code ec;
    std::string     base = std::filesystem::is_directory("/dev/shm", ec) ? "/dev/shm" : std::filesystem::temp_directory_path(ec).string();
    std::string     tmpl = base + "/ceedrt-fuzz-XXXXXX";
    if (!mkdtemp(tmpl.data())) std::abort();
    static std::string to_remove;
    to_remove = tmpl;
    std::atexit([] {
      std::error_code e;
      std::filesystem::remove_all(to_remove, e);
    });
    return std::filesystem::path(tmpl);
  }();
  return dir;
}

// Runs step(in) until the program ends or max_steps steps ran, resetting the error message after each step;
// CEEDRT_FUZZ_TRACE prints each step's error (to write seeds).
template <class Step>
void RunProgram(Ceed ceed, Input &in, int max_steps, Step step) {
  static const bool trace = std::getenv("CEEDRT_FUZZ_TRACE") != nullptr;
  for (int steps = 0; steps < max_steps && !in.Done(); steps++) {
    step();
    const char *message = nullptr;
    if (trace && !CeedGetErrorMessage(ceed, &message) && std::strcmp(message, "No error message stored")) std::fprintf(stderr, "step %d: %s\n", steps, message);
    CeedResetErrorMessage(ceed, &message);
  }
}

}  // namespace fuzz
