/* Projection between bases reproduces coarse polynomials at the fine nodes: tensor to tensor (1-D
   matrices, tensor result), triangle P1 to P2 (non-tensor), and tensor to non-tensor (full matrices). */
#include <ceed.h>
#include <ceed/backend.h>
#include <math.h>
#include <stdio.h>

/* f(x, y) = 1 + 2x - y + 0.5xy (bilinear) and its gradient. */
static double F(const double *x, double *g) {
  g[0] = 2 + 0.5 * x[1], g[1] = -1 + 0.5 * x[0];
  return 1 + 2 * x[0] - x[1] + 0.5 * x[0] * x[1];
}

/* Applies proj to nodal values of F at the coarse nodes; compares values and gradients at the fine nodes. */
static int CheckProjection(Ceed ceed, CeedBasis proj, int P_c, const double *coarse_x, int P_f, const double *fine_x, const char *name) {
  CeedVector        u, v, dv;
  CeedScalar        u_array[64];
  const CeedScalar *v_array, *dv_array;
  int               failed = 0;
  double            g[2];
  for (int i = 0; i < P_c; i++) u_array[i] = F(&coarse_x[2 * i], g);
  CeedVectorCreate(ceed, P_c, &u);
  CeedVectorSetArray(u, CEED_MEM_HOST, CEED_COPY_VALUES, u_array);
  CeedVectorCreate(ceed, P_f, &v);
  CeedVectorCreate(ceed, 2 * P_f, &dv);
  CeedBasisApply(proj, 1, CEED_NOTRANSPOSE, CEED_EVAL_INTERP, u, v);
  CeedBasisApply(proj, 1, CEED_NOTRANSPOSE, CEED_EVAL_GRAD, u, dv);
  CeedVectorGetArrayRead(v, CEED_MEM_HOST, &v_array);
  CeedVectorGetArrayRead(dv, CEED_MEM_HOST, &dv_array);
  for (int i = 0; i < P_f; i++) {
    const double f = F(&fine_x[2 * i], g);
    if (fabs(v_array[i] - f) > 1e-13) printf("%s: value at fine node %d = %.15g, expected %.15g\n", name, i, v_array[i], f), failed = 1;
    for (int d = 0; d < 2; d++)
      if (fabs(dv_array[d * P_f + i] - g[d]) > 1e-12)
        printf("%s: d/dx%d at fine node %d = %.15g, expected %.15g\n", name, d, i, dv_array[d * P_f + i], g[d]), failed = 1;
  }
  CeedVectorRestoreArrayRead(v, &v_array);
  CeedVectorRestoreArrayRead(dv, &dv_array);
  CeedVectorDestroy(&u);
  CeedVectorDestroy(&v);
  CeedVectorDestroy(&dv);
  return failed;
}

/* Tensor node coordinates (dimension 0 fastest) of a 2-D Lagrange basis with p GLL nodes per direction. */
static void TensorNodes(int p, double *x) {
  CeedScalar n1[8];
  CeedLobattoQuadrature(p, n1, NULL);
  for (int j = 0; j < p; j++)
    for (int i = 0; i < p; i++) x[2 * (j * p + i)] = n1[i], x[2 * (j * p + i) + 1] = n1[j];
}

