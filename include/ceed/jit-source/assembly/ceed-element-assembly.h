/* Element assembly kernels: entries of the element matrices T_out^T B_out^T D_e B_in T_in of a single
   operator (spec 06 §7), one independent item per call, so that the same code runs as a host loop and as
   one GPU thread per item (NVRTC, hipRTC). The core prepares the arguments from the operator (basis
   matrices, assembled QFunction, orientation transforms) in the backend's memory and asks the backend's
   CeedBackendOps::AssembleElements to run every item; the backend may run them in any order or all at
   once, since every item writes one distinct value.

   Valid C99, C++11 and NVRTC/hipRTC code. Define CEED_ELEMENT_ASSEMBLY_FN before including this file to
   qualify the functions for a device compiler (e.g. `__device__ inline`). */
#ifndef CEED_ELEMENT_ASSEMBLY_H
#define CEED_ELEMENT_ASSEMBLY_H

#include <ceed/types.h>

#ifndef CEED_ELEMENT_ASSEMBLY_FN
#define CEED_ELEMENT_ASSEMBLY_FN static inline
#endif

/* Largest number of basis modes (sum over a restriction's active fields of the quadrature components of
   their eval modes) the arguments can describe; the core uses its host path for larger operators. */
#define CEED_ELEMENT_ASSEMBLY_MAX_MODES 48

/* What the items compute and where they write (values):
   DIAGONAL:             item (e, c, n): diag of the block (c, c) at node n, at
                         values[n * s_node + c * s_comp + e * s_elem] (an E-vector of the unoriented
                         restriction);
   POINT_BLOCK_DIAGONAL: item (e, co, ci, n): entry ((n, co), (n, ci)) at component k = co * nc + ci of
                         the same E-vector layout;
   MATRIX:               item (e, ci, co, a, b): entry ((a, co), (b, ci)) at
                         values[values_offset + (((e * nc_in + ci) * nc_out + co) * P_out + a) * P_in + b],
                         the COO ordering of one (input, output) restriction block. */
enum CeedElementAssemblyKind {
  CEED_ELEMENT_ASSEMBLY_DIAGONAL             = 0,
  CEED_ELEMENT_ASSEMBLY_POINT_BLOCK_DIAGONAL = 1,
  CEED_ELEMENT_ASSEMBLY_MATRIX               = 2
};

struct CeedElementAssemblyArgs {
  CeedInt kind; /* CeedElementAssemblyKind */
  CeedInt num_elem, num_points;
  /* Active QFunction unknowns: D holds [elem][num_in][num_out][num_points] (the assembled QFunction). */
  CeedInt num_in, num_out;
  CeedInt num_comp_in, num_comp_out, elem_size_in, elem_size_out;
  /* Basis modes of each side: B_in holds [num_modes_in][num_points][elem_size_in] (likewise B_out); mode m
     and component c act on QFunction unknown mode_unknown[m] + c. */
  CeedInt num_modes_in, num_modes_out;
  CeedInt mode_unknown_in[CEED_ELEMENT_ASSEMBLY_MAX_MODES], mode_unknown_out[CEED_ELEMENT_ASSEMBLY_MAX_MODES];
  const CeedScalar *D, *B_in, *B_out;
  /* Orientation transforms, column by column: T[(e * P + n) * 3 + k] = T(n - 1 + k, n) of element e
     (zero outside the element). NULL: the identity. */
  const CeedScalar *T_in, *T_out;
  CeedScalar       *values;
  CeedSize          s_node, s_comp, s_elem; /* E-vector strides (diagonals) */
  CeedSize          values_offset;          /* first entry (MATRIX) */
};
typedef struct CeedElementAssemblyArgs CeedElementAssemblyArgs;

/* Number of items of one run. */
CEED_ELEMENT_ASSEMBLY_FN CeedSize CeedElementAssemblyNumItems(const CeedElementAssemblyArgs *a) {
  const CeedSize E = a->num_elem;
  if (a->kind == CEED_ELEMENT_ASSEMBLY_DIAGONAL) return E * a->num_comp_in * a->elem_size_in;
  if (a->kind == CEED_ELEMENT_ASSEMBLY_POINT_BLOCK_DIAGONAL) return E * a->num_comp_in * a->num_comp_in * a->elem_size_in;
  return E * a->num_comp_in * a->num_comp_out * a->elem_size_out * a->elem_size_in;
}

