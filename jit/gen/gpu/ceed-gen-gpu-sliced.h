/* gpu dialect: the pieces of the sliced 3D kernels (gen-source-sliced.cpp) that keep an element's columns in
   shared memory instead of registers. Why: a thread holding the z columns of the interpolated inputs and of the
   output accumulators in registers needs 2 * comps * Q_1d values across the slice loop, which put the vector
   problems at 150-255 registers per thread on sm_90 (BP4 p=8 spilled); in shared memory the loop holds only one
   point's values in registers.

   The element's shared memory (CEED_GEN_SHARED_PER_ELEM values, the preamble's) is a run of planes of
   CEED_GEN_THREADS_PER_ELEM values, one value per thread of the element's T1d x T1d tile: first the exchange
   planes (CeedGenSlice() is the first), then the columns. A column of NC components of N entries is N * NC planes,
   entry i of component c of the thread at tile position t = tx + T1d ty at col[(c * N + i) * CEED_GEN_THREADS_PER_ELEM + t]:
   the threads of a warp touch consecutive words, and a thread reads its neighbours' values of a slice in place. */
#ifndef CEED_GEN_GPU_SLICED_H
#define CEED_GEN_GPU_SLICED_H

#define CEED_GEN_PLANE CEED_GEN_THREADS_PER_ELEM

/* Position of the thread in its element's tile. */
static __device__ __forceinline__ int CeedGenTile() { return (int)(threadIdx.x % CEED_GEN_THREADS_PER_ELEM); }

/* The column starting at plane `plane` of the element's shared memory. */
static __device__ __forceinline__ CeedScalar *CeedGenSharedColumn(int plane) { return CeedGenSlice() + plane * CEED_GEN_PLANE; }

/* N entries of one component between the thread's registers r and its column (col at that component). */
template <int N>
static __device__ __forceinline__ void CeedGenStoreColumn(const CeedScalar *r, CeedScalar *col) {
  const int t = CeedGenTile();
#pragma unroll
  for (int i = 0; i < N; i++) col[i * CEED_GEN_PLANE + t] = r[i];
}

template <int N, bool ADD>
static __device__ __forceinline__ void CeedGenLoadColumn(const CeedScalar *col, CeedScalar *r) {
  const int t = CeedGenTile();
#pragma unroll
  for (int i = 0; i < N; i++) r[i] = (ADD ? r[i] : (CeedScalar)0) + col[i * CEED_GEN_PLANE + t];
}

template <int N>
static __device__ __forceinline__ void CeedGenZeroColumn(CeedScalar *col) {
  const int t = CeedGenTile();
  for (int i = 0; i < N; i++) col[i * CEED_GEN_PLANE + t] = 0.0;
}

/* Values at slice k of the NC components of a column of Q entries; threads outside the points get zeros. */
template <int NC, int Q>
static __device__ __forceinline__ void CeedGenValueSlice(int k, const CeedScalar *u, CeedScalar *out) {
  const int  t    = CeedGenTile();
  const bool owns = CeedGenOwnsColumn<Q>();
#pragma unroll
  for (int c = 0; c < NC; c++) out[c] = owns ? u[(c * Q + k) * CEED_GEN_PLANE + t] : (CeedScalar)0;
}

/* Columns held in the thread's registers (CEED_GEN_REGISTER_COLUMNS, the glue's plan): [comp][entry], read and
   written at the thread's own points only, so no other thread needs them. Why: in shared memory BP1 p=4 stored,
   reloaded and updated every entry of both columns through the shared-memory pipe that bounds it (H200, Nsight
   Compute "Mem Busy" ~90%), and the two columns took 12 of the element's 18 planes. Indices are constants once the
   loops unroll (CEED_GEN_SLICE_LOOP rolled, as on HIP, would put the columns in local memory). */
template <int NC, int Q>
static __device__ __forceinline__ void CeedGenValueSliceHeld(int k, const CeedScalar *u, CeedScalar *out) {
  const bool owns = CeedGenOwnsColumn<Q>();
#pragma unroll
  for (int c = 0; c < NC; c++) out[c] = owns ? u[c * Q + k] : (CeedScalar)0;
}

template <int NC, int Q>
static __device__ __forceinline__ void CeedGenAddValueSliceHeld(int k, const CeedScalar *values, CeedScalar *v) {
  if (!CeedGenOwnsColumn<Q>()) return;
#pragma unroll
  for (int c = 0; c < NC; c++) v[c * Q + k] += values[c];
}

/* out (+)= r, N entries in registers. */
template <int N, bool ADD>
static __device__ __forceinline__ void CeedGenCopyColumn(const CeedScalar *r, CeedScalar *out) {
#pragma unroll
  for (int i = 0; i < N; i++) out[i] = (ADD ? out[i] : (CeedScalar)0) + r[i];
}

