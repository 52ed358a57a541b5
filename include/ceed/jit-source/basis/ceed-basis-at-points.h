/* Tensor H^1 basis evaluation at arbitrary reference points, one independent item per call, so that the
   same code runs as the core's host loop and as one GPU thread per item (NVRTC, hipRTC).

   In each direction, the 1-D basis function j at x is sum_k L_k(x) M[k][j], with L_k the Lagrange
   polynomials on num_lagrange points: the basis nodes with M the identity (Lagrange bases, M = NULL), or
   the Q_1d quadrature points with M = interp_1d (the degree < Q_1d interpolant of the basis values at the
   points, exact whenever Q_1d >= P_1d). A point's value is the tensor contraction of the element's nodal
   data with one such row per direction (the derivative row in direction s for slice s of a gradient);
   the transpose sums the same products over the element's points, so it is the exact adjoint.

   A run has two passes: CeedBasisAtPointsRowItem for 0 <= item < dim * num_points writes the rows of
   every point and direction into the scratch array rows; then CeedBasisAtPointsItem for every item of
   CeedBasisAtPointsNumItems reads them.

   Valid C99, C++11 and NVRTC/hipRTC code. Define CEED_BASIS_AT_POINTS_FN before including this file to
   qualify the functions for a device compiler (e.g. `__device__ inline`). */
#ifndef CEED_BASIS_AT_POINTS_H
#define CEED_BASIS_AT_POINTS_H

#include <ceed/types.h>

#ifndef CEED_BASIS_AT_POINTS_FN
#define CEED_BASIS_AT_POINTS_FN static inline
#endif

/* Largest P_1d and num_lagrange the items handle (rows live in fixed-size local arrays). */
#define CEED_BASIS_AT_POINTS_MAX_1D 24

struct CeedBasisAtPointsArgs {
  CeedInt dim, num_comp, P_1d, num_lagrange;
  CeedInt num_elem;
  CeedInt is_grad;   /* CEED_EVAL_GRAD (dim slices) rather than CEED_EVAL_INTERP */
  CeedInt transpose; /* points to nodes */
  CeedInt add;       /* transpose: add into v instead of overwriting */
  const CeedScalar *lagrange_points; /* [num_lagrange] */
  const CeedScalar *to_basis;        /* [num_lagrange][P_1d], or NULL when the Lagrange points are the nodes */
  const CeedInt    *point_offsets;   /* [num_elem + 1]: element e holds points point_offsets[e] <= p < point_offsets[e + 1] */
  CeedSize          num_points;      /* point_offsets[num_elem] */
  const CeedScalar *x_ref;           /* [dim][num_points] */
  CeedScalar       *rows;            /* scratch [dim][num_points][2][P_1d]: values, then derivatives */
  const CeedScalar *u;               /* nodal [elem][comp][P_1d^dim], or point values [slice][comp][num_points] (transpose) */
  CeedScalar       *v;               /* the other one */
};
typedef struct CeedBasisAtPointsArgs CeedBasisAtPointsArgs;

CEED_BASIS_AT_POINTS_FN CeedInt CeedBasisAtPointsNumNodes(const CeedBasisAtPointsArgs *a) {
  CeedInt P = 1;
  for (CeedInt d = 0; d < a->dim; d++) P *= a->P_1d;
  return P;
}

/* Number of items: one per (slice, component, point), or per (element, component, node) for the transpose. */
CEED_BASIS_AT_POINTS_FN CeedSize CeedBasisAtPointsNumItems(const CeedBasisAtPointsArgs *a) {
  if (a->transpose) return (CeedSize)a->num_elem * a->num_comp * CeedBasisAtPointsNumNodes(a);
  return (CeedSize)(a->is_grad ? a->dim : 1) * a->num_comp * a->num_points;
}

/* Index of the first of two of the n points closer than 1e-12 (the Lagrange polynomials on them do not
   exist), or -1 when they are distinct; *other receives the second index. */
