/* Gallery Poisson apply QFunctions by name: dv = S du with S symmetric, stored in Voigt order
   (2-D [S00, S11, S01]; 3-D [S00, S11, S22, S12, S02, S01]), for scalar fields and per component for
   three-component fields (du[d][c] at (d*3 + c)*Q + i). */
#include <ceed.h>
#include <math.h>
#include <stdio.h>

#include "qfunction-apply.h"

/* Full symmetric matrix of point i from Voigt qdata laid out [n_voigt][Q]. */
static void FullMatrix(CeedInt dim, CeedInt Q, CeedInt i, const CeedScalar *q_data, CeedScalar S[3][3]) {
  static const CeedInt voigt2[2][2] = {{0, 2}, {2, 1}}, voigt3[3][3] = {{0, 5, 4}, {5, 1, 3}, {4, 3, 2}};
  for (CeedInt a = 0; a < dim; a++) {
    for (CeedInt b = 0; b < dim; b++) S[a][b] = dim == 1 ? q_data[i] : q_data[(dim == 2 ? voigt2[a][b] : voigt3[a][b]) * Q + i];
  }
}

static int CheckApply(Ceed ceed, const char *name, CeedInt dim, CeedInt num_comp, CeedInt Q, const CeedScalar *du, const CeedScalar *q_data) {
  const CeedInt     n_voigt = dim * (dim + 1) / 2, sizes_in[2] = {dim * num_comp, n_voigt}, sizes_out[1] = {dim * num_comp};
  const CeedScalar *in[2] = {du, q_data};
  CeedScalar        dv[9 * 4], expected[9 * 4], *out[1] = {dv};
  for (CeedInt i = 0; i < Q; i++) {
    CeedScalar S[3][3];
    FullMatrix(dim, Q, i, q_data, S);
    for (CeedInt c = 0; c < num_comp; c++) {
      for (CeedInt a = 0; a < dim; a++) {
        CeedScalar sum = 0;
        for (CeedInt b = 0; b < dim; b++) sum += S[a][b] * du[(b * num_comp + c) * Q + i];
        expected[(a * num_comp + c) * Q + i] = sum;
      }
    }
  }
  ApplyGallery(ceed, name, Q, 2, sizes_in, in, 1, sizes_out, out);
  return Compare(name, dv, expected, dim * num_comp * Q);
}

int main(int argc, char **argv) {
  Ceed       ceed;
  int        failures = 0;
  CeedScalar du[9 * 4], q_data[6 * 4];

  if (argc < 2) return 2;
  CeedInit(argv[1], &ceed);
  for (CeedInt k = 0; k < 9 * 4; k++) du[k] = 0.5 * k - 3 + 0.125 * (k % 5);
  for (CeedInt k = 0; k < 6 * 4; k++) q_data[k] = 1 + 0.25 * k - 0.1 * (k % 3);

  { /* hand-checked point: S = [[2, 1], [1, 3]] (qdata [2, 3, 1]), du = (1, -1): dv = (1, -2) */
    const CeedInt     sizes_in[2] = {2, 3}, sizes_out[1] = {2};
    const CeedScalar  du_1[2] = {1, -1}, q_data_1[3] = {2, 3, 1}, expected[2] = {1, -2};
    const CeedScalar *in[2] = {du_1, q_data_1};
    CeedScalar        dv[2], *out[1] = {dv};
    ApplyGallery(ceed, "Poisson2DApply", 1, 2, sizes_in, in, 1, sizes_out, out);
    failures += Compare("Poisson2DApply (one point)", dv, expected, 2);
  }
  { /* hand-checked point: S rows (1 6 5 / 6 2 4 / 5 4 3) from qdata [1, 2, 3, 4, 5, 6], du = (1, 0, -1): dv = (-4, 2, 2) */
    const CeedInt     sizes_in[2] = {3, 6}, sizes_out[1] = {3};
    const CeedScalar  du_1[3] = {1, 0, -1}, q_data_1[6] = {1, 2, 3, 4, 5, 6}, expected[3] = {-4, 2, 2};
    const CeedScalar *in[2] = {du_1, q_data_1};
    CeedScalar        dv[3], *out[1] = {dv};
    ApplyGallery(ceed, "Poisson3DApply", 1, 2, sizes_in, in, 1, sizes_out, out);
    failures += Compare("Poisson3DApply (one point)", dv, expected, 3);
  }
  failures += CheckApply(ceed, "Poisson1DApply", 1, 1, 4, du, q_data);
  failures += CheckApply(ceed, "Poisson2DApply", 2, 1, 4, du, q_data);
  failures += CheckApply(ceed, "Poisson3DApply", 3, 1, 4, du, q_data);
  failures += CheckApply(ceed, "Vector3Poisson1DApply", 1, 3, 4, du, q_data);
  failures += CheckApply(ceed, "Vector3Poisson2DApply", 2, 3, 4, du, q_data);
  failures += CheckApply(ceed, "Vector3Poisson3DApply", 3, 3, 4, du, q_data);

  CeedDestroy(&ceed);
  return failures != 0;
}
