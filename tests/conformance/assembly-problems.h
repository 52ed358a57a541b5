/* Shared set-up of the operator conformance tests (t50x mesh helpers; t53x-t59x problems): box meshes of [0,1]^dim
 * with a smooth interior deformation (non-affine elements), geometric factors built with the gallery, and
 * the operators the tests assemble:
 *   mass       gallery MassApply                         scalar, one active field
 *   diffusion  gallery Poisson{2,3}DApply                scalar, GRAD
 *   vector     3 components, INTERP and GRAD fields on one interleaved restriction, coupled components
 *   mixed      two restrictions (orders P and P-1) into one L-vector, coupled, not symmetric
 *   composite  mass + diffusion as two sub-operators
 * plus dense/COO helpers used to check assembled matrices against operator application.
 * Everything is static inline so that each test uses what it needs. */
#ifndef CEEDRT_TEST_ASSEMBLY_PROBLEMS_H
#define CEEDRT_TEST_ASSEMBLY_PROBLEMS_H

#include <ceed.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "assembly-qfunctions.h"

#define TEST_MAX_OWNED 64

typedef struct {
  Ceed                ceed;
  CeedInt             dim, n_e[3], num_elem, P, Q, num_qpts;  /* num_qpts = Q^dim */
  CeedInt             num_nodes;                              /* nodes of the order-P scalar space */
  CeedElemRestriction rstr_u;                                 /* order-P scalar restriction */
  CeedBasis           basis_u;                                /* order-P scalar basis */
  CeedVector          qd_mass, qd_diff;                       /* w det J;  w det J J^-1 J^-T (Voigt order) */
  CeedElemRestriction rstr_qd_mass, rstr_qd_diff;
  CeedElemRestriction rstr_x;                                 /* linear geometry */
  CeedBasis           basis_x;
  CeedVector          x;
  CeedObject          owned[TEST_MAX_OWNED];  /* destroyed with the problem */
  int                 num_owned;
} TestProblem;

static inline void TestKeep(TestProblem *pb, void *obj) {
  if (pb->num_owned < TEST_MAX_OWNED) pb->owned[pb->num_owned++] = (CeedObject)obj;
}

/* Deterministic pseudo-random values in [-1, 1]. */
static inline CeedScalar TestRandom(unsigned *state) {
  *state = *state * 1664525u + 1013904223u;
  return 2.0 * ((*state >> 8) / 16777216.0) - 1.0;
}

/* Element e node n -> global node of the P-node-per-direction grid (dimension 0 fastest). scale
   multiplies the node index, shift is added (interleaved components, several fields in one L-vector). */
static inline void TestBoxOffsets(CeedInt dim, const CeedInt *n_e, CeedInt P, CeedInt scale, CeedInt shift, CeedInt *offsets) {
  CeedInt num_elem = 1, elem_size = 1, n_nodes[3];
  for (CeedInt d = 0; d < dim; d++) {
    num_elem *= n_e[d];
    elem_size *= P;
    n_nodes[d] = n_e[d] * (P - 1) + 1;
  }
  for (CeedInt e = 0; e < num_elem; e++) {
    for (CeedInt n = 0; n < elem_size; n++) {
      CeedInt r_e = e, r_n = n, g = 0, stride = 1;
      for (CeedInt d = 0; d < dim; d++) {
        g += ((r_e % n_e[d]) * (P - 1) + r_n % P) * stride;
        stride *= n_nodes[d];
        r_e /= n_e[d];
        r_n /= P;
      }
      offsets[e * elem_size + n] = g * scale + shift;
    }
  }
}

/* The box [0,2] x [0,1.5] x [0,1] (first dim directions) of reference point X in [0, 1]^dim; in 3D deformed
   by a trilinear map with det J = 1 + 0.5 x + 0.25 y z in the scaled box. */
static inline void TestTrilinearBoxMap(CeedInt dim, const CeedScalar *X, CeedScalar *x) {
  const CeedScalar L[3] = {2.0, 1.5, 1.0};
  CeedScalar       s[3] = {0, 0, 0};
  for (CeedInt d = 0; d < dim; d++) s[d] = X[d] * L[d];
  for (CeedInt d = 0; d < dim; d++) x[d] = s[d];
  if (dim == 3) {
    x[0] = s[0] * (1.0 + 0.25 * s[1] * s[2]);
    x[2] = s[2] * (1.0 + 0.5 * s[0]);
  }
}

