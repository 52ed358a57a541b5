/* gpu dialect (CUDA, HIP and the emulated GPU): the contraction primitives of the basis actions on the per-thread
   columns of ceed-gen-gpu.h (ceed-gen-basis.h, included after this header, composes them), and the sliced glue's
   3D gradient. A contraction along the last dimension stays in the thread's registers; one along a dimension
   spread over threads exchanges the values of the element through its shared-memory slice, one column entry at a
   time. Matrices are [NOUT][NIN], read transposed with TRANSPOSE; with ADD results are summed into out. tmp0 and
   tmp1 hold NC * CEED_GEN_T_1D values per thread. */
#ifndef CEED_GEN_GPU_BASIS_H
#define CEED_GEN_GPU_BASIS_H

/* Entry i of a matrix, loaded where it is used. Tensor kernels pass copies in shared memory (the dialect's
   KernelBegin makes them); nothing writes them afterwards, so the compiler would otherwise load every entry
   once and keep it in a register for the whole kernel (BP3 p=6 on sm_90: 174 registers per thread, 102 with
   this and one element per thread group). hipRTC's clang does the opposite: volatile loads take it from 94 to 226
   VGPRs on BP1 p=8 for gfx90a, so the dialect's preamble sets CEED_GEN_VOLATILE_MATRICES from the runtime's
   capabilities (CUDA and the emulated GPU only). */
static __device__ __forceinline__ CeedScalar CeedGenMatrixEntry(const CeedScalar *M, int i) {
  return CEED_GEN_VOLATILE_MATRICES ? *(const volatile CeedScalar *)(M + i) : M[i];
}

/* Row stride of the shared copies of the tensor matrices (the dialect's KernelBegin stages them): an odd number of
   values, so that the threads of a half-warp reading entry j of their own rows (a stride of one row apart) hit
   distinct banks. With the rows' own length, P_1d or Q_1d = 8 puts the 8 rows of a half-warp in 2 banks (a 4-way
   conflict on every 64-bit load). Dense matrices (non-tensor bases, read from global memory) keep their layout. */
constexpr int CeedGenMatrixRow(int n) { return n % 2 ? n : n + 1; }

/* Entry (k, j) of a tensor matrix of a contraction from J to K entries: [K][J] with rows of ROW values, or read
   transposed, [J][K] with rows of ROW values. */
template <int J, int K, bool TRANSPOSE, int ROW>
static __device__ __forceinline__ int CeedGenMatrixIndex(int k, int j) {
  return TRANSPOSE ? j * ROW + k : k * ROW + j;
}

/* The J entries M(k, j) of output k of a staged tensor matrix: with HELD loaded into registers once (volatile loads
   each: the compiler keeps no more of the matrix than these), so that a loop using them for several values reads
   one shared value per FMA instead of two; otherwise read where used. */
template <int J, int K, bool TRANSPOSE, bool HELD>
struct CeedGenMatrixRowOf {
  static constexpr int ROW = CeedGenMatrixRow(TRANSPOSE ? K : J);
  CeedScalar           held[HELD ? J : 1];
  const CeedScalar    *M;
  int                  k;
  __device__ __forceinline__ CeedGenMatrixRowOf(const CeedScalar *matrix, int row) : M(matrix), k(row) {
    if constexpr (HELD) {
#pragma unroll
      for (int j = 0; j < J; j++) held[j] = CeedGenMatrixEntry(M, CeedGenMatrixIndex<J, K, TRANSPOSE, ROW>(k, j));
    }
  }
  __device__ __forceinline__ CeedScalar operator()(int j) const {
    if constexpr (HELD) return held[j];
    return CeedGenMatrixEntry(M, CeedGenMatrixIndex<J, K, TRANSPOSE, ROW>(k, j));
  }
};

/* The longest row a contraction along a thread dimension holds in registers (CEED_GEN_BASIS_COMPONENTS: the
   preamble's): 10 with one component (BP1/BP3 p=7, 8: 80 and 104 registers per thread on sm_90), 8 with more (at
   P_1d or Q_1d = 9 and 10 the held row put BP2 and BP4 p=8 at 128-130, the budget's edge). None without volatile
   loads (hipRTC): its clang schedules the plain loads itself, and held rows took gfx90a BP1 p=6 from 100 to 120
   VGPRs. */
#ifndef CEED_GEN_HELD_ROW_MAX
#define CEED_GEN_HELD_ROW_MAX (!CEED_GEN_VOLATILE_MATRICES ? 0 : CEED_GEN_BASIS_COMPONENTS > 1 ? 8 : 10)
#endif

/* out[a][k][b] (+)= sum_j M(k, j) in[a][j][b], all in the thread's registers; rows of ROW values in M. Each matrix
   entry is loaded once and applied to every a and b (one shared load per A * B FMAs; the entries are the same for
   every thread, a broadcast): loaded per (a, b), the compiler keeps all K x J of them live instead (BP2 p=6 on
   sm_90: 240 registers per thread). The sum over j is rolled on HIP (CEED_GEN_CONTRACTION_SUM_LOOP): unrolled, hipRTC's
   clang loads all J x K entries ahead of the FMAs (gfx90a BP2 p=8: 144 VGPRs, 120 rolled), and a rolled loop costs
   one indexed read of in[j] per K FMAs. */
