/* gpu dialect (CUDA, HIP and the emulated GPU) of the fused-kernel building blocks: one thread block handles
   several elements, each element a group of threads laid out over all but its last tensor dimension.

   Layout (compile-time constants from the generated preamble):
     CEED_GEN_THREAD_DIMS  tensor dimensions spread over threads: dim - 1 for tensor bases (x for 2D, x and
                           y for 3D), 0 for 1D, non-tensor bases and operators without a basis (one thread
                           holds the whole element);
     CEED_GEN_T_1D         threads per spread dimension (max(P_1d, Q_1d));
     CEED_GEN_THREADS_PER_ELEM = CEED_GEN_T_1D^CEED_GEN_THREAD_DIMS.
   Every element array is per thread: the "column" of values along the last dimension that the thread's
   (x, y) position owns, [comp][i] with i < N (N = P_1d for nodal data, Q_1d for quadrature data, the
   whole element when CEED_GEN_THREAD_DIMS is 0). Value i of a thread is element-local entry
   x + N y + N^2 i (3D), x + N i (2D), i (otherwise). Threads whose x or y is outside N hold no data;
   they still take part in every barrier. */
#ifndef CEED_GEN_GPU_H
#define CEED_GEN_GPU_H

#if !defined(CEED_GEN_THREAD_DIMS) || !defined(CEED_GEN_T_1D)
#error "CEED_GEN_THREAD_DIMS and CEED_GEN_T_1D must be defined by the generated preamble"
#endif

#define CEED_GEN_THREADS_PER_ELEM (CEED_GEN_THREAD_DIMS == 0 ? 1 : CEED_GEN_THREAD_DIMS == 1 ? CEED_GEN_T_1D : CEED_GEN_T_1D * CEED_GEN_T_1D)

constexpr int CeedGenPow(int base, int exponent) { return exponent == 0 ? 1 : base * CeedGenPow(base, exponent - 1); }

/* The N with N^(THREAD_DIMS + 1) = values: the column length of an array of `values` entries per component. */
constexpr int CeedGenColumnRoot(int values, int n) { return CeedGenPow(n, CEED_GEN_THREAD_DIMS + 1) >= values ? n : CeedGenColumnRoot(values, n + 1); }
template <int VALUES>
struct CeedGenColumn {
  static constexpr int N = CEED_GEN_THREAD_DIMS == 0 ? VALUES : CeedGenColumnRoot(VALUES, 1);
  static_assert(CeedGenPow(N, CEED_GEN_THREAD_DIMS + 1) == VALUES, "element size is not a tensor of the kernel's dimension");
};

static __device__ __forceinline__ int CeedGenThreadX() { return CEED_GEN_THREAD_DIMS >= 1 ? (int)(threadIdx.x % CEED_GEN_T_1D) : 0; }
static __device__ __forceinline__ int CeedGenThreadY() { return CEED_GEN_THREAD_DIMS >= 2 ? (int)(threadIdx.x / CEED_GEN_T_1D % CEED_GEN_T_1D) : 0; }

/* Whether this thread owns data in a column of length N, and the element-local index of its value i. */
template <int N>
static __device__ __forceinline__ bool CeedGenOwnsColumn() {
  return CeedGenThreadX() < N && CeedGenThreadY() < N;
}
template <int N>
static __device__ __forceinline__ int CeedGenLocalIndex(int i) {
  /* A constant, evaluated here: hipRTC otherwise calls the recursive CeedGenPow at run time, and a recursive call
     gives the kernel a 16 KiB dynamic stack in scratch (gfx90a BP5 p=1, 3, 7: 16400 bytes). */
  constexpr int plane = CeedGenPow(N, CEED_GEN_THREAD_DIMS);
  return CEED_GEN_THREAD_DIMS == 0 ? i : CeedGenThreadX() + (CEED_GEN_THREAD_DIMS == 2 ? N * CeedGenThreadY() : 0) + plane * i;
}

/* The element a thread group works on. */
struct CeedGenElem {
  CeedInt index;
  bool    active; /* false for the spare groups of the last block */
};

/* Shared memory of the block: CEED_GEN_SHARED_PER_ELEM values per element of the block (sized at launch), starting
   with the slice of CEED_GEN_THREADS_PER_ELEM values through which the contractions along thread dimensions exchange
   values; the sliced 3D kernels keep their columns after it (gpu/ceed-gen-gpu-sliced.h). */
/* Whether the 1D matrices are read through volatile loads (gpu/ceed-gen-gpu-basis.h, CeedGenMatrixEntry). */
#ifndef CEED_GEN_VOLATILE_MATRICES
#define CEED_GEN_VOLATILE_MATRICES 1
#endif
/* Whether the sliced kernels' slice loop and per-point reads stay rolled (CEED_GEN_ROLLED_SLICES, the preamble's,
   from the runtime's capabilities: hipRTC only). Unrolled, hipRTC's clang keeps the operands of several slices and
   all of a point's quadrature data live at once (gfx90a BP5 p=8: 165 VGPRs, 119 rolled); NVRTC does not. */
