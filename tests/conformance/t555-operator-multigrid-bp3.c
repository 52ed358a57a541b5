/* BP3 (Poisson, homogeneous Dirichlet conditions) on a deformed 3D hex mesh, order 3, solved with:
 *   - a two-level p-multigrid cycle: Chebyshev smoothing (degree 3, Jacobi-preconditioned with the assembled
 *     diagonal, eigenvalue bound from power iteration), order-1 coarse operator and transfers from
 *     CeedOperatorMultigridLevelCreate, coarse problem solved exactly with the COO-assembled matrix
 *     (dense Cholesky), iterated from x = 0 until the residual dropped by 1e-8. The mean residual
 *     reduction per cycle must stay below one bound, 0.25, on every mesh: 2^3, 3^3 and 4^3 elements here
 *     (measured 0.071, 0.089, 0.118). On small meshes a large share of the elements touches the Dirichlet
 *     boundary, which helps; the factor levels off as that share shrinks (Release build, "-v 8 10 12":
 *     0.209, 0.229, 0.238, 12-13 cycles).
 *   - CG with and without the Jacobi preconditioner from the assembled diagonal (4^3 mesh): the
 *     preconditioned solve must need fewer iterations to reach a relative residual of 1e-8.
 * Arguments: resource [-v [n1 n2 n3]]; -v prints the factors and iteration counts, n1..n3 replace the
 * mesh sizes. */
#include "assembly-problems.h"

typedef struct {
  CeedOperator op;
  CeedVector   x, y;
  CeedSize     n;
  const char  *mask;  /* 1 on Dirichlet nodes */
} MaskedOperator;

/* y = A_D x with A_D = M A M + (I - M), M the interior mask. */
static void MaskedApply(MaskedOperator *A, const CeedScalar *x, CeedScalar *y) {
  CeedScalar       *a;
  const CeedScalar *b;
  CeedVectorGetArrayWrite(A->x, CEED_MEM_HOST, &a);
  for (CeedSize i = 0; i < A->n; i++) a[i] = A->mask[i] ? 0.0 : x[i];
  CeedVectorRestoreArray(A->x, &a);
  CeedOperatorApply(A->op, A->x, A->y, CEED_REQUEST_IMMEDIATE);
  CeedVectorGetArrayRead(A->y, CEED_MEM_HOST, &b);
  for (CeedSize i = 0; i < A->n; i++) y[i] = A->mask[i] ? x[i] : b[i];
  CeedVectorRestoreArrayRead(A->y, &b);
}

static void MaskedInit(MaskedOperator *A, CeedOperator op, CeedSize n, const char *mask) {
  A->op = op, A->n = n, A->mask = mask;
  CeedVectorCreate(CeedOperatorReturnCeed(op), n, &A->x);
  CeedVectorCreate(CeedOperatorReturnCeed(op), n, &A->y);
}

static void MaskedDestroy(MaskedOperator *A) {
  CeedVectorDestroy(&A->x);
  CeedVectorDestroy(&A->y);
}

/* Boundary nodes of the order-P grid of [0,1]^3. */
static char *BoundaryMask(const TestProblem *pb, CeedInt P) {
  const CeedInt n = TestNumNodes(pb->dim, pb->n_e, P);
  char         *mask = calloc(n, 1);
  for (CeedInt i = 0; i < n; i++)
    for (CeedInt d = 0, r = i; d < pb->dim; d++) {
      const CeedInt n_d = pb->n_e[d] * (P - 1) + 1, k = r % n_d;
      if (k == 0 || k == n_d - 1) mask[i] = 1;
      r /= n_d;
    }
  return mask;
}

static CeedScalar Dot(CeedSize n, const CeedScalar *a, const CeedScalar *b) {
  CeedScalar s = 0.0;
  for (CeedSize i = 0; i < n; i++) s += a[i] * b[i];
  return s;
}

/* Chebyshev smoothing of A x = b with D^{-1} (inv_diag), eigenvalues of D^{-1} A in [lo, hi]. */
static void Chebyshev(MaskedOperator *A, const CeedScalar *inv_diag, CeedScalar lo, CeedScalar hi, int degree, const CeedScalar *b,
                      CeedScalar *x, CeedScalar *work) {
  const CeedSize n = A->n;
  CeedScalar    *r = work, *d = work + n, *ad = work + 2 * n;
  const CeedScalar theta = 0.5 * (hi + lo), delta = 0.5 * (hi - lo), sigma = theta / delta;
  CeedScalar       rho = 1.0 / sigma;
  MaskedApply(A, x, ad);
  for (CeedSize i = 0; i < n; i++) r[i] = inv_diag[i] * (b[i] - ad[i]), d[i] = r[i] / theta;
  for (int k = 0; k < degree; k++) {
    for (CeedSize i = 0; i < n; i++) x[i] += d[i];
    if (k == degree - 1) break;
    MaskedApply(A, d, ad);
    const CeedScalar rho_next = 1.0 / (2.0 * sigma - rho);
    for (CeedSize i = 0; i < n; i++) {
      r[i] -= inv_diag[i] * ad[i];
      d[i] = rho_next * rho * d[i] + 2.0 * rho_next / delta * r[i];
    }
    rho = rho_next;
  }
}

