/* Operator views (full and terse, with names and view tabs) for single, composite and at-points
 * operators; stdout is compared byte for byte with output/t504-operator-view.out. The at-points
 * operator is also applied (v = 2 u at every point). */
#include <ceed.h>
#include <stdio.h>

#include "t504-operator-view.h"

#define NUM_ELEM 4
#define Q 3

int main(int argc, char **argv) {
  Ceed                ceed;
  CeedElemRestriction rstr_x, rstr_u, rstr_q, rstr_points;
  CeedBasis           basis_x, basis_u;
  CeedQFunction       qf_setup, qf_mass, qf_points;
  CeedOperator        op_setup, op_mass, op_mass_b, op_composite, op_points;
  CeedVector          q_data, coords, u, v;
  CeedInt             off_x[2 * NUM_ELEM], off_u[3 * NUM_ELEM], strides[3] = {1, Q, Q};
  CeedInt             off_points[3 + 5] = {3, 6, 8, 0, 1, 2, 3, 4};
  int                 ierr = 0;

  if (argc < 2) return 2;
  CeedInit(argv[1], &ceed);
  for (CeedInt e = 0; e < NUM_ELEM; e++) {
    off_x[2 * e] = e, off_x[2 * e + 1] = e + 1;
    for (CeedInt j = 0; j < 3; j++) off_u[3 * e + j] = 2 * e + j;
  }
  CeedElemRestrictionCreate(ceed, NUM_ELEM, 2, 1, 1, NUM_ELEM + 1, CEED_MEM_HOST, CEED_COPY_VALUES, off_x, &rstr_x);
  CeedElemRestrictionCreate(ceed, NUM_ELEM, 3, 1, 1, 2 * NUM_ELEM + 1, CEED_MEM_HOST, CEED_COPY_VALUES, off_u, &rstr_u);
  CeedElemRestrictionCreateStrided(ceed, NUM_ELEM, Q, 1, NUM_ELEM * Q, strides, &rstr_q);
  CeedBasisCreateTensorH1Lagrange(ceed, 1, 1, 2, Q, CEED_GAUSS, &basis_x);
  CeedBasisCreateTensorH1Lagrange(ceed, 1, 1, 3, Q, CEED_GAUSS, &basis_u);
  CeedQFunctionCreateInteriorByName(ceed, "Mass1DBuild", &qf_setup);
  CeedQFunctionCreateInteriorByName(ceed, "MassApply", &qf_mass);
  CeedVectorCreate(ceed, NUM_ELEM * Q, &q_data);

  CeedOperatorCreate(ceed, qf_setup, CEED_QFUNCTION_NONE, CEED_QFUNCTION_NONE, &op_setup);
  CeedOperatorSetField(op_setup, "dx", rstr_x, basis_x, CEED_VECTOR_ACTIVE);
  CeedOperatorSetField(op_setup, "weights", CEED_ELEMRESTRICTION_NONE, basis_x, CEED_VECTOR_NONE);
  CeedOperatorSetField(op_setup, "qdata", rstr_q, CEED_BASIS_NONE, CEED_VECTOR_ACTIVE);
  CeedOperatorCreate(ceed, qf_mass, NULL, NULL, &op_mass);
  CeedOperatorSetField(op_mass, "u", rstr_u, basis_u, CEED_VECTOR_ACTIVE);
  CeedOperatorSetField(op_mass, "qdata", rstr_q, CEED_BASIS_NONE, q_data);
  CeedOperatorSetField(op_mass, "v", rstr_u, basis_u, CEED_VECTOR_ACTIVE);
  CeedOperatorCreate(ceed, qf_mass, NULL, NULL, &op_mass_b);
  CeedOperatorSetField(op_mass_b, "u", rstr_u, basis_u, CEED_VECTOR_ACTIVE);
  CeedOperatorSetField(op_mass_b, "qdata", rstr_q, CEED_BASIS_NONE, q_data);
  CeedOperatorSetField(op_mass_b, "v", rstr_u, basis_u, CEED_VECTOR_ACTIVE);

  /* Single operators: QFunction name as fallback, explicit names, view tabs. */
  CeedOperatorView(op_setup, stdout);
  CeedOperatorViewTerse(op_setup, stdout);
  CeedOperatorSetName(op_mass, "mass");
  CeedOperatorSetNumViewTabs(op_mass, 1);
  CeedOperatorView(op_mass, stdout);
  CeedOperatorViewTerse(op_mass, stdout);
  CeedObjectView((CeedObject)op_mass, stdout);
  CeedOperatorSetName(op_mass, NULL); /* back to the QFunction name */
  CeedOperatorSetNumViewTabs(op_mass, 0);
  CeedOperatorViewTerse(op_mass, stdout);
  CeedOperatorSetName(op_mass, "mass");

  /* Composite: only explicit sub-operator names are printed. */
  CeedOperatorCreateComposite(ceed, &op_composite);
  CeedOperatorViewTerse(op_composite, stdout);
  CeedOperatorSetName(op_composite, "composite");
  CeedOperatorCompositeAddSub(op_composite, op_mass_b);
  CeedOperatorCompositeAddSub(op_composite, op_mass);
  CeedOperatorView(op_composite, stdout);
  CeedOperatorSetNumViewTabs(op_composite, 2);
  CeedOperatorViewTerse(op_composite, stdout);

  /* At points: two elements with 3 and 2 points. */
  CeedQFunctionCreateInterior(ceed, 1, scale_points, scale_points_loc, &qf_points);
  CeedQFunctionAddInput(qf_points, "u", 1, CEED_EVAL_NONE);
  CeedQFunctionAddOutput(qf_points, "v", 1, CEED_EVAL_NONE);
  CeedElemRestrictionCreateAtPoints(ceed, 2, 5, 1, 5, CEED_MEM_HOST, CEED_COPY_VALUES, off_points, &rstr_points);
  CeedOperatorCreateAtPoints(ceed, qf_points, NULL, NULL, &op_points);
  CeedOperatorSetField(op_points, "u", rstr_points, CEED_BASIS_NONE, CEED_VECTOR_ACTIVE);
  CeedOperatorSetField(op_points, "v", rstr_points, CEED_BASIS_NONE, CEED_VECTOR_ACTIVE);
  CeedVectorCreate(ceed, 5, &coords);
  CeedVectorSetValue(coords, 0.0);
  CeedOperatorAtPointsSetPoints(op_points, rstr_points, coords);
  CeedOperatorView(op_points, stdout);
  CeedOperatorSetName(op_points, "points");
  CeedOperatorViewTerse(op_points, stdout);

  CeedVectorCreate(ceed, 5, &u);
  CeedVectorCreate(ceed, 5, &v);
  CeedScalar u_values[5] = {1, 2, 3, 4, 5};
  CeedVectorSetArray(u, CEED_MEM_HOST, CEED_COPY_VALUES, u_values);
  CeedOperatorApply(op_points, u, v, CEED_REQUEST_IMMEDIATE);
  {
    const CeedScalar *a;
    CeedVectorGetArrayRead(v, CEED_MEM_HOST, &a);
    for (CeedInt i = 0; i < 5; i++) {
      if (a[i] != 2.0 * u_values[i]) printf("at points v[%d] = %g, expected %g\n", (int)i, a[i], 2.0 * u_values[i]), ierr = 1;
    }
    CeedVectorRestoreArrayRead(v, &a);
  }

  CeedVectorDestroy(&q_data);
  CeedVectorDestroy(&coords);
  CeedVectorDestroy(&u);
  CeedVectorDestroy(&v);
  CeedElemRestrictionDestroy(&rstr_x);
  CeedElemRestrictionDestroy(&rstr_u);
  CeedElemRestrictionDestroy(&rstr_q);
  CeedElemRestrictionDestroy(&rstr_points);
  CeedBasisDestroy(&basis_x);
  CeedBasisDestroy(&basis_u);
  CeedQFunctionDestroy(&qf_setup);
  CeedQFunctionDestroy(&qf_mass);
  CeedQFunctionDestroy(&qf_points);
  CeedOperatorDestroy(&op_setup);
  CeedOperatorDestroy(&op_mass);
  CeedOperatorDestroy(&op_mass_b);
  CeedObjectDestroy((CeedObject *)&op_composite);
  CeedOperatorDestroy(&op_points);
  if (op_composite) printf("CeedObjectDestroy must NULL the handle\n"), ierr = 1;
  CeedDestroy(&ceed);
  return ierr;
}
