/* Context access through operators: two sub-operators v = scale * u (EVAL_NONE on 3 linear 1D elements,
 * so sum(v) = scale * 6 for u = 1) with their own contexts; "scale" exists in both, "count" only in the
 * first. A composite label writes into every sub-operator having the field, reads come from the first one,
 * single-operator labels write into one context, unknown names give NULL, invalid labels fail. */
#include <ceed.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "t508-operator-context.h"

static CeedScalar ApplySum(CeedOperator op, CeedVector u, CeedVector v) {
  const CeedScalar *a;
  CeedScalar        s = 0.0;
  CeedOperatorApply(op, u, v, CEED_REQUEST_IMMEDIATE);
  CeedVectorGetArrayRead(v, CEED_MEM_HOST, &a);
  for (CeedInt i = 0; i < 4; i++) s += a[i];
  CeedVectorRestoreArrayRead(v, &a);
  return s;
}

int main(int argc, char **argv) {
  Ceed                  ceed;
  CeedElemRestriction   rstr;
  CeedQFunction         qf[2];
  CeedQFunctionContext  ctx[2], ctx_check;
  CeedOperator          sub[2], op;
  CeedVector            u, v;
  CeedContextFieldLabel scale_label, count_label, bad_label, sub_label;
  CeedInt               offsets[6] = {0, 1, 1, 2, 2, 3};
  ScaleCtx              data[2]    = {{1.0, 0}, {2.0, 0}};
  int                   ierr       = 0;

  if (argc < 2) return 2;
  CeedInit(argv[1], &ceed);
  CeedElemRestrictionCreate(ceed, 3, 2, 1, 1, 4, CEED_MEM_HOST, CEED_COPY_VALUES, offsets, &rstr);
  CeedOperatorCreateComposite(ceed, &op);
  for (int i = 0; i < 2; i++) {
    CeedQFunctionContextCreate(ceed, &ctx[i]);
    CeedQFunctionContextSetData(ctx[i], CEED_MEM_HOST, CEED_COPY_VALUES, sizeof(ScaleCtx), &data[i]);
    CeedQFunctionContextRegisterDouble(ctx[i], "scale", offsetof(ScaleCtx, scale), 1, "scaling factor");
    if (i == 0) CeedQFunctionContextRegisterInt32(ctx[i], "count", offsetof(ScaleCtx, count), 1, "a counter");
    CeedQFunctionCreateInterior(ceed, 1, scale_qf, scale_qf_loc, &qf[i]);
    CeedQFunctionAddInput(qf[i], "u", 1, CEED_EVAL_NONE);
    CeedQFunctionAddOutput(qf[i], "v", 1, CEED_EVAL_NONE);
    CeedQFunctionSetContext(qf[i], ctx[i]);
    CeedOperatorCreate(ceed, qf[i], NULL, NULL, &sub[i]);
    CeedOperatorSetField(sub[i], "u", rstr, CEED_BASIS_NONE, CEED_VECTOR_ACTIVE);
    CeedOperatorSetField(sub[i], "v", rstr, CEED_BASIS_NONE, CEED_VECTOR_ACTIVE);
    CeedOperatorCompositeAddSub(op, sub[i]);
  }
  CeedVectorCreate(ceed, 4, &u);
  CeedVectorCreate(ceed, 4, &v);
  CeedVectorSetValue(u, 1.0);
  if (fabs(ApplySum(op, u, v) - 18.0) > 1e-14) printf("initial composite sum %g, expected 18\n", ApplySum(op, u, v)), ierr = 1;

  /* Composite label: both contexts get scale = 3. */
  CeedOperatorGetContextFieldLabel(op, "scale", &scale_label);
  double scale = 3.0;
  CeedOperatorSetContextDouble(op, scale_label, &scale);
  if (fabs(ApplySum(op, u, v) - 36.0) > 1e-14) printf("composite sum after scale = 3: %g, expected 36\n", ApplySum(op, u, v)), ierr = 1;
  {
    size_t        n = 0;
    const double *values;
    CeedOperatorGetContextDoubleRead(op, scale_label, &n, &values);
    if (n != 1 || values[0] != 3.0) printf("composite read: %zu values, first %g\n", n, values[0]), ierr = 1;
    CeedOperatorRestoreContextDoubleRead(op, scale_label, &values);
    if (values) printf("restore must NULL the values pointer\n"), ierr = 1;
  }
  /* "count" only exists in the first sub-operator. */
  CeedOperatorGetContextFieldLabel(op, "count", &count_label);
  int32_t count = 7;
  CeedOperatorSetContextInt32(op, count_label, &count);
  {
    size_t         n = 0;
    const int32_t *values;
    CeedOperatorGetContextInt32Read(op, count_label, &n, &values);
    if (n != 1 || values[0] != 7) printf("count read: %zu values, first %d\n", n, (int)values[0]), ierr = 1;
    CeedOperatorRestoreContextInt32Read(op, count_label, &values);
    ScaleCtx *d;
    CeedQFunctionContextGetData(ctx[0], CEED_MEM_HOST, &d);
    if (d->count != 7 || d->scale != 3.0) printf("context 0 holds count %d scale %g\n", (int)d->count, d->scale), ierr = 1;
    CeedQFunctionContextRestoreData(ctx[0], &d);
  }
  CeedOperatorGetContextFieldLabel(op, "bad", &bad_label);
  if (bad_label) printf("label returned for an unknown field\n"), ierr = 1;

  /* A single-operator label writes into that operator's context only: 3 + 5 = 8 per node. */
  CeedOperatorGetContextFieldLabel(sub[1], "scale", &sub_label);
  scale = 5.0;
  CeedOperatorSetContextDouble(sub[1], sub_label, &scale);
  if (fabs(ApplySum(op, u, v) - 48.0) > 1e-14) printf("composite sum after sub scale = 5: %g, expected 48\n", ApplySum(op, u, v)), ierr = 1;
  CeedOperatorGetContext(sub[0], &ctx_check);
  if (ctx_check != ctx[0]) printf("CeedOperatorGetContext returned another context\n"), ierr = 1;
  CeedQFunctionContextDestroy(&ctx_check);

  /* Invalid labels fail and leave the values unchanged. */
  {
    const char *msg;
    CeedSetErrorHandler(ceed, CeedErrorStore);
    int code = CeedOperatorSetContextDouble(op, NULL, &scale);
    CeedGetErrorMessage(ceed, &msg);
    if (code != CEED_ERROR_UNSUPPORTED || !strstr(msg, "Invalid field label")) printf("NULL label: code %d '%s'\n", code, msg), ierr = 1;
    CeedResetErrorMessage(ceed, &msg);
    code = CeedOperatorSetContextInt32(op, scale_label, &count);
    if (code != CEED_ERROR_UNSUPPORTED) printf("type mismatch: code %d\n", code), ierr = 1;
    CeedResetErrorMessage(ceed, &msg);
    code = CeedOperatorSetContextDouble(sub[0], sub_label, &scale);
    if (code != CEED_ERROR_UNSUPPORTED) printf("label of another operator: code %d\n", code), ierr = 1;
    CeedResetErrorMessage(ceed, &msg);
    if (fabs(ApplySum(op, u, v) - 48.0) > 1e-14) printf("failed writes changed the contexts\n"), ierr = 1;
  }

  CeedVectorDestroy(&u);
  CeedVectorDestroy(&v);
  CeedElemRestrictionDestroy(&rstr);
  for (int i = 0; i < 2; i++) {
    CeedQFunctionContextDestroy(&ctx[i]);
    CeedQFunctionDestroy(&qf[i]);
    CeedOperatorDestroy(&sub[i]);
  }
  CeedOperatorDestroy(&op);
  CeedDestroy(&ceed);
  return ierr;
}
