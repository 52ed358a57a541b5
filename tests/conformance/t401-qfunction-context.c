/* A QFunction with a context: values are read from the context (v = scale*u + shift), the context is
   updated between applications, and a counter written by the QFunction lands in the context. */
#include <ceed.h>
#include <math.h>
#include <stdio.h>

#include "t401-qfunction-context.h"

static int Check(CeedVector V, const CeedScalar *u, CeedInt Q, CeedScalar scale, CeedScalar shift) {
  const CeedScalar *v;
  int               failures = 0;
  CeedVectorGetArrayRead(V, CEED_MEM_HOST, &v);
  for (CeedInt i = 0; i < Q; i++) {
    const CeedScalar expected = scale * u[i] + shift;
    if (fabs(v[i] - expected) > 1e-14 * (1 + fabs(expected))) {
      printf("v[%d] = %g, expected %g\n", (int)i, v[i], expected);
      failures++;
    }
  }
  CeedVectorRestoreArrayRead(V, &v);
  return failures;
}

int main(int argc, char **argv) {
  const CeedInt        Q = 5;
  Ceed                 ceed;
  CeedQFunction        qf;
  CeedQFunctionContext ctx;
  CeedVector           U, V;
  AffineCtx            data = {2.5, -1.0, 0};
  CeedScalar           u[5] = {1, -2, 0.5, 4, 8};
  int                  failures = 0;

  if (argc < 2) return 2;
  CeedInit(argv[1], &ceed);
  CeedQFunctionCreateInterior(ceed, 1, affine, affine_loc, &qf);
  CeedQFunctionAddInput(qf, "u", 1, CEED_EVAL_INTERP);
  CeedQFunctionAddOutput(qf, "v", 1, CEED_EVAL_INTERP);
  CeedQFunctionContextCreate(ceed, &ctx);
  CeedQFunctionContextSetData(ctx, CEED_MEM_HOST, CEED_COPY_VALUES, sizeof(data), &data);
  CeedQFunctionSetContext(qf, ctx);

  CeedVectorCreate(ceed, Q, &U);
  CeedVectorSetArray(U, CEED_MEM_HOST, CEED_COPY_VALUES, u);
  CeedVectorCreate(ceed, Q, &V);
  CeedVectorSetValue(V, 0.0);

  CeedQFunctionApply(qf, Q, &U, &V);
  failures += Check(V, u, Q, 2.5, -1.0);

  /* Change the context data through the context: the next application sees the new values. */
  {
    AffineCtx *d;
    CeedQFunctionContextGetData(ctx, CEED_MEM_HOST, &d);
    /* Host backends call the QFunction once per application; device backends call it once per point
       (CEED_Q_VLA = 1), concurrently, so there the count is only known to be positive. */
    CeedMemType mem_type;
    CeedGetPreferredMemType(ceed, &mem_type);
    if (mem_type == CEED_MEM_HOST ? d->calls != 1 : d->calls < 1) {
      printf("The QFunction should have counted 1 call in its context, found %d\n", (int)d->calls);
      failures++;
    }
    d->scale = -0.5;
    d->shift = 3.0;
    CeedQFunctionContextRestoreData(ctx, &d);
  }
  CeedQFunctionContextDestroy(&ctx); /* the QFunction keeps its own reference */
  CeedQFunctionApply(qf, Q, &U, &V);
  failures += Check(V, u, Q, -0.5, 3.0);

  CeedVectorDestroy(&U);
  CeedVectorDestroy(&V);
  CeedQFunctionDestroy(&qf);
  CeedDestroy(&ceed);
  return failures != 0;
}