static inline CeedInt TestNumNodes(CeedInt dim, const CeedInt *n_e, CeedInt P) {
  CeedInt n = 1;
  for (CeedInt d = 0; d < dim; d++) n *= n_e[d] * (P - 1) + 1;
  return n;
}

/* Scalar order-P restriction with L-vector length l_size, node index * scale + shift. */
static inline CeedElemRestriction TestRestriction(TestProblem *pb, CeedInt P, CeedInt num_comp, CeedInt scale, CeedInt shift,
                                                  CeedInt comp_stride, CeedSize l_size) {
  CeedInt elem_size = 1;
  for (CeedInt d = 0; d < pb->dim; d++) elem_size *= P;
  CeedInt *offsets = malloc(sizeof(CeedInt) * pb->num_elem * elem_size);
  TestBoxOffsets(pb->dim, pb->n_e, P, scale, shift, offsets);
  CeedElemRestriction rstr = NULL;
  CeedElemRestrictionCreate(pb->ceed, pb->num_elem, elem_size, num_comp, comp_stride, l_size, CEED_MEM_HOST, CEED_COPY_VALUES, offsets, &rstr);
  free(offsets);
  TestKeep(pb, rstr);
  return rstr;
}

static inline CeedBasis TestBasis(TestProblem *pb, CeedInt num_comp, CeedInt P) {
  CeedBasis basis = NULL;
  CeedBasisCreateTensorH1Lagrange(pb->ceed, pb->dim, num_comp, P, pb->Q, CEED_GAUSS, &basis);
  TestKeep(pb, basis);
  return basis;
}

/* Box [0,L_0] x ... with a smooth deformation of size `bump` that fixes the boundary; X in [0,1]^dim. */
static inline void TestMap(CeedInt dim, const CeedScalar *lengths, CeedScalar bump, const CeedScalar *X, CeedScalar *x) {
  const CeedScalar c[3] = {1.0, -0.7, 0.5}, pi = 3.14159265358979323846;
  for (CeedInt d = 0; d < dim; d++) bump *= sin(pi * X[d]);
  for (CeedInt d = 0; d < dim; d++) x[d] = (X[d] + c[d] * bump) * (lengths ? lengths[d] : 1.0);
}

/* Geometric factors of a gallery build QFunction ("Mass" or "Poisson") into a new vector. */
static inline void TestBuildQData(TestProblem *pb, const char *kind, CeedInt q_comp, CeedElemRestriction *rstr_qd, CeedVector *qd) {
  char          name[32];
  CeedQFunction qf;
  CeedOperator  op;
  snprintf(name, sizeof(name), "%s%dDBuild", kind, (int)pb->dim);
  CeedElemRestrictionCreateStrided(pb->ceed, pb->num_elem, pb->num_qpts, q_comp, (CeedSize)pb->num_elem * pb->num_qpts * q_comp,
                                   CEED_STRIDES_BACKEND, rstr_qd);
  CeedElemRestrictionCreateVector(*rstr_qd, qd, NULL);
  CeedQFunctionCreateInteriorByName(pb->ceed, name, &qf);
  CeedOperatorCreate(pb->ceed, qf, CEED_QFUNCTION_NONE, CEED_QFUNCTION_NONE, &op);
  CeedOperatorSetField(op, "dx", pb->rstr_x, pb->basis_x, CEED_VECTOR_ACTIVE);
  CeedOperatorSetField(op, "weights", CEED_ELEMRESTRICTION_NONE, pb->basis_x, CEED_VECTOR_NONE);
  CeedOperatorSetField(op, "qdata", *rstr_qd, CEED_BASIS_NONE, CEED_VECTOR_ACTIVE);
  CeedOperatorApply(op, pb->x, *qd, CEED_REQUEST_IMMEDIATE);
  CeedOperatorDestroy(&op);
  CeedQFunctionDestroy(&qf);
}

/* Mesh n_e[0] x ... of the box with the given lengths (NULL: unit), deformed by `bump` (0: affine
   elements), order-P scalar space, Q Gauss points per direction. */
