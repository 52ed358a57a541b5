/* Assembly through oriented and curl-oriented restrictions (and their unsigned and unoriented copies) on
 * the deformed 2D and 3D meshes. Whatever the orientation data, A = sum_e E_e^T B^T D B E_e with E_e = T_e G_e
 * (T_e diagonal signs or tridiagonal) is a linear operator: its assembled diagonal must equal e_i^T A e_i
 * and its COO matrix times a random vector must equal CeedOperatorApply. Orientations are pseudo-random. */
#include "assembly-problems.h"

typedef enum { ORIENTED, CURL_ORIENTED, CURL_UNSIGNED, CURL_UNORIENTED, NUM_KINDS } RstrKind;

static const char *KindName(RstrKind kind) {
  static const char *const names[] = {"oriented", "curl-oriented", "unsigned copy of curl-oriented", "unoriented copy of curl-oriented"};
  return names[kind];
}

static CeedElemRestriction OrientedRestriction(TestProblem *pb, RstrKind kind) {
  const CeedInt elem_size = pb->dim == 2 ? pb->P * pb->P : pb->P * pb->P * pb->P, num_elem = pb->num_elem;
  CeedInt      *offsets   = malloc(sizeof(CeedInt) * num_elem * elem_size);
  bool         *orients   = malloc(sizeof(bool) * num_elem * elem_size);
  CeedInt8     *curl      = malloc(sizeof(CeedInt8) * num_elem * elem_size * 3);
  unsigned      seed      = 19;
  TestBoxOffsets(pb->dim, pb->n_e, pb->P, 1, 0, offsets);
  for (CeedInt k = 0; k < num_elem * elem_size; k++) orients[k] = TestRandom(&seed) > 0.0;
  for (CeedInt e = 0; e < num_elem; e++)
    for (CeedInt i = 0; i < elem_size; i++) {
      CeedInt8 *t = curl + 3 * (e * elem_size + i);
      t[0]        = i == 0 ? 0 : (CeedInt8)floor(1.5 * TestRandom(&seed) + 0.5);
      t[1]        = TestRandom(&seed) > 0.0 ? 1 : -1;
      t[2]        = i == elem_size - 1 ? 0 : (CeedInt8)floor(1.5 * TestRandom(&seed) + 0.5);
    }
  CeedElemRestriction rstr = NULL, copy = NULL;
  if (kind == ORIENTED) {
    CeedElemRestrictionCreateOriented(pb->ceed, num_elem, elem_size, 1, 1, pb->num_nodes, CEED_MEM_HOST, CEED_COPY_VALUES, offsets, orients,
                                      &rstr);
  } else {
    CeedElemRestrictionCreateCurlOriented(pb->ceed, num_elem, elem_size, 1, 1, pb->num_nodes, CEED_MEM_HOST, CEED_COPY_VALUES, offsets, curl,
                                          &rstr);
  }
  if (kind == CURL_UNSIGNED) CeedElemRestrictionCreateUnsignedCopy(rstr, &copy);
  if (kind == CURL_UNORIENTED) CeedElemRestrictionCreateUnorientedCopy(rstr, &copy);
  if (copy) CeedElemRestrictionDestroy(&rstr), rstr = copy;
  free(offsets);
  free(orients);
  free(curl);
  TestKeep(pb, rstr);
  return rstr;
}

