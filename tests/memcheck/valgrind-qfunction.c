/* /cpu/self/memcheck under valgrind: the QFunction's outputs are described to valgrind as undefined, so a
 * QFunction that reads an output before writing it is reported, while correct use is clean. Run as
 *   valgrind --error-exitcode=3 valgrind-qfunction writes        (no valgrind error expected)
 *   valgrind --error-exitcode=3 valgrind-qfunction reads-output  (valgrind reports an uninitialised value) */
#include <ceed.h>
#include <stdio.h>
#include <string.h>

#define Q 8

static int Writes(void *ctx, CeedInt q, const CeedScalar *const *in, CeedScalar *const *out) {
  (void)ctx;
  for (CeedInt i = 0; i < q; i++) out[0][i] = 2 * in[0][i];
  return 0;
}

/* Decides on an output entry's old value: undefined, which valgrind reports; every entry is written after. */
static int ReadsOutput(void *ctx, CeedInt q, const CeedScalar *const *in, CeedScalar *const *out) {
  (void)ctx;
  for (CeedInt i = 0; i < q; i++) {
    if (out[0][i] > 0) out[0][i] = in[0][i];
    else out[0][i] = 2 * in[0][i];
  }
  return 0;
}

int main(int argc, char **argv) {
  const int reads_output = argc > 1 && !strcmp(argv[1], "reads-output");
  if (argc < 2 || (!reads_output && strcmp(argv[1], "writes"))) {
    printf("usage: %s writes|reads-output\n", argv[0]);
    return 2;
  }
  Ceed          ceed;
  CeedVector    u, v;
  CeedQFunction qf;
  CeedInit("/cpu/self/memcheck/serial", &ceed);
  CeedVectorCreate(ceed, Q, &u);
  CeedVectorCreate(ceed, Q, &v);
  CeedVectorSetValue(u, 1.0);
  CeedQFunctionCreateInterior(ceed, 1, reads_output ? ReadsOutput : Writes, __FILE__ ":qfunction", &qf);
  CeedQFunctionAddInput(qf, "u", 1, CEED_EVAL_INTERP);
  CeedQFunctionAddOutput(qf, "v", 1, CEED_EVAL_INTERP);
  CeedVector in[1] = {u}, out[1] = {v};
  CeedQFunctionApply(qf, Q, in, out);
  CeedScalar norm = 0;
  CeedVectorNorm(v, CEED_NORM_MAX, &norm);
  printf("max |v| = %g\n", norm);
  CeedQFunctionDestroy(&qf);
  CeedVectorDestroy(&u);
  CeedVectorDestroy(&v);
  CeedDestroy(&ceed);
  return norm == 2.0 ? 0 : 1;
}
