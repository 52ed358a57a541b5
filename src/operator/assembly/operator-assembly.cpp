// CeedOperator: QFunction assembly with build-or-update semantics, its reuse flags, and the release of
// assembly caches (spec 06 §6).
//
// Default algorithm (any backend): the QFunction is applied once per active input unknown r, with that
// unknown set to 1 at every point and the other active inputs 0; the active outputs are column r of the
// pointwise matrices. Operators at quadrature points do this with probe operators on their backend
// (operator-qfunction-probe.cpp). Operators at points evaluate every input the QFunction reads at all
// points of all elements first (passive fields through their restriction and basis at each element's
// points, one element at a time; weights; at-points fields), then apply the QFunction to them.
#include <algorithm>

#include "operator/assembly/operator-assembly.hpp"

namespace ceed {

void OperatorMarkAssemblyUpdateNeeded(CeedOperator op) {
  if (op->qf_assembly) op->qf_assembly->update_needed = true;
  for (CeedOperator sub : op->sub_operators) OperatorMarkAssemblyUpdateNeeded(sub);
}

int OperatorAssemblyCheckReady(CeedOperator op, const char *func) {
  if (!op) return CeedOperatorError(NULL, func, CEED_ERROR_INCOMPATIBLE, "CeedOperator handle is NULL");
  return CeedOperatorCheckReady(op);
}

int OperatorAssemblyCheck(CeedOperator op, const char *func) {
  CeedCall(OperatorAssemblyCheckReady(op, func));
  OperatorMarkImmutable(op);
  return CEED_ERROR_SUCCESS;
}

namespace {

// The active fields of one side, in field order, with their first unknown.
struct ActiveFields {
  std::vector<CeedInt> index, first;  // field index, first unknown
  CeedInt              total = 0;
};

ActiveFields FindActive(const std::vector<CeedOperatorField> &fields) {
  ActiveFields active;
  for (size_t i = 0; i < fields.size(); i++) {
    if (fields[i]->vec != CEED_VECTOR_ACTIVE) continue;
    active.index.push_back(static_cast<CeedInt>(i));
    active.first.push_back(active.total);
    active.total += fields[i]->size;
  }
  return active;
}

// Points of the elements, in element order: Q each, or the element's points for operators at points.
struct Points {
  std::vector<CeedInt>  count;
  std::vector<CeedSize> start;
  CeedSize              total = 0, padded = 0;  // padded: total rounded up to the QFunction vector length
  CeedInt               max   = 0;
};

int CountPoints(CeedOperator op, CeedInt vec_length, Points &pts) {
  const CeedInt num_elem = op->shape.num_elem;
  pts.count.resize(num_elem);
  pts.start.resize(num_elem);
  for (CeedInt e = 0; e < num_elem; e++) {
    if (op->is_at_points) CeedCall(CeedElemRestrictionGetNumPointsInElement(op->rstr_points, e, &pts.count[e]));
    else pts.count[e] = op->shape.num_qpts;
    pts.start[e] = pts.total;
    pts.total += pts.count[e];
    pts.max = std::max(pts.max, pts.count[e]);
  }
  pts.padded = (pts.total + vec_length - 1) / vec_length * vec_length;
  return CEED_ERROR_SUCCESS;
}

// Values of a passive input field of an operator at points at every point, laid out [size][padded points].
// x_ref holds the reference coordinates of the points ([dim][n_e] segments in element order).
int EvaluatePassiveInput(CeedOperator op, CeedOperatorField field, const Points &pts, const std::vector<CeedScalar> &x_ref, CeedInt dim,
                         std::vector<CeedScalar> &values) {
  Ceed           ceed     = op->header.ceed;
  const CeedSize N        = pts.padded;
  const CeedInt  num_elem = op->shape.num_elem, size = field->size;
  values.assign(static_cast<size_t>(size) * N, 0.0);
  if (field->eval_mode == CEED_EVAL_WEIGHT) {
    std::fill(values.begin(), values.begin() + pts.total, 1.0);
    return CEED_ERROR_SUCCESS;
  }
  OwnedVector q_e;
  CeedCall(CeedVectorCreate(ceed, static_cast<CeedSize>(size) * std::max<CeedInt>(pts.max, 1), q_e.out()));
  // Copies the element's [size][n] values from q_e.
  auto store = [&](CeedInt e) -> int {
    VectorRead q_read;
    CeedCall(q_read.Get(q_e));
    for (CeedInt k = 0; k < size; k++)
      std::copy_n(q_read.data() + static_cast<CeedSize>(k) * pts.count[e], pts.count[e], values.begin() + k * N + pts.start[e]);
    return CEED_ERROR_SUCCESS;
  };
  bool is_points = false;
  CeedCall(CeedElemRestrictionIsAtPoints(field->rstr, &is_points));
  if (is_points) {
    for (CeedInt e = 0; e < num_elem; e++) {
      if (!pts.count[e]) continue;
      CeedCall(CeedElemRestrictionApplyAtPointsInElement(field->rstr, e, CEED_NOTRANSPOSE, field->vec, q_e, CEED_REQUEST_IMMEDIATE));
      CeedCall(store(e));
    }
    return CEED_ERROR_SUCCESS;
  }
  // Element values through the restriction, then the basis element by element.
  CeedInt num_comp = 0, elem_size = 0, layout[3];
  CeedCall(CeedElemRestrictionGetNumComponents(field->rstr, &num_comp));
  CeedCall(CeedElemRestrictionGetElementSize(field->rstr, &elem_size));
  CeedCall(CeedElemRestrictionGetELayout(field->rstr, layout));
  OwnedVector e_vec, u_e, x_e;
  CeedCall(CeedElemRestrictionCreateVector(field->rstr, nullptr, e_vec.out()));
  CeedCall(CeedElemRestrictionApply(field->rstr, CEED_NOTRANSPOSE, field->vec, e_vec, CEED_REQUEST_IMMEDIATE));
  CeedCall(CeedVectorCreate(ceed, static_cast<CeedSize>(num_comp) * elem_size, u_e.out()));
  CeedCall(CeedVectorCreate(ceed, static_cast<CeedSize>(dim) * std::max<CeedInt>(pts.max, 1), x_e.out()));
  VectorRead e_read;
  CeedCall(e_read.Get(e_vec));
  auto e_value = [&](CeedInt e, CeedInt c, CeedInt n) {
    return e_read.data()[n * layout[0] + c * layout[1] + static_cast<CeedSize>(e) * layout[2]];
  };
  for (CeedInt e = 0; e < num_elem; e++) {
    if (!pts.count[e]) continue;
    {
      VectorWrite u_write;
      CeedCall(u_write.Get(u_e, false));
      for (CeedInt c = 0; c < num_comp; c++)
        for (CeedInt n = 0; n < elem_size; n++) u_write.data()[c * elem_size + n] = e_value(e, c, n);
    }
    {
      VectorWrite x_write;
      CeedCall(x_write.Get(x_e, false));
      std::copy_n(x_ref.data() + pts.start[e] * dim, static_cast<CeedSize>(dim) * pts.count[e], x_write.data());
    }
    CeedCall(CeedBasisApplyAtPoints(field->basis, 1, &pts.count[e], CEED_NOTRANSPOSE, field->eval_mode, x_e, u_e, q_e));
    CeedCall(store(e));
  }
  return CEED_ERROR_SUCCESS;
}

// Reference coordinates of every element's points ([dim][n_e] segments in element order).
int GatherPointCoordinates(CeedOperator op, const Points &pts, CeedInt dim, std::vector<CeedScalar> &x_ref) {
  x_ref.assign(static_cast<size_t>(pts.total) * dim, 0.0);
  OwnedVector x_e;
  CeedCall(CeedVectorCreate(op->header.ceed, std::max<CeedSize>(static_cast<CeedSize>(dim) * pts.max, 1), x_e.out()));
  for (CeedInt e = 0; e < op->shape.num_elem; e++) {
    if (!pts.count[e]) continue;
    CeedCall(CeedElemRestrictionApplyAtPointsInElement(op->rstr_points, e, CEED_NOTRANSPOSE, op->point_coords, x_e, CEED_REQUEST_IMMEDIATE));
    VectorRead x_read;
    CeedCall(x_read.Get(x_e));
    std::copy_n(x_read.data(), static_cast<CeedSize>(dim) * pts.count[e], x_ref.begin() + pts.start[e] * dim);
  }
  return CEED_ERROR_SUCCESS;
}

// Writes the assembled QFunction of op into assembled (the L-vector of rstr, layout of 06 §6).
int AssembleQFunctionDefault(CeedOperator op, CeedVector assembled, CeedElemRestriction rstr) {
  if (!op->is_at_points) return AssembleQFunctionWithProbes(op, assembled);
  Ceed          ceed     = op->header.ceed;
  const CeedInt num_elem = op->shape.num_elem;
  const ActiveFields act_in = FindActive(op->input_fields), act_out = FindActive(op->output_fields);
  const CeedInt      S_in = act_in.total, S_out = act_out.total, S = S_in * S_out;
  CeedInt            vec_length = 1;
  CeedCall(CeedQFunctionGetVectorLength(op->qf, &vec_length));
  Points pts;
  CeedCall(CountPoints(op, vec_length, pts));
  if (pts.total == 0) return CeedVectorSetValue(assembled, 0.0);
  const CeedSize N = pts.padded;

  // Inputs at every point.
  CeedInt                 dim = 0;
  std::vector<CeedScalar> x_ref;
  CeedCall(CeedElemRestrictionGetNumComponents(op->rstr_points, &dim));
  CeedCall(GatherPointCoordinates(op, pts, dim, x_ref));
  const size_t num_in = op->input_fields.size(), num_out = op->output_fields.size();
  std::vector<OwnedVector> in_vecs(num_in), out_vecs(num_out);
  std::vector<CeedVector>  in_args(num_in), out_args(num_out);
  std::vector<CeedScalar>  values;
  for (size_t i = 0; i < num_in; i++) {
    CeedOperatorField field = op->input_fields[i];
    bool              is_points = false;
    if (field->rstr != CEED_ELEMRESTRICTION_NONE) CeedCall(CeedElemRestrictionIsAtPoints(field->rstr, &is_points));
    if (field->eval_mode == CEED_EVAL_NONE && !is_points)
      return CeedError(ceed, CEED_ERROR_BACKEND, "EVAL_NONE field '%s' of an operator at points needs a CeedElemRestriction at points",
                       field->name.c_str());
    CeedCall(CeedVectorCreate(ceed, field->size * N, in_vecs[i].out()));
    in_args[i] = in_vecs[i];
    if (field->vec == CEED_VECTOR_ACTIVE) continue;
    CeedCall(EvaluatePassiveInput(op, field, pts, x_ref, dim, values));
    CeedCall(CeedVectorSetArray(in_vecs[i], CEED_MEM_HOST, CEED_COPY_VALUES, values.data()));
  }
  for (size_t i = 0; i < num_out; i++) {
    CeedCall(CeedVectorCreate(ceed, op->output_fields[i]->size * N, out_vecs[i].out()));
    out_args[i] = out_vecs[i];
  }

  // Probe each input unknown; element values go to [e][r * S_out + s][point of e].
  std::vector<CeedScalar> d(static_cast<size_t>(S) * pts.total);
  for (size_t a = 0; a < act_in.index.size(); a++) {
    CeedOperatorField field = op->input_fields[act_in.index[a]];
    for (CeedInt k = 0; k < field->size; k++) {
      const CeedInt r = act_in.first[a] + k;
      for (size_t b = 0; b < act_in.index.size(); b++) CeedCall(CeedVectorSetValue(in_vecs[act_in.index[b]], 0.0));
      CeedCall(CeedVectorSetValueStrided(in_vecs[act_in.index[a]], k * N, k * N + pts.total, 1, 1.0));
      CeedCall(CeedQFunctionApply(op->qf, static_cast<CeedInt>(N), in_args.data(), out_args.data()));
      for (size_t b = 0; b < act_out.index.size(); b++) {
        CeedOperatorField out = op->output_fields[act_out.index[b]];
        VectorRead read;
        CeedCall(read.Get(out_vecs[act_out.index[b]]));
        for (CeedInt j = 0; j < out->size; j++) {
          const CeedInt s = act_out.first[b] + j;
          for (CeedInt e = 0; e < num_elem; e++) {
            const CeedScalar *src = read.data() + j * N + pts.start[e];
            CeedScalar       *dst = d.data() + pts.start[e] * S + static_cast<CeedSize>(r * S_out + s) * pts.count[e];
            std::copy_n(src, pts.count[e], dst);
          }
        }
      }
    }
  }

  // Element segments [r * S_out + s][point] are the E-vector of rstr: sum them into the L-vector.
  CeedCall(CeedVectorSetValue(assembled, 0.0));
  OwnedVector segment;
  CeedCall(CeedVectorCreate(ceed, std::max<CeedSize>(static_cast<CeedSize>(S) * pts.max, 1), segment.out()));
  for (CeedInt e = 0; e < num_elem; e++) {
    if (!pts.count[e]) continue;
    {
      VectorWrite write;
      CeedCall(write.Get(segment, false));
      std::copy_n(d.data() + pts.start[e] * S, static_cast<CeedSize>(S) * pts.count[e], write.data());
    }
    CeedCall(CeedElemRestrictionApplyAtPointsInElement(rstr, e, CEED_TRANSPOSE, segment, assembled, CEED_REQUEST_IMMEDIATE));
  }
  return CEED_ERROR_SUCCESS;
}

// New restriction and vector for the assembled QFunction of op.
int CreateQFunctionAssemblyObjects(CeedOperator op, CeedInt S, OwnedRstr &rstr, OwnedVector &vec) {
  Ceed          ceed     = op->header.ceed;
  const CeedInt num_elem = op->shape.num_elem;
  if (op->is_at_points) {
    CeedInt num_points = 0;
    CeedCall(CeedElemRestrictionGetNumPoints(op->rstr_points, &num_points));
    const CeedInt *offsets = nullptr;
    CeedCall(CeedElemRestrictionGetOffsets(op->rstr_points, CEED_MEM_HOST, &offsets));
    int ierr = CeedElemRestrictionCreateAtPoints(ceed, num_elem, num_points, S, static_cast<CeedSize>(num_points) * S, CEED_MEM_HOST,
                                                 CEED_COPY_VALUES, offsets, rstr.out());
    CeedCall(CeedElemRestrictionRestoreOffsets(op->rstr_points, &offsets));
    CeedCall(ierr);
  } else {
    const CeedInt  Q          = op->shape.num_qpts;
    const CeedInt  strides[3] = {1, Q, S * Q};
    const CeedSize l_size     = static_cast<CeedSize>(num_elem) * Q * S;
    CeedCall(CeedElemRestrictionCreateStrided(ceed, num_elem, Q, S, l_size, strides, rstr.out()));
  }
  CeedCall(CeedElemRestrictionCreateVector(rstr, vec.out(), nullptr));
  return CEED_ERROR_SUCCESS;
}

// Assembles into new objects (backend method, else the default).
int AssembleQFunctionNew(CeedOperator op, CeedVector *assembled, CeedElemRestriction *rstr, CeedRequest *request, const char *func) {
  Ceed ceed = op->header.ceed;
  if (op->ops.LinearAssembleQFunction) return op->ops.LinearAssembleQFunction(op, assembled, rstr, request);
  const ActiveFields act_in = FindActive(op->input_fields), act_out = FindActive(op->output_fields);
  if (act_in.total == 0 || act_out.total == 0)
    return CeedOperatorError(ceed, func, CEED_ERROR_BACKEND, "Cannot assemble the QFunction of an operator without active %s fields",
                             act_in.total == 0 ? "input" : "output");
  OwnedRstr   new_rstr;
  OwnedVector new_vec;
  CeedCall(CreateQFunctionAssemblyObjects(op, act_in.total * act_out.total, new_rstr, new_vec));
  CeedCall(AssembleQFunctionDefault(op, new_vec, new_rstr));
  *assembled = new_vec.release();
  *rstr      = new_rstr.release();
  OperatorCompleteRequest(request);
  return CEED_ERROR_SUCCESS;
}

}  // namespace

int OperatorQFAssemblyGet(CeedOperator op, CeedVector *assembled, CeedElemRestriction *rstr, CeedRequest *request, const char *func) {
  QFAssemblyData &data = OperatorQFAssembly(op);
  if (!data.vec) {
    CeedVector          vec      = nullptr;
    CeedElemRestriction new_rstr = nullptr;
    CeedCall(AssembleQFunctionNew(op, &vec, &new_rstr, request, func));
    data.vec  = vec;
    data.rstr = new_rstr;
  } else if (!data.reuse || data.update_needed) {
    if (op->ops.LinearAssembleQFunctionUpdate) CeedCall(op->ops.LinearAssembleQFunctionUpdate(op, data.vec, data.rstr, request));
    else CeedCall(AssembleQFunctionDefault(op, data.vec, data.rstr));
  }
  data.update_needed = false;
  *assembled         = data.vec;
  *rstr              = data.rstr;
  OperatorCompleteRequest(request);
  return CEED_ERROR_SUCCESS;
}

}  // namespace ceed

