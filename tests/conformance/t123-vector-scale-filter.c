/* CeedVectorScale and CeedVectorFilter (|x_i| <= threshold becomes 0). */
#include <ceed.h>
#include <stdio.h>

int main(int argc, char **argv) {
  Ceed              ceed;
  CeedVector        x;
  CeedScalar        a[6] = {1, -2, 0.5, -0.25, 4, 0}, scaled[6] = {-3, 6, -1.5, 0.75, -12, 0}, filtered[6] = {-3, 6, 0, 0, -12, 0};
  const CeedScalar *r;
  int               fail = 0;

  if (argc < 2) return 2;
  CeedInit(argv[1], &ceed);
  CeedVectorCreate(ceed, 6, &x);
  CeedVectorSetArray(x, CEED_MEM_HOST, CEED_COPY_VALUES, a);
  CeedVectorScale(x, -3.0);
  CeedVectorGetArrayRead(x, CEED_MEM_HOST, &r);
  for (CeedInt i = 0; i < 6; i++) {
    if (r[i] != scaled[i]) {
      printf("scale: entry %d is %f, expected %f\n", i, (double)r[i], (double)scaled[i]);
      fail = 1;
    }
  }
  CeedVectorRestoreArrayRead(x, &r);
  CeedVectorFilter(x, 1.5);
  CeedVectorGetArrayRead(x, CEED_MEM_HOST, &r);
  for (CeedInt i = 0; i < 6; i++) {
    if (r[i] != filtered[i]) {
      printf("filter: entry %d is %f, expected %f\n", i, (double)r[i], (double)filtered[i]);
      fail = 1;
    }
  }
  CeedVectorRestoreArrayRead(x, &r);
  CeedVectorDestroy(&x);
  CeedDestroy(&ceed);
  return fail;
}
