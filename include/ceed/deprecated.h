/** \file
    Deprecated names kept so older libCEED applications compile unchanged; each forwards to its new name. */
#ifndef CEED_DEPRECATED_H
#define CEED_DEPRECATED_H

#if defined(__GNUC__) || defined(__clang__)
/** Marks a declaration deprecated with a message, where the compiler supports it. */
#define CEED_DEPRECATED(msg) __attribute__((deprecated(msg)))
#else
/** Marks a declaration deprecated: nothing where the compiler has no such attribute. */
#define CEED_DEPRECATED(msg)
#endif

/** Old name of CeedOperatorCreateComposite(). */
CEED_DEPRECATED("use CeedOperatorCreateComposite")
static inline int CeedCompositeOperatorCreate(Ceed ceed, CeedOperator *op) { return CeedOperatorCreateComposite(ceed, op); }
/** Old name of CeedOperatorCompositeAddSub(). */
CEED_DEPRECATED("use CeedOperatorCompositeAddSub")
static inline int CeedCompositeOperatorAddSub(CeedOperator composite_op, CeedOperator sub_op) {
  return CeedOperatorCompositeAddSub(composite_op, sub_op);
}
/** Old name of CeedOperatorCompositeGetNumSub(). */
CEED_DEPRECATED("use CeedOperatorCompositeGetNumSub")
static inline int CeedCompositeOperatorGetNumSub(CeedOperator op, CeedInt *num_suboperators) {
  return CeedOperatorCompositeGetNumSub(op, num_suboperators);
}
/** Old name of CeedOperatorCompositeGetSubList(). */
CEED_DEPRECATED("use CeedOperatorCompositeGetSubList")
static inline int CeedCompositeOperatorGetSubList(CeedOperator op, CeedOperator **sub_operators) {
  return CeedOperatorCompositeGetSubList(op, sub_operators);
}
/** Old name of CeedOperatorCompositeGetSubByName(). */
CEED_DEPRECATED("use CeedOperatorCompositeGetSubByName")
static inline int CeedCompositeOperatorGetSubByName(CeedOperator op, const char *op_name, CeedOperator *sub_op) {
  return CeedOperatorCompositeGetSubByName(op, op_name, sub_op);
}
/** Old name of CeedOperatorCompositeGetMultiplicity(). */
CEED_DEPRECATED("use CeedOperatorCompositeGetMultiplicity")
static inline int CeedCompositeOperatorGetMultiplicity(CeedOperator op, CeedInt num_skip_indices, CeedInt *skip_indices,
                                                       CeedVector mult) {
  return CeedOperatorCompositeGetMultiplicity(op, num_skip_indices, skip_indices, mult);
}

#endif /* CEED_DEPRECATED_H */
