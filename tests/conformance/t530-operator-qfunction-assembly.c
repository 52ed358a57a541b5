/* QFunction assembly: the assembled pointwise matrices of mass, diffusion and vector operators on a deformed
 * 3D mesh equal the known coefficients (geometric factors, coupling matrix), the restriction has the
 * documented shape and strides, and CeedOperatorLinearAssembleQFunctionBuildOrUpdate recomputes exactly
 * when the reuse flags ask for it (reuse off: always; reuse on: after SetQFunctionAssemblyDataUpdateNeeded
 * or a context change through the operator), with the new values of contexts and passive inputs; the reuse
 * flag survives CeedOperatorAssemblyDataStrip as a setting. */
#include <ceed/backend.h>

#include "assembly-problems.h"
#include "t530-operator-qfunction-assembly.h"


/* Value of component k at point q of element e of a strided-restriction L-vector. */
static CeedScalar StridedValue(CeedElemRestriction rstr, const CeedScalar *l, CeedInt e, CeedInt k, CeedInt q) {
  CeedInt layout[3];
  CeedElemRestrictionGetLLayout(rstr, layout);
  return l[q * layout[0] + k * layout[1] + e * layout[2]];
}

/* Checks shape and layout of the returned restriction. */
static int CheckRestriction(const char *name, CeedElemRestriction rstr, CeedInt num_elem, CeedInt Q, CeedInt S) {
  CeedInt  ne, es, nc, layout[3];
  CeedSize l_size;
  CeedElemRestrictionGetNumElements(rstr, &ne);
  CeedElemRestrictionGetElementSize(rstr, &es);
  CeedElemRestrictionGetNumComponents(rstr, &nc);
  CeedElemRestrictionGetLVectorSize(rstr, &l_size);
  CeedElemRestrictionGetLLayout(rstr, layout);
  if (ne != num_elem || es != Q || nc != S || l_size != (CeedSize)num_elem * Q * S || layout[0] != 1 || layout[1] != Q || layout[2] != S * Q) {
    printf("%s: assembled QFunction restriction (%d elements, size %d, %d components, l_size %lld, strides %d %d %d) differs from the spec\n",
           name, (int)ne, (int)es, (int)nc, (long long)l_size, (int)layout[0], (int)layout[1], (int)layout[2]);
    return 1;
  }
  return 0;
}

