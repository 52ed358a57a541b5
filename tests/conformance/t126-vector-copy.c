/* CeedVectorCopy into an owned vector and into a vector borrowing a user array; the copy is
   independent of the source afterwards. */
#include <ceed.h>
#include <stdio.h>

int main(int argc, char **argv) {
  Ceed              ceed;
  CeedVector        x, y, z;
  CeedScalar        a[4] = {1, 2, 3, 4}, user[4] = {0, 0, 0, 0};
  const CeedScalar *r;
  int               fail = 0;

  if (argc < 2) return 2;
  CeedInit(argv[1], &ceed);
  CeedVectorCreate(ceed, 4, &x);
  CeedVectorCreate(ceed, 4, &y);
  CeedVectorCreate(ceed, 4, &z);
  CeedVectorSetArray(x, CEED_MEM_HOST, CEED_COPY_VALUES, a);
  CeedVectorSetArray(z, CEED_MEM_HOST, CEED_USE_POINTER, user);
  CeedVectorCopy(x, y);
  CeedVectorCopy(x, z);
  CeedVectorSetValue(x, -1.0);
  CeedVectorGetArrayRead(y, CEED_MEM_HOST, &r);
  for (CeedInt i = 0; i < 4; i++) {
    if (r[i] != a[i]) {
      printf("copy: entry %d is %f\n", i, (double)r[i]);
      fail = 1;
    }
  }
  CeedVectorRestoreArrayRead(y, &r);
  CeedVectorSyncArray(z, CEED_MEM_HOST);
  for (CeedInt i = 0; i < 4; i++) {
    if (user[i] != a[i]) {
      printf("copy into borrowed array: entry %d is %f\n", i, (double)user[i]);
      fail = 1;
    }
  }
  CeedVectorDestroy(&x);
  CeedVectorDestroy(&y);
  CeedVectorDestroy(&z);
  CeedDestroy(&ceed);
  return fail;
}
