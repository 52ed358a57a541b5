/* Basis actions of every dialect, written once over the contraction primitives of the dialect's basis header
   (included before this one). A dialect supplies:
     CEED_GEN_BASIS_FN            qualifiers of these functions (host inline, device force-inline);
     CEED_GEN_UNROLL_DIMS         what to put before a loop over dimensions (an unroll pragma or nothing);
     CeedGenValue                 one entry of an element array;
     CeedGenTensorPoints<DIM, Q>  quadrature values per component that one element array holds of a tensor element;
     CeedGenContract<A, J, K, B, TRANSPOSE, ADD>(M, in, out)
                                  out[a][k][b] (+)= sum_j M(k, j) in[a][j][b], M(k, j) = M[k * J + j] (M[j * K + k] with
                                  TRANSPOSE), on values the array holds directly (non-tensor bases);
     CeedGenContractDim<NC, DIM, DIR, NIN, NOUT, TRANSPOSE, ADD, EVEN_ODD, SIGN>(M, packed, in, out)
                                  the contraction of NC components along tensor dimension DIR of a DIM-dimensional
                                  array, NIN entries in, NOUT out, in the dimensions after DIR still NIN, before it
                                  already NOUT; with EVEN_ODD the dialect may use the even-odd packing `packed` of
                                  the 1D matrix instead (SIGN +1 for interpolation, -1 for derivatives).
   Matrices are [NOUT][NIN], read transposed with TRANSPOSE; with ADD results are summed into out. Nodal arrays are
   [comp][P], quadrature arrays [eval comp][comp][Q] (per thread column on the gpu dialect). tmp0 and tmp1 hold the
   intermediate arrays of one component set (the dialect's header says how much). */
#ifndef CEED_GEN_BASIS_H
#define CEED_GEN_BASIS_H

/* One matrix per dimension (m_d along dimension d); `packed` is the even-odd packing shared by all three. */
template <int NC, int DIM, int NIN, int NOUT, bool TRANSPOSE, bool ADD, bool EVEN_ODD, int SIGN>
CEED_GEN_BASIS_FN void CeedGenTensorContract(const CeedScalar *m0, const CeedScalar *m1, const CeedScalar *m2, const CeedScalar *packed,
                                             const CeedGenValue *in, CeedGenValue *out, CeedGenValue *tmp0, CeedGenValue *tmp1) {
  if constexpr (DIM == 1) {
    CeedGenContractDim<NC, 1, 0, NIN, NOUT, TRANSPOSE, ADD, EVEN_ODD, SIGN>(m0, packed, in, out);
  } else if constexpr (DIM == 2) {
    CeedGenContractDim<NC, 2, 0, NIN, NOUT, TRANSPOSE, false, EVEN_ODD, SIGN>(m0, packed, in, tmp0);
    CeedGenContractDim<NC, 2, 1, NIN, NOUT, TRANSPOSE, ADD, EVEN_ODD, SIGN>(m1, packed, tmp0, out);
  } else {
    CeedGenContractDim<NC, 3, 0, NIN, NOUT, TRANSPOSE, false, EVEN_ODD, SIGN>(m0, packed, in, tmp0);
    CeedGenContractDim<NC, 3, 1, NIN, NOUT, TRANSPOSE, false, EVEN_ODD, SIGN>(m1, packed, tmp0, tmp1);
    CeedGenContractDim<NC, 3, 2, NIN, NOUT, TRANSPOSE, ADD, EVEN_ODD, SIGN>(m2, packed, tmp1, out);
  }
  (void)m1, (void)m2, (void)tmp0, (void)tmp1;
}

/* Tensor interpolation; with EVEN_ODD the dialect may read interp_1d through its even-odd packing interp_even_odd. */
template <int NC, int DIM, int P, int Q, bool TRANSPOSE, bool ADD, bool EVEN_ODD = false>
CEED_GEN_BASIS_FN void CeedGenInterpTensor(const CeedGenElem &elem, const CeedScalar *interp_1d, const CeedScalar *interp_even_odd,
                                           const CeedGenValue *in, CeedGenValue *out, CeedGenValue *tmp0, CeedGenValue *tmp1) {
  constexpr int NIN = TRANSPOSE ? Q : P, NOUT = TRANSPOSE ? P : Q;
  CeedGenTensorContract<NC, DIM, NIN, NOUT, TRANSPOSE, ADD, EVEN_ODD, 1>(interp_1d, interp_1d, interp_1d, interp_even_odd, in, out, tmp0, tmp1);
  (void)elem;
}

/* Derivative along DIR of the point values with the collocated derivative matrix [Q][Q]. */
template <int NC, int DIM, int Q, int DIR, bool TRANSPOSE, bool ADD, bool EVEN_ODD>
CEED_GEN_BASIS_FN void CeedGenCollocatedDerivative(const CeedScalar *colo_grad_1d, const CeedScalar *grad_even_odd, const CeedGenValue *in,
                                                   CeedGenValue *out) {
  CeedGenContractDim<NC, DIM, DIR, Q, Q, TRANSPOSE, ADD, EVEN_ODD, -1>(colo_grad_1d, grad_even_odd, in, out);
}

/* Tensor gradient through the quadrature points (Q_1d >= P_1d): interpolate (skipped when the interpolation is
   the identity, P = Q at the nodes), then differentiate with the collocated derivative. u_q holds one quadrature
   array of NC components. */
