// Operator description for the generator: everything a kernel is specialised on, read through
// ceed/backend.h, and the reasons an operator cannot be fused (the backend delegates those).
#include <algorithm>
#include <cmath>

#include "ceed-gen.hpp"

namespace ceed::gen {
namespace {

// Largest per-element array the generator accepts (values per element and component group): beyond it a
// fused kernel would not fit any cache level and delegation is the better choice.
constexpr CeedInt kMaxValuesPerArray = 1 << 16;

int DescribeRestriction(CeedElemRestriction rstr, FieldDesc *f, std::string *why_not) {
  if (rstr == CEED_ELEMRESTRICTION_NONE) return CEED_ERROR_SUCCESS;
  f->rstr = rstr;
  CeedRestrictionType type = CEED_RESTRICTION_STANDARD;
  bool                use_signs = true, use_orients = true;
  CeedCallBackend(CeedElemRestrictionGetType(rstr, &type));
  CeedCallBackend(CeedElemRestrictionGetOrientationFlags(rstr, &use_signs, &use_orients));
  CeedCallBackend(CeedElemRestrictionGetNumComponents(rstr, &f->num_comp));
  CeedCallBackend(CeedElemRestrictionGetElementSize(rstr, &f->elem_size));
  switch (type) {
    case CEED_RESTRICTION_STANDARD:
      f->rstr_kind = RestrictionKind::kOffset;
      break;
    case CEED_RESTRICTION_ORIENTED:
      f->rstr_kind = use_signs && use_orients ? RestrictionKind::kOriented : RestrictionKind::kOffset;
      break;
    case CEED_RESTRICTION_CURL_ORIENTED:
      // An unoriented copy reads plain offsets; signed or unsigned tridiagonal transforms are not fused.
      if (use_orients) *why_not = "field '" + f->name + "' has a curl-oriented restriction";
      else f->rstr_kind = RestrictionKind::kOffset;
      break;
    case CEED_RESTRICTION_STRIDED:
      f->rstr_kind = RestrictionKind::kStrided;
      CeedCallBackend(CeedElemRestrictionGetStrides(rstr, f->strides));
      break;
    case CEED_RESTRICTION_POINTS:
      *why_not = "field '" + f->name + "' has a restriction at points";
      break;
  }
  return CEED_ERROR_SUCCESS;
}

int DescribeBasis(CeedBasis basis, FieldDesc *f, std::string *why_not) {
  if (basis == CEED_BASIS_NONE) return CEED_ERROR_SUCCESS;
  f->basis = basis;
  CeedFESpace fe_space = CEED_FE_SPACE_H1;
  bool        is_tensor = false;
  CeedCallBackend(CeedBasisGetFESpace(basis, &fe_space));
  CeedCallBackend(CeedBasisIsTensor(basis, &is_tensor));
  CeedCallBackend(CeedBasisGetDimension(basis, &f->dim));
  CeedCallBackend(CeedBasisGetNumNodes(basis, &f->num_nodes));
  CeedCallBackend(CeedBasisGetNumQuadraturePoints(basis, &f->num_qpts));
  if (fe_space != CEED_FE_SPACE_H1) {
    *why_not = "field '" + f->name + "' has an " + CeedFESpaces[fe_space] + " basis";
    return CEED_ERROR_SUCCESS;
  }
  if (f->eval_mode != CEED_EVAL_INTERP && f->eval_mode != CEED_EVAL_GRAD && f->eval_mode != CEED_EVAL_WEIGHT) {
    *why_not = "field '" + f->name + "' uses " + CeedEvalModes[f->eval_mode];
    return CEED_ERROR_SUCCESS;
  }
  if (!is_tensor) {
    f->basis_kind = BasisKind::kNonTensor;
    return CEED_ERROR_SUCCESS;
  }
  f->basis_kind = BasisKind::kTensor;
  CeedCallBackend(CeedBasisGetNumNodes1D(basis, &f->P_1d));
  CeedCallBackend(CeedBasisGetNumQuadraturePoints1D(basis, &f->Q_1d));
  CeedCallBackend(CeedBasisIsCollocated(basis, &f->identity_interp));
  // The gradient at the points: interpolate, then the Q x Q derivative at the points (fewer contractions than
  // grad_1d in every direction). Its matrix must round like grad_1d, which assembly uses: see the dialect's
  // host data (cpu: CollocatedDerivative).
  f->collocated_grad = f->Q_1d >= f->P_1d;
  // M(Q-1-i, P-1-j) = +M(i, j) for interpolation, -M(i, j) for derivatives, up to round-off.
  const CeedScalar *interp_1d = nullptr, *grad_1d = nullptr;
  CeedCallBackend(CeedBasisGetInterp1D(basis, &interp_1d));
  CeedCallBackend(CeedBasisGetGrad1D(basis, &grad_1d));
  const CeedInt P = f->P_1d, Q = f->Q_1d;
  double        scale_b = 0.0, scale_g = 0.0, error_b = 0.0, error_g = 0.0;
  for (CeedInt i = 0; i < Q * P; i++) {
    const CeedInt flipped = (Q - 1 - i / P) * P + (P - 1 - i % P);
    scale_b               = std::max(scale_b, std::fabs(interp_1d[i]));
    scale_g               = std::max(scale_g, std::fabs(grad_1d[i]));
    error_b               = std::max(error_b, std::fabs(interp_1d[i] - interp_1d[flipped]));
    error_g               = std::max(error_g, std::fabs(grad_1d[i] + grad_1d[flipped]));
  }
  f->symmetric_1d = error_b <= 1e-14 * scale_b && error_g <= 1e-13 * scale_g;
  if (f->dim > 3) *why_not = "field '" + f->name + "' has a tensor basis of dimension " + std::to_string(f->dim);
  return CEED_ERROR_SUCCESS;
}

int DescribeField(CeedOperatorField op_field, FieldDesc *f, std::string *why_not) {
  const char         *name  = nullptr;
  CeedElemRestriction rstr  = nullptr;
  CeedBasis           basis = nullptr;
  CeedVector          vec   = nullptr;
  CeedCallBackend(CeedOperatorFieldGetData(op_field, &name, &rstr, &basis, &vec));
  // The description borrows the objects: the operator field keeps them alive.
  f->vec          = vec;
  const CeedBasis b = basis;
  const CeedElemRestriction r = rstr;
  CeedCallBackend(CeedVectorDestroy(&vec));
  CeedCallBackend(CeedBasisDestroy(&basis));
  CeedCallBackend(CeedElemRestrictionDestroy(&rstr));
  CeedCallBackend(CeedOperatorFieldGetEvalMode(op_field, &f->eval_mode));
  f->name = name;
  CeedCall(DescribeRestriction(r, f, why_not));
  if (why_not->empty()) CeedCall(DescribeBasis(b, f, why_not));
  if (why_not->empty()) {
    const CeedInt values = std::max({f->num_comp * f->elem_size, f->num_comp * f->num_nodes, f->num_comp * f->num_qpts * std::max(f->dim, 1)});
    if (values > kMaxValuesPerArray) *why_not = "field '" + f->name + "' has " + std::to_string(values) + " values per element";
  }
  return CEED_ERROR_SUCCESS;
}

}  // namespace

int DescribeOperator(CeedOperator op, OperatorDesc *desc, std::string *why_not) {
  why_not->clear();
  *desc = OperatorDesc{};
  bool is_composite = false, is_at_points = false;
  CeedCallBackend(CeedOperatorIsComposite(op, &is_composite));
  if (is_composite) {
    *why_not = "composite operator";
    return CEED_ERROR_SUCCESS;
  }
  CeedCallBackend(CeedOperatorIsAtPoints(op, &is_at_points));
  if (is_at_points) {
    *why_not = "operator at points";
    return CEED_ERROR_SUCCESS;
  }
  CeedCallBackend(CeedOperatorGetNumElements(op, &desc->num_elem));
  CeedCallBackend(CeedOperatorGetNumQuadraturePoints(op, &desc->num_qpts));

  CeedQFunction qf = nullptr;
  const char   *source = nullptr, *kernel = nullptr;
  CeedCallBackend(CeedOperatorGetQFunction(op, &qf));
  CeedCallBackend(CeedQFunctionGetSourcePath(qf, &source));
  CeedCallBackend(CeedQFunctionGetKernelName(qf, &kernel));
  CeedCallBackend(CeedQFunctionGetVectorLength(qf, &desc->qf_vec_length));
  desc->qf_source_path = source;
  desc->qf_kernel_name = kernel;

  CeedInt            num_in = 0, num_out = 0, num_qf_in = 0, num_qf_out = 0;
  CeedOperatorField *in_fields = nullptr, *out_fields = nullptr;
  CeedQFunctionField *qf_in = nullptr, *qf_out = nullptr;
  CeedCallBackend(CeedOperatorGetFields(op, &num_in, &in_fields, &num_out, &out_fields));
  CeedCallBackend(CeedQFunctionGetFields(qf, &num_qf_in, &qf_in, &num_qf_out, &qf_out));
  if (num_in > CEED_FIELD_MAX || num_out > CEED_FIELD_MAX) {
    *why_not = "too many fields";
    return CEED_ERROR_SUCCESS;
  }
  desc->inputs.resize(num_in);
  desc->outputs.resize(num_out);
  for (CeedInt i = 0; i < num_in + num_out && why_not->empty(); i++) {
    FieldDesc &f = i < num_in ? desc->inputs[i] : desc->outputs[i - num_in];
    CeedCall(DescribeField(i < num_in ? in_fields[i] : out_fields[i - num_in], &f, why_not));
    CeedCallBackend(CeedQFunctionFieldGetSize(i < num_in ? qf_in[i] : qf_out[i - num_in], &f.size));
  }
  return CEED_ERROR_SUCCESS;
}

// The Q x Q derivative at the 1-D quadrature points that the kernel applies after interpolation. For a
// polynomial basis (Q >= P) it is the differentiation matrix of the Lagrange polynomials on the points,
// D_ij = l_j'(x_i), computed from barycentric weights in long double: accurate to an ulp or two, so that
// D (B u) rounds like grad_1d u, which assembly uses (libCEED t535, t562, t565 compare the two to ~7 ulps).
// grad_1d B^+ (CeedBasisGetCollocatedGrad) is the same matrix on polynomials but carries the error of the
// pseudo-inverse, ~20 ulps. A basis whose gradient is not the derivative of its interpolation keeps it.
int CollocatedDerivative(const FieldDesc &f, std::vector<CeedScalar> *colo) {
  const CeedInt Q = f.Q_1d, P = f.P_1d;
  colo->assign((size_t)Q * Q, 0.0);
  const CeedScalar *x = nullptr, *interp = nullptr, *grad = nullptr;
  CeedCallBackend(CeedBasisGetQRef(f.basis, &x));
  CeedCallBackend(CeedBasisGetInterp1D(f.basis, &interp));
  CeedCallBackend(CeedBasisGetGrad1D(f.basis, &grad));
  std::vector<long double> w(Q, 1.0L), D((size_t)Q * Q, 0.0L);
  bool distinct = true;
  for (CeedInt j = 0; j < Q; j++) {
    for (CeedInt k = 0; k < Q; k++) {
      if (k == j) continue;
      distinct = distinct && x[j] != x[k];
      w[j] *= (long double)x[j] - x[k];
    }
    w[j] = 1.0L / w[j];
  }
  for (CeedInt i = 0; i < Q && distinct; i++) {
    long double diagonal = 0.0L;
    for (CeedInt j = 0; j < Q; j++) {
      if (j == i) continue;
      D[i * Q + j] = (w[j] / w[i]) / ((long double)x[i] - x[j]);
      diagonal -= D[i * Q + j];
    }
    D[i * Q + i] = diagonal;
  }
  // D B must reproduce grad_1d (to round-off, relative to its largest entry).
  long double scale = 0.0L, misfit = distinct ? 0.0L : 1.0L;
  for (CeedInt i = 0; i < Q * P; i++) scale = std::max(scale, std::fabs((long double)grad[i]));
  for (CeedInt i = 0; i < Q && distinct; i++) {
    for (CeedInt j = 0; j < P; j++) {
      long double sum = 0.0L;
      for (CeedInt k = 0; k < Q; k++) sum += D[i * Q + k] * interp[k * P + j];
      misfit = std::max(misfit, std::fabs(sum - grad[i * P + j]));
    }
  }
  if (misfit > 1e-10L * std::max(scale, 1.0L)) return CeedBasisGetCollocatedGrad(f.basis, colo->data());
  for (size_t i = 0; i < D.size(); i++) (*colo)[i] = (CeedScalar)D[i];
  return CEED_ERROR_SUCCESS;
}

int FieldQuadratureWeights(const FieldDesc &f, std::vector<CeedScalar> *weights) {
  const CeedScalar *w = nullptr;
  CeedCallBackend(CeedBasisGetQWeights(f.basis, &w));
  weights->assign(f.num_qpts, 1.0);
  for (CeedInt q = 0; q < f.num_qpts; q++) {
    if (f.basis_kind != BasisKind::kTensor) {
      (*weights)[q] = w[q];
      continue;
    }
    for (CeedInt d = 0, r = q; d < f.dim; d++, r /= f.Q_1d) (*weights)[q] *= w[r % f.Q_1d];
  }
  return CEED_ERROR_SUCCESS;
}

}  // namespace ceed::gen
