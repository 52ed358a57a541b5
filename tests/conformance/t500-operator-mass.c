/* Mass operator on structured hex meshes in 1D, 2D and 3D (3D deformed by a trilinear map):
 * qdata from the gallery Mass*DBuild QFunction, action through MassApply. With u = 1 the entries of
 * M u sum to the volume of the domain; with u = x (first physical coordinate) they sum to its integral.
 * Both are exact for these polynomial maps, so the tolerance is round-off. */
#include <ceed.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "assembly-problems.h"

static int RunMass(Ceed ceed, CeedInt dim, const CeedInt *n_e, CeedInt P, CeedInt Q) {
  CeedInt num_elem = 1, nodes_x = 1, nodes_u = 1, elem_size_x = 1, elem_size_u = 1, qpts = 1;
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

  /* Coordinates (component-major), nodal values of u = 1 and u = x on the P-node grid. */
  CeedScalar *x_nodes = malloc(sizeof(CeedScalar) * nodes_x * dim), *u_x = malloc(sizeof(CeedScalar) * nodes_u);
  for (CeedInt i = 0; i < nodes_x; i++) {
    CeedScalar X[3] = {0, 0, 0}, x[3];
    CeedInt    r    = i;
    for (CeedInt d = 0; d < dim; d++) {
      X[d] = (CeedScalar)(r % (n_e[d] + 1)) / n_e[d];
      r /= n_e[d] + 1;
    }
    TestTrilinearBoxMap(dim, X, x);
    for (CeedInt d = 0; d < dim; d++) x_nodes[i + d * nodes_x] = x[d];
  }
  for (CeedInt i = 0; i < nodes_u; i++) {
    CeedScalar X[3] = {0, 0, 0}, x[3];
    CeedInt    r    = i;
    for (CeedInt d = 0; d < dim; d++) {
      CeedInt n_d = n_e[d] * (P - 1) + 1;
      /* nodes of the GLL basis are not equispaced: locate the element and the GLL node inside it */
      CeedInt    k = r % n_d, elem = k / (P - 1), j = k % (P - 1);
      CeedScalar gll[8], w[8];
      CeedLobattoQuadrature(P, gll, w);
      if (elem == n_e[d]) {
        elem = n_e[d] - 1;
        j    = P - 1;
      }
      X[d] = (elem + 0.5 * (gll[j] + 1.0)) / n_e[d];
      r /= n_d;
    }
    TestTrilinearBoxMap(dim, X, x);
    u_x[i] = x[0];
  }

  CeedElemRestriction rstr_x, rstr_u, rstr_q;
  CeedBasis           basis_x, basis_u;
  CeedQFunction       qf_setup, qf_mass;
  CeedOperator        op_setup, op_mass;
  CeedVector          x, q_data, u, v;
  const char         *build[3] = {"Mass1DBuild", "Mass2DBuild", "Mass3DBuild"};

  CeedElemRestrictionCreate(ceed, num_elem, elem_size_x, dim, nodes_x, nodes_x * dim, CEED_MEM_HOST, CEED_COPY_VALUES, offsets_x, &rstr_x);
  CeedElemRestrictionCreate(ceed, num_elem, elem_size_u, 1, 1, nodes_u, CEED_MEM_HOST, CEED_COPY_VALUES, offsets_u, &rstr_u);
  CeedInt strides[3] = {1, qpts, qpts};
  CeedElemRestrictionCreateStrided(ceed, num_elem, qpts, 1, num_elem * qpts, strides, &rstr_q);
  CeedBasisCreateTensorH1Lagrange(ceed, dim, dim, 2, Q, CEED_GAUSS, &basis_x);
  CeedBasisCreateTensorH1Lagrange(ceed, dim, 1, P, Q, CEED_GAUSS, &basis_u);

  CeedQFunctionCreateInteriorByName(ceed, build[dim - 1], &qf_setup);
  CeedQFunctionCreateInteriorByName(ceed, "MassApply", &qf_mass);
  CeedOperatorCreate(ceed, qf_setup, CEED_QFUNCTION_NONE, CEED_QFUNCTION_NONE, &op_setup);
  CeedOperatorSetField(op_setup, "dx", rstr_x, basis_x, CEED_VECTOR_ACTIVE);
  CeedOperatorSetField(op_setup, "weights", CEED_ELEMRESTRICTION_NONE, basis_x, CEED_VECTOR_NONE);
  CeedOperatorSetField(op_setup, "qdata", rstr_q, CEED_BASIS_NONE, CEED_VECTOR_ACTIVE);
  CeedOperatorCreate(ceed, qf_mass, NULL, NULL, &op_mass);
  CeedVectorCreate(ceed, num_elem * qpts, &q_data);
  CeedOperatorSetField(op_mass, "u", rstr_u, basis_u, CEED_VECTOR_ACTIVE);
  CeedOperatorSetField(op_mass, "qdata", rstr_q, CEED_BASIS_NONE, q_data);
  CeedOperatorSetField(op_mass, "v", rstr_u, basis_u, CEED_VECTOR_ACTIVE);

  CeedVectorCreate(ceed, nodes_x * dim, &x);
  CeedVectorSetArray(x, CEED_MEM_HOST, CEED_COPY_VALUES, x_nodes);
  CeedOperatorApply(op_setup, x, q_data, CEED_REQUEST_IMMEDIATE);

  CeedVectorCreate(ceed, nodes_u, &u);
  CeedVectorCreate(ceed, nodes_u, &v);
  int        ierr = 0;
  CeedScalar volume = 1.0, integral_x = 0.0;
  if (dim == 1) volume = 2.0, integral_x = 2.0;
  if (dim == 2) volume = 3.0, integral_x = 3.0; /* box [0,2]x[0,1.5]: area 3, integral of x = 3 */
  if (dim == 3) {
    /* box [0,2]x[0,1.5]x[0,1], det J = 1 + 0.5 s0 + 0.25 s1 s2, x0 = s0 (1 + 0.25 s1 s2) */
    volume = 3.0 + 0.5 * 3.0 + 0.25 * (2.0 * 1.125 * 0.5);
    /* integral of s0 (1 + 0.25 s1 s2)(1 + 0.5 s0 + 0.25 s1 s2) over the box, expanded term by term */
    CeedScalar i_s0 = 2.0, i_s0s0 = 8.0 / 3.0, i_1 = 1.5, i_s1 = 1.125, i_s1s1 = 1.125, i_s2 = 0.5, i_s2s2 = 1.0 / 3.0;
    integral_x = i_s0 * i_1 * 1.0 + 0.5 * i_s0s0 * i_1 * 1.0 + 0.5 * i_s0 * i_s1 * i_s2 + 0.125 * i_s0s0 * i_s1 * i_s2 +
                 0.0625 * i_s0 * i_s1s1 * i_s2s2;
  }
  for (int pass = 0; pass < 2; pass++) {
    if (pass == 0) CeedVectorSetValue(u, 1.0);
    else CeedVectorSetArray(u, CEED_MEM_HOST, CEED_COPY_VALUES, u_x);
    CeedOperatorApply(op_mass, u, v, CEED_REQUEST_IMMEDIATE);
    const CeedScalar *a;
    CeedScalar        sum = 0.0;
    CeedVectorGetArrayRead(v, CEED_MEM_HOST, &a);
    for (CeedInt i = 0; i < nodes_u; i++) sum += a[i];
    CeedVectorRestoreArrayRead(v, &a);
    CeedScalar expected = pass == 0 ? volume : integral_x;
    if (fabs(sum - expected) > 1e-12 * fabs(expected)) {
      printf("dim %d: sum of M u = %.15f, expected %.15f (%s)\n", (int)dim, sum, expected, pass == 0 ? "u = 1" : "u = x");
      ierr = 1;
    }
  }

  free(offsets_x);
  free(offsets_u);
  free(x_nodes);
  free(u_x);
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
  CeedQFunctionDestroy(&qf_mass);
  CeedOperatorDestroy(&op_setup);
  CeedOperatorDestroy(&op_mass);
  return ierr;
}

int main(int argc, char **argv) {
  Ceed ceed;
  int  ierr = 0;

  if (argc < 2) return 2;
  CeedInit(argv[1], &ceed);
  const CeedInt n_1d[1] = {5}, n_2d[2] = {3, 2}, n_3d[3] = {3, 2, 2};
  ierr |= RunMass(ceed, 1, n_1d, 4, 5);
  ierr |= RunMass(ceed, 2, n_2d, 3, 4);
  ierr |= RunMass(ceed, 3, n_3d, 3, 4);
  CeedDestroy(&ceed);
  return ierr;
}
