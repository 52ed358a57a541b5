// Fortran interface: the Fortran 77 calling convention of libCEED, so that libCEED Fortran applications
// (include 'ceed/fortran.h') compile and run unchanged.
//
// Every argument is passed by reference; objects are integer handles, indices into one table per object
// kind; the error code comes back in the last integer argument; strings carry their length as a hidden
// trailing argument; arrays of a vector or context are reached through an offset from an array the caller
// passes. Entry points are the lower-case names with gfortran's trailing underscore (CEED_FORTRAN).
// This file: handle tables, Ceed, vectors, restrictions, bases; interface-fortran-qfunction.cpp: contexts
// and QFunctions (Fortran QFunction subroutines); interface-fortran-operator.cpp: operators.
#include <cstdint>
#include <cstdio>

#include "fortran/interface-fortran.hpp"

namespace ceed::fortran {

Table<Ceed, CeedDestroy>                                  ceeds;
Table<CeedVector, CeedVectorDestroy>                      vectors;
Table<CeedElemRestriction, CeedElemRestrictionDestroy>    restrictions;
Table<CeedBasis, CeedBasisDestroy>                        bases;
Table<CeedQFunctionContext, CeedQFunctionContextDestroy> contexts;
Table<CeedQFunction, CeedQFunctionDestroy>                qfunctions;
Table<CeedOperator, CeedOperatorDestroy>                  operators;

}  // namespace ceed::fortran

using namespace ceed::fortran;

// ---- Ceed -----------------------------------------------------------------------------------------------

CEED_FORTRAN(ceedinit)(const char *resource, int *ceed, int *err, FortranCharLen resource_len) {
  Ceed c = nullptr;
  *err   = CeedInit(FromFortran(resource, resource_len).c_str(), &c);
  Created(ceeds, *err, c, ceed);
}
CEED_FORTRAN(ceedisdeterministic)(int *ceed, int *is_deterministic, int *err) {
  bool value        = false;
  *err              = CeedIsDeterministic(ceeds.Get(*ceed), &value);
  *is_deterministic = value;
}
CEED_FORTRAN(ceedgetpreferredmemtype)(int *ceed, int *mem_type, int *err) {
  CeedMemType value = CEED_MEM_HOST;
  *err              = CeedGetPreferredMemType(ceeds.Get(*ceed), &value);
  *mem_type         = value;
}
CEED_FORTRAN(ceedview)(int *ceed, int *err) { *err = CeedView(ceeds.Get(*ceed), stdout); }
CEED_FORTRAN(ceedsetnumviewtabs)(int *ceed, int *num_tabs, int *err) { *err = CeedSetNumViewTabs(ceeds.Get(*ceed), *num_tabs); }
CEED_FORTRAN(ceeddestroy)(int *ceed, int *err) { *err = ceeds.Destroy(ceed); }

// ---- CeedVector -----------------------------------------------------------------------------------------

