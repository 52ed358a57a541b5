/** \file
    Types, enums and macros needed by QFunction source. Valid C99, C++11, NVRTC and hipRTC code: no libc headers
    are pulled in during a JIT pass. The numeric values of the enumerations are part of the ABI. */
#ifndef CEED_QFUNCTION_DEFS_H
#define CEED_QFUNCTION_DEFS_H

#ifndef CEED_RUNNING_JIT_PASS
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#endif

#ifndef CEED_QFUNCTION_ATTR
#ifndef __NO_INLINE__
#if defined(__GNUC__) || defined(__clang__)
/** Attribute of QFunction bodies: the compiler inlines everything they call. */
#define CEED_QFUNCTION_ATTR __attribute__((flatten))
/** Attribute of QFunction helpers: always inlined. */
#define CEED_QFUNCTION_HELPER_ATTR CEED_QFUNCTION_ATTR __attribute__((always_inline))
#elif defined(__INTEL_COMPILER)
#define CEED_QFUNCTION_ATTR _Pragma("forceinline")
#define CEED_QFUNCTION_HELPER_ATTR CEED_QFUNCTION_ATTR
#else
#define CEED_QFUNCTION_ATTR
#define CEED_QFUNCTION_HELPER_ATTR CEED_QFUNCTION_ATTR
#endif
#else
#define CEED_QFUNCTION_ATTR
#define CEED_QFUNCTION_HELPER_ATTR CEED_QFUNCTION_ATTR
#endif
#endif

#ifndef CEED_QFUNCTION_HELPER_ATTR
/** Attribute of QFunction helpers: always inlined where the compiler supports it. */
#define CEED_QFUNCTION_HELPER_ATTR CEED_QFUNCTION_ATTR
#endif

#ifndef CEED_QFUNCTION
/** Defines QFunction name, and name\#\#_loc: the "file:name" location CeedQFunctionCreateInterior() takes. */
#define CEED_QFUNCTION(name)                                \
  static const char name##_loc[] = __FILE__ ":" #name; \
  CEED_QFUNCTION_ATTR static int name
#endif

#ifndef CEED_QFUNCTION_RUST
/** Defines QFunction name calling name\#\#_rs, written in Rust, and its location name\#\#_loc. */
#define CEED_QFUNCTION_RUST(name)                                                                        \
  CEED_QFUNCTION_ATTR int name##_rs(void *ctx, const CeedInt Q, const CeedScalar *const *in,              \
                                    CeedScalar *const *out);                                              \
  CEED_QFUNCTION_ATTR static int name(void *ctx, const CeedInt Q, const CeedScalar *const *in,            \
                                      CeedScalar *const *out) {                                           \
    return name##_rs(ctx, Q, in, out);                                                                    \
  }                                                                                                       \
  static const char name##_loc[] = __FILE__ ":" #name;
#endif

#ifndef CEED_QFUNCTION_HELPER
/** Declares a helper function called by QFunctions (static, inlined). */
#define CEED_QFUNCTION_HELPER CEED_QFUNCTION_HELPER_ATTR static inline
#endif

#ifndef CEED_Q_VLA
/** Length of the variable-length array dimension in QFunctions (Q on the host; a constant in kernels). */
#define CEED_Q_VLA Q
#endif

#ifndef CeedPragmaSIMD
#if defined(__INTEL_COMPILER)
#define CeedPragmaSIMD _Pragma("vector")
#elif defined(__clang__)
/** Loop vectorization hint placed before a for statement in QFunctions. */
#define CeedPragmaSIMD _Pragma("clang loop vectorize(enable)")
#elif defined(__GNUC__) && __GNUC__ >= 5 && !defined(__NVCC__)
/** Loop vectorization hint placed before a for statement in QFunctions. */
#define CeedPragmaSIMD _Pragma("GCC ivdep")
#elif defined(_OPENMP) && _OPENMP >= 201307
#define CeedPragmaSIMD _Pragma("omp simd")
#else
/** Loop vectorization hint: empty where the compiler has none. */
#define CeedPragmaSIMD
#endif
#endif

/** Integer type of sizes and indices within an element or a restriction. */
typedef int32_t CeedInt;
/** printf conversion of CeedInt. */
#define CeedInt_FMT "d"
/** Integer type of vector lengths and global sizes. */
typedef ptrdiff_t CeedSize;
/** printf conversion of CeedSize. */
#define CeedSize_FMT "td"
/** Small integer type of curl-orientation entries. */
typedef signed char CeedInt8;
/** printf conversion of CeedInt8. */
#define CeedInt8_FMT "d"

