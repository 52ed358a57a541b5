/* Bad input to the assembly, multigrid and FDM functions (store handler): each call returns its code with
 * a message naming the problem, and the operators stay usable (a correct assembly follows and is checked
 * against apply). */
#include "assembly-problems.h"

static int Expect(Ceed ceed, int ierr, int code, const char *text) {
  const char *msg;
  CeedGetErrorMessage(ceed, &msg);
  if (ierr != code || !strstr(msg, text)) {
    printf("expected code %d and \"%s\", got code %d and \"%s\"\n", code, text, ierr, msg);
    return 1;
  }
  CeedResetErrorMessage(ceed, &msg);
  return 0;
}

int main(int argc, char **argv) {
  Ceed ceed;
  int  fail = 0;
  if (argc < 2) return 2;
  CeedInit(argv[1], &ceed);
  CeedSetErrorHandler(ceed, CeedErrorStore);
  const CeedInt n_e[2] = {2, 2};
  TestProblem   pb;
  TestProblemCreate(ceed, 2, n_e, 3, 4, &pb);
  const CeedSize n = pb.num_nodes;
  CeedVector     diag, short_vec, values;
  CeedVectorCreate(ceed, n, &diag);
  CeedVectorCreate(ceed, n - 1, &short_vec);

  /* Incomplete fields. */
  CeedQFunction qf_mass;
  CeedOperator  incomplete;
  CeedQFunctionCreateInteriorByName(ceed, "MassApply", &qf_mass);
  CeedOperatorCreate(ceed, qf_mass, CEED_QFUNCTION_NONE, CEED_QFUNCTION_NONE, &incomplete);
  CeedOperatorSetField(incomplete, "u", pb.rstr_u, pb.basis_u, CEED_VECTOR_ACTIVE);
  fail |= Expect(ceed, CeedOperatorLinearAssembleDiagonal(incomplete, diag, CEED_REQUEST_IMMEDIATE), CEED_ERROR_INCOMPLETE,
                 "Not all operator fields set");
  CeedSize num_entries = 0;
  CeedInt *rows = NULL, *cols = NULL;
  fail |= Expect(ceed, CeedOperatorLinearAssembleSymbolic(incomplete, &num_entries, &rows, &cols), CEED_ERROR_INCOMPLETE,
                 "Not all operator fields set");
  CeedVector          assembled = NULL;
  CeedElemRestriction rstr_q    = NULL;
  fail |= Expect(ceed, CeedOperatorLinearAssembleQFunction(incomplete, &assembled, &rstr_q, CEED_REQUEST_IMMEDIATE), CEED_ERROR_INCOMPLETE,
                 "Not all operator fields set");
  CeedOperator fdm = NULL;
  fail |= Expect(ceed, CeedOperatorCreateFDMElementInverse(incomplete, &fdm, CEED_REQUEST_IMMEDIATE), CEED_ERROR_INCOMPLETE,
                 "Not all operator fields set");

  /* Mismatched buffer sizes. */
  CeedOperator op = TestDiffusionOperator(&pb);
  fail |= Expect(ceed, CeedOperatorLinearAssembleDiagonal(op, short_vec, CEED_REQUEST_IMMEDIATE), CEED_ERROR_DIMENSION,
                 "Assembled diagonal vector has length");
  fail |= Expect(ceed, CeedOperatorLinearAssemblePointBlockDiagonal(op, short_vec, CEED_REQUEST_IMMEDIATE), CEED_ERROR_DIMENSION,
                 "Assembled point-block diagonal vector has length");
  CeedOperatorLinearAssembleGetNumEntries(op, &num_entries);
  CeedVectorCreate(ceed, num_entries + 1, &values);
  fail |= Expect(ceed, CeedOperatorLinearAssemble(op, values), CEED_ERROR_DIMENSION, "COO values vector has length");
  fail |= Expect(ceed, CeedOperatorLinearAssemble(op, CEED_VECTOR_ACTIVE), CEED_ERROR_INCOMPATIBLE, "The COO values must be a CeedVector");
  fail |= Expect(ceed, CeedOperatorLinearAssembleSymbolic(op, NULL, &rows, &cols), CEED_ERROR_INCOMPATIBLE, "must not be NULL");

  /* Multigrid with incompatible coarse objects. */
  CeedOperator        op_c = NULL, op_p = NULL, op_r = NULL, composite = TestCompositeOperator(&pb);
  CeedVector          p_mult;
  CeedElemRestriction rstr_c = TestRestriction(&pb, 2, 1, 1, 0, 1, TestNumNodes(2, n_e, 2));
  CeedElemRestriction rstr_c3 = TestRestriction(&pb, 2, 3, 3, 0, 1, 3 * TestNumNodes(2, n_e, 2));
  CeedBasis           basis_c, basis_c3, basis_q3, basis_3d, basis_simplex;
  CeedVectorCreate(ceed, n, &p_mult);
  CeedVectorSetValue(p_mult, 1.0);
  CeedBasisCreateTensorH1Lagrange(ceed, 2, 1, 2, 4, CEED_GAUSS, &basis_c);
  CeedBasisCreateTensorH1Lagrange(ceed, 2, 3, 2, 4, CEED_GAUSS, &basis_c3);
  CeedBasisCreateTensorH1Lagrange(ceed, 2, 1, 2, 3, CEED_GAUSS, &basis_q3);
  CeedBasisCreateTensorH1Lagrange(ceed, 3, 1, 2, 2, CEED_GAUSS, &basis_3d);
  {
    /* Linear triangle with 16 points (values irrelevant). */
    CeedScalar interp[16 * 3] = {0}, grad[2 * 16 * 3] = {0}, q_ref[2 * 16] = {0}, q_weight[16] = {0};
    CeedBasisCreateH1(ceed, CEED_TOPOLOGY_TRIANGLE, 1, 3, 16, interp, grad, q_ref, q_weight, &basis_simplex);
  }
  fail |= Expect(ceed, CeedOperatorMultigridLevelCreate(op, p_mult, rstr_c3, basis_c3, &op_c, &op_p, &op_r), CEED_ERROR_DIMENSION,
                 "Coarse CeedBasis has 3 components");
  fail |= Expect(ceed, CeedOperatorMultigridLevelCreate(op, p_mult, rstr_c, basis_q3, &op_c, &op_p, &op_r), CEED_ERROR_DIMENSION,
                 "Coarse CeedBasis has 9 quadrature points, the fine one 16");
  fail |= Expect(ceed, CeedOperatorMultigridLevelCreate(op, p_mult, rstr_c, basis_3d, &op_c, &op_p, &op_r), CEED_ERROR_INCOMPATIBLE,
                 "Coarse CeedBasis is on a 3D hexahedron, the fine one on a 2D quadrilateral");
  fail |= Expect(ceed, CeedOperatorMultigridLevelCreate(op, p_mult, rstr_c, basis_simplex, &op_c, &op_p, &op_r), CEED_ERROR_INCOMPATIBLE,
                 "triangle");
  fail |= Expect(ceed, CeedOperatorMultigridLevelCreate(op, NULL, rstr_c, basis_c, &op_c, &op_p, &op_r), CEED_ERROR_INCOMPATIBLE,
                 "need the fine multiplicity vector p_mult_fine");
  fail |= Expect(ceed, CeedOperatorMultigridLevelCreate(op, short_vec, rstr_c, basis_c, &op_c, &op_p, &op_r), CEED_ERROR_DIMENSION,
                 "p_mult_fine has length");
  fail |= Expect(ceed, CeedOperatorMultigridLevelCreate(composite, p_mult, rstr_c, basis_c, &op_c, &op_p, &op_r), CEED_ERROR_UNSUPPORTED,
                 "not supported for composite operators");
  fail |= Expect(ceed, CeedOperatorMultigridLevelCreateTensorH1(op, p_mult, rstr_c, basis_c, NULL, &op_c, &op_p, &op_r),
                 CEED_ERROR_INCOMPATIBLE, "need the coarse-to-fine interpolation matrix");
  fail |= Expect(ceed, CeedOperatorMultigridLevelCreateH1(op, p_mult, rstr_c, basis_c, NULL, &op_c, &op_p, &op_r), CEED_ERROR_INCOMPATIBLE,
                 "need the coarse-to-fine interpolation matrix");
  if (op_c || op_p || op_r) printf("failed multigrid calls wrote their outputs\n"), fail = 1;

  /* Square operators only for diagonals; tensor bases only for FDM; single operators for QFunction assembly. */
  CeedOperatorMultigridLevelCreate(op, p_mult, rstr_c, basis_c, &op_c, &op_p, &op_r);
  fail |= Expect(ceed, CeedOperatorLinearAssembleDiagonal(op_p, diag, CEED_REQUEST_IMMEDIATE), CEED_ERROR_DIMENSION, "Operator must be square");
  fail |= Expect(ceed, CeedOperatorLinearAssembleQFunction(composite, &assembled, &rstr_q, CEED_REQUEST_IMMEDIATE), CEED_ERROR_UNSUPPORTED,
                 "not composite ones");
  fail |= Expect(ceed, CeedOperatorCreateFDMElementInverse(composite, &fdm, CEED_REQUEST_IMMEDIATE), CEED_ERROR_UNSUPPORTED,
                 "not supported for composite operators");
  {
    /* The prolongation of the H1 variant interpolates with a non-tensor basis. */
    CeedOperator     op_c_h1 = NULL, op_p_h1 = NULL;
    const CeedScalar interp[9 * 4] = {0};
    CeedOperatorMultigridLevelCreateH1(op, p_mult, rstr_c, basis_c, interp, &op_c_h1, &op_p_h1, NULL);
    fail |= Expect(ceed, CeedOperatorCreateFDMElementInverse(op_p_h1, &fdm, CEED_REQUEST_IMMEDIATE), CEED_ERROR_BACKEND,
                   "FDMElementInverse only supported for tensor bases");
    CeedOperatorDestroy(&op_c_h1);
    CeedOperatorDestroy(&op_p_h1);
  }
  {
    /* A build operator with a passive input and an active output has no active input to assemble. */
    CeedQFunction       qf_build;
    CeedOperator        op_build;
    CeedElemRestriction rstr_qd;
    CeedQFunctionCreateInteriorByName(ceed, "Mass2DBuild", &qf_build);
    CeedElemRestrictionCreateStrided(ceed, pb.num_elem, pb.num_qpts, 1, (CeedSize)pb.num_elem * pb.num_qpts, CEED_STRIDES_BACKEND, &rstr_qd);
    CeedOperatorCreate(ceed, qf_build, CEED_QFUNCTION_NONE, CEED_QFUNCTION_NONE, &op_build);
    CeedOperatorSetField(op_build, "dx", pb.rstr_x, pb.basis_x, pb.x);
    CeedOperatorSetField(op_build, "weights", CEED_ELEMRESTRICTION_NONE, pb.basis_x, CEED_VECTOR_NONE);
    CeedOperatorSetField(op_build, "qdata", rstr_qd, CEED_BASIS_NONE, CEED_VECTOR_ACTIVE);
    fail |= Expect(ceed, CeedOperatorLinearAssembleQFunction(op_build, &assembled, &rstr_q, CEED_REQUEST_IMMEDIATE), CEED_ERROR_BACKEND,
                   "without active input fields");
    fail |= Expect(ceed, CeedOperatorLinearAssembleGetNumEntries(op_build, &num_entries), CEED_ERROR_INCOMPATIBLE,
                   "Cannot assemble an operator without active input fields");
    CeedOperatorDestroy(&op_build);
    CeedQFunctionDestroy(&qf_build);
    CeedElemRestrictionDestroy(&rstr_qd);
  }

  /* Everything still works: the diagonal equals e_i^T A e_i. */
  CeedOperatorLinearAssembleDiagonal(op, diag, CEED_REQUEST_IMMEDIATE);
  CeedScalar *A = TestDenseMatrix(op, n), *d = TestVectorValues(diag), *expected = malloc(sizeof(CeedScalar) * n);
  for (CeedSize i = 0; i < n; i++) expected[i] = A[i * n + i];
  if (!(TestRelativeError(n, d, expected) < 1e-12)) printf("diagonal after errors is wrong\n"), fail = 1;

  free(A);
  free(d);
  free(expected);
  CeedVectorDestroy(&diag);
  CeedVectorDestroy(&short_vec);
  CeedVectorDestroy(&values);
  CeedVectorDestroy(&p_mult);
  CeedBasisDestroy(&basis_c);
  CeedBasisDestroy(&basis_c3);
  CeedBasisDestroy(&basis_q3);
  CeedBasisDestroy(&basis_3d);
  CeedBasisDestroy(&basis_simplex);
  CeedOperatorDestroy(&op_c);
  CeedOperatorDestroy(&op_p);
  CeedOperatorDestroy(&op_r);
  CeedOperatorDestroy(&composite);
  CeedOperatorDestroy(&op);
  CeedOperatorDestroy(&incomplete);
  CeedQFunctionDestroy(&qf_mass);
  TestProblemDestroy(&pb);
  CeedDestroy(&ceed);
  return fail;
}
