/* Device access: a device array of x is copied into y with CEED_COPY_VALUES in device memory, then read
   on host. Backends without device memory report "Can only provide HOST memory for this backend"
   (the harness then skips this test). */
#include <ceed.h>
#include <stdio.h>

int main(int argc, char **argv) {
  Ceed              ceed;
  CeedVector        x, y;
  CeedScalar        a[4] = {1, -2, 3, -4}, *d;
  const CeedScalar *r;
  int               fail = 0;

  if (argc < 2) return 2;
  CeedInit(argv[1], &ceed);
  CeedVectorCreate(ceed, 4, &x);
  CeedVectorCreate(ceed, 4, &y);
  CeedVectorSetArray(x, CEED_MEM_HOST, CEED_COPY_VALUES, a);
  CeedVectorGetArray(x, CEED_MEM_DEVICE, &d);
  CeedVectorSetArray(y, CEED_MEM_DEVICE, CEED_COPY_VALUES, d);
  CeedVectorRestoreArray(x, &d);
  CeedVectorGetArrayRead(y, CEED_MEM_HOST, &r);
  for (CeedInt i = 0; i < 4; i++) {
    if (r[i] != a[i]) {
      printf("entry %d is %f, expected %f\n", i, (double)r[i], (double)a[i]);
      fail = 1;
    }
  }
  CeedVectorRestoreArrayRead(y, &r);
  CeedVectorDestroy(&x);
  CeedVectorDestroy(&y);
  CeedDestroy(&ceed);
  return fail;
}
