// Assembly on a backend other than ref: an in-process backend (/cpu/self/asmtest) whose operators only
// provide ApplyAdd (forwarded to a reference operator built from the same fields) and override one
// assembly method, LinearAssembleAddDiagonal, with a marker. The core must call the override (also for
// every sub-operator of a composite) and run its own defaults for everything else: full assembly, point
// blocks, QFunction assembly and multigrid levels give the known values of the 1-D mass matrix.
#include <ceed.h>
#include <ceed/backend.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <new>

namespace {

int num_marker_calls = 0;

struct Shadow {
  CeedOperator ref_op = nullptr;
};

// The reference operator with the same QFunction and fields, on the delegate context.
int BuildShadow(CeedOperator op, Shadow *s) {
  Ceed          delegate = nullptr;
  CeedQFunction qf       = nullptr;
  CeedCall(CeedGetDelegate(CeedOperatorReturnCeed(op), &delegate));
  CeedCall(CeedOperatorGetQFunction(op, &qf));
  CeedCall(CeedOperatorCreate(delegate, qf, CEED_QFUNCTION_NONE, CEED_QFUNCTION_NONE, &s->ref_op));
  CeedInt            num_in = 0, num_out = 0;
  CeedOperatorField *in = nullptr, *out = nullptr;
  CeedCall(CeedOperatorGetFields(op, &num_in, &in, &num_out, &out));
  for (CeedInt i = 0; i < num_in + num_out; i++) {
    const char         *name  = nullptr;
    CeedElemRestriction rstr  = nullptr;
    CeedBasis           basis = nullptr;
    CeedVector          vec   = nullptr;
    CeedCall(CeedOperatorFieldGetData(i < num_in ? in[i] : out[i - num_in], &name, &rstr, &basis, &vec));
    CeedCall(CeedOperatorSetField(s->ref_op, name, rstr, basis, vec));
    CeedElemRestrictionDestroy(&rstr);
    CeedBasisDestroy(&basis);
    CeedVectorDestroy(&vec);
  }
  return CEED_ERROR_SUCCESS;
}

int ShadowApplyAdd(CeedOperator op, CeedVector in, CeedVector out, CeedRequest *request) {
  Shadow *s = nullptr;
  CeedCall(CeedOperatorGetData(op, &s));
  if (!s->ref_op) CeedCall(BuildShadow(op, s));
  return CeedOperatorApplyAdd(s->ref_op, in, out, request);
}

int ShadowDestroy(CeedOperator op) {
  Shadow *s = nullptr;
  CeedCall(CeedOperatorGetData(op, &s));
  CeedOperatorDestroy(&s->ref_op);
  delete s;
  return CeedOperatorSetData(op, nullptr);
}

// assembled += 1 everywhere: proves the override ran instead of the default.
int MarkerDiagonal(CeedOperator, CeedVector assembled, CeedRequest *) {
  num_marker_calls++;
  CeedSize    n = 0;
  CeedScalar *a = nullptr;
  CeedCall(CeedVectorGetLength(assembled, &n));
  CeedCall(CeedVectorGetArray(assembled, CEED_MEM_HOST, &a));
  for (CeedSize i = 0; i < n; i++) a[i] += 1.0;
  return CeedVectorRestoreArray(assembled, &a);
}

int ShadowCreate(CeedOperator op) {
  auto *s = new (std::nothrow) Shadow();
  if (!s) return CEED_ERROR_MAJOR;
  CeedCall(CeedOperatorSetData(op, s));
  CeedOperatorBackendOps ops{};
  ops.size                      = sizeof(ops);
  ops.ApplyAdd                  = ShadowApplyAdd;
  ops.Destroy                   = ShadowDestroy;
  ops.LinearAssembleAddDiagonal = MarkerDiagonal;
  return CeedOperatorSetBackendOps(op, &ops);
}

int Init(const char *, Ceed ceed) {
  Ceed ref = nullptr;
  CeedCall(CeedInit("/cpu/self/ref/serial", &ref));
  CeedCall(CeedSetDelegate(ceed, ref));
  CeedCall(CeedDestroy(&ref));
  CeedBackendOps ops{};
  ops.size           = sizeof(ops);
  ops.OperatorCreate = ShadowCreate;
  return CeedSetBackendOps(ceed, &ops);
}

constexpr CeedInt kNumElem = 3, kP = 3, kQ = 4, kNodes = kNumElem * (kP - 1) + 1;

class AssemblyBackendTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_EQ(CeedRegister("/cpu/self/asmtest", Init, 10), 0);
    ASSERT_EQ(CeedInit("/cpu/self/asmtest", &ceed), 0);
    CeedSetErrorHandler(ceed, CeedErrorStore);
    CeedInt offsets[kNumElem * kP], strides[3] = {1, kQ, kQ};
    for (CeedInt e = 0; e < kNumElem; e++)
      for (CeedInt j = 0; j < kP; j++) offsets[e * kP + j] = e * (kP - 1) + j;
    ASSERT_EQ(CeedElemRestrictionCreate(ceed, kNumElem, kP, 1, 1, kNodes, CEED_MEM_HOST, CEED_COPY_VALUES, offsets, &rstr_u), 0);
    ASSERT_EQ(CeedElemRestrictionCreateStrided(ceed, kNumElem, kQ, 1, kNumElem * kQ, strides, &rstr_q), 0);
    ASSERT_EQ(CeedBasisCreateTensorH1Lagrange(ceed, 1, 1, kP, kQ, CEED_GAUSS, &basis_u), 0);
    ASSERT_EQ(CeedQFunctionCreateInteriorByName(ceed, "MassApply", &qf_mass), 0);
    CeedScalar q_ref[kQ], q_weight[kQ], q_values[kNumElem * kQ];
    CeedGaussQuadrature(kQ, q_ref, q_weight);
    for (CeedInt i = 0; i < kNumElem * kQ; i++) q_values[i] = 0.5 * q_weight[i % kQ];
    ASSERT_EQ(CeedVectorCreate(ceed, kNumElem * kQ, &q_data), 0);
    ASSERT_EQ(CeedVectorSetArray(q_data, CEED_MEM_HOST, CEED_COPY_VALUES, q_values), 0);
    ASSERT_EQ(CeedOperatorCreate(ceed, qf_mass, CEED_QFUNCTION_NONE, CEED_QFUNCTION_NONE, &op), 0);
    ASSERT_EQ(CeedOperatorSetField(op, "u", rstr_u, basis_u, CEED_VECTOR_ACTIVE), 0);
    ASSERT_EQ(CeedOperatorSetField(op, "qdata", rstr_q, CEED_BASIS_NONE, q_data), 0);
    ASSERT_EQ(CeedOperatorSetField(op, "v", rstr_u, basis_u, CEED_VECTOR_ACTIVE), 0);
    ASSERT_EQ(CeedVectorCreate(ceed, kNodes, &v), 0);
    num_marker_calls = 0;
  }
  void TearDown() override {
    CeedOperatorDestroy(&op);
    CeedVectorDestroy(&v);
    CeedVectorDestroy(&q_data);
    CeedElemRestrictionDestroy(&rstr_u);
    CeedElemRestrictionDestroy(&rstr_q);
    CeedBasisDestroy(&basis_u);
    CeedQFunctionDestroy(&qf_mass);
    CeedDestroy(&ceed);
  }
  void ExpectValues(CeedVector vec, const CeedScalar *expected, CeedInt n, CeedScalar scale) {
    const CeedScalar *a = nullptr;
    CeedVectorGetArrayRead(vec, CEED_MEM_HOST, &a);
    for (CeedInt i = 0; i < n; i++) EXPECT_NEAR(a[i], expected[i] * scale, 1e-15) << "entry " << i;
    CeedVectorRestoreArrayRead(vec, &a);
  }
  Ceed                ceed = nullptr;
  CeedElemRestriction rstr_u = nullptr, rstr_q = nullptr;
  CeedBasis           basis_u = nullptr;
  CeedQFunction       qf_mass = nullptr;
  CeedVector          q_data = nullptr, v = nullptr;
  CeedOperator        op = nullptr;
};