/* (B_out^T D_e B_in)(i, j) of the component pair (ci, co) of element e: i an output node, j an input node. */
CEED_ELEMENT_ASSEMBLY_FN CeedScalar CeedElementAssemblyRawEntry(const CeedElementAssemblyArgs *a, CeedInt e, CeedInt ci, CeedInt co, CeedInt i,
                                                               CeedInt j) {
  const CeedInt     Q = a->num_points, P_in = a->elem_size_in, P_out = a->elem_size_out;
  const CeedScalar *D_e = a->D + (CeedSize)e * a->num_in * a->num_out * Q;
  CeedScalar        sum = 0.0;
  for (CeedInt mo = 0; mo < a->num_modes_out; mo++) {
    const CeedInt     s  = a->mode_unknown_out[mo] + co;
    const CeedScalar *bo = a->B_out + (CeedSize)mo * Q * P_out + i;
    for (CeedInt mi = 0; mi < a->num_modes_in; mi++) {
      const CeedInt     r  = a->mode_unknown_in[mi] + ci;
      const CeedScalar *d  = D_e + ((CeedSize)r * a->num_out + s) * Q;
      const CeedScalar *bi = a->B_in + (CeedSize)mi * Q * P_in + j;
      for (CeedInt q = 0; q < Q; q++) sum += bo[(CeedSize)q * P_out] * d[q] * bi[(CeedSize)q * P_in];
    }
  }
  return sum;
}

/* Coefficient T(n + k - 1, n) of element e for k = 0, 1, 2; the identity when T is NULL. */
CEED_ELEMENT_ASSEMBLY_FN CeedScalar CeedElementAssemblyTransform(const CeedScalar *T, CeedInt P, CeedInt e, CeedInt n, CeedInt k) {
  if (!T) return k == 1 ? 1.0 : 0.0;
  return T[((CeedSize)e * P + n) * 3 + k];
}

/* (T_out^T B_out^T D_e B_in T_in)(i, j) = sum over x, y of T_out(x, i) M(x, y) T_in(y, j), where only the
   rows x, y within one of i, j (tridiagonal T) can contribute. */
CEED_ELEMENT_ASSEMBLY_FN CeedScalar CeedElementAssemblyEntry(const CeedElementAssemblyArgs *a, CeedInt e, CeedInt ci, CeedInt co, CeedInt i,
                                                            CeedInt j) {
  if (!a->T_in && !a->T_out) return CeedElementAssemblyRawEntry(a, e, ci, co, i, j);
  const CeedInt P_in = a->elem_size_in, P_out = a->elem_size_out;
  CeedScalar    v    = 0.0;
  for (CeedInt kx = 0; kx < 3; kx++) {
    const CeedInt    x  = i + kx - 1;
    const CeedScalar tx = CeedElementAssemblyTransform(a->T_out, P_out, e, i, kx);
    if (x < 0 || x >= P_out || tx == 0.0) continue;
    for (CeedInt ky = 0; ky < 3; ky++) {
      const CeedInt    y  = j + ky - 1;
      const CeedScalar ty = CeedElementAssemblyTransform(a->T_in, P_in, e, j, ky);
      if (y < 0 || y >= P_in || ty == 0.0) continue;
      v += tx * ty * CeedElementAssemblyRawEntry(a, e, ci, co, x, y);
    }
  }
  return v;
}

/* Computes and writes one item (0 <= item < CeedElementAssemblyNumItems(a)). */
CEED_ELEMENT_ASSEMBLY_FN void CeedElementAssemblyItem(const CeedElementAssemblyArgs *a, CeedSize item) {
  if (a->kind == CEED_ELEMENT_ASSEMBLY_MATRIX) {
    const CeedInt P_in = a->elem_size_in, P_out = a->elem_size_out;
    const CeedInt b = (CeedInt)(item % P_in), a_node = (CeedInt)(item / P_in % P_out);
    const CeedInt co = (CeedInt)(item / ((CeedSize)P_in * P_out) % a->num_comp_out);
    const CeedInt ci = (CeedInt)(item / ((CeedSize)P_in * P_out * a->num_comp_out) % a->num_comp_in);
    const CeedInt e  = (CeedInt)(item / ((CeedSize)P_in * P_out * a->num_comp_out * a->num_comp_in));
    a->values[a->values_offset + item] = CeedElementAssemblyEntry(a, e, ci, co, a_node, b);
    return;
  }
  const CeedInt P = a->elem_size_in, nc = a->num_comp_in;
  const CeedInt n = (CeedInt)(item % P);
  if (a->kind == CEED_ELEMENT_ASSEMBLY_DIAGONAL) {
    const CeedInt c = (CeedInt)(item / P % nc), e = (CeedInt)(item / ((CeedSize)P * nc));
    a->values[n * a->s_node + c * a->s_comp + e * a->s_elem] = CeedElementAssemblyEntry(a, e, c, c, n, n);
    return;
  }
  const CeedInt k = (CeedInt)(item / P % (nc * nc)), e = (CeedInt)(item / ((CeedSize)P * nc * nc));
  const CeedInt co = k / nc, ci = k % nc;
  a->values[n * a->s_node + k * a->s_comp + e * a->s_elem] = CeedElementAssemblyEntry(a, e, ci, co, n, n);
}

#endif /* CEED_ELEMENT_ASSEMBLY_H */
