/* CUDA backend: parameter blocks passed by value to the reference kernels. Compiled by the host
   compiler (plugin) and by NVRTC (kernels) from this one file, so both sides agree on the layout:
   64-bit members first, then 32-bit ones, no implicit padding. */
#ifndef CEED_GPU_REF_PARAMS_H
#define CEED_GPU_REF_PARAMS_H

#include <ceed/types.h>

/* Largest block the reference kernels are launched with (their __launch_bounds__). */
#define CEED_GPU_REF_MAX_BLOCK 256

/* Restriction kinds the kernels distinguish (values of CeedRestrictionType in ceed/backend.h, which
   JIT units do not include). */
#define CEED_GPU_RESTRICTION_STRIDED 4
#define CEED_GPU_RESTRICTION_POINTS 5

/* How a restriction's coefficients are used (from its type and the apply's use_signs/use_orients). */
#define CEED_GPU_RSTR_PLAIN 0
#define CEED_GPU_RSTR_ORIENTED 1
#define CEED_GPU_RSTR_CURL 2
#define CEED_GPU_RSTR_CURL_UNSIGNED 3

/* Element restriction. E-vectors are [block][comp][node][lane] (lane = element within a block of
   block_size; block_size 1 is [elem][comp][node]); at-points E-vectors hold one [comp][point] segment
   per element. An apply covers blocks (elements at points) [first, last); E-vector index 0 is the
   first entry of block first. */
typedef struct {
  const CeedInt  *offsets;      /* core layout: [block][node][lane]; at points: starts then point lists */
  const bool     *orients;      /* oriented: like offsets */
  const CeedInt8 *curl_orients; /* curl-oriented: [block][3*node + {0,1,2}][lane] */
  CeedSize        comp_stride;
  CeedSize        strides[3];   /* strided: L-index of (node, comp, elem) */
  CeedInt         type;         /* CeedRestrictionType */
  CeedInt         mode;         /* CEED_GPU_RSTR_* */
  CeedInt         num_elem, elem_size, num_comp, block_size;
  CeedInt         first, last;
} CeedGpuRstrParams;

/* Basis. Nodal data index: elem*node_strides[0] + comp*node_strides[1] + node*node_strides[2];
   point data index: elem*point_strides[0] + (d*num_comp + comp)*point_strides[1] + q*point_strides[2]
   with d < q_comp (the derivative or vector component of the evaluation mode). */
typedef struct {
  const CeedScalar *interp_1d;   /* tensor: Q_1d x P_1d, row-major */
  const CeedScalar *grad_1d;     /* tensor: Q_1d x P_1d */
  const CeedScalar *q_weight_1d; /* tensor: Q_1d */
  const CeedScalar *mat;         /* non-tensor: the evaluation mode's [q_comp][Q][P] matrix */
  const CeedScalar *q_weight;    /* non-tensor: Q */
  CeedSize          node_strides[3];
  CeedSize          point_strides[3];
  CeedInt           dim, num_comp, P_1d, Q_1d, P, Q, q_comp;
  CeedInt           num_elem;
  CeedInt           transpose, add;
} CeedGpuBasisParams;

/* Shared memory of CeedGpuBasisTensor, in scalars: both 1-D matrices and three work arrays holding
   max(P_1d, Q_1d)^dim values. Used by the kernel and by the host to size the launch. */
#if defined(__CUDACC_RTC__) || defined(__HIPCC_RTC__)
#define CEED_GPU_HOST_DEVICE __host__ __device__
#else
#define CEED_GPU_HOST_DEVICE
#endif
inline CEED_GPU_HOST_DEVICE CeedInt CeedGpuBasisTensorSharedSize(CeedInt dim, CeedInt P_1d, CeedInt Q_1d) {
  const CeedInt m   = P_1d > Q_1d ? P_1d : Q_1d;
  CeedInt       vol = 1;
  for (CeedInt k = 0; k < dim; k++) vol *= m;
  return 2 * P_1d * Q_1d + 3 * vol;
}

/* QFunction arguments (CEED_FIELD_MAX = 16 fields each way). */
typedef struct {
  const CeedScalar *inputs[16];
  CeedScalar       *outputs[16];
} CeedGpuQFunctionFields;

#endif /* CEED_GPU_REF_PARAMS_H */