template <int A, int J, int K, int B, bool TRANSPOSE, bool ADD, int ROW, bool PLAIN_LOADS = false>
static __device__ __forceinline__ void CeedGenContractRows(const CeedScalar *__restrict__ M, const CeedScalar *in, CeedScalar *out) {
  CeedScalar sum[A * K * B];
#pragma unroll
  for (int i = 0; i < A * K * B; i++) sum[i] = ADD ? out[i] : 0.0;
  CEED_GEN_CONTRACTION_SUM_LOOP
  for (int j = 0; j < J; j++) {
#pragma unroll
    for (int k = 0; k < K; k++) {
      const int        index = CeedGenMatrixIndex<J, K, TRANSPOSE, ROW>(k, j);
      const CeedScalar m     = PLAIN_LOADS ? M[index] : CeedGenMatrixEntry(M, index);
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

/* The dense contraction ceed-gen-basis.h applies to non-tensor bases. */
template <int A, int J, int K, int B, bool TRANSPOSE, bool ADD>
static __device__ __forceinline__ void CeedGenContract(const CeedScalar *__restrict__ M, const CeedScalar *in, CeedScalar *out) {
  CeedGenContractRows<A, J, K, B, TRANSPOSE, ADD, TRANSPOSE ? K : J>(M, in, out);
}

/* Contraction along thread dimension D (0: x, 1: y) of NC components with NCOL column entries each, M a staged
   tensor matrix. The thread's row of M (J values, up to CEED_GEN_HELD_ROW_MAX) is loaded into registers once and used
   for all NC * NCOL values, so that the sums read one shared value per FMA (the neighbour's slice entry) instead of
   two. Threads past K take row K - 1 (in bounds, unused) rather than branch. The entries go through the element's
   exchange planes (CEED_GEN_EXCHANGE_PLANES, the preamble's): with CEED_GEN_WIDE_EXCHANGE and a plane for each of
   them, all are written, then one barrier, then all are read (two barriers per contraction); else with two planes
   (CEED_GEN_EXCHANGE_BUFFERS) the entries alternate between them, one barrier per entry besides the first, which
   waits for the planes' readers before this contraction; with one plane two barriers per entry. */
template <int NC, int NCOL, int J, int K, int D, bool TRANSPOSE, bool ADD>
static __device__ __forceinline__ void CeedGenContractShared(const CeedScalar *__restrict__ M, const CeedScalar *in, CeedScalar *out) {
  const int tx = CeedGenThreadX(), ty = CeedGenThreadY(), t = tx + CEED_GEN_T_1D * ty;
  const int k  = D == 0 ? tx : ty;
  const CeedGenMatrixRowOf<J, K, TRANSPOSE, (J <= CEED_GEN_HELD_ROW_MAX)> m(M, k < K ? k : K - 1);
  auto contract = [&](int v, const CeedScalar *slice) {
    if (k < K) {
      CeedScalar sum = ADD ? out[v] : 0.0;
#pragma unroll
      for (int j = 0; j < J; j++) sum += m(j) * slice[D == 0 ? j + CEED_GEN_T_1D * ty : tx + CEED_GEN_T_1D * j];
      out[v] = sum;
    }
  };
  if constexpr (CEED_GEN_WIDE_EXCHANGE && NC * NCOL <= CEED_GEN_EXCHANGE_PLANES) {
    __syncthreads();
#pragma unroll
    for (int v = 0; v < NC * NCOL; v++) CeedGenSlice()[v * CEED_GEN_THREADS_PER_ELEM + t] = in[v];
    __syncthreads();
#pragma unroll
    for (int v = 0; v < NC * NCOL; v++) contract(v, CeedGenSlice() + v * CEED_GEN_THREADS_PER_ELEM);
  } else {
#pragma unroll
    for (int v = 0; v < NC * NCOL; v++) {
      CeedScalar *slice = CeedGenSlice() + (v % CEED_GEN_EXCHANGE_BUFFERS) * CEED_GEN_THREADS_PER_ELEM;
      if (v == 0 || CEED_GEN_EXCHANGE_BUFFERS == 1) __syncthreads();
      slice[t] = in[v];
      __syncthreads();
      contract(v, slice);
    }
  }
}

/* What ceed-gen-basis.h needs of a dialect: per-thread columns of CeedScalar (a quadrature array holds Q values per
   component), and the contraction along tensor dimension DIR: through shared memory for a thread dimension, in
   registers for the last. Every column has NIN entries until the last dimension is contracted. The plain matrices
   are read: EVEN_ODD, SIGN and the packing are the cpu dialect's. */
#define CEED_GEN_BASIS_FN static __device__ __forceinline__
#define CEED_GEN_UNROLL_DIMS _Pragma("unroll")
typedef CeedScalar CeedGenValue;
template <int DIM, int Q>
constexpr int CeedGenTensorPoints = Q;

template <int NC, int DIM, int DIR, int NIN, int NOUT, bool TRANSPOSE, bool ADD, bool EVEN_ODD, int SIGN>
static __device__ __forceinline__ void CeedGenContractDim(const CeedScalar *M, const CeedScalar * /* packed */, const CeedScalar *in, CeedScalar *out) {
  if constexpr (DIR < CEED_GEN_THREAD_DIMS) CeedGenContractShared<NC, NIN, NIN, NOUT, DIR, TRANSPOSE, ADD>(M, in, out);
  else CeedGenContractRows<NC, NIN, NOUT, 1, TRANSPOSE, ADD, CeedGenMatrixRow(TRANSPOSE ? NOUT : NIN)>(M, in, out);
}

/* The sliced 3D kernels' gradient at one z slice and its transpose: gpu/ceed-gen-gpu-sliced.h. */

#endif /* CEED_GEN_GPU_BASIS_H */
