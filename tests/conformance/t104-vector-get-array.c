/* Read-write access modifies the values in place; write-only access provides storage for new values. */
#include <ceed.h>
#include <stdio.h>

int main(int argc, char **argv) {
  Ceed              ceed;
  CeedVector        x, y;
  CeedScalar       *a;
  const CeedScalar *r;
  int               fail = 0;

  if (argc < 2) return 2;
  CeedInit(argv[1], &ceed);
  CeedVectorCreate(ceed, 6, &x);
  CeedVectorSetValue(x, 2.0);
  CeedVectorGetArray(x, CEED_MEM_HOST, &a);
  for (CeedInt i = 0; i < 6; i++) a[i] *= i;
  CeedVectorRestoreArray(x, &a);
  CeedVectorGetArrayRead(x, CEED_MEM_HOST, &r);
  for (CeedInt i = 0; i < 6; i++) {
    if (r[i] != 2.0 * i) {
      printf("read-write: entry %d is %f, expected %f\n", i, (double)r[i], 2.0 * i);
      fail = 1;
    }
  }
  CeedVectorRestoreArrayRead(x, &r);

  CeedVectorCreate(ceed, 6, &y); /* no data yet: write-only access still works */
  CeedVectorGetArrayWrite(y, CEED_MEM_HOST, &a);
  for (CeedInt i = 0; i < 6; i++) a[i] = 1.0 / (i + 1);
  CeedVectorRestoreArray(y, &a);
  CeedVectorGetArrayRead(y, CEED_MEM_HOST, &r);
  for (CeedInt i = 0; i < 6; i++) {
    if (r[i] != 1.0 / (i + 1)) {
      printf("write-only: entry %d is %f\n", i, (double)r[i]);
      fail = 1;
    }
  }
  CeedVectorRestoreArrayRead(y, &r);
  CeedVectorDestroy(&x);
  CeedVectorDestroy(&y);
  CeedDestroy(&ceed);
  return fail;
}
