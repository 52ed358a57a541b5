/* QFunctions marked as Fortran subroutines (CeedQFunctionSetFortranStatus, as libCEED's Fortran interface marks
 * them): their source string names a C twin for JIT backends that may compute otherwise. CPU backends run the
 * subroutine, GPU backends the twin, and a backend's QFunction assembly evaluates the QFunction as its
 * operator application does. Here the subroutine's mass is 3 u w and the twin's 2 u w, on 4 linear 1D
 * elements of [0, 2]: applied to 1 the operator sums to 3 * 2 on /cpu resources (2 * 2 on /gpu), and the
 * assembled QFunction and the assembled diagonal agree with the application. The status reads back, is
 * refused once the QFunction is immutable, and is off for other QFunctions. */
#include <ceed.h>
#include <ceed/backend.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "check-vector.h"
#include "expect-error.h"
#include "t406-qfunction-fortran-status.h"

#define NUM_ELEM 4
#define Q 3
#define NUM_NODES (NUM_ELEM + 1)

/* Stands in for a Fortran subroutine reached through the interface: other code than the twin. */
static int SubroutineMass(void *ctx, const CeedInt q, const CeedScalar *const *in, CeedScalar *const *out) {
  (void)ctx;
  for (CeedInt i = 0; i < q; i++) out[0][i] = 3.0 * in[1][i] * in[0][i];
  return 0;
}

static int Expect(const char *what, CeedScalar got, CeedScalar expected) {
  if (fabs(got - expected) <= 1e-13 * fabs(expected) + 1e-14) return 0;
  printf("%s: %.15f, expected %.15f\n", what, got, expected);
  return 1;
}

