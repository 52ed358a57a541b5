// Reference CPU backend: operator application out += E^T B^T D B E in (spec 06 §1, §3, §5).
//
// Data is set up once, on the first application: per field an E-vector for the whole operator (blocked
// for /cpu/self/ref/blocked, through a blocked copy of the field's restriction), a Q-vector handed to the
// QFunction, and a wrapper vector that borrows one element (block) slice of the E-vector for the basis.
// Every application restricts each input L-vector once, then loops over elements (blocks) pointing the
// wrappers at the current slice (CEED_USE_POINTER, no copies, no allocation): EVAL_NONE fields hand the
// E-data straight to the QFunction, WEIGHT data is computed once, outputs go through B^T into the output
// E-vectors, which are finally summed into the L-vectors with E^T. Operators at points are applied by the
// core's default (no ApplyAddAtPoints here).
#include <cstring>
#include <new>
#include <vector>

#include "ceed-ref.hpp"

namespace ceed::ref {
namespace {

struct Field {
  CeedEvalMode eval_mode = CEED_EVAL_NONE;
  CeedInt size = 0;                          // QFunction field size
  CeedElemRestriction rstr = nullptr;        // field restriction (reference; sentinel allowed)
  CeedElemRestriction rstr_apply = nullptr;  // restriction producing e_vec (blocked copy or reference)
  CeedBasis basis = nullptr;                 // reference (sentinel allowed)
  CeedVector vec = nullptr;                  // reference (sentinel allowed)
  CeedVector e_vec = nullptr;                // E-vector of the whole operator
  CeedSize e_stride = 0;                     // entries of one element (block) in e_vec
  CeedVector e_wrap = nullptr;               // borrows one slice of e_vec for the basis
  CeedVector q_vec = nullptr;                // Q-data given to the QFunction
  CeedVector vec_fp32 = nullptr;             // passive input preferring fp32: its fp32 values, read by E
  CeedScalar *e_data = nullptr;              // host data of e_vec while an application runs
};

struct OperatorData {
  CeedInt block_size = 1, num_elem = 0, num_blocks = 0, num_qpts = 0;
  bool is_identity_alias = false;
  std::vector<Field> inputs, outputs;
  std::vector<CeedVector> q_in, q_out;  // argument arrays of CeedQFunctionApply
};

int FieldDestroy(Field &f) {
  CeedCall(CeedVectorDestroy(&f.vec_fp32));
  CeedCall(CeedVectorDestroy(&f.e_wrap));
  CeedCall(CeedVectorDestroy(&f.q_vec));
  CeedCall(CeedVectorDestroy(&f.e_vec));
  CeedCall(CeedElemRestrictionDestroy(&f.rstr_apply));
  CeedCall(CeedElemRestrictionDestroy(&f.rstr));
  CeedCall(CeedBasisDestroy(&f.basis));
  CeedCall(CeedVectorDestroy(&f.vec));
  return CEED_ERROR_SUCCESS;
}

int DataDestroy(OperatorData *data) {
  if (!data) return CEED_ERROR_SUCCESS;
  for (Field &f : data->inputs) CeedCall(FieldDestroy(f));
  for (Field &f : data->outputs) CeedCall(FieldDestroy(f));
  delete data;
  return CEED_ERROR_SUCCESS;
}

// Blocked copy of a restriction built from its index data (block_size > 1).
int CreateBlocked(Ceed ceed, CeedElemRestriction rstr, CeedInt block_size, CeedElemRestriction *rstr_blk) {
  CeedRestrictionType type = CEED_RESTRICTION_STANDARD;
  CeedInt num_elem = 0, elem_size = 0, num_comp = 0, comp_stride = 1;
  CeedSize l_size = 0;
  CeedCallBackend(CeedElemRestrictionGetType(rstr, &type));
  CeedCallBackend(CeedElemRestrictionGetNumElements(rstr, &num_elem));
  CeedCallBackend(CeedElemRestrictionGetElementSize(rstr, &elem_size));
  CeedCallBackend(CeedElemRestrictionGetNumComponents(rstr, &num_comp));
  CeedCallBackend(CeedElemRestrictionGetLVectorSize(rstr, &l_size));
  if (type == CEED_RESTRICTION_STRIDED) {
    CeedInt strides[3];
    CeedCallBackend(CeedElemRestrictionGetStrides(rstr, strides));
    CeedCallBackend(CeedElemRestrictionCreateBlockedStrided(ceed, num_elem, elem_size, block_size, num_comp, l_size, strides, rstr_blk));
    return CEED_ERROR_SUCCESS;
  }
  CeedCheck(type != CEED_RESTRICTION_POINTS, ceed, CEED_ERROR_BACKEND, "Cannot block a CeedElemRestriction at points");
  CeedCallBackend(CeedElemRestrictionGetCompStride(rstr, &comp_stride));
  // Unsigned and unoriented copies apply less of the orientation data: block what they apply.
  bool use_signs = true, use_orients = true;
  CeedCallBackend(CeedElemRestrictionGetOrientationFlags(rstr, &use_signs, &use_orients));
  if (!use_orients || (type == CEED_RESTRICTION_ORIENTED && !use_signs)) type = CEED_RESTRICTION_STANDARD;
  const CeedInt *offsets = nullptr;
  CeedCallBackend(CeedElemRestrictionGetOffsets(rstr, CEED_MEM_HOST, &offsets));
  int ierr = CEED_ERROR_SUCCESS;
  if (type == CEED_RESTRICTION_ORIENTED) {
    const bool *orients = nullptr;
    ierr = CeedElemRestrictionGetOrientations(rstr, CEED_MEM_HOST, &orients);
    if (!ierr) {
      ierr = CeedElemRestrictionCreateBlockedOriented(ceed, num_elem, elem_size, block_size, num_comp, comp_stride, l_size, CEED_MEM_HOST,
                                                      CEED_COPY_VALUES, offsets, orients, rstr_blk);
      CeedElemRestrictionRestoreOrientations(rstr, &orients);
    }
  } else if (type == CEED_RESTRICTION_CURL_ORIENTED) {
    const CeedInt8 *curl_orients = nullptr;
    ierr = CeedElemRestrictionGetCurlOrientations(rstr, CEED_MEM_HOST, &curl_orients);
    if (!ierr) {
      std::vector<CeedInt8> magnitudes;  // unsigned copy: |T|
      if (!use_signs) {
        try {
          magnitudes.assign(curl_orients, curl_orients + static_cast<CeedSize>(num_elem) * elem_size * 3);
        } catch (...) {
          CeedElemRestrictionRestoreCurlOrientations(rstr, &curl_orients);
          CeedElemRestrictionRestoreOffsets(rstr, &offsets);
          return CeedError(ceed, CEED_ERROR_MAJOR, "Out of memory blocking an unsigned curl-oriented CeedElemRestriction");
        }
        for (CeedInt8 &t : magnitudes) t = t < 0 ? static_cast<CeedInt8>(-t) : t;
      }
      ierr = CeedElemRestrictionCreateBlockedCurlOriented(ceed, num_elem, elem_size, block_size, num_comp, comp_stride, l_size,
                                                          CEED_MEM_HOST, CEED_COPY_VALUES, offsets,
                                                          use_signs ? curl_orients : magnitudes.data(), rstr_blk);
      CeedElemRestrictionRestoreCurlOrientations(rstr, &curl_orients);
    }
  } else {
    ierr = CeedElemRestrictionCreateBlocked(ceed, num_elem, elem_size, block_size, num_comp, comp_stride, l_size, CEED_MEM_HOST,
                                            CEED_COPY_VALUES, offsets, rstr_blk);
  }
  CeedElemRestrictionRestoreOffsets(rstr, &offsets);
  CeedCallBackend(ierr);
  return CEED_ERROR_SUCCESS;
}

// Sets up one field: E-vector, wrapper and Q-vector (q_pts points per QFunction call).
int FieldSetup(Ceed ceed, const OperatorData &data, CeedOperatorField op_field, Field &f) {
  CeedCallBackend(CeedOperatorFieldGetData(op_field, nullptr, &f.rstr, &f.basis, &f.vec));
  CeedCallBackend(CeedOperatorFieldGetEvalMode(op_field, &f.eval_mode));
  const CeedInt blk   = data.block_size;
  const CeedInt q_pts = data.num_qpts * blk;
  CeedInt num_comp = 1, elem_size = 0;
  if (f.rstr != CEED_ELEMRESTRICTION_NONE) {
    CeedCallBackend(CeedElemRestrictionGetNumComponents(f.rstr, &num_comp));
    CeedCallBackend(CeedElemRestrictionGetElementSize(f.rstr, &elem_size));
    if (blk > 1) CeedCall(CreateBlocked(ceed, f.rstr, blk, &f.rstr_apply));
    else CeedCallBackend(CeedElemRestrictionReferenceCopy(f.rstr, &f.rstr_apply));
    CeedCallBackend(CeedElemRestrictionCreateVector(f.rstr_apply, nullptr, &f.e_vec));
    f.e_stride = (CeedSize)elem_size * num_comp * blk;
  }
  f.size = 0;
  switch (f.eval_mode) {
    case CEED_EVAL_WEIGHT:
      f.size = 1;
      break;
    case CEED_EVAL_NONE:
      f.size = num_comp;
      break;
    default: {
      CeedInt q_comp = 1, basis_comp = 1;
      CeedCallBackend(CeedBasisGetNumQuadratureComponents(f.basis, f.eval_mode, &q_comp));
      CeedCallBackend(CeedBasisGetNumComponents(f.basis, &basis_comp));
      f.size = q_comp * basis_comp;
      CeedCallBackend(CeedVectorCreate(ceed, f.e_stride, &f.e_wrap));
    }
  }
  CeedCallBackend(CeedVectorCreate(ceed, (CeedSize)f.size * q_pts, &f.q_vec));
  if (f.eval_mode == CEED_EVAL_WEIGHT) {
    CeedCallBackend(CeedBasisApply(f.basis, blk, CEED_NOTRANSPOSE, CEED_EVAL_WEIGHT, CEED_VECTOR_NONE, f.q_vec));
  } else if (f.eval_mode != CEED_EVAL_NONE) {
    // Owned storage, except EVAL_NONE slices that borrow E-data during an application.
    CeedCallBackend(CeedVectorSetValue(f.q_vec, 0.0));
  }
  return CEED_ERROR_SUCCESS;
}

int Setup(CeedOperator op, OperatorData *&data) {
  CeedCallBackend(CeedOperatorGetData(op, &data));
  bool done = false;
  CeedCallBackend(CeedOperatorIsSetupDone(op, &done));
  if (done) return CEED_ERROR_SUCCESS;
  Ceed ceed = CeedOperatorReturnCeed(op);
  auto *d   = new (std::nothrow) OperatorData();
  CeedCheck(d, ceed, CEED_ERROR_MAJOR, "Out of memory setting up a CeedOperator");
  CeedInt num_in = 0, num_out = 0;
  CeedOperatorField *in_fields = nullptr, *out_fields = nullptr;
  int ierr = CeedOperatorGetFields(op, &num_in, &in_fields, &num_out, &out_fields);
  if (!ierr) ierr = CeedOperatorGetNumElements(op, &d->num_elem);
  if (!ierr) ierr = CeedOperatorGetNumQuadraturePoints(op, &d->num_qpts);
  if (ierr) {
    DataDestroy(d);
    return ierr > 0 ? CEED_ERROR_BACKEND : ierr;
  }
  d->block_size = BlockSize(ceed);
  d->num_blocks = (d->num_elem + d->block_size - 1) / d->block_size;
  try {
    d->inputs.resize(num_in);
    d->outputs.resize(num_out);
    d->q_in.resize(num_in);
    d->q_out.resize(num_out);
  } catch (...) {
    DataDestroy(d);
    return CeedError(ceed, CEED_ERROR_MAJOR, "Out of memory setting up a CeedOperator");
  }
  for (CeedInt i = 0; i < num_in && !ierr; i++) ierr = FieldSetup(ceed, *d, in_fields[i], d->inputs[i]);
  for (CeedInt i = 0; i < num_out && !ierr; i++) ierr = FieldSetup(ceed, *d, out_fields[i], d->outputs[i]);
  if (ierr) {
    DataDestroy(d);
    return ierr;
  }
  for (CeedInt i = 0; i < num_in; i++) d->q_in[i] = d->inputs[i].q_vec;
  for (CeedInt i = 0; i < num_out; i++) d->q_out[i] = d->outputs[i].q_vec;
  // The identity QFunction copies its input: the output reads the input Q-data directly.
  CeedQFunction qf = nullptr;
  bool is_identity = false;
  CeedCallBackend(CeedOperatorGetQFunction(op, &qf));
  CeedCallBackend(CeedQFunctionIsIdentity(qf, &is_identity));
  d->is_identity_alias = is_identity && num_in == 1 && num_out == 1 && d->inputs[0].size == d->outputs[0].size &&
                         d->inputs[0].eval_mode != CEED_EVAL_WEIGHT;
  data = d;
  CeedCallBackend(CeedOperatorSetData(op, d));
  return CeedOperatorSetSetupDone(op);
}

// Releases the host arrays held during an application (also on error paths).
struct ArrayGuard {
  OperatorData *data;
  int Release() {
    int ierr = CEED_ERROR_SUCCESS;
    for (Field &f : data->inputs) {
      if (!f.e_data) continue;
      const CeedScalar *p = f.e_data;
      f.e_data            = nullptr;
      int e               = CeedVectorRestoreArrayRead(f.e_vec, &p);
      if (!ierr) ierr = e;
    }
    for (Field &f : data->outputs) {
      if (!f.e_data) continue;
      int e = CeedVectorRestoreArray(f.e_vec, &f.e_data);
      if (!ierr) ierr = e;
    }
    return ierr;
  }
  ~ArrayGuard() { Release(); }
};

// The L-vector a field reads or writes.
inline CeedVector LVector(const Field &f, CeedVector active) { return f.vec == CEED_VECTOR_ACTIVE ? active : f.vec; }

int ApplyBlocks(CeedOperator op, OperatorData *d) {
  CeedQFunction qf = nullptr;
  CeedCallBackend(CeedOperatorGetQFunction(op, &qf));
  const CeedInt blk = d->block_size, q_pts = d->num_qpts * blk;
  for (CeedInt b = 0; b < d->num_blocks; b++) {
    for (Field &f : d->inputs) {
      if (f.eval_mode == CEED_EVAL_WEIGHT) continue;
      CeedScalar *slice = f.e_data + b * f.e_stride;
      if (f.eval_mode == CEED_EVAL_NONE) {
        CeedCallBackend(CeedVectorSetArray(f.q_vec, CEED_MEM_HOST, CEED_USE_POINTER, slice));
      } else {
        CeedCallBackend(CeedVectorSetArray(f.e_wrap, CEED_MEM_HOST, CEED_USE_POINTER, slice));
        CeedCallBackend(CeedBasisApply(f.basis, blk, CEED_NOTRANSPOSE, f.eval_mode, f.e_wrap, f.q_vec));
      }
    }
    for (Field &f : d->outputs) {
      if (f.eval_mode == CEED_EVAL_NONE && !d->is_identity_alias)
        CeedCallBackend(CeedVectorSetArray(f.q_vec, CEED_MEM_HOST, CEED_USE_POINTER, f.e_data + b * f.e_stride));
    }
    if (!d->is_identity_alias) CeedCallBackend(CeedQFunctionApply(qf, q_pts, d->q_in.data(), d->q_out.data()));
    for (Field &f : d->outputs) {
      CeedVector q_src  = d->is_identity_alias ? d->inputs[0].q_vec : f.q_vec;
      CeedScalar *slice = f.e_data + b * f.e_stride;
      if (f.eval_mode == CEED_EVAL_NONE) {
        if (!d->is_identity_alias) continue;  // the QFunction wrote into the slice
        const CeedScalar *src = nullptr;
        CeedCallBackend(CeedVectorGetArrayRead(q_src, CEED_MEM_HOST, &src));
        std::memcpy(slice, src, sizeof(CeedScalar) * f.e_stride);
        CeedCallBackend(CeedVectorRestoreArrayRead(q_src, &src));
      } else {
        CeedCallBackend(CeedVectorSetArray(f.e_wrap, CEED_MEM_HOST, CEED_USE_POINTER, slice));
        CeedCallBackend(CeedBasisApply(f.basis, blk, CEED_TRANSPOSE, f.eval_mode, q_src, f.e_wrap));
      }
    }
  }
  return CEED_ERROR_SUCCESS;
}

// The vector E reads for a passive input: the vector itself, or for one preferring fp32 a copy of its fp32
// values alone (made valid if needed), which the fp64 restriction then reads converted exactly. Passive inputs
// are read in their preferred precision, as /cpu/self/gen's kernels read them (docs/multiprecision.md).
int PassiveInputAsPreferred(Ceed ceed, Field &f, CeedVector *l_vec) {
  *l_vec                = f.vec;
  CeedScalarType prefer = CEED_SCALAR_FP64;
  CeedCallBackend(CeedVectorGetPreferredScalarType(f.vec, &prefer));
  if (prefer != CEED_SCALAR_FP32) return CEED_ERROR_SUCCESS;
  CeedSize length = 0;
  CeedCallBackend(CeedVectorGetLength(f.vec, &length));
  if (!f.vec_fp32) CeedCallBackend(CeedVectorCreate(ceed, length, &f.vec_fp32));
  const void *values = nullptr;
  CeedCallBackend(CeedVectorGetArrayReadTyped(f.vec, CEED_MEM_HOST, CEED_SCALAR_FP32, &values));
  const int ierr = CeedVectorSetArrayTyped(f.vec_fp32, CEED_MEM_HOST, CEED_SCALAR_FP32, CEED_COPY_VALUES, const_cast<void *>(values));
  CeedCallBackend(CeedVectorRestoreArrayReadTyped(f.vec, &values));
  CeedCallBackend(ierr);
  *l_vec = f.vec_fp32;
  return CEED_ERROR_SUCCESS;
}

int ApplyAdd(CeedOperator op, CeedVector in, CeedVector out, CeedRequest *) {
  OperatorData *d = nullptr;
  CeedCall(Setup(op, d));
  // E: restrict every input L-vector once.
  for (Field &f : d->inputs) {
    if (!f.e_vec) continue;
    CeedVector l_vec = LVector(f, in);
    if (f.vec != CEED_VECTOR_ACTIVE && f.vec != CEED_VECTOR_NONE) CeedCall(PassiveInputAsPreferred(CeedOperatorReturnCeed(op), f, &l_vec));
    CeedCallBackend(CeedElemRestrictionApply(f.rstr_apply, CEED_NOTRANSPOSE, l_vec, f.e_vec, CEED_REQUEST_IMMEDIATE));
  }
  {
    ArrayGuard guard{d};
    for (Field &f : d->inputs) {
      if (!f.e_vec) continue;
      const CeedScalar *p = nullptr;
      CeedCallBackend(CeedVectorGetArrayRead(f.e_vec, CEED_MEM_HOST, &p));
      f.e_data = const_cast<CeedScalar *>(p);  // read only: handed to the QFunction as input data
    }
    for (Field &f : d->outputs) {
      if (f.e_vec) CeedCallBackend(CeedVectorGetArrayWrite(f.e_vec, CEED_MEM_HOST, &f.e_data));
    }
    // B, D, B^T per element (block).
    CeedCall(ApplyBlocks(op, d));
    CeedCallBackend(guard.Release());
  }
  // E^T: sum the output E-vectors into the L-vectors.
  for (Field &f : d->outputs) {
    if (!f.e_vec) continue;
    CeedCallBackend(CeedElemRestrictionApply(f.rstr_apply, CEED_TRANSPOSE, f.e_vec, LVector(f, out), CEED_REQUEST_IMMEDIATE));
  }
  return CEED_ERROR_SUCCESS;
}

int Destroy(CeedOperator op) {
  OperatorData *d = nullptr;
  CeedCallBackend(CeedOperatorGetData(op, &d));
  CeedCallBackend(DataDestroy(d));
  return CeedOperatorSetData(op, nullptr);
}

}  // namespace

int OperatorCreate(CeedOperator op) {
  CeedOperatorBackendOps ops{};
  ops.size     = sizeof(ops);
  ops.ApplyAdd = ApplyAdd;
  ops.Destroy  = Destroy;
  return CeedOperatorSetBackendOps(op, &ops);
}

}  // namespace ceed::ref
