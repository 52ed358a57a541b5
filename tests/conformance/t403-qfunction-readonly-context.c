/* A QFunction declared with a read-only context: applying it takes read access only, so the context
   state does not change and the QFunction can run while another reader holds the data. */
#include <ceed.h>
#include <ceed/backend.h>
#include <stdio.h>

#include "t403-qfunction-readonly-context.h"

int main(int argc, char **argv) {
  const CeedInt        Q = 4;
  Ceed                 ceed;
  CeedQFunction        qf;
  CeedQFunctionContext ctx;
  CeedVector           U, V;
  CeedScalar           alpha[2] = {3.0, 0.25};
  CeedScalar           u[4]     = {1, 2, 3, 4};
  uint64_t             state_before, state_after;
  const CeedScalar    *reader, *v;
  bool                 writable = true;
  int                  failures = 0;

  if (argc < 2) return 2;
  CeedInit(argv[1], &ceed);
  CeedQFunctionCreateInterior(ceed, 1, scale_by_ctx, scale_by_ctx_loc, &qf);
  CeedQFunctionAddInput(qf, "u", 1, CEED_EVAL_INTERP);
  CeedQFunctionAddOutput(qf, "v", 1, CEED_EVAL_INTERP);
  CeedQFunctionContextCreate(ceed, &ctx);
  CeedQFunctionContextSetData(ctx, CEED_MEM_HOST, CEED_COPY_VALUES, sizeof(alpha), alpha);
  CeedQFunctionSetContext(qf, ctx);
  CeedQFunctionSetContextWritable(qf, false);
  CeedQFunctionIsContextWritable(qf, &writable);
  if (writable) {
    printf("Context should be read-only\n");
    failures++;
  }

  CeedVectorCreate(ceed, Q, &U);
  CeedVectorSetArray(U, CEED_MEM_HOST, CEED_COPY_VALUES, u);
  CeedVectorCreate(ceed, Q, &V);
  CeedVectorSetValue(V, 0.0);

  CeedQFunctionContextGetState(ctx, &state_before);
  CeedQFunctionContextGetDataRead(ctx, CEED_MEM_HOST, &reader); /* a concurrent reader */
  CeedQFunctionApply(qf, Q, &U, &V);
  CeedQFunctionContextRestoreDataRead(ctx, &reader);
  CeedQFunctionContextGetState(ctx, &state_after);
  if (state_after != state_before) {
    printf("Read-only application changed the context state from %lu to %lu\n", (unsigned long)state_before, (unsigned long)state_after);
    failures++;
  }
  CeedVectorGetArrayRead(V, CEED_MEM_HOST, &v);
  for (CeedInt i = 0; i < Q; i++) {
    if (v[i] != 3.0 * u[i] + 0.25) {
      printf("v[%d] = %g, expected %g\n", (int)i, v[i], 3.0 * u[i] + 0.25);
      failures++;
    }
  }
  CeedVectorRestoreArrayRead(V, &v);

  CeedVectorDestroy(&U);
  CeedVectorDestroy(&V);
  CeedQFunctionContextDestroy(&ctx);
  CeedQFunctionDestroy(&qf);
  CeedDestroy(&ceed);
  return failures != 0;
}
