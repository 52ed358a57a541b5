"""Binding to the C library: cffi in ABI mode, so installing the package compiles nothing.

The declarations below are the part of ceed.h the Python classes call, written in the subset of C
that cffi parses (no macros, explicit enum values). The library itself is never copied into the
package; it is found at import time, in this order:

1. CEEDRT_LIBRARY: the path of libceedrt.so itself;
2. CEEDRT_DIR: a CMake build folder or an install prefix (lib/, lib64/, lib/<multiarch>/ are tried);
3. pkg-config's libdir for the ceedrt package (an installed library);
4. the dynamic loader's own search (LD_LIBRARY_PATH, ld.so.cache).
"""

import os
import subprocess

from cffi import FFI

ffi = FFI()
ffi.cdef("""
/* The library's exported handles are const; cffi reads const globals only as integer constants, so they are
   declared as plain variables here (and only ever read). */
#define CEED_SCALAR_TYPE 1
typedef int32_t CeedInt;
typedef ptrdiff_t CeedSize;
typedef signed char CeedInt8;
typedef double CeedScalar;

typedef enum { CEED_SCALAR_FP32 = 0, CEED_SCALAR_FP64 = 1 } CeedScalarType;
typedef enum { CEED_MEM_HOST = 0, CEED_MEM_DEVICE = 1 } CeedMemType;
typedef enum { CEED_COPY_VALUES = 0, CEED_USE_POINTER = 1, CEED_OWN_POINTER = 2 } CeedCopyMode;
typedef enum { CEED_NORM_1 = 0, CEED_NORM_2 = 1, CEED_NORM_MAX = 2 } CeedNormType;
typedef enum { CEED_NOTRANSPOSE = 0, CEED_TRANSPOSE = 1 } CeedTransposeMode;
typedef enum { CEED_EVAL_NONE = 0, CEED_EVAL_INTERP = 1, CEED_EVAL_GRAD = 2, CEED_EVAL_DIV = 4,
               CEED_EVAL_CURL = 8, CEED_EVAL_WEIGHT = 16 } CeedEvalMode;
typedef enum { CEED_GAUSS = 0, CEED_GAUSS_LOBATTO = 1 } CeedQuadMode;
typedef enum { CEED_TOPOLOGY_LINE = 65536, CEED_TOPOLOGY_TRIANGLE = 131073, CEED_TOPOLOGY_QUAD = 131074,
               CEED_TOPOLOGY_TET = 196611, CEED_TOPOLOGY_PYRAMID = 196612, CEED_TOPOLOGY_PRISM = 196613,
               CEED_TOPOLOGY_HEX = 196614 } CeedElemTopology;
typedef enum { CEED_PRECISION_FP64 = 0, CEED_PRECISION_FP32 = 1, CEED_PRECISION_LOW_HIGH = 2,
               CEED_PRECISION_HIGH_LOW = 3 } CeedOperatorPrecision;

typedef struct Ceed_private *Ceed;
typedef struct CeedRequest_private *CeedRequest;
typedef struct CeedVector_private *CeedVector;
typedef struct CeedElemRestriction_private *CeedElemRestriction;
typedef struct CeedBasis_private *CeedBasis;
typedef struct CeedQFunction_private *CeedQFunction;
typedef struct CeedQFunctionContext_private *CeedQFunctionContext;
typedef struct CeedOperator_private *CeedOperator;
typedef int (*CeedErrorHandler)(Ceed, const char *, int, const char *, int, const char *, void *);
typedef int (*CeedQFunctionUser)(void *ctx, const CeedInt Q, const CeedScalar *const *in, CeedScalar *const *out);

extern CeedRequest *CEED_REQUEST_IMMEDIATE;
extern CeedRequest *CEED_REQUEST_ORDERED;
extern CeedVector CEED_VECTOR_ACTIVE;
extern CeedVector CEED_VECTOR_NONE;
extern CeedElemRestriction CEED_ELEMRESTRICTION_NONE;
extern CeedBasis CEED_BASIS_NONE;
extern CeedQFunction CEED_QFUNCTION_NONE;

int CeedInit(const char *resource, Ceed *ceed);
int CeedDestroy(Ceed *ceed);
int CeedGetResource(Ceed ceed, const char **resource);
int CeedGetPreferredMemType(Ceed ceed, CeedMemType *type);
int CeedIsDeterministic(Ceed ceed, bool *is_deterministic);
int CeedGetScalarType(CeedScalarType *scalar_type);
int CeedGetVersion(int *major, int *minor, int *patch, bool *release);
int CeedSetErrorHandler(Ceed ceed, CeedErrorHandler handler);
int CeedGetErrorMessage(Ceed ceed, const char **err_msg);
int CeedResetErrorMessage(Ceed ceed, const char **err_msg);
int CeedErrorStore(Ceed, const char *, int, const char *, int, const char *, void *);
int CeedErrorAbort(Ceed, const char *, int, const char *, int, const char *, void *);
int CeedView(Ceed ceed, FILE *stream);
int CeedGetHostDeviceBytes(CeedSize *host_to_device, CeedSize *device_to_host);
int CeedGaussQuadrature(CeedInt Q, CeedScalar *q_ref_1d, CeedScalar *q_weight_1d);
int CeedLobattoQuadrature(CeedInt Q, CeedScalar *q_ref_1d, CeedScalar *q_weight_1d);

int CeedVectorCreate(Ceed ceed, CeedSize len, CeedVector *vec);
int CeedVectorDestroy(CeedVector *vec);
int CeedVectorSetArray(CeedVector vec, CeedMemType mem_type, CeedCopyMode copy_mode, CeedScalar *array);
int CeedVectorSetValue(CeedVector vec, CeedScalar value);
int CeedVectorCopy(CeedVector vec, CeedVector vec_copy);
int CeedVectorSyncArray(CeedVector vec, CeedMemType mem_type);
int CeedVectorTakeArray(CeedVector vec, CeedMemType mem_type, CeedScalar **array);
int CeedVectorGetArray(CeedVector vec, CeedMemType mem_type, CeedScalar **array);
int CeedVectorGetArrayRead(CeedVector vec, CeedMemType mem_type, const CeedScalar **array);
int CeedVectorGetArrayWrite(CeedVector vec, CeedMemType mem_type, CeedScalar **array);
int CeedVectorRestoreArray(CeedVector vec, CeedScalar **array);
int CeedVectorRestoreArrayRead(CeedVector vec, const CeedScalar **array);
int CeedVectorNorm(CeedVector vec, CeedNormType type, CeedScalar *norm);
int CeedVectorScale(CeedVector x, CeedScalar alpha);
int CeedVectorAXPY(CeedVector y, CeedScalar alpha, CeedVector x);
int CeedVectorAXPBY(CeedVector y, CeedScalar alpha, CeedScalar beta, CeedVector x);
int CeedVectorDot(CeedVector x, CeedVector y, CeedScalar *result);
int CeedVectorPointwiseMult(CeedVector w, CeedVector x, CeedVector y);
int CeedVectorReciprocal(CeedVector vec);
int CeedVectorGetLength(CeedVector vec, CeedSize *length);
int CeedVectorView(CeedVector vec, const char *fp_fmt, FILE *stream);
int CeedVectorGetArrayReadTyped(CeedVector vec, CeedMemType mem_type, CeedScalarType scalar_type, const void **array);
int CeedVectorRestoreArrayReadTyped(CeedVector vec, const void **array);
int CeedVectorSetArrayTyped(CeedVector vec, CeedMemType mem_type, CeedScalarType scalar_type, CeedCopyMode copy_mode, void *array);

int CeedElemRestrictionCreate(Ceed ceed, CeedInt num_elem, CeedInt elem_size, CeedInt num_comp, CeedInt comp_stride,
    CeedSize l_size, CeedMemType mem_type, CeedCopyMode copy_mode, const CeedInt *offsets, CeedElemRestriction *rstr);
int CeedElemRestrictionCreateOriented(Ceed ceed, CeedInt num_elem, CeedInt elem_size, CeedInt num_comp,
    CeedInt comp_stride, CeedSize l_size, CeedMemType mem_type, CeedCopyMode copy_mode, const CeedInt *offsets,
    const bool *orients, CeedElemRestriction *rstr);
int CeedElemRestrictionCreateCurlOriented(Ceed ceed, CeedInt num_elem, CeedInt elem_size, CeedInt num_comp,
    CeedInt comp_stride, CeedSize l_size, CeedMemType mem_type, CeedCopyMode copy_mode, const CeedInt *offsets,
    const CeedInt8 *curl_orients, CeedElemRestriction *rstr);
int CeedElemRestrictionCreateStrided(Ceed ceed, CeedInt num_elem, CeedInt elem_size, CeedInt num_comp,
    CeedSize l_size, const CeedInt strides[3], CeedElemRestriction *rstr);
int CeedElemRestrictionCreateBlocked(Ceed ceed, CeedInt num_elem, CeedInt elem_size, CeedInt block_size,
    CeedInt num_comp, CeedInt comp_stride, CeedSize l_size, CeedMemType mem_type, CeedCopyMode copy_mode,
    const CeedInt *offsets, CeedElemRestriction *rstr);
int CeedElemRestrictionCreateBlockedOriented(Ceed ceed, CeedInt num_elem, CeedInt elem_size, CeedInt block_size,
    CeedInt num_comp, CeedInt comp_stride, CeedSize l_size, CeedMemType mem_type, CeedCopyMode copy_mode,
    const CeedInt *offsets, const bool *orients, CeedElemRestriction *rstr);
int CeedElemRestrictionCreateBlockedCurlOriented(Ceed ceed, CeedInt num_elem, CeedInt elem_size, CeedInt block_size,
    CeedInt num_comp, CeedInt comp_stride, CeedSize l_size, CeedMemType mem_type, CeedCopyMode copy_mode,
    const CeedInt *offsets, const CeedInt8 *curl_orients, CeedElemRestriction *rstr);
int CeedElemRestrictionCreateBlockedStrided(Ceed ceed, CeedInt num_elem, CeedInt elem_size, CeedInt block_size,
    CeedInt num_comp, CeedSize l_size, const CeedInt strides[3], CeedElemRestriction *rstr);
int CeedElemRestrictionDestroy(CeedElemRestriction *rstr);
int CeedElemRestrictionCreateVector(CeedElemRestriction rstr, CeedVector *lvec, CeedVector *evec);
int CeedElemRestrictionApply(CeedElemRestriction rstr, CeedTransposeMode t_mode, CeedVector u, CeedVector ru,
    CeedRequest *request);
int CeedElemRestrictionApplyBlock(CeedElemRestriction rstr, CeedInt block, CeedTransposeMode t_mode, CeedVector u,
    CeedVector ru, CeedRequest *request);
int CeedElemRestrictionGetMultiplicity(CeedElemRestriction rstr, CeedVector mult);
int CeedElemRestrictionGetNumElements(CeedElemRestriction rstr, CeedInt *num_elem);
int CeedElemRestrictionGetElementSize(CeedElemRestriction rstr, CeedInt *elem_size);
int CeedElemRestrictionGetLVectorSize(CeedElemRestriction rstr, CeedSize *l_size);
int CeedElemRestrictionGetEVectorSize(CeedElemRestriction rstr, CeedSize *e_size);
int CeedElemRestrictionGetNumComponents(CeedElemRestriction rstr, CeedInt *num_comp);
int CeedElemRestrictionGetNumBlocks(CeedElemRestriction rstr, CeedInt *num_block);
int CeedElemRestrictionGetBlockSize(CeedElemRestriction rstr, CeedInt *block_size);
int CeedElemRestrictionView(CeedElemRestriction rstr, FILE *stream);
int CeedElemRestrictionGetELayout(CeedElemRestriction rstr, CeedInt layout[3]);
int CeedElemRestrictionGetLLayout(CeedElemRestriction rstr, CeedInt layout[3]);

int CeedBasisCreateTensorH1Lagrange(Ceed ceed, CeedInt dim, CeedInt num_comp, CeedInt P, CeedInt Q,
    CeedQuadMode quad_mode, CeedBasis *basis);
int CeedBasisCreateTensorH1(Ceed ceed, CeedInt dim, CeedInt num_comp, CeedInt P_1d, CeedInt Q_1d,
    const CeedScalar *interp_1d, const CeedScalar *grad_1d, const CeedScalar *q_ref_1d, const CeedScalar *q_weight_1d,
    CeedBasis *basis);
int CeedBasisCreateH1(Ceed ceed, CeedElemTopology topo, CeedInt num_comp, CeedInt num_nodes, CeedInt nqpts,
    const CeedScalar *interp, const CeedScalar *grad, const CeedScalar *q_ref, const CeedScalar *q_weights,
    CeedBasis *basis);
int CeedBasisCreateHdiv(Ceed ceed, CeedElemTopology topo, CeedInt num_comp, CeedInt num_nodes, CeedInt nqpts,
    const CeedScalar *interp, const CeedScalar *div, const CeedScalar *q_ref, const CeedScalar *q_weights,
    CeedBasis *basis);
int CeedBasisCreateHcurl(Ceed ceed, CeedElemTopology topo, CeedInt num_comp, CeedInt num_nodes, CeedInt nqpts,
    const CeedScalar *interp, const CeedScalar *curl, const CeedScalar *q_ref, const CeedScalar *q_weights,
    CeedBasis *basis);
int CeedBasisDestroy(CeedBasis *basis);
int CeedBasisApply(CeedBasis basis, CeedInt num_elem, CeedTransposeMode t_mode, CeedEvalMode eval_mode,
    CeedVector u, CeedVector v);
int CeedBasisGetDimension(CeedBasis basis, CeedInt *dim);
int CeedBasisGetNumComponents(CeedBasis basis, CeedInt *num_comp);
int CeedBasisGetNumNodes(CeedBasis basis, CeedInt *P);
int CeedBasisGetNumNodes1D(CeedBasis basis, CeedInt *P_1d);
int CeedBasisGetNumQuadraturePoints(CeedBasis basis, CeedInt *Q);
int CeedBasisGetNumQuadraturePoints1D(CeedBasis basis, CeedInt *Q_1d);
int CeedBasisGetQRef(CeedBasis basis, const CeedScalar **q_ref);
int CeedBasisGetQWeights(CeedBasis basis, const CeedScalar **q_weights);
int CeedBasisGetInterp1D(CeedBasis basis, const CeedScalar **interp_1d);
int CeedBasisGetGrad1D(CeedBasis basis, const CeedScalar **grad_1d);
int CeedBasisView(CeedBasis basis, FILE *stream);

int CeedQFunctionCreateInterior(Ceed ceed, CeedInt vec_length, CeedQFunctionUser f, const char *source,
    CeedQFunction *qf);
int CeedQFunctionCreateInteriorByName(Ceed ceed, const char *name, CeedQFunction *qf);
int CeedQFunctionCreateIdentity(Ceed ceed, CeedInt size, CeedEvalMode in_mode, CeedEvalMode out_mode,
    CeedQFunction *qf);
int CeedQFunctionAddInput(CeedQFunction qf, const char *field_name, CeedInt size, CeedEvalMode eval_mode);
int CeedQFunctionAddOutput(CeedQFunction qf, const char *field_name, CeedInt size, CeedEvalMode eval_mode);
int CeedQFunctionSetContext(CeedQFunction qf, CeedQFunctionContext ctx);
typedef struct CeedQFunctionField_private *CeedQFunctionField;
typedef struct CeedOperatorField_private *CeedOperatorField;
int CeedQFunctionGetFields(CeedQFunction qf, CeedInt *num_input_fields, CeedQFunctionField **input_fields,
    CeedInt *num_output_fields, CeedQFunctionField **output_fields);
int CeedOperatorGetFields(CeedOperator op, CeedInt *num_input_fields, CeedOperatorField **input_fields,
    CeedInt *num_output_fields, CeedOperatorField **output_fields);
int CeedOperatorFieldGetBasis(CeedOperatorField op_field, CeedBasis *basis);
int CeedOperatorFieldGetVector(CeedOperatorField op_field, CeedVector *vec);
int CeedQFunctionApply(CeedQFunction qf, CeedInt Q, CeedVector *u, CeedVector *v);
int CeedQFunctionView(CeedQFunction qf, FILE *stream);
int CeedQFunctionDestroy(CeedQFunction *qf);
int CeedQFunctionContextCreate(Ceed ceed, CeedQFunctionContext *ctx);
int CeedQFunctionContextSetData(CeedQFunctionContext ctx, CeedMemType mem_type, CeedCopyMode copy_mode, size_t size,
    void *data);
int CeedQFunctionContextGetData(CeedQFunctionContext ctx, CeedMemType mem_type, void *data);
int CeedQFunctionContextGetDataRead(CeedQFunctionContext ctx, CeedMemType mem_type, void *data);
int CeedQFunctionContextRestoreData(CeedQFunctionContext ctx, void *data);
int CeedQFunctionContextRestoreDataRead(CeedQFunctionContext ctx, void *data);
int CeedQFunctionContextTakeData(CeedQFunctionContext ctx, CeedMemType mem_type, void *data);
int CeedQFunctionContextGetContextSize(CeedQFunctionContext ctx, size_t *ctx_size);
int CeedQFunctionContextView(CeedQFunctionContext ctx, FILE *stream);
int CeedQFunctionContextDestroy(CeedQFunctionContext *ctx);

int CeedOperatorCreate(Ceed ceed, CeedQFunction qf, CeedQFunction dqf, CeedQFunction dqfT, CeedOperator *op);
int CeedOperatorCreateComposite(Ceed ceed, CeedOperator *op);
int CeedOperatorSetField(CeedOperator op, const char *field_name, CeedElemRestriction rstr, CeedBasis basis,
    CeedVector vec);
int CeedOperatorCompositeAddSub(CeedOperator composite_op, CeedOperator sub_op);
int CeedOperatorCheckReady(CeedOperator op);
int CeedOperatorApply(CeedOperator op, CeedVector in, CeedVector out, CeedRequest *request);
int CeedOperatorApplyAdd(CeedOperator op, CeedVector in, CeedVector out, CeedRequest *request);
int CeedOperatorLinearAssembleDiagonal(CeedOperator op, CeedVector assembled, CeedRequest *request);
int CeedOperatorLinearAssembleAddDiagonal(CeedOperator op, CeedVector assembled, CeedRequest *request);
int CeedOperatorLinearAssemblePointBlockDiagonal(CeedOperator op, CeedVector assembled, CeedRequest *request);
int CeedOperatorLinearAssembleAddPointBlockDiagonal(CeedOperator op, CeedVector assembled, CeedRequest *request);
int CeedOperatorMultigridLevelCreate(CeedOperator op_fine, CeedVector p_mult_fine, CeedElemRestriction rstr_coarse,
    CeedBasis basis_coarse, CeedOperator *op_coarse, CeedOperator *op_prolong, CeedOperator *op_restrict);
int CeedOperatorMultigridLevelCreateTensorH1(CeedOperator op_fine, CeedVector p_mult_fine,
    CeedElemRestriction rstr_coarse, CeedBasis basis_coarse, const CeedScalar *interp_c_to_f,
    CeedOperator *op_coarse, CeedOperator *op_prolong, CeedOperator *op_restrict);
int CeedOperatorMultigridLevelCreateH1(CeedOperator op_fine, CeedVector p_mult_fine,
    CeedElemRestriction rstr_coarse, CeedBasis basis_coarse, const CeedScalar *interp_c_to_f,
    CeedOperator *op_coarse, CeedOperator *op_prolong, CeedOperator *op_restrict);
int CeedOperatorSetName(CeedOperator op, const char *name);
int CeedOperatorView(CeedOperator op, FILE *stream);
int CeedOperatorSetPrecision(CeedOperator op, CeedOperatorPrecision precision);
int CeedOperatorGetPrecision(CeedOperator op, CeedOperatorPrecision *precision);
int CeedOperatorDestroy(CeedOperator *op);
""")