template <int NC, int DIM, int P, int Q, bool IDENTITY_INTERP, bool TRANSPOSE, bool ADD, bool EVEN_ODD = false>
CEED_GEN_BASIS_FN void CeedGenGradTensorCollocated(const CeedGenElem &elem, const CeedScalar *interp_1d, const CeedScalar *colo_grad_1d,
                                                   const CeedScalar *interp_even_odd, const CeedScalar *grad_even_odd, const CeedGenValue *in,
                                                   CeedGenValue *out, CeedGenValue *u_q, CeedGenValue *tmp0, CeedGenValue *tmp1) {
  constexpr int NQ = CeedGenTensorPoints<DIM, Q>;
  if constexpr (!TRANSPOSE) {
    const CeedGenValue *u = in;
    if constexpr (!IDENTITY_INTERP) {
      CeedGenInterpTensor<NC, DIM, P, Q, false, false, EVEN_ODD>(elem, interp_1d, interp_even_odd, in, u_q, tmp0, tmp1);
      u = u_q;
    }
    CeedGenCollocatedDerivative<NC, DIM, Q, 0, false, false, EVEN_ODD>(colo_grad_1d, grad_even_odd, u, out);
    if constexpr (DIM > 1) CeedGenCollocatedDerivative<NC, DIM, Q, 1, false, false, EVEN_ODD>(colo_grad_1d, grad_even_odd, u, out + NC * NQ);
    if constexpr (DIM > 2) CeedGenCollocatedDerivative<NC, DIM, Q, 2, false, false, EVEN_ODD>(colo_grad_1d, grad_even_odd, u, out + 2 * NC * NQ);
  } else {
    CeedGenValue  *u     = IDENTITY_INTERP ? out : u_q;
    constexpr bool first = IDENTITY_INTERP && ADD;
    CeedGenCollocatedDerivative<NC, DIM, Q, 0, true, first, EVEN_ODD>(colo_grad_1d, grad_even_odd, in, u);
    if constexpr (DIM > 1) CeedGenCollocatedDerivative<NC, DIM, Q, 1, true, true, EVEN_ODD>(colo_grad_1d, grad_even_odd, in + NC * NQ, u);
    if constexpr (DIM > 2) CeedGenCollocatedDerivative<NC, DIM, Q, 2, true, true, EVEN_ODD>(colo_grad_1d, grad_even_odd, in + 2 * NC * NQ, u);
    if constexpr (!IDENTITY_INTERP) CeedGenInterpTensor<NC, DIM, P, Q, true, ADD, EVEN_ODD>(elem, interp_1d, interp_even_odd, u_q, out, tmp0, tmp1);
  }
  (void)elem, (void)interp_1d, (void)interp_even_odd, (void)u_q, (void)tmp0, (void)tmp1;
}

/* Tensor gradient applied directly (any P_1d, Q_1d): derivative d uses grad_1d along dimension d, interp_1d elsewhere. */
template <int NC, int DIM, int P, int Q, bool TRANSPOSE, bool ADD>
CEED_GEN_BASIS_FN void CeedGenGradTensor(const CeedGenElem &elem, const CeedScalar *interp_1d, const CeedScalar *grad_1d, const CeedGenValue *in,
                                         CeedGenValue *out, CeedGenValue *tmp0, CeedGenValue *tmp1) {
  constexpr int NQ = CeedGenTensorPoints<DIM, Q>;
  CEED_GEN_UNROLL_DIMS
  for (int d = 0; d < DIM; d++) {
    const CeedScalar *m0 = d == 0 ? grad_1d : interp_1d, *m1 = d == 1 ? grad_1d : interp_1d, *m2 = d == 2 ? grad_1d : interp_1d;
    if constexpr (TRANSPOSE) {
      if (ADD || d > 0) CeedGenTensorContract<NC, DIM, Q, P, true, true, false, 1>(m0, m1, m2, nullptr, in + d * NC * NQ, out, tmp0, tmp1);
      else CeedGenTensorContract<NC, DIM, Q, P, true, false, false, 1>(m0, m1, m2, nullptr, in + d * NC * NQ, out, tmp0, tmp1);
    } else {
      CeedGenTensorContract<NC, DIM, P, Q, false, false, false, 1>(m0, m1, m2, nullptr, in, out + d * NC * NQ, tmp0, tmp1);
    }
  }
  (void)elem;
}

/* Non-tensor bases: dense [Q][P] matrices, one per derivative for the gradient ([DIM][Q][P]). */
template <int NC, int P, int Q, bool TRANSPOSE, bool ADD>
CEED_GEN_BASIS_FN void CeedGenInterpNonTensor(const CeedGenElem &elem, const CeedScalar *interp, const CeedGenValue *in, CeedGenValue *out) {
  if constexpr (TRANSPOSE) CeedGenContract<NC, Q, P, 1, true, ADD>(interp, in, out);
  else CeedGenContract<NC, P, Q, 1, false, ADD>(interp, in, out);
  (void)elem;
}

template <int NC, int DIM, int P, int Q, bool TRANSPOSE, bool ADD>
CEED_GEN_BASIS_FN void CeedGenGradNonTensor(const CeedGenElem &elem, const CeedScalar *grad, const CeedGenValue *in, CeedGenValue *out) {
  for (int d = 0; d < DIM; d++) {
    if constexpr (TRANSPOSE) {
      if (ADD || d > 0) CeedGenContract<NC, Q, P, 1, true, true>(grad + d * Q * P, in + d * NC * Q, out);
      else CeedGenContract<NC, Q, P, 1, true, false>(grad + d * Q * P, in + d * NC * Q, out);
    } else {
      CeedGenContract<NC, P, Q, 1, false, false>(grad + d * Q * P, in, out + d * NC * Q);
    }
  }
  (void)elem;
}

#endif /* CEED_GEN_BASIS_H */
