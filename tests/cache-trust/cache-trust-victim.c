/* The process a cache-trust scenario runs: the mass-volume problem on /cpu/self/gen, whose kernels go through the
 * persistent kernel cache (folder from the environment). Prints the volume and, when the configured folder was
 * refused, "refused: <folder>: <reason>"; exits 0 when the volume is right. */
#include <ceed.h>
#include <ceed/backend.h>
#include <math.h>
#include <stdio.h>

#include "../install/mass-volume.h"

int main(void) {
  Ceed ceed = NULL;
  if (CeedInit("/cpu/self/gen", &ceed)) {
    const char *message = NULL;
    CeedGetErrorMessage(NULL, &message);
    printf("CeedInit failed: %s\n", message ? message : "?");
    return 1;
  }
  double volume = 0;
  int    ierr   = MassVolume(ceed, 2, 2, 1, &volume);
  if (ierr) {
    const char *message = NULL;
    CeedGetErrorMessage(ceed, &message);
    printf("MassVolume failed (%d): %s\n", ierr, message ? message : "?");
  } else {
    printf("volume %.15g\n", volume);
  }
  char *refused = NULL, *reason = NULL;
  if (!CeedKernelCacheGetRefusedDirectory(ceed, &refused, &reason) && refused) printf("refused: %s: %s\n", refused, reason);
  CeedFree(&refused);
  CeedFree(&reason);
  CeedDestroy(&ceed);
  return ierr || fabs(volume - MASS_VOLUME_EXACT) > 1e-12;
}
