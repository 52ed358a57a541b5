/* Composite operators on a 1D mesh of [0, 3] with 6 elements: two mass sub-operators on elements 0-2 and
 * 3-5 sharing the L-vector. The composite equals the sum of its parts, ApplyAdd adds, sub-operators are
 * found by name, the multiplicity counts sub-operators touching each node (with working skip indices),
 * and an empty composite applies as zero. */
#include <ceed.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "check-vector.h"

#define NUM_ELEM 6
#define P 3
#define Q 4
#define NUM_NODES (NUM_ELEM * (P - 1) + 1)

/* Mass operator on elements [e0, e1) of the uniform mesh of [0, 3]. */
static void MassOnRange(Ceed ceed, CeedInt e0, CeedInt e1, CeedVector *q_data, CeedOperator *op_mass) {
  const CeedInt n = e1 - e0;
  CeedInt       off_x[2 * NUM_ELEM], off_u[P * NUM_ELEM];
  CeedScalar    x_nodes[NUM_ELEM + 1];
  for (CeedInt e = 0; e < n; e++) {
    off_x[2 * e] = e, off_x[2 * e + 1] = e + 1;
    for (CeedInt j = 0; j < P; j++) off_u[P * e + j] = (e0 + e) * (P - 1) + j;
  }
  for (CeedInt i = 0; i <= n; i++) x_nodes[i] = 0.5 * (e0 + i);

  CeedElemRestriction rstr_x, rstr_u, rstr_q;
  CeedBasis           basis_x, basis_u;
  CeedQFunction       qf_setup, qf_mass;
  CeedOperator        op_setup;
  CeedVector          x;
  CeedInt             strides[3] = {1, Q, Q};
  CeedElemRestrictionCreate(ceed, n, 2, 1, 1, n + 1, CEED_MEM_HOST, CEED_COPY_VALUES, off_x, &rstr_x);
  CeedElemRestrictionCreate(ceed, n, P, 1, 1, NUM_NODES, CEED_MEM_HOST, CEED_COPY_VALUES, off_u, &rstr_u);
  CeedElemRestrictionCreateStrided(ceed, n, Q, 1, n * Q, strides, &rstr_q);
  CeedBasisCreateTensorH1Lagrange(ceed, 1, 1, 2, Q, CEED_GAUSS, &basis_x);
  CeedBasisCreateTensorH1Lagrange(ceed, 1, 1, P, Q, CEED_GAUSS, &basis_u);
  CeedQFunctionCreateInteriorByName(ceed, "Mass1DBuild", &qf_setup);
  CeedQFunctionCreateInteriorByName(ceed, "MassApply", &qf_mass);
  CeedOperatorCreate(ceed, qf_setup, NULL, NULL, &op_setup);
  CeedOperatorSetField(op_setup, "dx", rstr_x, basis_x, CEED_VECTOR_ACTIVE);
  CeedOperatorSetField(op_setup, "weights", CEED_ELEMRESTRICTION_NONE, basis_x, CEED_VECTOR_NONE);
  CeedOperatorSetField(op_setup, "qdata", rstr_q, CEED_BASIS_NONE, CEED_VECTOR_ACTIVE);
  CeedVectorCreate(ceed, n * Q, q_data);
  CeedVectorCreate(ceed, n + 1, &x);
  CeedVectorSetArray(x, CEED_MEM_HOST, CEED_COPY_VALUES, x_nodes);
  CeedOperatorApply(op_setup, x, *q_data, CEED_REQUEST_IMMEDIATE);
  CeedOperatorCreate(ceed, qf_mass, NULL, NULL, op_mass);
  CeedOperatorSetField(*op_mass, "u", rstr_u, basis_u, CEED_VECTOR_ACTIVE);
  CeedOperatorSetField(*op_mass, "qdata", rstr_q, CEED_BASIS_NONE, *q_data);
  CeedOperatorSetField(*op_mass, "v", rstr_u, basis_u, CEED_VECTOR_ACTIVE);
  CeedVectorDestroy(&x);
  CeedElemRestrictionDestroy(&rstr_x);
  CeedElemRestrictionDestroy(&rstr_u);
  CeedElemRestrictionDestroy(&rstr_q);
  CeedBasisDestroy(&basis_x);
  CeedBasisDestroy(&basis_u);
  CeedQFunctionDestroy(&qf_setup);
  CeedQFunctionDestroy(&qf_mass);
  CeedOperatorDestroy(&op_setup);
}

