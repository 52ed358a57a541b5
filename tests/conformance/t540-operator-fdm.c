/* FDM element inverse (CeedOperatorCreateFDMElementInverse) on affine tensor elements. Element matrices come
 * from the COO assembly of the operator and of its FDM inverse (blocks ordered by element, 06 §7):
 *   - mass (scalar and 3 components, anisotropic boxes, 2D and 3D): F_e A_e = I to 1e-10;
 *   - mass + diffusion and diffusion alone on cubes of side 2 (J = I): the element matrix is the Kronecker
 *     form (K ⊗ M ⊗ M + ...) of the 1-D matrices; the FDM inverse is exact for the stiffness shifted by
 *     the documented 1e-6 (3D) / 1e-4 (2D) on the diagonal, so F_e (A_e + shift term) = I to 1e-10 (diffusion
 *     alone: to 1e-10 times the condition number ~1/shift, relative to 1e-4), and
 *     for mass + diffusion F_e A_e = I up to the shift (1e-3). */
#include "assembly-problems.h"
#include "t540-operator-fdm.h"

static CeedOperator ScreenedPoissonOperator(TestProblem *pb) {
  CeedQFunction qf;
  CeedOperator  op;
  CeedQFunctionCreateInterior(pb->ceed, 1, ScreenedPoisson, TestQFunctionSource(t540_qfunction_file, "ScreenedPoisson"), &qf);
  TestKeep(pb, qf);
  CeedQFunctionAddInput(qf, "u", 1, CEED_EVAL_INTERP);
  CeedQFunctionAddInput(qf, "du", pb->dim, CEED_EVAL_GRAD);
  CeedQFunctionAddInput(qf, "qd_mass", 1, CEED_EVAL_NONE);
  CeedQFunctionAddInput(qf, "qd_diff", pb->dim * (pb->dim + 1) / 2, CEED_EVAL_NONE);
  CeedQFunctionAddOutput(qf, "v", 1, CEED_EVAL_INTERP);
  CeedQFunctionAddOutput(qf, "dv", pb->dim, CEED_EVAL_GRAD);
  CeedQFunctionSetContext(qf, TestDimContext(pb));
  CeedOperatorCreate(pb->ceed, qf, CEED_QFUNCTION_NONE, CEED_QFUNCTION_NONE, &op);
  CeedOperatorSetField(op, "u", pb->rstr_u, pb->basis_u, CEED_VECTOR_ACTIVE);
  CeedOperatorSetField(op, "du", pb->rstr_u, pb->basis_u, CEED_VECTOR_ACTIVE);
  CeedOperatorSetField(op, "qd_mass", pb->rstr_qd_mass, CEED_BASIS_NONE, pb->qd_mass);
  CeedOperatorSetField(op, "qd_diff", pb->rstr_qd_diff, CEED_BASIS_NONE, pb->qd_diff);
  CeedOperatorSetField(op, "v", pb->rstr_u, pb->basis_u, CEED_VECTOR_ACTIVE);
  CeedOperatorSetField(op, "dv", pb->rstr_u, pb->basis_u, CEED_VECTOR_ACTIVE);
  return op;
}

/* COO values of op (element blocks in order). */
static CeedScalar *ElementMatrices(CeedOperator op, CeedSize *num_entries) {
  CeedVector values;
  CeedOperatorLinearAssembleGetNumEntries(op, num_entries);
  CeedVectorCreate(CeedOperatorReturnCeed(op), *num_entries, &values);
  CeedOperatorLinearAssemble(op, values);
  CeedScalar *v = TestVectorValues(values);
  CeedVectorDestroy(&values);
  return v;
}

/* Element matrix (num_comp * P)^2 of element e from COO blocks [e][c_in][c_out][a][b], as [row][col]. */
static void ElementMatrix(const CeedScalar *coo, CeedInt e, CeedInt num_comp, CeedInt P, CeedScalar *A) {
  const CeedInt n = num_comp * P;
  const CeedScalar *blocks = coo + (CeedSize)e * n * n;
  for (CeedInt ci = 0; ci < num_comp; ci++)
    for (CeedInt co = 0; co < num_comp; co++)
      for (CeedInt a = 0; a < P; a++)
        for (CeedInt b = 0; b < P; b++) A[(co * P + a) * n + ci * P + b] = blocks[((ci * num_comp + co) * P + a) * P + b];
}

