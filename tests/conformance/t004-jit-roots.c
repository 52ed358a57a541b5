/* JIT source roots and defines: the installed include folder comes first, additions are kept in order,
   and additions fail while a backend holds read access. */
#include <ceed.h>
#include <ceed/backend.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
  Ceed         ceed;
  CeedInt      num;
  const char **roots, **defines;
  char         path[4096];

  if (argc < 2) return 2;
  CeedInit(argv[1], &ceed);
  CeedSetErrorHandler(ceed, CeedErrorStore);
  CeedGetJitSourceRoots(ceed, &num, &roots);
  if (num != 1) return 1;
  snprintf(path, sizeof(path), "%s/ceed/types.h", roots[0]);
  FILE *f = fopen(path, "r");
  if (!f) {
    printf("default JiT root %s lacks ceed/types.h\n", roots[0]);
    return 1;
  }
  fclose(f);
  if (CeedAddJitSourceRoot(ceed, "/tmp/extra") != CEED_ERROR_ACCESS) {
    printf("adding a root while checked out must fail\n");
    return 1;
  }
  CeedRestoreJitSourceRoots(ceed, &roots);
  if (roots) return 1;
  if (CeedRestoreJitSourceRoots(ceed, &roots) != CEED_ERROR_ACCESS) return 1;
  CeedAddJitSourceRoot(ceed, "/tmp/extra");
  CeedAddJitDefine(ceed, "COMPILER_DEFINED_SCALE=42");
  CeedGetJitSourceRoots(ceed, &num, &roots);
  if (num != 2 || strcmp(roots[1], "/tmp/extra")) return 1;
  CeedRestoreJitSourceRoots(ceed, &roots);
  CeedGetJitDefines(ceed, &num, &defines);
  if (num != 1 || strcmp(defines[0], "COMPILER_DEFINED_SCALE=42")) return 1;
  if (CeedDestroy(&ceed) != CEED_ERROR_ACCESS || !ceed) {
    printf("destroying with defines checked out must fail and keep the context\n");
    return 1;
  }
  CeedRestoreJitDefines(ceed, &defines);
  if (CeedAddJitDefine(ceed, "") == 0) return 1;
  CeedDestroy(&ceed);
  return 0;
}
