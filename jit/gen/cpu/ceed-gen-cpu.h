/* cpu dialect of the fused-kernel building blocks: an element batch occupies the SIMD lanes.

   Every per-element array of a generated kernel is an array of CeedGenVec, one vector per value of one
   element, the lanes holding CEED_GEN_LANES consecutive elements (a batch): nodal data [comp][node],
   quadrature data [eval component][comp][point], the layout of one element in libCEED order with the
   element index fastest. A QFunction therefore sees a batch as Q = points * CEED_GEN_LANES points with
   the components Q apart. A batch past the last element repeats the last element in its spare lanes;
   only writes (transpose restrictions) look at num_lanes. */
#ifndef CEED_GEN_CPU_H
#define CEED_GEN_CPU_H

#ifndef CEED_GEN_LANES
#error "CEED_GEN_LANES must be defined by the generated preamble"
#endif

/* A batch of values in each storage precision, and CeedGenVec in the precision the kernel computes in
   (CeedScalar). L-vectors may be stored in another precision than CeedScalar (mixed-precision operators,
   fp32 quadrature data): the loads and stores below convert at the restriction, in registers. */
typedef double CeedGenVecF64 __attribute__((vector_size(CEED_GEN_LANES * sizeof(double))));
typedef float  CeedGenVecF32 __attribute__((vector_size(CEED_GEN_LANES * sizeof(float))));
template <class T>
struct CeedGenStorage;
template <>
struct CeedGenStorage<double> {
  typedef CeedGenVecF64 Vec;
};
template <>
struct CeedGenStorage<float> {
  typedef CeedGenVecF32 Vec;
};
typedef CeedGenStorage<CeedScalar>::Vec CeedGenVec;

#if defined(__clang__)
#define CEED_GEN_UNROLL _Pragma("unroll")
#else
#define CEED_GEN_UNROLL _Pragma("GCC unroll 64")
#endif

/* The element batch a kernel is working on. */
struct CeedGenElem {
  CeedInt batch;     /* elements batch * CEED_GEN_LANES + lane */
  CeedInt num_lanes; /* lanes holding distinct elements: CEED_GEN_LANES except in the last batch */
  CeedInt num_elem;
};

template <class T>
static inline CeedGenVec CeedGenLoadUnaligned(const T *p) {
  typename CeedGenStorage<T>::Vec v;
  __builtin_memcpy(&v, p, sizeof(v));
  return __builtin_convertvector(v, CeedGenVec);
}

template <class T>
static inline void CeedGenStoreUnaligned(T *p, CeedGenVec v) {
  const typename CeedGenStorage<T>::Vec s = __builtin_convertvector(v, typename CeedGenStorage<T>::Vec);
  __builtin_memcpy(p, &s, sizeof(s));
}

/* The first N (< CEED_GEN_LANES) values at p into the first lanes (the others zero), and adding the first
   N lanes of v into p, never touching p[N..]. Masked 512-bit instructions serve fp64 data in 8 lanes, except
   the read-modify-write of rows shorter than CEED_GEN_MASKED_ADD_MIN, whose neighbouring elements overlap so
   often that the masked load waits on the previous masked store; plain loops serve those and all fp32 data.
   Measured at 1e6 DOFs on one core, MDOF/s masked against plain: AVX-512 Xeon, BP1/BP5 p = 2 in fp64 65/44
   against 105/58, p = 1 17/13 against 29/22, BP1 p = 2 in fp32 72 against 138, p >= 3 within noise; Zen 5 (best
   of 4 interleaved), rows of 4 (p = 3) BP1/BP3/BP5 106/56/86 against 133/63/103, rows of 5 (p = 4) 181/75/127
   against 188/78/134, rows of 6 (p = 5) 209/94/152 against 216/83/143, rows of 7 (p = 6) 239/98/147 against
   223/97/151; Intel Xeon VM (3 interleaved rounds), rows of 5 BP1/BP3/BP5 masked 102-120/37-46/
   69-82 against plain 84-96/36-40/70-84, so the cpu dialect sets 5 on Intel hosts (gen-dialect-cpu.cpp). */
/* Masked AVX-512 loads and stores. The compiler builtins behind the <immintrin.h> intrinsics have the same
   names in GCC and clang: calling them directly spares every kernel compile the parsing of <immintrin.h>,
   half of it (0.53 of 1.07 s for a BP3 kernel with g++ 12). The generated preamble defines
   CEED_GEN_MASK_BUILTINS when the compiler has them, and includes <immintrin.h> otherwise. */
