/* Standard restriction on a 1-D mesh of three 2-node elements: E u gathers the element values,
   E^T adds them back (summing shared nodes, without zeroing the output), multiplicity counts the
   elements touching each node, and a caller-provided request is completed (set to NULL). */
#include <ceed.h>
#include <ceed/backend.h>
#include <math.h>
#include <stdio.h>

#include "check-vector.h"

int main(int argc, char **argv) {
  Ceed                ceed;
  CeedElemRestriction rstr;
  CeedVector          u, e, v, mult;
  CeedRequest         request = (CeedRequest)&request;
  const CeedInt       num_elem = 3, elem_size = 2;
  CeedInt             offsets[6] = {0, 1, 1, 2, 2, 3}, layout[3];
  CeedScalar          u_values[4] = {10, 20, 30, 40};
  const CeedScalar    e_expected[6] = {10, 20, 20, 30, 30, 40};
  const CeedScalar    v_once[4] = {10, 40, 60, 40}, v_twice[4] = {20, 80, 120, 80}, m_expected[4] = {1, 2, 2, 1};
  CeedSize            l_size, e_size;
  int                 bad = 0;

  if (argc < 2) return 2;
  CeedInit(argv[1], &ceed);
  CeedElemRestrictionCreate(ceed, num_elem, elem_size, 1, 1, 4, CEED_MEM_HOST, CEED_USE_POINTER, offsets, &rstr);
  CeedElemRestrictionGetLVectorSize(rstr, &l_size);
  CeedElemRestrictionGetEVectorSize(rstr, &e_size);
  if (l_size != 4 || e_size != 6) {
    printf("sizes (%td, %td), expected (4, 6)\n", l_size, e_size);
    bad = 1;
  }
  CeedElemRestrictionCreateVector(rstr, &u, &e);
  CeedVectorCreate(ceed, 4, &v);
  CeedVectorCreate(ceed, 4, &mult);
  CeedVectorSetArray(u, CEED_MEM_HOST, CEED_COPY_VALUES, u_values);

  CeedElemRestrictionApply(rstr, CEED_NOTRANSPOSE, u, e, &request);
  if (request != NULL) {
    printf("request not completed\n");
    bad = 1;
  }
  CeedElemRestrictionGetELayout(rstr, layout);
  {
    /* Address each entry through the reported E-layout. */
    const CeedScalar *a;
    CeedVectorGetArrayRead(e, CEED_MEM_HOST, &a);
    for (CeedInt k = 0; k < num_elem; k++) {
      for (CeedInt i = 0; i < elem_size; i++) {
        CeedScalar val = a[i * layout[0] + k * layout[2]];
        if (val != e_expected[k * elem_size + i]) {
          printf("E u at element %d node %d = %g, expected %g\n", (int)k, (int)i, (double)val, (double)e_expected[k * elem_size + i]);
          bad = 1;
        }
      }
    }
    CeedVectorRestoreArrayRead(e, &a);
  }

  CeedVectorSetValue(v, 0.0);
  CeedElemRestrictionApply(rstr, CEED_TRANSPOSE, e, v, CEED_REQUEST_IMMEDIATE);
  bad |= CheckVector(v, v_once, 4, "E^T E u", 1e-14);
  CeedElemRestrictionApply(rstr, CEED_TRANSPOSE, e, v, CEED_REQUEST_IMMEDIATE);
  bad |= CheckVector(v, v_twice, 4, "E^T E u added twice", 1e-14);

  CeedVectorSetValue(mult, -7.0);
  CeedElemRestrictionGetMultiplicity(rstr, mult);
  bad |= CheckVector(mult, m_expected, 4, "multiplicity", 1e-14);

  CeedVectorDestroy(&u);
  CeedVectorDestroy(&e);
  CeedVectorDestroy(&v);
  CeedVectorDestroy(&mult);
  CeedElemRestrictionDestroy(&rstr);
  CeedDestroy(&ceed);
  return bad;
}
