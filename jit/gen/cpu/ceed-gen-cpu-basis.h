/* cpu dialect: basis actions on a batch, all built from one contraction kernel. Like every template the
   glue calls, they take the element batch first (unused here; GPU dialects keep thread data in it). Nodal arrays are
   [comp][P] vectors, quadrature arrays [eval comp][comp][Q]; tensor arrays order their dimensions with
   dimension 0 fastest. Templates with TRANSPOSE apply B^T (quadrature -> nodes), with ADD they sum into
   their output. tmp0 and tmp1 hold NC * max(P_1d, Q_1d)^DIM vectors each. */
#ifndef CEED_GEN_CPU_BASIS_H
#define CEED_GEN_CPU_BASIS_H

constexpr int CeedGenPow(int base, int exponent) { return exponent == 0 ? 1 : base * CeedGenPow(base, exponent - 1); }

/* out[a][k][b] (+)= sum_j M(k, j) in[a][j][b] with M(k, j) = M[k * J + j], or M[j * K + k] with TRANSPOSE.
   The K sums of one (a, b) stay in registers; the inner loops are fully unrolled. */
template <int A, int J, int K, int B, bool TRANSPOSE, bool ADD>
static inline void CeedGenContract(const CeedScalar *__restrict__ M, const CeedGenVec *__restrict__ in, CeedGenVec *__restrict__ out) {
  for (int a = 0; a < A; a++) {
    for (int b = 0; b < B; b++) {
      CeedGenVec sum[K];
      CEED_GEN_UNROLL for (int k = 0; k < K; k++) sum[k] = ADD ? out[(a * K + k) * B + b] : CeedGenVec{};
      CEED_GEN_UNROLL for (int j = 0; j < J; j++) {
        const CeedGenVec x = in[(a * J + j) * B + b];
        CEED_GEN_UNROLL for (int k = 0; k < K; k++) sum[k] += (TRANSPOSE ? M[j * K + k] : M[k * J + j]) * x;
      }
      CEED_GEN_UNROLL for (int k = 0; k < K; k++) out[(a * K + k) * B + b] = sum[k];
    }
  }
}

/* The same contraction for a matrix with M(K-1-k, J-1-j) = SIGN M(k, j) (1D interpolation and derivative
   matrices on symmetric points), split into even and odd parts: half the multiplications. The host packs,
   for rows k < ceil(K/2), [Me(k, j) | Mo(k, j) for j < J/2 | M(k, J/2) when J is odd] with
   Me, Mo = (M(k, j) +- M(k, J-1-j)) / 2; the transposed matrix's packing follows the matrix's (CeedGenPacked). */
template <int A, int J, int K, int B, bool ADD, int SIGN>
static inline void CeedGenContractEvenOdd(const CeedScalar *__restrict__ packed, const CeedGenVec *__restrict__ in, CeedGenVec *__restrict__ out) {
  constexpr int JH = J / 2, JM = J % 2, KH = (K + 1) / 2, W = 2 * JH + JM;
  for (int a = 0; a < A; a++) {
    for (int b = 0; b < B; b++) {
      CeedGenVec even[JH > 0 ? JH : 1], odd[JH > 0 ? JH : 1], mid = CeedGenVec{};
      CEED_GEN_UNROLL for (int j = 0; j < JH; j++) {
        const CeedGenVec x0 = in[(a * J + j) * B + b], x1 = in[(a * J + J - 1 - j) * B + b];
        even[j] = x0 + x1;
        odd[j]  = x0 - x1;
      }
      if (JM) mid = in[(a * J + JH) * B + b];
      CEED_GEN_UNROLL for (int k = 0; k < KH; k++) {
        CeedGenVec e = CeedGenVec{}, o = CeedGenVec{};
        CEED_GEN_UNROLL for (int j = 0; j < JH; j++) {
          e += packed[k * W + j] * even[j];
          o += packed[k * W + JH + j] * odd[j];
        }
        if (JM) e += packed[k * W + 2 * JH] * mid;
        CeedGenVec &low = out[(a * K + k) * B + b];
        low             = ADD ? low + (e + o) : e + o;
        if (k != K - 1 - k) {
          CeedGenVec &high = out[(a * K + K - 1 - k) * B + b];
          high             = ADD ? high + (CeedScalar)SIGN * (e - o) : (CeedScalar)SIGN * (e - o);
        }
      }
    }
  }
}

/* Entries of the packing of a rows x cols matrix: the transposed packing starts there. */
constexpr int CeedGenPacked(int rows, int cols) { return (rows + 1) / 2 * (2 * (cols / 2) + cols % 2); }

/* A contraction with a 1D matrix [rows][cols] (M(k, j) = M[k][j], or M[j][k] with TRANSPOSE): through the
   even-odd packing `packed` when it is given (SIGN +1 for interpolation, -1 for derivatives). */
