// CeedBasis evaluation entry points: argument and length checks, then the backend's Apply (or, at
// arbitrary points, the backend's ApplyAtPoints or the core's default in basis-at-points.cpp).
#include "basis/basis.hpp"

namespace {

const char *EvalName(CeedEvalMode m) {
  switch (m) {
    case CEED_EVAL_NONE:
      return "CEED_EVAL_NONE";
    case CEED_EVAL_INTERP:
      return "CEED_EVAL_INTERP";
    case CEED_EVAL_GRAD:
      return "CEED_EVAL_GRAD";
    case CEED_EVAL_DIV:
      return "CEED_EVAL_DIV";
    case CEED_EVAL_CURL:
      return "CEED_EVAL_CURL";
    case CEED_EVAL_WEIGHT:
      return "CEED_EVAL_WEIGHT";
  }
  return "invalid CeedEvalMode";
}

// Checks of the input/output vector handles shared by the apply functions.
int CheckVectors(const char *func, Ceed ceed, CeedEvalMode eval_mode, CeedVector u, CeedVector v) {
  if (!u) return CEED_BASIS_ERROR(ceed, CEED_ERROR_INCOMPATIBLE, "Input CeedVector u is NULL (use CEED_VECTOR_NONE for CEED_EVAL_WEIGHT)");
  if (!v) return CEED_BASIS_ERROR(ceed, CEED_ERROR_INCOMPATIBLE, "Output CeedVector v is NULL");
  if (v == CEED_VECTOR_ACTIVE || v == CEED_VECTOR_NONE)
    return CEED_BASIS_ERROR(ceed, CEED_ERROR_INCOMPATIBLE, "Output CeedVector v cannot be %s",
                            v == CEED_VECTOR_ACTIVE ? "CEED_VECTOR_ACTIVE" : "CEED_VECTOR_NONE");
  if (eval_mode == CEED_EVAL_WEIGHT) {
    if (u != CEED_VECTOR_NONE) return CEED_BASIS_ERROR(ceed, CEED_ERROR_INCOMPATIBLE, "CEED_EVAL_WEIGHT requires input CEED_VECTOR_NONE");
  } else if (u == CEED_VECTOR_ACTIVE || u == CEED_VECTOR_NONE) {
    return CEED_BASIS_ERROR(ceed, CEED_ERROR_INCOMPATIBLE, "Input CeedVector u cannot be %s with %s",
                            u == CEED_VECTOR_ACTIVE ? "CEED_VECTOR_ACTIVE" : "CEED_VECTOR_NONE", EvalName(eval_mode));
  }
  if (u == v) return CEED_BASIS_ERROR(ceed, CEED_ERROR_INCOMPATIBLE, "Input and output CeedVectors must be distinct");
  return CEED_ERROR_SUCCESS;
}

// Checks that u and v hold at least the given lengths.
int CheckLengths(const char *func, Ceed ceed, CeedEvalMode eval_mode, CeedTransposeMode t_mode, CeedVector u, CeedSize u_need, CeedVector v,
                 CeedSize v_need) {
  CeedSize u_len = 0, v_len = 0;
  if (eval_mode != CEED_EVAL_WEIGHT) CeedCall(CeedVectorGetLength(u, &u_len));
  CeedCall(CeedVectorGetLength(v, &v_len));
  if ((eval_mode != CEED_EVAL_WEIGHT && u_len < u_need) || v_len < v_need)
    return CEED_BASIS_ERROR(ceed, CEED_ERROR_DIMENSION,
                            "Input/output vectors too short for basis and evaluation mode: %s with %s needs input length >= %td and output "
                            "length >= %td, got %td and %td",
                            EvalName(eval_mode), t_mode == CEED_TRANSPOSE ? "CEED_TRANSPOSE" : "CEED_NOTRANSPOSE",
                            eval_mode == CEED_EVAL_WEIGHT ? 0 : u_need, v_need, u_len, v_len);
  return CEED_ERROR_SUCCESS;
}

// Eval mode and transpose mode validity for a basis (Apply and ApplyAtPoints).
int CheckModes(const char *func, CeedBasis basis, CeedTransposeMode t_mode, CeedEvalMode eval_mode) {
  Ceed ceed = basis->header.ceed;
  if (t_mode != CEED_NOTRANSPOSE && t_mode != CEED_TRANSPOSE)
    return CEED_BASIS_ERROR(ceed, CEED_ERROR_INCOMPATIBLE, "Invalid CeedTransposeMode %d", static_cast<int>(t_mode));
  switch (eval_mode) {
    case CEED_EVAL_NONE:
      return CEED_BASIS_ERROR(ceed, CEED_ERROR_INCOMPATIBLE, "CEED_EVAL_NONE does not evaluate a CeedBasis; use CEED_BASIS_NONE instead");
    case CEED_EVAL_INTERP:
      return CEED_ERROR_SUCCESS;
    case CEED_EVAL_GRAD:
      if (basis->fe_space != CEED_FE_SPACE_H1)
        return CEED_BASIS_ERROR(ceed, CEED_ERROR_INCOMPATIBLE, "CEED_EVAL_GRAD requires an H^1 CeedBasis, this one is in %s",
                                CeedFESpaces[basis->fe_space]);
      return CEED_ERROR_SUCCESS;
    case CEED_EVAL_DIV:
      if (basis->fe_space != CEED_FE_SPACE_HDIV)
        return CEED_BASIS_ERROR(ceed, CEED_ERROR_INCOMPATIBLE, "CEED_EVAL_DIV requires an H(div) CeedBasis, this one is in %s",
                                CeedFESpaces[basis->fe_space]);
      return CEED_ERROR_SUCCESS;
    case CEED_EVAL_CURL:
      if (basis->fe_space != CEED_FE_SPACE_HCURL)
        return CEED_BASIS_ERROR(ceed, CEED_ERROR_INCOMPATIBLE, "CEED_EVAL_CURL requires an H(curl) CeedBasis, this one is in %s",
                                CeedFESpaces[basis->fe_space]);
      return CEED_ERROR_SUCCESS;
    case CEED_EVAL_WEIGHT:
      if (t_mode != CEED_NOTRANSPOSE)
        return CEED_BASIS_ERROR(ceed, CEED_ERROR_UNSUPPORTED, "CEED_EVAL_WEIGHT is only available with CEED_NOTRANSPOSE");
      return CEED_ERROR_SUCCESS;
  }
  return CEED_BASIS_ERROR(ceed, CEED_ERROR_INCOMPATIBLE, "Invalid CeedEvalMode %d", static_cast<int>(eval_mode));
}

int Apply(const char *func, CeedBasis basis, CeedInt num_elem, CeedTransposeMode t_mode, CeedEvalMode eval_mode, CeedVector u, CeedVector v,
          bool add) {
  CeedCall(ceed::BasisCheckHandle(func, basis));
  Ceed ceed = basis->header.ceed;
  if (num_elem < 0)
    return CEED_BASIS_ERROR(ceed, CEED_ERROR_DIMENSION, "Cannot apply CeedBasis to a negative number of elements %" CeedInt_FMT, num_elem);
  if (add && t_mode != CEED_TRANSPOSE)
    return CEED_BASIS_ERROR(ceed, CEED_ERROR_UNSUPPORTED, "CeedBasisApplyAdd only supports CEED_TRANSPOSE");
  CeedCall(CheckModes(func, basis, t_mode, eval_mode));
  CeedCall(CheckVectors(func, ceed, eval_mode, u, v));
  const CeedSize nodal  = static_cast<CeedSize>(num_elem) * basis->num_comp * basis->P;
  const CeedSize points = static_cast<CeedSize>(num_elem) * basis->Q * (eval_mode == CEED_EVAL_WEIGHT ? 1 : basis->num_comp * ceed::BasisQComp(basis, eval_mode));
  const bool     to_points = t_mode == CEED_NOTRANSPOSE;
  CeedCall(CheckLengths(func, ceed, eval_mode, t_mode, u, to_points ? nodal : points, v, to_points ? points : nodal));
  if (!basis->ops.Apply) return CEED_BASIS_ERROR(ceed, CEED_ERROR_UNSUPPORTED, "Backend does not support CeedBasisApply");
  if (num_elem == 0) return CEED_ERROR_SUCCESS;
  return basis->ops.Apply(basis, num_elem, t_mode, eval_mode, u, v, add);
}

int ApplyAtPoints(const char *func, CeedBasis basis, CeedInt num_elem, const CeedInt *num_points, CeedTransposeMode t_mode,
                  CeedEvalMode eval_mode, CeedVector x_ref, CeedVector u, CeedVector v, bool add) {
  CeedCall(ceed::BasisCheckHandle(func, basis));
  Ceed ceed = basis->header.ceed;
  if (num_elem < 0)
    return CEED_BASIS_ERROR(ceed, CEED_ERROR_DIMENSION, "Cannot apply CeedBasis to a negative number of elements %" CeedInt_FMT, num_elem);
  if (add && t_mode != CEED_TRANSPOSE)
    return CEED_BASIS_ERROR(ceed, CEED_ERROR_UNSUPPORTED, "CeedBasisApplyAddAtPoints only supports CEED_TRANSPOSE");
  if (!num_points && num_elem > 0) return CEED_BASIS_ERROR(ceed, CEED_ERROR_INCOMPATIBLE, "Array num_points is NULL");
  CeedSize total = 0;
  for (CeedInt e = 0; e < num_elem; e++) {
    if (num_points[e] < 0)
      return CEED_BASIS_ERROR(ceed, CEED_ERROR_DIMENSION, "Element %" CeedInt_FMT " has a negative number of points %" CeedInt_FMT, e,
                              num_points[e]);
    total += num_points[e];
  }
  CeedCall(CheckModes(func, basis, t_mode, eval_mode));
  if (eval_mode == CEED_EVAL_DIV || eval_mode == CEED_EVAL_CURL)
    return CEED_BASIS_ERROR(ceed, CEED_ERROR_UNSUPPORTED, "%s is not supported at arbitrary points", EvalName(eval_mode));
  CeedCall(CheckVectors(func, ceed, eval_mode, u, v));
  if (eval_mode != CEED_EVAL_WEIGHT) {
    if (!x_ref || x_ref == CEED_VECTOR_ACTIVE || x_ref == CEED_VECTOR_NONE)
      return CEED_BASIS_ERROR(ceed, CEED_ERROR_INCOMPATIBLE, "Reference coordinates x_ref must be a CeedVector");
    CeedSize x_len = 0;
    CeedCall(CeedVectorGetLength(x_ref, &x_len));
    if (x_len < total * basis->dim)
      return CEED_BASIS_ERROR(ceed, CEED_ERROR_DIMENSION,
                              "Reference coordinates x_ref too short: %td points in dimension %" CeedInt_FMT " need length %td, got %td", total,
                              basis->dim, total * basis->dim, x_len);
  }
  const CeedSize nodal  = static_cast<CeedSize>(num_elem) * basis->num_comp * basis->P;
  const CeedSize points = total * (eval_mode == CEED_EVAL_WEIGHT ? 1 : basis->num_comp * ceed::BasisQComp(basis, eval_mode));
  const bool     to_points = t_mode == CEED_NOTRANSPOSE;
  CeedCall(CheckLengths(func, ceed, eval_mode, t_mode, u, to_points ? nodal : points, v, to_points ? points : nodal));
  if (basis->ops.ApplyAtPoints) return basis->ops.ApplyAtPoints(basis, num_elem, num_points, t_mode, eval_mode, x_ref, u, v, add);
  if (!basis->is_tensor)
    return CEED_BASIS_ERROR(ceed, CEED_ERROR_UNSUPPORTED, "Backend does not implement %s for non-tensor bases", func);
  if (num_elem == 0) return CEED_ERROR_SUCCESS;
  if (num_elem != 1)
    return CEED_BASIS_ERROR(ceed, CEED_ERROR_UNSUPPORTED,
                            "Backend does not implement %s for %" CeedInt_FMT " elements; the default implementation takes one element at a time",
                            func, num_elem);
  return ceed::BasisApplyAtPointsDefault(func, basis, num_points[0], t_mode, eval_mode, x_ref, u, v, add);
}

}  // namespace

