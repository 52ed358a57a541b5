// Fortran interface: the Fortran 77 calling convention of libCEED, so that libCEED Fortran applications
// (include 'ceed/fortran.h') compile and run unchanged.
//
// Every argument is passed by reference; objects are integer handles, indices into one table per object
// kind; the error code comes back in the last integer argument; strings carry their length as a hidden
// trailing argument; arrays of a vector or context are reached through an offset from an array the caller
// passes. Entry points are the lower-case names with gfortran's trailing underscore (CEED_FORTRAN).
//
// A Fortran QFunction subroutine takes (ctx, Q, u1..u16, v1..v16, ierr). Each distinct subroutine gets one
// C trampoline from a fixed set (kMaxFortranQFunctions); the trampoline finds the subroutine in its slot, so
// the QFunction's context stays the application's own context and every backend (JIT ones included, which
// compile the C twin named by the source string) sees the same data.
#include <ceed/ceed.h>

#include <array>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "qfunction.hpp"

// The exported name of Fortran entry point `name` (gfortran, and most Unix compilers: lower case plus _).
#define CEED_FORTRAN(name) CEED_EXTERN void name##_

namespace {

// Special handle values (ceed/fortran.h).
constexpr int kRequestImmediate = -1, kRequestOrdered = -2, kNull = -3, kStridesBackend = -4, kVectorActive = -5, kVectorNone = -6,
              kRstrNone = -7, kBasisNone = -8, kQFunctionNone = -9;

using FortranCharLen = size_t;  // hidden string length of gfortran >= 8

// Handles of one object kind. A handle stays valid until destroyed; the table restarts when none is live.
template <class T, int (*DestroyFn)(T *)>
class Table {
 public:
  int Add(T object) {
    objects_.push_back(object);
    live_++;
    return static_cast<int>(objects_.size()) - 1;
  }
  // NULL for an unknown handle: the C function called with it reports the error.
  T Get(int handle) const { return handle >= 0 && handle < static_cast<int>(objects_.size()) ? objects_[handle] : nullptr; }
  int Destroy(int *handle) {
    if (*handle == kNull) return CEED_ERROR_SUCCESS;
    if (*handle < 0 || *handle >= static_cast<int>(objects_.size()) || !objects_[*handle]) {
      return CeedError(nullptr, CEED_ERROR_INCOMPATIBLE, "Fortran interface: invalid handle %d", *handle);
    }
    const int ierr = DestroyFn(&objects_[*handle]);
    if (ierr) return ierr;
    *handle = kNull;
    if (--live_ == 0) objects_.clear();
    return CEED_ERROR_SUCCESS;
  }

