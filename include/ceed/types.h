/* Types, enums and macros needed by QFunction source. Valid C99, C++11, NVRTC and hipRTC code:
   no libc headers are pulled in during a JIT pass. */
#ifndef CEED_QFUNCTION_DEFS_H
#define CEED_QFUNCTION_DEFS_H

#ifndef CEED_RUNNING_JIT_PASS
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#endif

/* Attributes for QFunctions and their helpers. */
#ifndef CEED_QFUNCTION_ATTR
#ifndef __NO_INLINE__
#if defined(__GNUC__) || defined(__clang__)
#define CEED_QFUNCTION_ATTR __attribute__((flatten))
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
#define CEED_QFUNCTION_HELPER_ATTR CEED_QFUNCTION_ATTR
#endif

/* A QFunction definition also defines name##_loc, the "file:name" source location. */
#ifndef CEED_QFUNCTION
#define CEED_QFUNCTION(name)                                \
  static const char name##_loc[] = __FILE__ ":" #name; \
  CEED_QFUNCTION_ATTR static int name
#endif

#ifndef CEED_QFUNCTION_RUST
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
#define CEED_QFUNCTION_HELPER CEED_QFUNCTION_HELPER_ATTR static inline
#endif

#ifndef CEED_Q_VLA
#define CEED_Q_VLA Q
#endif

/* Loop vectorization hint placed before a for statement. */
#ifndef CeedPragmaSIMD
#if defined(__INTEL_COMPILER)
#define CeedPragmaSIMD _Pragma("vector")
#elif defined(__clang__)
#define CeedPragmaSIMD _Pragma("clang loop vectorize(enable)")
#elif defined(__GNUC__) && __GNUC__ >= 5 && !defined(__NVCC__)
#define CeedPragmaSIMD _Pragma("GCC ivdep")
#elif defined(_OPENMP) && _OPENMP >= 201307
#define CeedPragmaSIMD _Pragma("omp simd")
#else
#define CeedPragmaSIMD
#endif
#endif

/* Integer types. */
typedef int32_t CeedInt;
#define CeedInt_FMT "d"
typedef ptrdiff_t CeedSize;
#define CeedSize_FMT "td"
typedef signed char CeedInt8;
#define CeedInt8_FMT "d"

/* Scalar precision. */
typedef enum { CEED_SCALAR_FP32, CEED_SCALAR_FP64 } CeedScalarType;
/* Fused kernels of operators that compute in fp32 (docs/multiprecision.md) are compiled with
   CEED_JIT_SCALAR_FP32 defined, so that QFunction sources see CeedScalar as float unchanged. */
#if defined(CEED_JIT_SCALAR_FP32)
#include "ceed-f32.h"
#else
#include "ceed-f64.h"
#endif

typedef enum {
  CEED_ERROR_SUCCESS      = 0,
  CEED_ERROR_MINOR        = 1,
  CEED_ERROR_DIMENSION    = 2,
  CEED_ERROR_INCOMPLETE   = 3,
  CEED_ERROR_INCOMPATIBLE = 4,
  CEED_ERROR_ACCESS       = 5,
  CEED_ERROR_MAJOR        = -1,
  CEED_ERROR_BACKEND      = -2,
  CEED_ERROR_UNSUPPORTED  = -3,
} CeedErrorType;

typedef enum { CEED_MEM_HOST, CEED_MEM_DEVICE } CeedMemType;
typedef enum { CEED_COPY_VALUES, CEED_USE_POINTER, CEED_OWN_POINTER } CeedCopyMode;
typedef enum { CEED_NORM_1, CEED_NORM_2, CEED_NORM_MAX } CeedNormType;
typedef enum { CEED_NOTRANSPOSE, CEED_TRANSPOSE } CeedTransposeMode;
typedef enum {
  CEED_EVAL_NONE   = 0,
  CEED_EVAL_INTERP = 1,
  CEED_EVAL_GRAD   = 2,
  CEED_EVAL_DIV    = 4,
  CEED_EVAL_CURL   = 8,
  CEED_EVAL_WEIGHT = 16,
} CeedEvalMode;
typedef enum { CEED_GAUSS = 0, CEED_GAUSS_LOBATTO = 1 } CeedQuadMode;
typedef enum {
  CEED_TOPOLOGY_LINE     = 1 << 16 | 0,
  CEED_TOPOLOGY_TRIANGLE = 2 << 16 | 1,
  CEED_TOPOLOGY_QUAD     = 2 << 16 | 2,
  CEED_TOPOLOGY_TET      = 3 << 16 | 3,
  CEED_TOPOLOGY_PYRAMID  = 3 << 16 | 4,
  CEED_TOPOLOGY_PRISM    = 3 << 16 | 5,
  CEED_TOPOLOGY_HEX      = 3 << 16 | 6,
} CeedElemTopology;
typedef enum {
  CEED_CONTEXT_FIELD_DOUBLE = 1,
  CEED_CONTEXT_FIELD_INT32  = 2,
  CEED_CONTEXT_FIELD_BOOL   = 3,
} CeedContextFieldType;

#endif /* CEED_QFUNCTION_DEFS_H */
