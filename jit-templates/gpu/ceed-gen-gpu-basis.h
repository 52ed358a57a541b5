/* cuda dialect: basis actions on the per-thread columns of ceed-gen-gpu.h. A contraction along the last
   dimension stays in the thread's registers; one along a dimension spread over threads exchanges the
   values of the element through its shared-memory slice, one column entry at a time. Matrices are
   [NOUT][NIN], read transposed with TRANSPOSE; with ADD results are summed into out. tmp0 and tmp1 hold
   NC * CEED_GEN_T_1D values per thread. */
#ifndef CEED_GEN_CUDA_BASIS_H
#define CEED_GEN_CUDA_BASIS_H

/* Entry i of a matrix, loaded where it is used. Tensor kernels pass copies in shared memory (the dialect's
   KernelBegin makes them); nothing writes them afterwards, so the compiler would otherwise load every entry
   once and keep it in a register for the whole kernel (BP3 p=6 on sm_90: 174 registers per thread, 102 with
   this and one element per thread group). hipRTC's clang does the opposite: volatile loads take it from 94 to 226
   VGPRs on BP1 p=8 for gfx90a, so the dialect's preamble sets CEED_GEN_VOLATILE_MATRICES for CUDA only. */
static __device__ __forceinline__ CeedScalar CeedGenMatrixEntry(const CeedScalar *M, int i) {
  return CEED_GEN_VOLATILE_MATRICES ? *(const volatile CeedScalar *)(M + i) : M[i];
}

/* out[a][k][b] (+)= sum_j M(k, j) in[a][j][b], all in the thread's registers. Each matrix entry is loaded once
   and applied to every a and b: loaded per (a, b), the compiler keeps all K x J of them live instead (BP2 p=6 on
   sm_90: 240 registers per thread). */
template <int A, int J, int K, int B, bool TRANSPOSE, bool ADD>
static __device__ __forceinline__ void CeedGenContract(const CeedScalar *__restrict__ M, const CeedScalar *in, CeedScalar *out) {
  CeedScalar sum[A * K * B];
#pragma unroll
  for (int i = 0; i < A * K * B; i++) sum[i] = ADD ? out[i] : 0.0;
#pragma unroll
  for (int j = 0; j < J; j++) {
#pragma unroll
    for (int k = 0; k < K; k++) {
      const CeedScalar m = CeedGenMatrixEntry(M, TRANSPOSE ? j * K + k : k * J + j);
#pragma unroll
      for (int a = 0; a < A; a++) {
#pragma unroll
        for (int b = 0; b < B; b++) sum[(a * K + k) * B + b] += m * in[(a * J + j) * B + b];
      }
    }
  }
#pragma unroll
  for (int i = 0; i < A * K * B; i++) out[i] = sum[i];
}

/* Contraction along thread dimension D (0: x, 1: y) of NC components with NCOL column entries each. */
template <int NC, int NCOL, int J, int K, int D, bool TRANSPOSE, bool ADD>
static __device__ __forceinline__ void CeedGenContractShared(const CeedScalar *__restrict__ M, const CeedScalar *in, CeedScalar *out) {
  const int   tx = CeedGenThreadX(), ty = CeedGenThreadY();
  const int   k  = D == 0 ? tx : ty;
  CeedScalar *slice = CeedGenSlice();
#pragma unroll
  for (int v = 0; v < NC * NCOL; v++) {
    __syncthreads();
    slice[tx + CEED_GEN_T_1D * ty] = in[v];
    __syncthreads();
    if (k < K) {
      CeedScalar sum = ADD ? out[v] : 0.0;
#pragma unroll
      for (int j = 0; j < J; j++) sum += CeedGenMatrixEntry(M, TRANSPOSE ? j * K + k : k * J + j) * slice[D == 0 ? j + CEED_GEN_T_1D * ty : tx + CEED_GEN_T_1D * j];
      out[v] = sum;
    }
  }
}

/* Contraction along tensor dimension DIR: through shared memory for a thread dimension, in registers for the last. */
template <int NC, int DIR, int NCOL, int J, int K, bool TRANSPOSE, bool ADD>
static __device__ __forceinline__ void CeedGenContractDim(const CeedScalar *M, const CeedScalar *in, CeedScalar *out) {
  if constexpr (DIR < CEED_GEN_THREAD_DIMS) CeedGenContractShared<NC, NCOL, J, K, DIR, TRANSPOSE, ADD>(M, in, out);
  else CeedGenContract<NC, J, K, 1, TRANSPOSE, ADD>(M, in, out);
}

