/* Context errors (store handler): lock violations with code 1 and exact texts, missing data, duplicate
   and mistyped labels; the context stays usable. */
#include <ceed.h>
#include <ceed/backend.h>
#include <stdio.h>
#include <string.h>

static int Expect(Ceed ceed, int ierr, int code, const char *text) {
  const char *msg;
  CeedGetErrorMessage(ceed, &msg);
  if (ierr != code || !strstr(msg, text)) {
    printf("expected code %d and \"%s\", got code %d and \"%s\"\n", code, text, ierr, msg);
    return 1;
  }
  CeedResetErrorMessage(ceed, &msg);
  return 0;
}

int main(int argc, char **argv) {
  Ceed                  ceed;
  CeedQFunctionContext  ctx;
  CeedContextFieldLabel label;
  double                data[2] = {1, 2}, *w, value = 5;
  const double         *r;
  int32_t               ivalue = 1;
  int                   fail   = 0;

  if (argc < 2) return 2;
  CeedInit(argv[1], &ceed);
  CeedSetErrorHandler(ceed, CeedErrorStore);
  CeedQFunctionContextCreate(ceed, &ctx);
  fail |= Expect(ceed, CeedQFunctionContextGetData(ctx, CEED_MEM_HOST, &w), CEED_ERROR_BACKEND,
                 "CeedQFunctionContextGetData(): CeedQFunctionContext has no valid data to get, must set data");
  CeedQFunctionContextSetData(ctx, CEED_MEM_HOST, CEED_COPY_VALUES, sizeof(data), data);

  CeedQFunctionContextGetDataRead(ctx, CEED_MEM_HOST, &r);
  fail |= Expect(ceed, CeedQFunctionContextGetData(ctx, CEED_MEM_HOST, &w), CEED_ERROR_MINOR,
                 "CeedQFunctionContextGetData(): Cannot grant CeedQFunctionContext data access, a process has read access");
  CeedQFunctionContextRestoreDataRead(ctx, &r);

  CeedQFunctionContextGetData(ctx, CEED_MEM_HOST, &w);
  fail |= Expect(ceed, CeedQFunctionContextGetDataRead(ctx, CEED_MEM_HOST, &r), CEED_ERROR_MINOR,
                 "Cannot grant CeedQFunctionContext data access, the access lock is already in use");
  fail |= Expect(ceed, CeedQFunctionContextSetData(ctx, CEED_MEM_HOST, CEED_COPY_VALUES, sizeof(data), data), CEED_ERROR_MINOR,
                 "Cannot grant CeedQFunctionContext data access, the access lock is already in use");
  {
    CeedQFunctionContext alias = ctx;
    fail |= Expect(ceed, CeedQFunctionContextDestroy(&alias), CEED_ERROR_MINOR, "Cannot destroy CeedQFunctionContext, the access lock is in use");
  }
  w[1] = 20;
  CeedQFunctionContextRestoreData(ctx, &w);
  fail |= Expect(ceed, CeedQFunctionContextRestoreData(ctx, &w), CEED_ERROR_MINOR,
                 "Cannot restore CeedQFunctionContext array access, access was not granted");
  fail |= Expect(ceed, CeedQFunctionContextTakeData(ctx, CEED_MEM_HOST, &w), CEED_ERROR_BACKEND,
                 "CeedQFunctionContext has no borrowed host data, must set data with CeedQFunctionContextSetData");
  fail |= Expect(ceed, CeedQFunctionContextSetDataDestroy(ctx, CEED_MEM_HOST, NULL), CEED_ERROR_MINOR,
                 "Must provide valid callback function for destroying user data");

  CeedQFunctionContextRegisterDouble(ctx, "v", sizeof(double), 1, "second value");
  fail |= Expect(ceed, CeedQFunctionContextRegisterBoolean(ctx, "v", 0, 1, "again"), CEED_ERROR_UNSUPPORTED,
                 "QFunctionContext field with name \"v\" already registered");
  CeedQFunctionContextGetFieldLabel(ctx, "v", &label);
  fail |= Expect(ceed, CeedQFunctionContextSetInt32(ctx, label, &ivalue), CEED_ERROR_UNSUPPORTED,
                 "QFunctionContext field with name \"v\" registered as double, not registered as int32");
  fail |= Expect(ceed, CeedQFunctionContextSetDouble(ctx, NULL, &value), CEED_ERROR_UNSUPPORTED, "Invalid field label");
  fail |= Expect(ceed, CeedQFunctionContextSetNumViewTabs(ctx, -4), CEED_ERROR_MINOR, "Number of view tabs must be non-negative");

  /* Still usable: the successful write and a label write are visible. */
  CeedQFunctionContextSetDouble(ctx, label, &value);
  CeedQFunctionContextGetDataRead(ctx, CEED_MEM_HOST, &r);
  if (r[0] != 1 || r[1] != 5) {
    printf("data %f %f, expected 1 5\n", r[0], r[1]);
    fail = 1;
  }
  CeedQFunctionContextRestoreDataRead(ctx, &r);
  CeedQFunctionContextDestroy(&ctx);
  CeedDestroy(&ceed);
  return fail;
}