TEST_F(AssemblyBackendTest, OverrideIsCalledForSingleAndSubOperators) {
  const CeedScalar ones[kNodes] = {1, 1, 1, 1, 1, 1, 1};
  ASSERT_EQ(CeedOperatorLinearAssembleDiagonal(op, v, CEED_REQUEST_IMMEDIATE), 0);
  ExpectValues(v, ones, kNodes, 1.0);
  EXPECT_EQ(num_marker_calls, 1);
  CeedOperator composite = nullptr;
  ASSERT_EQ(CeedOperatorCreateComposite(ceed, &composite), 0);
  ASSERT_EQ(CeedOperatorCompositeAddSub(composite, op), 0);
  ASSERT_EQ(CeedOperatorCompositeAddSub(composite, op), 0);
  ASSERT_EQ(CeedOperatorLinearAssembleDiagonal(composite, v, CEED_REQUEST_IMMEDIATE), 0);
  ExpectValues(v, ones, kNodes, 2.0);
  EXPECT_EQ(num_marker_calls, 3);
  CeedOperatorDestroy(&composite);
}

TEST_F(AssemblyBackendTest, DefaultsRunOnAnyBackend) {
  // Application goes through the backend's ApplyAdd: sum(M 1) = 3.
  CeedVector ones = nullptr;
  CeedVectorCreate(ceed, kNodes, &ones);
  CeedVectorSetValue(ones, 1.0);
  ASSERT_EQ(CeedOperatorApply(op, ones, v, CEED_REQUEST_IMMEDIATE), 0);
  CeedScalar sum = 0.0;
  CeedVectorNorm(v, CEED_NORM_1, &sum);
  EXPECT_NEAR(sum, 3.0, 1e-14);

  // Point-block diagonal and COO values by the core defaults.
  const CeedScalar diag[kNodes] = {4, 16, 8, 16, 8, 16, 4};
  ASSERT_EQ(CeedOperatorLinearAssemblePointBlockDiagonal(op, v, CEED_REQUEST_IMMEDIATE), 0);
  ExpectValues(v, diag, kNodes, 1.0 / 30.0);
  CeedSize   num_entries = 0;
  CeedVector values      = nullptr;
  ASSERT_EQ(CeedOperatorLinearAssembleGetNumEntries(op, &num_entries), 0);
  ASSERT_EQ(num_entries, kNumElem * kP * kP);
  CeedVectorCreate(ceed, num_entries, &values);
  ASSERT_EQ(CeedOperatorLinearAssemble(op, values), 0);
  const CeedScalar element[kP * kP] = {4, 2, -1, 2, 16, 2, -1, 2, 4};
  CeedScalar       expected[kNumElem * kP * kP];
  for (CeedInt k = 0; k < kNumElem * kP * kP; k++) expected[k] = element[k % (kP * kP)];
  ExpectValues(values, expected, kNumElem * kP * kP, 1.0 / 30.0);

  // A multigrid level to linear elements: the coarse operator is created by this backend too and its
  // (default) full assembly gives the linear element mass matrix [2 1; 1 2] / 6.
  CeedElemRestriction rstr_c = nullptr;
  CeedBasis           basis_c = nullptr;
  CeedOperator        op_c = nullptr, op_p = nullptr, op_r = nullptr;
  CeedInt             offsets_c[kNumElem * 2];
  for (CeedInt e = 0; e < kNumElem; e++) offsets_c[2 * e] = e, offsets_c[2 * e + 1] = e + 1;
  CeedElemRestrictionCreate(ceed, kNumElem, 2, 1, 1, kNumElem + 1, CEED_MEM_HOST, CEED_COPY_VALUES, offsets_c, &rstr_c);
  CeedBasisCreateTensorH1Lagrange(ceed, 1, 1, 2, kQ, CEED_GAUSS, &basis_c);
  ASSERT_EQ(CeedOperatorMultigridLevelCreate(op, ones, rstr_c, basis_c, &op_c, &op_p, &op_r), 0);
  CeedVector values_c = nullptr;
  CeedVectorCreate(ceed, kNumElem * 4, &values_c);
  ASSERT_EQ(CeedOperatorLinearAssemble(op_c, values_c), 0);
  const CeedScalar linear[kNumElem * 4] = {2, 1, 1, 2, 2, 1, 1, 2, 2, 1, 1, 2};
  ExpectValues(values_c, linear, kNumElem * 4, 1.0 / 6.0);

  CeedVectorDestroy(&values);
  CeedVectorDestroy(&values_c);
  CeedVectorDestroy(&ones);
  CeedElemRestrictionDestroy(&rstr_c);
  CeedBasisDestroy(&basis_c);
  CeedOperatorDestroy(&op_c);
  CeedOperatorDestroy(&op_p);
  CeedOperatorDestroy(&op_r);
}

}  // namespace