/* Largest eigenvalue of D^{-1} A by power iteration. */
static CeedScalar LargestEigenvalue(MaskedOperator *A, const CeedScalar *inv_diag, CeedScalar *v, CeedScalar *w) {
  unsigned   seed   = 3;
  CeedScalar lambda = 0.0;
  for (CeedSize i = 0; i < A->n; i++) v[i] = TestRandom(&seed);
  for (int it = 0; it < 30; it++) {
    const CeedScalar norm = sqrt(Dot(A->n, v, v));
    for (CeedSize i = 0; i < A->n; i++) v[i] /= norm;
    MaskedApply(A, v, w);
    for (CeedSize i = 0; i < A->n; i++) w[i] *= inv_diag[i];
    lambda = Dot(A->n, v, w);
    memcpy(v, w, sizeof(CeedScalar) * A->n);
  }
  return lambda;
}

/* Dense Cholesky factor (lower, in place) of the masked coarse matrix assembled from COO entries. */
static CeedScalar *CoarseCholesky(CeedOperator op_c, CeedSize n, const char *mask) {
  CeedSize   num_entries;
  CeedInt   *rows, *cols;
  CeedVector values;
  CeedOperatorLinearAssembleSymbolic(op_c, &num_entries, &rows, &cols);
  CeedVectorCreate(CeedOperatorReturnCeed(op_c), num_entries, &values);
  CeedOperatorLinearAssemble(op_c, values);
  CeedScalar *v = TestVectorValues(values), *L = calloc(n * n, sizeof(CeedScalar));
  for (CeedSize k = 0; k < num_entries; k++)
    if (!mask[rows[k]] && !mask[cols[k]]) L[rows[k] * n + cols[k]] += v[k];
  for (CeedSize i = 0; i < n; i++)
    if (mask[i]) L[i * n + i] = 1.0;
  for (CeedSize j = 0; j < n; j++) {
    CeedScalar s = L[j * n + j];
    for (CeedSize k = 0; k < j; k++) s -= L[j * n + k] * L[j * n + k];
    L[j * n + j] = sqrt(s);
    for (CeedSize i = j + 1; i < n; i++) {
      CeedScalar t = L[i * n + j];
      for (CeedSize k = 0; k < j; k++) t -= L[i * n + k] * L[j * n + k];
      L[i * n + j] = t / L[j * n + j];
    }
  }
  free(rows);
  free(cols);
  free(v);
  CeedVectorDestroy(&values);
  return L;
}

static void CholeskySolve(const CeedScalar *L, CeedSize n, CeedScalar *x) {
  for (CeedSize i = 0; i < n; i++) {
    for (CeedSize k = 0; k < i; k++) x[i] -= L[i * n + k] * x[k];
    x[i] /= L[i * n + i];
  }
  for (CeedSize i = n - 1; i >= 0; i--) {
    for (CeedSize k = i + 1; k < n; k++) x[i] -= L[k * n + i] * x[k];
    x[i] /= L[i * n + i];
  }
}

/* Inverse of the assembled diagonal of the masked operator. */
static CeedScalar *InverseDiagonal(CeedOperator op, CeedSize n, const char *mask) {
  CeedVector diag;
  CeedVectorCreate(CeedOperatorReturnCeed(op), n, &diag);
  CeedOperatorLinearAssembleDiagonal(op, diag, CEED_REQUEST_IMMEDIATE);
  CeedScalar *d = TestVectorValues(diag);
  for (CeedSize i = 0; i < n; i++) d[i] = mask[i] ? 1.0 : 1.0 / d[i];
  CeedVectorDestroy(&diag);
  return d;
}