/* CeedGenInterpTensor of one 3D component with the z contraction reading M_const, a copy of the staged matrix M in
   constant memory (CEED_GEN_CONSTANT_MATRICES, the glue's, same layout): every thread reads the same entries there,
   with plain loads, which NVRTC makes constant-bank operands of the FMAs instead of shared loads. x and y, whose
   entries differ per thread, stay with M. */
template <int P, int Q, bool TRANSPOSE, bool ADD>
static __device__ __forceinline__ void CeedGenInterpColumnConstZ(const CeedScalar *M, const CeedScalar *M_const, const CeedScalar *in, CeedScalar *out,
                                                                 CeedScalar *tmp0, CeedScalar *tmp1) {
  constexpr int NIN = TRANSPOSE ? Q : P, NOUT = TRANSPOSE ? P : Q;
  CeedGenContractShared<1, NIN, NIN, NOUT, 0, TRANSPOSE, false>(M, in, tmp0);
  CeedGenContractShared<1, NIN, NIN, NOUT, 1, TRANSPOSE, false>(M, tmp0, tmp1);
  CeedGenContractRows<1, NIN, NOUT, 1, TRANSPOSE, ADD, CeedGenMatrixRow(P), true>(M_const, tmp1, out);
}

/* Entry i of the collocated derivative where its z contraction reads it (row k of D, the same for every thread of
   the element): with CONST_Z from Dz, a copy of D in constant memory (CEED_GEN_CONSTANT_DERIVATIVES, the glue's,
   same layout; plain loads, which NVRTC makes constant-bank operands), else from the staged D. */
template <bool CONST_Z>
static __device__ __forceinline__ CeedScalar CeedGenZDerivativeEntry(const CeedScalar *D, const CeedScalar *Dz, int i) {
  return CONST_Z ? Dz[i] : CeedGenMatrixEntry(D, i);
}

/* The rows of the collocated derivative D [Q][Q] (staged, rows of CeedGenMatrixRow(Q) values) that a thread's x
   and y derivatives use on every slice: rows tx and ty, or with TRANSPOSE (for D^T) columns tx and ty; threads
   outside the points read row Q - 1 (in bounds, unused). The glue makes them before the slice loop; HELD keeps them
   in registers across it (one shared load per FMA less), which the glue chooses where the kernel has room: held,
   they put BP3 p=6 at 100-128 registers per thread on sm_90 (budget 96) and, held per slice, BP4 p=6-8 at 128-130
   (budget 128). Never without volatile loads (hipRTC): held, gfx90a BP5 p=5 went from 94 to 134 VGPRs. */
/* The glue's choice of holding a set of derivative rows, unless the JIT define CEED_GEN_HELD_DERIVATIVE_ROWS (the
   preamble's default 1) says 0 (none) or 2 (all). */
static_assert(CEED_GEN_HELD_DERIVATIVE_ROWS >= 0 && CEED_GEN_HELD_DERIVATIVE_ROWS <= 2, "CEED_GEN_HELD_DERIVATIVE_ROWS must be 0, 1 or 2");
constexpr bool CeedGenHoldsDerivativeRows(bool glue_choice) { return CEED_GEN_HELD_DERIVATIVE_ROWS == 2 || (CEED_GEN_HELD_DERIVATIVE_ROWS == 1 && glue_choice); }

template <int Q, bool TRANSPOSE, bool HELD>
struct CeedGenGradRows {
  const CeedGenMatrixRowOf<Q, Q, TRANSPOSE, HELD && CEED_GEN_VOLATILE_MATRICES> x, y;
  __device__ __forceinline__ CeedGenGradRows(const CeedScalar *D)
      : x(D, CeedGenThreadX() < Q ? CeedGenThreadX() : Q - 1), y(D, CeedGenThreadY() < Q ? CeedGenThreadY() : Q - 1) {}
};

/* Gradient at slice k, [dim][comp], of a column of Q point values with the collocated derivative D and its rows
   (CeedGenGradRows<Q, false, HELD>): x and y from the neighbours' entries of slice k, z along the thread's own
   column (row k of D, the same entries for every thread) or, with Z_COLUMN, entry k of the column dz_column that
   CeedGenZDerivativeColumn made. No barrier: the columns are only read. With CEED_GEN_GRAD_COMPONENTS_INNER the
   components are the inner loop, so that each entry of D read from shared memory serves all NC of them (BP4 p=6 on
   sm_90: 2442 -> 2060 shared loads per thread, 98 -> 100 registers); otherwise one component's sums at a time, as on
   HIP (the preamble's default: with rolled sums the components' live values cost gfx90a BP6 a wave per SIMD). */
