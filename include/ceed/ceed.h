/** \file
    ceedrt's public C API, source-compatible with libCEED's ceed/ceed.h (version 0.12, development).

    Rules every function here follows (docs/spec/ gives the contract object by object):
    - Return value: CEED_ERROR_SUCCESS (0), or an error code (CeedErrorType) raised through the error handler of
      the Ceed involved, with a message naming the object and the offending value. Bad input never crashes: NULL
      handles and output pointers, sizes out of range and wrong object kinds are reported as errors.
    - Ownership: a Create function gives the caller a reference it releases with the kind's Destroy function
      (which sets the handle to NULL and accepts NULL). A Get function returning an object handle (a Ceed,
      vector, restriction, basis or context) gives a new reference the caller destroys; one returning a string,
      a field, a label, an array of fields or a matrix lends it: valid while the owning object lives.
      ReferenceCopy makes a second handle to the same object. Objects keep references to what they are built
      from, so a caller may destroy its handles in any order.
    - Arrays handed in with CEED_COPY_VALUES are copied, with CEED_USE_POINTER borrowed (the caller keeps them
      alive and must not free them early), with CEED_OWN_POINTER owned and freed by the library. */
#ifndef CEED_H_PUBLIC
#define CEED_H_PUBLIC

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>

#include "types.h"

#ifndef CEED_SKIP_VISIBILITY
/** Symbol visibility attribute of exported declarations. */
#define CEED_VISIBILITY(mode) __attribute__((visibility(#mode)))
#else
#define CEED_VISIBILITY(mode)
#endif

/// \cond CEED_INTERNAL
#if defined(__clang_analyzer__)
#define CEED_EXTERN extern
#elif defined(__cplusplus)
#define CEED_EXTERN extern "C" CEED_VISIBILITY(default)
#else
#define CEED_EXTERN extern CEED_VISIBILITY(default)
#endif
/// \endcond

/** Major version of the libCEED API this library is compatible with. */
#define CEED_VERSION_MAJOR 0
/** Minor version of the compatible libCEED API. */
#define CEED_VERSION_MINOR 12
/** Patch version of the compatible libCEED API. */
#define CEED_VERSION_PATCH 0
/** False: the compatible libCEED API is a development version. */
#define CEED_VERSION_RELEASE false

/** True when the compatible API version is at least major.minor.patch (always true for a development version). */
#define CEED_VERSION_GE(major, minor, patch)                                                                  \
  (!CEED_VERSION_RELEASE ||                                                                                   \
   (CEED_VERSION_MAJOR > major ||                                                                             \
    (CEED_VERSION_MAJOR == major &&                                                                           \
     (CEED_VERSION_MINOR > minor || (CEED_VERSION_MINOR == minor && CEED_VERSION_PATCH >= patch)))))

/* Opaque handles. */
/** Library context: the resource string, the backend serving it, the error handler and settings every object
    created from it shares. */
typedef struct Ceed_private                  *Ceed;
/** Handle of an asynchronous request; every backend here completes work before returning, so requests are always
    complete. */
typedef struct CeedRequest_private           *CeedRequest;
/** Array of CeedScalar values that may live in host and device memory at once (L-, E- and Q-vectors). */
typedef struct CeedVector_private            *CeedVector;
/** Map between an L-vector (global degrees of freedom) and an E-vector (element-local values). */
typedef struct CeedElemRestriction_private   *CeedElemRestriction;
/** Element basis evaluating values, gradients, divergence or curl at quadrature points. */
typedef struct CeedBasis_private             *CeedBasis;
/** One named input or output field of a QFunction; borrowed from its QFunction. */
typedef struct CeedQFunctionField_private    *CeedQFunctionField;
/** Pointwise function applied at every quadrature point, with its declared input and output fields. */
typedef struct CeedQFunction_private         *CeedQFunction;
/** One field of an operator (restriction, basis, vector); borrowed from its operator. */
typedef struct CeedOperatorField_private     *CeedOperatorField;
/** User data passed to a QFunction, with optionally registered named fields. */
typedef struct CeedQFunctionContext_private  *CeedQFunctionContext;
/** Named, typed field of a QFunction context; borrowed from the context or operator that returned it. */
typedef struct CeedContextFieldLabel_private *CeedContextFieldLabel;
/** Finite element operator: restriction, basis and QFunction per field, or a sum of sub-operators (composite). */
typedef struct CeedOperator_private          *CeedOperator;
/** Generic handle: any of the object handles above cast to it, for the functions shared by all kinds. */
typedef struct CeedObject_private            *CeedObject;

/** Error handler called by CeedErrorImpl(); its return value is what the failing function returns. */
typedef int (*CeedErrorHandler)(Ceed, const char *, int, const char *, int, const char *, va_list *);
/** User QFunction: reads Q points of each input array in `in`, writes each output array in `out`; returns 0 on
    success. */
typedef int (*CeedQFunctionUser)(void *ctx, const CeedInt Q, const CeedScalar *const *in, CeedScalar *const *out);
/** Frees user context data that a context owns; called when the last reference to the context goes. */
typedef int (*CeedQFunctionContextDataDestroyUser)(void *data);

/* Exported constants. */
/** Request argument asking for the work to be done before the call returns. */
CEED_EXTERN CeedRequest *const CEED_REQUEST_IMMEDIATE;
/** Request argument asking for the work to be ordered after previously ordered work. */
CEED_EXTERN CeedRequest *const CEED_REQUEST_ORDERED;
/** Operator field vector marking the field active: the vector comes from the Apply call. */
CEED_EXTERN const CeedVector CEED_VECTOR_ACTIVE;
/** Operator field vector meaning the field reads no vector (weights, for instance). */
CEED_EXTERN const CeedVector CEED_VECTOR_NONE;
/** Operator field restriction meaning the field has no restriction (weights at quadrature points). */
CEED_EXTERN const CeedElemRestriction CEED_ELEMRESTRICTION_NONE;
/** Operator field basis meaning values are used as they are at the points (CEED_EVAL_NONE). */
CEED_EXTERN const CeedBasis CEED_BASIS_NONE;
/** QFunction argument meaning "no QFunction" (the unused Jacobian QFunctions of CeedOperatorCreate()). */
CEED_EXTERN const CeedQFunction CEED_QFUNCTION_NONE;
/** Strides argument letting the backend choose the layout of a strided restriction. */
CEED_EXTERN const CeedInt CEED_STRIDES_BACKEND[3];

/* Name tables, indexed by enum value. */
/** Names of the CeedErrorType values, indexed by the error code (negative codes included). */
CEED_EXTERN const char *const *CeedErrorTypes;
/** Names of the CeedMemType values, indexed by value. */
CEED_EXTERN const char *const CeedMemTypes[];
/** Names of the CeedCopyMode values, indexed by value. */
CEED_EXTERN const char *const CeedCopyModes[];
/** Names of the CeedTransposeMode values, indexed by value. */
CEED_EXTERN const char *const CeedTransposeModes[];
/** Names of the CeedEvalMode values, indexed by bit position. */
CEED_EXTERN const char *const CeedEvalModes[];
/** Names of the CeedQuadMode values, indexed by value. */
CEED_EXTERN const char *const CeedQuadModes[];
/** Names of the CeedElemTopology values, indexed by the topology's low 16 bits. */
CEED_EXTERN const char *const CeedElemTopologies[];
/** Names of the CeedContextFieldType values, indexed by value. */
CEED_EXTERN const char *const CeedContextFieldTypes[];

/** Raises error ecode with a printf-style message through the handler of ceed; evaluates to ecode. */
#define CeedError(ceed, ecode, ...) (CeedErrorImpl((ceed), __FILE__, __LINE__, __func__, (ecode), __VA_ARGS__), (ecode))

/** Returns base raised to a non-negative integer power. */
static inline CeedInt CeedIntPow(CeedInt base, CeedInt power) {
  CeedInt result = 1;
  while (power) {
    if (power & 1) result *= base;
    power >>= 1;
    base *= base;
  }
  return result;
}
/** Returns the smaller of two integers. */
static inline CeedInt CeedIntMin(CeedInt a, CeedInt b) { return a < b ? a : b; }
/** Returns the larger of two integers. */
static inline CeedInt CeedIntMax(CeedInt a, CeedInt b) { return a > b ? a : b; }

/* Library context, errors, versions, objects */
/** Creates a library context for a resource ("/cpu/self", "/gpu/cuda/gen", ...) into *ceed; the caller owns it and
    destroys it with CeedDestroy(). A resource no registered backend serves is an error naming the resource. */