/* One matrix per dimension (m_d along dimension d), NIN entries per dimension in, NOUT out. */
template <int NC, int DIM, int NIN, int NOUT, bool TRANSPOSE, bool ADD>
static __device__ __forceinline__ void CeedGenTensorContract(const CeedScalar *m0, const CeedScalar *m1, const CeedScalar *m2,
                                                             const CeedScalar *in, CeedScalar *out, CeedScalar *tmp0, CeedScalar *tmp1) {
  if constexpr (DIM == 1) {
    CeedGenContractDim<NC, 0, NIN, NIN, NOUT, TRANSPOSE, ADD>(m0, in, out);
  } else if constexpr (DIM == 2) {
    CeedGenContractDim<NC, 0, NIN, NIN, NOUT, TRANSPOSE, false>(m0, in, tmp0);
    CeedGenContractDim<NC, 1, NIN, NIN, NOUT, TRANSPOSE, ADD>(m1, tmp0, out);
  } else {
    CeedGenContractDim<NC, 0, NIN, NIN, NOUT, TRANSPOSE, false>(m0, in, tmp0);
    CeedGenContractDim<NC, 1, NIN, NIN, NOUT, TRANSPOSE, false>(m1, tmp0, tmp1);
    CeedGenContractDim<NC, 2, NIN, NIN, NOUT, TRANSPOSE, ADD>(m2, tmp1, out);
  }
}

/* EVEN_ODD (symmetric 1D matrices) selects the even-odd packing on the cpu dialect; the cuda contractions
   read the plain matrices, so it and interp_even_odd are accepted and unused here. */
template <int NC, int DIM, int P, int Q, bool TRANSPOSE, bool ADD, bool EVEN_ODD = false>
static __device__ __forceinline__ void CeedGenInterpTensor(const CeedGenElem &, const CeedScalar *interp_1d, const CeedScalar * /* interp_even_odd */,
                                                           const CeedScalar *in, CeedScalar *out, CeedScalar *tmp0, CeedScalar *tmp1) {
  if constexpr (TRANSPOSE) CeedGenTensorContract<NC, DIM, Q, P, true, ADD>(interp_1d, interp_1d, interp_1d, in, out, tmp0, tmp1);
  else CeedGenTensorContract<NC, DIM, P, Q, false, ADD>(interp_1d, interp_1d, interp_1d, in, out, tmp0, tmp1);
}

/* Derivative along DIR of Q_1d point values per column entry with the collocated derivative [Q][Q]. */
template <int NC, int Q, int DIR, bool TRANSPOSE, bool ADD>
static __device__ __forceinline__ void CeedGenCollocatedDerivative(const CeedScalar *colo_grad_1d, const CeedScalar *in, CeedScalar *out) {
  CeedGenContractDim<NC, DIR, Q, Q, Q, TRANSPOSE, ADD>(colo_grad_1d, in, out);
}

/* Tensor gradient through the quadrature points (Q_1d >= P_1d): interpolate (skipped for the identity),
   then differentiate with the collocated derivative. Quadrature arrays are [dim][comp][Q] per thread. */