CEED_FORTRAN(ceedvectorcreate)(int *ceed, int *length, int *vec, int *err) {
  CeedVector v = nullptr;
  *err         = CeedVectorCreate(ceeds.Get(*ceed), *length, &v);
  Created(vectors, *err, v, vec);
}
CEED_FORTRAN(ceedvectorsetarray)(int *vec, int *mem_type, int *copy_mode, CeedScalar *array, int64_t *offset, int *err) {
  *err = CeedVectorSetArray(vectors.Get(*vec), static_cast<CeedMemType>(*mem_type), static_cast<CeedCopyMode>(*copy_mode), array + *offset);
}
CEED_FORTRAN(ceedvectortakearray)(int *vec, int *mem_type, CeedScalar *array, int64_t *offset, int *err) {
  CeedScalar *taken = nullptr;
  *err              = CeedVectorTakeArray(vectors.Get(*vec), static_cast<CeedMemType>(*mem_type), &taken);
  *offset           = *err ? 0 : taken - array;
}
CEED_FORTRAN(ceedvectorsyncarray)(int *vec, int *mem_type, int *err) { *err = CeedVectorSyncArray(vectors.Get(*vec), static_cast<CeedMemType>(*mem_type)); }
CEED_FORTRAN(ceedvectorsetvalue)(int *vec, CeedScalar *value, int *err) { *err = CeedVectorSetValue(vectors.Get(*vec), *value); }
CEED_FORTRAN(ceedvectorgetarray)(int *vec, int *mem_type, CeedScalar *array, int64_t *offset, int *err) {
  CeedScalar *data = nullptr;
  *err             = CeedVectorGetArray(vectors.Get(*vec), static_cast<CeedMemType>(*mem_type), &data);
  *offset          = *err ? 0 : data - array;
}
CEED_FORTRAN(ceedvectorgetarrayread)(int *vec, int *mem_type, CeedScalar *array, int64_t *offset, int *err) {
  const CeedScalar *data = nullptr;
  *err                   = CeedVectorGetArrayRead(vectors.Get(*vec), static_cast<CeedMemType>(*mem_type), &data);
  *offset                = *err ? 0 : data - array;
}
CEED_FORTRAN(ceedvectorgetarraywrite)(int *vec, int *mem_type, CeedScalar *array, int64_t *offset, int *err) {
  CeedScalar *data = nullptr;
  *err             = CeedVectorGetArrayWrite(vectors.Get(*vec), static_cast<CeedMemType>(*mem_type), &data);
  *offset          = *err ? 0 : data - array;
}
CEED_FORTRAN(ceedvectorrestorearray)(int *vec, CeedScalar *array, int64_t *offset, int *err) {
  CeedScalar *data = array + *offset;
  *err             = CeedVectorRestoreArray(vectors.Get(*vec), &data);
  *offset          = 0;
}
CEED_FORTRAN(ceedvectorrestorearrayread)(int *vec, const CeedScalar *array, int64_t *offset, int *err) {
  const CeedScalar *data = array + *offset;
  *err                   = CeedVectorRestoreArrayRead(vectors.Get(*vec), &data);
  *offset                = 0;
}
CEED_FORTRAN(ceedvectornorm)(int *vec, int *type, CeedScalar *norm, int *err) {
  *err = CeedVectorNorm(vectors.Get(*vec), static_cast<CeedNormType>(*type), norm);
}
// ceedrt extensions: the inner product on the vectors' backend, and the bytes copied between host and device.
CEED_FORTRAN(ceedvectordot)(int *x, int *y, CeedScalar *result, int *err) { *err = CeedVectorDot(vectors.Get(*x), vectors.Get(*y), result); }
CEED_FORTRAN(ceedgethostdevicebytes)(int64_t *host_to_device, int64_t *device_to_host, int *err) {
  CeedSize to_device = 0, to_host = 0;
  *err            = CeedGetHostDeviceBytes(&to_device, &to_host);
  *host_to_device = to_device;
  *device_to_host = to_host;
}
CEED_FORTRAN(ceedvectorreciprocal)(int *vec, int *err) { *err = CeedVectorReciprocal(vectors.Get(*vec)); }
CEED_FORTRAN(ceedvectorview)(int *vec, int *err) { *err = CeedVectorView(vectors.Get(*vec), "%12.8f", stdout); }
CEED_FORTRAN(ceedvectorsetnumviewtabs)(int *vec, int *num_tabs, int *err) { *err = CeedVectorSetNumViewTabs(vectors.Get(*vec), *num_tabs); }
CEED_FORTRAN(ceedvectordestroy)(int *vec, int *err) { *err = vectors.Destroy(vec); }

// ---- CeedVector: multiprecision extension (ceedrt) -------------------------------------------------------
// Arrays of the typed entry points are real*4 for ceed_scalar_fp32 and real*8 for ceed_scalar_fp64; offsets
// count elements of that type. The restore entry points need no type: they only end the access.

namespace {

intptr_t TypedSize(int scalar_type) { return scalar_type == CEED_SCALAR_FP32 ? sizeof(float) : sizeof(double); }

// The element at offset of a Fortran array of scalar_type.
void *TypedAt(void *array, int scalar_type, int64_t offset) {
  return reinterpret_cast<void *>(reinterpret_cast<intptr_t>(array) + static_cast<intptr_t>(offset) * TypedSize(scalar_type));
}

// The offset of data from a Fortran array of scalar_type, in elements (0 after an error).
int64_t TypedOffset(int err, const void *data, const void *array, int scalar_type) {
  if (err) return 0;
  return (reinterpret_cast<intptr_t>(data) - reinterpret_cast<intptr_t>(array)) / TypedSize(scalar_type);
}

}  // namespace

