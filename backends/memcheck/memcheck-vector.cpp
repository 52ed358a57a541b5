// /cpu/self/memcheck vectors: an array held read-only must be restored unchanged.
#include "ceed-memcheck.hpp"

namespace ceed::memcheck {

namespace {
ReadOnlySnapshots vector_snapshots;
}

int VectorReadGranted(CeedVector vec, const void *host_array, size_t bytes) {
  vector_snapshots.Take(vec, host_array, bytes);
  return CEED_ERROR_SUCCESS;
}

int VectorReadRestored(CeedVector vec) {
  return vector_snapshots.CheckRestored(vec, CeedVectorReturnCeed(vec), "Array data changed while accessed in read-only mode", "CeedVector");
}

}  // namespace ceed::memcheck