static inline void TestProblemCreateMapped(Ceed ceed, CeedInt dim, const CeedInt *n_e, CeedInt P, CeedInt Q, const CeedScalar *lengths,
                                           CeedScalar bump, TestProblem *pb) {
  memset(pb, 0, sizeof(*pb));
  pb->ceed = ceed, pb->dim = dim, pb->P = P, pb->Q = Q, pb->num_elem = 1, pb->num_qpts = 1;
  for (CeedInt d = 0; d < dim; d++) {
    pb->n_e[d] = n_e[d];
    pb->num_elem *= n_e[d];
    pb->num_qpts *= Q;
  }
  pb->num_nodes = TestNumNodes(dim, n_e, P);
  pb->rstr_u    = TestRestriction(pb, P, 1, 1, 0, 1, pb->num_nodes);
  pb->basis_u   = TestBasis(pb, 1, P);

  const CeedInt num_vertices = TestNumNodes(dim, n_e, 2);
  pb->rstr_x                 = TestRestriction(pb, 2, dim, 1, 0, num_vertices, (CeedSize)num_vertices * dim);
  pb->basis_x                = TestBasis(pb, dim, 2);
  CeedScalar *coords         = malloc(sizeof(CeedScalar) * num_vertices * dim);
  for (CeedInt i = 0; i < num_vertices; i++) {
    CeedScalar X[3] = {0, 0, 0}, x[3];
    for (CeedInt d = 0, r = i; d < dim; d++) {
      X[d] = (CeedScalar)(r % (n_e[d] + 1)) / n_e[d];
      r /= n_e[d] + 1;
    }
    TestMap(dim, lengths, bump, X, x);
    for (CeedInt d = 0; d < dim; d++) coords[d * num_vertices + i] = x[d];
  }
  CeedVectorCreate(ceed, (CeedSize)num_vertices * dim, &pb->x);
  CeedVectorSetArray(pb->x, CEED_MEM_HOST, CEED_COPY_VALUES, coords);
  free(coords);
  TestBuildQData(pb, "Mass", 1, &pb->rstr_qd_mass, &pb->qd_mass);
  TestBuildQData(pb, "Poisson", dim * (dim + 1) / 2, &pb->rstr_qd_diff, &pb->qd_diff);
}

/* The deformed unit box used by most tests. */
static inline void TestProblemCreate(Ceed ceed, CeedInt dim, const CeedInt *n_e, CeedInt P, CeedInt Q, TestProblem *pb) {
  TestProblemCreateMapped(ceed, dim, n_e, P, Q, NULL, 0.12, pb);
}

static inline void TestProblemDestroy(TestProblem *pb) {
  for (int i = 0; i < pb->num_owned; i++) CeedObjectDestroy(&pb->owned[i]);
  CeedVectorDestroy(&pb->x);
  CeedVectorDestroy(&pb->qd_mass);
  CeedVectorDestroy(&pb->qd_diff);
  CeedElemRestrictionDestroy(&pb->rstr_qd_mass);
  CeedElemRestrictionDestroy(&pb->rstr_qd_diff);
}

static inline CeedQFunctionContext TestDimContext(TestProblem *pb) {
  CeedQFunctionContext ctx = NULL;
  CeedQFunctionContextCreate(pb->ceed, &ctx);
  CeedQFunctionContextSetData(ctx, CEED_MEM_HOST, CEED_COPY_VALUES, sizeof(pb->dim), &pb->dim);
  TestKeep(pb, ctx);
  return ctx;
}

/* ---- Operators ----------------------------------------------------------------------------------------- */

static inline CeedOperator TestMassOperator(TestProblem *pb) {
  CeedQFunction qf;
  CeedOperator  op;
  CeedQFunctionCreateInteriorByName(pb->ceed, "MassApply", &qf);
  TestKeep(pb, qf);
  CeedOperatorCreate(pb->ceed, qf, CEED_QFUNCTION_NONE, CEED_QFUNCTION_NONE, &op);
  CeedOperatorSetField(op, "u", pb->rstr_u, pb->basis_u, CEED_VECTOR_ACTIVE);
  CeedOperatorSetField(op, "qdata", pb->rstr_qd_mass, CEED_BASIS_NONE, pb->qd_mass);
  CeedOperatorSetField(op, "v", pb->rstr_u, pb->basis_u, CEED_VECTOR_ACTIVE);
  return op;
}

