/* Poisson operator (gallery Poisson*DBuild / Poisson*DApply) on a 2D box and a deformed 3D hex mesh,
 * applied to a function u that is linear in physical coordinates: u^T A u equals the integral of |grad u|^2,
 * interior residuals vanish, the entries of A u sum to zero and, in 2D, the entries on the face x = 2 sum
 * to the boundary flux of grad u. */
#include <ceed.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "assembly-problems.h"


/* Physical position of the GLL node with global grid index i on the P-node grid. */
static void NodePosition(CeedInt dim, const CeedInt *n_e, CeedInt P, CeedInt i, CeedScalar *x, CeedInt *is_boundary,
                         CeedInt *on_right_face) {
  CeedScalar X[3] = {0, 0, 0}, gll[8], w[8];
  CeedInt    r    = i;
  CeedLobattoQuadrature(P, gll, w);
  *is_boundary = 0;
  for (CeedInt d = 0; d < dim; d++) {
    CeedInt n_d = n_e[d] * (P - 1) + 1, k = r % n_d, elem = k / (P - 1), j = k % (P - 1);
    if (elem == n_e[d]) elem = n_e[d] - 1, j = P - 1;
    X[d] = (elem + 0.5 * (gll[j] + 1.0)) / n_e[d];
    if (k == 0 || k == n_d - 1) *is_boundary = 1;
    if (d == 0) *on_right_face = k == n_d - 1;
    r /= n_d;
  }
  TestTrilinearBoxMap(dim, X, x);
}