template <int A, int J, int K, int B, bool TRANSPOSE, bool ADD, bool EVEN_ODD, int SIGN>
static inline void CeedGenContract1D(const CeedScalar *M, const CeedScalar *packed, const CeedGenVec *in, CeedGenVec *out) {
  if constexpr (EVEN_ODD) {
    CeedGenContractEvenOdd<A, J, K, B, ADD, SIGN>(TRANSPOSE ? packed + CeedGenPacked(J, K) : packed, in, out);
  } else {
    CeedGenContract<A, J, K, B, TRANSPOSE, ADD>(M, in, out);
  }
  (void)M, (void)packed;
}

/* One matrix per dimension, applied dimension by dimension: NIN^DIM values per component in, NOUT^DIM out.
   Matrices are [NOUT][NIN], or [NIN][NOUT] read transposed with TRANSPOSE. */
template <int NC, int DIM, int NIN, int NOUT, bool TRANSPOSE, bool ADD>
static inline void CeedGenTensorContract(const CeedScalar *m0, const CeedScalar *m1, const CeedScalar *m2, const CeedGenVec *in, CeedGenVec *out,
                                         CeedGenVec *tmp0, CeedGenVec *tmp1) {
  if constexpr (DIM == 1) {
    CeedGenContract<NC, NIN, NOUT, 1, TRANSPOSE, ADD>(m0, in, out);
  } else if constexpr (DIM == 2) {
    CeedGenContract<NC * NIN, NIN, NOUT, 1, TRANSPOSE, false>(m0, in, tmp0);
    CeedGenContract<NC, NIN, NOUT, NOUT, TRANSPOSE, ADD>(m1, tmp0, out);
  } else {
    CeedGenContract<NC * NIN * NIN, NIN, NOUT, 1, TRANSPOSE, false>(m0, in, tmp0);
    CeedGenContract<NC * NIN, NIN, NOUT, NOUT, TRANSPOSE, false>(m1, tmp0, tmp1);
    CeedGenContract<NC, NIN, NOUT, NOUT * NOUT, TRANSPOSE, ADD>(m2, tmp1, out);
  }
  (void)m1, (void)m2, (void)tmp0, (void)tmp1;
}

/* Tensor interpolation; with EVEN_ODD the even-odd packing of interp_1d (interp_even_odd) is used. */
template <int NC, int DIM, int P, int Q, bool TRANSPOSE, bool ADD, bool EVEN_ODD>
static inline void CeedGenInterpTensor(const CeedGenElem &, const CeedScalar *interp_1d, const CeedScalar *interp_even_odd, const CeedGenVec *in,
                                       CeedGenVec *out, CeedGenVec *tmp0, CeedGenVec *tmp1) {
  constexpr int NIN = TRANSPOSE ? Q : P, NOUT = TRANSPOSE ? P : Q;
  const CeedScalar *m = interp_1d, *e = interp_even_odd;
  if constexpr (DIM == 1) {
    CeedGenContract1D<NC, NIN, NOUT, 1, TRANSPOSE, ADD, EVEN_ODD, 1>(m, e, in, out);
  } else if constexpr (DIM == 2) {
    CeedGenContract1D<NC * NIN, NIN, NOUT, 1, TRANSPOSE, false, EVEN_ODD, 1>(m, e, in, tmp0);
    CeedGenContract1D<NC, NIN, NOUT, NOUT, TRANSPOSE, ADD, EVEN_ODD, 1>(m, e, tmp0, out);
  } else {
    CeedGenContract1D<NC * NIN * NIN, NIN, NOUT, 1, TRANSPOSE, false, EVEN_ODD, 1>(m, e, in, tmp0);
    CeedGenContract1D<NC * NIN, NIN, NOUT, NOUT, TRANSPOSE, false, EVEN_ODD, 1>(m, e, tmp0, tmp1);
    CeedGenContract1D<NC, NIN, NOUT, NOUT * NOUT, TRANSPOSE, ADD, EVEN_ODD, 1>(m, e, tmp1, out);
  }
  (void)tmp0, (void)tmp1;
}

/* Derivative in direction DIR of Q_1d^DIM point values with the collocated derivative matrix [Q][Q]. */
template <int NC, int DIM, int Q, int DIR, bool TRANSPOSE, bool ADD, bool EVEN_ODD>
static inline void CeedGenCollocatedDerivative(const CeedScalar *colo_grad_1d, const CeedScalar *grad_even_odd, const CeedGenVec *in,
                                               CeedGenVec *out) {
  CeedGenContract1D<NC * CeedGenPow(Q, DIM - 1 - DIR), Q, Q, CeedGenPow(Q, DIR), TRANSPOSE, ADD, EVEN_ODD, -1>(colo_grad_1d, grad_even_odd, in, out);
}

/* Tensor gradient through the quadrature points (Q_1d >= P_1d): interpolate (skipped when the interpolation is
   the identity, P = Q at the nodes), then differentiate with the collocated derivative. u_q holds NC * Q^DIM.
   With EVEN_ODD both matrices are used through their even-odd packings. */