CEED_EXTERN int CeedInit(const char *resource, Ceed *ceed);
/** Makes *ceed_copy another reference to ceed, destroying what *ceed_copy referenced before. */
CEED_EXTERN int CeedReferenceCopy(Ceed ceed, Ceed *ceed_copy);
/** Drops one reference to *ceed and sets *ceed to NULL; the context is freed when its last reference (objects
    included) goes. NULL is accepted. */
CEED_EXTERN int CeedDestroy(Ceed *ceed);
/** Returns the resource string of ceed in *resource; borrowed, valid while ceed lives. */
CEED_EXTERN int CeedGetResource(Ceed ceed, const char **resource);
/** Returns the memory type the backend of ceed works in (host for CPU backends, device for GPU ones). */
CEED_EXTERN int CeedGetPreferredMemType(Ceed ceed, CeedMemType *type);
/** Reports whether the backend of ceed gives bit-identical results from run to run. */
CEED_EXTERN int CeedIsDeterministic(Ceed ceed, bool *is_deterministic);
/** Sets the GPU stream (a cudaStream_t or hipStream_t) ceed's work is issued on; an error on CPU backends. */
CEED_EXTERN int CeedSetStream(Ceed ceed, void *handle);
/** Adds a folder searched for QFunction source includes when kernels are compiled; the string is copied. */
CEED_EXTERN int CeedAddJitSourceRoot(Ceed ceed, const char *jit_source_root);
/** Adds a folder of Rust QFunction sources (copied) and sets the clang flag (CeedSetIsClang()); this build compiles
    no Rust. */
CEED_EXTERN int CeedAddRustSourceRoot(Ceed ceed, const char *rust_source_root);
/** Adds a preprocessor definition ("NAME" or "NAME=VALUE") to every kernel compiled for ceed; the string is copied. */
CEED_EXTERN int CeedAddJitDefine(Ceed ceed, const char *jit_define);
/** Sets the indentation, in tabs, of what CeedView() prints; negative counts are an error. */
CEED_EXTERN int CeedSetNumViewTabs(Ceed ceed, CeedInt num_tabs);
/** Returns the indentation, in tabs, that views of ceed use. */
CEED_EXTERN int CeedGetNumViewTabs(Ceed ceed, CeedInt *num_tabs);
/** Prints the resource and preferred memory type of ceed to stream. */
CEED_EXTERN int CeedView(Ceed ceed, FILE *stream);
/** Lists the available backends: *n prefixes in *resources and, when array is not NULL, their priorities in *array.
    The caller frees the two arrays with free(); the strings are lent by the registry. */
CEED_EXTERN int CeedRegistryGetList(size_t *n, char ***const resources, CeedInt **array);
/** Registers every backend plugin found; called by CeedInit(), safe to call again. */
CEED_EXTERN int CeedRegisterAll(void);
/** Registers the gallery QFunctions; called by CeedInit(), safe to call again. */
CEED_EXTERN int CeedQFunctionRegisterAll(void);
/** Waits for a request. Work always completes before the call that issued it returns, which sets the request to
    NULL: a NULL request succeeds at once; any other is an error (CEED_ERROR_UNSUPPORTED). */
CEED_EXTERN int CeedRequestWait(CeedRequest *req);
/** Records whether GPU kernels are to be compiled with clang instead of the vendor's runtime compiler (kept for
    libCEED compatibility). */
CEED_EXTERN int CeedSetIsClang(Ceed ceed, bool isClang);
/** Returns what CeedSetIsClang() recorded. */
CEED_EXTERN int CeedGetIsClang(Ceed ceed, bool *isClang);
/** Returns the scalar type CeedScalar is compiled as (CEED_SCALAR_FP64 unless built for fp32). */
CEED_EXTERN int CeedGetScalarType(CeedScalarType *scalar_type);
/** Returns the libCEED API version this library is compatible with; NULL arguments are skipped. */
CEED_EXTERN int CeedGetVersion(int *major, int *minor, int *patch, bool *release);
/** Returns the source revision the library was built from; a static string. */
CEED_EXTERN int CeedGetGitVersion(const char **git_version);
/** Returns a description of the build (compiler, flags, backends); a static string. */
CEED_EXTERN int CeedGetBuildConfiguration(const char **build_config);
/** Reports an error of ceed through its handler (called by the CeedError() macro); returns what the handler
    returns. */
CEED_EXTERN int CeedErrorImpl(Ceed ceed, const char *filename, int lineno, const char *func, int ecode, const char *format, ...);
/** Sets the function called on every error of ceed and of the objects created from it. A new context gets the
    handler named by the environment variable CEED_ERROR_HANDLER (exit, store, return), else CeedErrorAbort(). */
CEED_EXTERN int CeedSetErrorHandler(Ceed ceed, CeedErrorHandler handler);
/** Returns the message of the last error of ceed stored by CeedErrorStore(); borrowed, valid until the next error
    or reset. */
CEED_EXTERN int CeedGetErrorMessage(Ceed ceed, const char **err_msg);
/** Clears the stored error message of ceed and sets *err_msg to NULL. */
CEED_EXTERN int CeedResetErrorMessage(Ceed ceed, const char **err_msg);
/** Error handler that returns the error code to the caller without storing or printing the message. */
CEED_EXTERN int CeedErrorReturn(Ceed ceed, const char *filename, int line_no, const char *func, int err_code, const char *format, va_list *args);
/** Error handler that stores the message (read it with CeedGetErrorMessage()) and returns the error code. */
CEED_EXTERN int CeedErrorStore(Ceed ceed, const char *filename, int line_no, const char *func, int err_code, const char *format, va_list *args);
/** Error handler that prints the message to stderr and aborts the process. */
CEED_EXTERN int CeedErrorAbort(Ceed ceed, const char *filename, int line_no, const char *func, int err_code, const char *format, va_list *args);
/** Error handler that prints the message to stderr and exits the process with the error code. */
CEED_EXTERN int CeedErrorExit(Ceed ceed, const char *filename, int line_no, const char *func, int err_code, const char *format, va_list *args);
/** Prints any object through the view function of its kind. */
CEED_EXTERN int CeedObjectView(CeedObject obj, FILE *stream);
/** Sets the indentation, in tabs, of views of any object; negative counts are an error. */
CEED_EXTERN int CeedObjectSetNumViewTabs(CeedObject obj, CeedInt num_tabs);
/** Returns the indentation, in tabs, of views of any object. */
CEED_EXTERN int CeedObjectGetNumViewTabs(CeedObject obj, CeedInt *num_tabs);
/** Returns a new reference to the context of any object in *ceed; the caller destroys it. */
CEED_EXTERN int CeedObjectGetCeed(CeedObject obj, Ceed *ceed);
/** Returns the context of any object, borrowed (not to be destroyed). */
CEED_EXTERN Ceed CeedObjectReturnCeed(CeedObject obj);
/** Drops one reference to any object through the destroy function of its kind and sets *obj to NULL. */
CEED_EXTERN int CeedObjectDestroy(CeedObject *obj);

/* Vector */
/** Creates a vector of len entries with no data yet into *vec; the caller destroys it. A negative length is an
    error. */
CEED_EXTERN int CeedVectorCreate(Ceed ceed, CeedSize len, CeedVector *vec);
/** Makes *vec_copy another reference to vec, destroying what *vec_copy referenced before. */
CEED_EXTERN int CeedVectorReferenceCopy(CeedVector vec, CeedVector *vec_copy);
/** Drops one reference to *vec and sets it to NULL; an error while an array is still checked out. */
CEED_EXTERN int CeedVectorDestroy(CeedVector *vec);
/** Gives the vector data in mem_type memory: copied (CEED_COPY_VALUES), borrowed (CEED_USE_POINTER, the caller
    keeps it alive) or owned and later freed (CEED_OWN_POINTER). NULL with CEED_COPY_VALUES allocates. */
CEED_EXTERN int CeedVectorSetArray(CeedVector vec, CeedMemType mem_type, CeedCopyMode copy_mode, CeedScalar *array);
/** Sets every entry to value. */
CEED_EXTERN int CeedVectorSetValue(CeedVector vec, CeedScalar value);
/** Sets entries start, start+step, ... below stop (stop -1: the end) to value. */
CEED_EXTERN int CeedVectorSetValueStrided(CeedVector vec, CeedSize start, CeedSize stop, CeedSize step, CeedScalar value);
/** Copies the values of vec into vec_copy; the lengths must agree. */
CEED_EXTERN int CeedVectorCopy(CeedVector vec, CeedVector vec_copy);
/** Copies entries start, start+step, ... below stop from vec into vec_copy. */
CEED_EXTERN int CeedVectorCopyStrided(CeedVector vec, CeedSize start, CeedSize stop, CeedSize step, CeedVector vec_copy);
/** Makes the data valid in mem_type memory, copying from where it is valid. */
CEED_EXTERN int CeedVectorSyncArray(CeedVector vec, CeedMemType mem_type);
/** Gives back to the caller the array it lent with CEED_USE_POINTER for mem_type; the vector keeps no data there
    afterwards. An error if no borrowed array of that memory type is held. */
