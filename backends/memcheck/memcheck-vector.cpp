// /cpu/self/memcheck vectors: an array held read-only must be restored unchanged.
#include "ceed-memcheck.hpp"

namespace ceed_memcheck {

namespace {
ReadOnlySnapshots vector_snapshots;
}

int VectorReadGranted(CeedVector vec, const void *host_array, size_t bytes) {
  vector_snapshots.Take(vec, host_array, bytes);
  return CEED_ERROR_SUCCESS;
}

int VectorReadRestored(CeedVector vec) {
  size_t               bytes   = 0;
  const std::ptrdiff_t changed = vector_snapshots.Compare(vec, &bytes);
  // The first sentence is libCEED's, which its test harness looks for.
  CeedCheck(changed < 0, CeedVectorReturnCeed(vec), CEED_ERROR_BACKEND,
            "Array data changed while accessed in read-only mode (CeedVector of %zu bytes, first changed byte at offset %td)", bytes, changed);
  return CEED_ERROR_SUCCESS;
}

}  // namespace ceed_memcheck
