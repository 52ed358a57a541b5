// Unit tests of CeedOperator: creation, every SetField check, readiness, application semantics, field
// getters, composites, operators at points, context access, names, the backend-facing accessors and
// assembly with known element matrices. Invalid calls return their code with a message naming the
// offending value (store error handler) and leave the operator usable: each error test ends by applying
// the operator and checking the numbers. The mesh is [0, 3] with 3 elements, P = 3, Q = 4, qdata = w*J.
#include <ceed.h>
#include <ceed/backend.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <string>

namespace {

int Copy(void *, const CeedInt Q, const CeedScalar *const *in, CeedScalar *const *out) {
  for (CeedInt i = 0; i < Q; i++) out[0][i] = in[0][i];
  return 0;
}

// v = scale * u * qdata, scale the first double of the context.
int ScaledMass(void *ctx, const CeedInt Q, const CeedScalar *const *in, CeedScalar *const *out) {
  const double scale = *static_cast<const double *>(ctx);
  for (CeedInt i = 0; i < Q; i++) out[0][i] = scale * in[0][i] * in[1][i];
  return 0;
}

constexpr CeedInt kNumElem = 3, kP = 3, kQ = 4, kNodes = kNumElem * (kP - 1) + 1;

class OperatorTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_EQ(CeedInit("/cpu/self/ref/serial", &ceed), 0);
    CeedSetErrorHandler(ceed, CeedErrorStore);
    CeedInt offsets[kNumElem * kP], strides[3] = {1, kQ, kQ};
    for (CeedInt e = 0; e < kNumElem; e++)
      for (CeedInt j = 0; j < kP; j++) offsets[e * kP + j] = e * (kP - 1) + j;
    ASSERT_EQ(CeedElemRestrictionCreate(ceed, kNumElem, kP, 1, 1, kNodes, CEED_MEM_HOST, CEED_COPY_VALUES, offsets, &rstr_u), 0);
    ASSERT_EQ(CeedElemRestrictionCreateStrided(ceed, kNumElem, kQ, 1, kNumElem * kQ, strides, &rstr_q), 0);
    ASSERT_EQ(CeedBasisCreateTensorH1Lagrange(ceed, 1, 1, kP, kQ, CEED_GAUSS, &basis_u), 0);
    ASSERT_EQ(CeedQFunctionCreateInteriorByName(ceed, "MassApply", &qf_mass), 0);
    // qdata = w_q * J with J = 1/2 (unit elements).
    CeedScalar q_ref[kQ], q_weight[kQ], q_values[kNumElem * kQ];
    CeedGaussQuadrature(kQ, q_ref, q_weight);
    for (CeedInt i = 0; i < kNumElem * kQ; i++) q_values[i] = 0.5 * q_weight[i % kQ];
    ASSERT_EQ(CeedVectorCreate(ceed, kNumElem * kQ, &q_data), 0);
    ASSERT_EQ(CeedVectorSetArray(q_data, CEED_MEM_HOST, CEED_COPY_VALUES, q_values), 0);
    ASSERT_EQ(CeedVectorCreate(ceed, kNodes, &u), 0);
    ASSERT_EQ(CeedVectorCreate(ceed, kNodes, &v), 0);
  }
  void TearDown() override {
    CeedVectorDestroy(&u);
    CeedVectorDestroy(&v);
    CeedVectorDestroy(&q_data);
    CeedElemRestrictionDestroy(&rstr_u);
    CeedElemRestrictionDestroy(&rstr_q);
    CeedBasisDestroy(&basis_u);
    CeedQFunctionDestroy(&qf_mass);
    CeedDestroy(&ceed);
  }
  // Expects code and a stored message containing text, then resets the message.
  void ExpectError(int code, int expected, const char *text) {
    const char *msg = nullptr;
    CeedGetErrorMessage(ceed, &msg);
    EXPECT_EQ(code, expected) << msg;
    EXPECT_NE(std::strstr(msg, text), nullptr) << "message: " << msg << "\nexpected to contain: " << text;
    CeedResetErrorMessage(ceed, &msg);
  }
  CeedOperator MassOperator() {
    CeedOperator op = nullptr;
    EXPECT_EQ(CeedOperatorCreate(ceed, qf_mass, CEED_QFUNCTION_NONE, CEED_QFUNCTION_NONE, &op), 0);
    EXPECT_EQ(CeedOperatorSetField(op, "u", rstr_u, basis_u, CEED_VECTOR_ACTIVE), 0);
    EXPECT_EQ(CeedOperatorSetField(op, "qdata", rstr_q, CEED_BASIS_NONE, q_data), 0);
    EXPECT_EQ(CeedOperatorSetField(op, "v", rstr_u, basis_u, CEED_VECTOR_ACTIVE), 0);
    return op;
  }
  // sum(M 1) over [0, 3] is 3.
  void ExpectMassWorks(CeedOperator op, CeedScalar expected = 3.0) {
    CeedVectorSetValue(u, 1.0);
    ASSERT_EQ(CeedOperatorApply(op, u, v, CEED_REQUEST_IMMEDIATE), 0);
    const CeedScalar *a = nullptr;
    CeedScalar sum      = 0.0;
    CeedVectorGetArrayRead(v, CEED_MEM_HOST, &a);
    for (CeedInt i = 0; i < kNodes; i++) sum += a[i];
    CeedVectorRestoreArrayRead(v, &a);
    EXPECT_NEAR(sum, expected, 1e-13);
  }

  Ceed ceed = nullptr;
  CeedElemRestriction rstr_u = nullptr, rstr_q = nullptr;
  CeedBasis basis_u = nullptr;
  CeedQFunction qf_mass = nullptr;
  CeedVector q_data = nullptr, u = nullptr, v = nullptr;
};