CEED_EXTERN int CeedVectorTakeArray(CeedVector vec, CeedMemType mem_type, CeedScalar **array);
/** Checks out the data in mem_type memory for reading and writing; give it back with CeedVectorRestoreArray(). One
    writer at a time and no readers meanwhile. */
CEED_EXTERN int CeedVectorGetArray(CeedVector vec, CeedMemType mem_type, CeedScalar **array);
/** Checks out the data in mem_type memory for reading; give it back with CeedVectorRestoreArrayRead(). */
CEED_EXTERN int CeedVectorGetArrayRead(CeedVector vec, CeedMemType mem_type, const CeedScalar **array);
/** Checks out memory for writing all entries (old values need not be kept); give it back with
    CeedVectorRestoreArray(). */
CEED_EXTERN int CeedVectorGetArrayWrite(CeedVector vec, CeedMemType mem_type, CeedScalar **array);
/** Gives back a writable array and sets *array to NULL; the written memory becomes the only valid copy. */
CEED_EXTERN int CeedVectorRestoreArray(CeedVector vec, CeedScalar **array);
/** Gives back a read-only array and sets *array to NULL. */
CEED_EXTERN int CeedVectorRestoreArrayRead(CeedVector vec, const CeedScalar **array);
/** Computes the 1-, 2- or max-norm of the vector. */
CEED_EXTERN int CeedVectorNorm(CeedVector vec, CeedNormType type, CeedScalar *norm);
/** Multiplies every entry of x by alpha. */
CEED_EXTERN int CeedVectorScale(CeedVector x, CeedScalar alpha);
/** Sets every entry of x whose magnitude is at most threshold to zero; an error if x has no data. */
CEED_EXTERN int CeedVectorFilter(CeedVector x, CeedScalar threshold);
/** Computes y = alpha x + y; the lengths must agree and x must not be y. */
CEED_EXTERN int CeedVectorAXPY(CeedVector y, CeedScalar alpha, CeedVector x);
/** Computes y = alpha x + beta y; the lengths must agree and x must not be y. */
CEED_EXTERN int CeedVectorAXPBY(CeedVector y, CeedScalar alpha, CeedScalar beta, CeedVector x);
/** Computes w[i] = x[i] * y[i]; w may be x or y. */
CEED_EXTERN int CeedVectorPointwiseMult(CeedVector w, CeedVector x, CeedVector y);
/** Replaces every entry by its reciprocal; entries of magnitude up to CEED_EPSILON are left as they are. An error
    if the vector has no data. */
CEED_EXTERN int CeedVectorReciprocal(CeedVector vec);
/* ceedrt extensions (not in libCEED): the inner product x^T y on the vectors' backend (device-resident solvers
   need it), and the bytes the library has copied between host and device memory in this process so far
   (either pointer may be NULL), so that applications can check that a loop keeps its data on the device. */
/** Computes *result = x^T y on the vectors' backend (the core's host loop where the backend has none); the
    lengths must agree. A ceedrt extension. */
CEED_EXTERN int CeedVectorDot(CeedVector x, CeedVector y, CeedScalar *result);
/** Returns the bytes the library has copied from host to device and from device to host in this process so far;
    either pointer may be NULL. A ceedrt extension. */
CEED_EXTERN int CeedGetHostDeviceBytes(CeedSize *host_to_device, CeedSize *device_to_host);
/** Returns the number of entries. */
CEED_EXTERN int CeedVectorGetLength(CeedVector vec, CeedSize *length);
/** Returns a new reference to the vector's context in *ceed; the caller destroys it. */
CEED_EXTERN int CeedVectorGetCeed(CeedVector vec, Ceed *ceed);
/** Returns the vector's context, borrowed. */
CEED_EXTERN Ceed CeedVectorReturnCeed(CeedVector vec);
/** Sets the indentation, in tabs, of CeedVectorView(); negative counts are an error. */
CEED_EXTERN int CeedVectorSetNumViewTabs(CeedVector vec, CeedInt num_tabs);
/** Returns the indentation, in tabs, of CeedVectorView(). */
CEED_EXTERN int CeedVectorGetNumViewTabs(CeedVector vec, CeedInt *num_tabs);
/** Prints entries start, start+step, ... below stop with the printf format fp_fmt (NULL: a default). */
CEED_EXTERN int CeedVectorViewRange(CeedVector vec, CeedSize start, CeedSize stop, CeedInt step, const char *fp_fmt, FILE *stream);
/** Prints every entry with the printf format fp_fmt (NULL: a default). */
CEED_EXTERN int CeedVectorView(CeedVector vec, const char *fp_fmt, FILE *stream);

/* Element restriction */
/** Creates a restriction from offsets: entry i of element e reads L-vector index offsets[e*elem_size+i] +
    c*comp_stride for component c. Offsets are copied, borrowed or owned per copy_mode; an offset outside [0,
    l_size) is an error. */
CEED_EXTERN int CeedElemRestrictionCreate(Ceed ceed, CeedInt num_elem, CeedInt elem_size, CeedInt num_comp, CeedInt comp_stride, CeedSize l_size, CeedMemType mem_type, CeedCopyMode copy_mode, const CeedInt *offsets, CeedElemRestriction *rstr);
/** Like CeedElemRestrictionCreate(), with orients[j] true where entry j changes sign. */
CEED_EXTERN int CeedElemRestrictionCreateOriented(Ceed ceed, CeedInt num_elem, CeedInt elem_size, CeedInt num_comp, CeedInt comp_stride, CeedSize l_size, CeedMemType mem_type, CeedCopyMode copy_mode, const CeedInt *offsets, const bool *orients, CeedElemRestriction *rstr);
/** Like CeedElemRestrictionCreate(), with a tridiagonal 3-entry row of curl_orients per entry mixing neighbouring
    values (H(curl) elements). */
CEED_EXTERN int CeedElemRestrictionCreateCurlOriented(Ceed ceed, CeedInt num_elem, CeedInt elem_size, CeedInt num_comp, CeedInt comp_stride, CeedSize l_size, CeedMemType mem_type, CeedCopyMode copy_mode, const CeedInt *offsets, const CeedInt8 *curl_orients, CeedElemRestriction *rstr);
/** Creates a restriction with no offsets: entry (node i, component c, element e) is L-vector index i*strides[0] +
    c*strides[1] + e*strides[2]. */
CEED_EXTERN int CeedElemRestrictionCreateStrided(Ceed ceed, CeedInt num_elem, CeedInt elem_size, CeedInt num_comp, CeedSize l_size, const CeedInt strides[3], CeedElemRestriction *rstr);
/** Creates a restriction of points in elements: offsets[0..num_elem] are the point ranges of each element, followed
    by the points' L-vector indices. */
CEED_EXTERN int CeedElemRestrictionCreateAtPoints(Ceed ceed, CeedInt num_elem, CeedInt num_points, CeedInt num_comp, CeedSize l_size, CeedMemType mem_type, CeedCopyMode copy_mode, const CeedInt *offsets, CeedElemRestriction *rstr);
/** Like CeedElemRestrictionCreate(), with elements interlaced in blocks of block_size (the last block padded). */
CEED_EXTERN int CeedElemRestrictionCreateBlocked(Ceed ceed, CeedInt num_elem, CeedInt elem_size, CeedInt block_size, CeedInt num_comp, CeedInt comp_stride, CeedSize l_size, CeedMemType mem_type, CeedCopyMode copy_mode, const CeedInt *offsets, CeedElemRestriction *rstr);
/** Blocked form of CeedElemRestrictionCreateOriented(). */
CEED_EXTERN int CeedElemRestrictionCreateBlockedOriented(Ceed ceed, CeedInt num_elem, CeedInt elem_size, CeedInt block_size, CeedInt num_comp, CeedInt comp_stride, CeedSize l_size, CeedMemType mem_type, CeedCopyMode copy_mode, const CeedInt *offsets, const bool *orients, CeedElemRestriction *rstr);
/** Blocked form of CeedElemRestrictionCreateCurlOriented(). */
CEED_EXTERN int CeedElemRestrictionCreateBlockedCurlOriented(Ceed ceed, CeedInt num_elem, CeedInt elem_size, CeedInt block_size, CeedInt num_comp, CeedInt comp_stride, CeedSize l_size, CeedMemType mem_type, CeedCopyMode copy_mode, const CeedInt *offsets, const CeedInt8 *curl_orients, CeedElemRestriction *rstr);
/** Blocked form of CeedElemRestrictionCreateStrided(). */
CEED_EXTERN int CeedElemRestrictionCreateBlockedStrided(Ceed ceed, CeedInt num_elem, CeedInt elem_size, CeedInt block_size, CeedInt num_comp, CeedSize l_size, const CeedInt strides[3], CeedElemRestriction *rstr);
/** Creates a restriction sharing rstr's offsets that applies orientations as magnitudes (no sign changes). */
CEED_EXTERN int CeedElemRestrictionCreateUnsignedCopy(CeedElemRestriction rstr, CeedElemRestriction *rstr_unsigned);
/** Creates a restriction sharing rstr's offsets that ignores its orientations entirely. */
CEED_EXTERN int CeedElemRestrictionCreateUnorientedCopy(CeedElemRestriction rstr, CeedElemRestriction *rstr_unoriented);
/** Makes *rstr_copy another reference to rstr, destroying what *rstr_copy referenced before. */
CEED_EXTERN int CeedElemRestrictionReferenceCopy(CeedElemRestriction rstr, CeedElemRestriction *rstr_copy);
/** Creates an L-vector (lvec) and/or an E-vector (evec) of matching sizes; either pointer may be NULL; the caller
    destroys them. */
