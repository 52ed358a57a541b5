/* CeedVectorTakeArray returns the borrowed array with the vector's latest values; afterwards
   GetArrayWrite allocates new storage and the taken array is left alone. */
#include <ceed.h>
#include <ceed/backend.h>
#include <stdio.h>

int main(int argc, char **argv) {
  Ceed       ceed;
  CeedVector x;
  CeedScalar a[4] = {1, 2, 3, 4}, *w, *taken = NULL;
  bool       valid;
  int        fail = 0;

  if (argc < 2) return 2;
  CeedInit(argv[1], &ceed);
  CeedVectorCreate(ceed, 4, &x);
  CeedVectorSetArray(x, CEED_MEM_HOST, CEED_USE_POINTER, a);
  CeedVectorScale(x, 3.0);
  CeedVectorTakeArray(x, CEED_MEM_HOST, &taken);
  if (taken != a || a[0] != 3.0 || a[3] != 12.0) {
    printf("taken array wrong: %p vs %p, a = %f %f\n", (void *)taken, (void *)a, (double)a[0], (double)a[3]);
    fail = 1;
  }
  CeedVectorGetArrayWrite(x, CEED_MEM_HOST, &w);
  if (w == a) {
    printf("write access reused the taken array\n");
    fail = 1;
  }
  for (CeedInt i = 0; i < 4; i++) w[i] = -1;
  CeedVectorRestoreArray(x, &w);
  if (a[0] != 3.0) {
    printf("taken array modified\n");
    fail = 1;
  }
  CeedVectorHasValidArray(x, &valid);
  if (!valid) fail = 1;
  /* Borrow again and take without a destination: the vector is left without data. */
  CeedVectorSetArray(x, CEED_MEM_HOST, CEED_USE_POINTER, a);
  CeedVectorTakeArray(x, CEED_MEM_HOST, NULL);
  CeedVectorHasValidArray(x, &valid);
  if (valid) {
    printf("vector still valid after its only array was taken\n");
    fail = 1;
  }
  CeedVectorDestroy(&x);
  CeedDestroy(&ceed);
  return fail;
}
