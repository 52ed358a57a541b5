/* Work vector pool: reuse of idle vectors long enough, memory accounting, clearing, misuse errors. */
#include <ceed.h>
#include <ceed/backend.h>
#include <math.h>
#include <stdio.h>

int main(int argc, char **argv) {
  Ceed       ceed;
  CeedVector a, b, first;
  CeedScalar usage;

  if (argc < 2) return 2;
  CeedInit(argv[1], &ceed);
  CeedSetErrorHandler(ceed, CeedErrorStore);
  CeedGetWorkVector(ceed, 20, &a);
  first = a;
  CeedRestoreWorkVector(ceed, &a);
  if (a) return 1;
  CeedGetWorkVector(ceed, 20, &a);
  if (a != first) {
    printf("an idle vector of sufficient length must be reused\n");
    return 1;
  }
  CeedGetWorkVector(ceed, 30, &b);
  if (b == a) return 1;
  CeedGetWorkVectorMemoryUsage(ceed, &usage);
  if (fabs(usage - 50 * 8e-6) > 1e-15) {
    printf("usage %g MB, expected %g\n", usage, 50 * 8e-6);
    return 1;
  }
  CeedVector not_checked_out = a;
  CeedRestoreWorkVector(ceed, &a);
  if (CeedRestoreWorkVector(ceed, &not_checked_out) != CEED_ERROR_ACCESS) return 1;
  CeedVector foreign;
  CeedVectorCreate(ceed, 5, &foreign);
  if (CeedRestoreWorkVector(ceed, &foreign) != CEED_ERROR_MAJOR) return 1;
  CeedVectorDestroy(&foreign);
  /* A checked-out vector keeps the context from being destroyed. */
  if (CeedDestroy(&ceed) != CEED_ERROR_ACCESS || !ceed) return 1;
  CeedRestoreWorkVector(ceed, &b);
  CeedClearWorkVectors(ceed, 25); /* frees the idle length-20 vector */
  CeedGetWorkVectorMemoryUsage(ceed, &usage);
  if (fabs(usage - 30 * 8e-6) > 1e-15) return 1;
  CeedClearWorkVectors(ceed, 100);
  CeedGetWorkVectorMemoryUsage(ceed, &usage);
  if (usage != 0.0) return 1;
  CeedGetWorkVector(ceed, 7, &a);
  CeedRestoreWorkVector(ceed, &a);
  CeedDestroy(&ceed); /* the pool is released with its context */
  return 0;
}
