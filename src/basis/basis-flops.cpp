// CeedBasisGetFlopsEstimate: FLOPs of one basis application on one element, spec 06 §10 (exact
// formula; operator FLOP estimates are compared against fixed numbers).
#include "basis/basis.hpp"

int CeedBasisGetFlopsEstimate(CeedBasis basis, CeedTransposeMode t_mode, CeedEvalMode eval_mode, bool is_at_points, CeedInt num_points,
                              CeedSize *flops) {
  const char *func = __func__;
  if (basis == CEED_BASIS_NONE && flops) return *flops = 0, CEED_ERROR_SUCCESS;
  CeedCall(ceed::BasisCheckHandle(func, basis));
  Ceed ceed = basis->header.ceed;
  if (!flops) return CEED_BASIS_ERROR(ceed, CEED_ERROR_INCOMPATIBLE, "Output pointer flops is NULL");
  if (t_mode != CEED_NOTRANSPOSE && t_mode != CEED_TRANSPOSE)
    return CEED_BASIS_ERROR(ceed, CEED_ERROR_INCOMPATIBLE, "Invalid CeedTransposeMode %d", static_cast<int>(t_mode));
  if (is_at_points && num_points < 0)
    return CEED_BASIS_ERROR(ceed, CEED_ERROR_DIMENSION, "Cannot estimate FLOPs at a negative number of points %" CeedInt_FMT, num_points);
  const CeedSize num_comp = basis->num_comp;

  if (!basis->is_tensor) {
    if (is_at_points) return CEED_BASIS_ERROR(ceed, CEED_ERROR_INCOMPATIBLE, "FLOPs estimate at points requires a tensor CeedBasis");
    switch (eval_mode) {
      case CEED_EVAL_NONE:
      case CEED_EVAL_WEIGHT:
        *flops = 0;
        return CEED_ERROR_SUCCESS;
      case CEED_EVAL_INTERP:
      case CEED_EVAL_GRAD:
      case CEED_EVAL_DIV:
      case CEED_EVAL_CURL:
        *flops = static_cast<CeedSize>(basis->P) * basis->Q * num_comp * ceed::BasisQComp(basis, eval_mode);
        return CEED_ERROR_SUCCESS;
    }
    return CEED_BASIS_ERROR(ceed, CEED_ERROR_INCOMPATIBLE, "Invalid CeedEvalMode %d", static_cast<int>(eval_mode));
  }

  const CeedInt  dim = basis->dim;
  const CeedSize q   = basis->Q_1d, p = t_mode == CEED_TRANSPOSE ? basis->Q_1d : basis->P_1d;
  CeedSize       pow_p = 1, q_dim = 1;
  for (CeedInt d = 0; d < dim - 1; d++) pow_p *= p;
  for (CeedInt d = 0; d < dim; d++) q_dim *= q;
  // Sum-factorized contraction cost T.
  CeedSize tensor_flops = 0;
  for (CeedSize d = 0, pre = num_comp * pow_p, post = 1; d < dim; d++, pre /= p, post *= q) tensor_flops += 2 * pre * p * post * q;

  if (!is_at_points) {
    switch (eval_mode) {
      case CEED_EVAL_NONE:
        *flops = 0;
        return CEED_ERROR_SUCCESS;
      case CEED_EVAL_INTERP:
        *flops = tensor_flops;
        return CEED_ERROR_SUCCESS;
      case CEED_EVAL_GRAD:
        *flops = 2 * tensor_flops;
        return CEED_ERROR_SUCCESS;
      case CEED_EVAL_WEIGHT:
        *flops = dim * q_dim;
        return CEED_ERROR_SUCCESS;
      case CEED_EVAL_DIV:
      case CEED_EVAL_CURL:
        return CEED_BASIS_ERROR(ceed, CEED_ERROR_INCOMPATIBLE, "FLOPs estimate of %s requested for a tensor H^1 CeedBasis",
                                CeedEvalModes[eval_mode]);
    }
    return CEED_BASIS_ERROR(ceed, CEED_ERROR_INCOMPATIBLE, "Invalid CeedEvalMode %d", static_cast<int>(eval_mode));
  }

  // At points: interpolate to the Q_1d^dim points, fit per direction, evaluate at N points.
  const CeedSize N = num_points;
  const CeedSize c = 3 * (q - 2) + 1, c_grad = 8 * (q - 2) + 1;
  CeedSize       fit_flops = 0;
  {
    CeedSize a = 1;
    for (CeedInt d = 0; d < dim - 1; d++) a *= q;
    for (CeedSize d = 0, b = 1; d < dim; d++, a /= p, b *= q) fit_flops += 2 * a * q * b;
  }
  CeedMemType mem_type = CEED_MEM_HOST;
  CeedCall(CeedGetPreferredMemType(ceed, &mem_type));
  const CeedSize g    = mem_type == CEED_MEM_DEVICE ? num_comp : 1;
  const CeedSize base = tensor_flops + N * num_comp * (fit_flops + (t_mode == CEED_TRANSPOSE ? q_dim : 0));
  switch (eval_mode) {
    case CEED_EVAL_NONE:
      *flops = 0;
      return CEED_ERROR_SUCCESS;
    case CEED_EVAL_INTERP:
      *flops = base + N * g * dim * c;
      return CEED_ERROR_SUCCESS;
    case CEED_EVAL_GRAD:
      *flops = base + N * g * dim * (c_grad + (dim - 1) * c);
      return CEED_ERROR_SUCCESS;
    case CEED_EVAL_WEIGHT:
      *flops = N;
      return CEED_ERROR_SUCCESS;
    case CEED_EVAL_DIV:
    case CEED_EVAL_CURL:
      return CEED_BASIS_ERROR(ceed, CEED_ERROR_INCOMPATIBLE, "FLOPs estimate of %s at points requested for a tensor H^1 CeedBasis",
                              CeedEvalModes[eval_mode]);
  }
  return CEED_BASIS_ERROR(ceed, CEED_ERROR_INCOMPATIBLE, "Invalid CeedEvalMode %d", static_cast<int>(eval_mode));
}
