/* CeedVector creation and CeedVectorSetArray in every copy mode: values read back exactly, COPY_VALUES
   does not alias the user array, USE_POINTER writes in place, OWN_POINTER takes a malloc'ed array. */
#include <ceed.h>
#include <stdio.h>
#include <stdlib.h>

#define N 10

static int Check(CeedVector v, const CeedScalar *expected, const char *what) {
  const CeedScalar *a;
  CeedSize          len;
  CeedVectorGetLength(v, &len);
  if (len != N) {
    printf("%s: length %td != %d\n", what, len, N);
    return 1;
  }
  CeedVectorGetArrayRead(v, CEED_MEM_HOST, &a);
  for (CeedInt i = 0; i < N; i++) {
    if (a[i] != expected[i]) {
      printf("%s: entry %d is %f, expected %f\n", what, i, (double)a[i], (double)expected[i]);
      CeedVectorRestoreArrayRead(v, &a);
      return 1;
    }
  }
  CeedVectorRestoreArrayRead(v, &a);
  return 0;
}

int main(int argc, char **argv) {
  Ceed       ceed;
  CeedVector x;
  CeedScalar a[N], expected[N], *owned, *w;
  int        fail = 0;

  if (argc < 2) return 2;
  CeedInit(argv[1], &ceed);
  CeedVectorCreate(ceed, N, &x);
  for (CeedInt i = 0; i < N; i++) a[i] = expected[i] = 10 + i;

  CeedVectorSetArray(x, CEED_MEM_HOST, CEED_COPY_VALUES, a);
  a[0] = -1;
  fail |= Check(x, expected, "copy values");

  CeedVectorSetArray(x, CEED_MEM_HOST, CEED_USE_POINTER, a);
  expected[0] = -1;
  fail |= Check(x, expected, "use pointer");
  CeedVectorGetArray(x, CEED_MEM_HOST, &w);
  w[3] = 42;
  CeedVectorRestoreArray(x, &w);
  if (a[3] != 42 || w != NULL) {
    printf("use pointer: write not visible in the user array\n");
    fail = 1;
  }

  owned = malloc(N * sizeof(CeedScalar));
  for (CeedInt i = 0; i < N; i++) owned[i] = expected[i] = -0.5 * i;
  CeedVectorSetArray(x, CEED_MEM_HOST, CEED_OWN_POINTER, owned);
  fail |= Check(x, expected, "own pointer");

  CeedVectorDestroy(&x);
  CeedDestroy(&ceed);
  return fail;
}