template <int NC, int DIM, int P, int Q, bool IDENTITY_INTERP, bool TRANSPOSE, bool ADD, bool EVEN_ODD = false>
static __device__ __forceinline__ void CeedGenGradTensorCollocated(const CeedGenElem &elem, const CeedScalar *interp_1d, const CeedScalar *colo_grad_1d,
                                                                   const CeedScalar * /* interp_even_odd */, const CeedScalar * /* grad_even_odd */,
                                                                   const CeedScalar *in, CeedScalar *out, CeedScalar *u_q, CeedScalar *tmp0,
                                                                   CeedScalar *tmp1) {
  if constexpr (!TRANSPOSE) {
    const CeedScalar *u = in;
    if constexpr (!IDENTITY_INTERP) {
      CeedGenInterpTensor<NC, DIM, P, Q, false, false>(elem, interp_1d, nullptr, in, u_q, tmp0, tmp1);
      u = u_q;
    }
    CeedGenCollocatedDerivative<NC, Q, 0, false, false>(colo_grad_1d, u, out);
    if constexpr (DIM > 1) CeedGenCollocatedDerivative<NC, Q, 1, false, false>(colo_grad_1d, u, out + NC * Q);
    if constexpr (DIM > 2) CeedGenCollocatedDerivative<NC, Q, 2, false, false>(colo_grad_1d, u, out + 2 * NC * Q);
  } else {
    CeedScalar    *u     = IDENTITY_INTERP ? out : u_q;
    constexpr bool first = IDENTITY_INTERP && ADD;
    CeedGenCollocatedDerivative<NC, Q, 0, true, first>(colo_grad_1d, in, u);
    if constexpr (DIM > 1) CeedGenCollocatedDerivative<NC, Q, 1, true, true>(colo_grad_1d, in + NC * Q, u);
    if constexpr (DIM > 2) CeedGenCollocatedDerivative<NC, Q, 2, true, true>(colo_grad_1d, in + 2 * NC * Q, u);
    if constexpr (!IDENTITY_INTERP) CeedGenInterpTensor<NC, DIM, P, Q, true, ADD>(elem, interp_1d, nullptr, u_q, out, tmp0, tmp1);
  }
}

/* Tensor gradient applied directly (any P_1d, Q_1d): derivative d uses grad_1d along d, interp_1d elsewhere. */
template <int NC, int DIM, int P, int Q, bool TRANSPOSE, bool ADD>
static __device__ __forceinline__ void CeedGenGradTensor(const CeedGenElem &, const CeedScalar *interp_1d, const CeedScalar *grad_1d, const CeedScalar *in, CeedScalar *out,
                                                         CeedScalar *tmp0, CeedScalar *tmp1) {
#pragma unroll
  for (int d = 0; d < DIM; d++) {
    const CeedScalar *m0 = d == 0 ? grad_1d : interp_1d, *m1 = d == 1 ? grad_1d : interp_1d, *m2 = d == 2 ? grad_1d : interp_1d;
    if constexpr (TRANSPOSE) {
      if (ADD || d > 0) CeedGenTensorContract<NC, DIM, Q, P, true, true>(m0, m1, m2, in + d * NC * Q, out, tmp0, tmp1);
      else CeedGenTensorContract<NC, DIM, Q, P, true, false>(m0, m1, m2, in + d * NC * Q, out, tmp0, tmp1);
    } else {
      CeedGenTensorContract<NC, DIM, P, Q, false, false>(m0, m1, m2, in, out + d * NC * Q, tmp0, tmp1);
    }
  }
}

/* Non-tensor bases (one thread per element): dense [Q][P] matrices, one per derivative for the gradient. */
template <int NC, int P, int Q, bool TRANSPOSE, bool ADD>
static __device__ __forceinline__ void CeedGenInterpNonTensor(const CeedGenElem &, const CeedScalar *interp, const CeedScalar *in, CeedScalar *out) {
  if constexpr (TRANSPOSE) CeedGenContract<NC, Q, P, 1, true, ADD>(interp, in, out);
  else CeedGenContract<NC, P, Q, 1, false, ADD>(interp, in, out);
}

template <int NC, int DIM, int P, int Q, bool TRANSPOSE, bool ADD>
static __device__ __forceinline__ void CeedGenGradNonTensor(const CeedGenElem &, const CeedScalar *grad, const CeedScalar *in, CeedScalar *out) {
  for (int d = 0; d < DIM; d++) {
    if constexpr (TRANSPOSE) {
      if (ADD || d > 0) CeedGenContract<NC, Q, P, 1, true, true>(grad + d * Q * P, in + d * NC * Q, out);
      else CeedGenContract<NC, Q, P, 1, true, false>(grad + d * Q * P, in + d * NC * Q, out);
    } else {
      CeedGenContract<NC, P, Q, 1, false, false>(grad + d * Q * P, in, out + d * NC * Q);
    }
  }
}

/* The sliced 3D kernels' gradient at one z slice and its transpose: gpu/ceed-gen-gpu-sliced.h. */

#endif /* CEED_GEN_CUDA_BASIS_H */
