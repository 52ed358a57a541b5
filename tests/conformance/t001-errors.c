/* Error handlers: store mode formats "<file>:<line> in <func>(): <message>", reset restores the default
   text, return mode returns the code silently, and the object stays usable after an error. */
#include <ceed.h>
#include <stdio.h>
#include <string.h>

static int CheckStored(Ceed ceed, const char *needle) {
  const char *msg;
  CeedGetErrorMessage(ceed, &msg);
  if (!strstr(msg, needle)) {
    printf("stored message \"%s\" lacks \"%s\"\n", msg, needle);
    return 1;
  }
  return 0;
}

static int RaiseFromHere(Ceed ceed) { return CeedError(ceed, CEED_ERROR_DIMENSION, "custom failure %d", 42); }

int main(int argc, char **argv) {
  Ceed        ceed;
  const char *msg;

  if (argc < 2) return 2;
  CeedInit(argv[1], &ceed);
  CeedGetErrorMessage(ceed, &msg);
  if (strcmp(msg, "No error message stored")) {
    printf("initial message: %s\n", msg);
    return 1;
  }
  CeedSetErrorHandler(ceed, CeedErrorStore);
  if (RaiseFromHere(ceed) != CEED_ERROR_DIMENSION) return 1;
  if (CheckStored(ceed, "t001-errors.c:")) return 1;
  if (CheckStored(ceed, " in RaiseFromHere(): custom failure 42")) return 1;
  CeedResetErrorMessage(ceed, &msg);
  if (msg != NULL) return 1;
  CeedGetErrorMessage(ceed, &msg);
  if (strcmp(msg, "No error message stored")) return 1;

  /* An API error names the function in which the check failed. */
  CeedVector vec;
  if (CeedVectorCreate(ceed, -3, &vec) == 0) {
    printf("negative length accepted\n");
    return 1;
  }
  if (CheckStored(ceed, "CeedVectorCreate():")) return 1;

  /* Return mode: the code comes back, the message buffer is untouched. */
  CeedResetErrorMessage(ceed, &msg);
  CeedSetErrorHandler(ceed, CeedErrorReturn);
  if (RaiseFromHere(ceed) != CEED_ERROR_DIMENSION) return 1;
  CeedGetErrorMessage(ceed, &msg);
  if (strcmp(msg, "No error message stored")) return 1;

  /* Error type names cover the negative codes. */
  if (strcmp(CeedErrorTypes[CEED_ERROR_UNSUPPORTED], "operation unsupported by backend") ||
      strcmp(CeedErrorTypes[CEED_ERROR_ACCESS], "access lock in use") || strcmp(CeedErrorTypes[CEED_ERROR_SUCCESS], "success")) {
    printf("error type names wrong\n");
    return 1;
  }
  CeedDestroy(&ceed);
  return 0;
}