/* max_e max |F_e (A_e + S) - I| with S added to every element matrix (may be NULL). */
static CeedScalar InverseError(CeedOperator op, CeedOperator fdm, CeedInt num_elem, CeedInt num_comp, CeedInt P, const CeedScalar *S) {
  CeedSize          n_a, n_f;
  CeedScalar       *coo_a = ElementMatrices(op, &n_a), *coo_f = ElementMatrices(fdm, &n_f), error = 0.0;
  const CeedInt     n     = num_comp * P;
  CeedScalar       *A = malloc(sizeof(CeedScalar) * n * n), *F = malloc(sizeof(CeedScalar) * n * n);
  for (CeedInt e = 0; e < num_elem; e++) {
    ElementMatrix(coo_a, e, num_comp, P, A);
    ElementMatrix(coo_f, e, num_comp, P, F);
    if (S)
      for (CeedInt k = 0; k < n * n; k++) A[k] += S[k];
    for (CeedInt i = 0; i < n; i++)
      for (CeedInt j = 0; j < n; j++) {
        CeedScalar s = 0.0;
        for (CeedInt k = 0; k < n; k++) s += F[i * n + k] * A[k * n + j];
        error = fmax(error, fabs(s - (i == j ? 1.0 : 0.0)));
      }
  }
  free(coo_a);
  free(coo_f);
  free(A);
  free(F);
  return error;
}

/* Kronecker form on the reference cube: sum over terms of prod_d T_d[a_d][b_d], each T_d M or K (tensor
   index with dimension 0 fastest). mass_coef weights prod M, stiff scales the terms with one K. */
static void KroneckerMatrix(CeedInt dim, CeedInt P_1d, const CeedScalar *M, const CeedScalar *K, CeedScalar mass_coef, CeedScalar stiff,
                            CeedScalar *A) {
  CeedInt P = 1;
  for (CeedInt d = 0; d < dim; d++) P *= P_1d;
  for (CeedInt a = 0; a < P; a++)
    for (CeedInt b = 0; b < P; b++) {
      CeedScalar mass = 1.0, sum = 0.0;
      for (CeedInt d = 0, ra = a, rb = b; d < dim; d++, ra /= P_1d, rb /= P_1d) mass *= M[(ra % P_1d) * P_1d + rb % P_1d];
      for (CeedInt k = 0; k < dim; k++) {
        CeedScalar term = 1.0;
        for (CeedInt d = 0, ra = a, rb = b; d < dim; d++, ra /= P_1d, rb /= P_1d)
          term *= (d == k ? K : M)[(ra % P_1d) * P_1d + rb % P_1d];
        sum += term;
      }
      A[a * P + b] = mass_coef * mass + stiff * sum;
    }
}

static int CheckMass(Ceed ceed, CeedInt dim) {
  const CeedInt    n_e[3]     = {2, 1, 2};
  const CeedScalar lengths[3] = {1.5, 0.7, 2.4};
  TestProblem      pb;
  int              ierr = 0;
  TestProblemCreateMapped(ceed, dim, n_e, 4, 5, lengths, 0.0, &pb);
  for (int kind = 0; kind < 2; kind++) {
    CeedOperator op = kind == 0 ? TestMassOperator(&pb) : NULL, fdm = NULL;
    if (kind == 1) { /* 3 components: vector mass */
      CeedElemRestriction rstr  = TestRestriction(&pb, 4, 3, 3, 0, 1, 3 * (CeedSize)pb.num_nodes);
      CeedBasis           basis = TestBasis(&pb, 3, 4);
      CeedQFunction       qf;
      CeedQFunctionCreateInteriorByName(ceed, "Vector3MassApply", &qf);
      TestKeep(&pb, qf);
      CeedOperatorCreate(ceed, qf, CEED_QFUNCTION_NONE, CEED_QFUNCTION_NONE, &op);
      CeedOperatorSetField(op, "u", rstr, basis, CEED_VECTOR_ACTIVE);
      CeedOperatorSetField(op, "qdata", pb.rstr_qd_mass, CEED_BASIS_NONE, pb.qd_mass);
      CeedOperatorSetField(op, "v", rstr, basis, CEED_VECTOR_ACTIVE);
    }
    CeedOperatorCreateFDMElementInverse(op, &fdm, CEED_REQUEST_IMMEDIATE);
    const CeedInt    P     = dim == 2 ? 16 : 64;
    const CeedScalar error = InverseError(op, fdm, pb.num_elem, kind == 0 ? 1 : 3, P, NULL);
    if (!(error < 1e-10)) {
      printf("%dD %s mass: FDM inverse times element matrix differs from I by %g\n", (int)dim, kind == 0 ? "scalar" : "vector", error);
      ierr = 1;
    }
    CeedOperatorDestroy(&fdm);
    CeedOperatorDestroy(&op);
  }
  TestProblemDestroy(&pb);
  return ierr;
}