TEST_F(OperatorTest, CreateRejectsMissingQFunction) {
  CeedOperator op = nullptr;
  ExpectError(CeedOperatorCreate(ceed, NULL, NULL, NULL, &op), CEED_ERROR_MINOR, "Operator must have a valid CeedQFunction.");
  EXPECT_EQ(op, nullptr);
  ExpectError(CeedOperatorCreateAtPoints(ceed, CEED_QFUNCTION_NONE, NULL, NULL, &op), CEED_ERROR_MINOR,
              "Operator must have a valid CeedQFunction.");
  op = MassOperator();
  ExpectMassWorks(op);
  CeedOperatorDestroy(&op);
}

TEST_F(OperatorTest, SetFieldChecksInOrderAndKeepsOperatorUsable) {
  CeedOperator op = nullptr, composite = nullptr;
  ASSERT_EQ(CeedOperatorCreate(ceed, qf_mass, NULL, NULL, &op), 0);
  ASSERT_EQ(CeedOperatorCreateComposite(ceed, &composite), 0);
  ExpectError(CeedOperatorSetField(composite, "u", rstr_u, basis_u, CEED_VECTOR_ACTIVE), CEED_ERROR_INCOMPATIBLE,
              "Cannot add field 'u' to composite operator");
  ExpectError(CeedOperatorSetField(op, "u", NULL, basis_u, CEED_VECTOR_ACTIVE), CEED_ERROR_INCOMPATIBLE, "CEED_ELEMRESTRICTION_NONE");
  ExpectError(CeedOperatorSetField(op, "w", rstr_u, basis_u, CEED_VECTOR_ACTIVE), CEED_ERROR_INCOMPLETE,
              "CeedQFunction has no knowledge of field 'w'");
  ExpectError(CeedOperatorSetField(op, "u", CEED_ELEMRESTRICTION_NONE, basis_u, CEED_VECTOR_ACTIVE), CEED_ERROR_INCOMPATIBLE,
              "field 'u' has eval mode interpolation");
  ExpectError(CeedOperatorSetField(op, "u", rstr_u, CEED_BASIS_NONE, CEED_VECTOR_ACTIVE), CEED_ERROR_INCOMPATIBLE, "CEED_BASIS_NONE");
  // Component mismatch: restriction with 2 components, scalar basis.
  CeedElemRestriction rstr_2comp = nullptr, rstr_4elem = nullptr, rstr_long = nullptr, rstr_points = nullptr;
  CeedInt offsets[4 * kP], offsets_points[3] = {2, 3, 0};
  for (CeedInt i = 0; i < 4 * kP; i++) offsets[i] = i / kP * (kP - 1) + i % kP;
  ASSERT_EQ(CeedElemRestrictionCreate(ceed, kNumElem, kP, 2, kNodes, 2 * kNodes, CEED_MEM_HOST, CEED_COPY_VALUES, offsets, &rstr_2comp), 0);
  ExpectError(CeedOperatorSetField(op, "u", rstr_2comp, basis_u, CEED_VECTOR_ACTIVE), CEED_ERROR_DIMENSION,
              "CeedElemRestriction has 2 components but CeedBasis has 1 components");
  ASSERT_EQ(CeedOperatorSetField(op, "u", rstr_u, basis_u, CEED_VECTOR_ACTIVE), 0);
  // Element count differs from the field already set.
  ASSERT_EQ(CeedElemRestrictionCreate(ceed, 4, kP, 1, 1, 9, CEED_MEM_HOST, CEED_COPY_VALUES, offsets, &rstr_4elem), 0);
  ExpectError(CeedOperatorSetField(op, "v", rstr_4elem, basis_u, CEED_VECTOR_ACTIVE), CEED_ERROR_DIMENSION,
              "has 4 elements, incompatible with 3 elements");
  // Quadrature points differ.
  CeedBasis basis_q5 = nullptr;
  ASSERT_EQ(CeedBasisCreateTensorH1Lagrange(ceed, 1, 1, kP, 5, CEED_GAUSS, &basis_q5), 0);
  ExpectError(CeedOperatorSetField(op, "v", rstr_u, basis_q5, CEED_VECTOR_ACTIVE), CEED_ERROR_DIMENSION,
              "Field 'v' has 5 quadrature points, incompatible with 4 quadrature points");
  // Field size: qdata has size 1, a 2-component restriction does not fit.
  CeedElemRestriction rstr_q2 = nullptr;
  CeedInt strides[3] = {1, kQ, 2 * kQ};
  ASSERT_EQ(CeedElemRestrictionCreateStrided(ceed, kNumElem, kQ, 2, 2 * kNumElem * kQ, strides, &rstr_q2), 0);
  ExpectError(CeedOperatorSetField(op, "qdata", rstr_q2, CEED_BASIS_NONE, q_data), CEED_ERROR_DIMENSION,
              "Field 'qdata' of size 1 is incompatible with its CeedElemRestriction with 2 components");
  // Active output on an L-vector of another length than the recorded active lengths is fine (outputs are
  // separate), but a second active input of another length is not: use an operator with two inputs.
  ASSERT_EQ(CeedElemRestrictionCreate(ceed, kNumElem, kP, 1, 1, kNodes + 2, CEED_MEM_HOST, CEED_COPY_VALUES, offsets, &rstr_long), 0);
  CeedQFunction qf_two = nullptr;
  CeedOperator op_two  = nullptr;
  ASSERT_EQ(CeedQFunctionCreateIdentity(ceed, 1, CEED_EVAL_INTERP, CEED_EVAL_INTERP, &qf_two), 0);
  ASSERT_EQ(CeedOperatorCreate(ceed, qf_two, NULL, NULL, &op_two), 0);
  ASSERT_EQ(CeedOperatorSetField(op_two, "output", rstr_long, basis_u, CEED_VECTOR_ACTIVE), 0);
  ASSERT_EQ(CeedOperatorSetField(op_two, "input", rstr_u, basis_u, CEED_VECTOR_ACTIVE), 0);
  CeedOperatorDestroy(&op_two);
  CeedQFunctionDestroy(&qf_two);
  // Points restrictions need an operator at points.
  ASSERT_EQ(CeedElemRestrictionCreateAtPoints(ceed, 1, 1, 1, 1, CEED_MEM_HOST, CEED_COPY_VALUES, offsets_points, &rstr_points), 0);
  // (element count is checked first: a 1-element points restriction fails on that)
  ExpectError(CeedOperatorSetField(op, "qdata", rstr_points, CEED_BASIS_NONE, q_data), CEED_ERROR_DIMENSION, "has 1 elements");
  // Passive vector shorter than its restriction.
  CeedVector short_vec = nullptr;
  ASSERT_EQ(CeedVectorCreate(ceed, 5, &short_vec), 0);
  ExpectError(CeedOperatorSetField(op, "qdata", rstr_q, CEED_BASIS_NONE, short_vec), CEED_ERROR_DIMENSION,
              "has length 5, shorter than its CeedElemRestriction's L-vector size 12");
  // Not all fields set yet.
  ExpectError(CeedOperatorApply(op, u, v, CEED_REQUEST_IMMEDIATE), CEED_ERROR_INCOMPLETE, "Not all operator fields set");
  // The operator is still usable.
  ASSERT_EQ(CeedOperatorSetField(op, "qdata", rstr_q, CEED_BASIS_NONE, q_data), 0);
  ASSERT_EQ(CeedOperatorSetField(op, "v", rstr_u, basis_u, CEED_VECTOR_ACTIVE), 0);
  ExpectMassWorks(op);
  // After an application the fields are frozen.
  ExpectError(CeedOperatorSetField(op, "v", rstr_u, basis_u, CEED_VECTOR_ACTIVE), CEED_ERROR_MAJOR,
              "Operator cannot be changed after set as immutable");
  ExpectMassWorks(op);

  CeedVectorDestroy(&short_vec);
  CeedBasisDestroy(&basis_q5);
  CeedElemRestrictionDestroy(&rstr_2comp);
  CeedElemRestrictionDestroy(&rstr_4elem);
  CeedElemRestrictionDestroy(&rstr_long);
  CeedElemRestrictionDestroy(&rstr_q2);
  CeedElemRestrictionDestroy(&rstr_points);
  CeedOperatorDestroy(&op);
  CeedOperatorDestroy(&composite);
}

