/* Arguments of a fused operator kernel written by the shared generator (backends/gen-common): the
   contract between a gen backend's host code, which fills this struct, and the kernel, which reads it.
   Included by the host code of gen backends and inlined into every generated translation unit, so it
   must stay valid C++ for host compilers, NVRTC and hipRTC (types come from ceed/types.h). */
#ifndef CEED_GEN_ARGS_H
#define CEED_GEN_ARGS_H

#define CEED_GEN_MAX_FIELDS 16

/* A QFunction called through a pointer when its source cannot be compiled into the kernel. */
typedef int (*CeedGenQFunctionUser)(void *ctx, const CeedInt Q, const CeedScalar *const *in, CeedScalar *const *out);

/* Per operator field. Which members a kernel reads depends on the field's restriction and basis. */
typedef struct {
  const CeedInt    *indices;     /* offset restrictions; layout chosen by the dialect (cpu: [batch][node][lane]) */
  const bool       *orients;     /* oriented restrictions: true negates; same layout as indices */
  CeedSize          comp_stride; /* offset restrictions */
  const CeedScalar *interp;      /* tensor: interp_1d [Q_1d][P_1d]; otherwise interp [Q][P] */
  const CeedScalar *grad;        /* tensor: grad_1d [Q_1d][P_1d], or the collocated derivative [Q_1d][Q_1d] when
                                    the kernel differentiates at the quadrature points; otherwise grad [dim][Q][P] */
  const CeedScalar *interp_even_odd, *grad_even_odd; /* tensor bases on symmetric points: interp and grad split into
                                                          even and odd parts (layout in the dialect's basis header) */
  const CeedScalar *weights;     /* CEED_EVAL_WEIGHT: the Q weights of an element (tensor products expanded) */
  const CeedScalar *interleaved; /* inputs the host keeps in the dialect's element-array layout (cpu: [batch][comp][node][lane]) */
} CeedGenFieldArgs;

typedef struct {
  CeedInt              num_elem;
  void                *qf_context; /* QFunction context data (NULL without context) */
  CeedGenQFunctionUser qf_user;    /* used only by kernels that call the QFunction through a pointer */
  CeedScalar          *scratch;    /* per-kernel work memory, as many bytes as the generator asked for */
  const CeedScalar    *input_vectors[CEED_GEN_MAX_FIELDS];  /* L-vector of each input field (NULL for WEIGHT) */
  CeedScalar          *output_vectors[CEED_GEN_MAX_FIELDS]; /* L-vector of each output field, summed into */
  CeedGenFieldArgs     inputs[CEED_GEN_MAX_FIELDS];
  CeedGenFieldArgs     outputs[CEED_GEN_MAX_FIELDS];
  const CeedInt       *batches;     /* cpu: the element batches of this call, in order; NULL: all of them */
  CeedInt              num_batches; /* cpu: entries of batches */
} CeedGenArgs;

/* Every generated kernel is an extern "C" function with this name and type (cpu dialect); it returns 0 or
   the first non-zero code returned by the QFunction. */
#define CEED_GEN_KERNEL_NAME "CeedGenOperatorKernel"
typedef int (*CeedGenKernel)(const CeedGenArgs *args);

#endif /* CEED_GEN_ARGS_H */