 private:
  std::vector<T> objects_;
  int            live_ = 0;
};

Table<Ceed, CeedDestroy>                                  ceeds;
Table<CeedVector, CeedVectorDestroy>                      vectors;
Table<CeedElemRestriction, CeedElemRestrictionDestroy>    restrictions;
Table<CeedBasis, CeedBasisDestroy>                        bases;
Table<CeedQFunctionContext, CeedQFunctionContextDestroy> contexts;
Table<CeedQFunction, CeedQFunctionDestroy>                qfunctions;
Table<CeedOperator, CeedOperatorDestroy>                  operators;

// A Fortran string as a C string: up to its hidden length or a terminating NUL (trim(s)//char(0)).
std::string FromFortran(const char *s, FortranCharLen len) {
  size_t n = 0;
  while (n < len && s[n]) n++;
  return std::string(s, n);
}

// Handles that stand for the API's sentinels, else table lookups.
CeedVector VectorArg(int h) {
  if (h == kVectorActive) return CEED_VECTOR_ACTIVE;
  if (h == kVectorNone) return CEED_VECTOR_NONE;
  return h == kNull ? nullptr : vectors.Get(h);
}
CeedElemRestriction RstrArg(int h) { return h == kRstrNone ? CEED_ELEMRESTRICTION_NONE : h == kNull ? nullptr : restrictions.Get(h); }
CeedBasis           BasisArg(int h) { return h == kBasisNone ? CEED_BASIS_NONE : h == kNull ? nullptr : bases.Get(h); }
CeedQFunction       QFunctionArg(int h) { return h == kQFunctionNone ? CEED_QFUNCTION_NONE : qfunctions.Get(h); }

// Requests: immediate and ordered map to the API's; any other value asks for completion on return.
struct Request {
  explicit Request(int h) : handle(h) {}
  CeedRequest *get() {
    if (handle == kRequestImmediate) return CEED_REQUEST_IMMEDIATE;
    if (handle == kRequestOrdered) return CEED_REQUEST_ORDERED;
    return &request;
  }
  int         handle;
  CeedRequest request = nullptr;
};

// Stores a new object's handle when creation succeeded.
template <class TableT, class T>
void Created(TableT &table, int err, T object, int *handle) {
  if (!err) *handle = table.Add(object);
}

// ---- Fortran QFunctions --------------------------------------------------------------------------------

using FortranQFunction = void (*)(void *ctx, int *Q, const CeedScalar *, const CeedScalar *, const CeedScalar *, const CeedScalar *,
                                  const CeedScalar *, const CeedScalar *, const CeedScalar *, const CeedScalar *, const CeedScalar *,
                                  const CeedScalar *, const CeedScalar *, const CeedScalar *, const CeedScalar *, const CeedScalar *,
                                  const CeedScalar *, const CeedScalar *, CeedScalar *, CeedScalar *, CeedScalar *, CeedScalar *, CeedScalar *,
                                  CeedScalar *, CeedScalar *, CeedScalar *, CeedScalar *, CeedScalar *, CeedScalar *, CeedScalar *, CeedScalar *,
                                  CeedScalar *, CeedScalar *, CeedScalar *, int *err);

constexpr int kMaxFortranQFunctions = 128;

// One subroutine per slot; the field counts are the largest any QFunction using it declared (backends pass
// arrays of exactly that many pointers).
struct FortranSlot {
  FortranQFunction f       = nullptr;
  int              num_in  = 0;
  int              num_out = 0;
};
std::array<FortranSlot, kMaxFortranQFunctions> fortran_slots;
int                                            num_fortran_slots = 0;

template <int I>
int FortranTrampoline(void *ctx, CeedInt Q, const CeedScalar *const *in, CeedScalar *const *out) {
  const FortranSlot &slot = fortran_slots[I];
  const CeedScalar  *u[CEED_FIELD_MAX] = {nullptr};
  CeedScalar        *v[CEED_FIELD_MAX] = {nullptr};
  for (int i = 0; i < slot.num_in; i++) u[i] = in[i];
  for (int i = 0; i < slot.num_out; i++) v[i] = out[i];
  int q = Q, ierr = 0;
  slot.f(ctx, &q, u[0], u[1], u[2], u[3], u[4], u[5], u[6], u[7], u[8], u[9], u[10], u[11], u[12], u[13], u[14], u[15], v[0], v[1], v[2], v[3],
         v[4], v[5], v[6], v[7], v[8], v[9], v[10], v[11], v[12], v[13], v[14], v[15], &ierr);
  return ierr;
}

template <int... I>
constexpr std::array<CeedQFunctionUser, sizeof...(I)> MakeTrampolines(std::integer_sequence<int, I...>) {
  return {&FortranTrampoline<I>...};
}
constexpr std::array<CeedQFunctionUser, kMaxFortranQFunctions> fortran_trampolines =
    MakeTrampolines(std::make_integer_sequence<int, kMaxFortranQFunctions>{});

// The slot of f (a new one on first use); -1 when every slot is taken.
int FortranSlotOf(FortranQFunction f) {
  for (int i = 0; i < num_fortran_slots; i++)
    if (fortran_slots[i].f == f) return i;
  if (num_fortran_slots == kMaxFortranQFunctions) return -1;
  fortran_slots[num_fortran_slots].f = f;
  return num_fortran_slots++;
}

// After a field was added: the trampoline of a Fortran QFunction must pass that many arrays.
void NoteFortranFields(CeedQFunction qf) {
  for (int i = 0; i < num_fortran_slots; i++) {
    if (qf->function != fortran_trampolines[i]) continue;
    fortran_slots[i].num_in  = std::max<int>(fortran_slots[i].num_in, qf->num_input_fields);
    fortran_slots[i].num_out = std::max<int>(fortran_slots[i].num_out, qf->num_output_fields);
  }
}

}  // namespace

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
CEED_FORTRAN(ceedvectorreciprocal)(int *vec, int *err) { *err = CeedVectorReciprocal(vectors.Get(*vec)); }
CEED_FORTRAN(ceedvectorview)(int *vec, int *err) { *err = CeedVectorView(vectors.Get(*vec), "%12.8f", stdout); }
CEED_FORTRAN(ceedvectordestroy)(int *vec, int *err) { *err = vectors.Destroy(vec); }

