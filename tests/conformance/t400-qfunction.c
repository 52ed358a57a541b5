/* User QFunctions applied to vectors: a setup QFunction builds quadrature data, a second one applies it;
   run with vector length 1 and 4. Also checks the recorded kernel name and source file. */
#include <ceed.h>
#include <ceed/backend.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "t400-qfunction.h"

static int Run(Ceed ceed, CeedInt vec_length) {
  const CeedInt Q = 8;
  CeedScalar    w[8], dx[8], u[8];
  CeedVector    W, DX, QD, U, V, V2;
  CeedQFunction qf_setup, qf_mass;
  int           failures = 0;

  for (CeedInt i = 0; i < Q; i++) {
    w[i]  = 0.5 + i;
    dx[i] = 2.0 - 0.25 * i;
    u[i]  = i * i - 3.0;
  }
  CeedQFunctionCreateInterior(ceed, vec_length, setup, setup_loc, &qf_setup);
  CeedQFunctionAddInput(qf_setup, "w", 1, CEED_EVAL_WEIGHT);
  CeedQFunctionAddInput(qf_setup, "dx", 1, CEED_EVAL_GRAD);
  CeedQFunctionAddOutput(qf_setup, "qdata", 1, CEED_EVAL_NONE);
  CeedQFunctionCreateInterior(ceed, vec_length, mass, mass_loc, &qf_mass);
  CeedQFunctionAddInput(qf_mass, "qdata", 1, CEED_EVAL_NONE);
  CeedQFunctionAddInput(qf_mass, "u", 1, CEED_EVAL_INTERP);
  CeedQFunctionAddOutput(qf_mass, "v", 1, CEED_EVAL_INTERP);
  CeedQFunctionAddOutput(qf_mass, "v2", 2, CEED_EVAL_GRAD);

  {
    const char *kernel, *path;
    CeedQFunctionGetKernelName(qf_mass, &kernel);
    CeedQFunctionGetSourcePath(qf_mass, &path);
    if (strcmp(kernel, "mass") || !strstr(path, "t400-qfunction.h")) {
      printf("Unexpected kernel name \"%s\" or source path \"%s\"\n", kernel, path);
      failures++;
    }
  }

  CeedVectorCreate(ceed, Q, &W);
  CeedVectorSetArray(W, CEED_MEM_HOST, CEED_USE_POINTER, w);
  CeedVectorCreate(ceed, Q, &DX);
  CeedVectorSetArray(DX, CEED_MEM_HOST, CEED_USE_POINTER, dx);
  CeedVectorCreate(ceed, Q, &QD);
  CeedVectorSetValue(QD, 0.0);
  CeedVectorCreate(ceed, Q, &U);
  CeedVectorSetArray(U, CEED_MEM_HOST, CEED_USE_POINTER, u);
  CeedVectorCreate(ceed, Q, &V);
  CeedVectorSetValue(V, 0.0);
  CeedVectorCreate(ceed, 2 * Q, &V2);
  CeedVectorSetValue(V2, 0.0);
  {
    CeedVector in[2] = {W, DX}, out[1] = {QD};
    CeedQFunctionApply(qf_setup, Q, in, out);
  }
  {
    CeedVector in[2] = {QD, U}, out[2] = {V, V2};
    CeedQFunctionApply(qf_mass, Q, in, out);
  }
  {
    const CeedScalar *v, *v2;
    CeedVectorGetArrayRead(V, CEED_MEM_HOST, &v);
    CeedVectorGetArrayRead(V2, CEED_MEM_HOST, &v2);
    for (CeedInt i = 0; i < Q; i++) {
      const CeedScalar expected = (0.5 + i) * (2.0 - 0.25 * i) * (i * i - 3.0);
      if (fabs(v[i] - expected) > 1e-13 * (1 + fabs(expected))) {
        printf("vec_length %d: v[%d] = %g, expected %g\n", (int)vec_length, (int)i, v[i], expected);
        failures++;
      }
      if (v2[i] != -(i * i - 3.0) || v2[Q + i] != 2 * (i * i - 3.0)) {
        printf("vec_length %d: v2 at point %d = (%g, %g)\n", (int)vec_length, (int)i, v2[i], v2[Q + i]);
        failures++;
      }
    }
    CeedVectorRestoreArrayRead(V, &v);
    CeedVectorRestoreArrayRead(V2, &v2);
  }
  CeedVectorDestroy(&W);
  CeedVectorDestroy(&DX);
  CeedVectorDestroy(&QD);
  CeedVectorDestroy(&U);
  CeedVectorDestroy(&V);
  CeedVectorDestroy(&V2);
  CeedQFunctionDestroy(&qf_setup);
  CeedQFunctionDestroy(&qf_mass);
  return failures;
}

int main(int argc, char **argv) {
  Ceed ceed;
  int  failures;

  if (argc < 2) return 2;
  CeedInit(argv[1], &ceed);
  failures = Run(ceed, 1) + Run(ceed, 4);
  CeedDestroy(&ceed);
  return failures != 0;
}
