/* Several simultaneous read-only accesses to one vector are allowed and see the same data. */
#include <ceed.h>
#include <stdio.h>

int main(int argc, char **argv) {
  Ceed              ceed;
  CeedVector        x;
  const CeedScalar *r1, *r2, *r3;
  CeedScalar        a[3] = {1, 2, 3};
  int               fail = 0;

  if (argc < 2) return 2;
  CeedInit(argv[1], &ceed);
  CeedVectorCreate(ceed, 3, &x);
  CeedVectorSetArray(x, CEED_MEM_HOST, CEED_COPY_VALUES, a);
  CeedVectorGetArrayRead(x, CEED_MEM_HOST, &r1);
  CeedVectorGetArrayRead(x, CEED_MEM_HOST, &r2);
  CeedVectorGetArrayRead(x, CEED_MEM_HOST, &r3);
  for (CeedInt i = 0; i < 3; i++) {
    if (r1[i] != a[i] || r2[i] != a[i] || r3[i] != a[i]) {
      printf("reader mismatch at %d\n", i);
      fail = 1;
    }
  }
  CeedVectorRestoreArrayRead(x, &r2);
  CeedVectorRestoreArrayRead(x, &r1);
  CeedVectorRestoreArrayRead(x, &r3);
  if (r1 || r2 || r3) fail = 1;
  CeedVectorSetValue(x, 0.0); /* all readers gone: writes are allowed again */
  CeedVectorDestroy(&x);
  CeedDestroy(&ceed);
  return fail;
}
