/* CeedVectorPointwiseMult with every aliasing pattern: w = x.*y, w = w.*y, w = x.*w, y = y.*y. */
#include <ceed.h>
#include <stdio.h>

#define N 5

static int Check(CeedVector v, const CeedScalar *e, const char *what) {
  const CeedScalar *r;
  int               fail = 0;
  CeedVectorGetArrayRead(v, CEED_MEM_HOST, &r);
  for (CeedInt i = 0; i < N; i++) {
    if (r[i] != e[i]) {
      printf("%s: entry %d is %f, expected %f\n", what, i, (double)r[i], (double)e[i]);
      fail = 1;
    }
  }
  CeedVectorRestoreArrayRead(v, &r);
  return fail;
}

int main(int argc, char **argv) {
  Ceed       ceed;
  CeedVector w, x, y;
  CeedScalar a[N], b[N], e[N];
  int        fail = 0;

  if (argc < 2) return 2;
  CeedInit(argv[1], &ceed);
  for (CeedInt i = 0; i < N; i++) a[i] = i + 1, b[i] = 2 - i;
  CeedVectorCreate(ceed, N, &w);
  CeedVectorCreate(ceed, N, &x);
  CeedVectorCreate(ceed, N, &y);
  CeedVectorSetArray(x, CEED_MEM_HOST, CEED_COPY_VALUES, a);
  CeedVectorSetArray(y, CEED_MEM_HOST, CEED_COPY_VALUES, b);

  CeedVectorPointwiseMult(w, x, y);
  for (CeedInt i = 0; i < N; i++) e[i] = a[i] * b[i];
  fail |= Check(w, e, "w = x.*y");
  CeedVectorPointwiseMult(w, w, y);
  for (CeedInt i = 0; i < N; i++) e[i] *= b[i];
  fail |= Check(w, e, "w = w.*y");
  CeedVectorPointwiseMult(w, x, w);
  for (CeedInt i = 0; i < N; i++) e[i] *= a[i];
  fail |= Check(w, e, "w = x.*w");
  CeedVectorPointwiseMult(y, y, y);
  for (CeedInt i = 0; i < N; i++) e[i] = b[i] * b[i];
  fail |= Check(y, e, "y = y.*y");

  CeedVectorDestroy(&w);
  CeedVectorDestroy(&x);
  CeedVectorDestroy(&y);
  CeedDestroy(&ceed);
  return fail;
}
