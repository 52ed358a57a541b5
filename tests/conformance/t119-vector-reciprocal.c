/* CeedVectorReciprocal inverts entries larger than CEED_EPSILON in magnitude and leaves the rest. */
#include <ceed.h>
#include <math.h>
#include <stdio.h>

int main(int argc, char **argv) {
  Ceed              ceed;
  CeedVector        x;
  CeedScalar        a[6] = {4, -0.5, 0, 1e-20, 3, -8}, e[6] = {0.25, -2, 0, 1e-20, 1.0 / 3, -0.125};
  const CeedScalar *r;
  int               fail = 0;

  if (argc < 2) return 2;
  CeedInit(argv[1], &ceed);
  CeedVectorCreate(ceed, 6, &x);
  CeedVectorSetArray(x, CEED_MEM_HOST, CEED_COPY_VALUES, a);
  CeedVectorReciprocal(x);
  CeedVectorGetArrayRead(x, CEED_MEM_HOST, &r);
  for (CeedInt i = 0; i < 6; i++) {
    if (fabs(r[i] - e[i]) > 10 * CEED_EPSILON) {
      printf("entry %d is %g, expected %g\n", i, (double)r[i], (double)e[i]);
      fail = 1;
    }
  }
  CeedVectorRestoreArrayRead(x, &r);
  CeedVectorDestroy(&x);
  CeedDestroy(&ceed);
  return fail;
}