/* unused: clang warns about helpers that only discarded if-constexpr branches call */
#define CEED_GEN_MASK_FN static inline __attribute__((unused))
#if defined(__AVX512F__) && defined(__AVX512VL__) && CEED_GEN_LANES == 8
#define CEED_GEN_MASKED_8 1
#if defined(CEED_GEN_MASK_BUILTINS)
#if defined(__clang__) /* clang's 256-bit fp32 builtins take vector pointers, GCC's scalar ones */
typedef const CeedGenVecF32 *CeedGenF32x8In;
typedef CeedGenVecF32       *CeedGenF32x8Out;
#else
typedef const float *CeedGenF32x8In;
typedef float       *CeedGenF32x8Out;
#endif
CEED_GEN_MASK_FN CeedGenVecF64 CeedGenMaskLoadF64(const double *p, unsigned char m) { return __builtin_ia32_loadupd512_mask(p, CeedGenVecF64{}, m); }
CEED_GEN_MASK_FN void CeedGenMaskStoreF64(double *p, CeedGenVecF64 v, unsigned char m) { __builtin_ia32_storeupd512_mask(p, v, m); }
CEED_GEN_MASK_FN CeedGenVecF32 CeedGenMaskLoadF32(const float *p, unsigned char m) {
  return __builtin_ia32_loadups256_mask((CeedGenF32x8In)p, CeedGenVecF32{}, m);
}
CEED_GEN_MASK_FN void CeedGenMaskStoreF32(float *p, CeedGenVecF32 v, unsigned char m) { __builtin_ia32_storeups256_mask((CeedGenF32x8Out)p, v, m); }
#else
CEED_GEN_MASK_FN CeedGenVecF64 CeedGenMaskLoadF64(const double *p, unsigned char m) { return (CeedGenVecF64)_mm512_maskz_loadu_pd(m, p); }
CEED_GEN_MASK_FN void CeedGenMaskStoreF64(double *p, CeedGenVecF64 v, unsigned char m) { _mm512_mask_storeu_pd(p, m, (__m512d)v); }
CEED_GEN_MASK_FN CeedGenVecF32 CeedGenMaskLoadF32(const float *p, unsigned char m) { return (CeedGenVecF32)_mm256_maskz_loadu_ps(m, p); }
CEED_GEN_MASK_FN void CeedGenMaskStoreF32(float *p, CeedGenVecF32 v, unsigned char m) { _mm256_mask_storeu_ps(p, m, (__m256)v); }
#endif
#elif defined(__AVX512F__) && CEED_GEN_LANES == 16
#define CEED_GEN_MASKED_16 1
#if defined(CEED_GEN_MASK_BUILTINS)
CEED_GEN_MASK_FN CeedGenVecF32 CeedGenMaskLoadF32(const float *p, unsigned short m) { return __builtin_ia32_loadups512_mask(p, CeedGenVecF32{}, m); }
#else
CEED_GEN_MASK_FN CeedGenVecF32 CeedGenMaskLoadF32(const float *p, unsigned short m) { return (CeedGenVecF32)_mm512_maskz_loadu_ps(m, p); }
#endif
#endif

template <int N, class T>
static inline CeedGenVec CeedGenLoadPartial(const T *p) {
  if constexpr (N == CEED_GEN_LANES) return CeedGenLoadUnaligned(p);
#if defined(CEED_GEN_MASKED_8)
  if constexpr (sizeof(T) == sizeof(double)) {
    return __builtin_convertvector(CeedGenMaskLoadF64((const double *)p, (unsigned char)((1u << N) - 1)), CeedGenVec);
  } else {
    return __builtin_convertvector(CeedGenMaskLoadF32((const float *)p, (unsigned char)((1u << N) - 1)), CeedGenVec);
  }
#elif defined(CEED_GEN_MASKED_16)
  if constexpr (sizeof(T) == sizeof(float) && sizeof(CeedScalar) == sizeof(float)) {
    return (CeedGenVec)CeedGenMaskLoadF32((const float *)p, (unsigned short)((1u << N) - 1));
  }
#endif
  CeedGenVec v = CeedGenVec{};
  for (int i = 0; i < N; i++) v[i] = p[i];
  return v;
}

#ifndef CEED_GEN_MASKED_ADD_MIN
#define CEED_GEN_MASKED_ADD_MIN 6 /* shortest row added with masked instructions (CEEDRT_JIT_CXXFLAGS=-D... to compare) */
#endif
template <int N, class T>
static inline void CeedGenAddPartial(T *p, CeedGenVec v) {
  if constexpr (N == CEED_GEN_LANES) {
    CeedGenStoreUnaligned(p, CeedGenLoadUnaligned(p) + v);
    return;
  }
#if defined(CEED_GEN_MASKED_8)
  if constexpr (N >= CEED_GEN_MASKED_ADD_MIN) {
    const unsigned char mask = (unsigned char)((1u << N) - 1);
    if constexpr (sizeof(T) == sizeof(double)) {
      CeedGenMaskStoreF64((double *)p, CeedGenMaskLoadF64((const double *)p, mask) + __builtin_convertvector(v, CeedGenVecF64), mask);
    } else {
      CeedGenMaskStoreF32((float *)p, CeedGenMaskLoadF32((const float *)p, mask) + __builtin_convertvector(v, CeedGenVecF32), mask);
    }
    return;
  }
#endif
  for (int i = 0; i < N; i++) p[i] = (T)(p[i] + v[i]);
}

