// Unit tests of CeedQFunction: creation and source strings, fields and immutability, contexts, FLOP
// estimates, application on the reference backend, the backend-facing getters, the gallery registry and
// views. Every invalid call must return its code with a message naming the offending value and leave
// the QFunction usable.
#include <ceed.h>
#include <ceed/backend.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

namespace {

struct ScaleCtx {
  double  alpha;
  int32_t calls;
};

// out0 = alpha*a*b (+ calls recorded in the context), out1 = a + b on two components.
int UserKernel(void *ctx, const CeedInt Q, const CeedScalar *const *in, CeedScalar *const *out) {
  const double alpha = ctx ? static_cast<ScaleCtx *>(ctx)->alpha : 1.0;
  for (CeedInt i = 0; i < Q; i++) {
    out[0][i]     = alpha * in[0][i] * in[1][i];
    out[1][i]     = in[0][i] + in[1][i];
    out[1][Q + i] = in[0][i] - in[1][i];
  }
  return 0;
}

int CountingKernel(void *ctx, const CeedInt Q, const CeedScalar *const *in, CeedScalar *const *out) {
  static_cast<ScaleCtx *>(ctx)->calls++;
  for (CeedInt i = 0; i < Q; i++) out[0][i] = in[0][i];
  return 0;
}

int FailingKernel(void *, const CeedInt, const CeedScalar *const *, CeedScalar *const *) { return 7; }

int ContextProbe(void *ctx, const CeedInt Q, const CeedScalar *const *, CeedScalar *const *out) {
  for (CeedInt i = 0; i < Q; i++) out[0][i] = ctx ? 1.0 : 0.0;
  return 0;
}

class QFunctionTest : public ::testing::Test {
 protected:
  void SetUp() override {
    setenv("CEED_ERROR_HANDLER", "store", 1);
    ASSERT_EQ(CeedInit("/cpu/self/ref/serial", &ceed), 0);
  }
  void TearDown() override {
    for (CeedVector &v : vectors) EXPECT_EQ(CeedVectorDestroy(&v), 0);
    EXPECT_EQ(CeedDestroy(&ceed), 0);
  }
  std::string Message() const {
    const char *msg = nullptr;
    CeedGetErrorMessage(ceed, &msg);
    return msg ? msg : "";
  }
  static std::string NullMessage() {
    const char *msg = nullptr;
    CeedGetErrorMessage(nullptr, &msg);
    return msg ? msg : "";
  }
  CeedVector Vector(std::vector<CeedScalar> values) {
    CeedVector v = nullptr;
    EXPECT_EQ(CeedVectorCreate(ceed, static_cast<CeedSize>(values.size()), &v), 0);
    EXPECT_EQ(CeedVectorSetArray(v, CEED_MEM_HOST, CEED_COPY_VALUES, values.data()), 0);
    vectors.push_back(v);
    return v;
  }
  std::vector<CeedScalar> Values(CeedVector v) {
    CeedSize          n = 0;
    const CeedScalar *a = nullptr;
    EXPECT_EQ(CeedVectorGetLength(v, &n), 0);
    EXPECT_EQ(CeedVectorGetArrayRead(v, CEED_MEM_HOST, &a), 0);
    std::vector<CeedScalar> out(a, a + n);
    EXPECT_EQ(CeedVectorRestoreArrayRead(v, &a), 0);
    return out;
  }
  CeedQFunction UserQF(CeedInt vec_length = 1) {
    CeedQFunction qf = nullptr;
    EXPECT_EQ(CeedQFunctionCreateInterior(ceed, vec_length, UserKernel, "dir/user-kernels.h:user_kernel", &qf), 0);
    EXPECT_EQ(CeedQFunctionAddInput(qf, "a", 1, CEED_EVAL_INTERP), 0);
    EXPECT_EQ(CeedQFunctionAddInput(qf, "b", 1, CEED_EVAL_NONE), 0);
    EXPECT_EQ(CeedQFunctionAddOutput(qf, "prod", 1, CEED_EVAL_INTERP), 0);
    EXPECT_EQ(CeedQFunctionAddOutput(qf, "sumdiff", 2, CEED_EVAL_GRAD), 0);
    return qf;
  }
  std::string View(CeedQFunction qf) {
    char  *buf = nullptr;
    size_t len = 0;
    FILE  *f   = open_memstream(&buf, &len);
    EXPECT_EQ(CeedQFunctionView(qf, f), 0);
    std::fclose(f);
    std::string s(buf, len);
    std::free(buf);
    return s;
  }
  Ceed                    ceed = nullptr;
  std::vector<CeedVector> vectors;
};

TEST_F(QFunctionTest, SourceStringsAndNames) {
  struct Case {
    const char *source, *path, *kernel;
  } cases[] = {
      {"dir/user-kernels.h:user_kernel", "dir/user-kernels.h", "user_kernel"},
      {"/abs/dir/file.h:k", "/abs/dir/file.h", "k"},
      {"C:/weird:path/file.h:last", "C:/weird:path/file.h", "last"},  // kernel name after the LAST ':'
      {"", "", ""},
      {"ceed/jit-source/gallery/ceed-scale.h:Scale", "ceed/jit-source/gallery/ceed-scale.h", "Scale"},  // below the JIT root
  };
  for (const auto &c : cases) {
    CeedQFunction qf = nullptr;
    ASSERT_EQ(CeedQFunctionCreateInterior(ceed, 1, UserKernel, c.source, &qf), 0) << c.source;
    const char *path = nullptr, *kernel = nullptr, *name = nullptr;
    EXPECT_EQ(CeedQFunctionGetSourcePath(qf, &path), 0);
    EXPECT_EQ(CeedQFunctionGetKernelName(qf, &kernel), 0);
    EXPECT_EQ(CeedQFunctionGetName(qf, &name), 0);
    EXPECT_STREQ(path, c.path);
    EXPECT_STREQ(kernel, c.kernel);
    EXPECT_STREQ(name, c.kernel);
    EXPECT_EQ(CeedQFunctionDestroy(&qf), 0);
  }
}

TEST_F(QFunctionTest, RelativeSourcesResolve) {
  char dir_template[] = "/tmp/ceedrt-qf-XXXXXX";
  ASSERT_NE(mkdtemp(dir_template), nullptr);
  const std::string dir = dir_template;
  std::FILE        *f   = std::fopen((dir + "/rooted.h").c_str(), "w");
  ASSERT_NE(f, nullptr);
  std::fclose(f);
  // Relative to an added JIT root: kept relative.
  ASSERT_EQ(CeedAddJitSourceRoot(ceed, dir.c_str()), 0);
  CeedQFunction qf   = nullptr;
  const char   *path = nullptr;
  ASSERT_EQ(CeedQFunctionCreateInterior(ceed, 1, UserKernel, "rooted.h:k", &qf), 0);
  EXPECT_EQ(CeedQFunctionGetSourcePath(qf, &path), 0);
  EXPECT_STREQ(path, "rooted.h");
  EXPECT_EQ(CeedQFunctionDestroy(&qf), 0);
  // Relative to the working directory only (a subdirectory that is no JIT root): made absolute.
  const std::string sub = dir + "/sub";
  ASSERT_EQ(mkdir(sub.c_str(), 0700), 0);
  char cwd[4096];
  ASSERT_NE(getcwd(cwd, sizeof(cwd)), nullptr);
  ASSERT_EQ(chdir(sub.c_str()), 0);
  f = std::fopen("local.h", "w");
  ASSERT_NE(f, nullptr);
  std::fclose(f);
  ASSERT_EQ(CeedQFunctionCreateInterior(ceed, 1, UserKernel, "./local.h:k", &qf), 0);
  EXPECT_EQ(chdir(cwd), 0);
  EXPECT_EQ(CeedQFunctionGetSourcePath(qf, &path), 0);
  EXPECT_EQ(std::string(path), sub + "/local.h");
  EXPECT_EQ(CeedQFunctionDestroy(&qf), 0);
  // A relative path that exists nowhere is kept as given.
  ASSERT_EQ(CeedQFunctionCreateInterior(ceed, 1, UserKernel, "missing/nowhere.h:k", &qf), 0);
  EXPECT_EQ(CeedQFunctionGetSourcePath(qf, &path), 0);
  EXPECT_STREQ(path, "missing/nowhere.h");
  EXPECT_EQ(CeedQFunctionDestroy(&qf), 0);
  std::remove((sub + "/local.h").c_str());
  std::remove((dir + "/rooted.h").c_str());
  rmdir(sub.c_str());
  rmdir(dir.c_str());
}

TEST_F(QFunctionTest, CreateRejectsBadArguments) {
  CeedQFunction qf = nullptr;
  EXPECT_EQ(CeedQFunctionCreateInterior(ceed, 1, UserKernel, "no_colon_here", &qf), CEED_ERROR_INCOMPLETE);
  EXPECT_NE(Message().find("Provided path to source does not include function name: \"no_colon_here\""), std::string::npos) << Message();
  EXPECT_NE(Message().find("CeedQFunctionCreateInterior()"), std::string::npos) << Message();
  EXPECT_EQ(CeedQFunctionCreateInterior(ceed, 1, nullptr, "f.h:k", &qf), CEED_ERROR_INCOMPATIBLE);
  EXPECT_NE(Message().find("user function is NULL"), std::string::npos) << Message();
  EXPECT_EQ(CeedQFunctionCreateInterior(ceed, 0, UserKernel, "f.h:k", &qf), CEED_ERROR_DIMENSION);
  EXPECT_NE(Message().find("vector length 0"), std::string::npos) << Message();
  EXPECT_EQ(CeedQFunctionCreateInterior(ceed, 1, UserKernel, "f.h:k", nullptr), CEED_ERROR_INCOMPATIBLE);
  EXPECT_EQ(CeedQFunctionCreateInterior(nullptr, 1, UserKernel, "f.h:k", &qf), CEED_ERROR_INCOMPATIBLE);
  EXPECT_NE(NullMessage().find("Ceed handle is NULL"), std::string::npos) << NullMessage();
  EXPECT_EQ(qf, nullptr);
}

TEST_F(QFunctionTest, FieldRulesAndImmutability) {
  CeedQFunction qf = nullptr;
  ASSERT_EQ(CeedQFunctionCreateInterior(ceed, 1, UserKernel, "f.h:k", &qf), 0);
  for (int i = 0; i < CEED_FIELD_MAX; i++) {
    ASSERT_EQ(CeedQFunctionAddInput(qf, ("in" + std::to_string(i)).c_str(), 1, CEED_EVAL_INTERP), 0);
    ASSERT_EQ(CeedQFunctionAddOutput(qf, ("out" + std::to_string(i)).c_str(), 2, CEED_EVAL_NONE), 0);
  }
  EXPECT_EQ(CeedQFunctionAddInput(qf, "in16", 1, CEED_EVAL_INTERP), CEED_ERROR_MINOR);
  EXPECT_NE(Message().find("Can only add 16 input fields"), std::string::npos) << Message();
  EXPECT_EQ(CeedQFunctionAddOutput(qf, "out16", 1, CEED_EVAL_INTERP), CEED_ERROR_MINOR);
  EXPECT_NE(Message().find("Can only add 16 output fields"), std::string::npos) << Message();
  CeedInt n_in = 0, n_out = 0;
  EXPECT_EQ(CeedQFunctionGetNumArgs(qf, &n_in, &n_out), 0);
  EXPECT_EQ(n_in, 16);
  EXPECT_EQ(n_out, 16);
  EXPECT_EQ(CeedQFunctionDestroy(&qf), 0);

  ASSERT_EQ(CeedQFunctionCreateInterior(ceed, 1, UserKernel, "f.h:k", &qf), 0);
  EXPECT_EQ(CeedQFunctionAddInput(qf, "w", 2, CEED_EVAL_WEIGHT), CEED_ERROR_DIMENSION);
  EXPECT_NE(Message().find("CEED_EVAL_WEIGHT should have size 1, got size 2 for input field \"w\""), std::string::npos) << Message();
  EXPECT_EQ(CeedQFunctionAddOutput(qf, "w", 1, CEED_EVAL_WEIGHT), CEED_ERROR_DIMENSION);
  EXPECT_NE(Message().find("Cannot create CeedQFunction output with CEED_EVAL_WEIGHT"), std::string::npos) << Message();
  EXPECT_EQ(CeedQFunctionAddInput(qf, "u", 0, CEED_EVAL_INTERP), CEED_ERROR_DIMENSION);
  EXPECT_NE(Message().find("has size 0"), std::string::npos) << Message();
  EXPECT_EQ(CeedQFunctionAddInput(qf, "u", 1, static_cast<CeedEvalMode>(3)), CEED_ERROR_INCOMPATIBLE);
  EXPECT_NE(Message().find("invalid evaluation mode 3"), std::string::npos) << Message();
  EXPECT_EQ(CeedQFunctionAddInput(qf, nullptr, 1, CEED_EVAL_INTERP), CEED_ERROR_INCOMPATIBLE);
  ASSERT_EQ(CeedQFunctionAddInput(qf, "w", 1, CEED_EVAL_WEIGHT), 0);
  EXPECT_EQ(CeedQFunctionAddInput(qf, "w", 1, CEED_EVAL_WEIGHT), CEED_ERROR_MINOR);
  EXPECT_NE(Message().find("CeedQFunction field names must be unique: \"w\""), std::string::npos) << Message();
  EXPECT_EQ(CeedQFunctionAddOutput(qf, "w", 1, CEED_EVAL_NONE), CEED_ERROR_MINOR);  // names are shared by inputs and outputs
  ASSERT_EQ(CeedQFunctionAddOutput(qf, "v", 3, CEED_EVAL_GRAD), 0);

  CeedInt             num_in = -1, num_out = -1;
  CeedQFunctionField *in = nullptr, *out = nullptr;
  ASSERT_EQ(CeedQFunctionGetFields(qf, &num_in, &in, &num_out, &out), 0);
  ASSERT_EQ(num_in, 1);
  ASSERT_EQ(num_out, 1);
  const char  *name = nullptr;
  CeedInt      size = 0;
  CeedEvalMode mode = CEED_EVAL_NONE;
  EXPECT_EQ(CeedQFunctionFieldGetName(in[0], &name), 0);
  EXPECT_STREQ(name, "w");
  EXPECT_EQ(CeedQFunctionFieldGetSize(in[0], &size), 0);
  EXPECT_EQ(size, 1);
  EXPECT_EQ(CeedQFunctionFieldGetEvalMode(in[0], &mode), 0);
  EXPECT_EQ(mode, CEED_EVAL_WEIGHT);
  EXPECT_EQ(CeedQFunctionFieldGetData(out[0], &name, &size, &mode), 0);
  EXPECT_STREQ(name, "v");
  EXPECT_EQ(size, 3);
  EXPECT_EQ(mode, CEED_EVAL_GRAD);
  EXPECT_EQ(CeedQFunctionFieldGetData(out[0], nullptr, nullptr, nullptr), 0);
  EXPECT_EQ(CeedQFunctionFieldGetName(nullptr, &name), CEED_ERROR_INCOMPATIBLE);
  EXPECT_EQ(CeedQFunctionFieldGetSize(in[0], nullptr), CEED_ERROR_INCOMPATIBLE);
  EXPECT_EQ(CeedQFunctionGetFields(qf, nullptr, nullptr, nullptr, nullptr), 0);

  // GetFields made it immutable.
  EXPECT_EQ(CeedQFunctionAddInput(qf, "late", 1, CEED_EVAL_INTERP), CEED_ERROR_MAJOR);
  EXPECT_NE(Message().find("QFunction cannot be changed after set as immutable"), std::string::npos) << Message();
  EXPECT_NE(Message().find("\"late\""), std::string::npos) << Message();
  EXPECT_EQ(CeedQFunctionAddOutput(qf, "late", 1, CEED_EVAL_INTERP), CEED_ERROR_MAJOR);
  EXPECT_EQ(CeedQFunctionGetNumArgs(qf, &num_in, &num_out), 0);
  EXPECT_EQ(num_in + num_out, 2);
  EXPECT_EQ(CeedQFunctionDestroy(&qf), 0);
}

TEST_F(QFunctionTest, ApplyUserFunction) {
  CeedQFunction qf = UserQF(4);
  const CeedInt Q  = 8;
  std::vector<CeedScalar> a(Q), b(Q);
  for (CeedInt i = 0; i < Q; i++) {
    a[i] = 1.5 * i - 2;
    b[i] = 0.25 * i * i + 1;
  }
  CeedVector u[2] = {Vector(a), Vector(b)};
  CeedVector v[2] = {Vector(std::vector<CeedScalar>(Q, -1)), Vector(std::vector<CeedScalar>(2 * Q + 3, -1))};
  ASSERT_EQ(CeedQFunctionApply(qf, Q, u, v), 0) << Message();
  std::vector<CeedScalar> prod = Values(v[0]), sumdiff = Values(v[1]);
  for (CeedInt i = 0; i < Q; i++) {
    EXPECT_DOUBLE_EQ(prod[i], a[i] * b[i]);
    EXPECT_DOUBLE_EQ(sumdiff[i], a[i] + b[i]);
    EXPECT_DOUBLE_EQ(sumdiff[Q + i], a[i] - b[i]);
  }
  // Applying made it immutable.
  EXPECT_EQ(CeedQFunctionAddInput(qf, "c", 1, CEED_EVAL_INTERP), CEED_ERROR_MAJOR);

  // Q not a multiple of the vector length, negative Q, short and missing vectors: errors, nothing written.
  EXPECT_EQ(CeedQFunctionApply(qf, 6, u, v), CEED_ERROR_DIMENSION);
  EXPECT_NE(Message().find("Number of quadrature points 6 must be a multiple of 4"), std::string::npos) << Message();
  EXPECT_EQ(CeedQFunctionApply(qf, -4, u, v), CEED_ERROR_DIMENSION);
  EXPECT_EQ(CeedQFunctionApply(qf, 12, u, v), CEED_ERROR_DIMENSION);
  EXPECT_NE(Message().find("Input vector 0 (field \"a\") of CeedQFunction user_kernel has length 8, needs at least 12"), std::string::npos)
      << Message();
  CeedVector short_out[2] = {v[0], Vector(std::vector<CeedScalar>(2 * Q - 1, 0))};
  EXPECT_EQ(CeedQFunctionApply(qf, Q, u, short_out), CEED_ERROR_DIMENSION);
  EXPECT_NE(Message().find("Output vector 1 (field \"sumdiff\")"), std::string::npos) << Message();
  CeedVector bad_in[2] = {u[0], CEED_VECTOR_ACTIVE};
  EXPECT_EQ(CeedQFunctionApply(qf, Q, bad_in, v), CEED_ERROR_INCOMPATIBLE);
  EXPECT_NE(Message().find("got CEED_VECTOR_ACTIVE"), std::string::npos) << Message();
  bad_in[1] = nullptr;
  EXPECT_EQ(CeedQFunctionApply(qf, Q, bad_in, v), CEED_ERROR_INCOMPATIBLE);
  EXPECT_EQ(CeedQFunctionApply(qf, Q, nullptr, v), CEED_ERROR_INCOMPATIBLE);
  EXPECT_DOUBLE_EQ(Values(v[0])[1], a[1] * b[1]);
  // Still usable; Q = 0 is a valid empty batch.
  EXPECT_EQ(CeedQFunctionApply(qf, 0, u, v), 0);
  EXPECT_EQ(CeedQFunctionApply(qf, 4, u, v), 0);
  EXPECT_EQ(CeedQFunctionDestroy(&qf), 0);
}

TEST_F(QFunctionTest, UserErrorPropagatesAndReleasesLocks) {
  CeedQFunction qf = nullptr;
  ASSERT_EQ(CeedQFunctionCreateInterior(ceed, 1, FailingKernel, "f.h:failing", &qf), 0);
  ASSERT_EQ(CeedQFunctionAddInput(qf, "u", 1, CEED_EVAL_INTERP), 0);
  ASSERT_EQ(CeedQFunctionAddOutput(qf, "v", 1, CEED_EVAL_INTERP), 0);
  CeedVector u = Vector({1, 2}), v = Vector({0, 0});
  EXPECT_EQ(CeedQFunctionApply(qf, 2, &u, &v), 7);
  EXPECT_NE(Message().find("User function of CeedQFunction failing returned error code 7"), std::string::npos) << Message();
  // Vectors are unlocked again.
  CeedScalar *array = nullptr;
  EXPECT_EQ(CeedVectorGetArray(v, CEED_MEM_HOST, &array), 0);
  EXPECT_EQ(CeedVectorRestoreArray(v, &array), 0);
  EXPECT_EQ(CeedVectorGetArray(u, CEED_MEM_HOST, &array), 0);
  EXPECT_EQ(CeedVectorRestoreArray(u, &array), 0);
  EXPECT_EQ(CeedQFunctionDestroy(&qf), 0);
}

TEST_F(QFunctionTest, ContextWritableAndReadOnly) {
  CeedQFunction        qf  = nullptr;
  CeedQFunctionContext ctx = nullptr;
  ScaleCtx             data{2.5, 0};
  ASSERT_EQ(CeedQFunctionCreateInterior(ceed, 1, CountingKernel, "f.h:counting", &qf), 0);
  ASSERT_EQ(CeedQFunctionAddInput(qf, "u", 1, CEED_EVAL_INTERP), 0);
  ASSERT_EQ(CeedQFunctionAddOutput(qf, "v", 1, CEED_EVAL_INTERP), 0);
  ASSERT_EQ(CeedQFunctionContextCreate(ceed, &ctx), 0);
  ASSERT_EQ(CeedQFunctionContextSetData(ctx, CEED_MEM_HOST, CEED_COPY_VALUES, sizeof(data), &data), 0);
  ASSERT_EQ(CeedQFunctionSetContext(qf, ctx), 0);
  CeedQFunctionContext borrowed = nullptr;
  EXPECT_EQ(CeedQFunctionGetContext(qf, &borrowed), 0);
  EXPECT_EQ(borrowed, ctx);
  bool writable = false;
  EXPECT_EQ(CeedQFunctionIsContextWritable(qf, &writable), 0);
  EXPECT_TRUE(writable);

  CeedVector u = Vector({3, 4}), v = Vector({0, 0});
  uint64_t   state0 = 0, state1 = 0, state2 = 0;
  EXPECT_EQ(CeedQFunctionContextGetState(ctx, &state0), 0);
  ASSERT_EQ(CeedQFunctionApply(qf, 2, &u, &v), 0);
  EXPECT_EQ(CeedQFunctionContextGetState(ctx, &state1), 0);
  EXPECT_EQ(state1, state0 + 2);  // one write access
  ASSERT_EQ(CeedQFunctionSetContextWritable(qf, false), 0);
  EXPECT_EQ(CeedQFunctionIsContextWritable(qf, &writable), 0);
  EXPECT_FALSE(writable);
  void *ctx_data = nullptr;
  EXPECT_EQ(CeedQFunctionGetContextData(qf, CEED_MEM_HOST, &ctx_data), 0);
  ASSERT_NE(ctx_data, nullptr);
  EXPECT_DOUBLE_EQ(static_cast<ScaleCtx *>(ctx_data)->alpha, 2.5);
  EXPECT_EQ(static_cast<ScaleCtx *>(ctx_data)->calls, 1);
  // A reader holds it: a writer is refused, a second reader is fine.
  void *other = nullptr;
  EXPECT_NE(CeedQFunctionContextGetData(ctx, CEED_MEM_HOST, &other), 0);
  EXPECT_EQ(CeedQFunctionRestoreContextData(qf, &ctx_data), 0);
  EXPECT_EQ(ctx_data, nullptr);
  EXPECT_EQ(CeedQFunctionContextGetState(ctx, &state2), 0);
  EXPECT_EQ(state2, state1);  // read-only access leaves the state alone

  // The QFunction retains its context.
  ASSERT_EQ(CeedQFunctionSetContextWritable(qf, true), 0);
  EXPECT_EQ(CeedQFunctionContextDestroy(&ctx), 0);
  ASSERT_EQ(CeedQFunctionApply(qf, 2, &u, &v), 0);
  EXPECT_EQ(CeedQFunctionGetContextData(qf, CEED_MEM_HOST, &ctx_data), 0);
  EXPECT_EQ(static_cast<ScaleCtx *>(ctx_data)->calls, 2);
  EXPECT_EQ(CeedQFunctionRestoreContextData(qf, &ctx_data), 0);
  EXPECT_EQ(Values(v), (std::vector<CeedScalar>{3, 4}));

  // Detaching gives the callback a NULL context.
  ASSERT_EQ(CeedQFunctionSetContext(qf, nullptr), 0);
  EXPECT_EQ(CeedQFunctionGetContext(qf, &borrowed), 0);
  EXPECT_EQ(borrowed, nullptr);
  EXPECT_EQ(CeedQFunctionGetContextData(qf, CEED_MEM_HOST, &ctx_data), 0);
  EXPECT_EQ(ctx_data, nullptr);
  EXPECT_EQ(CeedQFunctionRestoreContextData(qf, &ctx_data), 0);
  CeedQFunction probe = nullptr;
  ASSERT_EQ(CeedQFunctionCreateInterior(ceed, 1, ContextProbe, "f.h:probe", &probe), 0);
  ASSERT_EQ(CeedQFunctionAddOutput(probe, "v", 1, CEED_EVAL_NONE), 0);
  ASSERT_EQ(CeedQFunctionApply(probe, 2, nullptr, &v), 0);
  EXPECT_EQ(Values(v), (std::vector<CeedScalar>{0, 0}));
  EXPECT_EQ(CeedQFunctionDestroy(&probe), 0);
  EXPECT_EQ(CeedQFunctionDestroy(&qf), 0);
}

TEST_F(QFunctionTest, FlopsViewTabsAndCeed) {
  CeedQFunction qf    = UserQF();
  CeedSize      flops = 0;
  EXPECT_EQ(CeedQFunctionGetUserFlopsEstimate(qf, &flops), 0);
  EXPECT_EQ(flops, -1);
  EXPECT_EQ(CeedQFunctionSetUserFlopsEstimate(qf, -5), CEED_ERROR_INCOMPATIBLE);
  EXPECT_NE(Message().find("Must set non-negative FLOPs estimate, got -5"), std::string::npos) << Message();
  EXPECT_EQ(CeedQFunctionSetUserFlopsEstimate(qf, 12), 0);
  EXPECT_EQ(CeedQFunctionGetUserFlopsEstimate(qf, &flops), 0);
  EXPECT_EQ(flops, 12);

  CeedInt tabs = -1;
  EXPECT_EQ(CeedQFunctionSetNumViewTabs(qf, -1), CEED_ERROR_MINOR);
  EXPECT_NE(Message().find("Number of view tabs must be non-negative, got -1"), std::string::npos) << Message();
  EXPECT_EQ(CeedQFunctionGetNumViewTabs(qf, &tabs), 0);
  EXPECT_EQ(tabs, 0);
  EXPECT_EQ(CeedQFunctionSetNumViewTabs(qf, 1), 0);
  EXPECT_EQ(CeedQFunctionGetNumViewTabs(qf, &tabs), 0);
  EXPECT_EQ(tabs, 1);
  EXPECT_EQ(View(qf),
            "  User CeedQFunction - user_kernel\n"
            "    2 input fields:\n"
            "      Input field 0:\n"
            "        Name: \"a\"\n"
            "        Size: 1\n"
            "        EvalMode: \"interpolation\"\n"
            "      Input field 1:\n"
            "        Name: \"b\"\n"
            "        Size: 1\n"
            "        EvalMode: \"none\"\n"
            "    2 output fields:\n"
            "      Output field 0:\n"
            "        Name: \"prod\"\n"
            "        Size: 1\n"
            "        EvalMode: \"interpolation\"\n"
            "      Output field 1:\n"
            "        Name: \"sumdiff\"\n"
            "        Size: 2\n"
            "        EvalMode: \"gradient\"\n");
  EXPECT_EQ(CeedQFunctionView(qf, nullptr), CEED_ERROR_INCOMPATIBLE);

  Ceed owner = nullptr;
  EXPECT_EQ(CeedQFunctionGetCeed(qf, &owner), 0);
  EXPECT_EQ(owner, ceed);
  EXPECT_EQ(CeedDestroy(&owner), 0);
  EXPECT_EQ(CeedQFunctionReturnCeed(qf), ceed);
  EXPECT_EQ(CeedObjectReturnCeed(reinterpret_cast<CeedObject>(qf)), ceed);
  EXPECT_EQ(CeedQFunctionGetCeed(qf, nullptr), CEED_ERROR_INCOMPATIBLE);
  EXPECT_EQ(CeedQFunctionDestroy(&qf), 0);
}

TEST_F(QFunctionTest, ReferenceCountingAndSentinel) {
  CeedQFunction qf = UserQF(), copy = nullptr, none = CEED_QFUNCTION_NONE;
  EXPECT_EQ(CeedQFunctionReferenceCopy(qf, &copy), 0);
  EXPECT_EQ(copy, qf);
  EXPECT_EQ(CeedQFunctionReferenceCopy(qf, &copy), 0);  // onto itself
  EXPECT_EQ(CeedQFunctionDestroy(&qf), 0);
  EXPECT_EQ(qf, nullptr);
  CeedInt n_in = 0;
  EXPECT_EQ(CeedQFunctionGetNumArgs(copy, &n_in, nullptr), 0);  // still alive through the copy
  EXPECT_EQ(n_in, 2);
  EXPECT_EQ(CeedObjectDestroy(reinterpret_cast<CeedObject *>(&copy)), 0);
  EXPECT_EQ(copy, nullptr);
  EXPECT_EQ(CeedQFunctionDestroy(&copy), 0);  // twice through the same variable

  EXPECT_EQ(CeedQFunctionAddInput(CEED_QFUNCTION_NONE, "u", 1, CEED_EVAL_INTERP), CEED_ERROR_INCOMPATIBLE);
  EXPECT_NE(NullMessage().find("CEED_QFUNCTION_NONE"), std::string::npos) << NullMessage();
  EXPECT_EQ(CeedQFunctionApply(CEED_QFUNCTION_NONE, 1, nullptr, nullptr), CEED_ERROR_INCOMPATIBLE);
  EXPECT_EQ(CeedQFunctionReferenceCopy(CEED_QFUNCTION_NONE, &copy), 0);
  EXPECT_EQ(copy, CEED_QFUNCTION_NONE);
  EXPECT_EQ(CeedQFunctionDestroy(&copy), 0);
  EXPECT_EQ(CeedQFunctionDestroy(&none), 0);
  EXPECT_EQ(none, nullptr);
  EXPECT_EQ(CeedQFunctionAddInput(nullptr, "u", 1, CEED_EVAL_INTERP), CEED_ERROR_INCOMPATIBLE);
  EXPECT_NE(NullMessage().find("CeedQFunction handle is NULL"), std::string::npos) << NullMessage();
  EXPECT_EQ(CeedQFunctionDestroy(nullptr), CEED_ERROR_INCOMPATIBLE);
}

int recorded_Q = -1;
int RecordingApply(CeedQFunction qf, CeedInt Q, CeedVector *, CeedVector *) {
  int *counter = nullptr;
  CeedQFunctionGetData(qf, &counter);
  if (counter) ++*counter;
  recorded_Q = Q;
  return 0;
}

int AbortingDestroy(CeedQFunction) { std::abort(); }

TEST_F(QFunctionTest, BackendInterface) {
  CeedQFunction     qf = UserQF(2);
  CeedQFunctionUser f  = nullptr;
  CeedInt           vl = 0;
  EXPECT_EQ(CeedQFunctionGetUserFunction(qf, &f), 0);
  EXPECT_EQ(f, UserKernel);
  EXPECT_EQ(CeedQFunctionGetVectorLength(qf, &vl), 0);
  EXPECT_EQ(vl, 2);
  bool is_identity = true;
  EXPECT_EQ(CeedQFunctionIsIdentity(qf, &is_identity), 0);
  EXPECT_FALSE(is_identity);
  EXPECT_EQ(CeedQFunctionGetVectorLength(qf, nullptr), CEED_ERROR_INCOMPATIBLE);
  EXPECT_EQ(CeedQFunctionSetBackendOps(qf, nullptr), CEED_ERROR_INCOMPATIBLE);

  // An older plugin's shorter table: the missing Destroy member reads as NULL.
  int   counter = 0;
  void *data    = &counter;
  EXPECT_EQ(CeedQFunctionSetData(qf, data), 0);
  void *back = nullptr;
  EXPECT_EQ(CeedQFunctionGetData(qf, &back), 0);
  EXPECT_EQ(back, data);
  CeedQFunctionBackendOps ops{};
  ops.size  = offsetof(CeedQFunctionBackendOps, Destroy);
  ops.Apply = RecordingApply;
  ops.Destroy = AbortingDestroy;  // beyond size: must be ignored
  EXPECT_EQ(CeedQFunctionSetBackendOps(qf, &ops), 0);
  CeedVector u[2] = {Vector({1, 2}), Vector({3, 4})};
  CeedVector v[2] = {Vector({0, 0}), Vector({0, 0, 0, 0})};
  EXPECT_EQ(CeedQFunctionApply(qf, 2, u, v), 0);
  EXPECT_EQ(counter, 1);
  EXPECT_EQ(recorded_Q, 2);
  EXPECT_EQ(CeedQFunctionSetData(qf, nullptr), 0);
  EXPECT_EQ(CeedQFunctionDestroy(&qf), 0);
}

TEST_F(QFunctionTest, GalleryEntries) {
  struct Field {
    const char  *name;
    CeedInt      size;
    CeedEvalMode mode;
  };
  struct Entry {
    const char        *name, *file, *kernel;
    std::vector<Field> in, out;
    CeedSize           flops;
  };
  const Field  dx1{"dx", 1, CEED_EVAL_GRAD}, dx4{"dx", 4, CEED_EVAL_GRAD}, dx9{"dx", 9, CEED_EVAL_GRAD}, w{"weights", 1, CEED_EVAL_WEIGHT};
  const Entry entries[] = {
      {"Identity", "ceed-identity.h", "Identity", {}, {}, 0},
      {"Identity to scalar", "ceed-identity-to-scalar.h", "IdentityScalar", {}, {}, 0},
      {"Mass1DBuild", "ceed-mass1dbuild.h", "Mass1DBuild", {dx1, w}, {{"qdata", 1, CEED_EVAL_NONE}}, 1},
      {"Mass2DBuild", "ceed-mass2dbuild.h", "Mass2DBuild", {dx4, w}, {{"qdata", 1, CEED_EVAL_NONE}}, 4},
      {"Mass3DBuild", "ceed-mass3dbuild.h", "Mass3DBuild", {dx9, w}, {{"qdata", 1, CEED_EVAL_NONE}}, 15},
      {"MassApply", "ceed-massapply.h", "MassApply", {{"u", 1, CEED_EVAL_INTERP}, {"qdata", 1, CEED_EVAL_NONE}}, {{"v", 1, CEED_EVAL_INTERP}}, 1},
      {"Vector3MassApply",
       "ceed-vectormassapply.h",
       "Vector3MassApply",
       {{"u", 3, CEED_EVAL_INTERP}, {"qdata", 1, CEED_EVAL_NONE}},
       {{"v", 3, CEED_EVAL_INTERP}},
       3},
      {"Poisson1DBuild", "ceed-poisson1dbuild.h", "Poisson1DBuild", {dx1, w}, {{"qdata", 1, CEED_EVAL_NONE}}, 1},
      {"Poisson2DBuild", "ceed-poisson2dbuild.h", "Poisson2DBuild", {dx4, w}, {{"qdata", 3, CEED_EVAL_NONE}}, 17},
      {"Poisson3DBuild", "ceed-poisson3dbuild.h", "Poisson3DBuild", {dx9, w}, {{"qdata", 6, CEED_EVAL_NONE}}, 69},
      {"Poisson1DApply", "ceed-poisson1dapply.h", "Poisson1DApply", {{"du", 1, CEED_EVAL_GRAD}, {"qdata", 1, CEED_EVAL_NONE}}, {{"dv", 1, CEED_EVAL_GRAD}}, 1},
      {"Poisson2DApply", "ceed-poisson2dapply.h", "Poisson2DApply", {{"du", 2, CEED_EVAL_GRAD}, {"qdata", 3, CEED_EVAL_NONE}}, {{"dv", 2, CEED_EVAL_GRAD}}, 6},
      {"Poisson3DApply", "ceed-poisson3dapply.h", "Poisson3DApply", {{"du", 3, CEED_EVAL_GRAD}, {"qdata", 6, CEED_EVAL_NONE}}, {{"dv", 3, CEED_EVAL_GRAD}}, 15},
      {"Vector3Poisson1DApply",
       "ceed-vectorpoisson1dapply.h",
       "Vector3Poisson1DApply",
       {{"du", 3, CEED_EVAL_GRAD}, {"qdata", 1, CEED_EVAL_NONE}},
       {{"dv", 3, CEED_EVAL_GRAD}},
       3},
      {"Vector3Poisson2DApply",
       "ceed-vectorpoisson2dapply.h",
       "Vector3Poisson2DApply",
       {{"du", 6, CEED_EVAL_GRAD}, {"qdata", 3, CEED_EVAL_NONE}},
       {{"dv", 6, CEED_EVAL_GRAD}},
       18},
      {"Vector3Poisson3DApply",
       "ceed-vectorpoisson3dapply.h",
       "Vector3Poisson3DApply",
       {{"du", 9, CEED_EVAL_GRAD}, {"qdata", 6, CEED_EVAL_NONE}},
       {{"dv", 9, CEED_EVAL_GRAD}},
       45},
      {"Scale", "ceed-scale.h", "Scale", {}, {}, -1},
      {"Scale (scalar)", "ceed-scale-scalar.h", "ScaleScalar", {}, {}, -1},
  };
  for (const auto &e : entries) {
    SCOPED_TRACE(e.name);
    CeedQFunction qf = nullptr;
    ASSERT_EQ(CeedQFunctionCreateInteriorByName(ceed, e.name, &qf), 0) << Message();
    const char *path = nullptr, *kernel = nullptr, *name = nullptr;
    EXPECT_EQ(CeedQFunctionGetSourcePath(qf, &path), 0);
    EXPECT_EQ(std::string(path), std::string("ceed/jit-source/gallery/") + e.file);
    EXPECT_EQ(CeedQFunctionGetKernelName(qf, &kernel), 0);
    EXPECT_STREQ(kernel, e.kernel);
    EXPECT_EQ(CeedQFunctionGetName(qf, &name), 0);
    EXPECT_STREQ(name, e.name);
    CeedSize flops = 0;
    CeedInt  vl    = 0;
    EXPECT_EQ(CeedQFunctionGetUserFlopsEstimate(qf, &flops), 0);
    EXPECT_EQ(flops, e.flops);
    EXPECT_EQ(CeedQFunctionGetVectorLength(qf, &vl), 0);
    EXPECT_EQ(vl, 1);
    CeedInt             num_in = 0, num_out = 0;
    CeedQFunctionField *in = nullptr, *out = nullptr;
    ASSERT_EQ(CeedQFunctionGetFields(qf, &num_in, &in, &num_out, &out), 0);
    ASSERT_EQ(num_in, static_cast<CeedInt>(e.in.size()));
    ASSERT_EQ(num_out, static_cast<CeedInt>(e.out.size()));
    for (int k = 0; k < 2; k++) {
      const std::vector<Field> &expected = k ? e.out : e.in;
      for (size_t i = 0; i < expected.size(); i++) {
        const char  *fname = nullptr;
        CeedInt      size  = 0;
        CeedEvalMode mode  = CEED_EVAL_NONE;
        EXPECT_EQ(CeedQFunctionFieldGetData((k ? out : in)[i], &fname, &size, &mode), 0);
        EXPECT_STREQ(fname, expected[i].name);
        EXPECT_EQ(size, expected[i].size);
        EXPECT_EQ(mode, expected[i].mode);
      }
    }
    CeedQFunctionContext ctx = nullptr;
    EXPECT_EQ(CeedQFunctionGetContext(qf, &ctx), 0);
    EXPECT_EQ(ctx != nullptr, std::string(e.name) == "Identity");
    EXPECT_EQ(CeedQFunctionDestroy(&qf), 0);
  }
  CeedQFunction qf = nullptr;
  EXPECT_EQ(CeedQFunctionCreateInteriorByName(ceed, "Mass2DBuil", &qf), CEED_ERROR_UNSUPPORTED);
  EXPECT_NE(Message().find("No suitable gallery CeedQFunction: \"Mass2DBuil\""), std::string::npos) << Message();
  EXPECT_EQ(CeedQFunctionCreateInteriorByName(ceed, "Mass2DBuildX", &qf), CEED_ERROR_UNSUPPORTED);
  EXPECT_EQ(CeedQFunctionCreateInteriorByName(ceed, nullptr, &qf), CEED_ERROR_INCOMPLETE);
  EXPECT_EQ(qf, nullptr);
}

TEST_F(QFunctionTest, IdentitySetsSizeAndFlag) {
  CeedQFunction qf = nullptr;
  ASSERT_EQ(CeedQFunctionCreateIdentity(ceed, 3, CEED_EVAL_INTERP, CEED_EVAL_NONE, &qf), 0) << Message();
  bool is_identity = false;
  EXPECT_EQ(CeedQFunctionIsIdentity(qf, &is_identity), 0);
  EXPECT_TRUE(is_identity);
  CeedQFunctionContext  ctx   = nullptr;
  CeedContextFieldLabel label = nullptr;
  EXPECT_EQ(CeedQFunctionGetContext(qf, &ctx), 0);
  ASSERT_NE(ctx, nullptr);
  ASSERT_EQ(CeedQFunctionContextGetFieldLabel(ctx, "size", &label), 0);
  ASSERT_NE(label, nullptr);
  size_t         n      = 0;
  const int32_t *values = nullptr;
  ASSERT_EQ(CeedQFunctionContextGetInt32Read(ctx, label, &n, &values), 0);
  EXPECT_EQ(n, 1u);
  EXPECT_EQ(values[0], 3);
  EXPECT_EQ(CeedQFunctionContextRestoreInt32Read(ctx, label, &values), 0);
  CeedVector u = Vector({1, 2, 3, 4, 5, 6}), v = Vector({0, 0, 0, 0, 0, 0});
  ASSERT_EQ(CeedQFunctionApply(qf, 2, &u, &v), 0);
  EXPECT_EQ(Values(v), (std::vector<CeedScalar>{1, 2, 3, 4, 5, 6}));
  EXPECT_EQ(View(qf),
            "Gallery CeedQFunction - Identity\n  1 input field:\n    Input field 0:\n      Name: \"input\"\n      Size: 3\n"
            "      EvalMode: \"interpolation\"\n  1 output field:\n    Output field 0:\n      Name: \"output\"\n      Size: 3\n"
            "      EvalMode: \"none\"\n");
  EXPECT_EQ(CeedQFunctionDestroy(&qf), 0);

  EXPECT_EQ(CeedQFunctionCreateIdentity(ceed, 0, CEED_EVAL_INTERP, CEED_EVAL_INTERP, &qf), CEED_ERROR_DIMENSION);
  EXPECT_EQ(CeedQFunctionCreateIdentity(ceed, 2, CEED_EVAL_WEIGHT, CEED_EVAL_INTERP, &qf), CEED_ERROR_DIMENSION);
  EXPECT_EQ(CeedQFunctionCreateIdentity(ceed, 1, CEED_EVAL_INTERP, CEED_EVAL_WEIGHT, &qf), CEED_ERROR_DIMENSION);
  EXPECT_EQ(qf, nullptr);
}

int DoubleIt(void *, const CeedInt Q, const CeedScalar *const *in, CeedScalar *const *out) {
  for (CeedInt i = 0; i < Q; i++) out[0][i] = 2 * in[0][i];
  return 0;
}
int DoubleItInit(Ceed, const char *, CeedQFunction qf) {
  CeedCall(CeedQFunctionAddInput(qf, "x", 1, CEED_EVAL_INTERP));
  CeedCall(CeedQFunctionAddOutput(qf, "y", 1, CEED_EVAL_INTERP));
  return CeedQFunctionSetUserFlopsEstimate(qf, 1);
}

TEST_F(QFunctionTest, RegistryIsThreadSafeAndExtensible) {
  std::vector<std::thread> threads;
  std::vector<int>         results(8, -1);
  for (int t = 0; t < 8; t++) {
    threads.emplace_back([&results, t] {
      int           ierr = CeedQFunctionRegisterAll();
      Ceed          c    = nullptr;
      CeedQFunction qf   = nullptr;
      if (!ierr) ierr = CeedInit("/cpu/self/ref/serial", &c);
      if (!ierr) ierr = CeedQFunctionCreateInteriorByName(c, t % 2 ? "Poisson3DApply" : "MassApply", &qf);
      if (!ierr) ierr = CeedQFunctionDestroy(&qf);
      if (!ierr) ierr = CeedDestroy(&c);
      results[t] = ierr;
    });
  }
  for (auto &th : threads) th.join();
  for (int r : results) EXPECT_EQ(r, 0);
  EXPECT_EQ(CeedQFunctionRegisterAll(), 0);  // idempotent

  ASSERT_EQ(CeedQFunctionRegister("Unit test DoubleIt", "tests/double.h:DoubleIt", 1, DoubleIt, DoubleItInit), 0);
  EXPECT_EQ(CeedQFunctionRegister("Unit test DoubleIt", "tests/double.h:DoubleIt", 1, DoubleIt, DoubleItInit), CEED_ERROR_INCOMPATIBLE);
  EXPECT_NE(NullMessage().find("\"Unit test DoubleIt\" is already registered"), std::string::npos) << NullMessage();
  EXPECT_EQ(CeedQFunctionRegister("Unit test NoFunction", "", 1, nullptr, nullptr), CEED_ERROR_INCOMPATIBLE);
  EXPECT_EQ(CeedQFunctionRegister("Unit test NoColon", "nocolon", 1, DoubleIt, nullptr), CEED_ERROR_INCOMPLETE);
  EXPECT_EQ(CeedQFunctionRegister("MassApply", "x.h:y", 1, DoubleIt, nullptr), CEED_ERROR_INCOMPATIBLE);  // built-in names are taken

  CeedQFunction qf = nullptr;
  ASSERT_EQ(CeedQFunctionCreateInteriorByName(ceed, "Unit test DoubleIt", &qf), 0) << Message();
  const char *name = nullptr, *kernel = nullptr;
  EXPECT_EQ(CeedQFunctionGetName(qf, &name), 0);
  EXPECT_STREQ(name, "Unit test DoubleIt");
  EXPECT_EQ(CeedQFunctionGetKernelName(qf, &kernel), 0);
  EXPECT_STREQ(kernel, "DoubleIt");
  CeedVector u = Vector({1, -2, 3}), v = Vector({0, 0, 0});
  ASSERT_EQ(CeedQFunctionApply(qf, 3, &u, &v), 0);
  EXPECT_EQ(Values(v), (std::vector<CeedScalar>{2, -4, 6}));
  EXPECT_EQ(CeedQFunctionDestroy(&qf), 0);
}

}  // namespace
