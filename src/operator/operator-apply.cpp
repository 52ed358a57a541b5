// CeedOperator: readiness, application and FLOP estimates (spec 06 §1, §3, §10).
#include <algorithm>

#include "operator/operator.hpp"
#include "qfunction/qfunction.hpp"
#include "vector/vector.hpp"

namespace ceed {

bool OperatorCompositeLengths(CeedOperator op, CeedSize &input_size, CeedSize &output_size, CeedInt &bad_index) {
  input_size  = -1;
  output_size = -1;
  for (size_t i = 0; i < op->sub_operators.size(); i++) {
    const OperatorShape &sub = op->sub_operators[i]->shape;
    if ((sub.input_size != -1 && input_size != -1 && sub.input_size != input_size) ||
        (sub.output_size != -1 && output_size != -1 && sub.output_size != output_size)) {
      bad_index = (CeedInt)i;
      return false;
    }
    if (sub.input_size != -1) input_size = sub.input_size;
    if (sub.output_size != -1) output_size = sub.output_size;
  }
  if (op->sub_operators.empty()) input_size = output_size = 0;
  return true;
}

int OperatorZeroPassiveOutputs(CeedOperator op) {
  if (op->is_composite) {
    for (CeedOperator sub : op->sub_operators) CeedCall(OperatorZeroPassiveOutputs(sub));
    return CEED_ERROR_SUCCESS;
  }
  for (CeedOperatorField field : op->output_fields) {
    if (field && field->vec != CEED_VECTOR_ACTIVE && field->vec != CEED_VECTOR_NONE) CeedCall(CeedVectorSetValue(field->vec, 0.0));
  }
  return CEED_ERROR_SUCCESS;
}

void OperatorMarkImmutable(CeedOperator op) {
  op->is_immutable = true;
  for (CeedOperator sub : op->sub_operators) sub->is_immutable = true;
}

// Checks the vectors given to an apply function against the operator's active lengths.
static int CheckApplyVectors(CeedOperator op, CeedVector in, CeedVector out, const char *func) {
  Ceed ceed = op->header.ceed;
  if (!in || !out)
    return CeedOperatorError(ceed, func, CEED_ERROR_INCOMPATIBLE, "%s vector is NULL; use CEED_VECTOR_NONE", !in ? "Input" : "Output");
  if (in == CEED_VECTOR_ACTIVE || out == CEED_VECTOR_ACTIVE)
    return CeedOperatorError(ceed, func, CEED_ERROR_INCOMPATIBLE, "CEED_VECTOR_ACTIVE cannot be passed as the %s vector of an apply",
                             in == CEED_VECTOR_ACTIVE ? "input" : "output");
  if (in == out && in != CEED_VECTOR_NONE)
    return CeedOperatorError(ceed, func, CEED_ERROR_INCOMPATIBLE, "Input and output vectors of a CeedOperator apply must be distinct");
  const CeedSize sizes[2] = {op->shape.input_size, op->shape.output_size};
  const CeedVector vecs[2] = {in, out};
  for (int i = 0; i < 2; i++) {
    const char *kind = i == 0 ? "input" : "output";
    if (sizes[i] <= 0) continue;
    if (vecs[i] == CEED_VECTOR_NONE)
      return CeedOperatorError(ceed, func, CEED_ERROR_INCOMPATIBLE,
                               "CeedOperator has an active %s of length %lld but the %s vector is CEED_VECTOR_NONE", kind,
                               (long long)sizes[i], kind);
    CeedSize len = 0;
    CeedCall(CeedVectorGetLength(vecs[i], &len));
    if (len < sizes[i])
      return CeedOperatorError(ceed, func, CEED_ERROR_DIMENSION, "Active %s vector of length %lld is shorter than the operator's %s length %lld",
                               kind, (long long)len, kind, (long long)sizes[i]);
  }
  return CEED_ERROR_SUCCESS;
}

// Refuses vectors an application could not read or write (no valid data, an access lock held) before the
// outputs are touched; func names the public function. An input that some (sub-)operator also writes (in
// written) may get its data from that write, so only its lock is checked.
static int CheckApplyVectorStates(CeedOperator op, CeedVector in, CeedVector out, const std::vector<CeedVector> &written, const char *func) {
  for (CeedOperator sub : op->sub_operators) CeedCall(CheckApplyVectorStates(sub, in, out, written, func));
  for (int io = 0; io < 2; io++) {
    for (CeedOperatorField field : io == 0 ? op->input_fields : op->output_fields) {
      if (!field || field->vec == CEED_VECTOR_NONE) continue;
      const bool     active = field->vec == CEED_VECTOR_ACTIVE;
      const CeedVector vec  = active ? (io == 0 ? in : out) : field->vec;
      if (vec == CEED_VECTOR_NONE) continue;
      const char *role = io == 0 ? (active ? "active input" : "passive input") : (active ? "active output" : "passive output");
      if (vec->state % 2 == 1 || (io == 1 && vec->num_readers > 0))
        return CeedOperatorError(op->header.ceed, func, CEED_ERROR_ACCESS, "The %s vector of field %s is in use (its access lock is held)",
                                 role, field->name.c_str());
      if (io == 0 && !VectorHasValidData(vec) && std::find(written.begin(), written.end(), vec) == written.end())
        return CeedOperatorError(op->header.ceed, func, CEED_ERROR_BACKEND,
                                 "The %s vector of field %s has no valid data, must set data with CeedVectorSetValue or CeedVectorSetArray",
                                 role, field->name.c_str());
    }
  }
  return CEED_ERROR_SUCCESS;
}

// The backend's ApplyAdd (or the core's at-points default) of a single operator, in fp64.
static int OperatorApplyAddSingle(CeedOperator op, CeedVector in, CeedVector out, CeedRequest *request) {
  if (op->is_at_points) {
    if (op->ops.ApplyAddAtPoints) return op->ops.ApplyAddAtPoints(op, in, out, request);
    return OperatorApplyAddAtPointsDefault(op, in, out);
  }
  CeedCheck(op->ops.ApplyAdd, op->header.ceed, CEED_ERROR_UNSUPPORTED, "Backend does not implement CeedOperatorApplyAdd");
  return op->ops.ApplyAdd(op, in, out, request);
}

// Whether a single operator computes natively in its precision mode. A mode that needs fp32 computation on a
// backend that cannot do it is refused here, before anything is changed: the core can only emulate low-high
// (fp32 vectors around the fp64 operator).
static int OperatorPrecisionIsNative(CeedOperator op, bool *native) {
  const CeedOperatorPrecision precision = op->precision;
  *native                               = precision == CEED_PRECISION_FP64;
  if (*native || op->shape.num_elem == 0) return CEED_ERROR_SUCCESS;
  if (op->ops.SupportsPrecision && !op->is_at_points) CeedCall(op->ops.SupportsPrecision(op, precision, native));
  if (*native || precision == CEED_PRECISION_LOW_HIGH) return CEED_ERROR_SUCCESS;
  const char *resource = "";
  CeedCall(CeedGetResource(op->header.ceed, &resource));
  return CeedOperatorError(op->header.ceed, "CeedOperatorApply", CEED_ERROR_UNSUPPORTED,
                           "CeedOperator precision %s computes in fp32, which backend %s cannot do for this operator (it calls QFunctions "
                           "compiled in fp64%s); use CEED_PRECISION_LOW_HIGH or CEED_PRECISION_FP64 here, or a JIT backend such as "
                           "/cpu/self/gen or /gpu/cuda/gen",
                           CeedOperatorPrecisions[precision], resource, op->is_at_points ? ", operators at points" : "");
}

// Refuses an application that some (sub-)operator's mode rules out, before any vector is touched.
static int OperatorCheckPrecisions(CeedOperator op) {
  for (CeedOperator sub : op->sub_operators) CeedCall(OperatorCheckPrecisions(sub));
  if (op->is_composite) return CEED_ERROR_SUCCESS;
  bool native = false;
  return OperatorPrecisionIsNative(op, &native);
}

// An fp64 vector holding vec's values rounded to fp32, as a low-high operator reads its active input: the
// fp32 copy (made if needed) handed over alone, so that the fp64 operator reads it converted exactly.
static int VectorRoundedToFp32(CeedVector vec, CeedVector *rounded) {
  CeedMemType mem_type = CEED_MEM_HOST;
  CeedCall(CeedGetPreferredMemType(vec->header.ceed, &mem_type));
  CeedCall(CeedVectorCreate(vec->header.ceed, vec->length, rounded));
  const void *values = nullptr;
  int ierr = CeedVectorGetArrayReadTyped(vec, mem_type, CEED_SCALAR_FP32, &values);
  if (!ierr) {
    ierr = CeedVectorSetArrayTyped(*rounded, mem_type, CEED_SCALAR_FP32, CEED_COPY_VALUES, const_cast<void *>(values));
    const int ierr_restore = CeedVectorRestoreArrayReadTyped(vec, &values);
    if (!ierr) ierr = ierr_restore;
  }
  if (ierr) CeedVectorDestroy(rounded);
  return ierr;
}

// A single operator in its precision mode: natively when the backend says it honours the mode, otherwise
// (low-high only, the others were refused by OperatorCheckPrecisions) the fp64 operator on the input rounded
// to fp32, with the active output converted to fp32 afterwards.
static int OperatorApplyAddInPrecision(CeedOperator op, CeedVector in, CeedVector out, CeedRequest *request) {
  bool native = false;
  CeedCall(OperatorPrecisionIsNative(op, &native));
  if (native) return OperatorApplyAddSingle(op, in, out, request);
  CeedVector in_fp32 = CEED_VECTOR_NONE;
  if (in != CEED_VECTOR_NONE) CeedCall(VectorRoundedToFp32(in, &in_fp32));
  int ierr = OperatorApplyAddSingle(op, in_fp32, out, request);
  if (in_fp32 != CEED_VECTOR_NONE) {
    const int ierr_destroy = CeedVectorDestroy(&in_fp32);
    if (!ierr) ierr = ierr_destroy;
  }
  CeedCall(ierr);
  if (out != CEED_VECTOR_NONE) CeedCall(VectorKeepOnly(out, CEED_SCALAR_FP32, "CeedOperatorApply"));
  return CEED_ERROR_SUCCESS;
}

// out += A in, passive outputs included; op is ready and the vectors were checked.
static int OperatorApplyAddCore(CeedOperator op, CeedVector in, CeedVector out, CeedRequest *request) {
  OperatorMarkImmutable(op);
  if (op->is_composite) {
    if (op->ops.ApplyAddComposite) return op->ops.ApplyAddComposite(op, in, out, request);
    for (CeedOperator sub : op->sub_operators) CeedCall(OperatorApplyAddCore(sub, in, out, request));
    return CEED_ERROR_SUCCESS;
  }
  if (op->shape.num_elem == 0) return CEED_ERROR_SUCCESS;
  return OperatorApplyAddInPrecision(op, in, out, request);
}


}  // namespace ceed

