/* Non-tensor H^1 bases built by hand: P1 and P2 on the reference triangle (0,0),(1,0),(0,1) with a
   3-point rule exact to degree 2, P1 on the reference tetrahedron with a 4-point rule exact to degree 2.
   Interpolation and gradients are exact for polynomials in the space, sums of weights are the
   reference volumes, integrals are exact, the view of the P1 triangle basis is compared byte for byte. */
#include <ceed.h>
#include <math.h>
#include <stdio.h>

/* Shape functions (value and gradient) at point x of the P1/P2 triangle and the P1 tetrahedron. */
static void ShapeP1Tri(const double *x, double *phi, double *dphi /* [2][3] */) {
  phi[0] = 1 - x[0] - x[1], phi[1] = x[0], phi[2] = x[1];
  const double g[2][3] = {{-1, 1, 0}, {-1, 0, 1}};
  for (int d = 0; d < 2; d++)
    for (int i = 0; i < 3; i++) dphi[d * 3 + i] = g[d][i];
}
static void ShapeP2Tri(const double *x, double *phi, double *dphi /* [2][6] */) {
  const double l[3] = {1 - x[0] - x[1], x[0], x[1]}, dl[2][3] = {{-1, 1, 0}, {-1, 0, 1}};
  const int    edge[3][2] = {{0, 1}, {1, 2}, {0, 2}};
  for (int i = 0; i < 3; i++) {
    phi[i] = l[i] * (2 * l[i] - 1);
    for (int d = 0; d < 2; d++) dphi[d * 6 + i] = (4 * l[i] - 1) * dl[d][i];
  }
  for (int k = 0; k < 3; k++) {
    const int a = edge[k][0], b = edge[k][1];
    phi[3 + k] = 4 * l[a] * l[b];
    for (int d = 0; d < 2; d++) dphi[d * 6 + 3 + k] = 4 * (dl[d][a] * l[b] + l[a] * dl[d][b]);
  }
}
static void ShapeP1Tet(const double *x, double *phi, double *dphi /* [3][4] */) {
  phi[0] = 1 - x[0] - x[1] - x[2], phi[1] = x[0], phi[2] = x[1], phi[3] = x[2];
  for (int d = 0; d < 3; d++)
    for (int i = 0; i < 4; i++) dphi[d * 4 + i] = i == 0 ? -1.0 : (i == d + 1 ? 1.0 : 0.0);
}

typedef void (*ShapeFn)(const double *, double *, double *);

/* Builds a basis from shape functions, applies it to the nodal values of f and compares with f and its
   gradient at the points; checks sum of weights and the integral of f. */
static int Check(Ceed ceed, CeedElemTopology topo, int dim, int P, int Q, ShapeFn shape, const double *node_x, const double *q_x,
                 const double *q_w, double (*f)(const double *, double *), double volume, double integral, const char *name,
                 int view) {
  CeedScalar        interp[6 * 6], grad[3 * 6 * 6], q_ref[3 * 6], phi[6], dphi[18];
  CeedBasis         basis;
  CeedVector        u, v, dv, w;
  CeedScalar       *u_array;
  const CeedScalar *v_array, *dv_array, *w_array;
  int               failed = 0;
  const int         num_comp = 2;

  for (int q = 0; q < Q; q++) {
    shape(&q_x[q * dim], phi, dphi);
    for (int i = 0; i < P; i++) {
      interp[q * P + i] = phi[i];
      for (int d = 0; d < dim; d++) grad[(d * Q + q) * P + i] = dphi[d * P + i];
    }
    for (int d = 0; d < dim; d++) q_ref[d * Q + q] = q_x[q * dim + d];
  }
  CeedBasisCreateH1(ceed, topo, num_comp, P, Q, interp, grad, q_ref, q_w, &basis);
  if (view) CeedBasisView(basis, stdout);
  CeedVectorCreate(ceed, num_comp * P, &u);
  CeedVectorCreate(ceed, num_comp * Q, &v);
  CeedVectorCreate(ceed, dim * num_comp * Q, &dv);
  CeedVectorCreate(ceed, Q, &w);
  CeedVectorGetArrayWrite(u, CEED_MEM_HOST, &u_array);
  for (int c = 0; c < num_comp; c++)
    for (int i = 0; i < P; i++) {
      double g[3];
      u_array[c * P + i] = (c + 1) * f(&node_x[i * dim], g);
    }
  CeedVectorRestoreArray(u, &u_array);
  CeedBasisApply(basis, 1, CEED_NOTRANSPOSE, CEED_EVAL_INTERP, u, v);
  CeedBasisApply(basis, 1, CEED_NOTRANSPOSE, CEED_EVAL_GRAD, u, dv);
  CeedBasisApply(basis, 1, CEED_NOTRANSPOSE, CEED_EVAL_WEIGHT, CEED_VECTOR_NONE, w);
  CeedVectorGetArrayRead(v, CEED_MEM_HOST, &v_array);
  CeedVectorGetArrayRead(dv, CEED_MEM_HOST, &dv_array);
  CeedVectorGetArrayRead(w, CEED_MEM_HOST, &w_array);
  double sum_w = 0.0, sum_f = 0.0;
  for (int q = 0; q < Q; q++) {
    double g[3];
    const double fq = f(&q_x[q * dim], g);
    sum_w += w_array[q];
    sum_f += w_array[q] * v_array[q];
    for (int c = 0; c < num_comp; c++) {
      if (fabs(v_array[c * Q + q] - (c + 1) * fq) > 1e-14)
        printf("%s: interp comp %d point %d = %.15g, expected %.15g\n", name, c, q, v_array[c * Q + q], (c + 1) * fq), failed = 1;
      for (int d = 0; d < dim; d++)
        if (fabs(dv_array[(d * num_comp + c) * Q + q] - (c + 1) * g[d]) > 1e-13)
          printf("%s: grad %d comp %d point %d = %.15g, expected %.15g\n", name, d, c, q, dv_array[(d * num_comp + c) * Q + q], (c + 1) * g[d]),
              failed = 1;
    }
  }
  if (fabs(sum_w - volume) > 1e-15) printf("%s: sum of weights %.15g, expected %.15g\n", name, sum_w, volume), failed = 1;
  if (fabs(sum_f - integral) > 1e-15) printf("%s: integral %.15g, expected %.15g\n", name, sum_f, integral), failed = 1;
  CeedVectorRestoreArrayRead(v, &v_array);
  CeedVectorRestoreArrayRead(dv, &dv_array);
  CeedVectorRestoreArrayRead(w, &w_array);
  CeedVectorDestroy(&u);
  CeedVectorDestroy(&v);
  CeedVectorDestroy(&dv);
  CeedVectorDestroy(&w);
  CeedBasisDestroy(&basis);
  return failed;
}