static inline CeedOperator TestDiffusionOperator(TestProblem *pb) {
  CeedQFunction qf;
  CeedOperator  op;
  CeedQFunctionCreateInteriorByName(pb->ceed, pb->dim == 2 ? "Poisson2DApply" : "Poisson3DApply", &qf);
  TestKeep(pb, qf);
  CeedOperatorCreate(pb->ceed, qf, CEED_QFUNCTION_NONE, CEED_QFUNCTION_NONE, &op);
  CeedOperatorSetField(op, "du", pb->rstr_u, pb->basis_u, CEED_VECTOR_ACTIVE);
  CeedOperatorSetField(op, "qdata", pb->rstr_qd_diff, CEED_BASIS_NONE, pb->qd_diff);
  CeedOperatorSetField(op, "dv", pb->rstr_u, pb->basis_u, CEED_VECTOR_ACTIVE);
  return op;
}

/* Active L-vector length of the vector operator: 3 interleaved components per node. */
static inline CeedOperator TestVectorOperator(TestProblem *pb) {
  const CeedInt       dim    = pb->dim, q_diff = dim * (dim + 1) / 2;
  CeedElemRestriction rstr   = TestRestriction(pb, pb->P, 3, 3, 0, 1, 3 * (CeedSize)pb->num_nodes);
  CeedBasis           basis  = TestBasis(pb, 3, pb->P);
  CeedQFunction       qf;
  CeedOperator        op;
  CeedQFunctionCreateInterior(pb->ceed, 1, TestVectorApply, TEST_QFUNCTION_SOURCE(TestVectorApply), &qf);
  TestKeep(pb, qf);
  CeedQFunctionAddInput(qf, "u", 3, CEED_EVAL_INTERP);
  CeedQFunctionAddInput(qf, "du", 3 * dim, CEED_EVAL_GRAD);
  CeedQFunctionAddInput(qf, "qd_mass", 1, CEED_EVAL_NONE);
  CeedQFunctionAddInput(qf, "qd_diff", q_diff, CEED_EVAL_NONE);
  CeedQFunctionAddOutput(qf, "v", 3, CEED_EVAL_INTERP);
  CeedQFunctionAddOutput(qf, "dv", 3 * dim, CEED_EVAL_GRAD);
  CeedQFunctionSetContext(qf, TestDimContext(pb));
  CeedOperatorCreate(pb->ceed, qf, CEED_QFUNCTION_NONE, CEED_QFUNCTION_NONE, &op);
  CeedOperatorSetField(op, "u", rstr, basis, CEED_VECTOR_ACTIVE);
  CeedOperatorSetField(op, "du", rstr, basis, CEED_VECTOR_ACTIVE);
  CeedOperatorSetField(op, "qd_mass", pb->rstr_qd_mass, CEED_BASIS_NONE, pb->qd_mass);
  CeedOperatorSetField(op, "qd_diff", pb->rstr_qd_diff, CEED_BASIS_NONE, pb->qd_diff);
  CeedOperatorSetField(op, "v", rstr, basis, CEED_VECTOR_ACTIVE);
  CeedOperatorSetField(op, "dv", rstr, basis, CEED_VECTOR_ACTIVE);
  return op;
}

