/* The process a cache-trust scenario runs: one operator on /cpu/self/gen (v = 2 u gathered through a restriction),
 * whose single fused kernel goes through the persistent kernel cache (folder from the environment). Prints
 * "result ok" when every entry is right and, when the configured folder was refused, "refused: <folder>:
 * <reason>"; exits 0 when the result is right. */
#include <ceed.h>
#include <ceed/backend.h>
#include <stdio.h>

#include "cache-trust-qfunction.h"

static void PrintError(Ceed ceed, const char *what, int ierr) {
  const char *message = NULL;
  CeedGetErrorMessage(ceed, &message);
  printf("%s failed (%d): %s\n", what, ierr, message ? message : "?");
}

int main(void) {
  enum { num_elem = 8, elem_size = 4, num_nodes = num_elem * (elem_size - 1) + 1 };
  Ceed ceed = NULL;
  int  ierr = CeedInit("/cpu/self/gen", &ceed);
  if (ierr) {
    PrintError(NULL, "CeedInit", ierr);
    return 1;
  }
  CeedInt    offsets[num_elem * elem_size];
  CeedScalar u_host[num_nodes];
  for (CeedInt e = 0; e < num_elem; e++) {
    for (CeedInt j = 0; j < elem_size; j++) offsets[e * elem_size + j] = e * (elem_size - 1) + j;
  }
  for (CeedInt i = 0; i < num_nodes; i++) u_host[i] = 1.0 + i;

  CeedVector          u, v;
  CeedElemRestriction rstr_u, rstr_e;
  CeedQFunction       qf;
  CeedOperator        op;
  const CeedInt       strides[3] = {1, elem_size, elem_size};
  CeedVectorCreate(ceed, num_nodes, &u);
  CeedVectorSetArray(u, CEED_MEM_HOST, CEED_COPY_VALUES, u_host);
  CeedVectorCreate(ceed, num_elem * elem_size, &v);
  CeedElemRestrictionCreate(ceed, num_elem, elem_size, 1, 1, num_nodes, CEED_MEM_HOST, CEED_COPY_VALUES, offsets, &rstr_u);
  CeedElemRestrictionCreateStrided(ceed, num_elem, elem_size, 1, num_elem * elem_size, strides, &rstr_e);
  CeedQFunctionCreateInterior(ceed, 1, CacheTrustDouble, CEEDRT_CACHE_TRUST_QFUNCTION ":CacheTrustDouble", &qf);
  CeedQFunctionAddInput(qf, "u", 1, CEED_EVAL_NONE);
  CeedQFunctionAddOutput(qf, "v", 1, CEED_EVAL_NONE);
  CeedOperatorCreate(ceed, qf, CEED_QFUNCTION_NONE, CEED_QFUNCTION_NONE, &op);
  CeedOperatorSetField(op, "u", rstr_u, CEED_BASIS_NONE, CEED_VECTOR_ACTIVE);
  CeedOperatorSetField(op, "v", rstr_e, CEED_BASIS_NONE, CEED_VECTOR_ACTIVE);
  ierr   = CeedOperatorApply(op, u, v, CEED_REQUEST_IMMEDIATE);
  int ok = !ierr;
  if (ierr) {
    PrintError(ceed, "CeedOperatorApply", ierr);
  } else {
    const CeedScalar *result;
    CeedVectorGetArrayRead(v, CEED_MEM_HOST, &result);
    for (CeedInt i = 0; i < num_elem * elem_size; i++) ok = ok && result[i] == 2 * u_host[offsets[i]];
    CeedVectorRestoreArrayRead(v, &result);
    printf("result %s\n", ok ? "ok" : "WRONG");
  }
  char *refused = NULL, *reason = NULL;
  if (!CeedKernelCacheGetRefusedDirectory(ceed, &refused, &reason) && refused) printf("refused: %s: %s\n", refused, reason);
  CeedFree(&refused);
  CeedFree(&reason);
  CeedVectorDestroy(&u);
  CeedVectorDestroy(&v);
  CeedElemRestrictionDestroy(&rstr_u);
  CeedElemRestrictionDestroy(&rstr_e);
  CeedQFunctionDestroy(&qf);
  CeedOperatorDestroy(&op);
  CeedDestroy(&ceed);
  return !ok;
}
