// Error-path sweep (issue 31): a table of (public function, way to make it fail). For each row, in a fresh set
// of objects on /cpu/self/ref/serial, the test records everything observable about every object (vector
// values and validity per precision, state counters including the access lock, context data, the views of
// restriction, basis, QFunction and operator, the operator's queried fields), makes the call fail, checks the
// error code and that the message names the function or its object and the offending value, checks that
// nothing changed and that every object still works (an application gives the reference result, every object
// is destroyed without error). Every function of include/ceed/ceed.h (parsed at test time) must have a row or be
// listed as unable to fail (with why): a new function fails the test until it has one. The rows live in
// error-sweep-rows.cpp and error-sweep-rows-operator.cpp.
#include "error-sweep.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <regex>
#include <set>

namespace {
std::atomic<bool> fail_allocations{false};
}  // namespace

// The library's allocation fault hook (src/core/memory.cpp), exported from this executable.
extern "C" __attribute__((visibility("default"))) int CeedrtTestFailAllocation(size_t) { return fail_allocations.load() ? 1 : 0; }

namespace sweep {

void FailAllocations(bool on) { fail_allocations = on; }

int MassWithScale(void *ctx, const CeedInt Q, const CeedScalar *const *in, CeedScalar *const *out) {
  const double scale = *static_cast<const double *>(ctx);
  for (CeedInt i = 0; i < Q; i++) out[0][i] = scale * in[0][i] * in[1][i];
  return 0;
}

namespace {

// Text of a view, through a memory stream.
template <class F>
std::string ViewText(F view) {
  char  *text = nullptr;
  size_t size = 0;
  FILE  *f    = open_memstream(&text, &size);
  if (!f) return "(no stream)";
  const int ierr = view(f);
  std::fclose(f);
  std::string out = std::to_string(ierr) + ":" + std::string(text ? text : "");
  std::free(text);
  return out;
}

std::string Bytes(const void *p, size_t n) {
  std::string out;
  char        hex[3];
  for (size_t i = 0; i < n; i++) {
    std::snprintf(hex, sizeof(hex), "%02x", static_cast<const unsigned char *>(p)[i]);
    out += hex;
  }
  return out;
}

std::string VectorState(CeedVector v) {
  CeedSize       n     = 0;
  uint64_t       state = 0;
  CeedScalarType pref  = CEED_SCALAR_FP64;
  std::string    out;
  out += std::to_string(CeedVectorGetLength(v, &n)) + " n=" + std::to_string(n);
  out += " state=" + std::to_string(CeedVectorGetState(v, &state)) + "/" + std::to_string(state);
  out += " pref=" + std::to_string(CeedVectorGetPreferredScalarType(v, &pref)) + "/" + std::to_string(pref);
  for (CeedScalarType type : {CEED_SCALAR_FP32, CEED_SCALAR_FP64}) {
    bool valid = false;
    out += " valid" + std::to_string(type) + "=" + std::to_string(CeedVectorHasValidArrayTyped(v, CEED_MEM_HOST, type, &valid)) + "/" +
           std::to_string(valid);
    const void *a = nullptr;
    // Only a valid buffer is read (reading another would fill it), and only when no writer holds the vector.
    if (valid && state % 2 == 0 && CeedVectorGetArrayReadTyped(v, CEED_MEM_HOST, type, &a) == 0) {
      out += " " + Bytes(a, n * (type == CEED_SCALAR_FP32 ? 4 : 8));
      CeedVectorRestoreArrayReadTyped(v, &a);
    }
  }
  return out;
}

}  // namespace

World::World() {
  EXPECT_EQ(CeedInit("/cpu/self/ref/serial", &ceed), 0);
  CeedSetErrorHandler(ceed, CeedErrorStore);
  for (CeedVector *v : {&x, &y, &q}) EXPECT_EQ(CeedVectorCreate(ceed, v == &q ? 12 : 5, v), 0);
  EXPECT_EQ(CeedVectorSetValue(x, 1.0), 0);
  EXPECT_EQ(CeedVectorSetValue(y, 0.25), 0);
  EXPECT_EQ(CeedVectorSetValue(q, 0.1), 0);
  EXPECT_EQ(CeedVectorSyncArrayTyped(q, CEED_MEM_HOST, CEED_SCALAR_FP32), 0);
  const CeedInt offsets[] = {0, 1, 1, 2, 2, 3, 3, 4};
  EXPECT_EQ(CeedElemRestrictionCreate(ceed, 4, 2, 1, 1, 5, CEED_MEM_HOST, CEED_COPY_VALUES, offsets, &rstr_u), 0);
  EXPECT_EQ(CeedElemRestrictionCreateStrided(ceed, 4, 3, 1, 12, CEED_STRIDES_BACKEND, &rstr_q), 0);
  EXPECT_EQ(CeedBasisCreateTensorH1Lagrange(ceed, 1, 1, 2, 3, CEED_GAUSS, &basis), 0);
  MakeMassOperator(&ctx, &qf, &op);
  EXPECT_EQ(CeedQFunctionContextRegisterInt32(ctx, "count", sizeof(double), 1, "an int32 field"), 0);
  EXPECT_EQ(CeedOperatorGetContextFieldLabel(op, "scale", &scale), 0);
}

// The mass operator on the world's restrictions, basis and qdata, with a new context holding "scale".
void World::MakeMassOperator(CeedQFunctionContext *new_ctx, CeedQFunction *new_qf, CeedOperator *new_op) {
  EXPECT_EQ(CeedQFunctionContextCreate(ceed, new_ctx), 0);
  EXPECT_EQ(CeedQFunctionContextSetData(*new_ctx, CEED_MEM_HOST, CEED_COPY_VALUES, sizeof(ctx_data), ctx_data), 0);
  EXPECT_EQ(CeedQFunctionContextRegisterDouble(*new_ctx, "scale", 0, 1, "factor of the mass"), 0);
  EXPECT_EQ(CeedQFunctionCreateInterior(ceed, 1, MassWithScale, __FILE__ ":MassWithScale", new_qf), 0);
  EXPECT_EQ(CeedQFunctionAddInput(*new_qf, "u", 1, CEED_EVAL_INTERP), 0);
  EXPECT_EQ(CeedQFunctionAddInput(*new_qf, "qdata", 1, CEED_EVAL_NONE), 0);
  EXPECT_EQ(CeedQFunctionAddOutput(*new_qf, "v", 1, CEED_EVAL_INTERP), 0);
  EXPECT_EQ(CeedQFunctionSetContext(*new_qf, *new_ctx), 0);
  EXPECT_EQ(CeedOperatorCreate(ceed, *new_qf, CEED_QFUNCTION_NONE, CEED_QFUNCTION_NONE, new_op), 0);
  EXPECT_EQ(CeedOperatorSetField(*new_op, "u", rstr_u, basis, CEED_VECTOR_ACTIVE), 0);
  EXPECT_EQ(CeedOperatorSetField(*new_op, "qdata", rstr_q, CEED_BASIS_NONE, q), 0);
  EXPECT_EQ(CeedOperatorSetField(*new_op, "v", rstr_u, basis, CEED_VECTOR_ACTIVE), 0);
}

void World::MakeComposite() {
  MakeMassOperator(&other_ctx, &other_qf, &other);
  EXPECT_EQ(CeedOperatorCreateComposite(ceed, &composite), 0);
  EXPECT_EQ(CeedOperatorCompositeAddSub(composite, op), 0);
  EXPECT_EQ(CeedOperatorCompositeAddSub(composite, other), 0);
  EXPECT_EQ(CeedOperatorGetContextFieldLabel(composite, "scale", &composite_scale), 0);
}

World::~World() {
  EXPECT_EQ(CeedOperatorDestroy(&composite), 0);
  EXPECT_EQ(CeedOperatorDestroy(&other), 0);
  EXPECT_EQ(CeedQFunctionDestroy(&other_qf), 0);
  EXPECT_EQ(CeedQFunctionContextDestroy(&other_ctx), 0);
  EXPECT_EQ(CeedOperatorDestroy(&op), 0);
  EXPECT_EQ(CeedQFunctionDestroy(&qf), 0);
  EXPECT_EQ(CeedQFunctionContextDestroy(&ctx), 0);
  EXPECT_EQ(CeedBasisDestroy(&basis), 0);
  EXPECT_EQ(CeedElemRestrictionDestroy(&rstr_u), 0);
  EXPECT_EQ(CeedElemRestrictionDestroy(&rstr_q), 0);
  for (CeedVector *v : {&x, &y, &q}) EXPECT_EQ(CeedVectorDestroy(v), 0);
  EXPECT_EQ(CeedDestroy(&ceed), 0);
}

std::string World::Snapshot() {
  std::string s = "x: " + VectorState(x) + "\ny: " + VectorState(y) + "\nq: " + VectorState(q) + "\n";
  uint64_t    ctx_state = 0;
  size_t      ctx_size  = 0;
  s += "ctx: " + std::to_string(CeedQFunctionContextGetState(ctx, &ctx_state)) + "/" + std::to_string(ctx_state) + " size " +
       std::to_string(CeedQFunctionContextGetContextSize(ctx, &ctx_size)) + "/" + std::to_string(ctx_size);
  if (ctx_state % 2 == 0) {
    const void *data = nullptr;
    if (CeedQFunctionContextGetDataRead(ctx, CEED_MEM_HOST, &data) == 0) {
      s += " " + Bytes(data, ctx_size);
      CeedQFunctionContextRestoreDataRead(ctx, &data);
    }
  }
  CeedOperatorPrecision precision = CEED_PRECISION_FP64;
  CeedInt               num_elem = 0, num_qpts = 0;
  bool                  setup    = false;
  s += "\nop: " + std::to_string(CeedOperatorGetPrecision(op, &precision)) + "/" + std::to_string(precision) + " " +
       std::to_string(CeedOperatorGetNumElements(op, &num_elem)) + "/" + std::to_string(num_elem) + " " +
       std::to_string(CeedOperatorGetNumQuadraturePoints(op, &num_qpts)) + "/" + std::to_string(num_qpts) + " " +
       std::to_string(CeedOperatorIsSetupDone(op, &setup)) + "/" + std::to_string(setup) + "\n";
  // Whether the operator can still change (a failed call must not freeze it): its mode can be changed and back.
  const CeedOperatorPrecision other_mode = precision == CEED_PRECISION_FP64 ? CEED_PRECISION_LOW_HIGH : CEED_PRECISION_FP64;
  const int                   can_change = CeedOperatorSetPrecision(op, other_mode);
  if (can_change == 0) CeedOperatorSetPrecision(op, precision);
  s += "op can change: " + std::to_string(can_change) + "\n";
  Message();
  s += ViewText([&](FILE *f) { return CeedElemRestrictionView(rstr_u, f); });
  s += ViewText([&](FILE *f) { return CeedElemRestrictionView(rstr_q, f); });
  s += ViewText([&](FILE *f) { return CeedBasisView(basis, f); });
  s += ViewText([&](FILE *f) { return CeedQFunctionView(qf, f); });
  s += ViewText([&](FILE *f) { return CeedOperatorView(op, f); });
  return s;
}

// The objects still work: the operator applies (v[0] = scale * 1.5 * qdata * u, qdata read in fp64), the
// vectors take and give values, the context is readable.
void World::CheckUsable(const std::string &row) {
  CeedVector u = nullptr, v = nullptr;
  ASSERT_EQ(CeedVectorCreate(ceed, 5, &u), 0) << row;
  ASSERT_EQ(CeedVectorCreate(ceed, 5, &v), 0) << row;
  EXPECT_EQ(CeedVectorSetValue(u, 2.0), 0) << row;
  EXPECT_EQ(CeedOperatorApply(op, u, v, CEED_REQUEST_IMMEDIATE), 0) << row << ": " << Message();
  const CeedScalar *a = nullptr;
  if (CeedVectorGetArrayRead(v, CEED_MEM_HOST, &a) == 0) {
    EXPECT_NEAR(a[0], ctx_data[0] * 1.5 * 0.1 * 2.0, 1e-14) << row;
    EXPECT_EQ(CeedVectorRestoreArrayRead(v, &a), 0) << row;
  }
  for (CeedVector vec : {x, y, q}) {
    EXPECT_EQ(CeedVectorSetValue(vec, 3.0), 0) << row << ": " << Message();
    CeedScalar norm = 0;
    EXPECT_EQ(CeedVectorNorm(vec, CEED_NORM_MAX, &norm), 0) << row;
    EXPECT_EQ(norm, 3.0) << row;
  }
  const void *data = nullptr;
  EXPECT_EQ(CeedQFunctionContextGetDataRead(ctx, CEED_MEM_HOST, &data), 0) << row;
  if (data) {
    EXPECT_EQ(CeedQFunctionContextRestoreDataRead(ctx, &data), 0) << row;
  }
  EXPECT_EQ(CeedVectorDestroy(&u), 0) << row;
  EXPECT_EQ(CeedVectorDestroy(&v), 0) << row;
}

std::string World::Message() {
  const char *msg = nullptr, *null_msg = nullptr;
  CeedGetErrorMessage(ceed, &msg);
  CeedGetErrorMessage(nullptr, &null_msg);
  std::string text = std::string(msg ? msg : "") + " | " + (null_msg ? null_msg : "");
  CeedResetErrorMessage(ceed, &msg);
  CeedResetErrorMessage(nullptr, &null_msg);
  return text;
}

namespace {

// The object a function belongs to, named by its prefix: its messages name it or the function (CeedObject
// functions: the object's own kind, any "Ceed...").
std::string ObjectOf(const std::string &function) {
  for (const char *prefix : {"CeedQFunctionContext", "CeedContextFieldLabel", "CeedQFunctionField", "CeedQFunction", "CeedOperatorField",
                             "CeedOperator", "CeedElemRestriction", "CeedBasis", "CeedVector"}) {
    if (function.rfind(prefix, 0) == 0) return prefix;
  }
  return "Ceed";
}

std::set<std::string> PublicFunctions() {
  std::ifstream     header(std::string(CEEDRT_TEST_SOURCE_DIR) + "/../include/ceed/ceed.h");
  std::string       text((std::istreambuf_iterator<char>(header)), std::istreambuf_iterator<char>());
  std::regex        decl(R"(CEED_EXTERN\s+[A-Za-z_][A-Za-z_0-9]*\s*\*?\s*(Ceed[A-Za-z_0-9]*)\s*\()");
  std::set<std::string> names;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), decl); it != std::sregex_iterator(); ++it) names.insert((*it)[1]);
  return names;
}

