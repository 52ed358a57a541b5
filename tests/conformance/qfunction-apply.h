/* Helpers of the QFunction conformance programs: apply a QFunction (or a gallery QFunction by name) to
   host arrays of Q points, and compare results with expected values. */
#ifndef CEED_TEST_QFUNCTION_APPLY_H
#define CEED_TEST_QFUNCTION_APPLY_H

#include <ceed.h>
#include <math.h>
#include <stdio.h>

/* Applies qf on Q points; in[f] holds in_sizes[f]*Q values, out[f] receives out_sizes[f]*Q values. */
static inline void ApplyQFunction(Ceed ceed, CeedQFunction qf, CeedInt Q, CeedInt num_in, const CeedInt *in_sizes, const CeedScalar *const *in,
                                  CeedInt num_out, const CeedInt *out_sizes, CeedScalar **out) {
  CeedVector u[4], v[4];
  for (CeedInt f = 0; f < num_in; f++) {
    CeedVectorCreate(ceed, in_sizes[f] * Q, &u[f]);
    CeedVectorSetArray(u[f], CEED_MEM_HOST, CEED_COPY_VALUES, (CeedScalar *)in[f]);
  }
  for (CeedInt f = 0; f < num_out; f++) {
    CeedVectorCreate(ceed, out_sizes[f] * Q, &v[f]);
    CeedVectorSetValue(v[f], -1e300);
  }
  CeedQFunctionApply(qf, Q, u, v);
  for (CeedInt f = 0; f < num_out; f++) {
    const CeedScalar *a;
    CeedVectorGetArrayRead(v[f], CEED_MEM_HOST, &a);
    for (CeedInt k = 0; k < out_sizes[f] * Q; k++) out[f][k] = a[k];
    CeedVectorRestoreArrayRead(v[f], &a);
    CeedVectorDestroy(&v[f]);
  }
  for (CeedInt f = 0; f < num_in; f++) CeedVectorDestroy(&u[f]);
}

/* ApplyQFunction for the gallery QFunction name. */
static inline void ApplyGallery(Ceed ceed, const char *name, CeedInt Q, CeedInt num_in, const CeedInt *in_sizes, const CeedScalar *const *in,
                                CeedInt num_out, const CeedInt *out_sizes, CeedScalar **out) {
  CeedQFunction qf;
  CeedQFunctionCreateInteriorByName(ceed, name, &qf);
  ApplyQFunction(ceed, qf, Q, num_in, in_sizes, in, num_out, out_sizes, out);
  CeedQFunctionDestroy(&qf);
}

/* Prints and counts the entries of actual that differ from expected beyond 1e-13 relative. */
static inline int Compare(const char *name, const CeedScalar *actual, const CeedScalar *expected, CeedInt n) {
  int failures = 0;
  for (CeedInt k = 0; k < n; k++) {
    if (fabs(actual[k] - expected[k]) > 1e-13 * (1 + fabs(expected[k]))) {
      printf("%s: entry %d = %.16g, expected %.16g\n", name, (int)k, actual[k], expected[k]);
      failures++;
    }
  }
  return failures;
}

#endif /* CEED_TEST_QFUNCTION_APPLY_H */