int main(int argc, char **argv) {
  Ceed         ceed;
  CeedOperator op_left, op_right, op_composite, op_empty, found, *subs;
  CeedVector   q_left, q_right, u, v, v_left, v_right, mult;
  CeedInt      num_sub;
  CeedSize     in_size, out_size;
  bool         is_sequential;
  int          ierr = 0;

  if (argc < 2) return 2;
  CeedInit(argv[1], &ceed);
  MassOnRange(ceed, 0, 3, &q_left, &op_left);
  MassOnRange(ceed, 3, NUM_ELEM, &q_right, &op_right);
  CeedOperatorSetName(op_left, "left");
  CeedOperatorSetName(op_right, "right");
  CeedOperatorCreateComposite(ceed, &op_composite);
  CeedOperatorCompositeAddSub(op_composite, op_left);
  CeedOperatorCompositeAddSub(op_composite, op_right);

  CeedOperatorCompositeGetNumSub(op_composite, &num_sub);
  CeedOperatorCompositeGetSubList(op_composite, &subs);
  if (num_sub != 2 || subs[0] != op_left || subs[1] != op_right) printf("wrong sub-operator list\n"), ierr = 1;
  CeedOperatorCompositeGetSubByName(op_composite, "right", &found);
  if (found != op_right) printf("sub-operator 'right' not found\n"), ierr = 1;
  CeedOperatorCompositeGetSubByName(op_composite, "middle", &found);
  if (found != NULL) printf("found a sub-operator 'middle'\n"), ierr = 1;
  CeedOperatorCompositeIsSequential(op_composite, &is_sequential);
  if (is_sequential) printf("composite must not be sequential by default\n"), ierr = 1;
  CeedOperatorCompositeSetSequential(op_composite, true);
  CeedOperatorCompositeIsSequential(op_composite, &is_sequential);
  if (!is_sequential) printf("composite must be sequential after SetSequential\n"), ierr = 1;
  CeedOperatorGetActiveVectorLengths(op_composite, &in_size, &out_size);
  if (in_size != NUM_NODES || out_size != NUM_NODES) printf("active lengths %lld %lld\n", (long long)in_size, (long long)out_size), ierr = 1;

  /* u = x^2 at the GLL nodes (exactly quadratic): composite = sum of the parts, and the sum of M u is 9. */
  CeedScalar u_nodes[NUM_NODES], gll[P], w[P];
  CeedLobattoQuadrature(P, gll, w);
  for (CeedInt e = 0; e < NUM_ELEM; e++) {
    for (CeedInt j = 0; j < P; j++) {
      CeedScalar x = 0.5 * e + 0.25 * (gll[j] + 1.0);
      u_nodes[e * (P - 1) + j] = x * x;
    }
  }
  CeedVectorCreate(ceed, NUM_NODES, &u);
  CeedVectorCreate(ceed, NUM_NODES, &v);
  CeedVectorCreate(ceed, NUM_NODES, &v_left);
  CeedVectorCreate(ceed, NUM_NODES, &v_right);
  CeedVectorSetArray(u, CEED_MEM_HOST, CEED_COPY_VALUES, u_nodes);
  CeedOperatorApply(op_composite, u, v, CEED_REQUEST_IMMEDIATE);
  CeedOperatorApply(op_left, u, v_left, CEED_REQUEST_IMMEDIATE);
  CeedOperatorApply(op_right, u, v_right, CEED_REQUEST_IMMEDIATE);
  {
    const CeedScalar *a, *l, *r;
    CeedVectorGetArrayRead(v, CEED_MEM_HOST, &a);
    CeedVectorGetArrayRead(v_left, CEED_MEM_HOST, &l);
    CeedVectorGetArrayRead(v_right, CEED_MEM_HOST, &r);
    for (CeedInt i = 0; i < NUM_NODES; i++) {
      if (fabs(a[i] - (l[i] + r[i])) > 1e-14) printf("composite[%d] = %.16f != %.16f\n", (int)i, a[i], l[i] + r[i]), ierr = 1;
    }
    CeedVectorRestoreArrayRead(v, &a);
    CeedVectorRestoreArrayRead(v_left, &l);
    CeedVectorRestoreArrayRead(v_right, &r);
  }
  if (fabs(VectorSum(v) - 9.0) > 1e-12) printf("integral of x^2 over [0, 3] = %.15f, expected 9\n", VectorSum(v)), ierr = 1;
  /* ApplyAdd adds into the output: v = 1 + M u. */
  CeedVectorSetValue(v, 1.0);
  CeedOperatorApplyAdd(op_composite, u, v, CEED_REQUEST_IMMEDIATE);
  if (fabs(VectorSum(v) - (NUM_NODES + 9.0)) > 1e-12) printf("ApplyAdd: sum %.15f, expected %.15f\n", VectorSum(v), NUM_NODES + 9.0), ierr = 1;

  /* Multiplicity: the interface node (index 3*(P-1)) is touched by both sub-operators. */
  CeedVectorCreate(ceed, NUM_NODES, &mult);
  for (int skip = 0; skip < 2; skip++) {
    CeedInt           skip_indices[1] = {1};
    const CeedScalar *m;
    CeedOperatorCompositeGetMultiplicity(op_composite, skip, skip_indices, mult);
    CeedVectorGetArrayRead(mult, CEED_MEM_HOST, &m);
    for (CeedInt i = 0; i < NUM_NODES; i++) {
      CeedScalar expected = skip ? (i <= 3 * (P - 1) ? 1.0 : 0.0) : (i == 3 * (P - 1) ? 2.0 : 1.0);
      if (m[i] != expected) printf("multiplicity (skip %d) [%d] = %g, expected %g\n", skip, (int)i, m[i], expected), ierr = 1;
    }
    CeedVectorRestoreArrayRead(mult, &m);
  }

  /* An empty composite is ready with active lengths 0 and adds nothing. */
  CeedOperatorCreateComposite(ceed, &op_empty);
  CeedOperatorGetActiveVectorLengths(op_empty, &in_size, &out_size);
  if (in_size != 0 || out_size != 0) printf("empty composite lengths %lld %lld\n", (long long)in_size, (long long)out_size), ierr = 1;
  CeedVectorSetValue(v, 2.0);
  CeedOperatorApplyAdd(op_empty, u, v, CEED_REQUEST_IMMEDIATE);
  if (VectorSum(v) != 2.0 * NUM_NODES) printf("empty composite changed the output\n"), ierr = 1;
  CeedOperatorApply(op_empty, u, v, CEED_REQUEST_IMMEDIATE);
  if (VectorSum(v) != 0.0) printf("empty composite Apply must give zero\n"), ierr = 1;

  CeedVectorDestroy(&q_left);
  CeedVectorDestroy(&q_right);
  CeedVectorDestroy(&u);
  CeedVectorDestroy(&v);
  CeedVectorDestroy(&v_left);
  CeedVectorDestroy(&v_right);
  CeedVectorDestroy(&mult);
  CeedOperatorDestroy(&op_left);
  CeedOperatorDestroy(&op_right);
  CeedOperatorDestroy(&op_composite);
  CeedOperatorDestroy(&op_empty);
  CeedDestroy(&ceed);
  return ierr;
}