/* Mean residual reduction per two-level cycle of a BP3 solve on an n_e^3 mesh. */
static CeedScalar TwoLevelFactor(Ceed ceed, CeedInt n_e, int *num_cycles) {
  const CeedInt n_3d[3] = {n_e, n_e, n_e};
  TestProblem   pb;
  TestProblemCreate(ceed, 3, n_3d, 4, 5, &pb);
  CeedOperator        op_f = TestDiffusionOperator(&pb), op_c, op_p, op_r;
  const CeedSize      n_f = pb.num_nodes, n_c = TestNumNodes(3, pb.n_e, 2);
  CeedElemRestriction rstr_c  = TestRestriction(&pb, 2, 1, 1, 0, 1, n_c);
  CeedBasis           basis_c = TestBasis(&pb, 1, 2);
  CeedVector          p_mult;
  CeedVectorCreate(ceed, n_f, &p_mult);
  CeedVectorSetValue(p_mult, 1.0);
  CeedOperatorMultigridLevelCreate(op_f, p_mult, rstr_c, basis_c, &op_c, &op_p, &op_r);

  char          *mask_f = BoundaryMask(&pb, 4), *mask_c = BoundaryMask(&pb, 2);
  MaskedOperator A_f;
  MaskedInit(&A_f, op_f, n_f, mask_f);
  CeedScalar *inv_diag = InverseDiagonal(op_f, n_f, mask_f), *L = CoarseCholesky(op_c, n_c, mask_c);
  CeedScalar *x = malloc(sizeof(CeedScalar) * n_f), *work = malloc(sizeof(CeedScalar) * 3 * n_f);
  CeedScalar *r = malloc(sizeof(CeedScalar) * n_f), *e_f = malloc(sizeof(CeedScalar) * n_f), *r_c = malloc(sizeof(CeedScalar) * n_c);
  const CeedScalar lambda = 1.1 * LargestEigenvalue(&A_f, inv_diag, x, r), lo = 0.1 * lambda;

  /* BP3 right-hand side M f for a smooth f; solve from x = 0 until the residual dropped by 1e-8. */
  CeedOperator mass = TestMassOperator(&pb);
  CeedScalar  *b    = malloc(sizeof(CeedScalar) * n_f);
  for (CeedSize i = 0; i < n_f; i++) e_f[i] = 1.0 + sin(0.37 * (CeedScalar)i);
  TestApply(mass, n_f, e_f, b);
  CeedOperatorDestroy(&mass);
  for (CeedSize i = 0; i < n_f; i++) b[i] = mask_f[i] ? 0.0 : b[i], x[i] = 0.0;
  const CeedScalar norm_0 = sqrt(Dot(n_f, b, b));
  CeedScalar       norm   = norm_0;
  int              cycles = 0;
  for (; cycles < 20 && norm > 1e-8 * norm_0; cycles++) {
    Chebyshev(&A_f, inv_diag, lo, lambda, 3, b, x, work);
    MaskedApply(&A_f, x, r);
    for (CeedSize i = 0; i < n_f; i++) r[i] = mask_f[i] ? 0.0 : b[i] - r[i];
    TestApplyRect(op_r, n_f, r, n_c, r_c);
    for (CeedSize i = 0; i < n_c; i++) r_c[i] = mask_c[i] ? 0.0 : r_c[i];
    CholeskySolve(L, n_c, r_c);
    TestApplyRect(op_p, n_c, r_c, n_f, e_f);
    for (CeedSize i = 0; i < n_f; i++) x[i] += mask_f[i] ? 0.0 : e_f[i];
    Chebyshev(&A_f, inv_diag, lo, lambda, 3, b, x, work);
    MaskedApply(&A_f, x, r);
    for (CeedSize i = 0; i < n_f; i++) r[i] = b[i] - r[i];
    norm = sqrt(Dot(n_f, r, r));
  }
  const CeedScalar factor = pow(norm / norm_0, 1.0 / cycles);
  *num_cycles             = cycles;
  free(b);

  MaskedDestroy(&A_f);
  free(mask_f);
  free(mask_c);
  free(inv_diag);
  free(L);
  free(x);
  free(work);
  free(r);
  free(e_f);
  free(r_c);
  CeedVectorDestroy(&p_mult);
  CeedOperatorDestroy(&op_f);
  CeedOperatorDestroy(&op_c);
  CeedOperatorDestroy(&op_p);
  CeedOperatorDestroy(&op_r);
  TestProblemDestroy(&pb);
  return factor;
}