TEST_F(OperatorTest, ActiveLengthMismatchAndPointsRestriction) {
  // Identity on INTERP: two active inputs would need one length; here input and a second active field.
  CeedQFunction qf = nullptr;
  CeedOperator op  = nullptr, op_pts = nullptr;
  ASSERT_EQ(CeedQFunctionCreateInterior(ceed, 1, Copy, "", &qf), 0);
  ASSERT_EQ(CeedQFunctionAddInput(qf, "a", 1, CEED_EVAL_INTERP), 0);
  ASSERT_EQ(CeedQFunctionAddInput(qf, "b", 1, CEED_EVAL_INTERP), 0);
  ASSERT_EQ(CeedQFunctionAddOutput(qf, "c", 1, CEED_EVAL_INTERP), 0);
  ASSERT_EQ(CeedOperatorCreate(ceed, qf, NULL, NULL, &op), 0);
  ASSERT_EQ(CeedOperatorSetField(op, "a", rstr_u, basis_u, CEED_VECTOR_ACTIVE), 0);
  CeedElemRestriction rstr_long = nullptr;
  CeedInt offsets[kNumElem * kP], offsets_points[3 + 2] = {3, 4, 5, 0, 1};
  for (CeedInt i = 0; i < kNumElem * kP; i++) offsets[i] = i / kP * (kP - 1) + i % kP;
  ASSERT_EQ(CeedElemRestrictionCreate(ceed, kNumElem, kP, 1, 1, kNodes + 2, CEED_MEM_HOST, CEED_COPY_VALUES, offsets, &rstr_long), 0);
  ExpectError(CeedOperatorSetField(op, "b", rstr_long, basis_u, CEED_VECTOR_ACTIVE), CEED_ERROR_INCOMPATIBLE,
              "Active input field 'b' has L-vector length 9, incompatible with the operator's active input length 7");
  // Points restriction with a matching element count on a non-points operator.
  CeedElemRestriction rstr_points = nullptr;
  ASSERT_EQ(CeedElemRestrictionCreateAtPoints(ceed, 2, 2, 1, 2, CEED_MEM_HOST, CEED_COPY_VALUES, offsets_points, &rstr_points), 0);
  CeedQFunction qf_pts = nullptr;
  ASSERT_EQ(CeedQFunctionCreateInterior(ceed, 1, Copy, "", &qf_pts), 0);
  ASSERT_EQ(CeedQFunctionAddInput(qf_pts, "x", 1, CEED_EVAL_NONE), 0);
  ASSERT_EQ(CeedQFunctionAddOutput(qf_pts, "y", 1, CEED_EVAL_NONE), 0);
  ASSERT_EQ(CeedOperatorCreate(ceed, qf_pts, NULL, NULL, &op_pts), 0);
  ExpectError(CeedOperatorSetField(op_pts, "x", rstr_points, CEED_BASIS_NONE, CEED_VECTOR_ACTIVE), CEED_ERROR_UNSUPPORTED,
              "can only be used with an operator at points");
  ExpectError(CeedOperatorAtPointsSetPoints(op_pts, rstr_points, u), CEED_ERROR_MINOR, "Only defined for operator at points");
  ExpectError(CeedOperatorCheckReady(op_pts), CEED_ERROR_INCOMPLETE, "No operator fields set");
  CeedElemRestrictionDestroy(&rstr_long);
  CeedElemRestrictionDestroy(&rstr_points);
  CeedQFunctionDestroy(&qf);
  CeedQFunctionDestroy(&qf_pts);
  CeedOperatorDestroy(&op);
  CeedOperatorDestroy(&op_pts);
}

