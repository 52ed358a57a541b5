/* CeedVectorSetValueStrided and CeedVectorCopyStrided (stop == -1 means the length, or the shorter length). */
#include <ceed.h>
#include <stdio.h>

int main(int argc, char **argv) {
  Ceed              ceed;
  CeedVector        x, y;
  const CeedScalar *r;
  CeedScalar        ex[9] = {0, 5, 0, 5, 0, 7, 0, 5, 7}, ey[6] = {-1, 5, -1, -1, -1, 7};
  int               fail = 0;

  if (argc < 2) return 2;
  CeedInit(argv[1], &ceed);
  CeedVectorCreate(ceed, 9, &x);
  CeedVectorCreate(ceed, 6, &y);
  CeedVectorSetValue(x, 0.0);
  CeedVectorSetValue(y, -1.0);
  CeedVectorSetValueStrided(x, 1, 8, 2, 5.0);  /* 1 3 5 7 */
  CeedVectorSetValueStrided(x, 5, -1, 3, 7.0); /* 5 8 */
  CeedVectorCopyStrided(x, 1, -1, 4, y);       /* 1 5 (y has length 6) */
  CeedVectorGetArrayRead(x, CEED_MEM_HOST, &r);
  for (CeedInt i = 0; i < 9; i++) {
    if (r[i] != ex[i]) {
      printf("x entry %d is %f, expected %f\n", i, (double)r[i], (double)ex[i]);
      fail = 1;
    }
  }
  CeedVectorRestoreArrayRead(x, &r);
  CeedVectorGetArrayRead(y, CEED_MEM_HOST, &r);
  for (CeedInt i = 0; i < 6; i++) {
    if (r[i] != ey[i]) {
      printf("y entry %d is %f, expected %f\n", i, (double)r[i], (double)ey[i]);
      fail = 1;
    }
  }
  CeedVectorRestoreArrayRead(y, &r);
  CeedVectorDestroy(&x);
  CeedVectorDestroy(&y);
  CeedDestroy(&ceed);
  return fail;
}