TEST(ErrorSweep, EveryPublicFunctionIsPlaced) {
  const std::set<std::string> functions = PublicFunctions();
  ASSERT_GT(functions.size(), 200u) << "include/ceed/ceed.h was not parsed";
  std::map<std::string, int> rows;
  for (const Row &row : Rows()) rows[row.function]++;
  std::set<std::string> placed;
  for (const auto &[name, n] : rows) {
    EXPECT_TRUE(functions.count(name)) << name << " has a row but is not declared in ceed.h";
    placed.insert(name);
  }
  for (const auto &[name, why] : CannotFail()) {
    EXPECT_TRUE(functions.count(name)) << name;
    EXPECT_FALSE(rows.count(name)) << name << " is listed as unable to fail but has a row";
    placed.insert(name);
  }
  for (const std::string &name : functions) EXPECT_TRUE(placed.count(name)) << name << " has no error-sweep row (tests/unit/error-sweep-rows.cpp)";
  std::printf("error sweep: %zu error paths over %zu functions; %zu functions cannot fail; %zu public functions\n", Rows().size(),
              rows.size(), CannotFail().size(), functions.size());
}

TEST(ErrorSweep, AFailedCallChangesNothing) {
  setenv("CEED_ERROR_HANDLER", "store", 1);  // errors raised without a Ceed keep their message, as the context's do
  for (const Row &row : Rows()) {
    const std::string name = std::string(row.function) + " (" + row.how + ")";
    World             w;
    if (row.setup) row.setup(w);
    w.Snapshot();  // views may build derived data once
    w.Message();
    const std::string before = w.Snapshot();
    const int         ierr   = row.call(w);
    const std::string msg    = w.Message();
    const std::string after  = w.Snapshot();
    EXPECT_EQ(ierr, row.code) << name << ": " << msg;
    EXPECT_NE(msg.find(row.says), std::string::npos) << name << ": message lacks \"" << row.says << "\": " << msg;
    const bool names = msg.find(row.function) != std::string::npos || msg.find(row.object ? row.object : ObjectOf(row.function)) != std::string::npos;
    EXPECT_TRUE(names) << name << ": message names neither the function nor its object: " << msg;
    EXPECT_EQ(before, after) << name << ": the failed call changed observable state";
    if (ierr != row.code || msg.find(row.says) == std::string::npos || !names || before != after)
      std::printf("row failed: %s: returned %d (expected %d)%s: %s\n", name.c_str(), ierr, row.code, before != after ? ", changed state" : "",
                  msg.c_str());
    if (row.cleanup) row.cleanup(w);
    w.CheckUsable(name);
  }
}

}  // namespace
}  // namespace sweep