CEED_FORTRAN(ceedvectorsetarraytyped)(int *vec, int *mem_type, int *scalar_type, int *copy_mode, void *array, int64_t *offset, int *err) {
  *err = CeedVectorSetArrayTyped(vectors.Get(*vec), static_cast<CeedMemType>(*mem_type), static_cast<CeedScalarType>(*scalar_type),
                                 static_cast<CeedCopyMode>(*copy_mode), TypedAt(array, *scalar_type, *offset));
}
CEED_FORTRAN(ceedvectortakearraytyped)(int *vec, int *mem_type, int *scalar_type, void *array, int64_t *offset, int *err) {
  void *taken = nullptr;
  *err    = CeedVectorTakeArrayTyped(vectors.Get(*vec), static_cast<CeedMemType>(*mem_type), static_cast<CeedScalarType>(*scalar_type),
                                     &taken);
  *offset = TypedOffset(*err, taken, array, *scalar_type);
}
CEED_FORTRAN(ceedvectorsyncarraytyped)(int *vec, int *mem_type, int *scalar_type, int *err) {
  *err = CeedVectorSyncArrayTyped(vectors.Get(*vec), static_cast<CeedMemType>(*mem_type), static_cast<CeedScalarType>(*scalar_type));
}
CEED_FORTRAN(ceedvectorgetarraytyped)(int *vec, int *mem_type, int *scalar_type, void *array, int64_t *offset, int *err) {
  void *data = nullptr;
  *err       = CeedVectorGetArrayTyped(vectors.Get(*vec), static_cast<CeedMemType>(*mem_type), static_cast<CeedScalarType>(*scalar_type), &data);
  *offset    = TypedOffset(*err, data, array, *scalar_type);
}
CEED_FORTRAN(ceedvectorgetarrayreadtyped)(int *vec, int *mem_type, int *scalar_type, const void *array, int64_t *offset, int *err) {
  const void *data = nullptr;
  *err = CeedVectorGetArrayReadTyped(vectors.Get(*vec), static_cast<CeedMemType>(*mem_type), static_cast<CeedScalarType>(*scalar_type), &data);
  *offset = TypedOffset(*err, data, array, *scalar_type);
}
CEED_FORTRAN(ceedvectorgetarraywritetyped)(int *vec, int *mem_type, int *scalar_type, void *array, int64_t *offset, int *err) {
  void *data = nullptr;
  *err = CeedVectorGetArrayWriteTyped(vectors.Get(*vec), static_cast<CeedMemType>(*mem_type), static_cast<CeedScalarType>(*scalar_type), &data);
  *offset = TypedOffset(*err, data, array, *scalar_type);
}
CEED_FORTRAN(ceedvectorrestorearraytyped)(int *vec, void *array, int64_t *offset, int *err) {
  void *data = array;
  *err       = CeedVectorRestoreArrayTyped(vectors.Get(*vec), &data);
  *offset    = 0;
}
CEED_FORTRAN(ceedvectorrestorearrayreadtyped)(int *vec, const void *array, int64_t *offset, int *err) {
  const void *data = array;
  *err             = CeedVectorRestoreArrayReadTyped(vectors.Get(*vec), &data);
  *offset          = 0;
}
// has_valid_array: an integer, 1 or 0.
CEED_FORTRAN(ceedvectorhasvalidarraytyped)(int *vec, int *mem_type, int *scalar_type, int *has_valid_array, int *err) {
  bool value = false;
  *err = CeedVectorHasValidArrayTyped(vectors.Get(*vec), static_cast<CeedMemType>(*mem_type), static_cast<CeedScalarType>(*scalar_type), &value);
  *has_valid_array = value;
}
CEED_FORTRAN(ceedvectorsetpreferredscalartype)(int *vec, int *scalar_type, int *err) {
  *err = CeedVectorSetPreferredScalarType(vectors.Get(*vec), static_cast<CeedScalarType>(*scalar_type));
}
CEED_FORTRAN(ceedvectorgetpreferredscalartype)(int *vec, int *scalar_type, int *err) {
  CeedScalarType value = CEED_SCALAR_FP64;
  *err                 = CeedVectorGetPreferredScalarType(vectors.Get(*vec), &value);
  *scalar_type         = value;
}

// ---- CeedElemRestriction --------------------------------------------------------------------------------