int CeedOperatorCheckReady(CeedOperator op) {
  CeedCheck(op, NULL, CEED_ERROR_INCOMPATIBLE, "CeedOperator handle is NULL");
  Ceed ceed = op->header.ceed;
  if (op->is_composite) {
    for (CeedOperator sub : op->sub_operators) CeedCall(CeedOperatorCheckReady(sub));
    CeedSize input_size = -1, output_size = -1;
    CeedInt bad         = 0;
    CeedCheck(ceed::OperatorCompositeLengths(op, input_size, output_size, bad), ceed, CEED_ERROR_MAJOR,
              "Sub-operator %d of the composite operator has active vector lengths (%lld, %lld) incompatible with the other "
              "sub-operators",
              bad, (long long)op->sub_operators[bad]->shape.input_size, (long long)op->sub_operators[bad]->shape.output_size);
    op->shape.input_size  = input_size;
    op->shape.output_size = output_size;
    op->is_ready          = true;
    return CEED_ERROR_SUCCESS;
  }
  if (op->is_ready) return CEED_ERROR_SUCCESS;
  CEED_API_TRY
  CeedInt num_in = 0, num_out = 0;
  CeedCall(CeedQFunctionGetNumArgs(op->qf, &num_in, &num_out));
  if ((CeedInt)op->input_fields.size() < num_in) op->input_fields.resize(num_in, nullptr);
  if ((CeedInt)op->output_fields.size() < num_out) op->output_fields.resize(num_out, nullptr);
  CeedCheck(op->shape.num_fields > 0, ceed, CEED_ERROR_INCOMPLETE, "No operator fields set");
  CeedCheck(op->shape.num_fields == num_in + num_out, ceed, CEED_ERROR_INCOMPLETE, "Not all operator fields set");
  bool has_rstr = false;
  for (const auto *fields : {&op->input_fields, &op->output_fields}) {
    for (CeedOperatorField field : *fields) has_rstr = has_rstr || field->rstr != CEED_ELEMRESTRICTION_NONE;
  }
  CeedCheck(has_rstr, ceed, CEED_ERROR_INCOMPLETE, "At least one restriction required");
  CeedCheck(op->is_at_points || op->shape.num_qpts > 0, ceed, CEED_ERROR_INCOMPLETE,
            "At least one non-collocated CeedBasis is required or the number of quadrature points must be set");
  CeedCheck(!op->is_at_points || op->rstr_points, ceed, CEED_ERROR_INCOMPLETE,
            "Operator at points has no points; set them with CeedOperatorAtPointsSetPoints");
  // Readiness freezes the QFunctions (getting their fields marks them immutable).
  for (CeedQFunction qf : {op->qf, op->dqf, op->dqfT}) {
    if (qf && qf != CEED_QFUNCTION_NONE) CeedCall(ceed::QFunctionCheckMinimumFields(qf));
    if (qf) CeedCall(CeedQFunctionGetFields(qf, nullptr, nullptr, nullptr, nullptr));
  }
  op->is_ready = true;
  return CEED_ERROR_SUCCESS;
  CEED_API_CATCH(ceed)
}