/* The assembled pointwise matrices of the three operators against their known coefficients. */
static int CheckValues(TestProblem *pb) {
  const CeedInt Q = pb->num_qpts, dim = pb->dim, ne = pb->num_elem;
  const CeedInt voigt[3][3] = {{0, 5, 4}, {5, 1, 3}, {4, 3, 2}}, voigt_2d[2][2] = {{0, 2}, {2, 1}};
  CeedScalar    C[3][3] = {{2.0, 0.5, 0.0}, {0.5, 3.0, -0.25}, {0.1, -0.25, 1.5}};
  CeedScalar   *qm = TestVectorValues(pb->qd_mass), *qd = TestVectorValues(pb->qd_diff);
  CeedScalar    max_error = 0.0;
  int           ierr      = 0;
  for (int kind = TEST_MASS; kind <= TEST_VECTOR; kind++) {
    CeedOperator        op = TestOperator(pb, (TestOperatorKind)kind);
    CeedVector          assembled;
    CeedElemRestriction rstr;
    CeedOperatorLinearAssembleQFunction(op, &assembled, &rstr, CEED_REQUEST_IMMEDIATE);
    const CeedInt S_in = kind == TEST_MASS ? 1 : kind == TEST_DIFFUSION ? dim : 3 + 3 * dim, S = S_in * S_in;
    ierr |= CheckRestriction(TestOperatorName((TestOperatorKind)kind), rstr, ne, Q, S);
    CeedScalar *d = TestVectorValues(assembled);
    for (CeedInt e = 0; e < ne; e++) {
      for (CeedInt q = 0; q < Q; q++) {
        const CeedScalar m = StridedValue(pb->rstr_qd_mass, qm, e, 0, q);
        for (CeedInt r = 0; r < S_in; r++) {
          for (CeedInt s = 0; s < S_in; s++) {
            CeedScalar expected = 0.0;
            if (kind == TEST_MASS) {
              expected = m;
            } else if (kind == TEST_DIFFUSION) {
              expected = StridedValue(pb->rstr_qd_diff, qd, e, dim == 3 ? voigt[r][s] : voigt_2d[r][s], q);
            } else if (r < 3 && s < 3) {
              expected = m * C[s][r]; /* d v_s / d u_r */
            } else if (r >= 3 && s >= 3 && (r - 3) % 3 == (s - 3) % 3) {
              const CeedInt c = (r - 3) % 3, dr = (r - 3) / 3, ds = (s - 3) / 3;
              expected        = (1.0 + c) * StridedValue(pb->rstr_qd_diff, qd, e, dim == 3 ? voigt[ds][dr] : voigt_2d[ds][dr], q);
            }
            const CeedScalar value = d[((e * S_in + r) * S_in + s) * (CeedSize)Q + q];
            max_error              = fmax(max_error, fabs(value - expected));
          }
        }
      }
    }
    if (!(max_error < 1e-13)) {
      printf("%dD %s: assembled QFunction differs from the coefficients by %g\n", (int)dim, TestOperatorName((TestOperatorKind)kind), max_error);
      ierr = 1;
    }
    free(d);
    CeedVectorDestroy(&assembled);
    CeedElemRestrictionDestroy(&rstr);
    CeedOperatorDestroy(&op);
  }
  free(qm);
  free(qd);
  return ierr;
}

/* First assembled value of the scaled mass operator through BuildOrUpdate. */
static CeedScalar FirstValue(CeedOperator op, CeedVector *assembled, CeedElemRestriction *rstr) {
  const CeedScalar *a;
  CeedOperatorLinearAssembleQFunctionBuildOrUpdate(op, assembled, rstr, CEED_REQUEST_IMMEDIATE);
  CeedVectorGetArrayRead(*assembled, CEED_MEM_HOST, &a);
  const CeedScalar v = a[0];
  CeedVectorRestoreArrayRead(*assembled, &a);
  return v;
}