/* Mass + diffusion through the given restriction (composite of two sub-operators). */
static CeedOperator OrientedOperator(TestProblem *pb, CeedElemRestriction rstr) {
  CeedQFunction qf_mass, qf_diff;
  CeedOperator  op, mass, diff;
  CeedQFunctionCreateInteriorByName(pb->ceed, "MassApply", &qf_mass);
  CeedQFunctionCreateInteriorByName(pb->ceed, pb->dim == 2 ? "Poisson2DApply" : "Poisson3DApply", &qf_diff);
  TestKeep(pb, qf_mass);
  TestKeep(pb, qf_diff);
  CeedOperatorCreate(pb->ceed, qf_mass, CEED_QFUNCTION_NONE, CEED_QFUNCTION_NONE, &mass);
  CeedOperatorSetField(mass, "u", rstr, pb->basis_u, CEED_VECTOR_ACTIVE);
  CeedOperatorSetField(mass, "qdata", pb->rstr_qd_mass, CEED_BASIS_NONE, pb->qd_mass);
  CeedOperatorSetField(mass, "v", rstr, pb->basis_u, CEED_VECTOR_ACTIVE);
  CeedOperatorCreate(pb->ceed, qf_diff, CEED_QFUNCTION_NONE, CEED_QFUNCTION_NONE, &diff);
  CeedOperatorSetField(diff, "du", rstr, pb->basis_u, CEED_VECTOR_ACTIVE);
  CeedOperatorSetField(diff, "qdata", pb->rstr_qd_diff, CEED_BASIS_NONE, pb->qd_diff);
  CeedOperatorSetField(diff, "dv", rstr, pb->basis_u, CEED_VECTOR_ACTIVE);
  CeedOperatorCreateComposite(pb->ceed, &op);
  CeedOperatorCompositeAddSub(op, mass);
  CeedOperatorCompositeAddSub(op, diff);
  CeedOperatorDestroy(&mass);
  CeedOperatorDestroy(&diff);
  return op;
}

static int Check(TestProblem *pb, int kind_index) {
  const RstrKind kind = (RstrKind)kind_index;
  CeedOperator   op = OrientedOperator(pb, OrientedRestriction(pb, kind));
  const CeedSize n  = pb->num_nodes;
  CeedScalar    *A = TestDenseMatrix(op, n), *expected = malloc(sizeof(CeedScalar) * n);
  int            ierr = 0;
  for (CeedSize i = 0; i < n; i++) expected[i] = A[i * n + i];
  CeedVector diag, point_block;
  CeedVectorCreate(pb->ceed, n, &diag);
  CeedVectorCreate(pb->ceed, n, &point_block);
  CeedOperatorLinearAssembleDiagonal(op, diag, CEED_REQUEST_IMMEDIATE);
  CeedOperatorLinearAssemblePointBlockDiagonal(op, point_block, CEED_REQUEST_IMMEDIATE);
  CeedScalar *d = TestVectorValues(diag), *pb_values = TestVectorValues(point_block);
  CeedScalar  error = fmax(TestRelativeError(n, d, expected), TestRelativeError(n, pb_values, expected));
  if (!(error < 1e-12)) {
    printf("%dD %s: (point-block) diagonal differs from e_i^T A e_i by %g\n", (int)pb->dim, KindName(kind), error);
    ierr = 1;
  }
  CeedSize   num_entries;
  CeedInt   *rows, *cols;
  CeedVector values;
  CeedOperatorLinearAssembleSymbolic(op, &num_entries, &rows, &cols);
  CeedVectorCreate(pb->ceed, num_entries, &values);
  CeedOperatorLinearAssemble(op, values);
  CeedScalar *v = TestVectorValues(values), *x = malloc(sizeof(CeedScalar) * n), *y = malloc(sizeof(CeedScalar) * n);
  CeedScalar *y_coo = malloc(sizeof(CeedScalar) * n);
  unsigned    seed  = 23;
  for (CeedSize i = 0; i < n; i++) x[i] = TestRandom(&seed);
  TestApply(op, n, x, y);
  TestCooMult(num_entries, rows, cols, v, n, x, y_coo);
  error = TestRelativeError(n, y_coo, y);
  if (!(error < 1e-12)) {
    printf("%dD %s: COO times x differs from apply by %g\n", (int)pb->dim, KindName(kind), error);
    ierr = 1;
  }
  free(A);
  free(expected);
  free(d);
  free(pb_values);
  free(rows);
  free(cols);
  free(v);
  free(x);
  free(y);
  free(y_coo);
  CeedVectorDestroy(&diag);
  CeedVectorDestroy(&point_block);
  CeedVectorDestroy(&values);
  CeedOperatorDestroy(&op);
  return ierr;
}

int main(int argc, char **argv) {
  const CeedInt n_3d[3] = {2, 1, 2};
  return TestMainOverKinds(argc, argv, n_3d, NUM_KINDS, Check);
}