#ifndef CEED_GEN_GRAD_COMPONENTS_INNER
#define CEED_GEN_GRAD_COMPONENTS_INNER (!CEED_GEN_ROLLED_SLICES)
#endif
template <int NC, int Q, bool Z_COLUMN, bool CONST_Z, class ROWS>
static __device__ __forceinline__ void CeedGenGradSliceShared(const CeedScalar *__restrict__ D, const CeedScalar *Dz, const ROWS &rows, int k,
                                                              const CeedScalar *u, const CeedScalar *dz_column, CeedScalar *grad) {
  constexpr int ROW = CeedGenMatrixRow(Q);
  const int     tx = CeedGenThreadX(), ty = CeedGenThreadY(), t = CeedGenTile();
#pragma unroll
  for (int i = 0; i < 3 * NC; i++) grad[i] = 0.0;
  if (tx < Q && ty < Q) {
    constexpr int GROUP = CEED_GEN_GRAD_COMPONENTS_INNER ? NC : 1;  // components sharing each loaded entry of D
#pragma unroll
    for (int c0 = 0; c0 < NC; c0 += GROUP) {
      CEED_GEN_CONTRACTION_SUM_LOOP
      for (int j = 0; j < Q; j++) {
        const CeedScalar mx = rows.x(j), my = rows.y(j), mz = Z_COLUMN ? (CeedScalar)0 : CeedGenZDerivativeEntry<CONST_Z>(D, Dz, k * ROW + j);
#pragma unroll
        for (int c = c0; c < c0 + GROUP; c++) {
          const CeedScalar *slice = u + (c * Q + k) * CEED_GEN_PLANE;
          grad[c] += mx * slice[j + CEED_GEN_T_1D * ty];
          grad[NC + c] += my * slice[tx + CEED_GEN_T_1D * j];
          if constexpr (!Z_COLUMN) grad[2 * NC + c] += mz * u[(c * Q + j) * CEED_GEN_PLANE + t];
        }
      }
    }
    if constexpr (Z_COLUMN) {
#pragma unroll
      for (int c = 0; c < NC; c++) grad[2 * NC + c] = dz_column[(c * Q + k) * CEED_GEN_PLANE + t];
    }
  }
}

/* Adds the QFunction's values at slice k, [comp], into entry k of the accumulator column v. */
template <int NC, int Q>
static __device__ __forceinline__ void CeedGenAddValueSlice(int k, const CeedScalar *values, CeedScalar *v) {
  const int t = CeedGenTile();
  if (!CeedGenOwnsColumn<Q>()) return;
#pragma unroll
  for (int c = 0; c < NC; c++) v[(c * Q + k) * CEED_GEN_PLANE + t] += values[c];
}

/* The transpose of CeedGenGradSliceShared, with D's columns (CeedGenGradRows<Q, true, HELD>): adds D^T applied to
   the slice's gradient [dim][comp] into the accumulator column v, x and y into entry k through two exchange planes
   (two barriers per component), z into every entry of the thread's column or, with Z_COLUMN, as entry k of the
   column gz_column (zero outside the points) that CeedGenAddZDerivativeTransposeColumn applies after the loop.
   Exchanging all components at once would save barriers but take 2 * NC planes, which cost the vector problems at
   p >= 7 their 25% occupancy on sm_90 (shared memory per multiprocessor). The component loop is rolled on HIP
   (CEED_GEN_EXCHANGE_COMPONENT_LOOP): unrolled, hipRTC's clang overlaps the components' sums across the barriers
   (gfx90a BP4 p=7: 136 VGPRs, 123 rolled; BP6 p=8: 86, 72). */
template <int NC, int Q, bool Z_COLUMN, bool CONST_Z, class COLUMNS>
static __device__ __forceinline__ void CeedGenGradSliceTransposeShared(const CeedScalar *__restrict__ D, const CeedScalar *Dz, const COLUMNS &columns,
                                                                       int k, const CeedScalar *grad, CeedScalar *v, CeedScalar *gz_column) {
  constexpr int ROW = CeedGenMatrixRow(Q);
  const int     tx = CeedGenThreadX(), ty = CeedGenThreadY(), t = CeedGenTile();
  const bool    owns = tx < Q && ty < Q;
  CEED_GEN_EXCHANGE_COMPONENT_LOOP
  for (int c = 0; c < NC; c++) {
    /* With two pairs of planes (CEED_GEN_EXCHANGE_BUFFERS) the pairs alternate from component to component and
       slice to slice: the barrier of the step between two uses of a pair separates its readers from its writers. */
    CeedScalar *gx = CeedGenSlice() + 2 * ((k * NC + c) % CEED_GEN_EXCHANGE_BUFFERS) * CEED_GEN_PLANE, *gy = gx + CEED_GEN_PLANE;
    if (CEED_GEN_EXCHANGE_BUFFERS == 1) __syncthreads(); /* the exchange planes' previous readers are done */
    gx[t] = grad[c];
    gy[t] = grad[NC + c];
    __syncthreads();
    if (owns) {
      const CeedScalar gz  = grad[2 * NC + c];
      CeedScalar       sum = 0.0;
      CEED_GEN_CONTRACTION_SUM_LOOP
      for (int i = 0; i < Q; i++) sum += columns.x(i) * gx[i + CEED_GEN_T_1D * ty] + columns.y(i) * gy[tx + CEED_GEN_T_1D * i];
      CeedScalar *column = v + c * Q * CEED_GEN_PLANE + t;
      if constexpr (Z_COLUMN) {
        column[k * CEED_GEN_PLANE] += sum;
      } else {
        CEED_GEN_CONTRACTION_SUM_LOOP
        for (int j = 0; j < Q; j++) {
          column[j * CEED_GEN_PLANE] += CeedGenZDerivativeEntry<CONST_Z>(D, Dz, k * ROW + j) * gz + (j == k ? sum : (CeedScalar)0);
        }
      }
    }
    if constexpr (Z_COLUMN) gz_column[(c * Q + k) * CEED_GEN_PLANE + t] = owns ? grad[2 * NC + c] : (CeedScalar)0;
  }
}

