/* Exported name tables and constants, git version and build configuration strings. */
#include <ceed.h>
#include <ceed/backend.h>
#include <stdio.h>
#include <string.h>

#define EXPECT_STR(got, want)                                  \
  do {                                                         \
    if (!(got) || strcmp((got), (want))) {                     \
      printf("%s: got %s, expected %s\n", #got, (got), (want)); \
      return 1;                                                \
    }                                                          \
  } while (0)

int main(int argc, char **argv) {
  const char *git, *config;
  (void)argv;
  if (argc < 2) return 2;
  EXPECT_STR(CeedMemTypes[CEED_MEM_DEVICE], "device");
  EXPECT_STR(CeedCopyModes[CEED_OWN_POINTER], "own pointer");
  EXPECT_STR(CeedTransposeModes[CEED_TRANSPOSE], "transpose");
  EXPECT_STR(CeedEvalModes[CEED_EVAL_WEIGHT], "quadrature weights");
  EXPECT_STR(CeedEvalModes[CEED_EVAL_CURL], "curl");
  if (CeedEvalModes[3] != NULL) return 1;
  EXPECT_STR(CeedQuadModes[CEED_GAUSS_LOBATTO], "Gauss Lobatto");
  EXPECT_STR(CeedElemTopologies[CEED_TOPOLOGY_HEX], "hexahedron");
  EXPECT_STR(CeedElemTopologies[CEED_TOPOLOGY_TRIANGLE], "triangle");
  if (CeedElemTopologies[0] != NULL) return 1;
  EXPECT_STR(CeedContextFieldTypes[CEED_CONTEXT_FIELD_BOOL], "bool");
  EXPECT_STR(CeedFESpaces[CEED_FE_SPACE_HCURL], "H(curl) space");
  EXPECT_STR(CeedErrorTypes[CEED_ERROR_BACKEND], "internal backend error");
  EXPECT_STR(CeedErrorTypes[CEED_ERROR_INCOMPLETE], "object setup incomplete");
  if (CEED_STRIDES_BACKEND[0] || CEED_STRIDES_BACKEND[1] || CEED_STRIDES_BACKEND[2]) return 1;
  if (CEED_VECTOR_ACTIVE == CEED_VECTOR_NONE || !CEED_VECTOR_ACTIVE || !CEED_BASIS_NONE || !CEED_ELEMRESTRICTION_NONE ||
      !CEED_QFUNCTION_NONE || CEED_REQUEST_IMMEDIATE == CEED_REQUEST_ORDERED)
    return 1;
  if (CeedIntPow(3, 4) != 81 || CeedIntPow(7, 0) != 1 || CeedIntMin(-2, 5) != -2 || CeedIntMax(-2, 5) != 5) return 1;
  CeedGetGitVersion(&git);
  CeedGetBuildConfiguration(&config);
  if (!git || !git[0] || !strstr(config, "CEEDRT_VERSION = ")) return 1;
  CeedScalarType type;
  CeedGetScalarType(&type);
  if (type != CEED_SCALAR_FP64) return 1;
  CeedRequest request = (CeedRequest)CEED_REQUEST_IMMEDIATE;
  (void)request;
  CeedRequest done = NULL;
  if (CeedRequestWait(&done)) return 1;
  return 0;
}
