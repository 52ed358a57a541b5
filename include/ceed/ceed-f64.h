/* Double precision CeedScalar (the default). */
#ifndef CEED_F64_H
#define CEED_F64_H

#define CEED_SCALAR_IS_FP64
#define CEED_SCALAR_TYPE CEED_SCALAR_FP64
typedef double CeedScalar;
#define CEED_EPSILON 1e-16

#endif /* CEED_F64_H */