static int RunPoisson(Ceed ceed, CeedInt dim, const CeedInt *n_e, CeedInt P, CeedInt Q) {
  CeedInt num_elem = 1, nodes_x = 1, nodes_u = 1, elem_size_x = 1, elem_size_u = 1, qpts = 1, q_comp = dim * (dim + 1) / 2;
  for (CeedInt d = 0; d < dim; d++) {
    num_elem *= n_e[d];
    nodes_x *= n_e[d] + 1;
    nodes_u *= n_e[d] * (P - 1) + 1;
    elem_size_x *= 2;
    elem_size_u *= P;
    qpts *= Q;
  }
  CeedInt *offsets_x = malloc(sizeof(CeedInt) * num_elem * elem_size_x);
  CeedInt *offsets_u = malloc(sizeof(CeedInt) * num_elem * elem_size_u);
  TestBoxOffsets(dim, n_e, 2, 1, 0, offsets_x);
  TestBoxOffsets(dim, n_e, P, 1, 0, offsets_u);

  /* u = 3 x0 + x1 (2D) or x0 + 2 x1 - x2 (3D): |grad u|^2 = 10 or 6. */
  const CeedScalar c[3] = {dim == 2 ? 3.0 : 1.0, dim == 2 ? 1.0 : 2.0, -1.0};
  CeedScalar      *x_nodes = malloc(sizeof(CeedScalar) * nodes_x * dim), *u_nodes = malloc(sizeof(CeedScalar) * nodes_u);
  CeedInt         *boundary = malloc(sizeof(CeedInt) * nodes_u), *right = malloc(sizeof(CeedInt) * nodes_u);
  for (CeedInt i = 0; i < nodes_x; i++) {
    CeedScalar x[3];
    CeedInt    b, rf;
    NodePosition(dim, n_e, 2, i, x, &b, &rf);
    for (CeedInt d = 0; d < dim; d++) x_nodes[i + d * nodes_x] = x[d];
  }
  for (CeedInt i = 0; i < nodes_u; i++) {
    CeedScalar x[3];
    NodePosition(dim, n_e, P, i, x, &boundary[i], &right[i]);
    u_nodes[i] = 0.0;
    for (CeedInt d = 0; d < dim; d++) u_nodes[i] += c[d] * x[d];
  }

  CeedElemRestriction rstr_x, rstr_u, rstr_q;
  CeedBasis           basis_x, basis_u;
  CeedQFunction       qf_setup, qf_diff;
  CeedOperator        op_setup, op_diff;
  CeedVector          x, q_data, u, v;

  CeedElemRestrictionCreate(ceed, num_elem, elem_size_x, dim, nodes_x, nodes_x * dim, CEED_MEM_HOST, CEED_COPY_VALUES, offsets_x, &rstr_x);
  CeedElemRestrictionCreate(ceed, num_elem, elem_size_u, 1, 1, nodes_u, CEED_MEM_HOST, CEED_COPY_VALUES, offsets_u, &rstr_u);
  CeedElemRestrictionCreateStrided(ceed, num_elem, qpts, q_comp, num_elem * qpts * q_comp, CEED_STRIDES_BACKEND, &rstr_q);
  CeedBasisCreateTensorH1Lagrange(ceed, dim, dim, 2, Q, CEED_GAUSS, &basis_x);
  CeedBasisCreateTensorH1Lagrange(ceed, dim, 1, P, Q, CEED_GAUSS, &basis_u);

  CeedQFunctionCreateInteriorByName(ceed, dim == 2 ? "Poisson2DBuild" : "Poisson3DBuild", &qf_setup);
  CeedQFunctionCreateInteriorByName(ceed, dim == 2 ? "Poisson2DApply" : "Poisson3DApply", &qf_diff);
  CeedOperatorCreate(ceed, qf_setup, CEED_QFUNCTION_NONE, CEED_QFUNCTION_NONE, &op_setup);
  CeedOperatorSetField(op_setup, "dx", rstr_x, basis_x, CEED_VECTOR_ACTIVE);
  CeedOperatorSetField(op_setup, "weights", CEED_ELEMRESTRICTION_NONE, basis_x, CEED_VECTOR_NONE);
  CeedOperatorSetField(op_setup, "qdata", rstr_q, CEED_BASIS_NONE, CEED_VECTOR_ACTIVE);
  CeedElemRestrictionCreateVector(rstr_q, &q_data, NULL);
  CeedOperatorCreate(ceed, qf_diff, NULL, NULL, &op_diff);
  CeedOperatorSetField(op_diff, "du", rstr_u, basis_u, CEED_VECTOR_ACTIVE);
  CeedOperatorSetField(op_diff, "qdata", rstr_q, CEED_BASIS_NONE, q_data);
  CeedOperatorSetField(op_diff, "dv", rstr_u, basis_u, CEED_VECTOR_ACTIVE);

  CeedVectorCreate(ceed, nodes_x * dim, &x);
  CeedVectorSetArray(x, CEED_MEM_HOST, CEED_COPY_VALUES, x_nodes);
  CeedOperatorApply(op_setup, x, q_data, CEED_REQUEST_IMMEDIATE);
  CeedVectorCreate(ceed, nodes_u, &u);
  CeedVectorCreate(ceed, nodes_u, &v);
  CeedVectorSetArray(u, CEED_MEM_HOST, CEED_COPY_VALUES, u_nodes);
  CeedOperatorApply(op_diff, u, v, CEED_REQUEST_IMMEDIATE);

  /* Box [0,2]x[0,1.5](x[0,1]); the 3D box is deformed with volume 4.78125. */
  CeedScalar        volume = dim == 2 ? 3.0 : 4.78125, grad2 = dim == 2 ? 10.0 : 6.0;
  CeedScalar        energy = 0.0, total = 0.0, flux = 0.0, max_interior = 0.0;
  const CeedScalar *a;
  int               ierr = 0;
  CeedVectorGetArrayRead(v, CEED_MEM_HOST, &a);
  for (CeedInt i = 0; i < nodes_u; i++) {
    energy += u_nodes[i] * a[i];
    total += a[i];
    if (right[i]) flux += a[i];
    if (!boundary[i] && fabs(a[i]) > max_interior) max_interior = fabs(a[i]);
  }
  CeedVectorRestoreArrayRead(v, &a);
  if (fabs(energy - grad2 * volume) > 1e-11 * grad2 * volume) {
    printf("dim %d: u^T A u = %.15f, expected %.15f\n", (int)dim, energy, grad2 * volume);
    ierr = 1;
  }
  if (fabs(total) > 1e-11 || max_interior > 1e-11) {
    printf("dim %d: sum of A u = %g, max interior residual = %g, expected 0\n", (int)dim, total, max_interior);
    ierr = 1;
  }
  if (dim == 2 && fabs(flux - 4.5) > 1e-11) { /* du/dx = 3 through the face x = 2 of height 1.5 */
    printf("dim 2: flux through x = 2 is %.15f, expected 4.5\n", flux);
    ierr = 1;
  }

  free(offsets_x);
  free(offsets_u);
  free(x_nodes);
  free(u_nodes);
  free(boundary);
  free(right);
  CeedVectorDestroy(&x);
  CeedVectorDestroy(&q_data);
  CeedVectorDestroy(&u);
  CeedVectorDestroy(&v);
  CeedElemRestrictionDestroy(&rstr_x);
  CeedElemRestrictionDestroy(&rstr_u);
  CeedElemRestrictionDestroy(&rstr_q);
  CeedBasisDestroy(&basis_x);
  CeedBasisDestroy(&basis_u);
  CeedQFunctionDestroy(&qf_setup);
  CeedQFunctionDestroy(&qf_diff);
  CeedOperatorDestroy(&op_setup);
  CeedOperatorDestroy(&op_diff);
  return ierr;
}

int main(int argc, char **argv) {
  Ceed ceed;
  int  ierr = 0;

  if (argc < 2) return 2;
  CeedInit(argv[1], &ceed);
  const CeedInt n_2d[2] = {3, 2}, n_3d[3] = {2, 3, 2};
  ierr |= RunPoisson(ceed, 2, n_2d, 3, 4);
  ierr |= RunPoisson(ceed, 3, n_3d, 3, 4);
  CeedDestroy(&ceed);
  return ierr;
}
