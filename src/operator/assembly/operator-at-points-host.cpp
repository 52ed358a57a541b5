// CeedOperator: batched default application of operators at points on the host, every element at once.
//
// Taken by the default application (operator-at-points.cpp) when the backend works in host memory and
// every basis field is evaluated by the core's items (no backend CeedBasisApplyAtPoints). The points of all elements are numbered element after element, in the order of
// the points restriction's lists; each field's values at the points form one [comp][point] array, so the
// QFunction runs once over all points, and the bases run their items over all elements. The 1-D rows of
// each basis at every point are kept until the point coordinates change. The arrays hold the points padded
// to a multiple of the QFunction's vector length (padding at the reference origin, never scattered back).
#include <climits>

#include "basis/basis.hpp"
#include "operator/assembly/operator-assembly.hpp"

namespace ceed {

struct AtPointsHostField {
  CeedOperatorField    field     = nullptr;  // borrowed from the operator
  bool                 is_points = false;    // restriction at points: gathered and scattered point by point
  std::vector<CeedInt> offsets;              // restriction at points: a copy of its offsets
  OwnedVector          e_vec;                // restriction to element nodes: E-vector of every element
  OwnedVector          q_vec;                // values at every point, [comp][point]
  size_t               rows = 0;             // basis fields: entry of AtPointsHostData::rows
};

struct AtPointsHostRows {
  CeedBasis               basis = nullptr;  // borrowed
  CeedBasisAtPointsArgs   args{};
  std::vector<CeedScalar> rows;
};

struct AtPointsHostData {
  bool                                 batched = false;  // false: the element-by-element application is used
  CeedInt                              dim = 0, num_points = 0, num_padded = 0;  // points; array stride
  std::vector<CeedInt>                 point_offsets, coord_offsets;
  std::unique_ptr<AtPointsHostField[]> inputs, outputs;
  std::vector<CeedVector>              q_in, q_out;
  std::vector<AtPointsHostRows>        rows;
  bool                                 rows_valid   = false;
  uint64_t                             coords_state = 0;
};

namespace {

// L-vector index of point p (numbered element after element) of an at-points restriction's offsets.
inline CeedInt PointIndex(const std::vector<CeedInt> &offsets, CeedSize p) { return offsets[offsets[0] + p]; }

int CopyOffsets(CeedElemRestriction rstr, CeedInt num_elem, std::vector<CeedInt> &copy) {
  const CeedInt *offsets = nullptr;
  CeedCall(CeedElemRestrictionGetOffsets(rstr, CEED_MEM_HOST, &offsets));
  copy.assign(offsets, offsets + offsets[num_elem]);
  return CeedElemRestrictionRestoreOffsets(rstr, &offsets);
}

// Sets f up for the batched application; *ok false when the field needs the element-by-element one.
int SetupField(CeedOperator op, AtPointsHostData &d, CeedOperatorField field, AtPointsHostField &f, bool *ok) {
  Ceed          ceed     = op->header.ceed;
  const CeedInt num_elem = op->shape.num_elem;
  f.field                = field;
  *ok                    = false;
  if (field->rstr != CEED_ELEMRESTRICTION_NONE) CeedCall(CeedElemRestrictionIsAtPoints(field->rstr, &f.is_points));
  if (f.is_points) {
    if (field->eval_mode != CEED_EVAL_NONE) return CEED_ERROR_SUCCESS;
    CeedCall(CopyOffsets(field->rstr, num_elem, f.offsets));
    for (CeedInt e = 0; e < num_elem; e++)
      if (f.offsets[e + 1] - f.offsets[e] != d.point_offsets[e + 1] - d.point_offsets[e]) return CEED_ERROR_SUCCESS;
  } else if (field->eval_mode != CEED_EVAL_WEIGHT) {
    CeedBasis basis = field->basis;
    if (field->eval_mode != CEED_EVAL_INTERP && field->eval_mode != CEED_EVAL_GRAD) return CEED_ERROR_SUCCESS;
    if (!basis->is_tensor || basis->ops.ApplyAtPoints) return CEED_ERROR_SUCCESS;
    CeedInt elem_size = 0, num_comp = 0, layout[3];
    CeedCall(CeedElemRestrictionGetElementSize(field->rstr, &elem_size));
    CeedCall(CeedElemRestrictionGetNumComponents(field->rstr, &num_comp));
    CeedCall(CeedElemRestrictionGetELayout(field->rstr, layout));
    if (layout[0] != 1 || layout[1] != elem_size || layout[2] != elem_size * num_comp) return CEED_ERROR_SUCCESS;
    CeedCall(CeedElemRestrictionCreateVector(field->rstr, nullptr, f.e_vec.out()));
    f.rows = d.rows.size();
    for (size_t k = 0; k < d.rows.size(); k++)
      if (d.rows[k].basis == basis) f.rows = k;
    if (f.rows == d.rows.size()) {
      d.rows.emplace_back();
      d.rows.back().basis = basis;
      CeedCall(BasisAtPointsSetup("CeedOperatorApply", basis, &d.rows.back().args));
    }
  }
  CeedCall(CeedVectorCreate(ceed, static_cast<CeedSize>(field->size) * std::max<CeedInt>(d.num_padded, 1), f.q_vec.out()));
  CeedCall(CeedVectorSetValue(f.q_vec, field->eval_mode == CEED_EVAL_WEIGHT ? 1.0 : 0.0));
  *ok = true;
  return CEED_ERROR_SUCCESS;
}

int Setup(CeedOperator op, std::shared_ptr<AtPointsHostData> &data) {
  if (data) return CEED_ERROR_SUCCESS;
  auto        d        = std::make_shared<AtPointsHostData>();
  Ceed        ceed     = op->header.ceed;
  CeedMemType mem_type = CEED_MEM_HOST;
  CeedInt     vec_length = 1;
  CeedCall(CeedGetPreferredMemType(ceed, &mem_type));
  CeedCall(CeedQFunctionGetVectorLength(op->qf, &vec_length));
  data = d;  // batched stays false unless every check below passes
  if (mem_type != CEED_MEM_HOST) return CEED_ERROR_SUCCESS;
  const CeedInt num_elem = op->shape.num_elem;
  CeedCall(CeedElemRestrictionGetNumComponents(op->rstr_points, &d->dim));
  CeedCall(CopyOffsets(op->rstr_points, num_elem, d->coord_offsets));
  const CeedSize total = static_cast<CeedSize>(d->coord_offsets[num_elem]) - d->coord_offsets[0];
  const CeedSize padded = (total + vec_length - 1) / vec_length * vec_length;
  if (padded > INT_MAX) return CEED_ERROR_SUCCESS;
  d->num_points = static_cast<CeedInt>(total);
  d->num_padded = static_cast<CeedInt>(padded);
  d->point_offsets.resize(static_cast<size_t>(num_elem) + 1);
  for (CeedInt e = 0; e <= num_elem; e++) d->point_offsets[e] = d->coord_offsets[e] - d->coord_offsets[0];
  const size_t num_in = op->input_fields.size(), num_out = op->output_fields.size();
  d->inputs.reset(new AtPointsHostField[num_in]);
  d->outputs.reset(new AtPointsHostField[num_out]);
  bool ok = true;
  for (size_t i = 0; i < num_in && ok; i++) CeedCall(SetupField(op, *d, op->input_fields[i], d->inputs[i], &ok));
  for (size_t i = 0; i < num_out && ok; i++) CeedCall(SetupField(op, *d, op->output_fields[i], d->outputs[i], &ok));
  if (!ok) {
    // The element-by-element application runs instead: keep nothing but the decision.
    data = std::make_shared<AtPointsHostData>();
    return CEED_ERROR_SUCCESS;
  }
  for (size_t i = 0; i < num_in; i++) d->q_in.push_back(d->inputs[i].q_vec);
  for (size_t i = 0; i < num_out; i++) d->q_out.push_back(d->outputs[i].q_vec);
  d->batched = true;
  return CEED_ERROR_SUCCESS;
}

// The rows of every basis at every point, recomputed when the point coordinates changed.
int RefreshRows(CeedOperator op, AtPointsHostData &d) {
  uint64_t state = 0;
  CeedCall(CeedVectorGetState(op->point_coords, &state));
  if (d.rows_valid && state == d.coords_state) return CEED_ERROR_SUCCESS;
  const CeedSize          N = d.num_points, stride = d.num_padded;
  std::vector<CeedScalar> x_ref(static_cast<size_t>(d.dim) * stride, 0.0);
  {
    VectorRead coords;
    CeedCall(coords.Get(op->point_coords));
    for (CeedSize p = 0; p < N; p++)
      for (CeedInt c = 0; c < d.dim; c++) x_ref[c * stride + p] = coords.data()[static_cast<CeedSize>(PointIndex(d.coord_offsets, p)) * d.dim + c];
  }
  // Items see the padded points as points of the last element; its transpose sums stop at point_offsets.
  for (AtPointsHostRows &r : d.rows) {
    r.args.num_elem      = op->shape.num_elem;
    r.args.point_offsets = d.point_offsets.data();
    r.args.num_points    = stride;
    BasisAtPointsRows(&r.args, x_ref.data(), r.rows);
  }
  d.coords_state = state;
  d.rows_valid   = true;
  return CEED_ERROR_SUCCESS;
}

CeedVector LVector(const AtPointsHostField &f, CeedVector active) { return f.field->vec == CEED_VECTOR_ACTIVE ? active : f.field->vec; }

// Values of input field f at every point.
int EvaluateInput(AtPointsHostData &d, AtPointsHostField &f, CeedVector in) {
  const CeedSize N = d.num_points, stride = d.num_padded;
  if (f.field->eval_mode == CEED_EVAL_WEIGHT) return CEED_ERROR_SUCCESS;  // ones, set up once
  VectorWrite q;
  CeedCall(q.Get(f.q_vec, false));
  if (f.is_points) {
    const CeedInt nc = f.field->size;
    VectorRead    l;
    CeedCall(l.Get(LVector(f, in)));
    for (CeedSize p = 0; p < N; p++)
      for (CeedInt c = 0; c < nc; c++) q.data()[c * stride + p] = l.data()[static_cast<CeedSize>(PointIndex(f.offsets, p)) * nc + c];
    return CEED_ERROR_SUCCESS;
  }
  CeedCall(CeedElemRestrictionApply(f.field->rstr, CEED_NOTRANSPOSE, LVector(f, in), f.e_vec, CEED_REQUEST_IMMEDIATE));
  VectorRead e;
  CeedCall(e.Get(f.e_vec));
  CeedBasisAtPointsArgs a = d.rows[f.rows].args;
  a.rows                  = d.rows[f.rows].rows.data();
  a.is_grad               = f.field->eval_mode == CEED_EVAL_GRAD;
  a.u                     = e.data();
  a.v                     = q.data();
  BasisAtPointsRun(&a);
  return CEED_ERROR_SUCCESS;
}

// Adds output field f's values at every point into its L-vector.
int ScatterOutput(AtPointsHostData &d, AtPointsHostField &f, CeedVector out) {
  const CeedSize N = d.num_points, stride = d.num_padded;
  VectorRead     q;
  CeedCall(q.Get(f.q_vec));
  if (f.is_points) {
    const CeedInt nc = f.field->size;
    VectorWrite   l;
    CeedCall(l.Get(LVector(f, out), true));
    for (CeedSize p = 0; p < N; p++)
      for (CeedInt c = 0; c < nc; c++) l.data()[static_cast<CeedSize>(PointIndex(f.offsets, p)) * nc + c] += q.data()[c * stride + p];
    return CEED_ERROR_SUCCESS;
  }
  {
    VectorWrite e;
    CeedCall(e.Get(f.e_vec, false));
    CeedBasisAtPointsArgs a = d.rows[f.rows].args;
    a.rows                  = d.rows[f.rows].rows.data();
    a.is_grad               = f.field->eval_mode == CEED_EVAL_GRAD;
    a.transpose             = 1;
    a.u                     = q.data();
    a.v                     = e.data();
    BasisAtPointsRun(&a);
  }
  return CeedElemRestrictionApply(f.field->rstr, CEED_TRANSPOSE, f.e_vec, LVector(f, out), CEED_REQUEST_IMMEDIATE);
}

}  // namespace

int OperatorApplyAddAtPointsOnHost(CeedOperator op, CeedVector in, CeedVector out, bool *applied) {
  CeedCall(Setup(op, op->at_points_host));
  AtPointsHostData &d = *op->at_points_host;
  *applied            = d.batched;
  if (!d.batched) return CEED_ERROR_SUCCESS;
  CeedCall(RefreshRows(op, d));
  const size_t num_in = op->input_fields.size(), num_out = op->output_fields.size();
  for (size_t i = 0; i < num_in; i++) CeedCall(EvaluateInput(d, d.inputs[i], in));
  CeedCall(CeedQFunctionApply(op->qf, d.num_padded, d.q_in.data(), d.q_out.data()));
  for (size_t i = 0; i < num_out; i++) CeedCall(ScatterOutput(d, d.outputs[i], out));
  return CEED_ERROR_SUCCESS;
}

}  // namespace ceed
