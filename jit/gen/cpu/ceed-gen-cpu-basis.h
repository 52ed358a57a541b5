/* cpu dialect: the contraction primitives of the basis actions (ceed-gen-basis.h, included after this header, composes
   them). Element arrays hold one CeedGenVec per value, a batch of elements in the lanes; a tensor array orders its
   dimensions with dimension 0 fastest. tmp0 and tmp1 hold NC * max(P_1d, Q_1d)^DIM vectors each. */
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

/* What ceed-gen-basis.h needs of a dialect: arrays of CeedGenVec, the whole element in one array, and the
   contraction along one tensor dimension: the dimensions before DIR (faster) already have NOUT entries, the
   ones after it still NIN. */
#define CEED_GEN_BASIS_FN static inline
#define CEED_GEN_UNROLL_DIMS
typedef CeedGenVec CeedGenValue;
template <int DIM, int Q>
constexpr int CeedGenTensorPoints = CeedGenPow(Q, DIM);

template <int NC, int DIM, int DIR, int NIN, int NOUT, bool TRANSPOSE, bool ADD, bool EVEN_ODD, int SIGN>
static inline void CeedGenContractDim(const CeedScalar *M, const CeedScalar *packed, const CeedGenVec *in, CeedGenVec *out) {
  CeedGenContract1D<NC * CeedGenPow(NIN, DIM - 1 - DIR), NIN, NOUT, CeedGenPow(NOUT, DIR), TRANSPOSE, ADD, EVEN_ODD, SIGN>(M, packed, in, out);
}

#endif /* CEED_GEN_CPU_BASIS_H */
