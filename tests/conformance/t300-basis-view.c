/* CeedBasis view (exact format) for tensor Lagrange bases with Gauss-Lobatto and Gauss quadrature, view
   indentation, and the generic CeedObject view/destroy entry points. */
#include <ceed.h>
#include <stdio.h>

int main(int argc, char **argv) {
  Ceed      ceed;
  CeedBasis basis_lobatto = NULL, basis_gauss = NULL, basis_copy = NULL;

  if (argc < 2) return 1;
  CeedInit(argv[1], &ceed);

  CeedBasisCreateTensorH1Lagrange(ceed, 1, 1, 4, 4, CEED_GAUSS_LOBATTO, &basis_lobatto);
  CeedBasisView(basis_lobatto, stdout);

  CeedBasisCreateTensorH1Lagrange(ceed, 2, 3, 3, 4, CEED_GAUSS, &basis_gauss);
  CeedBasisSetNumViewTabs(basis_gauss, 1);
  CeedObjectView((CeedObject)basis_gauss, stdout);

  /* A reference copy shares the object (and its view tabs). */
  CeedBasisReferenceCopy(basis_gauss, &basis_copy);
  CeedBasisSetNumViewTabs(basis_copy, 2);
  {
    CeedInt tabs = -1;
    CeedBasisGetNumViewTabs(basis_gauss, &tabs);
    if (tabs != 2) printf("view tabs not shared by reference copy: %d\n", (int)tabs);
  }
  CeedBasisDestroy(&basis_copy);

  CeedBasisDestroy(&basis_lobatto);
  CeedObjectDestroy((CeedObject *)&basis_gauss);
  if (basis_gauss != NULL) printf("CeedObjectDestroy did not clear the handle\n");
  CeedDestroy(&ceed);
  return 0;
}