CEED_EXTERN int CeedElemRestrictionCreateVector(CeedElemRestriction rstr, CeedVector *lvec, CeedVector *evec);
/** Drops one reference to *rstr and sets it to NULL. */
CEED_EXTERN int CeedElemRestrictionDestroy(CeedElemRestriction *rstr);
/** Gathers L-vector u into E-vector ru (CEED_NOTRANSPOSE) or sums E-vector u into L-vector ru (CEED_TRANSPOSE,
    adding to what ru holds). Lengths that do not match are an error. */
CEED_EXTERN int CeedElemRestrictionApply(CeedElemRestriction rstr, CeedTransposeMode t_mode, CeedVector u, CeedVector ru, CeedRequest *request);
/** Applies an at-points restriction to the points of one element only. */
CEED_EXTERN int CeedElemRestrictionApplyAtPointsInElement(CeedElemRestriction rstr, CeedInt elem, CeedTransposeMode t_mode, CeedVector u, CeedVector ru, CeedRequest *request);
/** Applies a blocked restriction to one block of elements only. */
CEED_EXTERN int CeedElemRestrictionApplyBlock(CeedElemRestriction rstr, CeedInt block, CeedTransposeMode t_mode, CeedVector u, CeedVector ru, CeedRequest *request);
/** Writes into mult, per L-vector entry, the number of element entries that read it. */
CEED_EXTERN int CeedElemRestrictionGetMultiplicity(CeedElemRestriction rstr, CeedVector mult);
/** Returns a new reference to the restriction's context in *ceed; the caller destroys it. */
CEED_EXTERN int CeedElemRestrictionGetCeed(CeedElemRestriction rstr, Ceed *ceed);
/** Returns the restriction's context, borrowed. */
CEED_EXTERN Ceed CeedElemRestrictionReturnCeed(CeedElemRestriction rstr);
/** Returns the L-vector distance between components given at creation (1 for at-points restrictions). */
CEED_EXTERN int CeedElemRestrictionGetCompStride(CeedElemRestriction rstr, CeedInt *comp_stride);
/** Returns the number of elements. */
CEED_EXTERN int CeedElemRestrictionGetNumElements(CeedElemRestriction rstr, CeedInt *num_elem);
/** Returns the number of nodes per element as given at creation. */
CEED_EXTERN int CeedElemRestrictionGetElementSize(CeedElemRestriction rstr, CeedInt *elem_size);
/** Returns the total number of points of an at-points restriction; an error for other kinds. */
CEED_EXTERN int CeedElemRestrictionGetNumPoints(CeedElemRestriction rstr, CeedInt *num_points);
/** Returns the number of points in element elem of an at-points restriction. */
CEED_EXTERN int CeedElemRestrictionGetNumPointsInElement(CeedElemRestriction rstr, CeedInt elem, CeedInt *num_points);
/** Returns the largest number of points in one element of an at-points restriction. */
CEED_EXTERN int CeedElemRestrictionGetMaxPointsInElement(CeedElemRestriction rstr, CeedInt *max_points);
/** Returns the smallest number of points in one element of an at-points restriction. */
CEED_EXTERN int CeedElemRestrictionGetMinPointsInElement(CeedElemRestriction rstr, CeedInt *min_points);
/** Returns the smallest and largest numbers of points in one element; either pointer may be NULL. */
CEED_EXTERN int CeedElemRestrictionGetMinMaxPointsInElement(CeedElemRestriction rstr, CeedInt *min_points, CeedInt *max_points);
/** Returns the L-vector length. */
CEED_EXTERN int CeedElemRestrictionGetLVectorSize(CeedElemRestriction rstr, CeedSize *l_size);
/** Returns the E-vector length (elements, padded to whole blocks, times element size times components). */
CEED_EXTERN int CeedElemRestrictionGetEVectorSize(CeedElemRestriction rstr, CeedSize *e_size);
/** Returns the number of components. */
CEED_EXTERN int CeedElemRestrictionGetNumComponents(CeedElemRestriction rstr, CeedInt *num_comp);
/** Returns the number of element blocks (elements for an unblocked restriction). */
CEED_EXTERN int CeedElemRestrictionGetNumBlocks(CeedElemRestriction rstr, CeedInt *num_block);
/** Returns the block size (1 for an unblocked restriction). */
CEED_EXTERN int CeedElemRestrictionGetBlockSize(CeedElemRestriction rstr, CeedInt *block_size);
/** Sets the indentation, in tabs, of CeedElemRestrictionView(); negative counts are an error. */
CEED_EXTERN int CeedElemRestrictionSetNumViewTabs(CeedElemRestriction rstr, CeedInt num_tabs);
/** Returns the indentation, in tabs, of CeedElemRestrictionView(). */
CEED_EXTERN int CeedElemRestrictionGetNumViewTabs(CeedElemRestriction rstr, CeedInt *num_tabs);
/** Prints the kind and sizes of the restriction. */
CEED_EXTERN int CeedElemRestrictionView(CeedElemRestriction rstr, FILE *stream);

/* Basis and quadrature */
/** Creates a tensor-product Lagrange basis on P Gauss-Lobatto nodes per direction with Q Gauss or Gauss-Lobatto points
    per direction. dim, num_comp and Q must be positive and P at least 2 (a Lobatto rule needs 2 points), else
    CEED_ERROR_DIMENSION. */
CEED_EXTERN int CeedBasisCreateTensorH1Lagrange(Ceed ceed, CeedInt dim, CeedInt num_comp, CeedInt P, CeedInt Q, CeedQuadMode quad_mode, CeedBasis *basis);
/** Creates a tensor-product basis from 1D matrices (interp_1d and grad_1d are Q_1d x P_1d, row-major) and a 1D
    rule; the arrays are copied. */
CEED_EXTERN int CeedBasisCreateTensorH1(Ceed ceed, CeedInt dim, CeedInt num_comp, CeedInt P_1d, CeedInt Q_1d, const CeedScalar *interp_1d, const CeedScalar *grad_1d, const CeedScalar *q_ref_1d, const CeedScalar *q_weight_1d, CeedBasis *basis);
/** Creates a non-tensor H1 basis from matrices (interp: nqpts x num_nodes, grad: dim blocks of that) and a rule;
    the arrays are copied. */
CEED_EXTERN int CeedBasisCreateH1(Ceed ceed, CeedElemTopology topo, CeedInt num_comp, CeedInt num_nodes, CeedInt nqpts, const CeedScalar *interp, const CeedScalar *grad, const CeedScalar *q_ref, const CeedScalar *q_weights, CeedBasis *basis);
/** Creates an H(div) basis from interp (dim vector components per point) and div matrices; the arrays are copied. */
CEED_EXTERN int CeedBasisCreateHdiv(Ceed ceed, CeedElemTopology topo, CeedInt num_comp, CeedInt num_nodes, CeedInt nqpts, const CeedScalar *interp, const CeedScalar *div, const CeedScalar *q_ref, const CeedScalar *q_weights, CeedBasis *basis);
/** Creates an H(curl) basis from interp and curl matrices (1 curl component in 2D, 3 in 3D); the arrays are copied. */
CEED_EXTERN int CeedBasisCreateHcurl(Ceed ceed, CeedElemTopology topo, CeedInt num_comp, CeedInt num_nodes, CeedInt nqpts, const CeedScalar *interp, const CeedScalar *curl, const CeedScalar *q_ref, const CeedScalar *q_weights, CeedBasis *basis);
/** Creates a basis evaluating basis_from's functions at basis_to's nodes (interpolation between two bases of one
    element); their topologies must agree. */