TEST_F(OperatorTest, ApplyChecksVectors) {
  CeedOperator op = MassOperator();
  CeedVector short_vec = nullptr;
  ASSERT_EQ(CeedVectorCreate(ceed, 4, &short_vec), 0);
  ExpectError(CeedOperatorApply(op, u, u, CEED_REQUEST_IMMEDIATE), CEED_ERROR_INCOMPATIBLE, "must be distinct");
  ExpectError(CeedOperatorApply(op, short_vec, v, CEED_REQUEST_IMMEDIATE), CEED_ERROR_DIMENSION,
              "Active input vector of length 4 is shorter than the operator's input length 7");
  ExpectError(CeedOperatorApply(op, u, CEED_VECTOR_NONE, CEED_REQUEST_IMMEDIATE), CEED_ERROR_INCOMPATIBLE,
              "active output of length 7 but the output vector is CEED_VECTOR_NONE");
  ExpectError(CeedOperatorApplyAdd(op, CEED_VECTOR_ACTIVE, v, CEED_REQUEST_IMMEDIATE), CEED_ERROR_INCOMPATIBLE, "CEED_VECTOR_ACTIVE");
  ExpectMassWorks(op);
  // ApplyAdd adds, ApplyAddActive too (no passive outputs here); a request is completed with NULL.
  CeedRequest request = reinterpret_cast<CeedRequest>(&request);
  ASSERT_EQ(CeedOperatorApplyAdd(op, u, v, &request), 0);
  EXPECT_EQ(request, nullptr);
  ASSERT_EQ(CeedOperatorApplyAddActive(op, u, v, CEED_REQUEST_IMMEDIATE), 0);
  CeedScalar sum = 0.0;
  const CeedScalar *a = nullptr;
  CeedVectorGetArrayRead(v, CEED_MEM_HOST, &a);
  for (CeedInt i = 0; i < kNodes; i++) sum += a[i];
  CeedVectorRestoreArrayRead(v, &a);
  EXPECT_NEAR(sum, 9.0, 1e-13);
  CeedVectorDestroy(&short_vec);
  CeedOperatorDestroy(&op);
}