/* L-vector: the order-P nodes of u, then the order-(P-1) nodes of p. */
static inline CeedOperator TestMixedOperator(TestProblem *pb) {
  const CeedInt       dim = pb->dim, q_diff = dim * (dim + 1) / 2, nodes_p = TestNumNodes(dim, pb->n_e, pb->P - 1);
  const CeedSize      l_size = pb->num_nodes + nodes_p;
  CeedElemRestriction rstr_u = TestRestriction(pb, pb->P, 1, 1, 0, 1, l_size);
  CeedElemRestriction rstr_p = TestRestriction(pb, pb->P - 1, 1, 1, pb->num_nodes, 1, l_size);
  CeedBasis           basis_p = TestBasis(pb, 1, pb->P - 1);
  CeedQFunction       qf;
  CeedOperator        op;
  CeedQFunctionCreateInterior(pb->ceed, 1, TestMixedApply, TEST_QFUNCTION_SOURCE(TestMixedApply), &qf);
  TestKeep(pb, qf);
  CeedQFunctionAddInput(qf, "u", 1, CEED_EVAL_INTERP);
  CeedQFunctionAddInput(qf, "du", dim, CEED_EVAL_GRAD);
  CeedQFunctionAddInput(qf, "p", 1, CEED_EVAL_INTERP);
  CeedQFunctionAddInput(qf, "qd_mass", 1, CEED_EVAL_NONE);
  CeedQFunctionAddInput(qf, "qd_diff", q_diff, CEED_EVAL_NONE);
  CeedQFunctionAddOutput(qf, "v", 1, CEED_EVAL_INTERP);
  CeedQFunctionAddOutput(qf, "dv", dim, CEED_EVAL_GRAD);
  CeedQFunctionAddOutput(qf, "pv", 1, CEED_EVAL_INTERP);
  CeedQFunctionSetContext(qf, TestDimContext(pb));
  CeedOperatorCreate(pb->ceed, qf, CEED_QFUNCTION_NONE, CEED_QFUNCTION_NONE, &op);
  CeedOperatorSetField(op, "u", rstr_u, pb->basis_u, CEED_VECTOR_ACTIVE);
  CeedOperatorSetField(op, "du", rstr_u, pb->basis_u, CEED_VECTOR_ACTIVE);
  CeedOperatorSetField(op, "p", rstr_p, basis_p, CEED_VECTOR_ACTIVE);
  CeedOperatorSetField(op, "qd_mass", pb->rstr_qd_mass, CEED_BASIS_NONE, pb->qd_mass);
  CeedOperatorSetField(op, "qd_diff", pb->rstr_qd_diff, CEED_BASIS_NONE, pb->qd_diff);
  CeedOperatorSetField(op, "v", rstr_u, pb->basis_u, CEED_VECTOR_ACTIVE);
  CeedOperatorSetField(op, "dv", rstr_u, pb->basis_u, CEED_VECTOR_ACTIVE);
  CeedOperatorSetField(op, "pv", rstr_p, basis_p, CEED_VECTOR_ACTIVE);
  return op;
}

/* Mass + diffusion as a composite operator. */
static inline CeedOperator TestCompositeOperator(TestProblem *pb) {
  CeedOperator op, mass = TestMassOperator(pb), diff = TestDiffusionOperator(pb);
  CeedOperatorCreateComposite(pb->ceed, &op);
  CeedOperatorCompositeAddSub(op, mass);
  CeedOperatorCompositeAddSub(op, diff);
  CeedOperatorDestroy(&mass);
  CeedOperatorDestroy(&diff);
  return op;
}

typedef enum { TEST_MASS, TEST_DIFFUSION, TEST_VECTOR, TEST_MIXED, TEST_COMPOSITE, TEST_NUM_OPERATORS } TestOperatorKind;

static inline const char *TestOperatorName(TestOperatorKind kind) {
  static const char *const names[] = {"mass", "diffusion", "vector", "mixed", "composite"};
  return names[kind];
}

static inline CeedOperator TestOperator(TestProblem *pb, TestOperatorKind kind) {
  switch (kind) {
    case TEST_MASS:
      return TestMassOperator(pb);
    case TEST_DIFFUSION:
      return TestDiffusionOperator(pb);
    case TEST_VECTOR:
      return TestVectorOperator(pb);
    case TEST_MIXED:
      return TestMixedOperator(pb);
    default:
      return TestCompositeOperator(pb);
  }
}

/* ---- Dense and COO helpers ------------------------------------------------------------------------------ */

static inline CeedSize TestActiveLength(CeedOperator op) {
  CeedSize in = 0, out = 0;
  CeedOperatorGetActiveVectorLengths(op, &in, &out);
  return in;
}

