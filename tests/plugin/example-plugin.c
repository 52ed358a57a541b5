/* An example third-party ceedrt backend plugin, built out of tree against the installed headers
 * (ceed.h, ceed/backend.h) and libceedrt only.
 *
 * Resource /cpu/self/example: everything is delegated to /cpu/self/ref/serial except the vector norm,
 * which this plugin computes itself and counts, so that a test can prove the plugin's code ran.
 *
 * The same library also carries the entry points of deliberately broken plugins used by the loader tests:
 *   CeedBackendPluginExampleWrongAbi   describes itself with a backend ABI version the core does not have,
 *   CeedBackendPluginExampleFailing    has an init function that fails, like a GPU backend without a driver. */
#include <ceed.h>
#include <ceed/backend.h>
#include <math.h>
#include <string.h>

#define EXAMPLE_EXPORT __attribute__((visibility("default")))

/* Read by the test through dlsym on this library: how often init and the norm kernel ran. */
EXAMPLE_EXPORT unsigned long ceedrt_example_num_inits = 0;
EXAMPLE_EXPORT unsigned long ceedrt_example_num_norms = 0;

static int ExampleVectorNorm(CeedVector vec, CeedNormType type, CeedScalar *norm) {
  CeedSize          length;
  const CeedScalar *array;
  CeedScalar        result = 0.0;

  CeedCallBackend(CeedVectorGetLength(vec, &length));
  if (length > 0) {
    CeedCallBackend(CeedVectorGetArrayRead(vec, CEED_MEM_HOST, &array));
    for (CeedSize i = 0; i < length; i++) {
      const CeedScalar a = fabs(array[i]);
      switch (type) {
        case CEED_NORM_1:
          result += a;
          break;
        case CEED_NORM_2:
          result += a * a;
          break;
        case CEED_NORM_MAX:
          result = a > result ? a : result;
          break;
      }
    }
    CeedCallBackend(CeedVectorRestoreArrayRead(vec, &array));
  }
  *norm = type == CEED_NORM_2 ? sqrt(result) : result;
  ceedrt_example_num_norms++;
  return CEED_ERROR_SUCCESS;
}

static int ExampleInit(const char *resource, Ceed ceed) {
  Ceed           delegate = NULL;
  CeedBackendOps ops;

  CeedCheck(!strncmp(resource, "/cpu/self/example", 17), ceed, CEED_ERROR_BACKEND,
            "The example plugin only serves /cpu/self/example, not %s", resource);
  /* Objects this plugin does not implement (all of them but the norm) come from the reference backend. */
  CeedCallBackend(CeedInit("/cpu/self/ref/serial", &delegate));
  CeedCallBackend(CeedSetDelegate(ceed, delegate));
  CeedCallBackend(CeedDestroy(&delegate));

  memset(&ops, 0, sizeof(ops));
  ops.size       = sizeof(ops);
  ops.VectorNorm = ExampleVectorNorm;
  CeedCallBackend(CeedSetBackendOps(ceed, &ops));
  CeedCallBackend(CeedSetDeterministic(ceed, true));
  ceedrt_example_num_inits++;
  return CEED_ERROR_SUCCESS;
}

static int FailingInit(const char *resource, Ceed ceed) {
  return CeedError(ceed, CEED_ERROR_BACKEND, "example plugin: no device available for %s (simulated driver failure)", resource);
}

EXAMPLE_EXPORT const CeedBackendPlugin *CeedBackendPluginExample(void) {
  static const CeedBackendPlugin plugin = {CEED_BACKEND_ABI_VERSION, "example", ExampleInit};
  return &plugin;
}

EXAMPLE_EXPORT const CeedBackendPlugin *CeedBackendPluginExampleWrongAbi(void) {
  static const CeedBackendPlugin plugin = {CEED_BACKEND_ABI_VERSION + 1000, "example-wrong-abi", ExampleInit};
  return &plugin;
}

EXAMPLE_EXPORT const CeedBackendPlugin *CeedBackendPluginExampleFailing(void) {
  static const CeedBackendPlugin plugin = {CEED_BACKEND_ABI_VERSION, "example-failing", FailingInit};
  return &plugin;
}
