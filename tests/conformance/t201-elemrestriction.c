/* Strided restrictions: user strides (interleaved components) and CEED_STRIDES_BACKEND, whose
   L-layout equals the E-layout, so E is a plain copy. */
#include <ceed.h>
#include <ceed/backend.h>
#include <stdio.h>

int main(int argc, char **argv) {
  Ceed                ceed;
  CeedElemRestriction rstr, rstr_backend;
  CeedVector          u, e, v;
  const CeedInt       num_elem = 3, elem_size = 2, num_comp = 2, strides[3] = {2, 1, 4};
  CeedInt             e_layout[3], l_layout[3];
  CeedScalar          u_values[12];
  /* (node i, comp j, elem k) reads u[2i + j + 4k] and lands at e[i + 2j + 4k]. */
  const CeedScalar    e_expected[12] = {0, 2, 1, 3, 4, 6, 5, 7, 8, 10, 9, 11};
  const CeedScalar   *a;
  bool                is_strided, has_backend;
  int                 bad = 0;

  if (argc < 2) return 2;
  CeedInit(argv[1], &ceed);
  for (CeedInt i = 0; i < 12; i++) u_values[i] = i;
  CeedElemRestrictionCreateStrided(ceed, num_elem, elem_size, num_comp, 12, strides, &rstr);
  CeedElemRestrictionCreateVector(rstr, &u, &e);
  CeedVectorCreate(ceed, 12, &v);
  CeedVectorSetArray(u, CEED_MEM_HOST, CEED_COPY_VALUES, u_values);

  CeedElemRestrictionIsStrided(rstr, &is_strided);
  CeedElemRestrictionHasBackendStrides(rstr, &has_backend);
  CeedElemRestrictionGetLLayout(rstr, l_layout);
  if (!is_strided || has_backend || l_layout[0] != 2 || l_layout[1] != 1 || l_layout[2] != 4) {
    printf("strided flags/L-layout wrong: %d %d [%d %d %d]\n", is_strided, has_backend, (int)l_layout[0], (int)l_layout[1],
           (int)l_layout[2]);
    bad = 1;
  }
  CeedElemRestrictionApply(rstr, CEED_NOTRANSPOSE, u, e, CEED_REQUEST_IMMEDIATE);
  CeedElemRestrictionGetELayout(rstr, e_layout);
  CeedVectorGetArrayRead(e, CEED_MEM_HOST, &a);
  for (CeedInt k = 0; k < num_elem; k++) {
    for (CeedInt j = 0; j < num_comp; j++) {
      for (CeedInt i = 0; i < elem_size; i++) {
        CeedScalar val = a[i * e_layout[0] + j * e_layout[1] + k * e_layout[2]];
        if (val != e_expected[i + 2 * j + 4 * k]) {
          printf("strided E u (%d, %d, %d) = %g, expected %g\n", (int)i, (int)j, (int)k, (double)val, (double)e_expected[i + 2 * j + 4 * k]);
          bad = 1;
        }
      }
    }
  }
  CeedVectorRestoreArrayRead(e, &a);
  /* The map is a bijection: E^T E u = u. */
  CeedVectorSetValue(v, 0.0);
  CeedElemRestrictionApply(rstr, CEED_TRANSPOSE, e, v, CEED_REQUEST_IMMEDIATE);
  CeedVectorGetArrayRead(v, CEED_MEM_HOST, &a);
  for (CeedInt i = 0; i < 12; i++) {
    if (a[i] != i) {
      printf("strided E^T E u [%d] = %g, expected %d\n", (int)i, (double)a[i], (int)i);
      bad = 1;
    }
  }
  CeedVectorRestoreArrayRead(v, &a);

  /* Backend strides: L-layout reported equal to the E-layout, E is the identity. */
  CeedElemRestrictionCreateStrided(ceed, num_elem, elem_size, num_comp, 12, CEED_STRIDES_BACKEND, &rstr_backend);
  CeedElemRestrictionHasBackendStrides(rstr_backend, &has_backend);
  CeedElemRestrictionGetLLayout(rstr_backend, l_layout);
  CeedElemRestrictionGetELayout(rstr_backend, e_layout);
  if (!has_backend || l_layout[0] != e_layout[0] || l_layout[1] != e_layout[1] || l_layout[2] != e_layout[2]) {
    printf("backend strides: L-layout [%d %d %d] differs from E-layout [%d %d %d]\n", (int)l_layout[0], (int)l_layout[1],
           (int)l_layout[2], (int)e_layout[0], (int)e_layout[1], (int)e_layout[2]);
    bad = 1;
  }
  CeedElemRestrictionApply(rstr_backend, CEED_NOTRANSPOSE, u, e, CEED_REQUEST_IMMEDIATE);
  CeedVectorGetArrayRead(e, CEED_MEM_HOST, &a);
  for (CeedInt i = 0; i < 12; i++) {
    if (a[i] != i) {
      printf("backend-strided E u [%d] = %g, expected %d\n", (int)i, (double)a[i], (int)i);
      bad = 1;
    }
  }
  CeedVectorRestoreArrayRead(e, &a);

  CeedVectorDestroy(&u);
  CeedVectorDestroy(&e);
  CeedVectorDestroy(&v);
  CeedElemRestrictionDestroy(&rstr);
  CeedElemRestrictionDestroy(&rstr_backend);
  CeedDestroy(&ceed);
  return bad;
}
