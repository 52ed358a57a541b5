/* CeedVectorNorm: 1-, 2- and max-norms against values computed by hand. */
#include <ceed.h>
#include <math.h>
#include <stdio.h>

int main(int argc, char **argv) {
  Ceed       ceed;
  CeedVector x;
  CeedMemType mem;
  CeedScalar a[10], norm;
  int        fail = 0;

  if (argc < 2) return 2;
  CeedInit(argv[1], &ceed);
  CeedGetPreferredMemType(ceed, &mem);
  /* a[i] = (-1)^i (i - 4): |a| = 4 3 2 1 0 1 2 3 4 5 -> sum 25, sum of squares 85, max 5 */
  for (CeedInt i = 0; i < 10; i++) a[i] = (i % 2 ? -1.0 : 1.0) * (i - 4);
  CeedVectorCreate(ceed, 10, &x);
  CeedVectorSetArray(x, CEED_MEM_HOST, CEED_COPY_VALUES, a);
  CeedVectorSyncArray(x, mem);
  CeedVectorNorm(x, CEED_NORM_1, &norm);
  if (fabs(norm - 25.0) > 100 * CEED_EPSILON) {
    printf("1-norm %.16g != 25\n", (double)norm);
    fail = 1;
  }
  CeedVectorNorm(x, CEED_NORM_2, &norm);
  if (fabs(norm - sqrt(85.0)) > 100 * CEED_EPSILON) {
    printf("2-norm %.16g != sqrt(85)\n", (double)norm);
    fail = 1;
  }
  CeedVectorNorm(x, CEED_NORM_MAX, &norm);
  if (norm != 5.0) {
    printf("max-norm %.16g != 5\n", (double)norm);
    fail = 1;
  }
  CeedVectorDestroy(&x);
  CeedDestroy(&ceed);
  return fail;
}