int main(int argc, char **argv) {
  Ceed             ceed;
  CeedBasis        coarse, fine, proj;
  int              failed = 0;
  double           xc[2 * 16], xf[2 * 25];
  CeedInt          P_1d, Q_1d, P, Q, num_comp;
  CeedElemTopology topo;
  bool             is_tensor;

  if (argc < 2) return 1;
  CeedInit(argv[1], &ceed);

  /* Tensor: Q2 (3 nodes) to Q4 (5 nodes), both with 5 Gauss points per direction. */
  CeedBasisCreateTensorH1Lagrange(ceed, 2, 1, 3, 5, CEED_GAUSS, &coarse);
  CeedBasisCreateTensorH1Lagrange(ceed, 2, 1, 5, 5, CEED_GAUSS, &fine);
  CeedBasisCreateProjection(coarse, fine, &proj);
  CeedBasisGetNumNodes1D(proj, &P_1d);
  CeedBasisGetNumQuadraturePoints1D(proj, &Q_1d);
  CeedBasisGetTopology(proj, &topo);
  CeedBasisGetNumComponents(proj, &num_comp);
  if (P_1d != 3 || Q_1d != 5 || topo != CEED_TOPOLOGY_QUAD || num_comp != 1)
    printf("tensor projection: P_1d %d, Q_1d %d, topology %d, components %d\n", (int)P_1d, (int)Q_1d, (int)topo, (int)num_comp), failed = 1;
  TensorNodes(3, xc);
  TensorNodes(5, xf);
  failed |= CheckProjection(ceed, proj, 9, xc, 25, xf, "tensor");
  CeedBasisDestroy(&proj);
  CeedBasisDestroy(&fine);

  /* Tensor Q1 (2 nodes, 3x3 Gauss points) onto a non-tensor copy of the Q2 (3 nodes) basis. */
  {
    CeedBasis         q2;
    const CeedScalar *interp, *grad, *q_ref, *q_w;
    CeedScalar        q_ref_2d[18], q_w_2d[9];
    CeedBasisCreateTensorH1Lagrange(ceed, 2, 1, 3, 3, CEED_GAUSS, &q2);
    CeedBasisGetInterp(q2, &interp);
    CeedBasisGetGrad(q2, &grad);
    CeedBasisGetQRef(q2, &q_ref);
    CeedBasisGetQWeights(q2, &q_w);
    for (int j = 0; j < 3; j++)
      for (int i = 0; i < 3; i++) q_ref_2d[j * 3 + i] = q_ref[i], q_ref_2d[9 + j * 3 + i] = q_ref[j], q_w_2d[j * 3 + i] = q_w[i] * q_w[j];
    CeedBasisCreateH1(ceed, CEED_TOPOLOGY_QUAD, 1, 9, 9, interp, grad, q_ref_2d, q_w_2d, &fine);
    CeedBasisDestroy(&q2);
    CeedBasisDestroy(&coarse);
    CeedBasisCreateTensorH1Lagrange(ceed, 2, 1, 2, 3, CEED_GAUSS, &coarse);
    CeedBasisCreateProjection(coarse, fine, &proj);
    CeedBasisIsTensor(proj, &is_tensor);
    CeedBasisGetNumNodes(proj, &P);
    CeedBasisGetNumQuadraturePoints(proj, &Q);
    if (is_tensor || P != 4 || Q != 9) printf("mixed projection: tensor %d, P %d, Q %d\n", is_tensor, (int)P, (int)Q), failed = 1;
    TensorNodes(2, xc);
    TensorNodes(3, xf);
    failed |= CheckProjection(ceed, proj, 4, xc, 9, xf, "tensor to non-tensor");
    CeedBasisDestroy(&proj);
    CeedBasisDestroy(&fine);
    CeedBasisDestroy(&coarse);
  }

  /* Triangle P1 to P2 on 7 points (the P2 nodes and the centroid): linear fields are reproduced. */
  {
    const double pts[14] = {0, 0, 1, 0, 0, 1, 0.5, 0, 0.5, 0.5, 0, 0.5, 1. / 3, 1. / 3};
    const int    edge[3][2] = {{0, 1}, {1, 2}, {0, 2}};
    CeedScalar   i1[7 * 3], g1[2 * 7 * 3], i2[7 * 6], g2[2 * 7 * 6], q_ref[14], q_w[7];
    for (int q = 0; q < 7; q++) {
      const double x = pts[2 * q], y = pts[2 * q + 1], l[3] = {1 - x - y, x, y}, dl[2][3] = {{-1, 1, 0}, {-1, 0, 1}};
      q_ref[q] = x, q_ref[7 + q] = y, q_w[q] = 1. / 14;
      for (int k = 0; k < 3; k++) {
        i1[q * 3 + k] = l[k];
        i2[q * 6 + k] = l[k] * (2 * l[k] - 1);
        for (int d = 0; d < 2; d++) {
          g1[(d * 7 + q) * 3 + k] = dl[d][k];
          g2[(d * 7 + q) * 6 + k] = (4 * l[k] - 1) * dl[d][k];
        }
        const int a = edge[k][0], b = edge[k][1];
        i2[q * 6 + 3 + k] = 4 * l[a] * l[b];
        for (int d = 0; d < 2; d++) g2[(d * 7 + q) * 6 + 3 + k] = 4 * (dl[d][a] * l[b] + l[a] * dl[d][b]);
      }
    }
    CeedBasisCreateH1(ceed, CEED_TOPOLOGY_TRIANGLE, 1, 3, 7, i1, g1, q_ref, q_w, &coarse);
    CeedBasisCreateH1(ceed, CEED_TOPOLOGY_TRIANGLE, 1, 6, 7, i2, g2, q_ref, q_w, &fine);
    CeedBasisCreateProjection(coarse, fine, &proj);
    CeedBasisGetTopology(proj, &topo);
    CeedBasisGetNumNodes(proj, &P);
    CeedBasisGetNumQuadraturePoints(proj, &Q);
    if (topo != CEED_TOPOLOGY_TRIANGLE || P != 3 || Q != 6) printf("simplex projection: topology %d, P %d, Q %d\n", (int)topo, (int)P, (int)Q), failed = 1;
    /* F is bilinear, not in P1: use its linear part by evaluating with xy = 0 on coarse and fine nodes. */
    {
      CeedVector        u, v;
      CeedScalar        u_array[3];
      const CeedScalar *v_array;
      for (int i = 0; i < 3; i++) u_array[i] = 1 + 2 * pts[2 * i] - pts[2 * i + 1];
      CeedVectorCreate(ceed, 3, &u);
      CeedVectorSetArray(u, CEED_MEM_HOST, CEED_COPY_VALUES, u_array);
      CeedVectorCreate(ceed, 6, &v);
      CeedBasisApply(proj, 1, CEED_NOTRANSPOSE, CEED_EVAL_INTERP, u, v);
      CeedVectorGetArrayRead(v, CEED_MEM_HOST, &v_array);
      for (int i = 0; i < 6; i++) {
        const double f = 1 + 2 * pts[2 * i] - pts[2 * i + 1];
        if (fabs(v_array[i] - f) > 1e-13) printf("simplex: value at P2 node %d = %.15g, expected %.15g\n", i, v_array[i], f), failed = 1;
      }
      CeedVectorRestoreArrayRead(v, &v_array);
      CeedVectorDestroy(&v);
      CeedVectorCreate(ceed, 12, &v);
      CeedBasisApply(proj, 1, CEED_NOTRANSPOSE, CEED_EVAL_GRAD, u, v);
      CeedVectorGetArrayRead(v, CEED_MEM_HOST, &v_array);
      for (int i = 0; i < 12; i++) {
        const double expected = i < 6 ? 2.0 : -1.0;
        if (fabs(v_array[i] - expected) > 1e-13) printf("simplex: gradient entry %d = %.15g, expected %g\n", i, v_array[i], expected), failed = 1;
      }
      CeedVectorRestoreArrayRead(v, &v_array);
      CeedVectorDestroy(&u);
      CeedVectorDestroy(&v);
    }
    CeedBasisDestroy(&proj);
    CeedBasisDestroy(&fine);
    CeedBasisDestroy(&coarse);
  }
  CeedDestroy(&ceed);
  return failed;
}
