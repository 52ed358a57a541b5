/* Multi-component restriction with interleaved components (comp_stride 1) on malloc'ed offsets handed
   over with CEED_OWN_POINTER; the offsets can be read back (and must be restored). */
#include <ceed.h>
#include <ceed/backend.h>
#include <stdio.h>
#include <stdlib.h>

#include "check-vector.h"

int main(int argc, char **argv) {
  Ceed                ceed;
  CeedElemRestriction rstr;
  CeedVector          u, e, v;
  CeedInt            *offsets = malloc(4 * sizeof(CeedInt)), comp_stride, num_comp;
  const CeedInt      *read_offsets;
  CeedScalar          u_values[9];
  const CeedScalar    e_expected[12] = {0, 9, 1, 16, 4, 25, 9, 36, 16, 49, 25, 64};
  const CeedScalar    v_expected[9]  = {0, 1, 4, 18, 32, 50, 36, 49, 64};
  int                 bad = 0;

  if (argc < 2) return 2;
  CeedInit(argv[1], &ceed);
  offsets[0] = 0, offsets[1] = 3, offsets[2] = 3, offsets[3] = 6;
  for (CeedInt l = 0; l < 9; l++) u_values[l] = l * l;
  CeedElemRestrictionCreate(ceed, 2, 2, 3, 1, 9, CEED_MEM_HOST, CEED_OWN_POINTER, offsets, &rstr);
  CeedElemRestrictionGetCompStride(rstr, &comp_stride);
  CeedElemRestrictionGetNumComponents(rstr, &num_comp);
  if (comp_stride != 1 || num_comp != 3) {
    printf("comp_stride %d, num_comp %d\n", (int)comp_stride, (int)num_comp);
    bad = 1;
  }
  CeedElemRestrictionGetOffsets(rstr, CEED_MEM_HOST, &read_offsets);
  if (read_offsets[0] != 0 || read_offsets[1] != 3 || read_offsets[2] != 3 || read_offsets[3] != 6) {
    printf("offsets read back wrong\n");
    bad = 1;
  }
  CeedElemRestrictionRestoreOffsets(rstr, &read_offsets);
  if (read_offsets != NULL) {
    printf("restored offsets pointer not NULL\n");
    bad = 1;
  }

  CeedElemRestrictionCreateVector(rstr, &u, &e);
  CeedVectorCreate(ceed, 9, &v);
  CeedVectorSetArray(u, CEED_MEM_HOST, CEED_COPY_VALUES, u_values);
  CeedElemRestrictionApply(rstr, CEED_NOTRANSPOSE, u, e, CEED_REQUEST_IMMEDIATE);
  bad |= CheckVector(e, e_expected, 12, "E u", 0.0);
  CeedVectorSetValue(v, 0.0);
  CeedElemRestrictionApply(rstr, CEED_TRANSPOSE, e, v, CEED_REQUEST_IMMEDIATE);
  bad |= CheckVector(v, v_expected, 9, "E^T E u", 0.0);

  CeedVectorDestroy(&u);
  CeedVectorDestroy(&e);
  CeedVectorDestroy(&v);
  CeedElemRestrictionDestroy(&rstr);
  CeedDestroy(&ceed);
  return bad;
}
