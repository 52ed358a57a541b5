/* Calls every assembly, multigrid and FDM function of spec 06 §6-§8 on a small valid mass operator and
 * prints "KNOWN <name>" for each, plus "UNSUPPORTED <name>" when it returns CEED_ERROR_UNSUPPORTED and
 * "FAILED <name> <code>" for any other error. tools/check/api-list.py --verify-pending compares the UNSUPPORTED
 * set with the functions marked pending in src/ (so the list of docs/api-status.md stays true) and requires every
 * function that is not pending to succeed on this valid input. Exit status 0 unless the operator cannot
 * be built. */
#include <ceed.h>
#include <stdio.h>
#include <stdlib.h>

#define CHECK(...)                                                                                  \
  do {                                                                                              \
    int ierr_ = (__VA_ARGS__);                                                                      \
    if (ierr_) {                                                                                    \
      fprintf(stderr, "pending-api: %s failed with error %d\n", #__VA_ARGS__, ierr_);               \
      return 1;                                                                                     \
    }                                                                                               \
  } while (0)

CEED_QFUNCTION(weighted_mass)(void *ctx, const CeedInt Q, const CeedScalar *const *in, CeedScalar *const *out) {
  (void)ctx;
  for (CeedInt i = 0; i < Q; i++) out[0][i] = in[1][i] * in[0][i];
  return 0;
}

static void Report(const char *name, int ierr) {
  printf("KNOWN %s\n", name);
  if (ierr == CEED_ERROR_UNSUPPORTED) printf("UNSUPPORTED %s\n", name);
  else if (ierr) printf("FAILED %s %d\n", name, ierr);
}

int main(int argc, char **argv) {
  const char   *resource = argc > 1 ? argv[1] : "/cpu/self/ref/serial";
  const CeedInt num_elem = 3, P = 3, Q = 4, num_nodes = num_elem * (P - 1) + 1;
  Ceed          ceed;
  CHECK(CeedInit(resource, &ceed));
  CHECK(CeedSetErrorHandler(ceed, CeedErrorStore));

  CeedInt offsets[3 * 3];
  for (CeedInt e = 0; e < num_elem; e++) {
    for (CeedInt k = 0; k < P; k++) offsets[e * P + k] = e * (P - 1) + k;
  }
  CeedElemRestriction rstr;
  CeedBasis           basis;
  CeedQFunction       qf;
  CeedOperator        op;
  CeedVector          ones, diag;
  CHECK(CeedElemRestrictionCreate(ceed, num_elem, P, 1, 1, num_nodes, CEED_MEM_HOST, CEED_COPY_VALUES, offsets, &rstr));
  CHECK(CeedBasisCreateTensorH1Lagrange(ceed, 1, 1, P, Q, CEED_GAUSS, &basis));
  CHECK(CeedQFunctionCreateInterior(ceed, 1, weighted_mass, weighted_mass_loc, &qf));
  CHECK(CeedQFunctionAddInput(qf, "u", 1, CEED_EVAL_INTERP));
  CHECK(CeedQFunctionAddInput(qf, "weight", 1, CEED_EVAL_WEIGHT));
  CHECK(CeedQFunctionAddOutput(qf, "v", 1, CEED_EVAL_INTERP));
  CHECK(CeedOperatorCreate(ceed, qf, CEED_QFUNCTION_NONE, CEED_QFUNCTION_NONE, &op));
  CHECK(CeedOperatorSetField(op, "u", rstr, basis, CEED_VECTOR_ACTIVE));
  CHECK(CeedOperatorSetField(op, "weight", CEED_ELEMRESTRICTION_NONE, basis, CEED_VECTOR_NONE));
  CHECK(CeedOperatorSetField(op, "v", rstr, basis, CEED_VECTOR_ACTIVE));
  CHECK(CeedOperatorCheckReady(op));
  CHECK(CeedVectorCreate(ceed, num_nodes, &ones));
  CHECK(CeedVectorSetValue(ones, 1.0));
  CHECK(CeedVectorCreate(ceed, num_nodes, &diag));

  {
    CeedVector          assembled = NULL;
    CeedElemRestriction rstr_q    = NULL;
    Report("CeedOperatorLinearAssembleQFunction", CeedOperatorLinearAssembleQFunction(op, &assembled, &rstr_q, CEED_REQUEST_IMMEDIATE));
    CHECK(CeedVectorDestroy(&assembled));
    CHECK(CeedElemRestrictionDestroy(&rstr_q));
    Report("CeedOperatorLinearAssembleQFunctionBuildOrUpdate",
           CeedOperatorLinearAssembleQFunctionBuildOrUpdate(op, &assembled, &rstr_q, CEED_REQUEST_IMMEDIATE));
    CHECK(CeedVectorDestroy(&assembled));
    CHECK(CeedElemRestrictionDestroy(&rstr_q));
  }
  Report("CeedOperatorSetQFunctionAssemblyReuse", CeedOperatorSetQFunctionAssemblyReuse(op, true));
  Report("CeedOperatorSetQFunctionAssemblyDataUpdateNeeded", CeedOperatorSetQFunctionAssemblyDataUpdateNeeded(op, true));
  Report("CeedOperatorLinearAssembleDiagonal", CeedOperatorLinearAssembleDiagonal(op, diag, CEED_REQUEST_IMMEDIATE));
  Report("CeedOperatorLinearAssembleAddDiagonal", CeedOperatorLinearAssembleAddDiagonal(op, diag, CEED_REQUEST_IMMEDIATE));
  Report("CeedOperatorLinearAssemblePointBlockDiagonal", CeedOperatorLinearAssemblePointBlockDiagonal(op, diag, CEED_REQUEST_IMMEDIATE));
  Report("CeedOperatorLinearAssembleAddPointBlockDiagonal",
         CeedOperatorLinearAssembleAddPointBlockDiagonal(op, diag, CEED_REQUEST_IMMEDIATE));
  {
    CeedSize num_entries = 0;
    CeedInt *rows = NULL, *cols = NULL;
    Report("CeedOperatorLinearAssemblePointBlockDiagonalSymbolic", CeedOperatorLinearAssemblePointBlockDiagonalSymbolic(op, &num_entries, &rows, &cols));
    free(rows);
    free(cols);
    rows = cols = NULL;
    Report("CeedOperatorLinearAssembleGetNumEntries", CeedOperatorLinearAssembleGetNumEntries(op, &num_entries));
    Report("CeedOperatorLinearAssembleSymbolic", CeedOperatorLinearAssembleSymbolic(op, &num_entries, &rows, &cols));
    free(rows);
    free(cols);
    CeedVector values;
    CHECK(CeedVectorCreate(ceed, num_elem * P * P, &values));
    Report("CeedOperatorLinearAssemble", CeedOperatorLinearAssemble(op, values));
    CHECK(CeedVectorDestroy(&values));
  }
  {
    CeedOperator op_coarse = NULL, op_prolong = NULL, op_restrict = NULL;
    CeedScalar   identity[3 * 3] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
    Report("CeedOperatorMultigridLevelCreate", CeedOperatorMultigridLevelCreate(op, ones, rstr, basis, &op_coarse, &op_prolong, &op_restrict));
    CHECK(CeedOperatorDestroy(&op_coarse));
    CHECK(CeedOperatorDestroy(&op_prolong));
    CHECK(CeedOperatorDestroy(&op_restrict));
    Report("CeedOperatorMultigridLevelCreateTensorH1",
           CeedOperatorMultigridLevelCreateTensorH1(op, ones, rstr, basis, identity, &op_coarse, &op_prolong, &op_restrict));
    CHECK(CeedOperatorDestroy(&op_coarse));
    CHECK(CeedOperatorDestroy(&op_prolong));
    CHECK(CeedOperatorDestroy(&op_restrict));
    Report("CeedOperatorMultigridLevelCreateH1",
           CeedOperatorMultigridLevelCreateH1(op, ones, rstr, basis, identity, &op_coarse, &op_prolong, &op_restrict));
    CHECK(CeedOperatorDestroy(&op_coarse));
    CHECK(CeedOperatorDestroy(&op_prolong));
    CHECK(CeedOperatorDestroy(&op_restrict));
  }
  {
    CeedOperator fdm_inv = NULL;
    Report("CeedOperatorCreateFDMElementInverse", CeedOperatorCreateFDMElementInverse(op, &fdm_inv, CEED_REQUEST_IMMEDIATE));
    CHECK(CeedOperatorDestroy(&fdm_inv));
  }
  Report("CeedOperatorAssemblyDataStrip", CeedOperatorAssemblyDataStrip(op));

  CHECK(CeedVectorDestroy(&ones));
  CHECK(CeedVectorDestroy(&diag));
  CHECK(CeedOperatorDestroy(&op));
  CHECK(CeedQFunctionDestroy(&qf));
  CHECK(CeedBasisDestroy(&basis));
  CHECK(CeedElemRestrictionDestroy(&rstr));
  CHECK(CeedDestroy(&ceed));
  return 0;
}