CEED_FORTRAN(ceedelemrestrictioncreate)(int *ceed, int *num_elem, int *elem_size, int *num_comp, int *comp_stride, int *l_size, int *mem_type,
                                        int *copy_mode, const int *offsets, int *rstr, int *err) {
  CeedElemRestriction r = nullptr;
  *err = CeedElemRestrictionCreate(ceeds.Get(*ceed), *num_elem, *elem_size, *num_comp, *comp_stride, *l_size, static_cast<CeedMemType>(*mem_type),
                                   static_cast<CeedCopyMode>(*copy_mode), offsets, &r);
  Created(restrictions, *err, r, rstr);
}
// Orientations are one byte each (logical(1) arrays), as in libCEED's interface.
CEED_FORTRAN(ceedelemrestrictioncreateoriented)(int *ceed, int *num_elem, int *elem_size, int *num_comp, int *comp_stride, int *l_size,
                                                int *mem_type, int *copy_mode, const int *offsets, const bool *orients, int *rstr, int *err) {
  CeedElemRestriction r = nullptr;
  *err = CeedElemRestrictionCreateOriented(ceeds.Get(*ceed), *num_elem, *elem_size, *num_comp, *comp_stride, *l_size,
                                           static_cast<CeedMemType>(*mem_type), static_cast<CeedCopyMode>(*copy_mode), offsets, orients, &r);
  Created(restrictions, *err, r, rstr);
}
CEED_FORTRAN(ceedelemrestrictioncreatecurloriented)(int *ceed, int *num_elem, int *elem_size, int *num_comp, int *comp_stride, int *l_size,
                                                    int *mem_type, int *copy_mode, const int *offsets, const int8_t *curl_orients, int *rstr,
                                                    int *err) {
  CeedElemRestriction r = nullptr;
  *err = CeedElemRestrictionCreateCurlOriented(ceeds.Get(*ceed), *num_elem, *elem_size, *num_comp, *comp_stride, *l_size,
                                               static_cast<CeedMemType>(*mem_type), static_cast<CeedCopyMode>(*copy_mode), offsets, curl_orients, &r);
  Created(restrictions, *err, r, rstr);
}
CEED_FORTRAN(ceedelemrestrictioncreateblockedoriented)(int *ceed, int *num_elem, int *elem_size, int *block_size, int *num_comp, int *comp_stride,
                                                       int *l_size, int *mem_type, int *copy_mode, const int *offsets, const bool *orients, int *rstr,
                                                       int *err) {
  CeedElemRestriction r = nullptr;
  *err = CeedElemRestrictionCreateBlockedOriented(ceeds.Get(*ceed), *num_elem, *elem_size, *block_size, *num_comp, *comp_stride, *l_size,
                                                  static_cast<CeedMemType>(*mem_type), static_cast<CeedCopyMode>(*copy_mode), offsets, orients, &r);
  Created(restrictions, *err, r, rstr);
}
CEED_FORTRAN(ceedelemrestrictioncreateblockedcurloriented)(int *ceed, int *num_elem, int *elem_size, int *block_size, int *num_comp,
                                                           int *comp_stride, int *l_size, int *mem_type, int *copy_mode, const int *offsets,
                                                           const int8_t *curl_orients, int *rstr, int *err) {
  CeedElemRestriction r = nullptr;
  *err = CeedElemRestrictionCreateBlockedCurlOriented(ceeds.Get(*ceed), *num_elem, *elem_size, *block_size, *num_comp, *comp_stride, *l_size,
                                                      static_cast<CeedMemType>(*mem_type), static_cast<CeedCopyMode>(*copy_mode), offsets,
                                                      curl_orients, &r);
  Created(restrictions, *err, r, rstr);
}
CEED_FORTRAN(ceedelemrestrictioncreatestrided)(int *ceed, int *num_elem, int *elem_size, int *num_comp, int *l_size, int *strides, int *rstr,
                                               int *err) {
  CeedElemRestriction r = nullptr;
  *err = CeedElemRestrictionCreateStrided(ceeds.Get(*ceed), *num_elem, *elem_size, *num_comp, *l_size,
                                          *strides == kStridesBackend ? CEED_STRIDES_BACKEND : strides, &r);
  Created(restrictions, *err, r, rstr);
}
CEED_FORTRAN(ceedelemrestrictioncreateblocked)(int *ceed, int *num_elem, int *elem_size, int *block_size, int *num_comp, int *comp_stride,
                                               int *l_size, int *mem_type, int *copy_mode, const int *offsets, int *rstr, int *err) {
  CeedElemRestriction r = nullptr;
  *err = CeedElemRestrictionCreateBlocked(ceeds.Get(*ceed), *num_elem, *elem_size, *block_size, *num_comp, *comp_stride, *l_size,
                                          static_cast<CeedMemType>(*mem_type), static_cast<CeedCopyMode>(*copy_mode), offsets, &r);
  Created(restrictions, *err, r, rstr);
}
CEED_FORTRAN(ceedelemrestrictioncreateblockedstrided)(int *ceed, int *num_elem, int *elem_size, int *block_size, int *num_comp, int *l_size,
                                                      int *strides, int *rstr, int *err) {
  CeedElemRestriction r = nullptr;
  *err = CeedElemRestrictionCreateBlockedStrided(ceeds.Get(*ceed), *num_elem, *elem_size, *block_size, *num_comp, *l_size,
                                                 *strides == kStridesBackend ? CEED_STRIDES_BACKEND : strides, &r);
  Created(restrictions, *err, r, rstr);
}
CEED_FORTRAN(ceedelemrestrictionapply)(int *rstr, int *t_mode, int *u, int *ru, int *request, int *err) {
  Request req(*request);
  *err = CeedElemRestrictionApply(restrictions.Get(*rstr), static_cast<CeedTransposeMode>(*t_mode), vectors.Get(*u), vectors.Get(*ru), req.get());
}
CEED_FORTRAN(ceedelemrestrictionapplyblock)(int *rstr, int *block, int *t_mode, int *u, int *ru, int *request, int *err) {
  Request req(*request);
  *err = CeedElemRestrictionApplyBlock(restrictions.Get(*rstr), *block, static_cast<CeedTransposeMode>(*t_mode), vectors.Get(*u), vectors.Get(*ru),
                                       req.get());
}
CEED_FORTRAN(ceedelemrestrictiongetmultiplicity)(int *rstr, int *mult, int *err) {
  *err = CeedElemRestrictionGetMultiplicity(restrictions.Get(*rstr), vectors.Get(*mult));
}
CEED_FORTRAN(ceedelemrestrictiongetelayout)(int *rstr, int *layout, int *err) {
  CeedInt values[3] = {0, 0, 0};
  *err              = CeedElemRestrictionGetELayout(restrictions.Get(*rstr), values);
  for (int i = 0; i < 3; i++) layout[i] = values[i];
}
CEED_FORTRAN(ceedelemrestrictionview)(int *rstr, int *err) { *err = CeedElemRestrictionView(restrictions.Get(*rstr), stdout); }
CEED_FORTRAN(ceedelemrestrictionsetnumviewtabs)(int *rstr, int *num_tabs, int *err) {
  *err = CeedElemRestrictionSetNumViewTabs(restrictions.Get(*rstr), *num_tabs);
}
CEED_FORTRAN(ceedrequestwait)(int *request, int *err) {
  // Every request completes before the call that made it returns.
  (void)request;
  *err = CEED_ERROR_SUCCESS;
}
CEED_FORTRAN(ceedelemrestrictiondestroy)(int *rstr, int *err) { *err = restrictions.Destroy(rstr); }