int CeedOperatorGetActiveVectorLengths(CeedOperator op, CeedSize *input_size, CeedSize *output_size) {
  CeedCheck(op, NULL, CEED_ERROR_INCOMPATIBLE, "CeedOperator handle is NULL");
  CeedSize in = op->shape.input_size, out = op->shape.output_size;
  if (op->is_composite) {
    CeedInt bad = 0;
    CeedCheck(ceed::OperatorCompositeLengths(op, in, out, bad), op->header.ceed, CEED_ERROR_MAJOR,
              "Sub-operator %d of the composite operator has active vector lengths (%lld, %lld) incompatible with the other "
              "sub-operators",
              bad, (long long)op->sub_operators[bad]->shape.input_size, (long long)op->sub_operators[bad]->shape.output_size);
  }
  if (input_size) *input_size = in;
  if (output_size) *output_size = out;
  return CEED_ERROR_SUCCESS;
}

namespace {

// Passive output vectors of op and its sub-operators.
void CollectPassiveOutputs(CeedOperator op, std::vector<CeedVector> &vecs) {
  for (CeedOperator sub : op->sub_operators) CollectPassiveOutputs(sub, vecs);
  for (CeedOperatorField field : op->output_fields) {
    if (field && !ceed::IsVectorSentinel(field->vec)) vecs.push_back(field->vec);
  }
}

// The three apply functions. Every check (readiness, vectors, precision modes) comes before the first change,
// so that a refused call changes nothing. A failure after that (a QFunction or a device reporting an error, an
// allocation failing halfway) cannot be undone cheaply: every output vector it wrote to is then marked
// invalid (no valid data in any precision) instead of being left half-written (docs/multiprecision.md).
int OperatorApplyChecked(CeedOperator op, CeedVector in, CeedVector out, CeedRequest *request, bool zero_out, bool zero_passive,
                         const char *func) {
  CeedCall(CeedOperatorCheckReady(op));
  CeedCall(ceed::CheckApplyVectors(op, in, out, func));
  std::vector<CeedVector> outputs;
  CollectPassiveOutputs(op, outputs);
  if (out != CEED_VECTOR_NONE) outputs.push_back(out);
  CeedCall(ceed::CheckApplyVectorStates(op, in, out, outputs, func));
  CeedCall(ceed::OperatorCheckPrecisions(op));
  std::vector<uint64_t> states;
  for (CeedVector vec : outputs) states.push_back(vec->state);
  // The application freezes the operator; one that fails before a backend set it up leaves it changeable.
  std::vector<CeedOperator> frozen_here;
  for (CeedOperator o : op->sub_operators)
    if (!o->is_immutable) frozen_here.push_back(o);
  if (!op->is_immutable) frozen_here.push_back(op);
  int ierr = CEED_ERROR_SUCCESS;
  if (zero_out && out != CEED_VECTOR_NONE) ierr = CeedVectorSetValue(out, 0.0);
  if (!ierr && zero_passive) ierr = ceed::OperatorZeroPassiveOutputs(op);
  if (!ierr) ierr = ceed::OperatorApplyAddCore(op, in, out, request);
  if (ierr) {
    for (size_t i = 0; i < outputs.size(); i++) {
      if (outputs[i]->state != states[i]) ceed::VectorMarkInvalid(outputs[i]);
    }
    for (CeedOperator o : frozen_here) o->is_immutable = o->is_setup_done;
    return ierr;
  }
  // A device backend may still be running the kernels: keep the outputs until it says how they ended.
  if (ceed::FindDeviceBackend(op->header.ceed, "Vector")) {
    for (CeedVector vec : outputs) ceed::VectorAddPendingOutput(vec);
  }
  ceed::OperatorCompleteRequest(request);
  return CEED_ERROR_SUCCESS;
}

}  // namespace

