// CeedElemRestriction: application (E, E^T, single block, single element at points), multiplicity,
// and creation of compatible vectors. The core checks arguments and forwards to the backend of the
// base restriction with the copy's sign/orientation flags.
#include "restriction/elem-restriction.hpp"

namespace {

#define RSTR_ERROR(ceed, code, ...) (CeedErrorImpl((ceed), __FILE__, __LINE__, func, (code), __VA_ARGS__), (code))

int CheckTransposeMode(const char *func, Ceed ceed, CeedTransposeMode t_mode) {
  if (t_mode != CEED_NOTRANSPOSE && t_mode != CEED_TRANSPOSE)
    return RSTR_ERROR(ceed, CEED_ERROR_INCOMPATIBLE, "CeedElemRestriction: invalid transpose mode %d", static_cast<int>(t_mode));
  return CEED_ERROR_SUCCESS;
}

// Checks that vec is a real vector of length >= min_len (or == min_len when exact); role names it.
int CheckVector(const char *func, Ceed ceed, CeedVector vec, const char *role, CeedSize min_len, bool exact, const char *what) {
  if (!vec) return RSTR_ERROR(ceed, CEED_ERROR_INCOMPATIBLE, "%s vector of CeedElemRestriction is NULL", role);
  if (vec == CEED_VECTOR_ACTIVE || vec == CEED_VECTOR_NONE)
    return RSTR_ERROR(ceed, CEED_ERROR_INCOMPATIBLE, "%s vector of CeedElemRestriction is %s, a placeholder, not a vector", role,
                      vec == CEED_VECTOR_ACTIVE ? "CEED_VECTOR_ACTIVE" : "CEED_VECTOR_NONE");
  CeedSize len = 0;
  CeedCall(CeedVectorGetLength(vec, &len));
  if (exact ? len != min_len : len < min_len)
    return RSTR_ERROR(ceed, CEED_ERROR_DIMENSION, "%s vector size %td not compatible with element restriction (%s %s %td)", role, len,
                      what, exact ? "must be exactly" : "needs at least", min_len);
  return CEED_ERROR_SUCCESS;
}

}  // namespace

int CeedElemRestrictionApply(CeedElemRestriction rstr, CeedTransposeMode t_mode, CeedVector u, CeedVector ru, CeedRequest *request) {
  const char *func = __func__;
  CEED_RSTR_CHECK_HANDLE(rstr);
  Ceed ceed = rstr->header.ceed;
  CeedCall(CheckTransposeMode(func, ceed, t_mode));
  const bool tr     = t_mode == CEED_TRANSPOSE;
  const CeedSize in = tr ? rstr->e_size : rstr->l_size, out = tr ? rstr->l_size : rstr->e_size;
  CeedCall(CheckVector(func, ceed, u, "Input", in, false, tr ? "E-vector size" : "L-vector size"));
  CeedCall(CheckVector(func, ceed, ru, "Output", out, false, tr ? "L-vector size" : "E-vector size"));
  if (rstr->num_elem > 0) {
    CeedElemRestriction base = ceed::RstrBase(rstr);
    CeedCheck(base->ops.Apply, ceed, CEED_ERROR_UNSUPPORTED, "Backend does not implement CeedElemRestrictionApply");
    CeedCall(base->ops.Apply(base, t_mode, rstr->use_signs, rstr->use_orients, u, ru, request));
  }
  ceed::CompleteRequest(request);
  return CEED_ERROR_SUCCESS;
}

int CeedElemRestrictionApplyBlock(CeedElemRestriction rstr, CeedInt block, CeedTransposeMode t_mode, CeedVector u, CeedVector ru,
                                  CeedRequest *request) {
  const char *func = __func__;
  CEED_RSTR_CHECK_HANDLE(rstr);
  Ceed ceed = rstr->header.ceed;
  CeedCall(CheckTransposeMode(func, ceed, t_mode));
  CeedCheck(rstr->rstr_type != CEED_RESTRICTION_POINTS, ceed, CEED_ERROR_INCOMPATIBLE,
            "CeedElemRestrictionApplyBlock does not apply to an at-points CeedElemRestriction; use "
            "CeedElemRestrictionApplyAtPointsInElement");
  CeedCheck(block >= 0 && block < rstr->num_block, ceed, CEED_ERROR_DIMENSION,
            "Cannot apply block %" CeedInt_FMT " of CeedElemRestriction with %" CeedInt_FMT " blocks of %" CeedInt_FMT
            " elements (%" CeedInt_FMT " elements)",
            block, rstr->num_block, rstr->block_size, rstr->num_elem);
  const bool tr          = t_mode == CEED_TRANSPOSE;
  const CeedSize block_e = static_cast<CeedSize>(rstr->block_size) * rstr->elem_size * rstr->num_comp;
  CeedCall(CheckVector(func, ceed, u, "Input", tr ? block_e : rstr->l_size, true, tr ? "block E-vector size" : "L-vector size"));
  CeedCall(CheckVector(func, ceed, ru, "Output", tr ? rstr->l_size : block_e, true, tr ? "L-vector size" : "block E-vector size"));
  CeedElemRestriction base = ceed::RstrBase(rstr);
  CeedCheck(base->ops.ApplyBlock, ceed, CEED_ERROR_UNSUPPORTED, "Backend does not implement CeedElemRestrictionApplyBlock");
  CeedCall(base->ops.ApplyBlock(base, block, t_mode, u, ru, request));
  ceed::CompleteRequest(request);
  return CEED_ERROR_SUCCESS;
}

