/* A small application built against the INSTALLED ceedrt (via find_package(ceedrt) or pkg-config):
 * checks the library version, a vector norm and the volume of a box computed with a mass operator.
 *   install-app [RESOURCE]     (default /cpu/self/ref/serial)
 * Exit status 0 on success; prints the failing check otherwise. */
#include <ceed.h>
#include <math.h>
#include <stdio.h>

#include "mass-volume.h"

int main(int argc, char **argv) {
  const char *resource = argc > 1 ? argv[1] : "/cpu/self/ref/serial";
  int         major, minor, patch, failures = 0;
  bool        release;
  Ceed        ceed;

  MASS_VOLUME_CALL(CeedGetVersion(&major, &minor, &patch, &release));
  if (major != CEED_VERSION_MAJOR || minor != CEED_VERSION_MINOR || patch != CEED_VERSION_PATCH) {
    printf("install-app: header version %d.%d.%d but library version %d.%d.%d\n", CEED_VERSION_MAJOR, CEED_VERSION_MINOR,
           CEED_VERSION_PATCH, major, minor, patch);
    failures++;
  }
  MASS_VOLUME_CALL(CeedInit(resource, &ceed));
  const char *chosen;
  MASS_VOLUME_CALL(CeedGetResource(ceed, &chosen));

  /* ||(3, 3, ..., 3)||_2 over 100 entries = 30. */
  {
    CeedVector x;
    CeedScalar norm;
    MASS_VOLUME_CALL(CeedVectorCreate(ceed, 100, &x));
    MASS_VOLUME_CALL(CeedVectorSetValue(x, 3.0));
    MASS_VOLUME_CALL(CeedVectorNorm(x, CEED_NORM_2, &norm));
    MASS_VOLUME_CALL(CeedVectorDestroy(&x));
    if (fabs(norm - 30.0) > 1e-12) {
      printf("install-app: vector norm %.17g, expected 30\n", norm);
      failures++;
    }
  }
  {
    double volume;
    MASS_VOLUME_CALL(MassVolume(ceed, 2, 3, 1, &volume));
    if (fabs(volume - MASS_VOLUME_EXACT) > 1e-12) {
      printf("install-app: volume %.17g, expected %g\n", volume, MASS_VOLUME_EXACT);
      failures++;
    } else {
      printf("install-app: %s: volume %.15f (exact %g)\n", chosen, volume, MASS_VOLUME_EXACT);
    }
  }
  MASS_VOLUME_CALL(CeedDestroy(&ceed));
  return failures ? 1 : 0;
}
