/* Projection between bases of different dimension: a Q2 quad basis tabulated at the Gauss points of its
   bottom edge (y = -1), projected onto the 1-D Q2 edge basis on the same points. The result keeps the
   cell's topology, nodes and gradient directions and has one "quadrature point" per edge node, so it
   maps cell nodal values to values and full gradients at the edge nodes, exactly for fields in Q2.
   Incompatible pairs (point counts, FE spaces, interpolation components, too few points) are refused. */
#include <ceed.h>
#include <ceed/backend.h>
#include <math.h>
#include <stdio.h>

#include "expect-error.h"

/* u(x, y) in Q2 and its gradient. */
static double U(double x, double y, double *g) {
  g[0] = 1 + 0.5 * y + 2 * x * y * y;
  g[1] = -2 + 0.5 * x + 2 * x * x * y - 0.5 * y;
  return 1 + x - 2 * y + 0.5 * x * y + x * x * y * y - 0.25 * y * y;
}

int main(int argc, char **argv) {
  Ceed              ceed;
  CeedBasis         line_gauss, line_lobatto, cell_at_edge, edge, proj = NULL, other;
  const CeedScalar *L, *dL, *L_end, *dL_end, *nodes;
  CeedScalar        interp[3 * 9], grad[2 * 3 * 9], u_nodes[9];
  int               failed = 0;

  if (argc < 2) return 1;
  CeedInit(argv[1], &ceed);
  CeedSetErrorHandler(ceed, CeedErrorStore);

  /* 1-D Q2 Lagrange (GLL nodes -1, 0, 1) at 3 Gauss points (along the edge) and at the Lobatto points,
     whose first is the edge y = -1. */
  CeedBasisCreateTensorH1Lagrange(ceed, 1, 1, 3, 3, CEED_GAUSS, &line_gauss);
  CeedBasisCreateTensorH1Lagrange(ceed, 1, 1, 3, 3, CEED_GAUSS_LOBATTO, &line_lobatto);
  CeedBasisGetInterp1D(line_gauss, &L);
  CeedBasisGetGrad1D(line_gauss, &dL);
  CeedBasisGetInterp1D(line_lobatto, &L_end);
  CeedBasisGetGrad1D(line_lobatto, &dL_end);
  CeedBasisGetQRef(line_lobatto, &nodes);
  /* Cell node (i, j) is number 3 j + i; rows of L_end/dL_end at point 0 give the y = -1 factors. */
  for (int q = 0; q < 3; q++)
    for (int j = 0; j < 3; j++)
      for (int i = 0; i < 3; i++) {
        interp[q * 9 + 3 * j + i]       = L[q * 3 + i] * L_end[j];
        grad[q * 9 + 3 * j + i]         = dL[q * 3 + i] * L_end[j];
        grad[27 + q * 9 + 3 * j + i]    = L[q * 3 + i] * dL_end[j];
      }
  CeedBasisCreateH1(ceed, CEED_TOPOLOGY_QUAD, 1, 9, 3, interp, grad, NULL, NULL, &cell_at_edge);
  CeedBasisCreateTensorH1Lagrange(ceed, 1, 1, 3, 3, CEED_GAUSS, &edge);

  failed |= ExpectError(ceed, CeedBasisCreateProjection(cell_at_edge, edge, &proj), CEED_ERROR_SUCCESS, "", "cell to edge projection");
  if (!proj) {
    printf("cell to edge projection produced no basis\n");
    return 1;
  }
  {
    CeedInt          dim, P, Q, num_comp;
    CeedElemTopology topo;
    bool             is_tensor;
    CeedFESpace      fe_space;
    CeedBasisGetDimension(proj, &dim);
    CeedBasisGetTopology(proj, &topo);
    CeedBasisIsTensor(proj, &is_tensor);
    CeedBasisGetNumNodes(proj, &P);
    CeedBasisGetNumQuadraturePoints(proj, &Q);
    CeedBasisGetNumComponents(proj, &num_comp);
    CeedBasisGetFESpace(proj, &fe_space);
    if (dim != 2 || topo != CEED_TOPOLOGY_QUAD || is_tensor || P != 9 || Q != 3 || num_comp != 1 || fe_space != CEED_FE_SPACE_H1)
      printf("cell to edge projection: dimension %d, topology %d, tensor %d, P %d, Q %d, components %d, space %d\n", (int)dim, (int)topo,
             is_tensor, (int)P, (int)Q, (int)num_comp, (int)fe_space),
          failed = 1;
  }

  /* Values and both gradient components at the edge nodes (x = -1, 0, 1; y = -1). */
  {
    CeedVector        u, v, dv;
    const CeedScalar *v_array, *dv_array;
    double            g[2];
    for (int j = 0; j < 3; j++)
      for (int i = 0; i < 3; i++) u_nodes[3 * j + i] = U(nodes[i], nodes[j], g);
    CeedVectorCreate(ceed, 9, &u);
    CeedVectorSetArray(u, CEED_MEM_HOST, CEED_COPY_VALUES, u_nodes);
    CeedVectorCreate(ceed, 3, &v);
    CeedVectorCreate(ceed, 2 * 3, &dv);
    CeedBasisApply(proj, 1, CEED_NOTRANSPOSE, CEED_EVAL_INTERP, u, v);
    CeedBasisApply(proj, 1, CEED_NOTRANSPOSE, CEED_EVAL_GRAD, u, dv);
    CeedVectorGetArrayRead(v, CEED_MEM_HOST, &v_array);
    CeedVectorGetArrayRead(dv, CEED_MEM_HOST, &dv_array);
    for (int k = 0; k < 3; k++) {
      const double f = U(nodes[k], -1, g);
      if (fabs(v_array[k] - f) > 1e-13) printf("edge node %d: value %.15g, expected %.15g\n", k, v_array[k], f), failed = 1;
      for (int d = 0; d < 2; d++)
        if (fabs(dv_array[d * 3 + k] - g[d]) > 1e-12)
          printf("edge node %d: d/dx%d %.15g, expected %.15g\n", k, d, dv_array[d * 3 + k], g[d]), failed = 1;
    }
    CeedVectorRestoreArrayRead(v, &v_array);
    CeedVectorRestoreArrayRead(dv, &dv_array);
    CeedVectorDestroy(&u);
    CeedVectorDestroy(&v);
    CeedVectorDestroy(&dv);
  }
  CeedBasisDestroy(&proj);

  /* Incompatible pairs. */
  CeedBasisCreateTensorH1Lagrange(ceed, 1, 1, 3, 4, CEED_GAUSS, &other);
  failed |= ExpectError(ceed, CeedBasisCreateProjection(cell_at_edge, other, &proj), CEED_ERROR_DIMENSION, "basis_to has 4", "point counts");
  CeedBasisDestroy(&other);
  CeedBasisCreateTensorH1Lagrange(ceed, 1, 1, 4, 3, CEED_GAUSS, &other);
  failed |= ExpectError(ceed, CeedBasisCreateProjection(cell_at_edge, other, &proj), CEED_ERROR_DIMENSION, "with 4 nodes from 3", "too few points");
  CeedBasisDestroy(&other);
  {
    /* H(div) bases need only consistent shapes here: a quad one (2 interpolation components per
       point) and a line one (1 component), both on 3 points. */
    CeedBasis  hdiv_quad, hdiv_line;
    CeedScalar hdiv_interp[2 * 3 * 4] = {0}, div[3 * 4] = {0};
    CeedBasisCreateHdiv(ceed, CEED_TOPOLOGY_QUAD, 1, 4, 3, hdiv_interp, div, NULL, NULL, &hdiv_quad);
    CeedBasisCreateHdiv(ceed, CEED_TOPOLOGY_LINE, 1, 2, 3, hdiv_interp, div, NULL, NULL, &hdiv_line);
    failed |= ExpectError(ceed, CeedBasisCreateProjection(cell_at_edge, hdiv_quad, &proj), CEED_ERROR_MINOR, "basis_to in H(div)", "FE spaces");
    failed |= ExpectError(ceed, CeedBasisCreateProjection(hdiv_quad, hdiv_line, &proj), CEED_ERROR_DIMENSION, "basis_from has 2 and basis_to has 1",
                     "interpolation components");
    CeedBasisDestroy(&hdiv_quad);
    CeedBasisDestroy(&hdiv_line);
  }
  if (proj) printf("a refused projection produced a basis\n"), failed = 1;

  CeedBasisDestroy(&line_gauss);
  CeedBasisDestroy(&line_lobatto);
  CeedBasisDestroy(&cell_at_edge);
  CeedBasisDestroy(&edge);
  CeedDestroy(&ceed);
  return failed;
}