TEST_F(OperatorTest, FieldGettersAndQueries) {
  CeedOperator op = MassOperator();
  CeedInt num_in = 0, num_out = 0, num_elem = 0, num_qpts = 0, tabs = -1;
  CeedOperatorField *in = nullptr, *out = nullptr, field = nullptr;
  ASSERT_EQ(CeedOperatorGetFields(op, &num_in, &in, &num_out, &out), 0);
  EXPECT_EQ(num_in, 2);
  EXPECT_EQ(num_out, 1);
  const char *name = nullptr;
  CeedElemRestriction rstr = nullptr;
  CeedBasis basis          = nullptr;
  CeedVector vec           = nullptr;
  CeedEvalMode mode        = CEED_EVAL_NONE;
  ASSERT_EQ(CeedOperatorFieldGetData(in[1], &name, &rstr, &basis, &vec), 0);
  EXPECT_STREQ(name, "qdata");
  EXPECT_EQ(rstr, rstr_q);
  EXPECT_EQ(basis, CEED_BASIS_NONE);
  EXPECT_EQ(vec, q_data);
  CeedElemRestrictionDestroy(&rstr);
  CeedBasisDestroy(&basis);
  CeedVectorDestroy(&vec);
  ASSERT_EQ(CeedOperatorGetFieldByName(op, "v", &field), 0);
  EXPECT_EQ(field, out[0]);
  ASSERT_EQ(CeedOperatorFieldGetName(field, &name), 0);
  EXPECT_STREQ(name, "v");
  ASSERT_EQ(CeedOperatorFieldGetEvalMode(field, &mode), 0);
  EXPECT_EQ(mode, CEED_EVAL_INTERP);
  ASSERT_EQ(CeedOperatorFieldGetVector(field, &vec), 0);
  EXPECT_EQ(vec, CEED_VECTOR_ACTIVE);
  ASSERT_EQ(CeedOperatorFieldGetBasis(field, &basis), 0);
  EXPECT_EQ(basis, basis_u);
  CeedBasisDestroy(&basis);
  ASSERT_EQ(CeedOperatorFieldGetElemRestriction(field, &rstr), 0);
  EXPECT_EQ(rstr, rstr_u);
  CeedElemRestrictionDestroy(&rstr);
  ASSERT_EQ(CeedOperatorGetFieldByName(op, "nothing", &field), 0);
  EXPECT_EQ(field, nullptr);
  ASSERT_EQ(CeedOperatorGetNumElements(op, &num_elem), 0);
  ASSERT_EQ(CeedOperatorGetNumQuadraturePoints(op, &num_qpts), 0);
  EXPECT_EQ(num_elem, kNumElem);
  EXPECT_EQ(num_qpts, kQ);
  CeedSize in_size = 0, out_size = 0;
  ASSERT_EQ(CeedOperatorGetActiveVectorLengths(op, &in_size, &out_size), 0);
  EXPECT_EQ(in_size, kNodes);
  EXPECT_EQ(out_size, kNodes);
  ASSERT_EQ(CeedOperatorGetName(op, &name), 0);
  EXPECT_STREQ(name, "MassApply");
  ASSERT_EQ(CeedOperatorSetName(op, "mass"), 0);
  ASSERT_EQ(CeedOperatorGetName(op, &name), 0);
  EXPECT_STREQ(name, "mass");
  ExpectError(CeedOperatorSetNumViewTabs(op, -2), CEED_ERROR_MINOR, "Number of view tabs must be non-negative, not -2");
  ASSERT_EQ(CeedOperatorGetNumViewTabs(op, &tabs), 0);
  EXPECT_EQ(tabs, 0);
  Ceed op_ceed = nullptr;
  ASSERT_EQ(CeedOperatorGetCeed(op, &op_ceed), 0);
  EXPECT_EQ(op_ceed, CeedOperatorReturnCeed(op));
  CeedDestroy(&op_ceed);
  // Backend-facing accessors.
  bool flag = true;
  CeedQFunction qf = nullptr;
  ASSERT_EQ(CeedOperatorIsComposite(op, &flag), 0);
  EXPECT_FALSE(flag);
  ASSERT_EQ(CeedOperatorGetQFunction(op, &qf), 0);
  EXPECT_EQ(qf, qf_mass);
  ASSERT_EQ(CeedOperatorIsSetupDone(op, &flag), 0);
  EXPECT_FALSE(flag);
  ExpectMassWorks(op);
  ASSERT_EQ(CeedOperatorIsSetupDone(op, &flag), 0);
  EXPECT_TRUE(flag);
  ASSERT_EQ(CeedOperatorIsAtPoints(op, &flag), 0);
  EXPECT_FALSE(flag);
  ExpectError(CeedOperatorGetContextFieldLabel(op, NULL, NULL), CEED_ERROR_INCOMPATIBLE, "Field name or output pointer is NULL");
  // Reference copies keep the operator alive.
  CeedOperator copy = nullptr;
  ASSERT_EQ(CeedOperatorReferenceCopy(op, &copy), 0);
  ASSERT_EQ(CeedOperatorDestroy(&op), 0);
  EXPECT_EQ(op, nullptr);
  ExpectMassWorks(copy);
  ASSERT_EQ(CeedOperatorReferenceCopy(copy, &copy), 0);
  ASSERT_EQ(CeedOperatorDestroy(&copy), 0);
  EXPECT_EQ(copy, nullptr);
  EXPECT_EQ(CeedOperatorDestroy(&copy), 0);
}

