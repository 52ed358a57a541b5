/* Every vector function works on length-0 vectors: arrays come back NULL, reductions return 0. */
#include <ceed.h>
#include <ceed/backend.h>
#include <stdio.h>

int main(int argc, char **argv) {
  Ceed              ceed;
  CeedVector        x, y;
  CeedScalar       *a = (CeedScalar *)&ceed, norm = -1;
  const CeedScalar *r = a;
  CeedSize          len = -1;
  bool              valid = false;
  int               fail = 0;

  if (argc < 2) return 2;
  CeedInit(argv[1], &ceed);
  CeedVectorCreate(ceed, 0, &x);
  CeedVectorCreate(ceed, 0, &y);
  CeedVectorGetLength(x, &len);
  CeedVectorHasValidArray(x, &valid);
  if (len != 0 || !valid) fail = 1;
  CeedVectorSetArray(x, CEED_MEM_HOST, CEED_COPY_VALUES, NULL);
  CeedVectorSetValue(x, 1.0);
  CeedVectorSetValue(y, 2.0);
  CeedVectorGetArray(x, CEED_MEM_HOST, &a);
  if (a) fail = 1;
  CeedVectorRestoreArray(x, &a);
  CeedVectorGetArrayRead(x, CEED_MEM_HOST, &r);
  if (r) fail = 1;
  CeedVectorRestoreArrayRead(x, &r);
  CeedVectorGetArrayWrite(x, CEED_MEM_HOST, &a);
  if (a) fail = 1;
  CeedVectorRestoreArray(x, &a);
  CeedVectorNorm(x, CEED_NORM_MAX, &norm);
  if (norm != 0.0) fail = 1;
  CeedVectorScale(x, 3.0);
  CeedVectorAXPY(x, 1.0, y);
  CeedVectorAXPBY(x, 1.0, 2.0, y);
  CeedVectorPointwiseMult(x, x, y);
  CeedVectorReciprocal(x);
  CeedVectorFilter(x, 0.5);
  CeedVectorCopy(x, y);
  CeedVectorCopyStrided(x, 0, -1, 1, y);
  CeedVectorSetValueStrided(x, 0, -1, 2, 4.0);
  CeedVectorSyncArray(x, CEED_MEM_HOST);
  CeedVectorTakeArray(x, CEED_MEM_HOST, &a);
  if (a) fail = 1;
  CeedVectorView(x, "%12.8f", stdout);
  if (fail) printf("length-0 vector misbehaved\n");
  CeedVectorDestroy(&x);
  CeedVectorDestroy(&y);
  CeedDestroy(&ceed);
  return fail;
}