CEED_EXTERN int CeedBasisCreateProjection(CeedBasis basis_from, CeedBasis basis_to, CeedBasis *basis_project);
/** Makes *basis_copy another reference to basis, destroying what *basis_copy referenced before. */
CEED_EXTERN int CeedBasisReferenceCopy(CeedBasis basis, CeedBasis *basis_copy);
/** Drops one reference to *basis and sets it to NULL. */
CEED_EXTERN int CeedBasisDestroy(CeedBasis *basis);
/** Evaluates (CEED_NOTRANSPOSE: nodes to points) or applies the transpose (points to nodes, overwriting v) of the
    eval_mode operation for num_elem elements. */
CEED_EXTERN int CeedBasisApply(CeedBasis basis, CeedInt num_elem, CeedTransposeMode t_mode, CeedEvalMode eval_mode, CeedVector u, CeedVector v);
/** Like CeedBasisApply() in transpose mode, adding into v; CEED_NOTRANSPOSE is an error. */
CEED_EXTERN int CeedBasisApplyAdd(CeedBasis basis, CeedInt num_elem, CeedTransposeMode t_mode, CeedEvalMode eval_mode, CeedVector u, CeedVector v);
/** Evaluates a tensor basis at num_points[e] reference points x_ref of each element (or the transpose). */
CEED_EXTERN int CeedBasisApplyAtPoints(CeedBasis basis, CeedInt num_elem, const CeedInt *num_points, CeedTransposeMode t_mode, CeedEvalMode eval_mode, CeedVector x_ref, CeedVector u, CeedVector v);
/** Like CeedBasisApplyAtPoints() in transpose mode, adding into v. */
CEED_EXTERN int CeedBasisApplyAddAtPoints(CeedBasis basis, CeedInt num_elem, const CeedInt *num_points, CeedTransposeMode t_mode, CeedEvalMode eval_mode, CeedVector x_ref, CeedVector u, CeedVector v);
/** Returns a new reference to the basis's context in *ceed; the caller destroys it. */
CEED_EXTERN int CeedBasisGetCeed(CeedBasis basis, Ceed *ceed);
/** Returns the basis's context, borrowed. */
CEED_EXTERN Ceed CeedBasisReturnCeed(CeedBasis basis);
/** Returns the reference element's dimension. */
CEED_EXTERN int CeedBasisGetDimension(CeedBasis basis, CeedInt *dim);
/** Returns the element topology. */
CEED_EXTERN int CeedBasisGetTopology(CeedBasis basis, CeedElemTopology *topo);
/** Returns the number of field components. */
CEED_EXTERN int CeedBasisGetNumComponents(CeedBasis basis, CeedInt *num_comp);
/** Returns the number of nodes per element (P). */
CEED_EXTERN int CeedBasisGetNumNodes(CeedBasis basis, CeedInt *P);
/** Returns the number of nodes per direction of a tensor basis; an error for others. */
CEED_EXTERN int CeedBasisGetNumNodes1D(CeedBasis basis, CeedInt *P_1d);
/** Returns the number of quadrature points per element (Q). */
CEED_EXTERN int CeedBasisGetNumQuadraturePoints(CeedBasis basis, CeedInt *Q);
/** Returns the number of points per direction of a tensor basis; an error for others. */
CEED_EXTERN int CeedBasisGetNumQuadraturePoints1D(CeedBasis basis, CeedInt *Q_1d);
/** Returns the reference coordinates of the quadrature points; borrowed from the basis. */
CEED_EXTERN int CeedBasisGetQRef(CeedBasis basis, const CeedScalar **q_ref);
/** Returns the quadrature weights; borrowed from the basis. */
CEED_EXTERN int CeedBasisGetQWeights(CeedBasis basis, const CeedScalar **q_weights);
/** Returns the full interpolation matrix (built from the 1D one for tensor bases); borrowed from the basis. */
CEED_EXTERN int CeedBasisGetInterp(CeedBasis basis, const CeedScalar **interp);
/** Returns the 1D interpolation matrix of a tensor basis; borrowed. An error for others. */
CEED_EXTERN int CeedBasisGetInterp1D(CeedBasis basis, const CeedScalar **interp_1d);
/** Returns the full gradient matrix; borrowed from the basis. */
CEED_EXTERN int CeedBasisGetGrad(CeedBasis basis, const CeedScalar **grad);
/** Returns the 1D derivative matrix of a tensor basis; borrowed. An error for others. */
CEED_EXTERN int CeedBasisGetGrad1D(CeedBasis basis, const CeedScalar **grad_1d);
/** Returns the divergence matrix of an H(div) basis; borrowed. An error for others. */
CEED_EXTERN int CeedBasisGetDiv(CeedBasis basis, const CeedScalar **div);
/** Returns the curl matrix of an H(curl) basis; borrowed. An error for others. */
CEED_EXTERN int CeedBasisGetCurl(CeedBasis basis, const CeedScalar **curl);
/** Sets the indentation, in tabs, of CeedBasisView(); negative counts are an error. */
CEED_EXTERN int CeedBasisSetNumViewTabs(CeedBasis basis, CeedInt num_tabs);
/** Returns the indentation, in tabs, of CeedBasisView(). */
CEED_EXTERN int CeedBasisGetNumViewTabs(CeedBasis basis, CeedInt *num_tabs);
/** Prints the basis's sizes and matrices. */
CEED_EXTERN int CeedBasisView(CeedBasis basis, FILE *stream);
/** Fills Q Gauss-Legendre points and weights on [-1, 1]; Q >= 1. */
CEED_EXTERN int CeedGaussQuadrature(CeedInt Q, CeedScalar *q_ref_1d, CeedScalar *q_weight_1d);
/** Fills Q Gauss-Lobatto points and weights on [-1, 1] (end points included); Q >= 2. */
CEED_EXTERN int CeedLobattoQuadrature(CeedInt Q, CeedScalar *q_ref_1d, CeedScalar *q_weight_1d);

/* QFunction and context */
/** Creates a QFunction from a callback and its source location "file.h:name" (the file is read when kernels are
    compiled). vec_length is the number of points the callback is guaranteed to get in multiples of. */
CEED_EXTERN int CeedQFunctionCreateInterior(Ceed ceed, CeedInt vec_length, CeedQFunctionUser f, const char *source, CeedQFunction *qf);
/** Creates a gallery QFunction ("Mass1DBuild", "Poisson3DApply", ...) with its fields already added; an unknown
    name is an error naming it. */
CEED_EXTERN int CeedQFunctionCreateInteriorByName(Ceed ceed, const char *name, CeedQFunction *qf);
/** Creates a QFunction copying its one input of size values per point to its one output. */
CEED_EXTERN int CeedQFunctionCreateIdentity(Ceed ceed, CeedInt size, CeedEvalMode in_mode, CeedEvalMode out_mode, CeedQFunction *qf);
/** Makes *qf_copy another reference to qf, destroying what *qf_copy referenced before. */
CEED_EXTERN int CeedQFunctionReferenceCopy(CeedQFunction qf, CeedQFunction *qf_copy);
/** Adds an input field: size values per point, reached through eval_mode. Not allowed once an operator uses the
    QFunction. */
CEED_EXTERN int CeedQFunctionAddInput(CeedQFunction qf, const char *field_name, CeedInt size, CeedEvalMode eval_mode);
/** Adds an output field: size values per point, reached through eval_mode (CEED_EVAL_WEIGHT is an error). */
CEED_EXTERN int CeedQFunctionAddOutput(CeedQFunction qf, const char *field_name, CeedInt size, CeedEvalMode eval_mode);
/** Returns the input and output fields; the arrays are borrowed from the QFunction. Any pointer may be NULL. */
CEED_EXTERN int CeedQFunctionGetFields(CeedQFunction qf, CeedInt *num_input_fields, CeedQFunctionField **input_fields, CeedInt *num_output_fields, CeedQFunctionField **output_fields);
/** Returns the field's name; borrowed. */
CEED_EXTERN int CeedQFunctionFieldGetName(CeedQFunctionField qf_field, const char **field_name);
/** Returns the number of values per point of the field. */
CEED_EXTERN int CeedQFunctionFieldGetSize(CeedQFunctionField qf_field, CeedInt *size);
/** Returns the field's evaluation mode. */
CEED_EXTERN int CeedQFunctionFieldGetEvalMode(CeedQFunctionField qf_field, CeedEvalMode *eval_mode);
/** Returns the field's name (borrowed), size and evaluation mode; any pointer may be NULL. */
CEED_EXTERN int CeedQFunctionFieldGetData(CeedQFunctionField qf_field, const char **field_name, CeedInt *size, CeedEvalMode *eval_mode);
/** Attaches a context, taking a reference to it; the callback gets its data. */
CEED_EXTERN int CeedQFunctionSetContext(CeedQFunction qf, CeedQFunctionContext ctx);
/** Declares whether the callback writes its context (false lets backends skip copying it back). */
CEED_EXTERN int CeedQFunctionSetContextWritable(CeedQFunction qf, bool is_writable);
/** Sets the number of floating-point operations per point, used by CeedOperatorGetFlopsEstimate(); negative is an
    error. */
