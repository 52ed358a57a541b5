/* CeedVectorReferenceCopy shares one object: the copy survives destruction of the original, and the
   previous target of the copy variable is released. */
#include <ceed.h>
#include <stdio.h>

int main(int argc, char **argv) {
  Ceed              ceed;
  CeedVector        x, x_copy, other;
  CeedSize          len;
  const CeedScalar *r;
  int               fail = 0;

  if (argc < 2) return 2;
  CeedInit(argv[1], &ceed);
  CeedVectorCreate(ceed, 4, &x);
  CeedVectorCreate(ceed, 9, &other);
  x_copy = other; /* released by the reference copy below */
  CeedVectorReferenceCopy(x, &x_copy);
  CeedVectorSetValue(x_copy, 7.0);
  CeedVectorDestroy(&x);
  CeedVectorGetLength(x_copy, &len);
  if (len != 4) {
    printf("length %td != 4\n", len);
    fail = 1;
  }
  CeedVectorGetArrayRead(x_copy, CEED_MEM_HOST, &r);
  if (r[3] != 7.0) fail = 1;
  CeedVectorRestoreArrayRead(x_copy, &r);
  CeedVectorDestroy(&x_copy);
  CeedDestroy(&ceed);
  return fail;
}
