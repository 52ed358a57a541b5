/* Helper of the restriction conformance programs: compares a vector's values with expected ones. */
#ifndef CEED_TEST_CHECK_VECTOR_H
#define CEED_TEST_CHECK_VECTOR_H

#include <ceed.h>
#include <math.h>
#include <stdio.h>

/* Prints every entry of vec farther than tol from expected (tol 0: exact; NaN always fails); returns 1
   if there was one. */
static inline int CheckVector(CeedVector vec, const CeedScalar *expected, CeedInt n, const char *what, CeedScalar tol) {
  const CeedScalar *a;
  int               bad = 0;

  CeedVectorGetArrayRead(vec, CEED_MEM_HOST, &a);
  for (CeedInt i = 0; i < n; i++) {
    if (!(fabs(a[i] - expected[i]) <= tol)) {
      printf("%s[%d] = %g, expected %g\n", what, (int)i, (double)a[i], (double)expected[i]);
      bad = 1;
    }
  }
  CeedVectorRestoreArrayRead(vec, &a);
  return bad;
}

#endif /* CEED_TEST_CHECK_VECTOR_H */
