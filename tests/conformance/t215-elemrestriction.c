/* Destroying a restriction while its offsets are read fails with an ACCESS error naming the lock and
   leaves the restriction usable; restoring the offsets then lets it be destroyed. A restore without a
   matching get fails too. */
#include <ceed.h>
#include <ceed/backend.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
  Ceed                ceed;
  CeedElemRestriction rstr, handle;
  CeedVector          u, e;
  CeedInt             offsets[4] = {0, 1, 1, 2};
  const CeedInt      *read_offsets;
  const char         *msg;
  const CeedScalar   *a;
  int                 bad = 0;

  if (argc < 2) return 2;
  CeedInit(argv[1], &ceed);
  CeedSetErrorHandler(ceed, CeedErrorStore);
  CeedElemRestrictionCreate(ceed, 2, 2, 1, 1, 3, CEED_MEM_HOST, CEED_USE_POINTER, offsets, &rstr);
  CeedElemRestrictionGetOffsets(rstr, CEED_MEM_HOST, &read_offsets);
  handle = rstr;
  if (CeedElemRestrictionDestroy(&handle) != CEED_ERROR_ACCESS || handle != rstr) {
    printf("destroy with offsets being read did not fail with CEED_ERROR_ACCESS\n");
    bad = 1;
  }
  CeedGetErrorMessage(ceed, &msg);
  if (!strstr(msg, "CeedElemRestrictionDestroy(): Cannot destroy CeedElemRestriction, a process has read access to the offset data")) {
    printf("unexpected message: %s\n", msg);
    bad = 1;
  }
  CeedResetErrorMessage(ceed, &msg);

  /* Still usable. */
  CeedElemRestrictionCreateVector(rstr, &u, &e);
  CeedVectorSetValue(u, 2.0);
  CeedElemRestrictionApply(rstr, CEED_NOTRANSPOSE, u, e, CEED_REQUEST_IMMEDIATE);
  CeedVectorGetArrayRead(e, CEED_MEM_HOST, &a);
  for (CeedInt i = 0; i < 4; i++) {
    if (a[i] != 2.0) {
      printf("E u [%d] = %g after failed destroy, expected 2\n", (int)i, (double)a[i]);
      bad = 1;
    }
  }
  CeedVectorRestoreArrayRead(e, &a);

  CeedElemRestrictionRestoreOffsets(rstr, &read_offsets);
  if (CeedElemRestrictionRestoreOffsets(rstr, &read_offsets) != CEED_ERROR_ACCESS) {
    printf("restore without access did not fail with CEED_ERROR_ACCESS\n");
    bad = 1;
  }
  if (CeedElemRestrictionDestroy(&rstr) != CEED_ERROR_SUCCESS || rstr != NULL) {
    printf("destroy after restore failed\n");
    bad = 1;
  }
  CeedVectorDestroy(&u);
  CeedVectorDestroy(&e);
  CeedDestroy(&ceed);
  return bad;
}