int CeedOperatorApply(CeedOperator op, CeedVector in, CeedVector out, CeedRequest *request) {
  CeedCheck(op, NULL, CEED_ERROR_INCOMPATIBLE, "CeedOperator handle is NULL");
  CEED_API_TRY
  return OperatorApplyChecked(op, in, out, request, true, true, __func__);
  CEED_API_CATCH(op->header.ceed)
}

int CeedOperatorApplyAdd(CeedOperator op, CeedVector in, CeedVector out, CeedRequest *request) {
  CeedCheck(op, NULL, CEED_ERROR_INCOMPATIBLE, "CeedOperator handle is NULL");
  CEED_API_TRY
  return OperatorApplyChecked(op, in, out, request, false, false, __func__);
  CEED_API_CATCH(op->header.ceed)
}

int CeedOperatorApplyAddActive(CeedOperator op, CeedVector in, CeedVector out, CeedRequest *request) {
  CeedCheck(op, NULL, CEED_ERROR_INCOMPATIBLE, "CeedOperator handle is NULL");
  CEED_API_TRY
  return OperatorApplyChecked(op, in, out, request, false, true, __func__);
  CEED_API_CATCH(op->header.ceed)
}

// ---- FLOP estimate ------------------------------------------------------------------------------------

// R(rstr, t_mode) = e_size * s (spec 06 §10).
static int RestrictionFlops(CeedElemRestriction rstr, CeedTransposeMode t_mode, CeedSize *flops) {
  *flops = 0;
  if (rstr == CEED_ELEMRESTRICTION_NONE) return CEED_ERROR_SUCCESS;
  CeedRestrictionType type = CEED_RESTRICTION_STANDARD;
  CeedSize e_size          = 0;
  CeedCall(CeedElemRestrictionGetType(rstr, &type));
  CeedCall(CeedElemRestrictionGetEVectorSize(rstr, &e_size));
  CeedSize s = 0;
  switch (type) {
    case CEED_RESTRICTION_STANDARD:
    case CEED_RESTRICTION_STRIDED:
      s = t_mode == CEED_TRANSPOSE ? 1 : 0;
      break;
    case CEED_RESTRICTION_ORIENTED:
      s = t_mode == CEED_TRANSPOSE ? 2 : 1;
      break;
    case CEED_RESTRICTION_CURL_ORIENTED:
      s = t_mode == CEED_TRANSPOSE ? 6 : 5;
      break;
    case CEED_RESTRICTION_POINTS:
      s = 0;
      break;
  }
  *flops = e_size * s;
  return CEED_ERROR_SUCCESS;
}

