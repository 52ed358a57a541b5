// Unit tests of /cpu/self/memcheck (serial and blocked): a QFunction output entry left unwritten is an error naming
// the QFunction's source and name, the field and the entry; data changed while held read-only is an error with
// libCEED's messages; correct use passes, and the same checks never fire on /cpu/self/ref.
#include <ceed.h>
#include <ceed/backend.h>
#include <gtest/gtest.h>

#include <cctype>
#include <cstdlib>
#include <string>

namespace {

constexpr CeedInt kQ = 5;

// Writes every entry of its output but the last one when the context (an int) says so.
int ScaleSkipLast(void *ctx, CeedInt Q, const CeedScalar *const *in, CeedScalar *const *out) {
  const int skip_last = ctx ? *static_cast<int *>(ctx) : 0;
  for (CeedInt i = 0; i < Q - skip_last; i++) out[0][i] = 2 * in[0][i];
  return 0;
}

// Writes into its input (which a QFunction holds read-only) and its context.
int WritesReadOnly(void *ctx, CeedInt Q, const CeedScalar *const *in, CeedScalar *const *out) {
  for (CeedInt i = 0; i < Q; i++) out[0][i] = in[0][i];
  if (ctx) static_cast<int *>(ctx)[0] = 7;
  else const_cast<CeedScalar *>(in[0])[0] = -1;
  return 0;
}

class Memcheck : public ::testing::TestWithParam<const char *> {
 protected:
  void SetUp() override {
    setenv("CEED_ERROR_HANDLER", "store", 1);
    ASSERT_EQ(CeedInit(GetParam(), &ceed), 0);
    CeedVectorCreate(ceed, kQ, &u);
    CeedVectorCreate(ceed, kQ, &v);
    CeedVectorSetValue(u, 1.5);
  }
  void TearDown() override {
    CeedVectorDestroy(&u);
    CeedVectorDestroy(&v);
    CeedQFunctionDestroy(&qf);
    CeedQFunctionContextDestroy(&ctx);
    EXPECT_EQ(CeedDestroy(&ceed), 0);
  }
  std::string Message() const {
    const char *msg = nullptr;
    CeedGetErrorMessage(ceed, &msg);
    return msg ? msg : "";
  }
  bool IsMemcheck() const { return std::string(GetParam()).find("memcheck") != std::string::npos; }
  void MakeQFunction(CeedQFunctionUser f, const char *source, int ctx_value, bool writable_ctx) {
    CeedQFunctionCreateInterior(ceed, 1, f, source, &qf);
    CeedQFunctionAddInput(qf, "u", 1, CEED_EVAL_INTERP);
    CeedQFunctionAddOutput(qf, "scaled", 1, CEED_EVAL_INTERP);
    if (ctx_value >= 0) {
      CeedQFunctionContextCreate(ceed, &ctx);
      CeedQFunctionContextSetData(ctx, CEED_MEM_HOST, CEED_COPY_VALUES, sizeof(ctx_value), &ctx_value);
      CeedQFunctionSetContext(qf, ctx);
      CeedQFunctionSetContextWritable(qf, writable_ctx);
    }
  }
  int Apply() {
    CeedVector in[1] = {u}, out[1] = {v};
    return CeedQFunctionApply(qf, kQ, in, out);
  }
  Ceed                 ceed = nullptr;
  CeedVector           u = nullptr, v = nullptr;
  CeedQFunction        qf  = nullptr;
  CeedQFunctionContext ctx = nullptr;
};

TEST_P(Memcheck, CompleteOutputsPass) {
  MakeQFunction(ScaleSkipLast, "memcheck-test.cpp:ScaleSkipLast", 0, false);
  ASSERT_EQ(Apply(), 0) << Message();
  const CeedScalar *a = nullptr;
  CeedVectorGetArrayRead(v, CEED_MEM_HOST, &a);
  for (CeedInt i = 0; i < kQ; i++) EXPECT_EQ(a[i], 3.0);
  CeedVectorRestoreArrayRead(v, &a);
}

TEST_P(Memcheck, UnwrittenOutputEntryIsAnError) {
  MakeQFunction(ScaleSkipLast, "memcheck-test.cpp:ScaleSkipLast", 1, false);
  if (!IsMemcheck()) {
    EXPECT_EQ(Apply(), 0) << Message();
    return;
  }
  EXPECT_EQ(Apply(), CEED_ERROR_BACKEND);
  EXPECT_NE(Message().find("QFunction memcheck-test.cpp:ScaleSkipLast left output 0 'scaled' entry 4 NaN"), std::string::npos) << Message();
  // The vectors were given back: the objects are still usable.
  EXPECT_EQ(CeedVectorSetValue(v, 0.0), 0) << Message();
}

TEST_P(Memcheck, ReadOnlyContextChangeIsAnError) {
  MakeQFunction(WritesReadOnly, "memcheck-test.cpp:WritesReadOnly", 0, false);
  if (!IsMemcheck()) {
    EXPECT_EQ(Apply(), 0) << Message();
    return;
  }
  EXPECT_EQ(Apply(), CEED_ERROR_BACKEND);
  EXPECT_NE(Message().find("Context data changed while accessed in read-only mode"), std::string::npos) << Message();
  // A writable context may change.
  CeedQFunctionSetContextWritable(qf, true);
  EXPECT_EQ(Apply(), 0) << Message();
}

TEST_P(Memcheck, ReadOnlyArrayChangeIsAnError) {
  MakeQFunction(WritesReadOnly, "memcheck-test.cpp:WritesReadOnly", -1, false);
  if (!IsMemcheck()) {
    EXPECT_EQ(Apply(), 0) << Message();
    return;
  }
  EXPECT_EQ(Apply(), CEED_ERROR_BACKEND);
  EXPECT_NE(Message().find("Array data changed while accessed in read-only mode"), std::string::npos) << Message();
  // Direct use: a read-only array written by the caller, and an unchanged one.
  const CeedScalar *a = nullptr;
  ASSERT_EQ(CeedVectorGetArrayRead(u, CEED_MEM_HOST, &a), 0);
  const_cast<CeedScalar *>(a)[2] = 9;
  EXPECT_EQ(CeedVectorRestoreArrayRead(u, &a), CEED_ERROR_BACKEND);
  ASSERT_EQ(CeedVectorGetArrayRead(u, CEED_MEM_HOST, &a), 0);
  EXPECT_EQ(CeedVectorRestoreArrayRead(u, &a), 0) << Message();
}

INSTANTIATE_TEST_SUITE_P(Resources, Memcheck, ::testing::Values("/cpu/self/memcheck/serial", "/cpu/self/memcheck/blocked", "/cpu/self/ref/serial"),
                         [](const auto &info) {
                           std::string name = info.param;
                           for (char &c : name) c = std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
                           return name;
                         });

}  // namespace
