/* CeedVectorSetValue on a vector without storage, after SetArray, and CeedVectorSyncArray to the
   preferred memory type. */
#include <ceed.h>
#include <stdio.h>

int main(int argc, char **argv) {
  Ceed              ceed;
  CeedVector        x;
  CeedMemType       mem;
  CeedSize          len;
  const CeedScalar *a;
  CeedScalar        b[5] = {1, 2, 3, 4, 5};
  int               fail = 0;

  if (argc < 2) return 2;
  CeedInit(argv[1], &ceed);
  CeedGetPreferredMemType(ceed, &mem);
  CeedVectorCreate(ceed, 5, &x);
  CeedVectorSetValue(x, 3.0);
  CeedVectorSyncArray(x, mem);
  CeedVectorGetLength(x, &len);
  if (len != 5) fail = 1;
  CeedVectorGetArrayRead(x, CEED_MEM_HOST, &a);
  for (CeedInt i = 0; i < len; i++) {
    if (a[i] != 3.0) {
      printf("fresh vector: entry %d is %f, expected 3\n", i, (double)a[i]);
      fail = 1;
    }
  }
  CeedVectorRestoreArrayRead(x, &a);

  CeedVectorSetArray(x, CEED_MEM_HOST, CEED_USE_POINTER, b);
  CeedVectorSetValue(x, -1.25);
  CeedVectorSyncArray(x, CEED_MEM_HOST);
  for (CeedInt i = 0; i < 5; i++) {
    if (b[i] != -1.25) {
      printf("borrowed array: entry %d is %f, expected -1.25\n", i, (double)b[i]);
      fail = 1;
    }
  }
  CeedVectorDestroy(&x);
  CeedDestroy(&ceed);
  return fail;
}