CEED_EXTERN int CeedQFunctionSetUserFlopsEstimate(CeedQFunction qf, CeedSize flops);
/** Runs the QFunction on Q points: u and v hold one vector per input and output field. */
CEED_EXTERN int CeedQFunctionApply(CeedQFunction qf, CeedInt Q, CeedVector *u, CeedVector *v);
/** Returns a new reference to the QFunction's context in *ceed; the caller destroys it. */
CEED_EXTERN int CeedQFunctionGetCeed(CeedQFunction qf, Ceed *ceed);
/** Returns the QFunction's context, borrowed. */
CEED_EXTERN Ceed CeedQFunctionReturnCeed(CeedQFunction qf);
/** Sets the indentation, in tabs, of CeedQFunctionView(); negative counts are an error. */
CEED_EXTERN int CeedQFunctionSetNumViewTabs(CeedQFunction qf, CeedInt num_tabs);
/** Returns the indentation, in tabs, of CeedQFunctionView(). */
CEED_EXTERN int CeedQFunctionGetNumViewTabs(CeedQFunction qf, CeedInt *num_tabs);
/** Prints the QFunction's name and fields. */
CEED_EXTERN int CeedQFunctionView(CeedQFunction qf, FILE *stream);
/** Drops one reference to *qf and sets it to NULL. */
CEED_EXTERN int CeedQFunctionDestroy(CeedQFunction *qf);
/** Creates an empty context; the caller destroys it. */
CEED_EXTERN int CeedQFunctionContextCreate(Ceed ceed, CeedQFunctionContext *ctx);
/** Makes *ctx_copy another reference to ctx, destroying what *ctx_copy referenced before. */
CEED_EXTERN int CeedQFunctionContextReferenceCopy(CeedQFunctionContext ctx, CeedQFunctionContext *ctx_copy);
/** Gives the context size bytes of data in mem_type memory, copied, borrowed or owned per copy_mode. */
CEED_EXTERN int CeedQFunctionContextSetData(CeedQFunctionContext ctx, CeedMemType mem_type, CeedCopyMode copy_mode, size_t size, void *data);
/** Gives back (into the pointer at data) the data lent with CEED_USE_POINTER for mem_type; the context keeps none. */
CEED_EXTERN int CeedQFunctionContextTakeData(CeedQFunctionContext ctx, CeedMemType mem_type, void *data);
/** Checks out the data for reading and writing into the pointer at data; give it back with
    CeedQFunctionContextRestoreData(). */
CEED_EXTERN int CeedQFunctionContextGetData(CeedQFunctionContext ctx, CeedMemType mem_type, void *data);
/** Checks out the data for reading; give it back with CeedQFunctionContextRestoreDataRead(). */
CEED_EXTERN int CeedQFunctionContextGetDataRead(CeedQFunctionContext ctx, CeedMemType mem_type, void *data);
/** Gives back writable data and sets the pointer at data to NULL. */
CEED_EXTERN int CeedQFunctionContextRestoreData(CeedQFunctionContext ctx, void *data);
/** Gives back read-only data and sets the pointer at data to NULL. */
CEED_EXTERN int CeedQFunctionContextRestoreDataRead(CeedQFunctionContext ctx, void *data);
/** Registers num_values doubles at byte field_offset as a named field, settable through operators; the offset must
    fit the data and the name be new. */
CEED_EXTERN int CeedQFunctionContextRegisterDouble(CeedQFunctionContext ctx, const char *field_name, size_t field_offset, size_t num_values, const char *field_description);
/** Registers num_values int32 values at byte field_offset as a named field. */
CEED_EXTERN int CeedQFunctionContextRegisterInt32(CeedQFunctionContext ctx, const char *field_name, size_t field_offset, size_t num_values, const char *field_description);
/** Registers num_values bool values at byte field_offset as a named field. */
CEED_EXTERN int CeedQFunctionContextRegisterBoolean(CeedQFunctionContext ctx, const char *field_name, size_t field_offset, size_t num_values, const char *field_description);
/** Returns the registered field labels; the array is borrowed from the context. */
CEED_EXTERN int CeedQFunctionContextGetAllFieldLabels(CeedQFunctionContext ctx, const CeedContextFieldLabel **field_labels, CeedInt *num_fields);
/** Returns a label's name, offset, count, description and type; strings are borrowed; any pointer may be NULL. */
CEED_EXTERN int CeedContextFieldLabelGetDescription(CeedContextFieldLabel label, const char **field_name, size_t *field_offset, size_t *num_values, const char **field_description, CeedContextFieldType *field_type);
/** Returns the size of the data in bytes. */
CEED_EXTERN int CeedQFunctionContextGetContextSize(CeedQFunctionContext ctx, size_t *ctx_size);
/** Sets the indentation, in tabs, of CeedQFunctionContextView(); negative counts are an error. */
CEED_EXTERN int CeedQFunctionContextSetNumViewTabs(CeedQFunctionContext ctx, CeedInt num_tabs);
/** Returns the indentation, in tabs, of CeedQFunctionContextView(). */
CEED_EXTERN int CeedQFunctionContextGetNumViewTabs(CeedQFunctionContext ctx, CeedInt *num_tabs);
/** Prints the data size and the registered fields. */
CEED_EXTERN int CeedQFunctionContextView(CeedQFunctionContext ctx, FILE *stream);
/** Sets the function that frees owned data of f_mem_type memory when the context goes. */
CEED_EXTERN int CeedQFunctionContextSetDataDestroy(CeedQFunctionContext ctx, CeedMemType f_mem_type, CeedQFunctionContextDataDestroyUser f);
/** Drops one reference to *ctx and sets it to NULL; owned data is freed with the last reference. */
CEED_EXTERN int CeedQFunctionContextDestroy(CeedQFunctionContext *ctx);

/* Operator */
/** Creates an operator applying qf at quadrature points; dqf and dqfT (Jacobian and its transpose) may be
    CEED_QFUNCTION_NONE. The operator takes references to the QFunctions. */
CEED_EXTERN int CeedOperatorCreate(Ceed ceed, CeedQFunction qf, CeedQFunction dqf, CeedQFunction dqfT, CeedOperator *op);
/** Creates an operator whose QFunction runs at arbitrary points in each element (set with
    CeedOperatorAtPointsSetPoints()). */
CEED_EXTERN int CeedOperatorCreateAtPoints(Ceed ceed, CeedQFunction qf, CeedQFunction dqf, CeedQFunction dqfT, CeedOperator *op);
/** Creates an empty composite operator: the sum of the sub-operators added with CeedOperatorCompositeAddSub(). */
CEED_EXTERN int CeedOperatorCreateComposite(Ceed ceed, CeedOperator *op);
/** Makes *op_copy another reference to op, destroying what *op_copy referenced before. */
CEED_EXTERN int CeedOperatorReferenceCopy(CeedOperator op, CeedOperator *op_copy);
/** Binds a QFunction field by name to a restriction, basis and vector (CEED_VECTOR_ACTIVE: the Apply argument); the
    operator takes references. Sizes that do not fit the field are an error naming it. */
