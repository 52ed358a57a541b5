/* Blocked restrictions give the same element data as unblocked ones, in the [block][comp][node][lane]
   order, with the last block padded by repeating the last element; transposes agree (padding is
   discarded) and equal u times the multiplicity; ApplyBlock reproduces each block; a blocked strided
   restriction matches its unblocked twin; CEED_OWN_POINTER offsets are released by the library. */
#include <ceed.h>
#include <ceed/backend.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define NE 5
#define ES 3
#define NC 2
#define BS 2
#define NN (2 * NE + 1)

int main(int argc, char **argv) {
  Ceed                ceed;
  CeedElemRestriction rstr, rstr_blk, rstr_str, rstr_str_blk;
  CeedVector          u, e, e_blk, v, v_blk, e_one, v_one;
  CeedInt             offsets[NE * ES], layout[3], num_block, block_size;
  CeedInt            *owned = malloc(sizeof(CeedInt) * NE * ES);
  CeedScalar          u_values[NC * NN];
  const CeedInt       strides[3] = {1, ES, ES * NC};
  const CeedScalar   *a, *b;
  CeedSize            e_size_blk;
  int                 bad = 0;

  if (argc < 2) return 2;
  CeedInit(argv[1], &ceed);
  /* P2 elements on a line: element k holds nodes 2k, 2k+1, 2k+2; components NN apart. */
  for (CeedInt k = 0; k < NE; k++) {
    for (CeedInt i = 0; i < ES; i++) offsets[k * ES + i] = owned[k * ES + i] = 2 * k + i;
  }
  for (CeedInt l = 0; l < NC * NN; l++) u_values[l] = 1 + l;
  CeedElemRestrictionCreate(ceed, NE, ES, NC, NN, NC * NN, CEED_MEM_HOST, CEED_COPY_VALUES, offsets, &rstr);
  CeedElemRestrictionCreateBlocked(ceed, NE, ES, BS, NC, NN, NC * NN, CEED_MEM_HOST, CEED_OWN_POINTER, owned, &rstr_blk);
  CeedElemRestrictionGetNumBlocks(rstr_blk, &num_block);
  CeedElemRestrictionGetBlockSize(rstr_blk, &block_size);
  CeedElemRestrictionGetEVectorSize(rstr_blk, &e_size_blk);
  if (num_block != 3 || block_size != BS || e_size_blk != 3 * BS * ES * NC) {
    printf("blocked sizes: %d blocks of %d, e_size %td\n", (int)num_block, (int)block_size, e_size_blk);
    bad = 1;
  }
  CeedElemRestrictionCreateVector(rstr, &u, &e);
  CeedElemRestrictionCreateVector(rstr_blk, &v, &e_blk);
  CeedVectorCreate(ceed, NC * NN, &v_blk);
  CeedVectorSetArray(u, CEED_MEM_HOST, CEED_COPY_VALUES, u_values);

  CeedElemRestrictionApply(rstr, CEED_NOTRANSPOSE, u, e, CEED_REQUEST_IMMEDIATE);
  CeedElemRestrictionApply(rstr_blk, CEED_NOTRANSPOSE, u, e_blk, CEED_REQUEST_IMMEDIATE);
  CeedElemRestrictionGetELayout(rstr_blk, layout);
  CeedVectorGetArrayRead(e, CEED_MEM_HOST, &a);
  CeedVectorGetArrayRead(e_blk, CEED_MEM_HOST, &b);
  for (CeedInt k = 0; k < 3 * BS; k++) {
    const CeedInt k_real = k < NE ? k : NE - 1;
    for (CeedInt j = 0; j < NC; j++) {
      for (CeedInt i = 0; i < ES; i++) {
        const CeedScalar known = u_values[offsets[k_real * ES + i] + j * NN];
        const CeedScalar plain = a[i + j * ES + k_real * ES * NC];
        const CeedScalar blk   = b[(i * BS + k % BS) * layout[0] + j * layout[1] * BS + (k / BS) * layout[2] * BS];
        if (plain != known || blk != known) {
          printf("element %d comp %d node %d: unblocked %g, blocked %g, expected %g\n", (int)k, (int)j, (int)i, (double)plain,
                 (double)blk, (double)known);
          bad = 1;
        }
      }
    }
  }
  CeedVectorRestoreArrayRead(e, &a);
  CeedVectorRestoreArrayRead(e_blk, &b);

  /* Transposes agree and equal u * multiplicity (interior vertices 2, 4, 6, 8 are shared). */
  CeedVectorSetValue(v, 0.0);
  CeedVectorSetValue(v_blk, 0.0);
  CeedElemRestrictionApply(rstr, CEED_TRANSPOSE, e, v, CEED_REQUEST_IMMEDIATE);
  CeedElemRestrictionApply(rstr_blk, CEED_TRANSPOSE, e_blk, v_blk, CEED_REQUEST_IMMEDIATE);
  CeedVectorGetArrayRead(v, CEED_MEM_HOST, &a);
  CeedVectorGetArrayRead(v_blk, CEED_MEM_HOST, &b);
  for (CeedInt l = 0; l < NC * NN; l++) {
    const CeedInt    n    = l % NN;
    const CeedScalar mult = (n % 2 == 0 && n > 0 && n < NN - 1) ? 2 : 1;
    if (a[l] != mult * u_values[l] || b[l] != a[l]) {
      printf("E^T E u [%d]: unblocked %g, blocked %g, expected %g\n", (int)l, (double)a[l], (double)b[l], mult * u_values[l]);
      bad = 1;
    }
  }
  CeedVectorRestoreArrayRead(v, &a);
  CeedVectorRestoreArrayRead(v_blk, &b);

  /* ApplyBlock: each block equals its slice of the full blocked E-vector; transposes sum to E^T. */
  CeedVectorCreate(ceed, BS * ES * NC, &e_one);
  CeedVectorCreate(ceed, NC * NN, &v_one);
  CeedVectorSetValue(v_one, 0.0);
  for (CeedInt blk = 0; blk < num_block; blk++) {
    CeedElemRestrictionApplyBlock(rstr_blk, blk, CEED_NOTRANSPOSE, u, e_one, CEED_REQUEST_IMMEDIATE);
    CeedVectorGetArrayRead(e_one, CEED_MEM_HOST, &a);
    CeedVectorGetArrayRead(e_blk, CEED_MEM_HOST, &b);
    for (CeedInt n = 0; n < BS * ES * NC; n++) {
      if (a[n] != b[blk * BS * ES * NC + n]) {
        printf("block %d entry %d: %g, expected %g\n", (int)blk, (int)n, (double)a[n], (double)b[blk * BS * ES * NC + n]);
        bad = 1;
      }
    }
    CeedVectorRestoreArrayRead(e_one, &a);
    CeedVectorRestoreArrayRead(e_blk, &b);
    CeedElemRestrictionApplyBlock(rstr_blk, blk, CEED_TRANSPOSE, e_one, v_one, CEED_REQUEST_IMMEDIATE);
  }
  CeedVectorGetArrayRead(v_one, CEED_MEM_HOST, &a);
  CeedVectorGetArrayRead(v_blk, CEED_MEM_HOST, &b);
  for (CeedInt l = 0; l < NC * NN; l++) {
    if (a[l] != b[l]) {
      printf("sum of block transposes [%d] = %g, expected %g\n", (int)l, (double)a[l], (double)b[l]);
      bad = 1;
    }
  }
  CeedVectorRestoreArrayRead(v_one, &a);
  CeedVectorRestoreArrayRead(v_blk, &b);

  /* Blocked strided vs strided on an L-vector of NE*ES*NC entries. */
  {
    CeedVector u_str, e_str, e_str_blk;
    CeedScalar vals[NE * ES * NC];

    for (CeedInt l = 0; l < NE * ES * NC; l++) vals[l] = 0.5 * l;
    CeedElemRestrictionCreateStrided(ceed, NE, ES, NC, NE * ES * NC, strides, &rstr_str);
    CeedElemRestrictionCreateBlockedStrided(ceed, NE, ES, BS, NC, NE * ES * NC, strides, &rstr_str_blk);
    CeedElemRestrictionCreateVector(rstr_str, &u_str, &e_str);
    CeedElemRestrictionCreateVector(rstr_str_blk, NULL, &e_str_blk);
    CeedVectorSetArray(u_str, CEED_MEM_HOST, CEED_COPY_VALUES, vals);
    CeedElemRestrictionApply(rstr_str, CEED_NOTRANSPOSE, u_str, e_str, CEED_REQUEST_IMMEDIATE);
    CeedElemRestrictionApply(rstr_str_blk, CEED_NOTRANSPOSE, u_str, e_str_blk, CEED_REQUEST_IMMEDIATE);
    CeedVectorGetArrayRead(e_str, CEED_MEM_HOST, &a);
    CeedVectorGetArrayRead(e_str_blk, CEED_MEM_HOST, &b);
    for (CeedInt k = 0; k < NE; k++) {
      for (CeedInt j = 0; j < NC; j++) {
        for (CeedInt i = 0; i < ES; i++) {
          const CeedScalar known = vals[i + j * ES + k * ES * NC];
          const CeedScalar blk   = b[(i * BS + k % BS) + j * ES * BS + (k / BS) * ES * NC * BS];
          if (a[i + j * ES + k * ES * NC] != known || blk != known) {
            printf("strided element %d comp %d node %d: %g / %g, expected %g\n", (int)k, (int)j, (int)i,
                   (double)a[i + j * ES + k * ES * NC], (double)blk, (double)known);
            bad = 1;
          }
        }
      }
    }
    CeedVectorRestoreArrayRead(e_str, &a);
    CeedVectorRestoreArrayRead(e_str_blk, &b);
    CeedVectorDestroy(&u_str);
    CeedVectorDestroy(&e_str);
    CeedVectorDestroy(&e_str_blk);
  }

  CeedVectorDestroy(&u);
  CeedVectorDestroy(&e);
  CeedVectorDestroy(&e_blk);
  CeedVectorDestroy(&v);
  CeedVectorDestroy(&v_blk);
  CeedVectorDestroy(&e_one);
  CeedVectorDestroy(&v_one);
  CeedElemRestrictionDestroy(&rstr);
  CeedElemRestrictionDestroy(&rstr_blk);
  CeedElemRestrictionDestroy(&rstr_str);
  CeedElemRestrictionDestroy(&rstr_str_blk);
  CeedDestroy(&ceed);
  return bad;
}
