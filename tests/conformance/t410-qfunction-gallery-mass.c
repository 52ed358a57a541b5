/* Gallery mass QFunctions by name on hand-made inputs: Mass1DBuild, Mass2DBuild and Mass3DBuild
   (qdata = det(J) w for Jacobians with known determinants), MassApply and Vector3MassApply. */
#include <ceed.h>
#include <math.h>
#include <stdio.h>

#include "qfunction-apply.h"

int main(int argc, char **argv) {
  Ceed ceed;
  int  failures = 0;

  if (argc < 2) return 2;
  CeedInit(argv[1], &ceed);

  { /* 1-D: qdata = J w */
    const CeedInt     sizes_in[2] = {1, 1}, sizes_out[1] = {1};
    const CeedScalar  dx[4] = {2, 0.5, 3, 1.25}, w[4] = {0.1, 0.2, 0.3, 0.4}, expected[4] = {0.2, 0.1, 0.9, 0.5};
    const CeedScalar *in[2] = {dx, w};
    CeedScalar        q_data[4], *out[1] = {q_data};
    ApplyGallery(ceed, "Mass1DBuild", 4, 2, sizes_in, in, 1, sizes_out, out);
    failures += Compare("Mass1DBuild", q_data, expected, 4);
  }
  { /* 2-D: J[d][c] at dx[(d*2+c)*Q+i]; point 0 diag(2,3) det 6, point 1 [[1,2],[3,4]] det -2,
       point 2 [[0.5,1],[-1,2]] det 2; weights 1, 0.5, 2 */
    const CeedInt     Q = 3, sizes_in[2] = {4, 1}, sizes_out[1] = {1};
    const CeedScalar  dx[12] = {2, 1, 0.5, /* J00 */ 0, 2, 1, /* J01 */ 0, 3, -1, /* J10 */ 3, 4, 2 /* J11 */};
    const CeedScalar  w[3] = {1, 0.5, 2}, expected[3] = {6, -1, 4};
    const CeedScalar *in[2] = {dx, w};
    CeedScalar        q_data[3], *out[1] = {q_data};
    ApplyGallery(ceed, "Mass2DBuild", Q, 2, sizes_in, in, 1, sizes_out, out);
    failures += Compare("Mass2DBuild", q_data, expected, Q);
  }
  { /* 3-D: point 0 diag(1,2,3) det 6, point 1 [[1,2,3],[0,1,4],[5,6,0]] det 1,
       point 2 [[0,1,0],[1,0,0],[0,0,2]] det -2; weights 0.5, 3, 1 */
    const CeedInt    Q = 3, sizes_in[2] = {9, 1}, sizes_out[1] = {1};
    const CeedScalar J[3][3][3] = {{{1, 0, 0}, {0, 2, 0}, {0, 0, 3}}, {{1, 2, 3}, {0, 1, 4}, {5, 6, 0}}, {{0, 1, 0}, {1, 0, 0}, {0, 0, 2}}};
    CeedScalar       dx[27];
    for (CeedInt i = 0; i < Q; i++) {
      for (CeedInt d = 0; d < 3; d++) {
        for (CeedInt c = 0; c < 3; c++) dx[(d * 3 + c) * Q + i] = J[i][d][c];
      }
    }
    const CeedScalar  w[3] = {0.5, 3, 1}, expected[3] = {3, 3, -2};
    const CeedScalar *in[2] = {dx, w};
    CeedScalar        q_data[3], *out[1] = {q_data};
    ApplyGallery(ceed, "Mass3DBuild", Q, 2, sizes_in, in, 1, sizes_out, out);
    failures += Compare("Mass3DBuild", q_data, expected, Q);
  }
  { /* v = u qdata */
    const CeedInt     sizes[2] = {1, 1}, sizes_out[1] = {1};
    const CeedScalar  u[5] = {1, -2, 3, 0.5, 0}, q_data[5] = {2, 2, -1, 4, 7}, expected[5] = {2, -4, -3, 2, 0};
    const CeedScalar *in[2] = {u, q_data};
    CeedScalar        v[5], *out[1] = {v};
    ApplyGallery(ceed, "MassApply", 5, 2, sizes, in, 1, sizes_out, out);
    failures += Compare("MassApply", v, expected, 5);
  }
  { /* v_c = u_c qdata, layout [3][Q] */
    const CeedInt     Q = 2, sizes[2] = {3, 1}, sizes_out[1] = {3};
    const CeedScalar  u[6] = {1, 2, 3, 4, 5, 6}, q_data[2] = {10, -0.5}, expected[6] = {10, -1, 30, -2, 50, -3};
    const CeedScalar *in[2] = {u, q_data};
    CeedScalar        v[6], *out[1] = {v};
    ApplyGallery(ceed, "Vector3MassApply", Q, 2, sizes, in, 1, sizes_out, out);
    failures += Compare("Vector3MassApply", v, expected, 6);
  }

  CeedDestroy(&ceed);
  return failures != 0;
}