// Shared checks of the two public QFunction assembly functions.
#define CEED_QF_ASSEMBLY_CHECK(op, assembled, rstr)                                                                             \
  do {                                                                                                                          \
    CeedCheck((op), NULL, CEED_ERROR_INCOMPATIBLE, "CeedOperator handle is NULL");                                              \
    CeedCheck((assembled) && (rstr), (op)->header.ceed, CEED_ERROR_INCOMPATIBLE, "Output pointer for the %s is NULL",            \
              (assembled) ? "CeedElemRestriction" : "assembled CeedVector");                                                    \
    CeedCheck(!(op)->is_composite, (op)->header.ceed, CEED_ERROR_UNSUPPORTED,                                                   \
              "QFunction assembly is defined for single operators, not composite ones: assemble each sub-operator");             \
    CeedCall(ceed::OperatorAssemblyCheck((op), __func__));                                                                      \
  } while (0)

int CeedOperatorLinearAssembleQFunction(CeedOperator op, CeedVector *assembled, CeedElemRestriction *rstr, CeedRequest *request) {
  CEED_QF_ASSEMBLY_CHECK(op, assembled, rstr);
  CEED_API_TRY
  *assembled = nullptr;
  *rstr      = nullptr;
  return ceed::AssembleQFunctionNew(op, assembled, rstr, request, __func__);
  CEED_API_CATCH(op->header.ceed)
}