CEED_BASIS_AT_POINTS_FN CeedInt CeedBasisAtPointsCoincident(const CeedScalar *points, CeedInt n, CeedInt *other) {
  for (CeedInt i = 0; i < n; i++) {
    for (CeedInt k = i + 1; k < n; k++) {
      const CeedScalar gap = points[i] - points[k];
      if (gap < 1e-12 && gap > -1e-12) {
        *other = k;
        return i;
      }
    }
  }
  return -1;
}

/* Values and derivatives of the Lagrange polynomials on the n points at x: l_j(x) = c_j prod_{k != j} (x - x_k)
   with c_j = 1 / prod_{k != j} (x_j - x_k), and its derivative by the product rule (no division by x - x_k:
   accurate at and near the points; n divisions in all). */
CEED_BASIS_AT_POINTS_FN void CeedBasisAtPointsLagrange(const CeedScalar *points, CeedInt n, CeedScalar x, CeedScalar *value, CeedScalar *deriv) {
  for (CeedInt j = 0; j < n; j++) {
    CeedScalar den = 1.0, v = 1.0;
    for (CeedInt k = 0; k < n; k++) {
      if (k == j) continue;
      den *= points[j] - points[k];
      v *= x - points[k];
    }
    const CeedScalar c = 1.0 / den;
    CeedScalar       d = 0.0;
    for (CeedInt m = 0; m < n; m++) {
      if (m == j) continue;
      CeedScalar t = 1.0;
      for (CeedInt k = 0; k < n; k++)
        if (k != j && k != m) t *= x - points[k];
      d += t;
    }
    value[j] = c * v;
    deriv[j] = c * d;
  }
}

/* The 1-D basis functions at x: value[j], deriv[j] for 0 <= j < P_1d. */
CEED_BASIS_AT_POINTS_FN void CeedBasisAtPointsRow(const CeedBasisAtPointsArgs *a, CeedScalar x, CeedScalar *value, CeedScalar *deriv) {
  CeedScalar    lv[CEED_BASIS_AT_POINTS_MAX_1D], ld[CEED_BASIS_AT_POINTS_MAX_1D];
  const CeedInt n = a->num_lagrange, P_1d = a->P_1d;
  CeedBasisAtPointsLagrange(a->lagrange_points, n, x, lv, ld);
  for (CeedInt j = 0; j < P_1d; j++) {
    if (!a->to_basis) {
      value[j] = lv[j], deriv[j] = ld[j];
      continue;
    }
    CeedScalar sv = 0.0, sd = 0.0;
    for (CeedInt k = 0; k < n; k++) {
      sv += lv[k] * a->to_basis[k * P_1d + j];
      sd += ld[k] * a->to_basis[k * P_1d + j];
    }
    value[j] = sv, deriv[j] = sd;
  }
}

/* First pass: the value and derivative rows of direction item / num_points at point item % num_points. */
CEED_BASIS_AT_POINTS_FN void CeedBasisAtPointsRowItem(const CeedBasisAtPointsArgs *a, CeedSize item) {
  CeedScalar *row = a->rows + item * 2 * a->P_1d;
  CeedBasisAtPointsRow(a, a->x_ref[item], row, row + a->P_1d);
}

/* Row of direction d at point p for slice s: derivatives in direction s of a gradient, values otherwise. */
CEED_BASIS_AT_POINTS_FN const CeedScalar *CeedBasisAtPointsRowOf(const CeedBasisAtPointsArgs *a, CeedInt s, CeedInt d, CeedSize p) {
  return a->rows + ((CeedSize)d * a->num_points + p) * 2 * a->P_1d + ((a->is_grad && d == s) ? a->P_1d : 0);
}

