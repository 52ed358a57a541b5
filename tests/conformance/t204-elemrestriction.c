/* Curl-oriented restriction with hand-computed tridiagonal transforms T (per element): E u = T u_e,
   E^T e = T^T e_e summed; the unsigned copy uses |T|, the unoriented copy plain offsets; a blocked
   curl-oriented restriction gives the same element data and transpose. */
#include <ceed.h>
#include <ceed/backend.h>
#include <stdio.h>

#include "check-vector.h"

int main(int argc, char **argv) {
  Ceed                ceed;
  CeedElemRestriction rstr, rstr_unsigned = NULL, rstr_unoriented = NULL, rstr_blk;
  CeedVector          u, e, v, e_blk;
  CeedInt             offsets[6] = {0, 1, 2, 2, 3, 4};
  /* Rows [T(i,i-1), T(i,i), T(i,i+1)] of each element. */
  CeedInt8            curl_orients[18] = {0, 1, 2, -1, 1, 0, 1, -1, 0, 0, -1, 0, 2, 1, -1, 0, 1, 0};
  CeedScalar          u_values[5] = {1, 2, 3, 4, 5}, e_values[6] = {1, 2, 3, 4, 5, 6};
  const CeedScalar    e_signed[6] = {5, 1, -1, -3, 5, 5}, e_abs[6] = {5, 3, 5, 3, 15, 5}, e_plain[6] = {1, 2, 3, 3, 4, 5};
  const CeedScalar    v_signed[5] = {-1, 7, 3, 5, 1}, v_abs[5] = {3, 7, 17, 5, 11}, v_plain[5] = {1, 2, 7, 5, 6};
  int                 bad = 0;

  if (argc < 2) return 2;
  CeedInit(argv[1], &ceed);
  CeedElemRestrictionCreateCurlOriented(ceed, 2, 3, 1, 1, 5, CEED_MEM_HOST, CEED_COPY_VALUES, offsets, curl_orients, &rstr);
  CeedElemRestrictionCreateUnsignedCopy(rstr, &rstr_unsigned);
  CeedElemRestrictionCreateUnorientedCopy(rstr, &rstr_unoriented);
  CeedElemRestrictionCreateVector(rstr, &u, &e);
  CeedVectorCreate(ceed, 5, &v);
  CeedVectorSetArray(u, CEED_MEM_HOST, CEED_COPY_VALUES, u_values);

  CeedElemRestrictionApply(rstr, CEED_NOTRANSPOSE, u, e, CEED_REQUEST_IMMEDIATE);
  bad |= CheckVector(e, e_signed, 6, "curl E u", 0.0);
  CeedElemRestrictionApply(rstr_unsigned, CEED_NOTRANSPOSE, u, e, CEED_REQUEST_IMMEDIATE);
  bad |= CheckVector(e, e_abs, 6, "unsigned curl E u", 0.0);
  CeedElemRestrictionApply(rstr_unoriented, CEED_NOTRANSPOSE, u, e, CEED_REQUEST_IMMEDIATE);
  bad |= CheckVector(e, e_plain, 6, "unoriented curl E u", 0.0);

  CeedVectorSetArray(e, CEED_MEM_HOST, CEED_COPY_VALUES, e_values);
  CeedVectorSetValue(v, 0.0);
  CeedElemRestrictionApply(rstr, CEED_TRANSPOSE, e, v, CEED_REQUEST_IMMEDIATE);
  bad |= CheckVector(v, v_signed, 5, "curl E^T e", 0.0);
  CeedVectorSetValue(v, 0.0);
  CeedElemRestrictionApply(rstr_unsigned, CEED_TRANSPOSE, e, v, CEED_REQUEST_IMMEDIATE);
  bad |= CheckVector(v, v_abs, 5, "unsigned curl E^T e", 0.0);
  CeedVectorSetValue(v, 0.0);
  CeedElemRestrictionApply(rstr_unoriented, CEED_TRANSPOSE, e, v, CEED_REQUEST_IMMEDIATE);
  bad |= CheckVector(v, v_plain, 5, "unoriented curl E^T e", 0.0);

  /* Blocked, block size 3 > 2 elements. */
  CeedElemRestrictionCreateBlockedCurlOriented(ceed, 2, 3, 3, 1, 1, 5, CEED_MEM_HOST, CEED_COPY_VALUES, offsets, curl_orients,
                                               &rstr_blk);
  CeedElemRestrictionCreateVector(rstr_blk, NULL, &e_blk);
  CeedElemRestrictionApply(rstr_blk, CEED_NOTRANSPOSE, u, e_blk, CEED_REQUEST_IMMEDIATE);
  {
    const CeedScalar *a;
    CeedScalar       *w;
    CeedVectorGetArrayRead(e_blk, CEED_MEM_HOST, &a);
    for (CeedInt k = 0; k < 3; k++) {
      for (CeedInt i = 0; i < 3; i++) {
        const CeedScalar known = e_signed[(k < 2 ? k : 1) * 3 + i];
        if (a[i * 3 + k] != known) {
          printf("blocked curl element %d node %d = %g, expected %g\n", (int)k, (int)i, (double)a[i * 3 + k], (double)known);
          bad = 1;
        }
      }
    }
    CeedVectorRestoreArrayRead(e_blk, &a);
    /* Blocked E-vector holding e_values for the two real elements and garbage in the padding lane. */
    CeedVectorGetArrayWrite(e_blk, CEED_MEM_HOST, &w);
    for (CeedInt i = 0; i < 3; i++) {
      w[i * 3 + 0] = e_values[i];
      w[i * 3 + 1] = e_values[3 + i];
      w[i * 3 + 2] = 1000;
    }
    CeedVectorRestoreArray(e_blk, &w);
  }
  CeedVectorSetValue(v, 0.0);
  CeedElemRestrictionApply(rstr_blk, CEED_TRANSPOSE, e_blk, v, CEED_REQUEST_IMMEDIATE);
  bad |= CheckVector(v, v_signed, 5, "blocked curl E^T e", 0.0);

  CeedVectorDestroy(&u);
  CeedVectorDestroy(&e);
  CeedVectorDestroy(&v);
  CeedVectorDestroy(&e_blk);
  CeedElemRestrictionDestroy(&rstr_unsigned);
  CeedElemRestrictionDestroy(&rstr);
  CeedElemRestrictionDestroy(&rstr_unoriented);
  CeedElemRestrictionDestroy(&rstr_blk);
  CeedDestroy(&ceed);
  return bad;
}
