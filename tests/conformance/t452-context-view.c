/* CeedQFunctionContextView and CeedObjectView output (compared with output/t452-context-view.out). */
#include <ceed.h>
#include <stdio.h>

int main(int argc, char **argv) {
  Ceed                 ceed;
  CeedQFunctionContext ctx, copy = NULL;
  double               data[4] = {1, 2, 3, 4};

  if (argc < 2) return 2;
  CeedInit(argv[1], &ceed);
  CeedQFunctionContextCreate(ceed, &ctx);
  CeedQFunctionContextView(ctx, stdout);
  CeedQFunctionContextSetData(ctx, CEED_MEM_HOST, CEED_COPY_VALUES, sizeof(data), data);
  CeedQFunctionContextRegisterDouble(ctx, "alpha", 0, 2, "first pair");
  CeedQFunctionContextRegisterInt32(ctx, "n", 2 * sizeof(double), 1, "count");
  CeedQFunctionContextRegisterBoolean(ctx, "flag", 3 * sizeof(double), 1, "switch");
  CeedQFunctionContextView(ctx, stdout);
  CeedQFunctionContextReferenceCopy(ctx, &copy);
  CeedQFunctionContextSetNumViewTabs(copy, 2);
  CeedObjectView((CeedObject)ctx, stdout);
  CeedObjectDestroy((CeedObject *)&copy);
  CeedQFunctionContextDestroy(&ctx);
  CeedDestroy(&ceed);
  return 0;
}
