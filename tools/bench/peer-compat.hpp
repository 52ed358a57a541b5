// ceed-bench built against another library with the libCEED API (CEED_BENCH_PEER, the ceed-bench-libceed
// target): the ceedrt-only multiprecision extension is compiled out. Its types and tables exist so that the
// sources stay one; the functions refuse everything but fp64 (main.cpp refuses the options before that).
#pragma once

#include <ceed.h>

#ifdef CEED_BENCH_PEER
typedef enum { CEED_PRECISION_FP64 = 0, CEED_PRECISION_FP32, CEED_PRECISION_LOW_HIGH, CEED_PRECISION_HIGH_LOW } CeedOperatorPrecision;
static const char *const CeedOperatorPrecisions[] = {"fp64", "fp32", "low-high", "high-low"};
static const char *const CeedScalarTypes[]        = {"fp32", "fp64"};

inline int CeedOperatorSetPrecision(CeedOperator, CeedOperatorPrecision precision) {
  return precision == CEED_PRECISION_FP64 ? CEED_ERROR_SUCCESS : CEED_ERROR_UNSUPPORTED;
}
inline int CeedVectorSetPreferredScalarType(CeedVector, CeedScalarType type) {
  return type == CEED_SCALAR_FP64 ? CEED_ERROR_SUCCESS : CEED_ERROR_UNSUPPORTED;
}
inline int CeedVectorGetArrayTyped(CeedVector, CeedMemType, CeedScalarType, void **) { return CEED_ERROR_UNSUPPORTED; }
inline int CeedVectorRestoreArrayTyped(CeedVector, void **) { return CEED_ERROR_UNSUPPORTED; }
#endif
