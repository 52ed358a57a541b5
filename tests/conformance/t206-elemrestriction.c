/* At-points restriction: 3 elements holding points {4, 1}, {} and {0, 2, 3} of 5 two-component points.
   E packs each element as [comp][point]; per-element offsets, point counts, single-element application,
   transposes, multiplicity and compatibility queries have known answers. */
#include <ceed.h>
#include <ceed/backend.h>
#include <stdio.h>

#include "check-vector.h"

int main(int argc, char **argv) {
  Ceed                ceed;
  CeedElemRestriction rstr, rstr_other;
  CeedVector          u, e, v, e_elem, mult;
  CeedInt             offsets[9] = {4, 6, 6, 9, 4, 1, 0, 2, 3}, other[9] = {4, 5, 7, 9, 0, 1, 2, 3, 4};
  CeedInt             min_points, max_points, num_points, counts[3], layout[3];
  CeedScalar          u_values[10];
  const CeedScalar    e_expected[10]    = {40, 10, 41, 11, 0, 20, 30, 1, 21, 31};
  const CeedScalar    elem2[6]          = {0, 20, 30, 1, 21, 31};
  const CeedScalar    v_elem2[10]       = {0, 1, 0, 0, 20, 21, 30, 31, 0, 0};
  const CeedScalar    ones[10]          = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
  const CeedSize      elem_offsets[4]   = {0, 4, 4, 10};
  bool                compatible_self, compatible_other, is_points;
  int                 bad = 0;

  if (argc < 2) return 2;
  CeedInit(argv[1], &ceed);
  for (CeedInt p = 0; p < 5; p++) u_values[2 * p] = 10 * p, u_values[2 * p + 1] = 10 * p + 1;
  CeedElemRestrictionCreateAtPoints(ceed, 3, 5, 2, 10, CEED_MEM_HOST, CEED_USE_POINTER, offsets, &rstr);
  CeedElemRestrictionIsAtPoints(rstr, &is_points);
  CeedElemRestrictionGetNumPoints(rstr, &num_points);
  CeedElemRestrictionGetMinMaxPointsInElement(rstr, &min_points, &max_points);
  for (CeedInt k = 0; k < 3; k++) CeedElemRestrictionGetNumPointsInElement(rstr, k, &counts[k]);
  if (!is_points || num_points != 5 || min_points != 0 || max_points != 3 || counts[0] != 2 || counts[1] != 0 || counts[2] != 3) {
    printf("points queries: %d %d min %d max %d counts %d %d %d\n", is_points, (int)num_points, (int)min_points, (int)max_points,
           (int)counts[0], (int)counts[1], (int)counts[2]);
    bad = 1;
  }
  for (CeedInt k = 0; k <= 3; k++) {
    CeedSize offset;
    CeedElemRestrictionGetAtPointsElementOffset(rstr, k, &offset);
    if (offset != elem_offsets[k]) {
      printf("element %d E-vector offset %td, expected %td\n", (int)k, offset, elem_offsets[k]);
      bad = 1;
    }
  }
  CeedElemRestrictionGetELayout(rstr, layout);
  if (layout[0] != 1) {
    printf("points E-layout node stride %d, expected 1\n", (int)layout[0]);
    bad = 1;
  }

  CeedElemRestrictionCreateVector(rstr, &u, &e);
  CeedVectorCreate(ceed, 10, &v);
  CeedVectorCreate(ceed, 10, &mult);
  CeedVectorCreate(ceed, 6, &e_elem);
  CeedVectorSetArray(u, CEED_MEM_HOST, CEED_COPY_VALUES, u_values);
  CeedElemRestrictionApply(rstr, CEED_NOTRANSPOSE, u, e, CEED_REQUEST_IMMEDIATE);
  bad |= CheckVector(e, e_expected, 10, "points E u", 0.0);
  CeedVectorSetValue(v, 0.0);
  CeedElemRestrictionApply(rstr, CEED_TRANSPOSE, e, v, CEED_REQUEST_IMMEDIATE);
  bad |= CheckVector(v, u_values, 10, "points E^T E u", 0.0);
  {
    /* TRANSPOSE adds to what the output holds. */
    CeedScalar twice[10];
    for (CeedInt l = 0; l < 10; l++) twice[l] = 2 * u_values[l];
    CeedElemRestrictionApply(rstr, CEED_TRANSPOSE, e, v, CEED_REQUEST_IMMEDIATE);
    bad |= CheckVector(v, twice, 10, "points E^T E u added twice", 0.0);
  }
  CeedElemRestrictionGetMultiplicity(rstr, mult);
  bad |= CheckVector(mult, ones, 10, "points multiplicity", 0.0);

  CeedElemRestrictionApplyAtPointsInElement(rstr, 2, CEED_NOTRANSPOSE, u, e_elem, CEED_REQUEST_IMMEDIATE);
  bad |= CheckVector(e_elem, elem2, 6, "element 2 at points", 0.0);
  CeedVectorSetValue(v, 0.0);
  CeedElemRestrictionApplyAtPointsInElement(rstr, 2, CEED_TRANSPOSE, e_elem, v, CEED_REQUEST_IMMEDIATE);
  bad |= CheckVector(v, v_elem2, 10, "element 2 at points transposed", 0.0);

  /* Same totals but {1, 2, 2} points per element instead of {2, 0, 3}: not compatible. */
  CeedElemRestrictionCreateAtPoints(ceed, 3, 5, 2, 10, CEED_MEM_HOST, CEED_COPY_VALUES, other, &rstr_other);
  CeedElemRestrictionAtPointsAreCompatible(rstr, rstr, &compatible_self);
  CeedElemRestrictionAtPointsAreCompatible(rstr, rstr_other, &compatible_other);
  if (!compatible_self || compatible_other) {
    printf("compatibility: self %d, other %d\n", compatible_self, compatible_other);
    bad = 1;
  }

  CeedVectorDestroy(&u);
  CeedVectorDestroy(&e);
  CeedVectorDestroy(&v);
  CeedVectorDestroy(&e_elem);
  CeedVectorDestroy(&mult);
  CeedElemRestrictionDestroy(&rstr);
  CeedElemRestrictionDestroy(&rstr_other);
  CeedDestroy(&ceed);
  return bad;
}
