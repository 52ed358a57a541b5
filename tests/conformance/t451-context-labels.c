/* Context field labels: registration of every type, descriptions, lookup, typed writes and reads. */
#include <ceed.h>
#include <ceed/backend.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

typedef struct {
  double  dt;
  int32_t ids[3];
  bool    on;
} Params;

int main(int argc, char **argv) {
  Ceed                         ceed;
  CeedQFunctionContext         ctx;
  Params                       p = {0.1, {1, 2, 3}, false};
  const CeedContextFieldLabel *labels;
  CeedContextFieldLabel        dt, ids, on, missing;
  CeedInt                      n;
  const char                  *name, *desc;
  size_t                       offset, num;
  CeedContextFieldType         type;
  double                       new_dt = 0.05;
  int32_t                      new_ids[3] = {7, 8, 9};
  bool                         new_on = true;
  const double                *dv;
  const int32_t               *iv;
  const bool                  *bv;
  int                          fail = 0;

  if (argc < 2) return 2;
  CeedInit(argv[1], &ceed);
  CeedQFunctionContextCreate(ceed, &ctx);
  CeedQFunctionContextSetData(ctx, CEED_MEM_HOST, CEED_COPY_VALUES, sizeof(p), &p);
  CeedQFunctionContextRegisterDouble(ctx, "dt", offsetof(Params, dt), 1, "time step");
  CeedQFunctionContextRegisterInt32(ctx, "ids", offsetof(Params, ids), 3, "identifiers");
  CeedQFunctionContextRegisterBoolean(ctx, "on", offsetof(Params, on), 1, "switch");

  CeedQFunctionContextGetAllFieldLabels(ctx, &labels, &n);
  if (n != 3) fail = 1;
  CeedContextFieldLabelGetDescription(labels[1], &name, &offset, &num, &desc, &type);
  if (strcmp(name, "ids") || offset != offsetof(Params, ids) || num != 3 || strcmp(desc, "identifiers") || type != CEED_CONTEXT_FIELD_INT32) {
    printf("description of ids: %s %zu %zu %s %d\n", name, offset, num, desc, (int)type);
    fail = 1;
  }
  CeedQFunctionContextGetFieldLabel(ctx, "dt", &dt);
  CeedQFunctionContextGetFieldLabel(ctx, "ids", &ids);
  CeedQFunctionContextGetFieldLabel(ctx, "on", &on);
  CeedQFunctionContextGetFieldLabel(ctx, "absent", &missing);
  if (dt != labels[0] || ids != labels[1] || on != labels[2] || missing) fail = 1;

  CeedQFunctionContextSetDouble(ctx, dt, &new_dt);
  CeedQFunctionContextSetInt32(ctx, ids, new_ids);
  CeedQFunctionContextSetBoolean(ctx, on, &new_on);
  CeedQFunctionContextGetDoubleRead(ctx, dt, &num, &dv);
  if (num != 1 || dv[0] != 0.05) fail = 1;
  CeedQFunctionContextRestoreDoubleRead(ctx, dt, &dv);
  CeedQFunctionContextGetInt32Read(ctx, ids, &num, &iv);
  if (num != 3 || iv[0] != 7 || iv[2] != 9) fail = 1;
  CeedQFunctionContextRestoreInt32Read(ctx, ids, &iv);
  CeedQFunctionContextGetBooleanRead(ctx, on, &num, &bv);
  if (num != 1 || !bv[0]) fail = 1;
  CeedQFunctionContextRestoreBooleanRead(ctx, on, &bv);
  if (fail) printf("label access failed\n");
  CeedQFunctionContextDestroy(&ctx);
  CeedDestroy(&ceed);
  return fail;
}
