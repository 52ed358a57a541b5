/* Resource fallback (docs/backends.md): a resource that several backends match takes the first
 * candidate, in priority order, that loads and initialises, and records the skipped ones; a fully specified
 * resource fails with the precise reason. Run as
 *   resource-fallback jit-absent           CEEDRT_JIT_CXX names no compiler: /cpu/self/gen cannot initialise
 *   resource-fallback gen-library-missing  a plugin folder whose cpu-gen library is missing (LD_LIBRARY_PATH
 *                                          points at such a copy of the library and its plugins)
 *   resource-fallback complete             the build's own plugins: /cpu/self is /cpu/self/gen, nothing skipped
 * In each case the context /cpu/self resolves to must apply an operator correctly. */
#include <ceed.h>
#include <ceed/backend.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../install/mass-volume.h"

#define FAIL(...)                 \
  do {                            \
    printf("FAILED: " __VA_ARGS__); \
    printf("\n");                 \
    return 1;                     \
  } while (0)

/* The message of the last failed CeedInit (the store handler keeps it). */
static const char *InitMessage(void) {
  const char *message = NULL;
  CeedGetErrorMessage(NULL, &message);
  return message ? message : "";
}

/* CeedInit("/cpu/self") with CEED_DEBUG on and its output (on stdout) captured: what serves it, what was skipped and why, and
   whether the debug output names each skipped candidate. */
static int CheckGeneric(const char *expected_resource, const char *skipped_cause) {
  /* An anonymous file (tmpfile: no name anybody could have placed a link at) takes stdout for the call. */
  FILE *capture = tmpfile();
  fflush(stdout);
  int saved = dup(fileno(stdout));
  if (!capture || saved < 0 || dup2(fileno(capture), fileno(stdout)) < 0) FAIL("cannot capture stdout in an anonymous file");
  setenv("CEED_DEBUG", "1", 1);
  Ceed ceed = NULL;
  int  ierr = CeedInit("/cpu/self", &ceed);
  unsetenv("CEED_DEBUG");
  fflush(stdout);
  char debug[8192] = {0};
  dup2(saved, fileno(stdout));
  close(saved);
  rewind(capture);
  size_t len = fread(debug, 1, sizeof(debug) - 1, capture);
  debug[len] = '\0';
  fclose(capture);
  if (ierr) FAIL("CeedInit(/cpu/self) failed (%d): %s", ierr, InitMessage());

  const char        *resource = NULL;
  const char *const *skipped = NULL, *const *reasons = NULL;
  CeedInt            num_skipped = -1;
  CeedGetResource(ceed, &resource);
  CeedGetSkippedResources(ceed, &num_skipped, &skipped, &reasons);
  if (strcmp(resource, expected_resource)) FAIL("/cpu/self is served by %s, expected %s", resource, expected_resource);
  if (!skipped_cause) {
    if (num_skipped != 0) FAIL("/cpu/self skipped %d candidates (first %s: %s), expected none", (int)num_skipped, skipped[0], reasons[0]);
  } else {
    if (num_skipped != 1 || strcmp(skipped[0], "/cpu/self/gen") || !strstr(reasons[0], skipped_cause))
      FAIL("/cpu/self skipped %d candidates, expected /cpu/self/gen because of \"%s\"", (int)num_skipped, skipped_cause);
    if (!strstr(debug, "/cpu/self/gen skipped for /cpu/self") || !strstr(debug, skipped_cause))
      FAIL("CEED_DEBUG output does not name the skipped /cpu/self/gen and its cause \"%s\":\n%s", skipped_cause, debug);
  }
  if (CeedGetSkippedResources(ceed, NULL, &skipped, &reasons) != CEED_ERROR_INCOMPATIBLE) FAIL("CeedGetSkippedResources accepted a NULL count");

  double volume = 0;
  if (MassVolume(ceed, 2, 2, 1, &volume) || fabs(volume - MASS_VOLUME_EXACT) > 1e-12)
    FAIL("mass operator on %s: volume %.17g, expected %g", resource, volume, MASS_VOLUME_EXACT);
  CeedDestroy(&ceed);
  return 0;
}

/* A fully specified resource whose backend cannot be used fails with the cause, naming the plugin. */
static int CheckSpecificFails(const char *resource, const char *cause) {
  Ceed ceed = NULL;
  int  ierr = CeedInit(resource, &ceed);
  if (!ierr) FAIL("CeedInit(%s) succeeded, expected it to fail because of \"%s\"", resource, cause);
  const char *message = InitMessage();
  if (ceed || !strstr(message, cause) || !strstr(message, "cpu-gen"))
    FAIL("CeedInit(%s) failed with \"%s\", expected the plugin cpu-gen and \"%s\"", resource, message, cause);
  return 0;
}

/* /gpu: served by a GPU backend, or, on a machine without one, an error that lists every candidate (or says
   that no GPU backend is installed). */
static int CheckGpu(void) {
  Ceed ceed = NULL;
  if (!CeedInit("/gpu", &ceed)) return CeedDestroy(&ceed);
  const char *message = InitMessage();
  if (strstr(message, "No suitable backend: /gpu")) return 0;
  if (!strstr(message, "No backend for resource /gpu could be used") || !strstr(message, "\n  /gpu/"))
    FAIL("CeedInit(/gpu) failed without listing its candidates: %s", message);
  return 0;
}

int main(int argc, char **argv) {
  setenv("CEED_ERROR_HANDLER", "store", 1);
  const char *mode = argc > 1 ? argv[1] : "";
  int         bad  = 0;
  if (!strcmp(mode, "complete")) {
    bad |= CheckGeneric("/cpu/self/gen", NULL);
  } else if (!strcmp(mode, "jit-absent")) {
    const char *compiler = getenv("CEEDRT_JIT_CXX");
    if (!compiler || access(compiler, X_OK) == 0) FAIL("set CEEDRT_JIT_CXX to a compiler path that does not exist");
    bad |= CheckGeneric("/cpu/self/ref/serial", compiler);
    bad |= CheckSpecificFails("/cpu/self/gen", compiler);
  } else if (!strcmp(mode, "gen-library-missing")) {
    bad |= CheckGeneric("/cpu/self/ref/serial", "cannot load library");
    bad |= CheckSpecificFails("/cpu/self/gen", "libceedrt-cpu-gen.so");
  } else {
    FAIL("usage: %s complete|jit-absent|gen-library-missing", argv[0]);
  }
  bad |= CheckGpu();
  if (!bad) printf("resource fallback (%s): ok\n", mode);
  return bad;
}