template <int NC, int DIM, int P, int Q, bool IDENTITY_INTERP, bool TRANSPOSE, bool ADD, bool EVEN_ODD>
static inline void CeedGenGradTensorCollocated(const CeedGenElem &elem, const CeedScalar *interp_1d, const CeedScalar *colo_grad_1d,
                                               const CeedScalar *interp_even_odd, const CeedScalar *grad_even_odd, const CeedGenVec *in,
                                               CeedGenVec *out, CeedGenVec *u_q, CeedGenVec *tmp0, CeedGenVec *tmp1) {
  constexpr int NQ = CeedGenPow(Q, DIM);
  if constexpr (!TRANSPOSE) {
    const CeedGenVec *u = in;
    if constexpr (!IDENTITY_INTERP) {
      CeedGenInterpTensor<NC, DIM, P, Q, false, false, EVEN_ODD>(elem, interp_1d, interp_even_odd, in, u_q, tmp0, tmp1);
      u = u_q;
    }
    CeedGenCollocatedDerivative<NC, DIM, Q, 0, false, false, EVEN_ODD>(colo_grad_1d, grad_even_odd, u, out);
    if constexpr (DIM > 1) CeedGenCollocatedDerivative<NC, DIM, Q, 1, false, false, EVEN_ODD>(colo_grad_1d, grad_even_odd, u, out + NC * NQ);
    if constexpr (DIM > 2) CeedGenCollocatedDerivative<NC, DIM, Q, 2, false, false, EVEN_ODD>(colo_grad_1d, grad_even_odd, u, out + 2 * NC * NQ);
  } else {
    CeedGenVec    *u     = IDENTITY_INTERP ? out : u_q;
    constexpr bool first = IDENTITY_INTERP && ADD;
    CeedGenCollocatedDerivative<NC, DIM, Q, 0, true, first, EVEN_ODD>(colo_grad_1d, grad_even_odd, in, u);
    if constexpr (DIM > 1) CeedGenCollocatedDerivative<NC, DIM, Q, 1, true, true, EVEN_ODD>(colo_grad_1d, grad_even_odd, in + NC * NQ, u);
    if constexpr (DIM > 2) CeedGenCollocatedDerivative<NC, DIM, Q, 2, true, true, EVEN_ODD>(colo_grad_1d, grad_even_odd, in + 2 * NC * NQ, u);
    if constexpr (!IDENTITY_INTERP) CeedGenInterpTensor<NC, DIM, P, Q, true, ADD, EVEN_ODD>(elem, interp_1d, interp_even_odd, u_q, out, tmp0, tmp1);
  }
  (void)elem, (void)interp_1d, (void)interp_even_odd, (void)u_q, (void)tmp0, (void)tmp1;
}

/* Tensor gradient applied directly (any P_1d, Q_1d): derivative d uses grad_1d in dimension d, interp_1d elsewhere. */
template <int NC, int DIM, int P, int Q, bool TRANSPOSE, bool ADD>
static inline void CeedGenGradTensor(const CeedGenElem &, const CeedScalar *interp_1d, const CeedScalar *grad_1d, const CeedGenVec *in, CeedGenVec *out,
                                     CeedGenVec *tmp0, CeedGenVec *tmp1) {
  constexpr int NQ = CeedGenPow(Q, DIM);
  for (int d = 0; d < DIM; d++) {
    const CeedScalar *m0 = d == 0 ? grad_1d : interp_1d, *m1 = d == 1 ? grad_1d : interp_1d, *m2 = d == 2 ? grad_1d : interp_1d;
    if constexpr (TRANSPOSE) {
      if (ADD || d > 0) CeedGenTensorContract<NC, DIM, Q, P, true, true>(m0, m1, m2, in + d * NC * NQ, out, tmp0, tmp1);
      else CeedGenTensorContract<NC, DIM, Q, P, true, false>(m0, m1, m2, in + d * NC * NQ, out, tmp0, tmp1);
    } else {
      CeedGenTensorContract<NC, DIM, P, Q, false, false>(m0, m1, m2, in, out + d * NC * NQ, tmp0, tmp1);
    }
  }
}

/* Non-tensor bases: dense [Q][P] matrices, one per derivative for the gradient ([DIM][Q][P]). */
template <int NC, int P, int Q, bool TRANSPOSE, bool ADD>
static inline void CeedGenInterpNonTensor(const CeedGenElem &, const CeedScalar *interp, const CeedGenVec *in, CeedGenVec *out) {
  if constexpr (TRANSPOSE) CeedGenContract<NC, Q, P, 1, true, ADD>(interp, in, out);
  else CeedGenContract<NC, P, Q, 1, false, ADD>(interp, in, out);
}

template <int NC, int DIM, int P, int Q, bool TRANSPOSE, bool ADD>
static inline void CeedGenGradNonTensor(const CeedGenElem &, const CeedScalar *grad, const CeedGenVec *in, CeedGenVec *out) {
  for (int d = 0; d < DIM; d++) {
    if constexpr (TRANSPOSE) {
      if (ADD || d > 0) CeedGenContract<NC, Q, P, 1, true, true>(grad + d * Q * P, in + d * NC * Q, out);
      else CeedGenContract<NC, Q, P, 1, true, false>(grad + d * Q * P, in + d * NC * Q, out);
    } else {
      CeedGenContract<NC, P, Q, 1, false, false>(grad + d * Q * P, in, out + d * NC * Q);
    }
  }
}

#endif /* CEED_GEN_CPU_BASIS_H */