int main(int argc, char **argv) {
  Ceed                ceed;
  CeedElemRestriction rstr, rstr_q, rstr_assembled = NULL;
  CeedBasis           basis;
  CeedQFunction       qf_setup, qf_mass;
  CeedOperator        op_setup, op_mass;
  CeedVector          x, q_data, u, v, diagonal, assembled = NULL;
  CeedInt             offsets[2 * NUM_ELEM], strides[3] = {1, Q, Q};
  CeedScalar          x_nodes[NUM_NODES];
  bool                status = true;
  int                 ierr   = 0;

  if (argc < 2) return 2;
  CeedInit(argv[1], &ceed);
  CeedSetErrorHandler(ceed, CeedErrorStore);
  const CeedScalar factor = strncmp(argv[1], "/gpu", 4) ? 3.0 : 2.0; /* the subroutine on CPUs, the twin on GPUs */
  for (CeedInt e = 0; e < NUM_ELEM; e++) offsets[2 * e] = e, offsets[2 * e + 1] = e + 1;
  for (CeedInt i = 0; i < NUM_NODES; i++) x_nodes[i] = 2.0 * i / NUM_ELEM + 0.1 * i * (NUM_ELEM - i); /* non-uniform */
  CeedElemRestrictionCreate(ceed, NUM_ELEM, 2, 1, 1, NUM_NODES, CEED_MEM_HOST, CEED_COPY_VALUES, offsets, &rstr);
  CeedElemRestrictionCreateStrided(ceed, NUM_ELEM, Q, 1, NUM_ELEM * Q, strides, &rstr_q);
  CeedBasisCreateTensorH1Lagrange(ceed, 1, 1, 2, Q, CEED_GAUSS, &basis);
  CeedVectorCreate(ceed, NUM_NODES, &x);
  CeedVectorSetArray(x, CEED_MEM_HOST, CEED_COPY_VALUES, x_nodes);
  CeedVectorCreate(ceed, NUM_ELEM * Q, &q_data);
  CeedQFunctionCreateInteriorByName(ceed, "Mass1DBuild", &qf_setup);
  CeedOperatorCreate(ceed, qf_setup, NULL, NULL, &op_setup);
  CeedOperatorSetField(op_setup, "dx", rstr, basis, CEED_VECTOR_ACTIVE);
  CeedOperatorSetField(op_setup, "weights", CEED_ELEMRESTRICTION_NONE, basis, CEED_VECTOR_NONE);
  CeedOperatorSetField(op_setup, "qdata", rstr_q, CEED_BASIS_NONE, CEED_VECTOR_ACTIVE);
  CeedOperatorApply(op_setup, x, q_data, CEED_REQUEST_IMMEDIATE);

  { /* The two implementations differ (2 u w against 3 u w), so a result shows which one ran. */
    const CeedScalar  one = 1.0, weight = 0.5;
    const CeedScalar *in[2] = {&one, &weight};
    CeedScalar        twin = 0.0, subroutine = 0.0, *out_twin[1] = {&twin}, *out_subroutine[1] = {&subroutine};
    twin_mass(NULL, 1, in, out_twin);
    SubroutineMass(NULL, 1, in, out_subroutine);
    if (twin != 1.0 || subroutine != 1.5) printf("twin %g and subroutine %g, expected 1 and 1.5\n", twin, subroutine), ierr = 1;
  }
  CeedQFunctionGetFortranStatus(qf_setup, &status);
  if (status) printf("a gallery QFunction reports the Fortran status\n"), ierr = 1;
  CeedQFunctionCreateInterior(ceed, 1, SubroutineMass, twin_mass_loc, &qf_mass);
  ierr |= ExpectError(ceed, CeedQFunctionSetFortranStatus(qf_mass, true), CEED_ERROR_SUCCESS, "", "marking the QFunction");
  CeedQFunctionGetFortranStatus(qf_mass, &status);
  if (!status) printf("the Fortran status did not read back\n"), ierr = 1;
  CeedQFunctionAddInput(qf_mass, "u", 1, CEED_EVAL_INTERP);
  CeedQFunctionAddInput(qf_mass, "qdata", 1, CEED_EVAL_NONE);
  CeedQFunctionAddOutput(qf_mass, "v", 1, CEED_EVAL_INTERP);
  CeedOperatorCreate(ceed, qf_mass, NULL, NULL, &op_mass);
  CeedOperatorSetField(op_mass, "u", rstr, basis, CEED_VECTOR_ACTIVE);
  CeedOperatorSetField(op_mass, "qdata", rstr_q, CEED_BASIS_NONE, q_data);
  CeedOperatorSetField(op_mass, "v", rstr, basis, CEED_VECTOR_ACTIVE);
  ierr |= ExpectError(ceed, CeedQFunctionSetFortranStatus(qf_mass, false), CEED_ERROR_MAJOR, "immutable", "unmarking a QFunction in use");

  /* The application: sum(M 1) = factor * the length 2. */
  CeedVectorCreate(ceed, NUM_NODES, &u);
  CeedVectorCreate(ceed, NUM_NODES, &v);
  CeedVectorSetValue(u, 1.0);
  CeedOperatorApply(op_mass, u, v, CEED_REQUEST_IMMEDIATE);
  ierr |= Expect("sum of the operator applied to 1", VectorSum(v), factor * 2.0);

  /* The QFunction assembled at every point: factor * qdata, summing to factor * 2. */
  ierr |= ExpectError(ceed, CeedOperatorLinearAssembleQFunction(op_mass, &assembled, &rstr_assembled, CEED_REQUEST_IMMEDIATE), CEED_ERROR_SUCCESS,
                      "", "assembling the QFunction");
  if (assembled) ierr |= Expect("sum of the assembled QFunction", VectorSum(assembled), factor * 2.0);

  /* The assembled diagonal equals the diagonal of the applied operator (unit vectors). */
  CeedVectorCreate(ceed, NUM_NODES, &diagonal);
  CeedVectorSetValue(diagonal, 0.0);
  ierr |= ExpectError(ceed, CeedOperatorLinearAssembleAddDiagonal(op_mass, diagonal, CEED_REQUEST_IMMEDIATE), CEED_ERROR_SUCCESS, "",
                      "assembling the diagonal");
  for (CeedInt i = 0; i < NUM_NODES; i++) {
    const CeedScalar *d, *a;
    CeedScalar        applied, assembled_entry;
    char              what[64];
    CeedVectorSetValue(u, 0.0);
    CeedVectorSetValueStrided(u, i, NUM_NODES, NUM_NODES, 1.0);
    CeedOperatorApply(op_mass, u, v, CEED_REQUEST_IMMEDIATE);
    CeedVectorGetArrayRead(v, CEED_MEM_HOST, &a);
    applied = a[i];
    CeedVectorRestoreArrayRead(v, &a);
    CeedVectorGetArrayRead(diagonal, CEED_MEM_HOST, &d);
    assembled_entry = d[i];
    CeedVectorRestoreArrayRead(diagonal, &d);
    snprintf(what, sizeof(what), "assembled diagonal entry %d", (int)i);
    ierr |= Expect(what, assembled_entry, applied);
  }

  CeedVectorDestroy(&x);
  CeedVectorDestroy(&q_data);
  CeedVectorDestroy(&u);
  CeedVectorDestroy(&v);
  CeedVectorDestroy(&diagonal);
  CeedVectorDestroy(&assembled);
  CeedElemRestrictionDestroy(&rstr);
  CeedElemRestrictionDestroy(&rstr_q);
  CeedElemRestrictionDestroy(&rstr_assembled);
  CeedBasisDestroy(&basis);
  CeedQFunctionDestroy(&qf_setup);
  CeedQFunctionDestroy(&qf_mass);
  CeedOperatorDestroy(&op_setup);
  CeedOperatorDestroy(&op_mass);
  CeedDestroy(&ceed);
  return ierr;
}
