/* A QFunction whose source only compiles for the host program: /cpu/self/gen must call it through its
   function pointer (the JIT pass sees code that does not compile). */
#include <ceed/types.h>

#ifdef CEED_RUNNING_JIT_PASS
this line is not C++;
#endif

CEED_QFUNCTION(GenHostOnly)(void *ctx, const CeedInt Q, const CeedScalar *const *in, CeedScalar *const *out) {
  (void)ctx;
  for (CeedInt i = 0; i < Q; i++) out[0][i] = 3.0 * in[0][i] * in[1][i];
  return 0;
}
