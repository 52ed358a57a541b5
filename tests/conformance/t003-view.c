/* CeedView format and CeedObject dispatch on a context. */
#include <ceed.h>
#include <stdio.h>

int main(int argc, char **argv) {
  Ceed ceed;
  if (argc < 2) return 2;
  CeedInit("/cpu/self/ref/serial", &ceed);
  (void)argv;
  CeedView(ceed, stdout);
  CeedSetNumViewTabs(ceed, 2);
  CeedObjectView((CeedObject)ceed, stdout);
  CeedInt tabs;
  CeedGetNumViewTabs(ceed, &tabs);
  if (tabs != 2) return 1;
  if (CeedObjectReturnCeed((CeedObject)ceed) != ceed) return 1;
  CeedObjectDestroy((CeedObject *)&ceed);
  return ceed != NULL;
}