/** Precision of floating-point data: CEED_SCALAR_FP32 (float) or CEED_SCALAR_FP64 (double). */
typedef enum {
  CEED_SCALAR_FP32, /**< single precision (float) */
  CEED_SCALAR_FP64, /**< double precision (double) */
} CeedScalarType;
/* Fused kernels of operators that compute in fp32 (docs/multiprecision.md) are compiled with
   CEED_JIT_SCALAR_FP32 defined, so that QFunction sources see CeedScalar as float unchanged. */
#if defined(CEED_JIT_SCALAR_FP32)
#include "ceed-f32.h"
#else
#include "ceed-f64.h"
#endif

/** Error codes: 0 is success, positive codes are recoverable errors, negative ones are not. */
typedef enum {
  CEED_ERROR_SUCCESS      = 0, /**< no error */
  CEED_ERROR_MINOR        = 1, /**< recoverable error of unspecified kind */
  CEED_ERROR_DIMENSION    = 2, /**< sizes or dimensions do not agree */
  CEED_ERROR_INCOMPLETE   = 3, /**< an object is used before it is fully set up */
  CEED_ERROR_INCOMPATIBLE = 4, /**< arguments or objects that do not go together (NULL handles included) */
  CEED_ERROR_ACCESS       = 5, /**< data accessed against the check-out protocol */
  CEED_ERROR_MAJOR        = -1, /**< unrecoverable error of unspecified kind */
  CEED_ERROR_BACKEND      = -2, /**< failure inside a backend */
  CEED_ERROR_UNSUPPORTED  = -3, /**< the backend does not implement the request */
} CeedErrorType;

/** Memory space of data. */
typedef enum {
  CEED_MEM_HOST, /**< host memory */
  CEED_MEM_DEVICE, /**< device (GPU) memory */
} CeedMemType;
/** What the library does with an array handed to it. */
typedef enum {
  CEED_COPY_VALUES, /**< copies it; the caller keeps its array */
  CEED_USE_POINTER, /**< borrows it: uses it in place, never frees it */
  CEED_OWN_POINTER, /**< takes it over and frees it when done */
} CeedCopyMode;
/** Vector norms. */
typedef enum {
  CEED_NORM_1, /**< sum of magnitudes */
  CEED_NORM_2, /**< Euclidean norm */
  CEED_NORM_MAX, /**< largest magnitude */
} CeedNormType;
/** Direction of a restriction or basis application. */
typedef enum {
  CEED_NOTRANSPOSE, /**< L-vector to E-vector, nodes to points */
  CEED_TRANSPOSE, /**< the transpose: E to L (summing), points to nodes */
} CeedTransposeMode;
/** What a basis computes at points; the values are bits. */
typedef enum {
  CEED_EVAL_NONE   = 0, /**< values as they are, no basis */
  CEED_EVAL_INTERP = 1, /**< values interpolated to points */
  CEED_EVAL_GRAD   = 2, /**< gradients at points */
  CEED_EVAL_DIV    = 4, /**< divergence (H(div) bases) */
  CEED_EVAL_CURL   = 8, /**< curl (H(curl) bases) */
  CEED_EVAL_WEIGHT = 16, /**< quadrature weights (input only) */
} CeedEvalMode;
/** Quadrature rules of CeedBasisCreateTensorH1Lagrange(). */
typedef enum {
  CEED_GAUSS         = 0, /**< Gauss-Legendre points */
  CEED_GAUSS_LOBATTO = 1, /**< Gauss-Lobatto points (end points included) */
} CeedQuadMode;
/** Element shapes: the dimension in the high 16 bits, an index in the low ones. */
typedef enum {
  CEED_TOPOLOGY_LINE     = 1 << 16 | 0, /**< line */
  CEED_TOPOLOGY_TRIANGLE = 2 << 16 | 1, /**< triangle */
  CEED_TOPOLOGY_QUAD     = 2 << 16 | 2, /**< quad */
  CEED_TOPOLOGY_TET      = 3 << 16 | 3, /**< tet */
  CEED_TOPOLOGY_PYRAMID  = 3 << 16 | 4, /**< pyramid */
  CEED_TOPOLOGY_PRISM    = 3 << 16 | 5, /**< prism */
  CEED_TOPOLOGY_HEX      = 3 << 16 | 6, /**< hex */
} CeedElemTopology;
/** Value types of registered context fields. */
typedef enum {
  CEED_CONTEXT_FIELD_DOUBLE = 1, /**< double values */
  CEED_CONTEXT_FIELD_INT32  = 2, /**< int32_t values */
  CEED_CONTEXT_FIELD_BOOL   = 3, /**< bool values */
} CeedContextFieldType;

#endif /* CEED_QFUNCTION_DEFS_H */
