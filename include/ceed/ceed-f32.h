/* Single precision CeedScalar (select by including this from types.h and rebuilding). */
#ifndef CEED_F32_H
#define CEED_F32_H

#define CEED_SCALAR_IS_FP32
#define CEED_SCALAR_TYPE CEED_SCALAR_FP32
typedef float CeedScalar;
#define CEED_EPSILON 6e-08

#endif /* CEED_F32_H */
