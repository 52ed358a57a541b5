// Fortran interface: operators (see interface-fortran.cpp for the conventions).
#include <cstdio>

#include "fortran/interface-fortran.hpp"

using namespace ceed::fortran;

namespace {

// The operators of a new multigrid level: coarse, prolongation, restriction.
struct MultigridLevel {
  CeedOperator coarse = nullptr, prolong = nullptr, restrict_op = nullptr;
  void Store(int err, int *op_coarse, int *op_prolong, int *op_restrict) {
    Created(operators, err, coarse, op_coarse);
    Created(operators, err, prolong, op_prolong);
    Created(operators, err, restrict_op, op_restrict);
  }
};

}  // namespace

// ---- CeedOperator ---------------------------------------------------------------------------------------

CEED_FORTRAN(ceedoperatorcreate)(int *ceed, int *qf, int *dqf, int *dqfT, int *op, int *err) {
  CeedOperator o = nullptr;
  *err           = CeedOperatorCreate(ceeds.Get(*ceed), qfunctions.Get(*qf), QFunctionArg(*dqf), QFunctionArg(*dqfT), &o);
  Created(operators, *err, o, op);
}
// Both spellings of the composite entry points: libCEED renamed ceedcompositeoperator* to ceedoperator*composite*.
CEED_FORTRAN(ceedoperatorcreatecomposite)(int *ceed, int *op, int *err) {
  CeedOperator o = nullptr;
  *err           = CeedOperatorCreateComposite(ceeds.Get(*ceed), &o);
  Created(operators, *err, o, op);
}
CEED_FORTRAN(ceedcompositeoperatorcreate)(int *ceed, int *op, int *err) { ceedoperatorcreatecomposite_(ceed, op, err); }
CEED_FORTRAN(ceedoperatorsetfield)(int *op, const char *field_name, int *rstr, int *basis, int *vec, int *err, FortranCharLen name_len) {
  *err = CeedOperatorSetField(operators.Get(*op), FromFortran(field_name, name_len).c_str(), RstrArg(*rstr), BasisArg(*basis), VectorArg(*vec));
}
CEED_FORTRAN(ceedoperatorcompositeaddsub)(int *composite, int *sub, int *err) {
  *err = CeedOperatorCompositeAddSub(operators.Get(*composite), operators.Get(*sub));
}
CEED_FORTRAN(ceedcompositeoperatoraddsub)(int *composite, int *sub, int *err) { ceedoperatorcompositeaddsub_(composite, sub, err); }
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
  MultigridLevel level;
  *err = CeedOperatorMultigridLevelCreate(operators.Get(*op_fine), vectors.Get(*p_mult_fine), restrictions.Get(*rstr_coarse), bases.Get(*basis_coarse),
                                          &level.coarse, &level.prolong, &level.restrict_op);
  level.Store(*err, op_coarse, op_prolong, op_restrict);
}
CEED_FORTRAN(ceedoperatormultigridlevelcreatetensorh1)(int *op_fine, int *p_mult_fine, int *rstr_coarse, int *basis_coarse,
                                                       const CeedScalar *interp_c_to_f, int *op_coarse, int *op_prolong, int *op_restrict, int *err) {
  MultigridLevel level;
  *err = CeedOperatorMultigridLevelCreateTensorH1(operators.Get(*op_fine), vectors.Get(*p_mult_fine), restrictions.Get(*rstr_coarse),
                                                  bases.Get(*basis_coarse), interp_c_to_f, &level.coarse, &level.prolong, &level.restrict_op);
  level.Store(*err, op_coarse, op_prolong, op_restrict);
}
CEED_FORTRAN(ceedoperatormultigridlevelcreateh1)(int *op_fine, int *p_mult_fine, int *rstr_coarse, int *basis_coarse,
                                                 const CeedScalar *interp_c_to_f, int *op_coarse, int *op_prolong, int *op_restrict, int *err) {
  MultigridLevel level;
  *err = CeedOperatorMultigridLevelCreateH1(operators.Get(*op_fine), vectors.Get(*p_mult_fine), restrictions.Get(*rstr_coarse),
                                            bases.Get(*basis_coarse), interp_c_to_f, &level.coarse, &level.prolong, &level.restrict_op);
  level.Store(*err, op_coarse, op_prolong, op_restrict);
}
CEED_FORTRAN(ceedoperatorcreatefdmelementinverse)(int *op, int *fdm_inv, int *request, int *err) {
  CeedOperator inverse = nullptr;
  Request      req(*request);
  *err = CeedOperatorCreateFDMElementInverse(operators.Get(*op), &inverse, req.get());
  Created(operators, *err, inverse, fdm_inv);
}
// Declared by libCEED's interface without a C counterpart: it fails instead of doing nothing.
CEED_FORTRAN(ceedoperatorapplyjacobian)(int *op, int *qdata, int *u, int *du, int *dv, int *request, int *err) {
  (void)qdata, (void)u, (void)du, (void)dv, (void)request;
  *err = CeedError(operators.Get(*op) ? CeedOperatorReturnCeed(operators.Get(*op)) : nullptr, CEED_ERROR_UNSUPPORTED,
                   "ceedoperatorapplyjacobian has no C counterpart: apply the linearized operator with ceedoperatorapply");
}
CEED_FORTRAN(ceedoperatorview)(int *op, int *err) { *err = CeedOperatorView(operators.Get(*op), stdout); }
CEED_FORTRAN(ceedoperatorsetnumviewtabs)(int *op, int *num_tabs, int *err) { *err = CeedOperatorSetNumViewTabs(operators.Get(*op), *num_tabs); }
CEED_FORTRAN(ceedoperatorapply)(int *op, int *in, int *out, int *request, int *err) {
  Request req(*request);
  *err = CeedOperatorApply(operators.Get(*op), VectorArg(*in), VectorArg(*out), req.get());
}
CEED_FORTRAN(ceedoperatorapplyadd)(int *op, int *in, int *out, int *request, int *err) {
  Request req(*request);
  *err = CeedOperatorApplyAdd(operators.Get(*op), VectorArg(*in), VectorArg(*out), req.get());
}
// Multiprecision extension (ceedrt): precision is one of ceed_precision_fp64, _fp32, _low_high, _high_low.
CEED_FORTRAN(ceedoperatorsetprecision)(int *op, int *precision, int *err) {
  *err = CeedOperatorSetPrecision(operators.Get(*op), static_cast<CeedOperatorPrecision>(*precision));
}
CEED_FORTRAN(ceedoperatorgetprecision)(int *op, int *precision, int *err) {
  CeedOperatorPrecision value = CEED_PRECISION_FP64;
  *err                        = CeedOperatorGetPrecision(operators.Get(*op), &value);
  *precision                  = value;
}
CEED_FORTRAN(ceedoperatordestroy)(int *op, int *err) { *err = operators.Destroy(op); }
