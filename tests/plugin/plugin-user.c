/* Uses the example third-party plugin through CEEDRT_PLUGIN_PATH (run with CEED_ERROR_HANDLER=store).
 *
 *   plugin-user example PLUGIN_LIBRARY   /cpu/self/example works: resource, mass-operator volume, norms computed
 *                                        by the plugin's own kernel (its counters, read with dlsym, prove it ran)
 *   plugin-user broken PLUGIN_LIBRARY    the broken manifests' resources fail with a message naming the manifest
 *                                        or library and the reason, while /cpu/self/example and the reference
 *                                        backend keep working
 *   plugin-user absent                   without CEEDRT_PLUGIN_PATH, /cpu/self/example is not available
 * Exit status 0 when every check holds; each failed check prints a line. */
#include <ceed.h>
#include <ceed/backend.h>
#include <dlfcn.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "mass-volume.h"

static int failures = 0;

#define EXPECT(cond, ...)                                   \
  do {                                                      \
    if (!(cond)) {                                          \
      printf("plugin-user: FAILED %s: ", #cond);            \
      printf(__VA_ARGS__);                                  \
      printf("\n");                                         \
      failures++;                                           \
    }                                                       \
  } while (0)

/* Volume of the test box on resource (checks the resource the context reports). */
static void CheckVolume(const char *resource, const char *expected_resource) {
  Ceed        ceed = NULL;
  const char *chosen;
  double      volume = 0.0;
  int         ierr   = CeedInit(resource, &ceed);
  if (ierr) {
    const char *msg;
    CeedGetErrorMessage(NULL, &msg);
    EXPECT(ierr == 0, "CeedInit(%s) failed with %d: %s", resource, ierr, msg);
    return;
  }
  CeedGetResource(ceed, &chosen);
  EXPECT(!strcmp(chosen, expected_resource), "CeedInit(%s) chose %s, expected %s", resource, chosen, expected_resource);
  ierr = MassVolume(ceed, 2, 2, 2, &volume);
  EXPECT(ierr == 0, "MassVolume on %s failed with %d", resource, ierr);
  EXPECT(fabs(volume - MASS_VOLUME_EXACT) < 1e-12, "volume on %s is %.17g, expected %g", resource, volume, MASS_VOLUME_EXACT);
  CeedDestroy(&ceed);
}

/* The plugin's counters, from the already loaded library (RTLD_NOLOAD: never loads it ourselves). */
static unsigned long PluginCounter(const char *library, const char *symbol) {
  void *handle = dlopen(library, RTLD_NOW | RTLD_NOLOAD);
  if (!handle) {
    printf("plugin-user: FAILED: %s is not loaded in this process (%s)\n", library, dlerror());
    failures++;
    return 0;
  }
  const unsigned long *counter = (const unsigned long *)dlsym(handle, symbol);
  unsigned long        value   = counter ? *counter : 0;
  EXPECT(counter != NULL, "%s has no symbol %s", library, symbol);
  dlclose(handle);
  return value;
}

static void Example(const char *library) {
  EXPECT(dlopen(library, RTLD_NOW | RTLD_NOLOAD) == NULL, "%s is loaded before the first CeedInit", library);
  CheckVolume("/cpu/self/example", "/cpu/self/example");
  CheckVolume("/cpu/self/example:option=1", "/cpu/self/example");
  const unsigned long inits = PluginCounter(library, "ceedrt_example_num_inits");
  EXPECT(inits == 2, "the plugin's init ran %lu times, expected 2", inits);

  Ceed       ceed, delegate = NULL;
  CeedVector x;
  CeedScalar norm_1 = 0, norm_2 = 0, norm_max = 0;
  if (CeedInit("/cpu/self/example", &ceed)) {
    EXPECT(0, "CeedInit(/cpu/self/example) failed");
    return;
  }
  CeedGetDelegate(ceed, &delegate); /* borrowed */
  EXPECT(delegate != NULL, "the example backend has no delegate");
  if (delegate) {
    const char *delegate_resource;
    CeedGetResource(delegate, &delegate_resource);
    EXPECT(!strcmp(delegate_resource, "/cpu/self/ref/serial"), "delegate resource %s", delegate_resource);
  }
  const unsigned long norms_before = PluginCounter(library, "ceedrt_example_num_norms");
  CeedVectorCreate(ceed, 100, &x);
  CeedVectorSetValue(x, -3.0);
  CeedVectorNorm(x, CEED_NORM_1, &norm_1);
  CeedVectorNorm(x, CEED_NORM_2, &norm_2);
  CeedVectorNorm(x, CEED_NORM_MAX, &norm_max);
  CeedVectorDestroy(&x);
  CeedDestroy(&ceed);
  EXPECT(fabs(norm_1 - 300.0) < 1e-12 && fabs(norm_2 - 30.0) < 1e-12 && fabs(norm_max - 3.0) < 1e-12, "norms %g %g %g", norm_1,
         norm_2, norm_max);
  const unsigned long norms = PluginCounter(library, "ceedrt_example_num_norms") - norms_before;
  EXPECT(norms == 3, "the plugin's norm kernel ran %lu times, expected 3", norms);

  /* The registry lists the plugin as loaded. */
  size_t num_plugins = 0;
  int    found       = 0;
  CeedRegistryGetNumPlugins(&num_plugins);
  for (size_t i = 0; i < num_plugins; i++) {
    const char *manifest, *name, *lib, *status;
    if (CeedRegistryGetPluginInfo(i, false, &manifest, &name, &lib, &status)) continue;
    if (!strcmp(name, "example")) {
      found = 1;
      EXPECT(!strcmp(status, "loaded"), "plugin example has status '%s'", status);
      EXPECT(strstr(manifest, "example.json") != NULL, "plugin example's manifest is %s", manifest);
    }
  }
  EXPECT(found, "CeedRegistryGetPluginInfo does not list the example plugin");
}

/* CeedInit(resource) must fail; its message must contain every non-NULL needle. */
static void ExpectBroken(const char *resource, const char *needle_1, const char *needle_2, const char *needle_3) {
  for (int attempt = 0; attempt < 2; attempt++) { /* the second attempt reports the cached failure */
    Ceed        ceed = NULL;
    const char *msg  = NULL;
    CeedResetErrorMessage(NULL, &msg);
    int ierr = CeedInit(resource, &ceed);
    CeedGetErrorMessage(NULL, &msg);
    EXPECT(ierr != 0, "CeedInit(%s) succeeded", resource);
    EXPECT(ceed == NULL, "CeedInit(%s) failed but returned a context", resource);
    if (ceed) CeedDestroy(&ceed);
    const char *needles[3] = {needle_1, needle_2, needle_3};
    for (int k = 0; k < 3; k++) {
      if (needles[k]) EXPECT(strstr(msg, needles[k]) != NULL, "message for %s lacks \"%s\": %s", resource, needles[k], msg);
    }
    if (attempt == 0) printf("plugin-user: %s -> %s\n", resource, msg);
  }
}

static void Broken(const char *library) {
  const char *lib_name = strrchr(library, '/') ? strrchr(library, '/') + 1 : library;
  ExpectBroken("/cpu/self/broken/missing-library", "missing-library.json", "libceedrt-example-missing.so", "No such file");
  ExpectBroken("/cpu/self/broken/wrong-abi-manifest", "wrong-abi-manifest.json", "ABI version 99", "provides version 1");
  ExpectBroken("/cpu/self/broken/wrong-abi-entry", "wrong-abi-entry.json", lib_name, "ABI version 1001");
  ExpectBroken("/cpu/self/broken/missing-entry", "missing-entry.json", lib_name, "CeedBackendPluginDoesNotExist");
  ExpectBroken("/cpu/self/broken/failing-init", "failing-init.json", "/cpu/self/broken/failing-init",
               "simulated driver failure");
  ExpectBroken("/cpu/self/broken/wrong-types", "wrong-types.json", "lacks the string field \"library\"", NULL);
  ExpectBroken("/cpu/self/broken/invalid-json", "No suitable backend", NULL, NULL);  /* its resources cannot be read */
  /* duplicate.json also claims /cpu/self/example and is tried first: the example plugin serves it after it. */
  {
    Ceed               ceed = NULL;
    CeedInt            num_skipped = 0;
    const char *const *skipped = NULL, *const *reasons = NULL;
    EXPECT(CeedInit("/cpu/self/example", &ceed) == 0, "CeedInit(/cpu/self/example) failed");
    if (ceed) CeedGetSkippedResources(ceed, &num_skipped, &skipped, &reasons);
    EXPECT(num_skipped == 1 && strstr(reasons[0], "duplicate.json") && strstr(reasons[0], "libceedrt-example-missing.so"),
           "/cpu/self/example skipped %d candidates, expected duplicate.json's", (int)num_skipped);
    CeedDestroy(&ceed);
  }
  /* Everything else keeps working, before and after the broken ones were tried. */
  CheckVolume("/cpu/self/ref/serial", "/cpu/self/ref/serial");
  CheckVolume("/cpu/self/ref/blocked", "/cpu/self/ref/blocked");
  CheckVolume("/cpu/self/example", "/cpu/self/example");

  /* The registry reports each broken plugin's reason. */
  size_t num_plugins = 0;
  int    num_broken  = 0;
  CeedRegistryGetNumPlugins(&num_plugins);
  for (size_t i = 0; i < num_plugins; i++) {
    const char *manifest, *name, *lib, *status;
    if (CeedRegistryGetPluginInfo(i, true, &manifest, &name, &lib, &status)) continue;
    printf("plugin-user: plugin %-22s %s\n", name, status);
    if (strstr(manifest, "/broken-plugins/") && strcmp(status, "loaded")) num_broken++;
    if (strstr(manifest, "/invalid-json.json"))
      EXPECT(strstr(status, "is not a valid JSON object") != NULL, "invalid-json.json reported as: %s", status);
  }
  /* failing-init loads fine (its init fails later, per context): 7 of the 8 are unusable at load time. */
  EXPECT(num_broken == 7, "%d broken plugins reported unusable by CeedRegistryGetPluginInfo, expected 7", num_broken);
}

static void Absent(void) {
  Ceed        ceed = NULL;
  const char *msg;
  int         ierr = CeedInit("/cpu/self/example", &ceed);
  CeedGetErrorMessage(NULL, &msg);
  EXPECT(ierr != 0 && ceed == NULL, "/cpu/self/example is available without CEEDRT_PLUGIN_PATH");
  EXPECT(strstr(msg, "No suitable backend") != NULL, "unexpected message: %s", msg);
  if (ceed) CeedDestroy(&ceed);
  CheckVolume("/cpu/self/ref/serial", "/cpu/self/ref/serial");
}

int main(int argc, char **argv) {
  if (argc >= 3 && !strcmp(argv[1], "example")) {
    Example(argv[2]);
  } else if (argc >= 3 && !strcmp(argv[1], "broken")) {
    Broken(argv[2]);
  } else if (argc >= 2 && !strcmp(argv[1], "absent")) {
    Absent();
  } else {
    fprintf(stderr, "usage: plugin-user example|broken PLUGIN_LIBRARY | plugin-user absent\n");
    return 2;
  }
  if (failures) printf("plugin-user: %d checks FAILED\n", failures);
  return failures ? 1 : 0;
}