CEED_EXTERN int CeedOperatorSetField(CeedOperator op, const char *field_name, CeedElemRestriction rstr, CeedBasis basis, CeedVector vec);
/** Returns the operator's input and output fields; the arrays are borrowed. Any pointer may be NULL. */
CEED_EXTERN int CeedOperatorGetFields(CeedOperator op, CeedInt *num_input_fields, CeedOperatorField **input_fields, CeedInt *num_output_fields, CeedOperatorField **output_fields);
/** Returns the field named field_name, borrowed, or NULL when no field has that name. The operator must be ready. */
CEED_EXTERN int CeedOperatorGetFieldByName(CeedOperator op, const char *field_name, CeedOperatorField *op_field);
/** Returns the field's name; borrowed. */
CEED_EXTERN int CeedOperatorFieldGetName(CeedOperatorField op_field, const char **field_name);
/** Returns a new reference to the field's restriction; the caller destroys it. */
CEED_EXTERN int CeedOperatorFieldGetElemRestriction(CeedOperatorField op_field, CeedElemRestriction *rstr);
/** Returns a new reference to the field's basis; the caller destroys it. */
CEED_EXTERN int CeedOperatorFieldGetBasis(CeedOperatorField op_field, CeedBasis *basis);
/** Returns a new reference to the field's vector; the caller destroys it. */
CEED_EXTERN int CeedOperatorFieldGetVector(CeedOperatorField op_field, CeedVector *vec);
/** Returns the field's name (borrowed) and new references to its restriction, basis and vector; any pointer may be
    NULL. */
CEED_EXTERN int CeedOperatorFieldGetData(CeedOperatorField op_field, const char **field_name, CeedElemRestriction *rstr, CeedBasis *basis, CeedVector *vec);
/** Computes out = op(in); in and out are the active vectors (CEED_VECTOR_NONE where the operator has none). An
    incomplete operator is an error. */
CEED_EXTERN int CeedOperatorApply(CeedOperator op, CeedVector in, CeedVector out, CeedRequest *request);
/** Computes out += op(in), adding into passive outputs too (they are not zeroed). */
CEED_EXTERN int CeedOperatorApplyAdd(CeedOperator op, CeedVector in, CeedVector out, CeedRequest *request);
/** Adds op(in) to the active output; passive outputs are zeroed first, so they hold this application's result. */
CEED_EXTERN int CeedOperatorApplyAddActive(CeedOperator op, CeedVector in, CeedVector out, CeedRequest *request);
/** Checks that every field is set and the sizes agree, and freezes the operator; an error names what is missing. */
CEED_EXTERN int CeedOperatorCheckReady(CeedOperator op);
/** Returns the lengths of the active input and output vectors (-1 where there is none). */
CEED_EXTERN int CeedOperatorGetActiveVectorLengths(CeedOperator op, CeedSize *input_size, CeedSize *output_size);
/** Adds sub_op to a composite operator, taking a reference; an error if composite_op is not composite. */
CEED_EXTERN int CeedOperatorCompositeAddSub(CeedOperator composite_op, CeedOperator sub_op);
/** Returns the number of sub-operators. */
CEED_EXTERN int CeedOperatorCompositeGetNumSub(CeedOperator op, CeedInt *num_suboperators);
/** Returns the sub-operator array, borrowed from the composite. */
CEED_EXTERN int CeedOperatorCompositeGetSubList(CeedOperator op, CeedOperator **sub_operators);
/** Returns the sub-operator named op_name, borrowed, or NULL if none has that name. */
CEED_EXTERN int CeedOperatorCompositeGetSubByName(CeedOperator op, const char *op_name, CeedOperator *sub_op);
/** Asks for the sub-operators to be applied one after another instead of concurrently. */
CEED_EXTERN int CeedOperatorCompositeSetSequential(CeedOperator op, bool is_sequential);
/** Returns what CeedOperatorCompositeSetSequential() set. */
CEED_EXTERN int CeedOperatorCompositeIsSequential(CeedOperator op, bool *is_sequential);
/** Counts, per active L-vector entry, the sub-operators touching it, skipping the ones in skip_indices. */
CEED_EXTERN int CeedOperatorCompositeGetMultiplicity(CeedOperator op, CeedInt num_skip_indices, CeedInt *skip_indices, CeedVector mult);

#include "deprecated.h"

/** Sets the points of an at-points operator: a points restriction and the reference coordinates; the operator takes
    references. */
CEED_EXTERN int CeedOperatorAtPointsSetPoints(CeedOperator op, CeedElemRestriction rstr_points, CeedVector point_coords);
/** Returns new references to the points restriction and coordinates; the caller destroys them. */
CEED_EXTERN int CeedOperatorAtPointsGetPoints(CeedOperator op, CeedElemRestriction *rstr_points, CeedVector *point_coords);
/** Reports whether the operator is an at-points operator. */
CEED_EXTERN int CeedOperatorIsAtPoints(CeedOperator op, bool *is_at_points);
/** Assembles the linearised QFunction at every point into a new vector *assembled with its restriction *rstr; the
    caller destroys both. */
CEED_EXTERN int CeedOperatorLinearAssembleQFunction(CeedOperator op, CeedVector *assembled, CeedElemRestriction *rstr, CeedRequest *request);
/** Like CeedOperatorLinearAssembleQFunction(), reusing stored assembly data when allowed by
    CeedOperatorSetQFunctionAssemblyReuse(). */
CEED_EXTERN int CeedOperatorLinearAssembleQFunctionBuildOrUpdate(CeedOperator op, CeedVector *assembled, CeedElemRestriction *rstr, CeedRequest *request);
/** Allows assembly functions to keep the assembled QFunction between calls. */
CEED_EXTERN int CeedOperatorSetQFunctionAssemblyReuse(CeedOperator op, bool reuse_assembly_data);
/** Marks kept QFunction assembly data stale, to be recomputed on next use. */
CEED_EXTERN int CeedOperatorSetQFunctionAssemblyDataUpdateNeeded(CeedOperator op, bool needs_data_update);
/** Frees the operator's stored assembly data. */
CEED_EXTERN int CeedOperatorAssemblyDataStrip(CeedOperator op);
/** Writes the operator's diagonal into assembled (an active-output L-vector). */
CEED_EXTERN int CeedOperatorLinearAssembleDiagonal(CeedOperator op, CeedVector assembled, CeedRequest *request);
/** Adds the operator's diagonal to assembled. */
CEED_EXTERN int CeedOperatorLinearAssembleAddDiagonal(CeedOperator op, CeedVector assembled, CeedRequest *request);
/** Writes the num_comp x num_comp blocks at each node into assembled. */
CEED_EXTERN int CeedOperatorLinearAssemblePointBlockDiagonal(CeedOperator op, CeedVector assembled, CeedRequest *request);
/** Adds the point-block diagonal to assembled. */
CEED_EXTERN int CeedOperatorLinearAssembleAddPointBlockDiagonal(CeedOperator op, CeedVector assembled, CeedRequest *request);
/** Returns the rows and columns of the point-block diagonal entries in new arrays the caller frees with free(). */
CEED_EXTERN int CeedOperatorLinearAssemblePointBlockDiagonalSymbolic(CeedOperator op, CeedSize *num_entries, CeedInt **rows, CeedInt **cols);
/** Returns the number of entries CeedOperatorLinearAssembleSymbolic() produces. */
CEED_EXTERN int CeedOperatorLinearAssembleGetNumEntries(CeedOperator op, CeedSize *num_entries);
/** Returns the rows and columns of the assembled matrix (COO, repeats to be summed) in new arrays the caller frees
    with free(). */
CEED_EXTERN int CeedOperatorLinearAssembleSymbolic(CeedOperator op, CeedSize *num_entries, CeedInt **rows, CeedInt **cols);
/** Writes the assembled matrix values, in the order of CeedOperatorLinearAssembleSymbolic(), into values. */
CEED_EXTERN int CeedOperatorLinearAssemble(CeedOperator op, CeedVector values);
/** Creates the coarse operator and the prolongation and restriction operators for a coarse restriction and basis;
    the caller destroys all three. */
CEED_EXTERN int CeedOperatorMultigridLevelCreate(CeedOperator op_fine, CeedVector p_mult_fine, CeedElemRestriction rstr_coarse, CeedBasis basis_coarse, CeedOperator *op_coarse, CeedOperator *op_prolong, CeedOperator *op_restrict);
/** Like CeedOperatorMultigridLevelCreate(), with a given 1D coarse-to-fine interpolation matrix. */
CEED_EXTERN int CeedOperatorMultigridLevelCreateTensorH1(CeedOperator op_fine, CeedVector p_mult_fine, CeedElemRestriction rstr_coarse, CeedBasis basis_coarse, const CeedScalar *interp_c_to_f, CeedOperator *op_coarse, CeedOperator *op_prolong, CeedOperator *op_restrict);
/** Like CeedOperatorMultigridLevelCreate(), with a given coarse-to-fine interpolation matrix. */
CEED_EXTERN int CeedOperatorMultigridLevelCreateH1(CeedOperator op_fine, CeedVector p_mult_fine, CeedElemRestriction rstr_coarse, CeedBasis basis_coarse, const CeedScalar *interp_c_to_f, CeedOperator *op_coarse, CeedOperator *op_prolong, CeedOperator *op_restrict);
/** Creates an operator applying the element-wise inverse by the fast diagonalization method (tensor H1 bases); the
    caller destroys it. */
