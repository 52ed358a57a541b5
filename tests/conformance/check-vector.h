/* Helpers of the conformance programs: a vector's values compared with expected ones, the sum of its values. */
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

/* The sum of every value of vec (read on the host). */
static inline CeedScalar VectorSum(CeedVector vec) {
  const CeedScalar *a;
  CeedSize          n;
  CeedScalar        s = 0.0;

  CeedVectorGetLength(vec, &n);
  CeedVectorGetArrayRead(vec, CEED_MEM_HOST, &a);
  for (CeedSize i = 0; i < n; i++) s += a[i];
  CeedVectorRestoreArrayRead(vec, &a);
  return s;
}

#endif /* CEED_TEST_CHECK_VECTOR_H */
