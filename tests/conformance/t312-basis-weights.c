/* Quadrature weights: sum = reference volume 2^dim; interpolating a polynomial to the points and
   summing with the weights integrates it exactly; element-fastest layout for several elements. */
#include <ceed.h>
#include <math.h>
#include <stdio.h>

int main(int argc, char **argv) {
  Ceed ceed;
  int  failed = 0;

  if (argc < 2) return 1;
  CeedInit(argv[1], &ceed);
  for (int dim = 1; dim <= 3; dim++) {
    for (int mode = 0; mode < 2; mode++) {
      const int         P = 4, Q = 5, num_elem = 2;
      int               num_nodes = 1, num_qpts = 1;
      CeedBasis         basis;
      CeedVector        u, uq, w;
      CeedScalar        nodes[4], *u_array;
      const CeedScalar *uq_array, *w_array;
      double            sum_w[2] = {0, 0}, integral[2] = {0, 0};

      for (int d = 0; d < dim; d++) num_nodes *= P, num_qpts *= Q;
      CeedLobattoQuadrature(P, nodes, NULL);
      CeedBasisCreateTensorH1Lagrange(ceed, dim, 1, P, Q, mode ? CEED_GAUSS_LOBATTO : CEED_GAUSS, &basis);
      CeedVectorCreate(ceed, num_nodes * num_elem, &u);
      CeedVectorCreate(ceed, num_qpts * num_elem, &uq);
      CeedVectorCreate(ceed, num_qpts * num_elem, &w);
      /* u = prod_d (x_d^2 + x_d^3) on element 0 and 2 * prod_d x_d^2 on element 1; degree 3 per direction
         is integrated exactly by Gauss (Q=5) and Gauss-Lobatto (Q=5: exact to degree 7). */
      CeedVectorGetArrayWrite(u, CEED_MEM_HOST, &u_array);
      for (int n = 0; n < num_nodes; n++) {
        double f0 = 1.0, f1 = 2.0;
        for (int d = 0, nn = n; d < dim; d++, nn /= P) {
          const double x = nodes[nn % P];
          f0 *= x * x + x * x * x;
          f1 *= x * x;
        }
        u_array[n * num_elem + 0] = f0;
        u_array[n * num_elem + 1] = f1;
      }
      CeedVectorRestoreArray(u, &u_array);
      CeedBasisApply(basis, num_elem, CEED_NOTRANSPOSE, CEED_EVAL_WEIGHT, CEED_VECTOR_NONE, w);
      CeedBasisApply(basis, num_elem, CEED_NOTRANSPOSE, CEED_EVAL_INTERP, u, uq);
      CeedVectorGetArrayRead(w, CEED_MEM_HOST, &w_array);
      CeedVectorGetArrayRead(uq, CEED_MEM_HOST, &uq_array);
      for (int q = 0; q < num_qpts; q++)
        for (int e = 0; e < num_elem; e++) {
          sum_w[e] += w_array[q * num_elem + e];
          integral[e] += w_array[q * num_elem + e] * uq_array[q * num_elem + e];
        }
      CeedVectorRestoreArrayRead(w, &w_array);
      CeedVectorRestoreArrayRead(uq, &uq_array);
      const double volume = pow(2.0, dim), exact0 = pow(2.0 / 3.0, dim), exact1 = 2.0 * pow(2.0 / 3.0, dim);
      for (int e = 0; e < num_elem; e++)
        if (fabs(sum_w[e] - volume) > 1e-13) printf("dim %d mode %d elem %d: sum of weights %.15g, expected %g\n", dim, mode, e, sum_w[e], volume), failed = 1;
      if (fabs(integral[0] - exact0) > 1e-13 || fabs(integral[1] - exact1) > 1e-13) {
        printf("dim %d mode %d: integrals %.15g, %.15g, expected %.15g, %.15g\n", dim, mode, integral[0], integral[1], exact0, exact1);
        failed = 1;
      }
      CeedVectorDestroy(&u);
      CeedVectorDestroy(&uq);
      CeedVectorDestroy(&w);
      CeedBasisDestroy(&basis);
    }
  }
  CeedDestroy(&ceed);
  return failed;
}
