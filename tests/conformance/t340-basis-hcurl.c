/* H(curl): lowest-order Nedelec (Whitney) edge elements on the reference triangle built by hand, edges
   (0,0)->(1,0), (1,0)->(0,1), (0,0)->(0,1). A field u = (a - c y, b + c x) is reproduced from its
   tangential moments (a, b - a + c, b) with curl 2c, and int curl(phi_i) = (1, 1, -1). A 3-D H(curl)
   basis with arbitrary matrices checks the three curl components against dense products. The view of
   the triangle basis is compared byte for byte. */
#include <ceed.h>
#include <math.h>
#include <stdio.h>

static int Compare(CeedVector v, const double *expected, int n, const char *name) {
  const CeedScalar *a;
  int               failed = 0;
  CeedVectorGetArrayRead(v, CEED_MEM_HOST, &a);
  for (int i = 0; i < n; i++)
    if (fabs(a[i] - expected[i]) > 1e-13) printf("%s[%d] = %.15g, expected %.15g\n", name, i, a[i], expected[i]), failed = 1;
  CeedVectorRestoreArrayRead(v, &a);
  return failed;
}

int main(int argc, char **argv) {
  Ceed         ceed;
  CeedBasis    basis;
  CeedVector   u, v, cu, w, m;
  int          failed = 0;
  const int    P = 3, Q = 3;
  const double qx[3] = {1. / 6, 2. / 3, 1. / 6}, qy[3] = {1. / 6, 1. / 6, 2. / 3};
  CeedScalar   q_ref[6], q_w[3] = {1. / 6, 1. / 6, 1. / 6}, interp[2 * 3 * 3], curl[3 * 3];
  const double a = 0.3, b = -1.1, c = 0.8;

  if (argc < 2) return 1;
  CeedInit(argv[1], &ceed);
  for (int q = 0; q < Q; q++) {
    const double x = qx[q], y = qy[q];
    const double px[3] = {1 - y, -y, y}, py[3] = {x, x, 1 - x}, cr[3] = {2, 2, -2};
    q_ref[q] = x, q_ref[Q + q] = y;
    for (int k = 0; k < P; k++) {
      interp[q * P + k]       = px[k];
      interp[(Q + q) * P + k] = py[k];
      curl[q * P + k]         = cr[k];
    }
  }
  CeedBasisCreateHcurl(ceed, CEED_TOPOLOGY_TRIANGLE, 1, P, Q, interp, curl, q_ref, q_w, &basis);
  CeedBasisView(basis, stdout);
  {
    CeedScalar dofs[3] = {a, b - a + c, b};
    double     expected_u[6], expected_curl[3], expected_moments[3] = {1, 1, -1};
    for (int q = 0; q < Q; q++) {
      expected_u[q]     = a - c * qy[q];
      expected_u[Q + q] = b + c * qx[q];
      expected_curl[q]  = 2 * c;
    }
    CeedVectorCreate(ceed, P, &u);
    CeedVectorSetArray(u, CEED_MEM_HOST, CEED_COPY_VALUES, dofs);
    CeedVectorCreate(ceed, 2 * Q, &v);
    CeedVectorCreate(ceed, Q, &cu);
    CeedVectorCreate(ceed, Q, &w);
    CeedVectorCreate(ceed, P, &m);
    CeedBasisApply(basis, 1, CEED_NOTRANSPOSE, CEED_EVAL_INTERP, u, v);
    CeedBasisApply(basis, 1, CEED_NOTRANSPOSE, CEED_EVAL_CURL, u, cu);
    CeedBasisApply(basis, 1, CEED_NOTRANSPOSE, CEED_EVAL_WEIGHT, CEED_VECTOR_NONE, w);
    CeedBasisApply(basis, 1, CEED_TRANSPOSE, CEED_EVAL_CURL, w, m);
    failed |= Compare(v, expected_u, 2 * Q, "interp");
    failed |= Compare(cu, expected_curl, Q, "curl");
    failed |= Compare(m, expected_moments, P, "int curl(phi)");
    CeedVectorDestroy(&u);
    CeedVectorDestroy(&v);
    CeedVectorDestroy(&cu);
    CeedVectorDestroy(&w);
    CeedVectorDestroy(&m);
  }
  CeedBasisDestroy(&basis);

  /* 3-D: tetrahedron with 6 edge functions, 4 points, 2 components, 3 curl components. */
  {
    const int  P3 = 6, Q3 = 4, nc = 2;
    CeedScalar interp3[3 * 4 * 6], curl3[3 * 4 * 6], u3[2 * 6];
    double     expected_i[3 * 2 * 4], expected_c[3 * 2 * 4];
    for (int i = 0; i < 3 * Q3 * P3; i++) interp3[i] = cos(0.37 * i), curl3[i] = sin(0.53 * i + 1);
    for (int i = 0; i < nc * P3; i++) u3[i] = 1.0 + 0.25 * i;
    for (int d = 0; d < 3; d++)
      for (int cc = 0; cc < nc; cc++)
        for (int q = 0; q < Q3; q++) {
          double si = 0.0, sc = 0.0;
          for (int k = 0; k < P3; k++) {
            si += interp3[(d * Q3 + q) * P3 + k] * u3[cc * P3 + k];
            sc += curl3[(d * Q3 + q) * P3 + k] * u3[cc * P3 + k];
          }
          expected_i[(d * nc + cc) * Q3 + q] = si;
          expected_c[(d * nc + cc) * Q3 + q] = sc;
        }
    CeedBasisCreateHcurl(ceed, CEED_TOPOLOGY_TET, nc, P3, Q3, interp3, curl3, NULL, NULL, &basis);
    CeedVectorCreate(ceed, nc * P3, &u);
    CeedVectorSetArray(u, CEED_MEM_HOST, CEED_COPY_VALUES, u3);
    CeedVectorCreate(ceed, 3 * nc * Q3, &v);
    CeedVectorCreate(ceed, 3 * nc * Q3, &cu);
    CeedBasisApply(basis, 1, CEED_NOTRANSPOSE, CEED_EVAL_INTERP, u, v);
    CeedBasisApply(basis, 1, CEED_NOTRANSPOSE, CEED_EVAL_CURL, u, cu);
    failed |= Compare(v, expected_i, 3 * nc * Q3, "tet interp");
    failed |= Compare(cu, expected_c, 3 * nc * Q3, "tet curl");
    CeedVectorDestroy(&u);
    CeedVectorDestroy(&v);
    CeedVectorDestroy(&cu);
    CeedBasisDestroy(&basis);
  }
  CeedDestroy(&ceed);
  return failed;
}