// ---- CeedBasis ------------------------------------------------------------------------------------------

CEED_FORTRAN(ceedbasiscreatetensorh1lagrange)(int *ceed, int *dim, int *num_comp, int *P, int *Q, int *quad_mode, int *basis, int *err) {
  CeedBasis b = nullptr;
  *err        = CeedBasisCreateTensorH1Lagrange(ceeds.Get(*ceed), *dim, *num_comp, *P, *Q, static_cast<CeedQuadMode>(*quad_mode), &b);
  Created(bases, *err, b, basis);
}
CEED_FORTRAN(ceedbasiscreatetensorh1)(int *ceed, int *dim, int *num_comp, int *P_1d, int *Q_1d, const CeedScalar *interp_1d,
                                      const CeedScalar *grad_1d, const CeedScalar *q_ref_1d, const CeedScalar *q_weight_1d, int *basis, int *err) {
  CeedBasis b = nullptr;
  *err        = CeedBasisCreateTensorH1(ceeds.Get(*ceed), *dim, *num_comp, *P_1d, *Q_1d, interp_1d, grad_1d, q_ref_1d, q_weight_1d, &b);
  Created(bases, *err, b, basis);
}
CEED_FORTRAN(ceedbasiscreateh1)(int *ceed, int *topo, int *num_comp, int *num_nodes, int *num_qpts, const CeedScalar *interp,
                                const CeedScalar *grad, const CeedScalar *q_ref, const CeedScalar *q_weight, int *basis, int *err) {
  CeedBasis b = nullptr;
  *err = CeedBasisCreateH1(ceeds.Get(*ceed), static_cast<CeedElemTopology>(*topo), *num_comp, *num_nodes, *num_qpts, interp, grad, q_ref, q_weight,
                           &b);
  Created(bases, *err, b, basis);
}
CEED_FORTRAN(ceedbasiscreatehdiv)(int *ceed, int *topo, int *num_comp, int *num_nodes, int *num_qpts, const CeedScalar *interp,
                                  const CeedScalar *div, const CeedScalar *q_ref, const CeedScalar *q_weight, int *basis, int *err) {
  CeedBasis b = nullptr;
  *err = CeedBasisCreateHdiv(ceeds.Get(*ceed), static_cast<CeedElemTopology>(*topo), *num_comp, *num_nodes, *num_qpts, interp, div, q_ref, q_weight,
                             &b);
  Created(bases, *err, b, basis);
}
CEED_FORTRAN(ceedbasiscreatehcurl)(int *ceed, int *topo, int *num_comp, int *num_nodes, int *num_qpts, const CeedScalar *interp,
                                   const CeedScalar *curl, const CeedScalar *q_ref, const CeedScalar *q_weight, int *basis, int *err) {
  CeedBasis b = nullptr;
  *err = CeedBasisCreateHcurl(ceeds.Get(*ceed), static_cast<CeedElemTopology>(*topo), *num_comp, *num_nodes, *num_qpts, interp, curl, q_ref,
                              q_weight, &b);
  Created(bases, *err, b, basis);
}
CEED_FORTRAN(ceedbasisgetcollocatedgrad)(int *basis, CeedScalar *colo_grad_1d, int *err) {
  *err = CeedBasisGetCollocatedGrad(bases.Get(*basis), colo_grad_1d);
}
CEED_FORTRAN(ceedbasisview)(int *basis, int *err) { *err = CeedBasisView(bases.Get(*basis), stdout); }
CEED_FORTRAN(ceedbasissetnumviewtabs)(int *basis, int *num_tabs, int *err) { *err = CeedBasisSetNumViewTabs(bases.Get(*basis), *num_tabs); }
CEED_FORTRAN(ceedbasisapply)(int *basis, int *num_elem, int *t_mode, int *eval_mode, int *u, int *v, int *err) {
  *err = CeedBasisApply(bases.Get(*basis), *num_elem, static_cast<CeedTransposeMode>(*t_mode), static_cast<CeedEvalMode>(*eval_mode), VectorArg(*u),
                        vectors.Get(*v));
}
CEED_FORTRAN(ceedbasisgetnumnodes)(int *basis, int *P, int *err) { *err = CeedBasisGetNumNodes(bases.Get(*basis), P); }
CEED_FORTRAN(ceedbasisgetnumquadraturepoints)(int *basis, int *Q, int *err) { *err = CeedBasisGetNumQuadraturePoints(bases.Get(*basis), Q); }
CEED_FORTRAN(ceedbasisgetinterp1d)(int *basis, CeedScalar *interp_1d, int64_t *offset, int *err) {
  const CeedScalar *data = nullptr;
  *err                   = CeedBasisGetInterp1D(bases.Get(*basis), &data);
  *offset                = *err ? 0 : data - interp_1d;
}
CEED_FORTRAN(ceedbasisgetgrad1d)(int *basis, CeedScalar *grad_1d, int64_t *offset, int *err) {
  const CeedScalar *data = nullptr;
  *err                   = CeedBasisGetGrad1D(bases.Get(*basis), &data);
  *offset                = *err ? 0 : data - grad_1d;
}
CEED_FORTRAN(ceedbasisgetqref)(int *basis, CeedScalar *q_ref, int64_t *offset, int *err) {
  const CeedScalar *data = nullptr;
  *err                   = CeedBasisGetQRef(bases.Get(*basis), &data);
  *offset                = *err ? 0 : data - q_ref;
}
CEED_FORTRAN(ceedbasisdestroy)(int *basis, int *err) { *err = bases.Destroy(basis); }
CEED_FORTRAN(ceedgaussquadrature)(int *Q, CeedScalar *q_ref_1d, CeedScalar *q_weight_1d, int *err) {
  *err = CeedGaussQuadrature(*Q, q_ref_1d, q_weight_1d);
}
CEED_FORTRAN(ceedlobattoquadrature)(int *Q, CeedScalar *q_ref_1d, CeedScalar *q_weight_1d, int *err) {
  *err = CeedLobattoQuadrature(*Q, q_ref_1d, q_weight_1d);
}