int CeedOperatorLinearAssembleQFunctionBuildOrUpdate(CeedOperator op, CeedVector *assembled, CeedElemRestriction *rstr,
                                                     CeedRequest *request) {
  CEED_QF_ASSEMBLY_CHECK(op, assembled, rstr);
  CEED_API_TRY
  CeedVector          vec    = nullptr;
  CeedElemRestriction q_rstr = nullptr;
  CeedCall(ceed::OperatorQFAssemblyGet(op, &vec, &q_rstr, request, __func__));
  CeedCall(CeedVectorReferenceCopy(vec, assembled));
  CeedCall(CeedElemRestrictionReferenceCopy(q_rstr, rstr));
  return CEED_ERROR_SUCCESS;
  CEED_API_CATCH(op->header.ceed)
}

int CeedOperatorSetQFunctionAssemblyReuse(CeedOperator op, bool reuse_assembly_data) {
  CeedCheck(op, NULL, CEED_ERROR_INCOMPATIBLE, "CeedOperator handle is NULL");
  CEED_API_TRY
  ceed::OperatorQFAssembly(op).reuse = reuse_assembly_data;
  for (CeedOperator sub : op->sub_operators) ceed::OperatorQFAssembly(sub).reuse = reuse_assembly_data;
  ceed::OperatorMarkAssemblyUpdateNeeded(op);
  return CEED_ERROR_SUCCESS;
  CEED_API_CATCH(op->header.ceed)
}