int CeedElemRestrictionApplyAtPointsInElement(CeedElemRestriction rstr, CeedInt elem, CeedTransposeMode t_mode, CeedVector u,
                                              CeedVector ru, CeedRequest *request) {
  const char *func = __func__;
  CEED_RSTR_CHECK_HANDLE(rstr);
  Ceed ceed = rstr->header.ceed;
  CeedCall(CheckTransposeMode(func, ceed, t_mode));
  CeedCheck(rstr->rstr_type == CEED_RESTRICTION_POINTS, ceed, CEED_ERROR_INCOMPATIBLE,
            "CeedElemRestrictionApplyAtPointsInElement only applies to a CeedElemRestriction created with "
            "CeedElemRestrictionCreateAtPoints");
  CeedCheck(elem >= 0 && elem < rstr->num_elem, ceed, CEED_ERROR_DIMENSION,
            "Cannot apply CeedElemRestriction at points in element %" CeedInt_FMT ": restriction has %" CeedInt_FMT " elements", elem,
            rstr->num_elem);
  const bool tr       = t_mode == CEED_TRANSPOSE;
  const CeedSize elem_e = static_cast<CeedSize>(ceed::RstrPointsInElement(rstr, elem)) * rstr->num_comp;
  CeedCall(CheckVector(func, ceed, u, "Input", tr ? elem_e : rstr->l_size, false, tr ? "element E-vector size" : "L-vector size"));
  CeedCall(CheckVector(func, ceed, ru, "Output", tr ? rstr->l_size : elem_e, false, tr ? "L-vector size" : "element E-vector size"));
  CeedElemRestriction base = ceed::RstrBase(rstr);
  CeedCheck(base->ops.ApplyAtPointsInElement, ceed, CEED_ERROR_UNSUPPORTED,
            "Backend does not implement CeedElemRestrictionApplyAtPointsInElement");
  CeedCall(base->ops.ApplyAtPointsInElement(base, elem, t_mode, u, ru, request));
  ceed::CompleteRequest(request);
  return CEED_ERROR_SUCCESS;
}

int CeedElemRestrictionGetMultiplicity(CeedElemRestriction rstr, CeedVector mult) {
  const char *func = __func__;
  CEED_RSTR_CHECK_HANDLE(rstr);
  Ceed ceed = rstr->header.ceed;
  CeedCall(CheckVector(func, ceed, mult, "Multiplicity", rstr->l_size, false, "L-vector size"));
  CeedElemRestriction base = ceed::RstrBase(rstr);
  if (rstr->num_elem > 0) CeedCheck(base->ops.Apply, ceed, CEED_ERROR_UNSUPPORTED, "Backend does not implement CeedElemRestrictionApply");
  CEED_API_TRY
  CeedVector e_vec = nullptr;
  CeedCall(CeedVectorCreate(ceed, rstr->e_size, &e_vec));
  // mult = E^T (E 1), ignoring orientations so that every reference counts +1.
  int ierr = CeedVectorSetValue(mult, 1.0);
  if (!ierr && rstr->num_elem > 0) ierr = base->ops.Apply(base, CEED_NOTRANSPOSE, true, false, mult, e_vec, nullptr);
  if (!ierr) ierr = CeedVectorSetValue(mult, 0.0);
  if (!ierr && rstr->num_elem > 0) ierr = base->ops.Apply(base, CEED_TRANSPOSE, true, false, e_vec, mult, nullptr);
  const int ierr_destroy = CeedVectorDestroy(&e_vec);
  return ierr ? ierr : ierr_destroy;
  CEED_API_CATCH(ceed)
}

int CeedElemRestrictionCreateVector(CeedElemRestriction rstr, CeedVector *l_vec, CeedVector *e_vec) {
  CEED_RSTR_CHECK_HANDLE(rstr);
  Ceed ceed = rstr->header.ceed;
  CEED_API_TRY
  if (l_vec) *l_vec = nullptr;
  if (e_vec) *e_vec = nullptr;
  if (l_vec) CeedCall(CeedVectorCreate(ceed, rstr->l_size, l_vec));
  if (e_vec) {
    int ierr = CeedVectorCreate(ceed, rstr->e_size, e_vec);
    if (ierr) {
      if (l_vec) CeedVectorDestroy(l_vec);
      return ierr;
    }
  }
  return CEED_ERROR_SUCCESS;
  CEED_API_CATCH(ceed)
}
