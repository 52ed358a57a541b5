// /cpu/self/memcheck QFunction contexts: data held read-only (a QFunction whose context is not writable) must be
// restored unchanged.
#include "ceed-memcheck.hpp"

namespace ceed_memcheck {

namespace {
ReadOnlySnapshots context_snapshots;
}

int ContextReadGranted(CeedQFunctionContext ctx, const void *host_data, size_t bytes) {
  context_snapshots.Take(ctx, host_data, bytes);
  return CEED_ERROR_SUCCESS;
}

int ContextReadRestored(CeedQFunctionContext ctx) {
  size_t               bytes   = 0;
  const std::ptrdiff_t changed = context_snapshots.Compare(ctx, &bytes);
  // The first sentence is libCEED's, which its test harness looks for.
  CeedCheck(changed < 0, CeedObjectReturnCeed(reinterpret_cast<CeedObject>(ctx)), CEED_ERROR_BACKEND,
            "Context data changed while accessed in read-only mode (CeedQFunctionContext of %zu bytes, first changed byte at offset %td)", bytes,
            changed);
  return CEED_ERROR_SUCCESS;
}

}  // namespace ceed_memcheck
