/* Views of every restriction kind (07 §8.2), with view tabs, through the typed and the generic
   CeedObject entry points; reference copies share the object. Output compared with t210-*.out. */
#include <ceed.h>
#include <stdio.h>

int main(int argc, char **argv) {
  Ceed                ceed;
  CeedElemRestriction rstr, rstr_blk, rstr_str, rstr_blk_str, rstr_points, rstr_copy = NULL;
  CeedInt             offsets[6] = {0, 1, 1, 2, 2, 3}, points[6] = {4, 5, 5, 6, 0, 1};
  const CeedInt       strides[3] = {1, 2, 2};
  CeedInt             num_tabs;

  if (argc < 2) return 2;
  CeedInit(argv[1], &ceed);
  CeedElemRestrictionCreate(ceed, 3, 2, 1, 1, 4, CEED_MEM_HOST, CEED_USE_POINTER, offsets, &rstr);
  CeedElemRestrictionCreateBlocked(ceed, 3, 2, 2, 2, 4, 8, CEED_MEM_HOST, CEED_COPY_VALUES, offsets, &rstr_blk);
  CeedElemRestrictionCreateStrided(ceed, 3, 2, 1, 6, strides, &rstr_str);
  CeedElemRestrictionCreateBlockedStrided(ceed, 3, 2, 2, 1, 6, strides, &rstr_blk_str);
  CeedElemRestrictionCreateAtPoints(ceed, 3, 2, 3, 6, CEED_MEM_HOST, CEED_COPY_VALUES, points, &rstr_points);

  CeedElemRestrictionView(rstr, stdout);
  CeedElemRestrictionView(rstr_blk, stdout);
  CeedElemRestrictionView(rstr_str, stdout);
  CeedElemRestrictionView(rstr_blk_str, stdout);
  CeedElemRestrictionView(rstr_points, stdout);

  CeedElemRestrictionReferenceCopy(rstr, &rstr_copy);
  CeedElemRestrictionSetNumViewTabs(rstr_copy, 2);
  CeedElemRestrictionGetNumViewTabs(rstr, &num_tabs);
  if (num_tabs != 2) printf("reference copy does not share view tabs: %d\n", (int)num_tabs);
  CeedObjectView((CeedObject)rstr, stdout);
  CeedObjectSetNumViewTabs((CeedObject)rstr_points, 1);
  CeedObjectView((CeedObject)rstr_points, stdout);

  CeedElemRestrictionDestroy(&rstr_copy);
  CeedObjectDestroy((CeedObject *)&rstr);
  if (rstr != NULL) printf("CeedObjectDestroy did not clear the handle\n");
  CeedElemRestrictionDestroy(&rstr_blk);
  CeedElemRestrictionDestroy(&rstr_str);
  CeedElemRestrictionDestroy(&rstr_blk_str);
  CeedElemRestrictionDestroy(&rstr_points);
  CeedDestroy(&ceed);
  return 0;
}