TEST_F(OperatorTest, CompositeErrors) {
  CeedOperator composite = nullptr, op = MassOperator(), subs[CEED_COMPOSITE_MAX];
  ASSERT_EQ(CeedOperatorCreateComposite(ceed, &composite), 0);
  ExpectError(CeedOperatorCompositeAddSub(op, op), CEED_ERROR_MINOR, "CeedOperator is not a composite operator");
  CeedInt num_sub = 0;
  ExpectError(CeedOperatorCompositeGetNumSub(op, &num_sub), CEED_ERROR_MINOR, "Only defined for a composite operator");
  ExpectError(CeedOperatorGetFields(composite, NULL, NULL, NULL, NULL), CEED_ERROR_MINOR, "Not defined for composite operator");
  for (CeedInt i = 0; i < CEED_COMPOSITE_MAX; i++) {
    subs[i] = MassOperator();
    ASSERT_EQ(CeedOperatorCompositeAddSub(composite, subs[i]), 0);
  }
  ExpectError(CeedOperatorCompositeAddSub(composite, op), CEED_ERROR_UNSUPPORTED, "Cannot add additional sub-operators");
  ASSERT_EQ(CeedOperatorCompositeGetNumSub(composite, &num_sub), 0);
  EXPECT_EQ(num_sub, CEED_COMPOSITE_MAX);
  ExpectMassWorks(composite, 3.0 * CEED_COMPOSITE_MAX);
  ExpectError(CeedOperatorCompositeAddSub(composite, op), CEED_ERROR_UNSUPPORTED, "Cannot add additional sub-operators");
  for (CeedInt i = 0; i < CEED_COMPOSITE_MAX; i++) CeedOperatorDestroy(&subs[i]);
  CeedOperatorDestroy(&composite);

  // Sub-operators with incompatible active lengths.
  CeedElemRestriction rstr_long = nullptr;
  CeedInt offsets[kNumElem * kP];
  for (CeedInt i = 0; i < kNumElem * kP; i++) offsets[i] = i / kP * (kP - 1) + i % kP;
  ASSERT_EQ(CeedElemRestrictionCreate(ceed, kNumElem, kP, 1, 1, kNodes + 2, CEED_MEM_HOST, CEED_COPY_VALUES, offsets, &rstr_long), 0);
  CeedOperator op_long = nullptr;
  ASSERT_EQ(CeedOperatorCreate(ceed, qf_mass, NULL, NULL, &op_long), 0);
  ASSERT_EQ(CeedOperatorSetField(op_long, "u", rstr_long, basis_u, CEED_VECTOR_ACTIVE), 0);
  ASSERT_EQ(CeedOperatorSetField(op_long, "qdata", rstr_q, CEED_BASIS_NONE, q_data), 0);
  ASSERT_EQ(CeedOperatorSetField(op_long, "v", rstr_long, basis_u, CEED_VECTOR_ACTIVE), 0);
  ASSERT_EQ(CeedOperatorCreateComposite(ceed, &composite), 0);
  ASSERT_EQ(CeedOperatorCompositeAddSub(composite, op), 0);
  ExpectError(CeedOperatorCompositeAddSub(composite, op_long), CEED_ERROR_MAJOR,
              "Sub-operator active input length 9 is incompatible with the composite operator's active input length 7");
  ExpectMassWorks(composite);
  ExpectError(CeedOperatorCompositeAddSub(composite, op), CEED_ERROR_MAJOR, "Operator cannot be changed after set as immutable");
  CeedElemRestrictionDestroy(&rstr_long);
  CeedOperatorDestroy(&op_long);
  CeedOperatorDestroy(&composite);
  CeedOperatorDestroy(&op);
}

TEST_F(OperatorTest, ContextErrors) {
  CeedOperator op = MassOperator(), composite = nullptr;
  double value = 1.0;
  ExpectError(CeedOperatorSetContextDouble(op, NULL, &value), CEED_ERROR_UNSUPPORTED, "Invalid field label");
  CeedContextFieldLabel label = reinterpret_cast<CeedContextFieldLabel>(&value);
  ExpectError(CeedOperatorSetContextDouble(op, label, &value), CEED_ERROR_UNSUPPORTED, "QFunction does not have context data");
  CeedQFunctionContext ctx = reinterpret_cast<CeedQFunctionContext>(&value);
  ASSERT_EQ(CeedOperatorGetContext(op, &ctx), 0);
  EXPECT_EQ(ctx, nullptr);
  ASSERT_EQ(CeedOperatorGetContextFieldLabel(op, "scale", &label), 0);
  EXPECT_EQ(label, nullptr);
  ASSERT_EQ(CeedOperatorCreateComposite(ceed, &composite), 0);
  ExpectError(CeedOperatorGetContext(composite, &ctx), CEED_ERROR_INCOMPATIBLE, "composite");
  ExpectError(CeedOperatorSetContextDouble(composite, NULL, &value), CEED_ERROR_UNSUPPORTED, "Invalid field label");
  ExpectMassWorks(op);
  CeedOperatorDestroy(&op);
  CeedOperatorDestroy(&composite);
}

