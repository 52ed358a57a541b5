/* Gallery Identity, Identity to scalar, Scale and Scale (scalar) on hand-made inputs, including the
   "size" context field set by CeedQFunctionCreateIdentity and the caller-supplied size of Scale. */
#include <ceed.h>
#include <ceed/backend.h>
#include <math.h>
#include <stdio.h>

#include "qfunction-apply.h"

/* Attaches a context holding one CeedInt. */
static void SetSizeContext(Ceed ceed, CeedQFunction qf, CeedInt size) {
  CeedQFunctionContext ctx;
  CeedQFunctionContextCreate(ceed, &ctx);
  CeedQFunctionContextSetData(ctx, CEED_MEM_HOST, CEED_COPY_VALUES, sizeof(size), &size);
  CeedQFunctionSetContext(qf, ctx);
  CeedQFunctionContextDestroy(&ctx);
}

int main(int argc, char **argv) {
  Ceed          ceed;
  CeedQFunction qf;
  int           failures = 0;
  CeedScalar    input[12], scale[12];

  if (argc < 2) return 2;
  CeedInit(argv[1], &ceed);
  for (CeedInt k = 0; k < 12; k++) {
    input[k] = 1.5 * k - 4;
    scale[k] = 0.5 + 0.25 * k;
  }

  { /* CreateIdentity: size 3 on Q = 4 copies 12 values; the context field "size" holds 3 */
    const CeedInt         sizes[1] = {3};
    const CeedScalar     *in[1]    = {input};
    CeedScalar            output[12], *out[1] = {output};
    bool                  is_identity = false;
    CeedQFunctionContext  ctx;
    CeedContextFieldLabel label;
    size_t                num_values = 0;
    const int32_t        *size       = NULL;
    CeedQFunctionCreateIdentity(ceed, 3, CEED_EVAL_INTERP, CEED_EVAL_INTERP, &qf);
    CeedQFunctionIsIdentity(qf, &is_identity);
    CeedQFunctionGetContext(qf, &ctx);
    CeedQFunctionContextGetFieldLabel(ctx, "size", &label);
    CeedQFunctionContextGetInt32Read(ctx, label, &num_values, &size);
    if (!is_identity || num_values != 1 || size[0] != 3) {
      printf("Identity: is_identity %d, context size %d (%d values)\n", (int)is_identity, size ? (int)size[0] : -1, (int)num_values);
      failures++;
    }
    CeedQFunctionContextRestoreInt32Read(ctx, label, &size);
    ApplyQFunction(ceed, qf, 4, 1, sizes, in, 1, sizes, out);
    failures += Compare("Identity (size 3)", output, input, 12);
    CeedQFunctionDestroy(&qf);
  }
  { /* "Identity" by name with caller fields: the initial context size is 1 */
    const CeedInt     sizes[1] = {1};
    const CeedScalar *in[1]    = {input};
    CeedScalar        output[5], *out[1] = {output};
    CeedQFunctionCreateInteriorByName(ceed, "Identity", &qf);
    CeedQFunctionAddInput(qf, "input", 1, CEED_EVAL_INTERP);
    CeedQFunctionAddOutput(qf, "output", 1, CEED_EVAL_NONE);
    ApplyQFunction(ceed, qf, 5, 1, sizes, in, 1, sizes, out);
    failures += Compare("Identity (by name)", output, input, 5);
    CeedQFunctionDestroy(&qf);
  }
  { /* Identity to scalar: the first component of a 3-component input */
    const CeedInt     in_sizes[1] = {3}, out_sizes[1] = {1};
    const CeedScalar *in[1]       = {input};
    CeedScalar        output[4], *out[1] = {output};
    CeedQFunctionCreateInteriorByName(ceed, "Identity to scalar", &qf);
    CeedQFunctionAddInput(qf, "input", 3, CEED_EVAL_INTERP);
    CeedQFunctionAddOutput(qf, "output", 1, CEED_EVAL_INTERP);
    ApplyQFunction(ceed, qf, 4, 1, in_sizes, in, 1, out_sizes, out);
    failures += Compare("Identity to scalar", output, input, 4);
    CeedQFunctionDestroy(&qf);
  }
  { /* Scale: out[k] = in[k] scale[k] for k < Q*size, size 2 from the context */
    const CeedInt     sizes[2] = {2, 2}, out_sizes[1] = {2};
    const CeedScalar *in[2]    = {input, scale};
    CeedScalar        output[12], expected[12], *out[1] = {output};
    for (CeedInt k = 0; k < 12; k++) expected[k] = input[k] * scale[k];
    CeedQFunctionCreateInteriorByName(ceed, "Scale", &qf);
    CeedQFunctionAddInput(qf, "input", 2, CEED_EVAL_INTERP);
    CeedQFunctionAddInput(qf, "scale", 2, CEED_EVAL_NONE);
    CeedQFunctionAddOutput(qf, "output", 2, CEED_EVAL_INTERP);
    SetSizeContext(ceed, qf, 2);
    ApplyQFunction(ceed, qf, 6, 2, sizes, in, 1, out_sizes, out);
    failures += Compare("Scale", output, expected, 12);
    CeedQFunctionDestroy(&qf);
  }
  { /* Scale (scalar): out[j*Q+i] = in[j*Q+i] scale[i], 3 components on Q = 4 */
    const CeedInt     sizes[2] = {3, 1}, out_sizes[1] = {3};
    const CeedScalar *in[2]    = {input, scale};
    CeedScalar        output[12], expected[12], *out[1] = {output};
    for (CeedInt j = 0; j < 3; j++) {
      for (CeedInt i = 0; i < 4; i++) expected[j * 4 + i] = input[j * 4 + i] * scale[i];
    }
    CeedQFunctionCreateInteriorByName(ceed, "Scale (scalar)", &qf);
    CeedQFunctionAddInput(qf, "input", 3, CEED_EVAL_INTERP);
    CeedQFunctionAddInput(qf, "scale", 1, CEED_EVAL_NONE);
    CeedQFunctionAddOutput(qf, "output", 3, CEED_EVAL_INTERP);
    SetSizeContext(ceed, qf, 3);
    ApplyQFunction(ceed, qf, 4, 2, sizes, in, 1, out_sizes, out);
    failures += Compare("Scale (scalar)", output, expected, 12);
    CeedQFunctionDestroy(&qf);
  }

  CeedDestroy(&ceed);
  return failures != 0;
}