/* y = A x through CeedOperatorApply (host arrays; x of length n_in, y of length n_out). */
static inline void TestApplyRect(CeedOperator op, CeedSize n_in, const CeedScalar *x, CeedSize n_out, CeedScalar *y) {
  CeedVector        X, Y;
  const CeedScalar *a;
  CeedVectorCreate(CeedOperatorReturnCeed(op), n_in, &X);
  CeedVectorCreate(CeedOperatorReturnCeed(op), n_out, &Y);
  CeedVectorSetArray(X, CEED_MEM_HOST, CEED_COPY_VALUES, (CeedScalar *)x);
  CeedOperatorApply(op, X, Y, CEED_REQUEST_IMMEDIATE);
  CeedVectorGetArrayRead(Y, CEED_MEM_HOST, &a);
  memcpy(y, a, sizeof(CeedScalar) * n_out);
  CeedVectorRestoreArrayRead(Y, &a);
  CeedVectorDestroy(&X);
  CeedVectorDestroy(&Y);
}

static inline void TestApply(CeedOperator op, CeedSize n, const CeedScalar *x, CeedScalar *y) { TestApplyRect(op, n, x, n, y); }

/* Dense n x n matrix (row-major) of a square operator, one column per application to e_j. */
static inline CeedScalar *TestDenseMatrix(CeedOperator op, CeedSize n) {
  CeedScalar *A = calloc(n * n, sizeof(CeedScalar)), *e = calloc(n, sizeof(CeedScalar)), *col = malloc(sizeof(CeedScalar) * n);
  for (CeedSize j = 0; j < n; j++) {
    e[j] = 1.0;
    TestApply(op, n, e, col);
    e[j] = 0.0;
    for (CeedSize i = 0; i < n; i++) A[i * n + j] = col[i];
  }
  free(e);
  free(col);
  return A;
}

/* y = A x from COO entries (duplicates summed). */
static inline void TestCooMult(CeedSize num_entries, const CeedInt *rows, const CeedInt *cols, const CeedScalar *values, CeedSize n,
                               const CeedScalar *x, CeedScalar *y) {
  for (CeedSize i = 0; i < n; i++) y[i] = 0.0;
  for (CeedSize k = 0; k < num_entries; k++) y[rows[k]] += values[k] * x[cols[k]];
}

/* max |a - b| / max |b|. */
static inline CeedScalar TestRelativeError(CeedSize n, const CeedScalar *a, const CeedScalar *b) {
  CeedScalar err = 0.0, ref = 0.0;
  for (CeedSize i = 0; i < n; i++) {
    if (fabs(a[i] - b[i]) > err) err = fabs(a[i] - b[i]);
    if (fabs(b[i]) > ref) ref = fabs(b[i]);
  }
  return ref > 0.0 ? err / ref : err;
}

/* Host copy of a vector's values. */
static inline CeedScalar *TestVectorValues(CeedVector vec) {
  CeedSize          n;
  const CeedScalar *a;
  CeedVectorGetLength(vec, &n);
  CeedScalar *copy = malloc(sizeof(CeedScalar) * (n > 0 ? n : 1));
  CeedVectorGetArrayRead(vec, CEED_MEM_HOST, &a);
  memcpy(copy, a, sizeof(CeedScalar) * n);
  CeedVectorRestoreArrayRead(vec, &a);
  return copy;
}

/* main() of the assembly tests that check every kind of operator: check(pb, kind) for 0 <= kind < num_kinds
   on a 3 x 2 box in 2D and an n_3d box in 3D (P = 3, Q = 4), on the resource argv[1]. */
static inline int TestMainOverKinds(int argc, char **argv, const CeedInt n_3d[3], int num_kinds, int (*check)(TestProblem *pb, int kind)) {
  Ceed          ceed;
  int           ierr    = 0;
  const CeedInt n_2d[2] = {3, 2};
  if (argc < 2) return 2;
  CeedInit(argv[1], &ceed);
  for (CeedInt dim = 2; dim <= 3; dim++) {
    TestProblem pb;
    TestProblemCreate(ceed, dim, dim == 2 ? n_2d : n_3d, 3, 4, &pb);
    for (int kind = 0; kind < num_kinds; kind++) ierr |= check(&pb, kind);
    TestProblemDestroy(&pb);
  }
  CeedDestroy(&ceed);
  return ierr;
}

#endif /* CEEDRT_TEST_ASSEMBLY_PROBLEMS_H */