CEED_EXTERN int CeedOperatorCreateFDMElementInverse(CeedOperator op, CeedOperator *fdm_inv, CeedRequest *request);
/** Returns a new reference to the QFunction context of the operator's QFunction (NULL if none); the caller destroys
    it. */
CEED_EXTERN int CeedOperatorGetContext(CeedOperator op, CeedQFunctionContext *ctx);
/** Returns the label of a registered context field, borrowed; sets it to NULL when no field has that name (not an
    error). */
CEED_EXTERN int CeedOperatorGetContextFieldLabel(CeedOperator op, const char *field_name, CeedContextFieldLabel *field_label);
/** Sets the double values of a labelled context field. */
CEED_EXTERN int CeedOperatorSetContextDouble(CeedOperator op, CeedContextFieldLabel field_label, double *values);
/** Reads the double values of a labelled field; restore them with CeedOperatorRestoreContextDoubleRead(). */
CEED_EXTERN int CeedOperatorGetContextDoubleRead(CeedOperator op, CeedContextFieldLabel field_label, size_t *num_values, const double **values);
/** Ends a read started by CeedOperatorGetContextDoubleRead(). */
CEED_EXTERN int CeedOperatorRestoreContextDoubleRead(CeedOperator op, CeedContextFieldLabel field_label, const double **values);
/** Sets the int32 values of a labelled context field. */
CEED_EXTERN int CeedOperatorSetContextInt32(CeedOperator op, CeedContextFieldLabel field_label, int32_t *values);
/** Reads the int32 values of a labelled field; restore them with CeedOperatorRestoreContextInt32Read(). */
CEED_EXTERN int CeedOperatorGetContextInt32Read(CeedOperator op, CeedContextFieldLabel field_label, size_t *num_values, const int32_t **values);
/** Ends a read started by CeedOperatorGetContextInt32Read(). */
CEED_EXTERN int CeedOperatorRestoreContextInt32Read(CeedOperator op, CeedContextFieldLabel field_label, const int32_t **values);
/** Sets the bool values of a labelled context field. */
CEED_EXTERN int CeedOperatorSetContextBoolean(CeedOperator op, CeedContextFieldLabel field_label, bool *values);
/** Reads the bool values of a labelled field; restore them with CeedOperatorRestoreContextBooleanRead(). */
CEED_EXTERN int CeedOperatorGetContextBooleanRead(CeedOperator op, CeedContextFieldLabel field_label, size_t *num_values, const bool **values);
/** Ends a read started by CeedOperatorGetContextBooleanRead(). */
CEED_EXTERN int CeedOperatorRestoreContextBooleanRead(CeedOperator op, CeedContextFieldLabel field_label, const bool **values);
/** Names the operator (copied), as views print it and CeedOperatorCompositeGetSubByName() finds it. */
CEED_EXTERN int CeedOperatorSetName(CeedOperator op, const char *name);
/** Returns the operator's name, borrowed (NULL if unnamed). */
CEED_EXTERN int CeedOperatorGetName(CeedOperator op, const char **name);
/** Sets the indentation, in tabs, of CeedOperatorView(); negative counts are an error. */
CEED_EXTERN int CeedOperatorSetNumViewTabs(CeedOperator op, CeedInt num_tabs);
/** Returns the indentation, in tabs, of CeedOperatorView(). */
CEED_EXTERN int CeedOperatorGetNumViewTabs(CeedOperator op, CeedInt *num_tabs);
/** Prints the operator's fields, restrictions, bases and QFunction. */
CEED_EXTERN int CeedOperatorView(CeedOperator op, FILE *stream);
/** Prints a one-line-per-operator summary. */
CEED_EXTERN int CeedOperatorViewTerse(CeedOperator op, FILE *stream);
/** Returns a new reference to the operator's context in *ceed; the caller destroys it. */
CEED_EXTERN int CeedOperatorGetCeed(CeedOperator op, Ceed *ceed);
/** Returns the operator's context, borrowed. */
CEED_EXTERN Ceed CeedOperatorReturnCeed(CeedOperator op);
/** Returns the number of elements (from the field restrictions). */
CEED_EXTERN int CeedOperatorGetNumElements(CeedOperator op, CeedInt *num_elem);
/** Returns the number of quadrature points per element. */
CEED_EXTERN int CeedOperatorGetNumQuadraturePoints(CeedOperator op, CeedInt *num_qpts);
/** Estimates the floating-point operations of one CeedOperatorApply(). */
CEED_EXTERN int CeedOperatorGetFlopsEstimate(CeedOperator op, CeedSize *flops);
/** Drops one reference to *op and sets it to NULL. */
CEED_EXTERN int CeedOperatorDestroy(CeedOperator *op);

/* Multiprecision extension */
/* ceedrt's multiprecision extension (docs/multiprecision.md): a vector holds valid data in one or more
   precisions and memory spaces at once; an operator stores and computes in the precisions of its mode.
   Nothing here changes the behaviour of the libCEED API above. */
/** Precision mode of an operator (docs/multiprecision.md). */
typedef enum {
  CEED_PRECISION_FP64     = 0, /**< vectors and computation in fp64 (the default) */
  CEED_PRECISION_FP32     = 1, /**< vectors and computation in fp32 */
  CEED_PRECISION_LOW_HIGH = 2, /**< fp32 vectors, converted at the restriction; bases and QFunction in fp64 */
  CEED_PRECISION_HIGH_LOW = 3, /**< fp64 vectors, converted at the restriction; bases and QFunction in fp32 */
} CeedOperatorPrecision;
/** Names of the CeedOperatorPrecision values, indexed by value. */
CEED_EXTERN const char *const CeedOperatorPrecisions[];
/** Names of the CeedScalarType values, indexed by value. */
CEED_EXTERN const char *const CeedScalarTypes[];

/** CeedVectorSetArray() for data of scalar_type. */
CEED_EXTERN int CeedVectorSetArrayTyped(CeedVector vec, CeedMemType mem_type, CeedScalarType scalar_type, CeedCopyMode copy_mode, void *array);
/** CeedVectorTakeArray() for data of scalar_type. */
CEED_EXTERN int CeedVectorTakeArrayTyped(CeedVector vec, CeedMemType mem_type, CeedScalarType scalar_type, void **array);
/** CeedVectorSyncArray() for data of scalar_type (converting if needed). */
CEED_EXTERN int CeedVectorSyncArrayTyped(CeedVector vec, CeedMemType mem_type, CeedScalarType scalar_type);
/** CeedVectorGetArray() for data of scalar_type; other precisions become stale on restore. */
CEED_EXTERN int CeedVectorGetArrayTyped(CeedVector vec, CeedMemType mem_type, CeedScalarType scalar_type, void **array);
/** CeedVectorGetArrayRead() for data of scalar_type (converting if needed). */
CEED_EXTERN int CeedVectorGetArrayReadTyped(CeedVector vec, CeedMemType mem_type, CeedScalarType scalar_type, const void **array);
/** CeedVectorGetArrayWrite() for data of scalar_type. */
CEED_EXTERN int CeedVectorGetArrayWriteTyped(CeedVector vec, CeedMemType mem_type, CeedScalarType scalar_type, void **array);
/** Gives back an array from CeedVectorGetArrayTyped() or CeedVectorGetArrayWriteTyped(). */
CEED_EXTERN int CeedVectorRestoreArrayTyped(CeedVector vec, void **array);
/** Gives back an array from CeedVectorGetArrayReadTyped(). */
CEED_EXTERN int CeedVectorRestoreArrayReadTyped(CeedVector vec, const void **array);
/** Reports whether the vector holds valid data of scalar_type in mem_type memory. */
CEED_EXTERN int CeedVectorHasValidArrayTyped(CeedVector vec, CeedMemType mem_type, CeedScalarType scalar_type, bool *has_valid_array);
/** Sets the precision the vector keeps its data in when it allocates. */
CEED_EXTERN int CeedVectorSetPreferredScalarType(CeedVector vec, CeedScalarType scalar_type);
/** Returns the precision set by CeedVectorSetPreferredScalarType(). */
CEED_EXTERN int CeedVectorGetPreferredScalarType(CeedVector vec, CeedScalarType *scalar_type);
/** Sets the operator's precision mode; an operator-level setting of the multiprecision extension. */
CEED_EXTERN int CeedOperatorSetPrecision(CeedOperator op, CeedOperatorPrecision precision);
/** Returns the operator's precision mode. */
CEED_EXTERN int CeedOperatorGetPrecision(CeedOperator op, CeedOperatorPrecision *precision);

#endif /* CEED_H_PUBLIC */