int CeedBasisApply(CeedBasis basis, CeedInt num_elem, CeedTransposeMode t_mode, CeedEvalMode eval_mode, CeedVector u, CeedVector v) {
  CEED_API_TRY
  return Apply(__func__, basis, num_elem, t_mode, eval_mode, u, v, false);
  CEED_API_CATCH(basis && basis != CEED_BASIS_NONE ? basis->header.ceed : nullptr)
}

int CeedBasisApplyAdd(CeedBasis basis, CeedInt num_elem, CeedTransposeMode t_mode, CeedEvalMode eval_mode, CeedVector u, CeedVector v) {
  CEED_API_TRY
  return Apply(__func__, basis, num_elem, t_mode, eval_mode, u, v, true);
  CEED_API_CATCH(basis && basis != CEED_BASIS_NONE ? basis->header.ceed : nullptr)
}

int CeedBasisApplyAtPoints(CeedBasis basis, CeedInt num_elem, const CeedInt *num_points, CeedTransposeMode t_mode, CeedEvalMode eval_mode,
                           CeedVector x_ref, CeedVector u, CeedVector v) {
  CEED_API_TRY
  return ApplyAtPoints(__func__, basis, num_elem, num_points, t_mode, eval_mode, x_ref, u, v, false);
  CEED_API_CATCH(basis && basis != CEED_BASIS_NONE ? basis->header.ceed : nullptr)
}

int CeedBasisApplyAddAtPoints(CeedBasis basis, CeedInt num_elem, const CeedInt *num_points, CeedTransposeMode t_mode, CeedEvalMode eval_mode,
                              CeedVector x_ref, CeedVector u, CeedVector v) {
  CEED_API_TRY
  return ApplyAtPoints(__func__, basis, num_elem, num_points, t_mode, eval_mode, x_ref, u, v, true);
  CEED_API_CATCH(basis && basis != CEED_BASIS_NONE ? basis->header.ceed : nullptr)
}