// A composite label resolves its field by name in the sub-operators' current contexts: replacing a
// sub-QFunction's context (the old one freed) must neither reach the freed labels nor lose the write.
TEST_F(OperatorTest, CompositeContextLabelFollowsAReplacedContext) {
  CeedQFunction qf = nullptr;
  ASSERT_EQ(CeedQFunctionCreateInterior(ceed, 1, ScaledMass, __FILE__ ":ScaledMass", &qf), 0);
  ASSERT_EQ(CeedQFunctionAddInput(qf, "u", 1, CEED_EVAL_INTERP), 0);
  ASSERT_EQ(CeedQFunctionAddInput(qf, "qdata", 1, CEED_EVAL_NONE), 0);
  ASSERT_EQ(CeedQFunctionAddOutput(qf, "v", 1, CEED_EVAL_INTERP), 0);
  auto make_context = [&](double scale) {
    CeedQFunctionContext ctx = nullptr;
    EXPECT_EQ(CeedQFunctionContextCreate(ceed, &ctx), 0);
    EXPECT_EQ(CeedQFunctionContextSetData(ctx, CEED_MEM_HOST, CEED_COPY_VALUES, sizeof(scale), &scale), 0);
    EXPECT_EQ(CeedQFunctionContextRegisterDouble(ctx, "scale", 0, 1, "mass scale"), 0);
    return ctx;
  };
  CeedQFunctionContext ctx = make_context(1.0);
  ASSERT_EQ(CeedQFunctionSetContext(qf, ctx), 0);
  ASSERT_EQ(CeedQFunctionContextDestroy(&ctx), 0);
  CeedOperator subs[2] = {nullptr, nullptr}, composite = nullptr;
  ASSERT_EQ(CeedOperatorCreateComposite(ceed, &composite), 0);
  for (CeedOperator &sub : subs) {
    ASSERT_EQ(CeedOperatorCreate(ceed, qf, CEED_QFUNCTION_NONE, CEED_QFUNCTION_NONE, &sub), 0);
    ASSERT_EQ(CeedOperatorSetField(sub, "u", rstr_u, basis_u, CEED_VECTOR_ACTIVE), 0);
    ASSERT_EQ(CeedOperatorSetField(sub, "qdata", rstr_q, CEED_BASIS_NONE, q_data), 0);
    ASSERT_EQ(CeedOperatorSetField(sub, "v", rstr_u, basis_u, CEED_VECTOR_ACTIVE), 0);
    ASSERT_EQ(CeedOperatorCompositeAddSub(composite, sub), 0);
  }
  CeedContextFieldLabel label = nullptr;
  ASSERT_EQ(CeedOperatorGetContextFieldLabel(composite, "scale", &label), 0);
  ASSERT_NE(label, nullptr);
  CeedContextFieldLabel again = nullptr;
  ASSERT_EQ(CeedOperatorGetContextFieldLabel(composite, "scale", &again), 0);
  EXPECT_EQ(again, label);
  ASSERT_EQ(CeedQFunctionGetContext(qf, &ctx), 0);
  double scale = 2.0;
  ExpectError(CeedQFunctionContextSetDouble(ctx, label, &scale), CEED_ERROR_UNSUPPORTED,
              "Composite field label \"scale\" cannot address a single CeedQFunctionContext");
  ctx = nullptr;
  ASSERT_EQ(CeedOperatorSetContextDouble(composite, label, &scale), 0);
  ExpectMassWorks(composite, 2 * 2.0 * 3.0);

  // The QFunction now holds the only reference to its context: replacing it frees the old labels.
  ctx = make_context(1.0);
  ASSERT_EQ(CeedQFunctionSetContext(qf, ctx), 0);
  ASSERT_EQ(CeedQFunctionContextDestroy(&ctx), 0);
  const char *name = nullptr, *description = nullptr;
  ASSERT_EQ(CeedContextFieldLabelGetDescription(label, &name, nullptr, nullptr, &description, nullptr), 0);
  EXPECT_STREQ(name, "scale");
  EXPECT_STREQ(description, "mass scale");
  scale = 5.0;
  ASSERT_EQ(CeedOperatorSetContextDouble(composite, label, &scale), 0);
  size_t num_values     = 0;
  const double *values  = nullptr;
  ASSERT_EQ(CeedOperatorGetContextDoubleRead(composite, label, &num_values, &values), 0);
  ASSERT_EQ(num_values, 1u);
  EXPECT_EQ(values[0], 5.0);
  ASSERT_EQ(CeedOperatorRestoreContextDoubleRead(composite, label, &values), 0);
  ExpectMassWorks(composite, 2 * 5.0 * 3.0);

  // A replacement that registers the field with another type is refused, naming the field and the types.
  CeedQFunctionContext int_ctx = nullptr;
  ASSERT_EQ(CeedQFunctionContextCreate(ceed, &int_ctx), 0);
  ASSERT_EQ(CeedQFunctionContextSetData(int_ctx, CEED_MEM_HOST, CEED_COPY_VALUES, sizeof(double), &scale), 0);
  ASSERT_EQ(CeedQFunctionContextRegisterInt32(int_ctx, "scale", 0, 1, "not a double"), 0);
  ASSERT_EQ(CeedQFunctionSetContext(qf, int_ctx), 0);
  ASSERT_EQ(CeedQFunctionContextDestroy(&int_ctx), 0);
  ExpectError(CeedOperatorSetContextDouble(composite, label, &scale), CEED_ERROR_INCOMPATIBLE,
              "Context field 'scale' of sub-operator 0 has type int32 and 1 values, but the label was created for double and 1 values");
  for (CeedOperator &sub : subs) CeedOperatorDestroy(&sub);
  CeedOperatorDestroy(&composite);
  CeedQFunctionDestroy(&qf);
}