/* rows[l][j] -> rows[j][l] for a square block of CEED_GEN_LANES vectors (a shuffle network). */
static inline void CeedGenTranspose(CeedGenVec *rows) {
#if CEED_GEN_LANES == 8
  CeedGenVec t[8], u[8];
  for (int i = 0; i < 8; i += 2) {
    t[i]     = __builtin_shufflevector(rows[i], rows[i + 1], 0, 8, 2, 10, 4, 12, 6, 14);
    t[i + 1] = __builtin_shufflevector(rows[i], rows[i + 1], 1, 9, 3, 11, 5, 13, 7, 15);
  }
  for (int i = 0; i < 8; i += 4) {
    u[i]     = __builtin_shufflevector(t[i], t[i + 2], 0, 1, 8, 9, 4, 5, 12, 13);
    u[i + 1] = __builtin_shufflevector(t[i + 1], t[i + 3], 0, 1, 8, 9, 4, 5, 12, 13);
    u[i + 2] = __builtin_shufflevector(t[i], t[i + 2], 2, 3, 10, 11, 6, 7, 14, 15);
    u[i + 3] = __builtin_shufflevector(t[i + 1], t[i + 3], 2, 3, 10, 11, 6, 7, 14, 15);
  }
  for (int i = 0; i < 4; i++) {
    rows[i]     = __builtin_shufflevector(u[i], u[i + 4], 0, 1, 2, 3, 8, 9, 10, 11);
    rows[i + 4] = __builtin_shufflevector(u[i], u[i + 4], 4, 5, 6, 7, 12, 13, 14, 15);
  }
#elif CEED_GEN_LANES == 16
  /* Four perfect shuffles of the rows (fp32 kernels on 512-bit registers). */
  for (int stage = 0; stage < 4; stage++) {
    CeedGenVec t[16];
    for (int m = 0; m < 8; m++) {
      t[2 * m]     = __builtin_shufflevector(rows[m], rows[m + 8], 0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23);
      t[2 * m + 1] = __builtin_shufflevector(rows[m], rows[m + 8], 8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31);
    }
    for (int i = 0; i < 16; i++) rows[i] = t[i];
  }
#elif CEED_GEN_LANES == 4
  const CeedGenVec t0 = __builtin_shufflevector(rows[0], rows[1], 0, 4, 2, 6), t1 = __builtin_shufflevector(rows[0], rows[1], 1, 5, 3, 7);
  const CeedGenVec t2 = __builtin_shufflevector(rows[2], rows[3], 0, 4, 2, 6), t3 = __builtin_shufflevector(rows[2], rows[3], 1, 5, 3, 7);
  rows[0] = __builtin_shufflevector(t0, t2, 0, 1, 4, 5);
  rows[1] = __builtin_shufflevector(t1, t3, 0, 1, 4, 5);
  rows[2] = __builtin_shufflevector(t0, t2, 2, 3, 6, 7);
  rows[3] = __builtin_shufflevector(t1, t3, 2, 3, 6, 7);
#elif CEED_GEN_LANES == 2
  const CeedGenVec t0 = __builtin_shufflevector(rows[0], rows[1], 0, 2);
  rows[1]             = __builtin_shufflevector(rows[0], rows[1], 1, 3);
  rows[0]             = t0;
#else
#error "CEED_GEN_LANES must be 2, 4, 8 or 16"
#endif
}

/* Quadrature weights of one element broadcast to every lane (done once per kernel call). */
template <int NQ>
static inline void CeedGenWeights(const CeedScalar *weights, CeedGenVec *out) {
  for (int q = 0; q < NQ; q++) out[q] = CeedGenVec{} + weights[q];
}

/* Passive quadrature data kept as element arrays in another precision than CeedScalar: converted into out. */
template <int N, class T>
static inline void CeedGenConvertInterleavedInput(const CeedGenElem &elem, const T *data, CeedGenVec *out) {
  const T *batch = data + (CeedSize)elem.batch * N * CEED_GEN_LANES;
  for (int i = 0; i < N; i++) out[i] = CeedGenLoadUnaligned(batch + i * CEED_GEN_LANES);
}

/* out += in for N values per element. */
template <int N>
static inline void CeedGenAdd(const CeedGenElem &, const CeedGenVec *in, CeedGenVec *out) {
  for (int i = 0; i < N; i++) out[i] += in[i];
}

#endif /* CEED_GEN_CPU_H */
