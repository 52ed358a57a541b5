/* Backend plugins for the tools' tests (built in the tree, against include/ceed.h and ceed/backend.h only).
 *   CeedBackendPluginToolsTestWrong    a "fast wrong backend": the reference backend with a vector fill
 *                                      that is off by a relative 1e-6; ceed-bench's checks must catch it.
 *   CeedBackendPluginToolsTestFailing  init fails like a GPU backend without its driver.
 *   CeedBackendPluginToolsTestJit      a working plugin (the reference backend) whose manifest declares a
 *                                      "jit" object with a kernel cache, for ceed-info. */
#include <ceed.h>
#include <ceed/backend.h>
#include <string.h>

#define TEST_EXPORT __attribute__((visibility("default")))

static int WrongSetValue(CeedVector vec, CeedScalar value) {
  CeedSize    length;
  CeedScalar *array;

  CeedCallBackend(CeedVectorGetLength(vec, &length));
  CeedCallBackend(CeedVectorGetArrayWrite(vec, CEED_MEM_HOST, &array));
  for (CeedSize i = 0; i < length; i++) array[i] = value * (1.0 + 1e-6);
  CeedCallBackend(CeedVectorRestoreArray(vec, &array));
  return CEED_ERROR_SUCCESS;
}

static int DelegateToRef(Ceed ceed) {
  Ceed delegate = NULL;

  CeedCallBackend(CeedInit("/cpu/self/ref/serial", &delegate));
  CeedCallBackend(CeedSetDelegate(ceed, delegate));
  CeedCallBackend(CeedDestroy(&delegate));
  return CEED_ERROR_SUCCESS;
}

static int WrongInit(const char *resource, Ceed ceed) {
  CeedBackendOps ops;

  (void)resource;
  CeedCallBackend(DelegateToRef(ceed));
  memset(&ops, 0, sizeof(ops));
  ops.size           = sizeof(ops);
  ops.VectorSetValue = WrongSetValue;
  CeedCallBackend(CeedSetBackendOps(ceed, &ops));
  return CEED_ERROR_SUCCESS;
}

static int FailingInit(const char *resource, Ceed ceed) {
  return CeedError(ceed, CEED_ERROR_BACKEND, "tools test plugin: no device for %s (simulated missing GPU driver)", resource);
}

static int JitInit(const char *resource, Ceed ceed) {
  (void)resource;
  return DelegateToRef(ceed);
}

TEST_EXPORT const CeedBackendPlugin *CeedBackendPluginToolsTestWrong(void) {
  static const CeedBackendPlugin plugin = {CEED_BACKEND_ABI_VERSION, "tools-test-wrong", WrongInit};
  return &plugin;
}

TEST_EXPORT const CeedBackendPlugin *CeedBackendPluginToolsTestFailing(void) {
  static const CeedBackendPlugin plugin = {CEED_BACKEND_ABI_VERSION, "tools-test-failing", FailingInit};
  return &plugin;
}

TEST_EXPORT const CeedBackendPlugin *CeedBackendPluginToolsTestJit(void) {
  static const CeedBackendPlugin plugin = {CEED_BACKEND_ABI_VERSION, "tools-test-jit", JitInit};
  return &plugin;
}