// ---- CeedElemRestriction --------------------------------------------------------------------------------

CEED_FORTRAN(ceedelemrestrictioncreate)(int *ceed, int *num_elem, int *elem_size, int *num_comp, int *comp_stride, int *l_size, int *mem_type,
                                        int *copy_mode, const int *offsets, int *rstr, int *err) {
  CeedElemRestriction r = nullptr;
  *err = CeedElemRestrictionCreate(ceeds.Get(*ceed), *num_elem, *elem_size, *num_comp, *comp_stride, *l_size, static_cast<CeedMemType>(*mem_type),
                                   static_cast<CeedCopyMode>(*copy_mode), offsets, &r);
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
CEED_FORTRAN(ceedbasisview)(int *basis, int *err) { *err = CeedBasisView(bases.Get(*basis), stdout); }
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

// ---- CeedQFunctionContext -------------------------------------------------------------------------------

CEED_FORTRAN(ceedqfunctioncontextcreate)(int *ceed, int *ctx, int *err) {
  CeedQFunctionContext c = nullptr;
  *err                   = CeedQFunctionContextCreate(ceeds.Get(*ceed), &c);
  Created(contexts, *err, c, ctx);
}
// n: the number of CeedScalar values of the context data.
CEED_FORTRAN(ceedqfunctioncontextsetdata)(int *ctx, int *mem_type, int *copy_mode, CeedInt *n, CeedScalar *data, int64_t *offset, int *err) {
  *err = CeedQFunctionContextSetData(contexts.Get(*ctx), static_cast<CeedMemType>(*mem_type), static_cast<CeedCopyMode>(*copy_mode),
                                     static_cast<size_t>(*n) * sizeof(CeedScalar), data + *offset);
}
CEED_FORTRAN(ceedqfunctioncontextgetdata)(int *ctx, int *mem_type, CeedScalar *data, int64_t *offset, int *err) {
  CeedScalar *values = nullptr;
  *err               = CeedQFunctionContextGetData(contexts.Get(*ctx), static_cast<CeedMemType>(*mem_type), &values);
  *offset            = *err ? 0 : values - data;
}
CEED_FORTRAN(ceedqfunctioncontextrestoredata)(int *ctx, CeedScalar *data, int64_t *offset, int *err) {
  CeedScalar *values = data + *offset;
  *err               = CeedQFunctionContextRestoreData(contexts.Get(*ctx), &values);
  *offset            = 0;
}
CEED_FORTRAN(ceedqfunctioncontextview)(int *ctx, int *err) { *err = CeedQFunctionContextView(contexts.Get(*ctx), stdout); }
CEED_FORTRAN(ceedqfunctioncontextdestroy)(int *ctx, int *err) { *err = contexts.Destroy(ctx); }

// ---- CeedQFunction --------------------------------------------------------------------------------------

CEED_FORTRAN(ceedqfunctioncreateinterior)(int *ceed, int *vec_length, FortranQFunction f, const char *source, int *qf, int *err,
                                          FortranCharLen source_len) {
  const int slot = FortranSlotOf(f);
  if (slot < 0) {
    *err = CeedError(ceeds.Get(*ceed), CEED_ERROR_UNSUPPORTED, "Fortran interface: more than %d distinct Fortran QFunction subroutines",
                     kMaxFortranQFunctions);
    return;
  }
  CeedQFunction q = nullptr;
  *err = CeedQFunctionCreateInterior(ceeds.Get(*ceed), *vec_length, fortran_trampolines[slot], FromFortran(source, source_len).c_str(), &q);
  Created(qfunctions, *err, q, qf);
}
CEED_FORTRAN(ceedqfunctioncreateinteriorbyname)(int *ceed, const char *name, int *qf, int *err, FortranCharLen name_len) {
  CeedQFunction q = nullptr;
  *err            = CeedQFunctionCreateInteriorByName(ceeds.Get(*ceed), FromFortran(name, name_len).c_str(), &q);
  Created(qfunctions, *err, q, qf);
}
CEED_FORTRAN(ceedqfunctioncreateidentity)(int *ceed, int *size, int *in_mode, int *out_mode, int *qf, int *err) {
  CeedQFunction q = nullptr;
  *err = CeedQFunctionCreateIdentity(ceeds.Get(*ceed), *size, static_cast<CeedEvalMode>(*in_mode), static_cast<CeedEvalMode>(*out_mode), &q);
  Created(qfunctions, *err, q, qf);
}
CEED_FORTRAN(ceedqfunctionaddinput)(int *qf, const char *field_name, CeedInt *size, CeedEvalMode *eval_mode, int *err, FortranCharLen name_len) {
  CeedQFunction q = qfunctions.Get(*qf);
  *err            = CeedQFunctionAddInput(q, FromFortran(field_name, name_len).c_str(), *size, *eval_mode);
  if (!*err) NoteFortranFields(q);
}
CEED_FORTRAN(ceedqfunctionaddoutput)(int *qf, const char *field_name, CeedInt *size, CeedEvalMode *eval_mode, int *err, FortranCharLen name_len) {
  CeedQFunction q = qfunctions.Get(*qf);
  *err            = CeedQFunctionAddOutput(q, FromFortran(field_name, name_len).c_str(), *size, *eval_mode);
  if (!*err) NoteFortranFields(q);
}
CEED_FORTRAN(ceedqfunctionsetcontext)(int *qf, int *ctx, int *err) { *err = CeedQFunctionSetContext(qfunctions.Get(*qf), contexts.Get(*ctx)); }
CEED_FORTRAN(ceedqfunctionview)(int *qf, int *err) { *err = CeedQFunctionView(qfunctions.Get(*qf), stdout); }
// Inputs u1..u16 and outputs v1..v16 are vector handles; unused ones may be anything (ceed_null, say).
CEED_FORTRAN(ceedqfunctionapply)(int *qf, int *Q, int *u0, int *u1, int *u2, int *u3, int *u4, int *u5, int *u6, int *u7, int *u8, int *u9,
                                 int *u10, int *u11, int *u12, int *u13, int *u14, int *u15, int *v0, int *v1, int *v2, int *v3, int *v4, int *v5,
                                 int *v6, int *v7, int *v8, int *v9, int *v10, int *v11, int *v12, int *v13, int *v14, int *v15, int *err) {
  const int  *u[CEED_FIELD_MAX] = {u0, u1, u2, u3, u4, u5, u6, u7, u8, u9, u10, u11, u12, u13, u14, u15};
  const int  *v[CEED_FIELD_MAX] = {v0, v1, v2, v3, v4, v5, v6, v7, v8, v9, v10, v11, v12, v13, v14, v15};
  CeedVector  in[CEED_FIELD_MAX] = {nullptr}, out[CEED_FIELD_MAX] = {nullptr};
  CeedQFunction q       = qfunctions.Get(*qf);
  CeedInt       num_in = 0, num_out = 0;
  *err = CeedQFunctionGetNumArgs(q, &num_in, &num_out);
  if (*err) return;
  for (CeedInt i = 0; i < num_in; i++) in[i] = vectors.Get(*u[i]);
  for (CeedInt i = 0; i < num_out; i++) out[i] = vectors.Get(*v[i]);
  *err = CeedQFunctionApply(q, *Q, in, out);
}
CEED_FORTRAN(ceedqfunctiondestroy)(int *qf, int *err) { *err = qfunctions.Destroy(qf); }

// ---- CeedOperator ---------------------------------------------------------------------------------------

CEED_FORTRAN(ceedoperatorcreate)(int *ceed, int *qf, int *dqf, int *dqfT, int *op, int *err) {
  CeedOperator o = nullptr;
  *err           = CeedOperatorCreate(ceeds.Get(*ceed), qfunctions.Get(*qf), QFunctionArg(*dqf), QFunctionArg(*dqfT), &o);
  Created(operators, *err, o, op);
}
CEED_FORTRAN(ceedcompositeoperatorcreate)(int *ceed, int *op, int *err) {
  CeedOperator o = nullptr;
  *err           = CeedOperatorCreateComposite(ceeds.Get(*ceed), &o);
  Created(operators, *err, o, op);
}
CEED_FORTRAN(ceedoperatorsetfield)(int *op, const char *field_name, int *rstr, int *basis, int *vec, int *err, FortranCharLen name_len) {
  *err = CeedOperatorSetField(operators.Get(*op), FromFortran(field_name, name_len).c_str(), RstrArg(*rstr), BasisArg(*basis), VectorArg(*vec));
}
CEED_FORTRAN(ceedcompositeoperatoraddsub)(int *composite, int *sub, int *err) {
  *err = CeedOperatorCompositeAddSub(operators.Get(*composite), operators.Get(*sub));
}
CEED_FORTRAN(ceedoperatorsetname)(int *op, const char *name, int *err, FortranCharLen name_len) {
  *err = CeedOperatorSetName(operators.Get(*op), FromFortran(name, name_len).c_str());
}
CEED_FORTRAN(ceedoperatorlinearassembleqfunction)(int *op, int *assembled, int *rstr, int *request, int *err) {
  CeedVector          vec = nullptr;
  CeedElemRestriction r   = nullptr;
  Request             req(*request);
  *err = CeedOperatorLinearAssembleQFunction(operators.Get(*op), &vec, &r, req.get());
  Created(vectors, *err, vec, assembled);
  Created(restrictions, *err, r, rstr);
}
CEED_FORTRAN(ceedoperatorlinearassemblediagonal)(int *op, int *assembled, int *request, int *err) {
  Request req(*request);
  *err = CeedOperatorLinearAssembleDiagonal(operators.Get(*op), vectors.Get(*assembled), req.get());
}
CEED_FORTRAN(ceedoperatormultigridlevelcreate)(int *op_fine, int *p_mult_fine, int *rstr_coarse, int *basis_coarse, int *op_coarse,
                                               int *op_prolong, int *op_restrict, int *err) {
  CeedOperator coarse = nullptr, prolong = nullptr, restrict_op = nullptr;
  *err = CeedOperatorMultigridLevelCreate(operators.Get(*op_fine), vectors.Get(*p_mult_fine), restrictions.Get(*rstr_coarse), bases.Get(*basis_coarse),
                                          &coarse, &prolong, &restrict_op);
  Created(operators, *err, coarse, op_coarse);
  Created(operators, *err, prolong, op_prolong);
  Created(operators, *err, restrict_op, op_restrict);
}
CEED_FORTRAN(ceedoperatorview)(int *op, int *err) { *err = CeedOperatorView(operators.Get(*op), stdout); }
CEED_FORTRAN(ceedoperatorapply)(int *op, int *in, int *out, int *request, int *err) {
  Request req(*request);
  *err = CeedOperatorApply(operators.Get(*op), VectorArg(*in), VectorArg(*out), req.get());
}
CEED_FORTRAN(ceedoperatorapplyadd)(int *op, int *in, int *out, int *request, int *err) {
  Request req(*request);
  *err = CeedOperatorApplyAdd(operators.Get(*op), VectorArg(*in), VectorArg(*out), req.get());
}
CEED_FORTRAN(ceedoperatordestroy)(int *op, int *err) { *err = operators.Destroy(op); }
