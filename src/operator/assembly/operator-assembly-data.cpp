// CeedOperator assembly: active restrictions with their basis matrices, and element matrices
// T_out^T B_out^T D_e B_in T_in (spec 06 §7), shared by the diagonal and full (COO) assembly.
#include <algorithm>
#include <cmath>

#include "operator/assembly/operator-assembly.hpp"

namespace ceed {

namespace {

// Copies the matrix of eval_mode ([q_comp][Q][P] rows) of a field into B at its first mode.
int CopyBasisMatrix(const AssemblyField &f, CeedInt Q, CeedInt P, CeedScalar *B, const char *func, Ceed ceed) {
  CeedScalar       *dst = B + static_cast<CeedSize>(f.first_mode) * Q * P;
  const CeedScalar *src = nullptr;
  switch (f.eval_mode) {
    case CEED_EVAL_NONE:
      for (CeedInt q = 0; q < Q; q++) dst[static_cast<CeedSize>(q) * P + q] = 1.0;  // nodes are the points
      return CEED_ERROR_SUCCESS;
    case CEED_EVAL_INTERP:
      CeedCall(CeedBasisGetInterp(f.basis, &src));
      break;
    case CEED_EVAL_GRAD:
      CeedCall(CeedBasisGetGrad(f.basis, &src));
      break;
    case CEED_EVAL_DIV:
      CeedCall(CeedBasisGetDiv(f.basis, &src));
      break;
    case CEED_EVAL_CURL:
      CeedCall(CeedBasisGetCurl(f.basis, &src));
      break;
    default:
      break;
  }
  if (!src)
    return CeedOperatorError(ceed, func, CEED_ERROR_UNSUPPORTED, "CeedBasis of an active field has no matrix for eval mode %s",
                             CeedEvalModes[f.eval_mode]);
  std::copy_n(src, static_cast<CeedSize>(f.q_comp) * Q * P, dst);
  return CEED_ERROR_SUCCESS;
}

// Groups the active fields of one side by restriction.
int BuildSide(CeedOperator op, const std::vector<CeedOperatorField> &fields, std::vector<AssemblyRstr> &groups, CeedInt &num_unknowns,
              const char *func) {
  Ceed ceed    = op->header.ceed;
  num_unknowns = 0;
  for (CeedOperatorField field : fields) {
    if (field->vec != CEED_VECTOR_ACTIVE) continue;
    bool    is_points  = false;
    CeedInt block_size = 1;
    CeedCall(CeedElemRestrictionIsAtPoints(field->rstr, &is_points));
    CeedCall(CeedElemRestrictionGetBlockSize(field->rstr, &block_size));
    if (is_points || block_size > 1)
      return CeedOperatorError(ceed, func, CEED_ERROR_UNSUPPORTED,
                               "Active field '%s' uses a %s CeedElemRestriction; assembly needs a restriction to element nodes, one element "
                               "at a time",
                               field->name.c_str(), is_points ? "points" : "blocked");
    if (op->is_at_points && field->eval_mode == CEED_EVAL_NONE)
      return CeedOperatorError(ceed, func, CEED_ERROR_UNSUPPORTED,
                               "Active field '%s' of an operator at points uses CEED_EVAL_NONE; assembly needs a basis evaluated at the points",
                               field->name.c_str());
    auto it = std::find_if(groups.begin(), groups.end(), [&](const AssemblyRstr &g) { return g.rstr == field->rstr; });
    if (it == groups.end()) {
      AssemblyRstr g;
      g.rstr = field->rstr;
      CeedCall(CeedElemRestrictionGetType(g.rstr, &g.type));
      CeedCall(CeedElemRestrictionGetOrientationFlags(g.rstr, &g.use_signs, &g.use_orients));
      CeedCall(CeedElemRestrictionGetNumComponents(g.rstr, &g.num_comp));
      CeedCall(CeedElemRestrictionGetElementSize(g.rstr, &g.elem_size));
      if (g.type != CEED_RESTRICTION_STRIDED) CeedCall(CeedElemRestrictionGetCompStride(g.rstr, &g.comp_stride));
      groups.push_back(std::move(g));
      it = groups.end() - 1;
    }
    AssemblyField f;
    f.basis         = field->basis;
    f.eval_mode     = field->eval_mode;
    f.first_unknown = num_unknowns;
    f.first_mode    = it->num_modes;
    if (f.eval_mode != CEED_EVAL_NONE) CeedCall(CeedBasisGetNumQuadratureComponents(f.basis, f.eval_mode, &f.q_comp));
    for (CeedInt k = 0; k < f.q_comp; k++) it->mode_unknown.push_back(num_unknowns + k * it->num_comp);
    it->num_modes += f.q_comp;
    it->fields.push_back(f);
    num_unknowns += field->size;
  }
  if (!op->is_at_points) {
    const CeedInt Q = op->shape.num_qpts;
    for (AssemblyRstr &g : groups) {
      g.B.assign(static_cast<size_t>(g.num_modes) * Q * g.elem_size, 0.0);
      for (const AssemblyField &f : g.fields) CeedCall(CopyBasisMatrix(f, Q, g.elem_size, g.B.data(), func, ceed));
      CeedCall(FactorTensorModes(g, Q));
    }
  }
  return CEED_ERROR_SUCCESS;
}

}  // namespace

int OperatorGetAssemblyData(CeedOperator op, const OperatorAssemblyData **data, const char *func) {
  if (!op->assembly_data) {
    auto d          = std::make_shared<OperatorAssemblyData>();
    d->is_at_points = op->is_at_points;
    d->num_elem     = op->shape.num_elem;
    d->num_qpts     = op->is_at_points ? 0 : op->shape.num_qpts;
    CeedCall(BuildSide(op, op->input_fields, d->in, d->num_in, func));
    CeedCall(BuildSide(op, op->output_fields, d->out, d->num_out, func));
    if (d->in.empty() || d->out.empty())
      return CeedOperatorError(op->header.ceed, func, CEED_ERROR_INCOMPATIBLE, "Cannot assemble an operator without active %s fields",
                               d->in.empty() ? "input" : "output");
    op->assembly_data = d;
  }
  *data = op->assembly_data.get();
  return CEED_ERROR_SUCCESS;
}

// ---- ElementAssembler -----------------------------------------------------------------------------------

ElementAssembler::~ElementAssembler() {
  for (Orientation &o : orientations_) {
    if (o.orients) CeedElemRestrictionRestoreOrientations(o.rstr, &o.orients);
    if (o.curl_orients) CeedElemRestrictionRestoreCurlOrientations(o.rstr, &o.curl_orients);
  }
  if (point_offsets_) CeedElemRestrictionRestoreOffsets(rstr_points_, &point_offsets_);
}

int ElementAssembler::Init(CeedOperator op, CeedRequest *request, const char *func) {
  op_ = op;
  CeedCall(OperatorGetAssemblyData(op, &data_, func));
  CeedElemRestriction qf_rstr = nullptr;
  CeedCall(OperatorQFAssemblyGet(op, &qf_vec_, &qf_rstr, request, func));
  CeedCall(qf_read_.Get(qf_vec_));
  const size_t num_groups = data_->in.size() + data_->out.size();
  orientations_.resize(num_groups);
  for (size_t k = 0; k < num_groups; k++) {
    const AssemblyRstr &g = k < data_->in.size() ? data_->in[k] : data_->out[k - data_->in.size()];
    Orientation        &o = orientations_[k];
    o.rstr                = g.rstr;
    if (!g.use_orients) continue;
    if (g.type == CEED_RESTRICTION_ORIENTED && g.use_signs) CeedCall(CeedElemRestrictionGetOrientations(g.rstr, CEED_MEM_HOST, &o.orients));
    if (g.type == CEED_RESTRICTION_CURL_ORIENTED) CeedCall(CeedElemRestrictionGetCurlOrientations(g.rstr, CEED_MEM_HOST, &o.curl_orients));
  }
  if (data_->is_at_points) {
    rstr_points_  = op->rstr_points;
    point_coords_ = op->point_coords;
    CeedCall(CeedElemRestrictionGetOffsets(rstr_points_, CEED_MEM_HOST, &point_offsets_));
    CeedInt dim = 0, max_points = 0;
    CeedCall(CeedElemRestrictionGetNumComponents(rstr_points_, &dim));
    CeedCall(CeedElemRestrictionGetMaxPointsInElement(rstr_points_, &max_points));
    max_points       = std::max<CeedInt>(max_points, 1);
    CeedInt max_unit = 1, max_values = 1;
    for (const auto *side : {&data_->in, &data_->out}) {
      for (const AssemblyRstr &g : *side) {
        max_unit = std::max(max_unit, g.num_comp * g.elem_size);
        for (const AssemblyField &f : g.fields) max_values = std::max(max_values, f.q_comp * g.num_comp * max_points);
      }
    }
    CeedCall(CeedVectorCreate(op->header.ceed, static_cast<CeedSize>(dim) * max_points, x_ref_.out()));
    CeedCall(CeedVectorCreate(op->header.ceed, max_unit, unit_.out()));
    CeedCall(CeedVectorCreate(op->header.ceed, max_values, values_.out()));
    b_in_.resize(data_->in.size());
    b_out_.resize(data_->out.size());
  }
  return CEED_ERROR_SUCCESS;
}

int ElementAssembler::EvaluateBasisAtPoints(bool is_input, CeedInt gi) {
  const AssemblyRstr      &g = is_input ? data_->in[gi] : data_->out[gi];
  std::vector<CeedScalar> &B = is_input ? b_in_[gi] : b_out_[gi];
  const CeedInt            P = g.elem_size, n = num_pts_, nc = g.num_comp;
  B.assign(static_cast<size_t>(g.num_modes) * n * P, 0.0);
  // Column j: the basis applied to node j of component 0.
  for (const AssemblyField &f : g.fields) {
    for (CeedInt j = 0; j < P; j++) {
      CeedCall(CeedVectorSetValue(unit_, 0.0));
      CeedCall(CeedVectorSetValueStrided(unit_, j, j + 1, 1, 1.0));
      CeedCall(CeedBasisApplyAtPoints(f.basis, 1, &num_pts_, CEED_NOTRANSPOSE, f.eval_mode, x_ref_, unit_, values_));
      VectorRead v;
      CeedCall(v.Get(values_));
      for (CeedInt k = 0; k < f.q_comp; k++)
        for (CeedInt p = 0; p < n; p++) B[(static_cast<CeedSize>(f.first_mode + k) * n + p) * P + j] = v.data()[static_cast<CeedSize>(k) * nc * n + p];
    }
  }
  return CEED_ERROR_SUCCESS;
}

int ElementAssembler::SetElement(CeedInt e) {
  elem_                 = e;
  const CeedInt S_in    = data_->num_in, S_out = data_->num_out;
  const CeedSize S      = static_cast<CeedSize>(S_in) * S_out;
  if (!data_->is_at_points) {
    num_pts_ = data_->num_qpts;
    d_e_     = qf_read_.data() + static_cast<CeedSize>(e) * S * num_pts_;
  } else {
    // Point p of the element is L-point point_offsets_[point_offsets_[e] + p]; its values are interleaved.
    const CeedInt first = point_offsets_[e];
    num_pts_            = point_offsets_[e + 1] - first;
    d_scratch_.resize(static_cast<size_t>(S) * num_pts_);
    for (CeedInt p = 0; p < num_pts_; p++) {
      const CeedScalar *src = qf_read_.data() + static_cast<CeedSize>(point_offsets_[first + p]) * S;
      for (CeedSize k = 0; k < S; k++) d_scratch_[k * num_pts_ + p] = src[k];
    }
    d_e_ = d_scratch_.data();
    if (num_pts_ > 0) {
      CeedCall(CeedElemRestrictionApplyAtPointsInElement(rstr_points_, e, CEED_NOTRANSPOSE, point_coords_, x_ref_, CEED_REQUEST_IMMEDIATE));
      for (CeedInt g = 0; g < static_cast<CeedInt>(data_->in.size()); g++) CeedCall(EvaluateBasisAtPoints(true, g));
      for (CeedInt g = 0; g < static_cast<CeedInt>(data_->out.size()); g++) CeedCall(EvaluateBasisAtPoints(false, g));
    }
  }
  d_zero_.assign(static_cast<size_t>(S), 1);
  for (CeedSize k = 0; k < S; k++) {
    const CeedScalar *d = d_e_ + k * num_pts_;
    d_zero_[k]          = std::all_of(d, d + num_pts_, [](CeedScalar v) { return v == 0.0; });
  }
  return CEED_ERROR_SUCCESS;
}

const CeedScalar *ElementAssembler::BasisMatrix(bool is_input, CeedInt g) const {
  if (data_->is_at_points) return is_input ? b_in_[g].data() : b_out_[g].data();
  return is_input ? data_->in[g].B.data() : data_->out[g].B.data();
}

int ElementAssembler::ColumnOfT(const AssemblyRstr &g, size_t group, CeedInt n, TEntry *col) const {
  const Orientation &o = orientations_[group];
  const CeedInt      P = g.elem_size;
  if (o.orients) {
    col[0] = {n, o.orients[static_cast<CeedSize>(elem_) * P + n] ? -1.0 : 1.0};
    return 1;
  }
  if (!o.curl_orients) {
    col[0] = {n, 1.0};
    return 1;
  }
  // Row i of T is stored as [T(i, i-1), T(i, i), T(i, i+1)]: column n has T(n-1, n), T(n, n), T(n+1, n).
  const CeedInt8 *t     = o.curl_orients + static_cast<CeedSize>(elem_) * 3 * P;
  auto            value = [&](CeedSize k) { return g.use_signs ? static_cast<CeedScalar>(t[k]) : std::fabs(static_cast<CeedScalar>(t[k])); };
  int             count = 0;
  if (n > 0) col[count++] = {n - 1, value(3 * (n - 1) + 2)};
  col[count++] = {n, value(3 * n + 1)};
  if (n < P - 1) col[count++] = {n + 1, value(3 * (n + 1))};
  return count;
}

CeedScalar ElementAssembler::RawEntry(CeedInt gi, CeedInt go, CeedInt ci, CeedInt co, CeedInt i, CeedInt j) const {
  const AssemblyRstr &in = data_->in[gi], &out = data_->out[go];
  const CeedScalar   *Bi = BasisMatrix(true, gi), *Bo = BasisMatrix(false, go);
  const CeedInt       Pi = in.elem_size, Po = out.elem_size, n = num_pts_;
  CeedScalar          sum = 0.0;
  for (CeedInt mo = 0; mo < out.num_modes; mo++) {
    const CeedInt s = out.mode_unknown[mo] + co;
    for (CeedInt mi = 0; mi < in.num_modes; mi++) {
      const CeedInt r = in.mode_unknown[mi] + ci;
      if (DIsZero(r, s)) continue;
      const CeedScalar *d = D(r, s), *bo = Bo + static_cast<CeedSize>(mo) * n * Po + i, *bi = Bi + static_cast<CeedSize>(mi) * n * Pi + j;
      for (CeedInt q = 0; q < n; q++) sum += bo[static_cast<CeedSize>(q) * Po] * d[q] * bi[static_cast<CeedSize>(q) * Pi];
    }
  }
  return sum;
}

void ElementAssembler::AddNodeDiagonal(CeedInt gi, CeedInt go, CeedInt ci, CeedInt co, CeedScalar *diag) const {
  const AssemblyRstr &in = data_->in[gi], &out = data_->out[go];
  const size_t        gin = gi, gout = data_->in.size() + go;
  const CeedInt       P = in.elem_size, n = num_pts_;
  if (!orientations_[gin].curl_orients && !orientations_[gout].curl_orients) {
    // T is diagonal (signs): T(n,n)^2 B_out^T D B_in at each node.
    const CeedScalar *Bi = BasisMatrix(true, gi), *Bo = BasisMatrix(false, go);
    const bool        tensor = !data_->is_at_points && in.tensor.dim && out.tensor.dim == in.tensor.dim && out.tensor.P_1d == in.tensor.P_1d &&
                        out.tensor.Q_1d == in.tensor.Q_1d;
    // Scratch kept between calls (one call per element and component pair): sum, then the tensor work.
    diag_scratch_.assign(P + (tensor ? TensorDiagonalWorkSize(in.tensor) : 0), 0.0);
    CeedScalar *sum = diag_scratch_.data(), *work = sum + P;
    for (CeedInt mo = 0; mo < out.num_modes; mo++) {
      const CeedInt s = out.mode_unknown[mo] + co;
      for (CeedInt mi = 0; mi < in.num_modes; mi++) {
        const CeedInt r = in.mode_unknown[mi] + ci;
        if (DIsZero(r, s)) continue;
        const CeedScalar *d = D(r, s);
        if (tensor) {
          AddTensorModeDiagonal(out.tensor, mo, in.tensor, mi, d, work, sum);
          continue;
        }
        for (CeedInt q = 0; q < n; q++) {
          const CeedScalar *bo = Bo + (static_cast<CeedSize>(mo) * n + q) * P, *bi = Bi + (static_cast<CeedSize>(mi) * n + q) * P;
          const CeedScalar  dq = d[q];
          for (CeedInt k = 0; k < P; k++) sum[k] += bo[k] * dq * bi[k];
        }
      }
    }
    for (CeedInt k = 0; k < P; k++) {
      TEntry t_in, t_out;
      ColumnOfT(in, gin, k, &t_in);
      ColumnOfT(out, gout, k, &t_out);
      diag[k] += t_out.value * t_in.value * sum[k];
    }
    return;
  }
  // Tridiagonal transforms: (T_out^T M T_in)(k, k) from the entries of M around (k, k).
  for (CeedInt k = 0; k < P; k++) {
    TEntry  col_in[3], col_out[3];
    const int num_in = ColumnOfT(in, gin, k, col_in), num_out = ColumnOfT(out, gout, k, col_out);
    CeedScalar v = 0.0;
    for (int a = 0; a < num_out; a++)
      for (int b = 0; b < num_in; b++) v += col_out[a].value * col_in[b].value * RawEntry(gi, go, ci, co, col_out[a].row, col_in[b].row);
    diag[k] += v;
  }
}

void ElementAssembler::Block(CeedInt gi, CeedInt go, CeedInt ci, CeedInt co, CeedScalar *block) {
  const AssemblyRstr &in = data_->in[gi], &out = data_->out[go];
  const CeedInt       Pi = in.elem_size, Po = out.elem_size, n = num_pts_;
  const CeedScalar   *Bi = BasisMatrix(true, gi), *Bo = BasisMatrix(false, go);
  // DB[mo][q][j] = sum_mi D(r, s)[q] Bi[mi][q][j], then raw[i][j] = sum_{mo, q} Bo[mo][q][i] DB[mo][q][j].
  const CeedSize db_size = static_cast<CeedSize>(out.num_modes) * n * Pi;
  work_.assign(db_size + static_cast<CeedSize>(Po) * Pi, 0.0);
  CeedScalar *DB = work_.data(), *raw = work_.data() + db_size;
  for (CeedInt mo = 0; mo < out.num_modes; mo++) {
    const CeedInt s = out.mode_unknown[mo] + co;
    for (CeedInt mi = 0; mi < in.num_modes; mi++) {
      const CeedInt r = in.mode_unknown[mi] + ci;
      if (DIsZero(r, s)) continue;
      const CeedScalar *d = D(r, s);
      for (CeedInt q = 0; q < n; q++) {
        const CeedScalar *bi  = Bi + (static_cast<CeedSize>(mi) * n + q) * Pi;
        CeedScalar       *dbq = DB + (static_cast<CeedSize>(mo) * n + q) * Pi;
        const CeedScalar  dq  = d[q];
        if (dq == 0.0) continue;
        for (CeedInt j = 0; j < Pi; j++) dbq[j] += dq * bi[j];
      }
    }
  }
  for (CeedSize row = 0; row < static_cast<CeedSize>(out.num_modes) * n; row++) {
    const CeedScalar *bo = Bo + row * Po, *db = DB + row * Pi;
    for (CeedInt i = 0; i < Po; i++) {
      const CeedScalar b = bo[i];
      if (b == 0.0) continue;
      CeedScalar *raw_i = raw + static_cast<CeedSize>(i) * Pi;
      for (CeedInt j = 0; j < Pi; j++) raw_i[j] += b * db[j];
    }
  }
  // Orientation transforms.
  const size_t gin = gi, gout = data_->in.size() + go;
  for (CeedInt a = 0; a < Po; a++) {
    TEntry    col_out[3];
    const int num_out = ColumnOfT(out, gout, a, col_out);
    for (CeedInt b = 0; b < Pi; b++) {
      TEntry    col_in[3];
      const int num_in = ColumnOfT(in, gin, b, col_in);
      CeedScalar v     = 0.0;
      for (int x = 0; x < num_out; x++)
        for (int y = 0; y < num_in; y++) v += col_out[x].value * col_in[y].value * raw[static_cast<CeedSize>(col_out[x].row) * Pi + col_in[y].row];
      block[static_cast<CeedSize>(a) * Pi + b] = v;
    }
  }
}

}  // namespace ceed