/* Iterations of (Jacobi-preconditioned) CG to a relative residual of 1e-8. */
static int ConjugateGradient(MaskedOperator *A, const CeedScalar *inv_diag, const CeedScalar *b, CeedScalar *x) {
  const CeedSize n = A->n;
  CeedScalar    *r = malloc(sizeof(CeedScalar) * n), *z = malloc(sizeof(CeedScalar) * n), *p = malloc(sizeof(CeedScalar) * n);
  CeedScalar    *ap = malloc(sizeof(CeedScalar) * n);
  for (CeedSize i = 0; i < n; i++) x[i] = 0.0, r[i] = b[i], z[i] = inv_diag ? inv_diag[i] * r[i] : r[i], p[i] = z[i];
  const CeedScalar norm_b = sqrt(Dot(n, b, b));
  CeedScalar       rz     = Dot(n, r, z);
  int              it     = 0;
  for (; it < 1000 && sqrt(Dot(n, r, r)) > 1e-8 * norm_b; it++) {
    MaskedApply(A, p, ap);
    const CeedScalar alpha = rz / Dot(n, p, ap);
    for (CeedSize i = 0; i < n; i++) x[i] += alpha * p[i], r[i] -= alpha * ap[i];
    for (CeedSize i = 0; i < n; i++) z[i] = inv_diag ? inv_diag[i] * r[i] : r[i];
    const CeedScalar rz_next = Dot(n, r, z);
    for (CeedSize i = 0; i < n; i++) p[i] = z[i] + rz_next / rz * p[i];
    rz = rz_next;
  }
  free(r);
  free(z);
  free(p);
  free(ap);
  return it;
}

/* BP3 right-hand side: M f for f = smooth function, zero on the boundary. */
static int JacobiCG(Ceed ceed, CeedInt n_e, int *its_plain, int *its_jacobi) {
  const CeedInt n_3d[3] = {n_e, n_e, n_e};
  TestProblem   pb;
  TestProblemCreate(ceed, 3, n_3d, 4, 5, &pb);
  CeedOperator   op = TestDiffusionOperator(&pb), mass = TestMassOperator(&pb);
  const CeedSize n  = pb.num_nodes;
  char          *mask = BoundaryMask(&pb, 4);
  MaskedOperator A;
  MaskedInit(&A, op, n, mask);
  CeedScalar *f = malloc(sizeof(CeedScalar) * n), *b = malloc(sizeof(CeedScalar) * n), *x = malloc(sizeof(CeedScalar) * n);
  for (CeedSize i = 0; i < n; i++) f[i] = 1.0 + sin((CeedScalar)i);
  TestApply(mass, n, f, b);
  for (CeedSize i = 0; i < n; i++) b[i] = mask[i] ? 0.0 : b[i];
  CeedScalar *inv_diag = InverseDiagonal(op, n, mask);
  *its_plain           = ConjugateGradient(&A, NULL, b, x);
  *its_jacobi          = ConjugateGradient(&A, inv_diag, b, x);
  MaskedDestroy(&A);
  free(mask);
  free(f);
  free(b);
  free(x);
  free(inv_diag);
  CeedOperatorDestroy(&op);
  CeedOperatorDestroy(&mass);
  TestProblemDestroy(&pb);
  return 0;
}

int main(int argc, char **argv) {
  Ceed ceed;
  int  ierr = 0;
  if (argc < 2) return 2;
  const int verbose = argc > 2 && !strcmp(argv[2], "-v");
  CeedInit(argv[1], &ceed);
  /* Mesh sizes: 2, 3, 4 elements per direction, or the three given after -v. */
  CeedInt sizes[3] = {2, 3, 4};
  for (int s = 0; s < 3 && verbose && argc > 3 + s; s++) sizes[s] = atoi(argv[3 + s]);
  CeedScalar factors[3], hi = 0.0;
  for (int s = 0; s < 3; s++) {
    int cycles = 0;
    factors[s] = TwoLevelFactor(ceed, sizes[s], &cycles);
    hi         = fmax(hi, factors[s]);
    if (verbose)
      printf("two-level cycle, %d^3 elements, order 3 -> 1: residual reduction %.4f per cycle (%d cycles to 1e-8)\n", (int)sizes[s], factors[s],
             cycles);
  }
  if (!(hi < 0.25)) {
    printf("two-level reduction factors %.4f %.4f %.4f: not all below the mesh-independent bound 0.25\n", factors[0], factors[1], factors[2]);
    ierr = 1;
  }
  int its_plain = 0, its_jacobi = 0;
  JacobiCG(ceed, 4, &its_plain, &its_jacobi);
  if (verbose) printf("BP3 4^3 elements, order 3: CG %d iterations, Jacobi-PCG %d iterations (relative residual 1e-8)\n", its_plain, its_jacobi);
  if (!(its_jacobi < its_plain)) {
    printf("Jacobi-preconditioned CG needs %d iterations, unpreconditioned CG %d\n", its_jacobi, its_plain);
    ierr = 1;
  }
  CeedDestroy(&ceed);
  return ierr;
}
