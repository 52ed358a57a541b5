/* Ceed creation, reference copies, double destroy, version queries, determinism, preferred memory. */
#include <ceed.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
  Ceed        ceed = NULL, copy = NULL, other = NULL;
  const char *resource;
  int         major, minor, patch;
  bool        release, deterministic;
  CeedMemType mem_type;

  if (argc < 2) return 2;
  CeedGetVersion(&major, &minor, &patch, &release);
  if (!CEED_VERSION_GE(major, minor, patch) || major != 0 || minor != 12 || patch != 0 || release) {
    printf("unexpected version %d.%d.%d release=%d\n", major, minor, patch, release);
    return 1;
  }
  CeedInit(argv[1], &ceed);
  CeedGetResource(ceed, &resource);
  if (strcmp(resource, argv[1])) {
    printf("CeedGetResource gave %s for %s\n", resource, argv[1]);
    return 1;
  }
  /* CPU backends prefer host memory and are deterministic; GPU backends (and the test backend that
     emulates device memory on the CPU) prefer device memory and are deterministic in their ".../det"
     variants. */
  const bool is_gpu = strncmp(argv[1], "/gpu/", 5) == 0 || strcmp(argv[1], "/cpu/test/device-emulation") == 0;
  CeedGetPreferredMemType(ceed, &mem_type);
  if (mem_type != (is_gpu ? CEED_MEM_DEVICE : CEED_MEM_HOST)) {
    printf("preferred memory %s, expected %s\n", CeedMemTypes[mem_type], is_gpu ? "device" : "host");
    return 1;
  }
  CeedIsDeterministic(ceed, &deterministic);
  if (!deterministic && (!is_gpu || strstr(argv[1], "/det"))) {
    printf("reference backend must be deterministic\n");
    return 1;
  }
  /* A reference copy replaces (and releases) what the destination held. */
  CeedInit(argv[1], &other);
  copy = other;
  CeedReferenceCopy(ceed, &copy);
  if (copy != ceed) return 1;
  CeedReferenceCopy(ceed, &copy); /* copying onto itself is safe */
  CeedDestroy(&copy);
  if (copy != NULL) return 1;
  /* The context stays alive while objects hold it. */
  CeedVector vec;
  CeedVectorCreate(ceed, 3, &vec);
  CeedDestroy(&ceed);
  if (CeedVectorReturnCeed(vec) == NULL) return 1;
  CeedVectorSetValue(vec, 2.0);
  CeedScalar norm;
  CeedVectorNorm(vec, CEED_NORM_1, &norm);
  if (norm != 6.0) {
    printf("norm %g after destroying the user's Ceed handle\n", norm);
    return 1;
  }
  CeedVectorDestroy(&vec);
  CeedDestroy(&ceed); /* destroying a NULL handle twice is fine */
  CeedDestroy(&ceed);
  return 0;
}
