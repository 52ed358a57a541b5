// /cpu/self/memcheck QFunction contexts: data held read-only (a QFunction whose context is not writable) must be
// restored unchanged.
#include "ceed-memcheck.hpp"

namespace ceed::memcheck {

namespace {
ReadOnlySnapshots context_snapshots;
}

int ContextReadGranted(CeedQFunctionContext ctx, const void *host_data, size_t bytes) {
  context_snapshots.Take(ctx, host_data, bytes);
  return CEED_ERROR_SUCCESS;
}

int ContextReadRestored(CeedQFunctionContext ctx) {
  return context_snapshots.CheckRestored(ctx, CeedObjectReturnCeed(reinterpret_cast<CeedObject>(ctx)),
                                         "Context data changed while accessed in read-only mode", "CeedQFunctionContext");
}

}  // namespace ceed::memcheck