/* Cubes of side 2: qd_mass = w, qd_diff = w I, so A_e = mass_coef M⊗M⊗M + K⊗M⊗M + ... */
static int CheckStiffness(Ceed ceed, CeedInt dim, int with_mass) {
  const CeedInt    n_e[3] = {2, 1, 1}, P_1d = 4, Q_1d = 5;
  const CeedScalar lengths[3] = {4.0, 2.0, 2.0}, shift = dim > 2 ? 1e-6 : 1e-4;
  TestProblem      pb;
  int              ierr = 0;
  TestProblemCreateMapped(ceed, dim, n_e, P_1d, Q_1d, lengths, 0.0, &pb);
  CeedOperator op = with_mass ? ScreenedPoissonOperator(&pb) : TestDiffusionOperator(&pb), fdm;
  CeedOperatorCreateFDMElementInverse(op, &fdm, CEED_REQUEST_IMMEDIATE);

  /* 1-D matrices and the Kronecker forms. */
  const CeedScalar *B, *G, *w;
  CeedBasisGetInterp1D(pb.basis_u, &B);
  CeedBasisGetGrad1D(pb.basis_u, &G);
  CeedBasisGetQWeights(pb.basis_u, &w);
  CeedScalar M[16] = {0}, K[16] = {0}, I[16] = {0};
  for (CeedInt i = 0; i < P_1d; i++) {
    I[i * P_1d + i] = 1.0;
    for (CeedInt j = 0; j < P_1d; j++)
      for (CeedInt k = 0; k < Q_1d; k++) {
        M[i * P_1d + j] += B[k * P_1d + i] * w[k] * B[k * P_1d + j];
        K[i * P_1d + j] += G[k * P_1d + i] * w[k] * G[k * P_1d + j];
      }
  }
  const CeedInt P = dim == 2 ? 16 : 64;
  CeedScalar   *A_ref = malloc(sizeof(CeedScalar) * P * P), *S = malloc(sizeof(CeedScalar) * P * P);
  KroneckerMatrix(dim, P_1d, M, K, with_mass ? 1.0 : 0.0, 1.0, A_ref);
  KroneckerMatrix(dim, P_1d, M, I, 0.0, shift, S); /* shift * sum_d I ⊗ M ⊗ M */

  /* The assembled element matrices are the Kronecker form. */
  CeedSize    n_a;
  CeedScalar *coo = ElementMatrices(op, &n_a), *A_e = malloc(sizeof(CeedScalar) * P * P);
  for (CeedInt e = 0; e < pb.num_elem; e++) {
    ElementMatrix(coo, e, 1, P, A_e);
    const CeedScalar error = TestRelativeError(P * P, A_e, A_ref);
    if (!(error < 1e-12)) {
      printf("%dD %s: element %d matrix is not the Kronecker form (%g)\n", (int)dim, with_mass ? "mass+diffusion" : "diffusion", (int)e, error);
      ierr = 1;
    }
  }
  const CeedScalar exact = InverseError(op, fdm, pb.num_elem, 1, P, S), approx = InverseError(op, fdm, pb.num_elem, 1, P, NULL);
  /* Without mass the shifted element matrix has condition number ~1/shift: rounding grows accordingly. */
  const CeedScalar tol = with_mass ? 1e-10 : 1e-10 / (1e4 * shift);
  if (!(exact < tol) || (with_mass && !(approx < 1e-3))) {
    printf("%dD %s: FDM inverse times element matrix differs from I by %g with the shift, %g without\n", (int)dim,
           with_mass ? "mass+diffusion" : "diffusion", exact, approx);
    ierr = 1;
  }
  free(coo);
  free(A_e);
  free(A_ref);
  free(S);
  CeedOperatorDestroy(&fdm);
  CeedOperatorDestroy(&op);
  TestProblemDestroy(&pb);
  return ierr;
}

int main(int argc, char **argv) {
  Ceed ceed;
  int  ierr = 0;
  if (argc < 2) return 2;
  CeedInit(argv[1], &ceed);
  for (CeedInt dim = 2; dim <= 3; dim++) {
    ierr |= CheckMass(ceed, dim);
    ierr |= CheckStiffness(ceed, dim, 1);
    ierr |= CheckStiffness(ceed, dim, 0);
  }
  CeedDestroy(&ceed);
  return ierr;
}
