/* Oriented restriction: flagged nodes are negated by E and E^T; the unsigned and unoriented copies
   apply plain offsets, share the base's data and keep working after the base handle is destroyed;
   a blocked oriented restriction gives the same element data. */
#include <ceed.h>
#include <ceed/backend.h>
#include <stdio.h>

#include "check-vector.h"

int main(int argc, char **argv) {
  Ceed                ceed;
  CeedElemRestriction rstr, rstr_unsigned = NULL, rstr_unoriented = NULL, rstr_blk;
  CeedVector          u, e, v, e_blk, mult;
  CeedInt             offsets[6] = {0, 1, 2, 2, 3, 4};
  bool                orients[6] = {false, false, true, true, false, false};
  CeedScalar          u_values[5] = {1, 2, 3, 4, 5}, ones[6] = {1, 1, 1, 1, 1, 1};
  const CeedScalar    e_signed[6] = {1, 2, -3, -3, 4, 5}, e_plain[6] = {1, 2, 3, 3, 4, 5};
  const CeedScalar    v_signed[5] = {1, 1, -2, 1, 1}, v_plain[5] = {1, 1, 2, 1, 1};
  CeedRestrictionType type;
  int                 bad = 0;

  if (argc < 2) return 2;
  CeedInit(argv[1], &ceed);
  CeedElemRestrictionCreateOriented(ceed, 2, 3, 1, 1, 5, CEED_MEM_HOST, CEED_USE_POINTER, offsets, orients, &rstr);
  CeedElemRestrictionGetType(rstr, &type);
  if (type != CEED_RESTRICTION_ORIENTED) {
    printf("type %d, expected CEED_RESTRICTION_ORIENTED\n", (int)type);
    bad = 1;
  }
  CeedElemRestrictionCreateUnsignedCopy(rstr, &rstr_unsigned);
  CeedElemRestrictionCreateUnorientedCopy(rstr, &rstr_unoriented);
  CeedElemRestrictionCreateVector(rstr, &u, &e);
  CeedVectorCreate(ceed, 5, &v);
  CeedVectorCreate(ceed, 5, &mult);
  CeedVectorSetArray(u, CEED_MEM_HOST, CEED_COPY_VALUES, u_values);

  CeedElemRestrictionApply(rstr, CEED_NOTRANSPOSE, u, e, CEED_REQUEST_IMMEDIATE);
  bad |= CheckVector(e, e_signed, 6, "oriented E u", 0.0);
  CeedVectorSetArray(e, CEED_MEM_HOST, CEED_COPY_VALUES, ones);
  CeedVectorSetValue(v, 0.0);
  CeedElemRestrictionApply(rstr, CEED_TRANSPOSE, e, v, CEED_REQUEST_IMMEDIATE);
  bad |= CheckVector(v, v_signed, 5, "oriented E^T 1", 0.0);
  CeedElemRestrictionGetMultiplicity(rstr, mult);
  bad |= CheckVector(mult, v_plain, 5, "oriented multiplicity", 0.0);

  /* The copies outlive the base handle. */
  CeedElemRestrictionDestroy(&rstr);
  CeedElemRestrictionApply(rstr_unsigned, CEED_NOTRANSPOSE, u, e, CEED_REQUEST_IMMEDIATE);
  bad |= CheckVector(e, e_plain, 6, "unsigned E u", 0.0);
  CeedVectorSetArray(e, CEED_MEM_HOST, CEED_COPY_VALUES, ones);
  CeedVectorSetValue(v, 0.0);
  CeedElemRestrictionApply(rstr_unsigned, CEED_TRANSPOSE, e, v, CEED_REQUEST_IMMEDIATE);
  bad |= CheckVector(v, v_plain, 5, "unsigned E^T 1", 0.0);
  CeedElemRestrictionApply(rstr_unoriented, CEED_NOTRANSPOSE, u, e, CEED_REQUEST_IMMEDIATE);
  bad |= CheckVector(e, e_plain, 6, "unoriented E u", 0.0);
  CeedElemRestrictionDestroy(&rstr_unsigned);
  CeedVectorSetArray(e, CEED_MEM_HOST, CEED_COPY_VALUES, ones);
  CeedVectorSetValue(v, 0.0);
  CeedElemRestrictionApply(rstr_unoriented, CEED_TRANSPOSE, e, v, CEED_REQUEST_IMMEDIATE);
  bad |= CheckVector(v, v_plain, 5, "unoriented E^T 1", 0.0);
  CeedElemRestrictionDestroy(&rstr_unoriented);

  /* Blocked oriented, block size 4 > 2 elements: one padded block. */
  CeedElemRestrictionCreateBlockedOriented(ceed, 2, 3, 4, 1, 1, 5, CEED_MEM_HOST, CEED_COPY_VALUES, offsets, orients, &rstr_blk);
  CeedElemRestrictionCreateVector(rstr_blk, NULL, &e_blk);
  CeedElemRestrictionApply(rstr_blk, CEED_NOTRANSPOSE, u, e_blk, CEED_REQUEST_IMMEDIATE);
  {
    const CeedScalar *a;
    CeedVectorGetArrayRead(e_blk, CEED_MEM_HOST, &a);
    for (CeedInt k = 0; k < 4; k++) {
      for (CeedInt i = 0; i < 3; i++) {
        const CeedScalar known = e_signed[(k < 2 ? k : 1) * 3 + i];
        if (a[i * 4 + k] != known) {
          printf("blocked oriented element %d node %d = %g, expected %g\n", (int)k, (int)i, (double)a[i * 4 + k], (double)known);
          bad = 1;
        }
      }
    }
    CeedVectorRestoreArrayRead(e_blk, &a);
  }
  CeedVectorSetValue(e_blk, 1.0);
  CeedVectorSetValue(v, 0.0);
  CeedElemRestrictionApply(rstr_blk, CEED_TRANSPOSE, e_blk, v, CEED_REQUEST_IMMEDIATE);
  bad |= CheckVector(v, v_signed, 5, "blocked oriented E^T 1", 0.0);

  CeedVectorDestroy(&u);
  CeedVectorDestroy(&e);
  CeedVectorDestroy(&v);
  CeedVectorDestroy(&e_blk);
  CeedVectorDestroy(&mult);
  CeedElemRestrictionDestroy(&rstr_blk);
  CeedDestroy(&ceed);
  return bad;
}