/* The z columns of one component of the scalar sliced kernels (the glue's choice): the z derivative of the
   thread's column u made once before the slice loop and read per slice, and the slices' z derivative values
   gz applied transposed once after it. Per slice the thread then reads one value instead of its Q column entries
   and Q matrix entries, and adds into one entry of its accumulator instead of Q (a load and a store each). */
template <int Q, bool CONST_Z>
static __device__ __forceinline__ void CeedGenZDerivativeColumn(const CeedScalar *__restrict__ D, const CeedScalar *Dz, const CeedScalar *u,
                                                                CeedScalar *dz) {
  constexpr int ROW = CeedGenMatrixRow(Q);
  const int     t   = CeedGenTile();
  CeedScalar    r[Q];
#pragma unroll
  for (int j = 0; j < Q; j++) r[j] = u[j * CEED_GEN_PLANE + t];
  /* Rolled on hipRTC like the slice loop: unrolled, its clang keeps all Q^2 entries of D live (gfx90a BP3 p=8: 304
     VGPRs). */
  CEED_GEN_SLICE_LOOP
  for (int k = 0; k < Q; k++) {
    CeedScalar sum = 0.0;
#pragma unroll
    for (int j = 0; j < Q; j++) sum += CeedGenZDerivativeEntry<CONST_Z>(D, Dz, k * ROW + j) * r[j];
    dz[k * CEED_GEN_PLANE + t] = sum;
  }
}

/* r[j] += sum_k D(k, j) gz[k] over the thread's column gz (rolled over k on hipRTC, as above). */
template <int Q, bool CONST_Z>
static __device__ __forceinline__ void CeedGenAddZDerivativeTransposeColumn(const CeedScalar *__restrict__ D, const CeedScalar *Dz,
                                                                            const CeedScalar *gz, CeedScalar *r) {
  constexpr int ROW = CeedGenMatrixRow(Q);
  const int     t   = CeedGenTile();
  CEED_GEN_SLICE_LOOP
  for (int k = 0; k < Q; k++) {
    const CeedScalar g = gz[k * CEED_GEN_PLANE + t];
#pragma unroll
    for (int j = 0; j < Q; j++) r[j] += CeedGenZDerivativeEntry<CONST_Z>(D, Dz, k * ROW + j) * g;
  }
}

/* Quadrature weight of the thread's point k (weights of the Q^3 points, tensor order); zero outside the points. */
template <int Q>
static __device__ __forceinline__ void CeedGenWeightAtPoint(const CeedScalar *__restrict__ weights, int k, CeedScalar *out) {
  out[0] = CeedGenOwnsColumn<Q>() ? weights[CeedGenLocalIndex<Q>(k)] : (CeedScalar)0;
}

/* Value `point` of the thread's column, every component, written through a strided restriction where the
   QFunction gives it (quadrature data produced by a setup kernel). */
template <int NC, int ES, CeedSize S_NODE, CeedSize S_COMP, CeedSize S_ELEM, class T>
static __device__ __forceinline__ void CeedGenWriteStridedPoint(const CeedGenElem &elem, const CeedScalar *in, int point, T *v) {
  constexpr int N = CeedGenColumn<ES>::N;
  if (!elem.active || !CeedGenOwnsColumn<N>()) return;
  T *data = v + (CeedSize)elem.index * S_ELEM + CeedGenLocalIndex<N>(point) * S_NODE;
#pragma unroll
  for (int c = 0; c < NC; c++) {
    T &value = data[c * S_COMP];
    value    = (T)(value + in[c]);
  }
}

#endif /* CEED_GEN_GPU_SLICED_H */