int CeedOperatorSetQFunctionAssemblyDataUpdateNeeded(CeedOperator op, bool needs_data_update) {
  CeedCheck(op, NULL, CEED_ERROR_INCOMPATIBLE, "CeedOperator handle is NULL");
  CEED_API_TRY
  ceed::OperatorQFAssembly(op).update_needed = needs_data_update;
  for (CeedOperator sub : op->sub_operators) ceed::OperatorQFAssembly(sub).update_needed = needs_data_update;
  return CEED_ERROR_SUCCESS;
  CEED_API_CATCH(op->header.ceed)
}

int CeedOperatorAssemblyDataStrip(CeedOperator op) {
  CeedCheck(op, NULL, CEED_ERROR_INCOMPATIBLE, "CeedOperator handle is NULL");
  CEED_API_TRY
  // The reuse choice is a setting, not data: it survives the strip.
  for (CeedOperator o : op->sub_operators) CeedCall(CeedOperatorAssemblyDataStrip(o));
  if (op->qf_assembly) {
    const bool reuse = op->qf_assembly->reuse;
    op->qf_assembly  = std::make_shared<ceed::QFAssemblyData>();
    op->qf_assembly->reuse = reuse;
  }
  op->assembly_data.reset();
  return CEED_ERROR_SUCCESS;
  CEED_API_CATCH(op->header.ceed)
}
