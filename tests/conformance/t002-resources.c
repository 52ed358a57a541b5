/* Resource selection: unknown and malformed resources fail with a suggestion, "help" lists the backends
   on stderr, options after ':' that the backend does not take are refused, and the registry lists the ref prefixes. */
#include <ceed.h>
#include <ceed/backend.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int ExpectInitFailure(const char *resource, const char *needle) {
  Ceed        ceed = NULL;
  const char *msg;
  if (CeedInit(resource, &ceed) == 0 || ceed != NULL) {
    printf("CeedInit accepted %s\n", resource);
    return 1;
  }
  CeedGetErrorMessage(NULL, &msg);
  if (!strstr(msg, "No suitable backend: ") || !strstr(msg, needle)) {
    printf("message for %s: %s\n", resource, msg);
    return 1;
  }
  return 0;
}

int main(int argc, char **argv) {
  Ceed        ceed;
  const char *resource;
  char        value[64];
  bool        found;

  if (argc < 2) return 2;
  setenv("CEED_ERROR_HANDLER", "store", 1);
  if (ExpectInitFailure("/cpu/self/ref/serialx", "Closest match: /cpu/self/ref/serial")) return 1;
  if (ExpectInitFailure("/cpu/sel", "Closest match: /cpu/self")) return 1;
  if (ExpectInitFailure("/gpu/nonexistent", "Closest match: ")) return 1;
  if (ExpectInitFailure("x", "Closest match: ")) return 1;
  if (CeedInit(NULL, &ceed) == 0) return 1;

  /* Options after ':' are checked against what the backend takes: no backend takes "mode", and the message
     names the option and the resource. */
  char with_options[256];
  snprintf(with_options, sizeof(with_options), "%s:mode=fast", argv[1]);
  if (CeedInit(with_options, &ceed) == 0) {
    printf("CeedInit accepted the unknown option of %s\n", with_options);
    return 1;
  }
  CeedGetErrorMessage(NULL, &resource);
  if (!strstr(resource, "Unknown option 'mode'") || !strstr(resource, with_options)) {
    printf("message for %s: %s\n", with_options, resource);
    return 1;
  }
  if (CeedInit(argv[1], &ceed)) {
    /* A GPU resource on a machine without a GPU: report why, the harness skips the test. */
    CeedGetErrorMessage(NULL, &resource);
    fprintf(stderr, "%s\n", resource);
    return 77;
  }
  CeedGetResource(ceed, &resource);
  if (strcmp(resource, argv[1])) {
    printf("resource: %s\n", resource);
    return 1;
  }
  CeedGetResourceOption(ceed, "absent", value, sizeof(value), &found);
  if (found) return 1;
  CeedDestroy(&ceed);

  /* "/cpu/self" picks the preferred CPU backend. */
  CeedInit("/cpu/self", &ceed);
  CeedGetResource(ceed, &resource);
  if (strncmp(resource, "/cpu/self/", 10)) return 1;
  CeedDestroy(&ceed);

  /* help: lists the backends on stderr and continues with the rest of the resource. */
  char help[256];
  snprintf(help, sizeof(help), "help:%s", argv[1]);
  /* An anonymous file (tmpfile: no name anybody could have placed a link at) takes stderr for the call. */
  FILE *capture = tmpfile();
  int   saved   = dup(fileno(stderr));
  fflush(stderr);
  if (!capture || saved < 0 || dup2(fileno(capture), fileno(stderr)) < 0) return 1;
  CeedInit(help, &ceed);
  fflush(stderr);
  dup2(saved, fileno(stderr));
  close(saved);
  rewind(capture);
  char   listing[4096];
  size_t n    = fread(listing, 1, sizeof(listing) - 1, capture);
  listing[n]  = '\0';
  if (!strstr(listing, "Available backend resources:") || !strstr(listing, "  /cpu/self/ref/serial\n") ||
      !strstr(listing, "libCEED version: 0.120+development")) {
    printf("help listing:\n%s", listing);
    return 1;
  }
  CeedGetResource(ceed, &resource);
  if (strcmp(resource, argv[1])) return 1;
  CeedDestroy(&ceed);
  fclose(capture);

  /* The registry lists the compiled backends with their priorities. */
  size_t   num;
  char   **list;
  CeedInt *priorities;
  CeedRegistryGetList(&num, &list, &priorities);
  int seen = 0;
  for (size_t i = 0; i < num; i++) {
    if (!strcmp(list[i], "/cpu/self/ref/serial") && priorities[i] == 50) seen |= 1;
    if (!strcmp(list[i], "/cpu/self/ref/blocked") && priorities[i] == 55) seen |= 2;
  }
  free(list);
  free(priorities);
  if (seen != 3) {
    printf("registry list lacks the ref backends\n");
    return 1;
  }
  return 0;
}