static int CheckBuildOrUpdate(TestProblem *pb) {
  int                  ierr = 0;
  ScaleContext         value = {2.0};
  CeedQFunctionContext ctx;
  CeedQFunction        qf;
  CeedOperator         op;
  CeedQFunctionContextCreate(pb->ceed, &ctx);
  CeedQFunctionContextSetData(ctx, CEED_MEM_HOST, CEED_COPY_VALUES, sizeof(value), &value);
  CeedQFunctionContextRegisterDouble(ctx, "scale", offsetof(ScaleContext, scale), 1, "scaling");
  CeedQFunctionCreateInterior(pb->ceed, 1, ScaledMass, TestQFunctionSource(t530_qfunction_file, "ScaledMass"), &qf);
  CeedQFunctionAddInput(qf, "u", 1, CEED_EVAL_INTERP);
  CeedQFunctionAddInput(qf, "qdata", 1, CEED_EVAL_NONE);
  CeedQFunctionAddOutput(qf, "v", 1, CEED_EVAL_INTERP);
  CeedQFunctionSetContext(qf, ctx);
  CeedOperatorCreate(pb->ceed, qf, CEED_QFUNCTION_NONE, CEED_QFUNCTION_NONE, &op);
  CeedOperatorSetField(op, "u", pb->rstr_u, pb->basis_u, CEED_VECTOR_ACTIVE);
  CeedOperatorSetField(op, "qdata", pb->rstr_qd_mass, CEED_BASIS_NONE, pb->qd_mass);
  CeedOperatorSetField(op, "v", pb->rstr_u, pb->basis_u, CEED_VECTOR_ACTIVE);

  CeedScalar *qm = TestVectorValues(pb->qd_mass);
  const CeedScalar m0 = StridedValue(pb->rstr_qd_mass, qm, 0, 0, 0);
  CeedVector          assembled = NULL;
  CeedElemRestriction rstr      = NULL;
  CeedContextFieldLabel label;
  CeedOperatorGetContextFieldLabel(op, "scale", &label);
  /* Expected value of the first entry after each step. */
  struct {
    const char *step;
    CeedScalar  expected;
  } checks[7];
  CeedScalar got[7];
  int        n = 0;

  got[n] = FirstValue(op, &assembled, &rstr), checks[n].step = "first build", checks[n++].expected = 2.0 * m0;
  CeedOperatorSetQFunctionAssemblyReuse(op, true);
  got[n] = FirstValue(op, &assembled, &rstr), checks[n].step = "reuse turned on (marks an update)", checks[n++].expected = 2.0 * m0;
  value.scale = 3.0;
  CeedQFunctionContextSetData(ctx, CEED_MEM_HOST, CEED_COPY_VALUES, sizeof(value), &value); /* not through the operator */
  got[n] = FirstValue(op, &assembled, &rstr), checks[n].step = "reuse on, context changed behind the operator", checks[n++].expected = 2.0 * m0;
  CeedOperatorSetQFunctionAssemblyDataUpdateNeeded(op, true);
  got[n] = FirstValue(op, &assembled, &rstr), checks[n].step = "update marked", checks[n++].expected = 3.0 * m0;
  double five = 5.0;
  CeedOperatorSetContextDouble(op, label, &five);
  got[n] = FirstValue(op, &assembled, &rstr), checks[n].step = "context set through the operator", checks[n++].expected = 5.0 * m0;
  /* New values of a passive input: the re-assembly (which may reuse what the first one set up) sees them. */
  CeedVectorScale(pb->qd_mass, 2.0);
  CeedOperatorSetQFunctionAssemblyDataUpdateNeeded(op, true);
  got[n] = FirstValue(op, &assembled, &rstr), checks[n].step = "passive input changed", checks[n++].expected = 10.0 * m0;
  CeedVectorScale(pb->qd_mass, 0.5);
  CeedOperatorSetQFunctionAssemblyReuse(op, false);
  value.scale = 7.0;
  CeedQFunctionContextSetData(ctx, CEED_MEM_HOST, CEED_COPY_VALUES, sizeof(value), &value);
  CeedOperatorAssemblyDataStrip(op);
  got[n] = FirstValue(op, &assembled, &rstr), checks[n].step = "reuse off after a strip", checks[n++].expected = 7.0 * m0;
  for (int i = 0; i < n; i++) {
    if (fabs(got[i] - checks[i].expected) > 1e-14 * fabs(checks[i].expected)) {
      printf("BuildOrUpdate, %s: first value %.16g, expected %.16g\n", checks[i].step, got[i], checks[i].expected);
      ierr = 1;
    }
  }
  free(qm);
  CeedVectorDestroy(&assembled);
  CeedElemRestrictionDestroy(&rstr);
  CeedOperatorDestroy(&op);
  CeedQFunctionDestroy(&qf);
  CeedQFunctionContextDestroy(&ctx);
  return ierr;
}

int main(int argc, char **argv) {
  Ceed ceed;
  int  ierr = 0;
  if (argc < 2) return 2;
  CeedInit(argv[1], &ceed);
  const CeedInt n_2d[2] = {3, 2}, n_3d[3] = {2, 1, 2};
  for (CeedInt dim = 2; dim <= 3; dim++) {
    TestProblem pb;
    TestProblemCreate(ceed, dim, dim == 2 ? n_2d : n_3d, 3, 4, &pb);
    ierr |= CheckValues(&pb);
    if (dim == 3) ierr |= CheckBuildOrUpdate(&pb);
    TestProblemDestroy(&pb);
  }
  CeedDestroy(&ceed);
  return ierr;
}
