/* QFunction views (user and gallery, with and without indentation), through the typed and the generic
   CeedObject functions; stdout is compared byte for byte. */
#include <ceed.h>

CEED_QFUNCTION(setup)(void *ctx, const CeedInt Q, const CeedScalar *const *in, CeedScalar *const *out) {
  (void)ctx;
  for (CeedInt i = 0; i < Q; i++) out[0][i] = in[0][i] * in[1][i];
  return 0;
}

CEED_QFUNCTION(mass)(void *ctx, const CeedInt Q, const CeedScalar *const *in, CeedScalar *const *out) {
  (void)ctx;
  for (CeedInt i = 0; i < Q; i++) out[0][i] = in[0][i] * in[1][i];
  return 0;
}

int main(int argc, char **argv) {
  Ceed          ceed;
  CeedQFunction qf_setup, qf_mass, qf_gallery, qf_identity, qf_empty;

  if (argc < 2) return 2;
  CeedInit(argv[1], &ceed);

  CeedQFunctionCreateInterior(ceed, 1, setup, setup_loc, &qf_setup);
  CeedQFunctionAddInput(qf_setup, "w", 1, CEED_EVAL_WEIGHT);
  CeedQFunctionAddInput(qf_setup, "dx", 4, CEED_EVAL_GRAD);
  CeedQFunctionAddOutput(qf_setup, "qdata", 1, CEED_EVAL_NONE);
  CeedQFunctionView(qf_setup, stdout);

  CeedQFunctionCreateInterior(ceed, 1, mass, mass_loc, &qf_mass);
  CeedQFunctionAddInput(qf_mass, "qdata", 1, CEED_EVAL_NONE);
  CeedQFunctionAddInput(qf_mass, "u", 2, CEED_EVAL_INTERP);
  CeedQFunctionAddOutput(qf_mass, "v", 2, CEED_EVAL_INTERP);
  CeedQFunctionSetNumViewTabs(qf_mass, 1);
  CeedObjectView((CeedObject)qf_mass, stdout);

  CeedQFunctionCreateInteriorByName(ceed, "Poisson3DApply", &qf_gallery);
  CeedQFunctionView(qf_gallery, stdout);

  CeedQFunctionCreateIdentity(ceed, 3, CEED_EVAL_DIV, CEED_EVAL_CURL, &qf_identity);
  CeedQFunctionSetNumViewTabs(qf_identity, 2);
  CeedQFunctionView(qf_identity, stdout);

  CeedQFunctionCreateInteriorByName(ceed, "Scale", &qf_empty);
  CeedQFunctionView(qf_empty, stdout);

  CeedQFunctionDestroy(&qf_setup);
  CeedObjectDestroy((CeedObject *)&qf_mass);
  CeedQFunctionDestroy(&qf_gallery);
  CeedQFunctionDestroy(&qf_identity);
  CeedQFunctionDestroy(&qf_empty);
  CeedDestroy(&ceed);
  return qf_mass != NULL;
}