/* f = 1 + 2x - y (P1), f = 1 + x - 3y + 2x^2 - xy + y^2 (P2), f = 2 - x + 3y + 0.5z (P1 tet). */
static double Linear2(const double *x, double *g) {
  g[0] = 2, g[1] = -1;
  return 1 + 2 * x[0] - x[1];
}
static double Quadratic2(const double *x, double *g) {
  g[0] = 1 + 4 * x[0] - x[1], g[1] = -3 - x[0] + 2 * x[1];
  return 1 + x[0] - 3 * x[1] + 2 * x[0] * x[0] - x[0] * x[1] + x[1] * x[1];
}
static double Linear3(const double *x, double *g) {
  g[0] = -1, g[1] = 3, g[2] = 0.5;
  return 2 - x[0] + 3 * x[1] + 0.5 * x[2];
}

int main(int argc, char **argv) {
  Ceed         ceed;
  int          failed = 0;
  const double tri_nodes_p1[6] = {0, 0, 1, 0, 0, 1}, tri_nodes_p2[12] = {0, 0, 1, 0, 0, 1, 0.5, 0, 0.5, 0.5, 0, 0.5};
  const double tri_q[6] = {1. / 6, 1. / 6, 2. / 3, 1. / 6, 1. / 6, 2. / 3};
  const double tri_w[3] = {1. / 6, 1. / 6, 1. / 6};
  const double a = 0.1381966011250105, b = 0.5854101966249685;
  const double tet_nodes[12] = {0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1};
  const double tet_q[12] = {a, a, a, b, a, a, a, b, a, a, a, b};
  const double tet_w[4] = {1. / 24, 1. / 24, 1. / 24, 1. / 24};

  if (argc < 2) return 1;
  CeedInit(argv[1], &ceed);
  /* Integrals over the triangle: int 1 = 1/2, int x = int y = 1/6, int x^2 = int y^2 = 1/12, int xy = 1/24. */
  failed |= Check(ceed, CEED_TOPOLOGY_TRIANGLE, 2, 3, 3, ShapeP1Tri, tri_nodes_p1, tri_q, tri_w, Linear2, 0.5, 0.5 + 2. / 6 - 1. / 6, "P1 triangle", 1);
  failed |= Check(ceed, CEED_TOPOLOGY_TRIANGLE, 2, 6, 3, ShapeP2Tri, tri_nodes_p2, tri_q, tri_w, Quadratic2, 0.5,
                  0.5 + 1. / 6 - 3. / 6 + 2. / 12 - 1. / 24 + 1. / 12, "P2 triangle", 0);
  /* Tetrahedron: int 1 = 1/6, int x = 1/24. */
  failed |= Check(ceed, CEED_TOPOLOGY_TET, 3, 4, 4, ShapeP1Tet, tet_nodes, tet_q, tet_w, Linear3, 1. / 6, 2. / 6 + (-1 + 3 + 0.5) / 24, "P1 tet", 0);
  CeedDestroy(&ceed);
  return failed;
}
