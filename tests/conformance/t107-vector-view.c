/* CeedVectorView / CeedVectorViewRange / CeedObjectView output (compared with output/t107-vector-view.out). */
#include <ceed.h>
#include <stdio.h>

int main(int argc, char **argv) {
  Ceed       ceed;
  CeedVector x, copy = NULL;
  CeedScalar a[5] = {10, -1.5, 0.25, 3, 1e-3};

  if (argc < 2) return 2;
  CeedInit(argv[1], &ceed);
  CeedVectorCreate(ceed, 5, &x);
  CeedVectorSetArray(x, CEED_MEM_HOST, CEED_COPY_VALUES, a);
  CeedVectorView(x, "%12.8f", stdout);
  CeedVectorView(x, NULL, stdout);
  CeedVectorViewRange(x, 1, 4, 2, "%.3e", stdout);
  CeedVectorViewRange(x, 4, -1, -2, "%g", stdout);
  CeedVectorViewRange(x, 4, 0, -3, "%g", stdout);
  CeedVectorReferenceCopy(x, &copy);
  CeedVectorSetNumViewTabs(copy, 1);
  CeedObjectView((CeedObject)x, stdout);
  CeedObjectDestroy((CeedObject *)&copy);
  if (copy) return 1;
  CeedVectorDestroy(&x);
  CeedDestroy(&ceed);
  return 0;
}
