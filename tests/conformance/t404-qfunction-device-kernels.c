/* The CUDA and HIP extension headers compile in a plain C program, and their setters follow libCEED: a
   backend that runs no such kernels accepts and ignores the function, so the same application code runs
   on every backend. NULL clears a kernel given before: the QFunction then runs from its source (on CUDA:
   JIT) or host function, as checked by applying it. Invalid handles are errors. */
#include <ceed.h>
#include <ceed/cuda.h>
#include <ceed/hip.h>
#include <stdio.h>
#include <stdlib.h>

#include "check-vector.h"
#include "t403-qfunction-readonly-context.h"

int main(int argc, char **argv) {
  const CeedInt        Q = 5;
  Ceed                 ceed;
  CeedQFunction        qf;
  CeedQFunctionContext ctx;
  CeedVector           U, V;
  CeedScalar           alpha[2] = {-2.0, 0.5};
  CeedScalar           u[5]     = {1, 2, 3, 4, 5};
  CeedScalar           expected[5];
  int                  failures = 0;

  if (argc < 2) return 2;
  setenv("CEED_ERROR_HANDLER", "return", 1); /* errors without a Ceed (NULL handles) return their code */
  CeedInit(argv[1], &ceed);
  CeedQFunctionCreateInterior(ceed, 1, scale_by_ctx, scale_by_ctx_loc, &qf);
  CeedQFunctionAddInput(qf, "u", 1, CEED_EVAL_INTERP);
  CeedQFunctionAddOutput(qf, "v", 1, CEED_EVAL_INTERP);
  CeedQFunctionContextCreate(ceed, &ctx);
  CeedQFunctionContextSetData(ctx, CEED_MEM_HOST, CEED_COPY_VALUES, sizeof(alpha), alpha);
  CeedQFunctionSetContext(qf, ctx);

  if (CeedQFunctionSetCUDAUserFunction(qf, NULL) != CEED_ERROR_SUCCESS) {
    printf("CeedQFunctionSetCUDAUserFunction(qf, NULL) failed\n");
    failures++;
  }
  if (CeedQFunctionSetHIPUserFunction(qf, NULL) != CEED_ERROR_SUCCESS) {
    printf("CeedQFunctionSetHIPUserFunction(qf, NULL) failed\n");
    failures++;
  }
  if (CeedQFunctionSetCUDAUserFunction(NULL, NULL) == CEED_ERROR_SUCCESS) {
    printf("CeedQFunctionSetCUDAUserFunction accepted a NULL QFunction\n");
    failures++;
  }
  if (CeedQFunctionSetHIPUserFunction(CEED_QFUNCTION_NONE, NULL) == CEED_ERROR_SUCCESS) {
    printf("CeedQFunctionSetHIPUserFunction accepted CEED_QFUNCTION_NONE\n");
    failures++;
  }

  CeedVectorCreate(ceed, Q, &U);
  CeedVectorSetArray(U, CEED_MEM_HOST, CEED_COPY_VALUES, u);
  CeedVectorCreate(ceed, Q, &V);
  CeedVectorSetValue(V, 0.0);
  if (CeedQFunctionApply(qf, Q, &U, &V) != CEED_ERROR_SUCCESS) {
    printf("CeedQFunctionApply failed after the setters\n");
    failures++;
  }
  for (CeedInt i = 0; i < Q; i++) expected[i] = -2.0 * u[i] + 0.5;
  failures += CheckVector(V, expected, Q, "v", 0.0);

  CeedVectorDestroy(&U);
  CeedVectorDestroy(&V);
  CeedQFunctionContextDestroy(&ctx);
  CeedQFunctionDestroy(&qf);
  CeedDestroy(&ceed);
  return failures != 0;
}