// The mesh is exact for the quadrature (degree 4 integrands, 4 Gauss points): the element mass matrix of
// quadratic Lagrange elements of length 1 is [4 2 -1; 2 16 2; -1 2 4] / 30.
TEST_F(OperatorTest, AssemblyOfMassMatrixHasKnownValues) {
  CeedOperator op = MassOperator();
  ASSERT_EQ(CeedOperatorLinearAssembleDiagonal(op, v, CEED_REQUEST_IMMEDIATE), 0);
  const CeedScalar expected_diag[kNodes] = {4, 16, 8, 16, 8, 16, 4};
  const CeedScalar *a = nullptr;
  CeedVectorGetArrayRead(v, CEED_MEM_HOST, &a);
  for (CeedInt i = 0; i < kNodes; i++) EXPECT_NEAR(a[i], expected_diag[i] / 30.0, 1e-15) << "node " << i;
  CeedVectorRestoreArrayRead(v, &a);

  CeedSize num_entries = 0;
  CeedInt *rows = nullptr, *cols = nullptr;
  ASSERT_EQ(CeedOperatorLinearAssembleSymbolic(op, &num_entries, &rows, &cols), 0);
  ASSERT_EQ(num_entries, kNumElem * kP * kP);
  CeedVector values = nullptr;
  CeedVectorCreate(ceed, num_entries, &values);
  ASSERT_EQ(CeedOperatorLinearAssemble(op, values), 0);
  const CeedScalar element[kP * kP] = {4, 2, -1, 2, 16, 2, -1, 2, 4};
  CeedVectorGetArrayRead(values, CEED_MEM_HOST, &a);
  for (CeedInt k = 0; k < num_entries; k++) {
    const CeedInt e = k / (kP * kP), row = (k / kP) % kP, col = k % kP;
    EXPECT_EQ(rows[k], e * (kP - 1) + row);
    EXPECT_EQ(cols[k], e * (kP - 1) + col);
    EXPECT_NEAR(a[k], element[row * kP + col] / 30.0, 1e-15) << "entry " << k;
  }
  CeedVectorRestoreArrayRead(values, &a);
  free(rows);
  free(cols);
  CeedVectorDestroy(&values);

  // QFunction assembly of the mass is the geometric factor itself.
  CeedVector assembled = nullptr;
  CeedElemRestriction rstr = nullptr;
  ASSERT_EQ(CeedOperatorLinearAssembleQFunction(op, &assembled, &rstr, CEED_REQUEST_IMMEDIATE), 0);
  CeedVectorGetArrayRead(assembled, CEED_MEM_HOST, &a);
  CeedScalar q_ref[kQ], q_weight[kQ];
  CeedGaussQuadrature(kQ, q_ref, q_weight);
  for (CeedInt i = 0; i < kNumElem * kQ; i++) EXPECT_DOUBLE_EQ(a[i], 0.5 * q_weight[i % kQ]);
  CeedVectorRestoreArrayRead(assembled, &a);
  CeedVectorDestroy(&assembled);
  CeedElemRestrictionDestroy(&rstr);
  ExpectMassWorks(op);
  CeedOperatorDestroy(&op);
}

TEST_F(OperatorTest, AssemblyRejectsBadArguments) {
  CeedOperator op = MassOperator(), composite = nullptr;
  CeedVector short_vec = nullptr;
  CeedVectorCreate(ceed, kNodes - 1, &short_vec);
  ExpectError(CeedOperatorLinearAssembleDiagonal(op, short_vec, CEED_REQUEST_IMMEDIATE), CEED_ERROR_DIMENSION,
              "Assembled diagonal vector has length 6, expected 7");
  ExpectError(CeedOperatorLinearAssembleDiagonal(op, CEED_VECTOR_NONE, CEED_REQUEST_IMMEDIATE), CEED_ERROR_INCOMPATIBLE,
              "The assembled diagonal must be a CeedVector");
  ExpectError(CeedOperatorLinearAssemble(op, short_vec), CEED_ERROR_DIMENSION, "COO values vector has length 6 but the operator has 27 entries");
  CeedVector assembled = nullptr;
  ExpectError(CeedOperatorLinearAssembleQFunction(op, &assembled, nullptr, CEED_REQUEST_IMMEDIATE), CEED_ERROR_INCOMPATIBLE,
              "Output pointer for the CeedElemRestriction is NULL");
  ExpectError(CeedOperatorCreateFDMElementInverse(op, nullptr, CEED_REQUEST_IMMEDIATE), CEED_ERROR_INCOMPATIBLE,
              "Output pointer for the FDM element inverse is NULL");
  ExpectError(CeedOperatorMultigridLevelCreate(op, nullptr, rstr_u, basis_u, nullptr, nullptr, nullptr), CEED_ERROR_INCOMPATIBLE,
              "Output pointer for the coarse CeedOperator is NULL");
  ASSERT_EQ(CeedOperatorCreateComposite(ceed, &composite), 0);
  ASSERT_EQ(CeedOperatorCompositeAddSub(composite, op), 0);
  ExpectError(CeedOperatorLinearAssembleQFunctionBuildOrUpdate(composite, &assembled, nullptr, CEED_REQUEST_IMMEDIATE), CEED_ERROR_INCOMPATIBLE,
              "Output pointer");
  EXPECT_EQ(CeedOperatorSetQFunctionAssemblyReuse(composite, true), 0);
  EXPECT_EQ(CeedOperatorSetQFunctionAssemblyDataUpdateNeeded(composite, false), 0);
  EXPECT_EQ(CeedOperatorAssemblyDataStrip(composite), 0);
  ExpectMassWorks(op);
  CeedVectorDestroy(&short_vec);
  CeedOperatorDestroy(&composite);
  CeedOperatorDestroy(&op);
}

}  // namespace
