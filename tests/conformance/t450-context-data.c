/* CeedQFunctionContext data in every copy mode: read/write access, take of borrowed data, size, state. */
#include <ceed.h>
#include <ceed/backend.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  double  scale;
  int32_t steps;
} Params;

int main(int argc, char **argv) {
  Ceed                 ceed;
  CeedQFunctionContext ctx;
  Params               p = {2.5, 3}, *w, *taken = NULL, *owned;
  const Params        *r;
  size_t               size = 0;
  uint64_t             s0, s1;
  int                  fail = 0;

  if (argc < 2) return 2;
  CeedInit(argv[1], &ceed);
  CeedQFunctionContextCreate(ceed, &ctx);
  CeedQFunctionContextSetData(ctx, CEED_MEM_HOST, CEED_COPY_VALUES, sizeof(p), &p);
  p.scale = 0;
  CeedQFunctionContextGetContextSize(ctx, &size);
  CeedQFunctionContextGetDataRead(ctx, CEED_MEM_HOST, &r);
  if (size != sizeof(Params) || r->scale != 2.5 || r->steps != 3) {
    printf("copy values: size %zu, scale %f, steps %d\n", size, r->scale, (int)r->steps);
    fail = 1;
  }
  CeedQFunctionContextRestoreDataRead(ctx, &r);

  CeedQFunctionContextSetData(ctx, CEED_MEM_HOST, CEED_USE_POINTER, sizeof(p), &p);
  CeedQFunctionContextGetState(ctx, &s0);
  CeedQFunctionContextGetData(ctx, CEED_MEM_HOST, &w);
  w->steps = 11;
  CeedQFunctionContextRestoreData(ctx, &w);
  CeedQFunctionContextGetState(ctx, &s1);
  if (p.steps != 11 || w != NULL || s1 != s0 + 2) {
    printf("use pointer: steps %d, state %lu -> %lu\n", (int)p.steps, (unsigned long)s0, (unsigned long)s1);
    fail = 1;
  }
  CeedQFunctionContextTakeData(ctx, CEED_MEM_HOST, &taken);
  if (taken != &p) {
    printf("take returned %p instead of %p\n", (void *)taken, (void *)&p);
    fail = 1;
  }

  owned  = malloc(sizeof(Params));
  *owned = p;
  CeedQFunctionContextSetData(ctx, CEED_MEM_HOST, CEED_OWN_POINTER, sizeof(Params), owned);
  CeedQFunctionContextGetDataRead(ctx, CEED_MEM_HOST, &r);
  if (r != owned || r->steps != 11) fail = 1;
  CeedQFunctionContextRestoreDataRead(ctx, &r);
  CeedQFunctionContextDestroy(&ctx);
  CeedDestroy(&ceed);
  return fail;
}
