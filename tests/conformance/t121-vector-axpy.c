/* CeedVectorAXPY and CeedVectorAXPBY against values computed by hand. */
#include <ceed.h>
#include <math.h>
#include <stdio.h>

#define N 8

int main(int argc, char **argv) {
  Ceed              ceed;
  CeedVector        x, y;
  CeedScalar        a[N];
  const CeedScalar *r;
  int               fail = 0;

  if (argc < 2) return 2;
  CeedInit(argv[1], &ceed);
  for (CeedInt i = 0; i < N; i++) a[i] = 10 + i;
  CeedVectorCreate(ceed, N, &x);
  CeedVectorCreate(ceed, N, &y);
  CeedVectorSetArray(x, CEED_MEM_HOST, CEED_COPY_VALUES, a);
  CeedVectorSetValue(y, 1.0);
  CeedVectorAXPY(y, -0.5, x); /* y = 1 - (10 + i) / 2 = -4 - i/2 */
  CeedVectorGetArrayRead(y, CEED_MEM_HOST, &r);
  for (CeedInt i = 0; i < N; i++) {
    if (fabs(r[i] - (-4.0 - 0.5 * i)) > 1e-14) {
      printf("AXPY entry %d is %f\n", i, (double)r[i]);
      fail = 1;
    }
  }
  CeedVectorRestoreArrayRead(y, &r);
  CeedVectorAXPBY(y, 2.0, -3.0, x); /* y = 2 (10 + i) - 3 (-4 - i/2) = 32 + 3.5 i */
  CeedVectorGetArrayRead(y, CEED_MEM_HOST, &r);
  for (CeedInt i = 0; i < N; i++) {
    if (fabs(r[i] - (32.0 + 3.5 * i)) > 1e-13) {
      printf("AXPBY entry %d is %f\n", i, (double)r[i]);
      fail = 1;
    }
  }
  CeedVectorRestoreArrayRead(y, &r);
  CeedVectorDestroy(&x);
  CeedVectorDestroy(&y);
  CeedDestroy(&ceed);
  return fail;
}