static int SingleOperatorFlops(CeedOperator op, CeedSize *flops) {
  *flops = 0;
  const CeedInt num_elem = op->shape.num_elem;
  if (num_elem == 0) return CEED_ERROR_SUCCESS;
  Ceed ceed = op->header.ceed;
  CeedSize qf_flops = -1;
  CeedCall(CeedQFunctionGetUserFlopsEstimate(op->qf, &qf_flops));
  CeedCheck(qf_flops >= 0, ceed, CEED_ERROR_INCOMPLETE, "CeedOperator FLOPs: Must set CeedQFunction FLOPs estimate with CeedQFunctionSetUserFlopsEstimate");
  // Points per element.
  CeedInt num_points = op->shape.num_qpts;
  if (op->is_at_points) {
    CeedMemType mem_type = CEED_MEM_HOST;
    CeedCall(CeedGetPreferredMemType(ceed, &mem_type));
    if (mem_type == CEED_MEM_DEVICE) {
      CeedCall(CeedElemRestrictionGetMaxPointsInElement(op->rstr_points, &num_points));
    } else {
      CeedInt total = 0;
      CeedCall(CeedElemRestrictionGetNumPoints(op->rstr_points, &total));
      num_points = (total + num_elem - 1) / num_elem;
    }
  }
  CeedSize total = (CeedSize)num_elem * num_points * qf_flops;
  for (int io = 0; io < 2; io++) {
    const CeedTransposeMode t_mode = io == 0 ? CEED_NOTRANSPOSE : CEED_TRANSPOSE;
    for (CeedOperatorField field : io == 0 ? op->input_fields : op->output_fields) {
      if (field->vec != CEED_VECTOR_ACTIVE) continue;
      CeedSize r = 0, b = 0;
      CeedCall(RestrictionFlops(field->rstr, t_mode, &r));
      if (field->basis != CEED_BASIS_NONE) {
        CeedCall(CeedBasisGetFlopsEstimate(field->basis, t_mode, field->eval_mode, op->is_at_points, num_points, &b));
      }
      total += r + (CeedSize)num_elem * b;
    }
  }
  *flops = total;
  return CEED_ERROR_SUCCESS;
}

int CeedOperatorGetFlopsEstimate(CeedOperator op, CeedSize *flops) {
  CeedCheck(op, NULL, CEED_ERROR_INCOMPATIBLE, "CeedOperator handle is NULL");
  CeedCheck(flops, op->header.ceed, CEED_ERROR_INCOMPATIBLE, "Output pointer is NULL");
  CeedCall(CeedOperatorCheckReady(op));
  CeedSize total = 0;
  if (op->is_composite) {
    for (CeedOperator sub : op->sub_operators) {
      CeedSize sub_flops = 0;
      CeedCall(CeedOperatorGetFlopsEstimate(sub, &sub_flops));
      total += sub_flops;
    }
  } else {
    CeedCall(SingleOperatorFlops(op, &total));
  }
  *flops = total;
  return CEED_ERROR_SUCCESS;
}