_MULTIARCH_DIRS = ("lib", "lib64", "lib/x86_64-linux-gnu", "lib/aarch64-linux-gnu", "")


def _pkg_config_libdir():
    try:
        out = subprocess.run(["pkg-config", "--variable=libdir", "ceedrt"], capture_output=True, text=True,
                             timeout=10, check=False)
    except (OSError, subprocess.SubprocessError):
        return None
    return out.stdout.strip() if out.returncode == 0 and out.stdout.strip() else None


def library_candidates():
    """Paths tried, in order, to load libceedrt (the last one is left to the dynamic loader)."""
    candidates = []
    explicit = os.environ.get("CEEDRT_LIBRARY")
    if explicit:
        candidates.append(explicit)
    prefix = os.environ.get("CEEDRT_DIR")
    if prefix:
        candidates += [os.path.join(prefix, sub, "libceedrt.so") for sub in _MULTIARCH_DIRS]
    libdir = _pkg_config_libdir()
    if libdir:
        candidates.append(os.path.join(libdir, "libceedrt.so"))
    candidates.append("libceedrt.so")
    return candidates


def _load():
    tried = []
    for path in library_candidates():
        # A path that names a missing file is skipped; the bare name is left to the loader's search.
        if os.sep in path and not os.path.exists(path):
            tried.append(path + " (no such file)")
            continue
        try:
            return ffi.dlopen(path), path
        except OSError as err:
            tried.append("%s (%s)" % (path, err))
    raise ImportError("ceedrt: cannot load libceedrt.so; set CEEDRT_LIBRARY to the library or CEEDRT_DIR to the "
                      "build folder or install prefix. Tried: " + "; ".join(tried))


lib, library_path = _load()
