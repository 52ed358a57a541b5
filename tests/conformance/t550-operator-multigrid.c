/* Multigrid levels (CeedOperatorMultigridLevelCreate, ...TensorH1, ...H1) for diffusion (2D, 3D) and the
 * 3-component vector operator (3D) on deformed meshes:
 *   - prolongation reproduces a coarse-space polynomial exactly at the fine nodes;
 *   - restriction is the transpose of prolongation (y^T P x = x^T R y);
 *   - the coarse operator is the Galerkin product R A_fine P;
 *   - the three constructors give the same transfers; names follow the fine operator;
 *   - the coarse operator's assembled diagonal (sharing the fine QFunction assembly) equals e_i^T A_c e_i. */
#include "assembly-problems.h"

/* Box coordinate along one direction of grid index k on the P-node grid with n_e elements. */
static CeedScalar NodeCoordinate(CeedInt k, CeedInt n_e, CeedInt P) {
  CeedScalar gll[16], w[16];
  CeedLobattoQuadrature(P, gll, w);
  CeedInt elem = k / (P - 1), j = k % (P - 1);
  if (elem == n_e) elem = n_e - 1, j = P - 1;
  return (elem + 0.5 * (gll[j] + 1.0)) / n_e;
}

/* Nodal values (interleaved components) of g_c(X) = prod_d sum_{k<P_c} a_{c,d,k} X_d^k, in the coarse space. */
static void PolynomialValues(const TestProblem *pb, CeedInt P, CeedInt P_c, CeedInt num_comp, CeedScalar *values) {
  const CeedInt num_nodes = TestNumNodes(pb->dim, pb->n_e, P);
  for (CeedInt i = 0; i < num_nodes; i++) {
    for (CeedInt c = 0; c < num_comp; c++) {
      CeedScalar g = 1.0;
      for (CeedInt d = 0, r = i; d < pb->dim; d++) {
        const CeedInt    n_d = pb->n_e[d] * (P - 1) + 1;
        const CeedScalar X = NodeCoordinate(r % n_d, pb->n_e[d], P);
        CeedScalar       s = 0.0, power = 1.0;
        for (CeedInt k = 0; k < P_c; k++, power *= X) s += (1.0 + 0.3 * k - 0.2 * d + 0.1 * c) * power;
        g *= s;
        r /= n_d;
      }
      values[i * num_comp + c] = g;
    }
  }
}

/* 1-D interpolation from the P_c coarse GLL nodes to the P_f fine GLL nodes (P_f x P_c). */
static void Interp1D(CeedInt P_f, CeedInt P_c, CeedScalar *interp) {
  CeedScalar x_f[16], x_c[16], w[16];
  CeedLobattoQuadrature(P_f, x_f, w);
  CeedLobattoQuadrature(P_c, x_c, w);
  for (CeedInt i = 0; i < P_f; i++)
    for (CeedInt j = 0; j < P_c; j++) {
      CeedScalar l = 1.0;
      for (CeedInt k = 0; k < P_c; k++)
        if (k != j) l *= (x_f[i] - x_c[k]) / (x_c[j] - x_c[k]);
      interp[i * P_c + j] = l;
    }
}

