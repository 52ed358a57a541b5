/* Every access-lock violation of the vector protocol returns CEED_ERROR_ACCESS with its exact message
   (store handler), and the vector stays usable. */
#include <ceed.h>
#include <stdio.h>
#include <string.h>

static int Expect(Ceed ceed, int ierr, int code, const char *func, const char *text) {
  const char *msg;
  char        needle[256];
  CeedGetErrorMessage(ceed, &msg);
  snprintf(needle, sizeof needle, "%s(): %s", func, text);
  if (ierr != code || !strstr(msg, needle)) {
    printf("expected code %d and \"%s\", got code %d and \"%s\"\n", code, needle, ierr, msg);
    return 1;
  }
  CeedResetErrorMessage(ceed, &msg);
  return 0;
}

int main(int argc, char **argv) {
  Ceed              ceed;
  CeedVector        x;
  CeedScalar       *a, *b;
  const CeedScalar *r, *r2;
  int               fail = 0;
  const char *V1 = "Cannot grant CeedVector array access, the access lock is already in use";
  const char *V2 = "Cannot grant CeedVector array access, a process has read access";

  if (argc < 2) return 2;
  CeedInit(argv[1], &ceed);
  CeedSetErrorHandler(ceed, CeedErrorStore);
  CeedVectorCreate(ceed, 3, &x);
  CeedVectorSetValue(x, 1.0);

  /* A writer holds the vector. */
  CeedVectorGetArray(x, CEED_MEM_HOST, &a);
  fail |= Expect(ceed, CeedVectorGetArray(x, CEED_MEM_HOST, &b), CEED_ERROR_ACCESS, "CeedVectorGetArray", V1);
  fail |= Expect(ceed, CeedVectorSetValue(x, 2.0), CEED_ERROR_ACCESS, "CeedVectorSetValue", V1);
  fail |= Expect(ceed, CeedVectorSetArray(x, CEED_MEM_HOST, CEED_COPY_VALUES, NULL), CEED_ERROR_ACCESS, "CeedVectorSetArray", V1);
  fail |= Expect(ceed, CeedVectorGetArrayRead(x, CEED_MEM_HOST, &r), CEED_ERROR_ACCESS, "CeedVectorGetArrayRead",
                 "Cannot grant CeedVector read-only array access, the access lock is already in use");
  fail |= Expect(ceed, CeedVectorSyncArray(x, CEED_MEM_HOST), CEED_ERROR_ACCESS, "CeedVectorSyncArray",
                 "Cannot sync CeedVector, the access lock is already in use");
  fail |= Expect(ceed, CeedVectorTakeArray(x, CEED_MEM_HOST, &b), CEED_ERROR_ACCESS, "CeedVectorTakeArray",
                 "Cannot take CeedVector array, the access lock is already in use");
  {
    CeedVector alias = x;
    fail |= Expect(ceed, CeedVectorDestroy(&alias), CEED_ERROR_ACCESS, "CeedVectorDestroy",
                   "Cannot destroy CeedVector, the writable access lock is in use");
  }
  a[0] = 5.0;
  CeedVectorRestoreArray(x, &a);
  fail |= Expect(ceed, CeedVectorRestoreArray(x, &a), CEED_ERROR_ACCESS, "CeedVectorRestoreArray",
                 "Cannot restore CeedVector array access, access was not granted");

  /* Readers hold the vector. */
  CeedVectorGetArrayRead(x, CEED_MEM_HOST, &r);
  CeedVectorGetArrayRead(x, CEED_MEM_HOST, &r2);
  fail |= Expect(ceed, CeedVectorGetArray(x, CEED_MEM_HOST, &b), CEED_ERROR_ACCESS, "CeedVectorGetArray", V2);
  fail |= Expect(ceed, CeedVectorGetArrayWrite(x, CEED_MEM_HOST, &b), CEED_ERROR_ACCESS, "CeedVectorGetArrayWrite", V2);
  fail |= Expect(ceed, CeedVectorSetValue(x, 2.0), CEED_ERROR_ACCESS, "CeedVectorSetValue", V2);
  fail |= Expect(ceed, CeedVectorTakeArray(x, CEED_MEM_HOST, &b), CEED_ERROR_ACCESS, "CeedVectorTakeArray",
                 "Cannot take CeedVector array, a process has read access");
  {
    CeedVector alias = x;
    fail |= Expect(ceed, CeedVectorDestroy(&alias), CEED_ERROR_ACCESS, "CeedVectorDestroy", "Cannot destroy CeedVector, a process has read access");
  }
  CeedVectorRestoreArrayRead(x, &r);
  CeedVectorRestoreArrayRead(x, &r2);
  fail |= Expect(ceed, CeedVectorRestoreArrayRead(x, &r), CEED_ERROR_ACCESS, "CeedVectorRestoreArrayRead",
                 "Cannot restore CeedVector array read access, access was not granted");

  /* Still usable, and the successful write is there. */
  CeedVectorGetArrayRead(x, CEED_MEM_HOST, &r);
  if (r[0] != 5.0 || r[1] != 1.0) {
    printf("values changed by failed calls: %f %f\n", (double)r[0], (double)r[1]);
    fail = 1;
  }
  CeedVectorRestoreArrayRead(x, &r);
  CeedVectorDestroy(&x);
  CeedDestroy(&ceed);
  return fail;
}
