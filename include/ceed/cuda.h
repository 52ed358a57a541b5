/** \file
 * CUDA extension of the API: a QFunction may carry a kernel the application compiled itself.
 *
 * The kernel is called by /gpu/cuda/ref (and by /gpu/cuda/gen for operators it does not fuse) in place of
 * the kernel JIT-compiled from the QFunction's source file, with the arguments
 *   (void *ctx, CeedInt Q, struct { const CeedScalar *inputs[16]; CeedScalar *outputs[16]; } fields)
 * passed by value: ctx is the context data in device memory (NULL without a context), Q the number of points
 * and fields the device arrays of the QFunction's fields, in the order they were added, each holding
 * size * Q values with the point index running fastest. At least Q threads are launched, one-dimensional.
 * Backends that run no CUDA kernels ignore the function. */
#ifndef CEED_CUDA_H
#define CEED_CUDA_H

#include <ceed/ceed.h>

/* Applications including this header get the CUDA driver API types, as with libCEED, when the header is
 * on the include path; the declaration below does not need it (CUfunction is struct CUfunc_st *). */
#if defined(__has_include)
#if __has_include(<cuda.h>)
#include <cuda.h>
#endif
#endif

/* ---- QFunction kernels compiled by the application ------------------------------------------ */
struct CUfunc_st;
/** Gives qf a CUDA kernel compiled by the application, run in place of the one built from its source (calling
    convention above); backends without CUDA kernels ignore it. */
CEED_EXTERN int CeedQFunctionSetCUDAUserFunction(CeedQFunction qf, struct CUfunc_st *f);

#endif /* CEED_CUDA_H */
