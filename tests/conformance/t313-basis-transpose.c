/* The transpose is the adjoint, <B u, v> = <u, B^T v>, for INTERP and GRAD of tensor bases (several
   elements and components) and for non-tensor bases; CeedBasisApplyAdd adds B^T v into the output. */
#include <ceed.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static void Fill(CeedVector x, CeedSize len, int seed) {
  CeedScalar *a;
  CeedVectorGetArrayWrite(x, CEED_MEM_HOST, &a);
  for (CeedSize i = 0; i < len; i++) a[i] = sin(0.7 * (double)i + seed) + 0.1 * seed;
  CeedVectorRestoreArray(x, &a);
}

static double Dot(CeedVector x, CeedVector y, CeedSize len) {
  const CeedScalar *a, *b;
  double            s = 0.0;
  CeedVectorGetArrayRead(x, CEED_MEM_HOST, &a);
  CeedVectorGetArrayRead(y, CEED_MEM_HOST, &b);
  for (CeedSize i = 0; i < len; i++) s += a[i] * b[i];
  CeedVectorRestoreArrayRead(x, &a);
  CeedVectorRestoreArrayRead(y, &b);
  return s;
}

static int CheckAdjoint(Ceed ceed, CeedBasis basis, CeedEvalMode mode, int num_elem, const char *name) {
  CeedInt    P, Q, num_comp, q_comp = 1, dim;
  CeedVector u, v, bu, btv, acc;
  int        failed = 0;

  CeedBasisGetNumNodes(basis, &P);
  CeedBasisGetNumQuadraturePoints(basis, &Q);
  CeedBasisGetNumComponents(basis, &num_comp);
  CeedBasisGetDimension(basis, &dim);
  if (mode == CEED_EVAL_GRAD) q_comp = dim;
  const CeedSize n_len = (CeedSize)num_elem * num_comp * P, q_len = (CeedSize)num_elem * num_comp * Q * q_comp;
  CeedVectorCreate(ceed, n_len, &u);
  CeedVectorCreate(ceed, q_len, &v);
  CeedVectorCreate(ceed, q_len, &bu);
  CeedVectorCreate(ceed, n_len, &btv);
  CeedVectorCreate(ceed, n_len, &acc);
  Fill(u, n_len, 1);
  Fill(v, q_len, 2);
  CeedBasisApply(basis, num_elem, CEED_NOTRANSPOSE, mode, u, bu);
  CeedBasisApply(basis, num_elem, CEED_TRANSPOSE, mode, v, btv);
  const double lhs = Dot(bu, v, q_len), rhs = Dot(u, btv, n_len);
  if (fabs(lhs - rhs) > 1e-12 * (1.0 + fabs(lhs))) printf("%s: <Bu,v> = %.15g but <u,B^T v> = %.15g\n", name, lhs, rhs), failed = 1;
  /* ApplyAdd: acc = 1 + B^T v. */
  CeedVectorSetValue(acc, 1.0);
  CeedBasisApplyAdd(basis, num_elem, CEED_TRANSPOSE, mode, v, acc);
  {
    const CeedScalar *a, *b;
    CeedVectorGetArrayRead(acc, CEED_MEM_HOST, &a);
    CeedVectorGetArrayRead(btv, CEED_MEM_HOST, &b);
    for (CeedSize i = 0; i < n_len; i++)
      if (fabs(a[i] - (1.0 + b[i])) > 1e-13 * (1.0 + fabs(b[i]))) {
        printf("%s: ApplyAdd entry %td is %.15g, expected %.15g\n", name, i, a[i], 1.0 + b[i]);
        failed = 1;
        break;
      }
    CeedVectorRestoreArrayRead(acc, &a);
    CeedVectorRestoreArrayRead(btv, &b);
  }
  CeedVectorDestroy(&u);
  CeedVectorDestroy(&v);
  CeedVectorDestroy(&bu);
  CeedVectorDestroy(&btv);
  CeedVectorDestroy(&acc);
  return failed;
}

int main(int argc, char **argv) {
  Ceed      ceed;
  CeedBasis basis;
  int       failed = 0;
  char      name[64];

  if (argc < 2) return 1;
  CeedInit(argv[1], &ceed);
  for (int dim = 1; dim <= 3; dim++) {
    for (int ne = 1; ne <= 4; ne += 3) {
      CeedBasisCreateTensorH1Lagrange(ceed, dim, 2, 3, 5, CEED_GAUSS, &basis);
      snprintf(name, sizeof name, "tensor dim %d elems %d interp", dim, ne);
      failed |= CheckAdjoint(ceed, basis, CEED_EVAL_INTERP, ne, name);
      snprintf(name, sizeof name, "tensor dim %d elems %d grad", dim, ne);
      failed |= CheckAdjoint(ceed, basis, CEED_EVAL_GRAD, ne, name);
      CeedBasisDestroy(&basis);
    }
  }
  /* Non-tensor H^1 basis with arbitrary matrices (adjointness does not depend on the values). */
  {
    const int  P = 4, Q = 5, dim = 2;
    CeedScalar interp[20], grad[40], q_ref[10] = {0}, q_w[5] = {1, 1, 1, 1, 1};
    for (int i = 0; i < Q * P; i++) interp[i] = cos(1.3 * i);
    for (int i = 0; i < dim * Q * P; i++) grad[i] = sin(0.9 * i + 0.2);
    CeedBasisCreateH1(ceed, CEED_TOPOLOGY_TRIANGLE, 3, P, Q, interp, grad, q_ref, q_w, &basis);
    failed |= CheckAdjoint(ceed, basis, CEED_EVAL_INTERP, 1, "non-tensor interp");
    failed |= CheckAdjoint(ceed, basis, CEED_EVAL_GRAD, 3, "non-tensor grad");
    CeedBasisDestroy(&basis);
  }
  CeedDestroy(&ceed);
  return failed;
}
