// Aligned allocation helpers for backends and the core, string copies, debug output, and the allocation-failure
// hook of the tests (ceed-impl.hpp, HostMalloc).
#include <dlfcn.h>

#include <cerrno>
#include <cstdarg>
#include <cstdlib>
#include <cstring>

#include "core/ceed-impl.hpp"

namespace ceed {

bool AllocationFailureInjected(size_t bytes) {
  using Hook                = int (*)(size_t);
  static const Hook hook    = reinterpret_cast<Hook>(dlsym(RTLD_DEFAULT, "CeedrtTestFailAllocation"));
  return hook && hook(bytes) != 0;
}

void *HostMalloc(size_t bytes) { return AllocationFailureInjected(bytes) ? nullptr : std::malloc(bytes); }

void *HostCalloc(size_t n, size_t size) { return AllocationFailureInjected(n * size) ? nullptr : std::calloc(n, size); }

void *HostRealloc(void *ptr, size_t bytes) { return AllocationFailureInjected(bytes) ? nullptr : std::realloc(ptr, bytes); }

int HostMemalign(void **ptr, size_t alignment, size_t bytes) {
  if (AllocationFailureInjected(bytes)) return ENOMEM;
  return posix_memalign(ptr, alignment, bytes);
}

}  // namespace ceed

static int CheckedSize(size_t n, size_t unit, size_t *bytes) {
  if (unit && n > SIZE_MAX / unit) return CeedError(NULL, CEED_ERROR_MAJOR, "Allocation of %zu x %zu bytes overflows", n, unit);
  *bytes = n * unit;
  return CEED_ERROR_SUCCESS;
}

int CeedMallocArray(size_t n, size_t unit, void *p) {
  size_t bytes;
  CeedCall(CheckedSize(n, unit, &bytes));
  void **ptr = static_cast<void **>(p);
  *ptr       = nullptr;
  if (bytes == 0) return CEED_ERROR_SUCCESS;
  if (ceed::HostMemalign(ptr, CEED_ALIGN, bytes)) {
    *ptr = nullptr;
    return CeedError(NULL, CEED_ERROR_MAJOR, "Allocation of %zu bytes failed", bytes);
  }
  return CEED_ERROR_SUCCESS;
}

int CeedCallocArray(size_t n, size_t unit, void *p) {
  size_t bytes;
  CeedCall(CheckedSize(n, unit, &bytes));
  CeedCall(CeedMallocArray(n, unit, p));
  if (bytes) std::memset(*static_cast<void **>(p), 0, bytes);
  return CEED_ERROR_SUCCESS;
}

int CeedReallocArray(size_t n, size_t unit, void *p) {
  size_t bytes;
  CeedCall(CheckedSize(n, unit, &bytes));
  void **ptr = static_cast<void **>(p);
  if (bytes == 0) {
    std::free(*ptr);
    *ptr = nullptr;
    return CEED_ERROR_SUCCESS;
  }
  void *grown = ceed::HostRealloc(*ptr, bytes);
  if (!grown) return CeedError(NULL, CEED_ERROR_MAJOR, "Reallocation to %zu bytes failed", bytes);
  *ptr = grown;
  return CEED_ERROR_SUCCESS;
}

int CeedFree(void *p) {
  void **ptr = static_cast<void **>(p);
  if (!ptr) return CEED_ERROR_SUCCESS;
  std::free(*ptr);
  *ptr = nullptr;
  return CEED_ERROR_SUCCESS;
}

int CeedStringAllocCopy(const char *source, char **copy) {
  CeedCheck(copy, NULL, CEED_ERROR_INCOMPATIBLE, "Output pointer for the string copy is NULL");
  *copy = nullptr;
  if (!source) return CEED_ERROR_SUCCESS;
  size_t len = std::strlen(source);
  CeedCall(CeedCalloc(len + 1, copy));
  std::memcpy(*copy, source, len);
  return CEED_ERROR_SUCCESS;
}

bool CeedDebugFlagEnv(void) { return std::getenv("CEED_DEBUG") || std::getenv("DEBUG") || std::getenv("DBG"); }

int CeedIsDebug(Ceed ceed, bool *is_debug) {
  CeedCheck(ceed && is_debug, NULL, CEED_ERROR_INCOMPATIBLE, "Ceed handle or output pointer is NULL");
  *is_debug = ceed::RootCeed(ceed)->is_debug;
  return CEED_ERROR_SUCCESS;
}

void CeedDebugImpl(Ceed ceed, const char *format, ...) {
  if (!(ceed ? ceed::RootCeed(ceed)->is_debug : CeedDebugFlagEnv())) return;
  std::va_list args;
  va_start(args, format);
  std::fputs("\033[1;33m[ceedrt] ", stdout);
  std::vfprintf(stdout, format, args);
  std::fputs("\033[0m\n", stdout);
  std::fflush(stdout);
  va_end(args);
}