/* Element holding point p (binary search in point_offsets). */
CEED_BASIS_AT_POINTS_FN CeedInt CeedBasisAtPointsElement(const CeedBasisAtPointsArgs *a, CeedSize p) {
  CeedInt lo = 0, hi = a->num_elem - 1;
  while (lo < hi) {
    const CeedInt mid = (lo + hi + 1) / 2;
    if (a->point_offsets[mid] <= p) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/* Second pass: computes and writes one item (0 <= item < CeedBasisAtPointsNumItems(a)). */
CEED_BASIS_AT_POINTS_FN void CeedBasisAtPointsItem(const CeedBasisAtPointsArgs *a, CeedSize item) {
  const CeedInt  dim = a->dim, P_1d = a->P_1d, nc = a->num_comp, P = CeedBasisAtPointsNumNodes(a);
  const CeedSize N   = a->num_points;
  if (!a->transpose) {
    const CeedSize p = item % N;
    const CeedInt  c = (CeedInt)(item / N % nc), s = (CeedInt)(item / (N * nc));
    const CeedInt  e = CeedBasisAtPointsElement(a, p);
    const CeedScalar *u  = a->u + ((CeedSize)e * nc + c) * P;
    const CeedScalar *r0 = CeedBasisAtPointsRowOf(a, s, 0, p);
    CeedScalar        sum = 0.0;
    if (dim == 1) {
      for (CeedInt j0 = 0; j0 < P_1d; j0++) sum += r0[j0] * u[j0];
    } else if (dim == 2) {
      const CeedScalar *r1 = CeedBasisAtPointsRowOf(a, s, 1, p);
      for (CeedInt j1 = 0; j1 < P_1d; j1++) {
        CeedScalar t = 0.0;
        for (CeedInt j0 = 0; j0 < P_1d; j0++) t += r0[j0] * u[j1 * P_1d + j0];
        sum += r1[j1] * t;
      }
    } else {
      const CeedScalar *r1 = CeedBasisAtPointsRowOf(a, s, 1, p), *r2 = CeedBasisAtPointsRowOf(a, s, 2, p);
      for (CeedInt j2 = 0; j2 < P_1d; j2++) {
        CeedScalar t2 = 0.0;
        for (CeedInt j1 = 0; j1 < P_1d; j1++) {
          CeedScalar t1 = 0.0;
          for (CeedInt j0 = 0; j0 < P_1d; j0++) t1 += r0[j0] * u[(j2 * P_1d + j1) * P_1d + j0];
          t2 += r1[j1] * t1;
        }
        sum += r2[j2] * t2;
      }
    }
    a->v[item] = sum;
    return;
  }
  // Transpose: node (j0, j1, j2) of component c of element e collects every point of the element.
  const CeedInt node = (CeedInt)(item % P), c = (CeedInt)(item / P % nc), e = (CeedInt)(item / ((CeedSize)P * nc));
  CeedInt       j[3] = {0, 0, 0};
  for (CeedInt d = 0, r = node; d < dim; d++, r /= P_1d) j[d] = r % P_1d;
  const CeedInt  num_slices = a->is_grad ? dim : 1;
  const CeedSize first = a->point_offsets[e], last = a->point_offsets[e + 1], step = 2 * (CeedSize)P_1d;
  CeedScalar     sum = 0.0;
  for (CeedInt s = 0; s < num_slices; s++) {
    // Entry j[d] of the row of direction d at point p is r[d][p * step].
    const CeedScalar *r[3] = {a->rows, a->rows, a->rows};
    for (CeedInt d = 0; d < dim; d++) r[d] = CeedBasisAtPointsRowOf(a, s, d, 0) + j[d];
    const CeedScalar *w = a->u + ((CeedSize)s * nc + c) * N;
    if (dim == 1) {
      for (CeedSize p = first; p < last; p++) sum += w[p] * r[0][p * step];
    } else if (dim == 2) {
      for (CeedSize p = first; p < last; p++) sum += w[p] * r[0][p * step] * r[1][p * step];
    } else {
      for (CeedSize p = first; p < last; p++) sum += w[p] * r[0][p * step] * r[1][p * step] * r[2][p * step];
    }
  }
  if (a->add) a->v[item] += sum;
  else a->v[item] = sum;
}

#endif /* CEED_BASIS_AT_POINTS_H */