#ifndef CEED_GEN_ROLLED_SLICES
#define CEED_GEN_ROLLED_SLICES 0
#endif
/* With them the sums of the contractions (the slice gradient and its transpose over one tensor direction, the
   contraction along z in registers: CEED_GEN_CONTRACTION_SUM_LOOP) stay rolled too: unrolled, hipRTC's clang issues
   all of their shared loads before the first FMA (gfx90a BP4 p=6: 242 VGPRs, 124 rolled; BP2 p=8: 144, 120). So
   does the component loop of the transposed slice gradient (CEED_GEN_EXCHANGE_COMPONENT_LOOP,
   gpu/ceed-gen-gpu-sliced.h). */
#if CEED_GEN_ROLLED_SLICES
#define CEED_GEN_SLICE_LOOP           _Pragma("unroll 1")
#define CEED_GEN_POINT_READ_LOOP      _Pragma("unroll 1")
#define CEED_GEN_CONTRACTION_SUM_LOOP _Pragma("unroll 1")
#define CEED_GEN_EXCHANGE_COMPONENT_LOOP _Pragma("unroll 1")
#else
#define CEED_GEN_SLICE_LOOP _Pragma("unroll")
#define CEED_GEN_POINT_READ_LOOP
#define CEED_GEN_CONTRACTION_SUM_LOOP _Pragma("unroll")
#define CEED_GEN_EXCHANGE_COMPONENT_LOOP _Pragma("unroll")
#endif
/* Exchange planes of the contractions along thread dimensions (the preamble's, from the host's GpuSwitches, which
   sized the shared memory): with 2 a contraction writes step v's values into plane v % 2, so that one barrier
   separates each step's writes from its reads (the reads of step v - 1 went to the other plane, and the barrier of
   step v + 1 comes before plane v % 2 is written again); with 1 each step needs a second barrier before the next
   write. Halves the barriers of the interpolating kernels (gpu/ceed-gen-gpu-basis.h, CeedGenContractShared). */
#ifndef CEED_GEN_EXCHANGE_BUFFERS
#define CEED_GEN_EXCHANGE_BUFFERS 1
#endif
#if CEED_GEN_EXCHANGE_BUFFERS != 1 && CEED_GEN_EXCHANGE_BUFFERS != 2
#error "CEED_GEN_EXCHANGE_BUFFERS must be 1 or 2"
#endif
/* With CEED_GEN_WIDE_EXCHANGE (the preamble's, from the host's GpuSwitches) the sliced kernels have a plane per
   column entry (CEED_GEN_EXCHANGE_PLANES, at least t_1d), and a contraction exchanges all of a component's entries
   between one pair of barriers. */
#ifndef CEED_GEN_WIDE_EXCHANGE
#define CEED_GEN_WIDE_EXCHANGE 0
#endif
#ifndef CEED_GEN_EXCHANGE_PLANES
#define CEED_GEN_EXCHANGE_PLANES CEED_GEN_EXCHANGE_BUFFERS
#endif
#ifndef CEED_GEN_SHARED_PER_ELEM
#define CEED_GEN_SHARED_PER_ELEM (CEED_GEN_EXCHANGE_PLANES * CEED_GEN_THREADS_PER_ELEM)
#endif
extern __shared__ CeedScalar ceed_gen_shared[];
static __device__ __forceinline__ CeedScalar *CeedGenSlice() { return ceed_gen_shared + threadIdx.x / CEED_GEN_THREADS_PER_ELEM * CEED_GEN_SHARED_PER_ELEM; }

/* Quadrature weights of the thread's column (once per kernel). */
template <int NQ>
static __device__ __forceinline__ void CeedGenWeights(const CeedScalar *__restrict__ weights, CeedScalar *out) {
  constexpr int N = CeedGenColumn<NQ>::N;
  for (int i = 0; i < N; i++) out[i] = CeedGenOwnsColumn<N>() ? weights[CeedGenLocalIndex<N>(i)] : 0.0;
}

/* out += in for N values per element (identity bases: nodes are points, P_1d = Q_1d). */
template <int N>
static __device__ __forceinline__ void CeedGenAdd(const CeedGenElem &, const CeedScalar *in, CeedScalar *out) {
  constexpr int per_thread = N / CeedGenPow(CEED_GEN_Q_1D, CEED_GEN_THREAD_DIMS);
  for (int i = 0; i < per_thread; i++) out[i] += in[i];
}

#endif /* CEED_GEN_GPU_H */