static int CheckLevel(TestProblem *pb, TestOperatorKind kind, CeedInt P_c) {
  const CeedInt dim = pb->dim, P_f = pb->P, num_comp = kind == TEST_VECTOR ? 3 : 1;
  const CeedInt nodes_f = pb->num_nodes, nodes_c = TestNumNodes(dim, pb->n_e, P_c);
  const CeedSize n_f = (CeedSize)nodes_f * num_comp, n_c = (CeedSize)nodes_c * num_comp;
  int            ierr = 0;
  char           label[64];
  snprintf(label, sizeof(label), "%dD %s, P %d -> %d", (int)dim, TestOperatorName(kind), (int)P_f, (int)P_c);

  CeedOperator op_fine = TestOperator(pb, kind);
  CeedOperatorSetName(op_fine, "fine op");
  CeedElemRestriction rstr_c  = TestRestriction(pb, P_c, num_comp, num_comp, 0, 1, n_c);
  CeedBasis           basis_c = TestBasis(pb, num_comp, P_c);
  CeedVector          p_mult;
  CeedVectorCreate(pb->ceed, n_f, &p_mult);
  CeedVectorSetValue(p_mult, 1.0);

  /* The three constructors. */
  CeedScalar *interp_1d = malloc(sizeof(CeedScalar) * P_f * P_c), *interp = malloc(sizeof(CeedScalar) * nodes_f * nodes_c);
  CeedInt     elem_f = 1, elem_c = 1;
  for (CeedInt d = 0; d < dim; d++) elem_f *= P_f, elem_c *= P_c;
  Interp1D(P_f, P_c, interp_1d);
  for (CeedInt i = 0; i < elem_f; i++)
    for (CeedInt j = 0; j < elem_c; j++) {
      CeedScalar v = 1.0;
      for (CeedInt d = 0, ri = i, rj = j; d < dim; d++, ri /= P_f, rj /= P_c) v *= interp_1d[(ri % P_f) * P_c + rj % P_c];
      interp[i * elem_c + j] = v;
    }
  CeedOperator op_c[3], op_p[3], op_r[3];
  CeedOperatorMultigridLevelCreate(op_fine, p_mult, rstr_c, basis_c, &op_c[0], &op_p[0], &op_r[0]);
  CeedOperatorMultigridLevelCreateTensorH1(op_fine, p_mult, rstr_c, basis_c, interp_1d, &op_c[1], &op_p[1], &op_r[1]);
  CeedOperatorMultigridLevelCreateH1(op_fine, p_mult, rstr_c, basis_c, interp, &op_c[2], &op_p[2], &op_r[2]);

  /* Names. */
  const char *name_c = NULL, *name_p = NULL, *name_r = NULL;
  CeedOperatorGetName(op_c[0], &name_c);
  CeedOperatorGetName(op_p[0], &name_p);
  CeedOperatorGetName(op_r[0], &name_r);
  if (strcmp(name_c, "fine op") || strcmp(name_p, "prolongation for fine op") || strcmp(name_r, "restriction for fine op")) {
    printf("%s: names \"%s\", \"%s\", \"%s\"\n", label, name_c, name_p, name_r);
    ierr = 1;
  }

  CeedScalar *u_c = malloc(sizeof(CeedScalar) * n_c), *u_f = malloc(sizeof(CeedScalar) * n_f), *pu = malloc(sizeof(CeedScalar) * n_f);
  CeedScalar *x_c = malloc(sizeof(CeedScalar) * n_c), *y_f = malloc(sizeof(CeedScalar) * n_f), *px = malloc(sizeof(CeedScalar) * n_f);
  CeedScalar *ry = malloc(sizeof(CeedScalar) * n_c), *rapx = malloc(sizeof(CeedScalar) * n_c), *acx = malloc(sizeof(CeedScalar) * n_c);
  CeedScalar *apx = malloc(sizeof(CeedScalar) * n_f), *px_0 = malloc(sizeof(CeedScalar) * n_f);
  unsigned    seed = 7;
  for (CeedSize i = 0; i < n_c; i++) x_c[i] = TestRandom(&seed);
  for (CeedSize i = 0; i < n_f; i++) y_f[i] = TestRandom(&seed);
  PolynomialValues(pb, P_c, P_c, num_comp, u_c);
  PolynomialValues(pb, P_f, P_c, num_comp, u_f);

  for (int v = 0; v < 3; v++) {
    /* Exact prolongation of a coarse polynomial. */
    TestApplyRect(op_p[v], n_c, u_c, n_f, pu);
    CeedScalar error = TestRelativeError(n_f, pu, u_f);
    if (!(error < 1e-13)) {
      printf("%s, constructor %d: prolongation of a coarse polynomial is off by %g\n", label, v, error);
      ierr = 1;
    }
    /* y^T P x = x^T R y. */
    TestApplyRect(op_p[v], n_c, x_c, n_f, px);
    TestApplyRect(op_r[v], n_f, y_f, n_c, ry);
    CeedScalar ypx = 0.0, xry = 0.0, scale = 0.0;
    for (CeedSize i = 0; i < n_f; i++) ypx += y_f[i] * px[i], scale += fabs(y_f[i] * px[i]);
    for (CeedSize i = 0; i < n_c; i++) xry += x_c[i] * ry[i];
    if (!(fabs(ypx - xry) < 1e-14 * scale)) {
      printf("%s, constructor %d: y^T P x = %.16g but x^T R y = %.16g\n", label, v, ypx, xry);
      ierr = 1;
    }
    /* Galerkin coarse operator. */
    TestApply(op_fine, n_f, px, apx);
    TestApplyRect(op_r[v], n_f, apx, n_c, rapx);
    TestApply(op_c[v], n_c, x_c, acx);
    error = TestRelativeError(n_c, acx, rapx);
    if (!(error < 1e-12)) {
      printf("%s, constructor %d: coarse operator differs from R A P by %g\n", label, v, error);
      ierr = 1;
    }
    /* Same transfers from every constructor. */
    if (v == 0) memcpy(px_0, px, sizeof(CeedScalar) * n_f);
    error = TestRelativeError(n_f, px, px_0);
    if (!(error < 1e-13)) {
      printf("%s: prolongation of constructor %d differs from constructor 0 by %g\n", label, v, error);
      ierr = 1;
    }
  }

  /* Fine diagonal first (builds the shared QFunction assembly), then the coarse one against apply. */
  CeedVector diag_f, diag_c;
  CeedVectorCreate(pb->ceed, n_f, &diag_f);
  CeedVectorCreate(pb->ceed, n_c, &diag_c);
  CeedOperatorLinearAssembleDiagonal(op_fine, diag_f, CEED_REQUEST_IMMEDIATE);
  CeedOperatorLinearAssembleDiagonal(op_c[0], diag_c, CEED_REQUEST_IMMEDIATE);
  CeedScalar *A_c = TestDenseMatrix(op_c[0], n_c), *d_c = TestVectorValues(diag_c), *expected = malloc(sizeof(CeedScalar) * n_c);
  for (CeedSize i = 0; i < n_c; i++) expected[i] = A_c[i * n_c + i];
  CeedScalar error = TestRelativeError(n_c, d_c, expected);
  if (!(error < 1e-12)) {
    printf("%s: coarse diagonal differs from e_i^T A_c e_i by %g\n", label, error);
    ierr = 1;
  }

  for (int v = 0; v < 3; v++) {
    CeedOperatorDestroy(&op_c[v]);
    CeedOperatorDestroy(&op_p[v]);
    CeedOperatorDestroy(&op_r[v]);
  }
  free(A_c);
  free(d_c);
  free(expected);
  free(interp_1d);
  free(interp);
  free(u_c);
  free(u_f);
  free(pu);
  free(x_c);
  free(y_f);
  free(px);
  free(ry);
  free(rapx);
  free(acx);
  free(apx);
  free(px_0);
  CeedVectorDestroy(&diag_f);
  CeedVectorDestroy(&diag_c);
  CeedVectorDestroy(&p_mult);
  CeedOperatorDestroy(&op_fine);
  return ierr;
}

int main(int argc, char **argv) {
  Ceed ceed;
  int  ierr = 0;
  if (argc < 2) return 2;
  CeedInit(argv[1], &ceed);
  const CeedInt n_2d[2] = {3, 2}, n_3d[3] = {2, 2, 1};
  TestProblem   pb;
  TestProblemCreate(ceed, 2, n_2d, 4, 5, &pb);
  ierr |= CheckLevel(&pb, TEST_DIFFUSION, 3);
  ierr |= CheckLevel(&pb, TEST_DIFFUSION, 2);
  TestProblemDestroy(&pb);
  TestProblemCreate(ceed, 3, n_3d, 4, 5, &pb);
  ierr |= CheckLevel(&pb, TEST_DIFFUSION, 2);
  ierr |= CheckLevel(&pb, TEST_VECTOR, 2);
  TestProblemDestroy(&pb);
  CeedDestroy(&ceed);
  return ierr;
}
