// Unit tests of CeedQFunctionContext: copy modes, the access-lock protocol with its exact texts (code 1),
// data-destroy callbacks, field labels and typed access through them, composite-label rejection, view.
#include <ceed.h>
#include <ceed/backend.h>
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <string>

namespace {

struct Params {
  double  time;
  double  coeffs[3];
  int32_t count;
  bool    flags[2];
};

int g_destroyed = 0;
int CountingDestroy(void *data) {
  g_destroyed++;
  static_cast<Params *>(data)->count = -1;
  return 0;
}
int FreeingDestroy(void *data) {
  g_destroyed++;
  free(data);
  return 0;
}
int FailingDestroy(void *) { return 7; }

class ContextTest : public ::testing::Test {
 protected:
  void SetUp() override {
    setenv("CEED_ERROR_HANDLER", "store", 1);
    ASSERT_EQ(CeedInit("/cpu/self/ref/serial", &ceed), 0);
    ASSERT_EQ(CeedSetErrorHandler(ceed, CeedErrorStore), 0);
    ASSERT_EQ(CeedQFunctionContextCreate(ceed, &ctx), 0);
    g_destroyed = 0;
  }
  void TearDown() override {
    EXPECT_EQ(CeedQFunctionContextDestroy(&ctx), 0);
    EXPECT_EQ(CeedDestroy(&ceed), 0);
  }
  std::string Message() const {
    const char *msg = nullptr;
    CeedGetErrorMessage(ceed, &msg);
    return msg ? msg : "";
  }
  void ExpectMessage(const std::string &text) {
    EXPECT_NE(Message().find(text), std::string::npos) << "message: " << Message() << "\nexpected: " << text;
    const char *msg = nullptr;
    CeedResetErrorMessage(ceed, &msg);
  }
  void SetParams(CeedCopyMode mode, Params *p) { ASSERT_EQ(CeedQFunctionContextSetData(ctx, CEED_MEM_HOST, mode, sizeof(Params), p), 0); }
  void Register() {
    ASSERT_EQ(CeedQFunctionContextRegisterDouble(ctx, "time", offsetof(Params, time), 1, "current time"), 0);
    ASSERT_EQ(CeedQFunctionContextRegisterDouble(ctx, "coeffs", offsetof(Params, coeffs), 3, "coefficients"), 0);
    ASSERT_EQ(CeedQFunctionContextRegisterInt32(ctx, "count", offsetof(Params, count), 1, "number of steps"), 0);
    ASSERT_EQ(CeedQFunctionContextRegisterBoolean(ctx, "flags", offsetof(Params, flags), 2, "switches"), 0);
  }
  Ceed                 ceed = nullptr;
  CeedQFunctionContext ctx  = nullptr;
};

TEST_F(ContextTest, CopyModesAndTake) {
  Params p = {1.5, {1, 2, 3}, 4, {true, false}};
  SetParams(CEED_COPY_VALUES, &p);
  size_t size = 0;
  EXPECT_EQ(CeedQFunctionContextGetContextSize(ctx, &size), 0);
  EXPECT_EQ(size, sizeof(Params));
  p.time = 99;
  const Params *r = nullptr;
  EXPECT_EQ(CeedQFunctionContextGetDataRead(ctx, CEED_MEM_HOST, &r), 0);
  EXPECT_NE(r, &p);
  EXPECT_EQ(r->time, 1.5);
  EXPECT_EQ(r->coeffs[2], 3);
  EXPECT_EQ(CeedQFunctionContextRestoreDataRead(ctx, &r), 0);
  EXPECT_EQ(r, nullptr);
  Params *w = nullptr;
  EXPECT_EQ(CeedQFunctionContextTakeData(ctx, CEED_MEM_HOST, &w), CEED_ERROR_BACKEND);
  ExpectMessage("CeedQFunctionContext has no borrowed host data, must set data with CeedQFunctionContextSetData");

  SetParams(CEED_USE_POINTER, &p);
  EXPECT_EQ(CeedQFunctionContextGetData(ctx, CEED_MEM_HOST, &w), 0);
  EXPECT_EQ(w, &p);
  w->count = 12;
  EXPECT_EQ(CeedQFunctionContextRestoreData(ctx, &w), 0);
  EXPECT_EQ(w, nullptr);
  EXPECT_EQ(p.count, 12);
  EXPECT_EQ(CeedQFunctionContextTakeData(ctx, CEED_MEM_HOST, &w), 0);
  EXPECT_EQ(w, &p);
  bool valid = true;
  EXPECT_EQ(CeedQFunctionContextHasValidData(ctx, &valid), 0);
  EXPECT_FALSE(valid);
  EXPECT_EQ(CeedQFunctionContextGetData(ctx, CEED_MEM_HOST, &w), CEED_ERROR_BACKEND);
  ExpectMessage("CeedQFunctionContext has no valid data to get, must set data");
  EXPECT_EQ(CeedQFunctionContextTakeData(ctx, CEED_MEM_HOST, &w), CEED_ERROR_BACKEND);
  ExpectMessage("CeedQFunctionContext has no valid data to take");

  auto *owned = static_cast<Params *>(malloc(sizeof(Params)));
  *owned      = p;
  SetParams(CEED_OWN_POINTER, owned);  // released with free() on destroy
  EXPECT_EQ(CeedQFunctionContextGetDataRead(ctx, CEED_MEM_HOST, &r), 0);
  EXPECT_EQ(r, owned);
  EXPECT_EQ(CeedQFunctionContextRestoreDataRead(ctx, &r), 0);
  // NULL data is only accepted for CEED_COPY_VALUES (zero-filled).
  EXPECT_EQ(CeedQFunctionContextSetData(ctx, CEED_MEM_HOST, CEED_USE_POINTER, 8, nullptr), CEED_ERROR_INCOMPATIBLE);
  ExpectMessage("Cannot set 8 bytes of CeedQFunctionContext data from a NULL pointer");
  EXPECT_EQ(CeedQFunctionContextSetData(ctx, CEED_MEM_HOST, CEED_COPY_VALUES, sizeof(Params), nullptr), 0);
  EXPECT_EQ(CeedQFunctionContextGetDataRead(ctx, CEED_MEM_HOST, &r), 0);
  EXPECT_EQ(r->time, 0.0);
  EXPECT_EQ(CeedQFunctionContextRestoreDataRead(ctx, &r), 0);
}

TEST_F(ContextTest, LockProtocol) {
  Params p = {1, {0, 0, 0}, 0, {false, false}};
  SetParams(CEED_COPY_VALUES, &p);
  uint64_t s0 = 0, s = 0;
  EXPECT_EQ(CeedQFunctionContextGetState(ctx, &s0), 0);
  const Params *r1 = nullptr, *r2 = nullptr;
  Params       *w  = nullptr;
  EXPECT_EQ(CeedQFunctionContextGetDataRead(ctx, CEED_MEM_HOST, &r1), 0);
  EXPECT_EQ(CeedQFunctionContextGetDataRead(ctx, CEED_MEM_HOST, &r2), 0);
  EXPECT_EQ(CeedQFunctionContextGetData(ctx, CEED_MEM_HOST, &w), CEED_ERROR_MINOR);
  ExpectMessage("CeedQFunctionContextGetData(): Cannot grant CeedQFunctionContext data access, a process has read access");
  EXPECT_EQ(CeedQFunctionContextSetData(ctx, CEED_MEM_HOST, CEED_COPY_VALUES, sizeof(p), &p), CEED_ERROR_MINOR);
  ExpectMessage("CeedQFunctionContextSetData(): Cannot grant CeedQFunctionContext data access, a process has read access");
  CeedQFunctionContext keep = ctx;
  EXPECT_EQ(CeedQFunctionContextDestroy(&keep), CEED_ERROR_MINOR);
  ExpectMessage("Cannot destroy CeedQFunctionContext, a process has read access");
  EXPECT_EQ(CeedQFunctionContextRestoreDataRead(ctx, &r1), 0);
  EXPECT_EQ(CeedQFunctionContextRestoreDataRead(ctx, &r2), 0);
  EXPECT_EQ(CeedQFunctionContextRestoreDataRead(ctx, &r2), CEED_ERROR_MINOR);
  ExpectMessage("Cannot restore CeedQFunctionContext array read access, access was not granted");
  EXPECT_EQ(CeedQFunctionContextGetState(ctx, &s), 0);
  EXPECT_EQ(s, s0);

  EXPECT_EQ(CeedQFunctionContextGetData(ctx, CEED_MEM_HOST, &w), 0);
  EXPECT_EQ(CeedQFunctionContextGetState(ctx, &s), 0);
  EXPECT_EQ(s, s0 + 1);
  Params *w2 = nullptr;
  EXPECT_EQ(CeedQFunctionContextGetData(ctx, CEED_MEM_HOST, &w2), CEED_ERROR_MINOR);
  ExpectMessage("CeedQFunctionContextGetData(): Cannot grant CeedQFunctionContext data access, the access lock is already in use");
  EXPECT_EQ(CeedQFunctionContextGetDataRead(ctx, CEED_MEM_HOST, &r1), CEED_ERROR_MINOR);
  ExpectMessage("Cannot grant CeedQFunctionContext data access, the access lock is already in use");
  EXPECT_EQ(CeedQFunctionContextTakeData(ctx, CEED_MEM_HOST, &w2), CEED_ERROR_MINOR);
  ExpectMessage("the access lock is already in use");
  EXPECT_EQ(CeedQFunctionContextDestroy(&keep), CEED_ERROR_MINOR);
  ExpectMessage("Cannot destroy CeedQFunctionContext, the access lock is in use");
  w->time = 3;
  EXPECT_EQ(CeedQFunctionContextRestoreData(ctx, &w), 0);
  EXPECT_EQ(CeedQFunctionContextRestoreData(ctx, &w), CEED_ERROR_MINOR);
  ExpectMessage("CeedQFunctionContextRestoreData(): Cannot restore CeedQFunctionContext array access, access was not granted");
  EXPECT_EQ(CeedQFunctionContextGetState(ctx, &s), 0);
  EXPECT_EQ(s, s0 + 2);
  EXPECT_EQ(CeedQFunctionContextGetDataRead(ctx, CEED_MEM_HOST, &r1), 0);
  EXPECT_EQ(r1->time, 3);
  EXPECT_EQ(CeedQFunctionContextRestoreDataRead(ctx, &r1), 0);
}

TEST_F(ContextTest, DeviceMemoryUnavailable) {
  Params p{};
  void  *d = nullptr;
  EXPECT_EQ(CeedQFunctionContextSetData(ctx, CEED_MEM_DEVICE, CEED_COPY_VALUES, sizeof(p), &p), CEED_ERROR_BACKEND);
  ExpectMessage("Can only set HOST memory for this backend");
  SetParams(CEED_COPY_VALUES, &p);
  EXPECT_EQ(CeedQFunctionContextGetData(ctx, CEED_MEM_DEVICE, &d), CEED_ERROR_BACKEND);
  ExpectMessage("Can only provide HOST memory for this backend");
  EXPECT_EQ(CeedQFunctionContextGetDataRead(ctx, CEED_MEM_HOST, &d), 0);
  EXPECT_EQ(CeedQFunctionContextRestoreDataRead(ctx, &d), 0);
}

TEST_F(ContextTest, DataDestroyCallback) {
  Params p = {0, {0, 0, 0}, 5, {false, false}};
  EXPECT_EQ(CeedQFunctionContextSetDataDestroy(ctx, CEED_MEM_HOST, nullptr), CEED_ERROR_MINOR);
  ExpectMessage("Must provide valid callback function for destroying user data");
  EXPECT_EQ(CeedQFunctionContextSetDataDestroy(ctx, CEED_MEM_HOST, CountingDestroy), 0);
  SetParams(CEED_USE_POINTER, &p);
  EXPECT_EQ(g_destroyed, 0);  // nothing to destroy before the first data
  SetParams(CEED_COPY_VALUES, &p);
  EXPECT_EQ(g_destroyed, 1);  // replacing the data runs the callback on the old data
  EXPECT_EQ(p.count, -1);
  // A callback that frees the data itself is meant for borrowed (CEED_USE_POINTER) data.
  auto *heap = static_cast<Params *>(malloc(sizeof(Params)));
  SetParams(CEED_USE_POINTER, heap);
  EXPECT_EQ(g_destroyed, 2);
  EXPECT_EQ(CeedQFunctionContextSetDataDestroy(ctx, CEED_MEM_HOST, FailingDestroy), 0);
  Params q{};
  EXPECT_EQ(CeedQFunctionContextSetData(ctx, CEED_MEM_HOST, CEED_COPY_VALUES, sizeof(q), &q), CEED_ERROR_MAJOR);
  ExpectMessage("User data destroy callback of CeedQFunctionContext failed with code 7");
  EXPECT_EQ(CeedQFunctionContextSetDataDestroy(ctx, CEED_MEM_HOST, FreeingDestroy), 0);
  // TearDown's destroy frees heap through the callback (checked by the sanitizer build).
}

TEST_F(ContextTest, LabelsAndTypedAccess) {
  Params p = {0.5, {1, 2, 3}, 7, {true, false}};
  SetParams(CEED_COPY_VALUES, &p);
  Register();
  EXPECT_EQ(CeedQFunctionContextRegisterInt32(ctx, "time", 0, 1, "again"), CEED_ERROR_UNSUPPORTED);
  ExpectMessage("CeedQFunctionContextRegisterInt32(): QFunctionContext field with name \"time\" already registered");
  EXPECT_EQ(CeedQFunctionContextRegisterDouble(ctx, "tail", sizeof(Params) - 4, 1, "too far"), CEED_ERROR_INCOMPATIBLE);
  ExpectMessage("does not fit in the");
  EXPECT_EQ(CeedQFunctionContextRegisterDouble(ctx, nullptr, 0, 1, "anonymous"), CEED_ERROR_INCOMPATIBLE);
  ExpectMessage("with a NULL name");

  const CeedContextFieldLabel *labels = nullptr;
  CeedInt                      n      = 0;
  EXPECT_EQ(CeedQFunctionContextGetAllFieldLabels(ctx, &labels, &n), 0);
  ASSERT_EQ(n, 4);
  const char          *name = nullptr, *desc = nullptr;
  size_t               offset = 0, num = 0;
  CeedContextFieldType type   = CEED_CONTEXT_FIELD_DOUBLE;
  EXPECT_EQ(CeedContextFieldLabelGetDescription(labels[1], &name, &offset, &num, &desc, &type), 0);
  EXPECT_STREQ(name, "coeffs");
  EXPECT_EQ(offset, offsetof(Params, coeffs));
  EXPECT_EQ(num, 3u);
  EXPECT_STREQ(desc, "coefficients");
  EXPECT_EQ(type, CEED_CONTEXT_FIELD_DOUBLE);
  EXPECT_EQ(CeedContextFieldLabelGetDescription(labels[3], nullptr, nullptr, &num, nullptr, &type), 0);
  EXPECT_EQ(num, 2u);
  EXPECT_EQ(type, CEED_CONTEXT_FIELD_BOOL);
  EXPECT_EQ(CeedContextFieldLabelGetDescription(nullptr, &name, nullptr, nullptr, nullptr, nullptr), CEED_ERROR_INCOMPATIBLE);

  CeedContextFieldLabel time = nullptr, count = nullptr, flags = nullptr, missing = labels[0];
  EXPECT_EQ(CeedQFunctionContextGetFieldLabel(ctx, "time", &time), 0);
  EXPECT_EQ(time, labels[0]);
  EXPECT_EQ(CeedQFunctionContextGetFieldLabel(ctx, "count", &count), 0);
  EXPECT_EQ(CeedQFunctionContextGetFieldLabel(ctx, "flags", &flags), 0);
  EXPECT_EQ(CeedQFunctionContextGetFieldLabel(ctx, "nope", &missing), 0);
  EXPECT_EQ(missing, nullptr);

  // Unchanged writes keep the state; changed writes advance it by 2.
  uint64_t s0 = 0, s = 0;
  EXPECT_EQ(CeedQFunctionContextGetState(ctx, &s0), 0);
  double t = 0.5;
  EXPECT_EQ(CeedQFunctionContextSetDouble(ctx, time, &t), 0);
  EXPECT_EQ(CeedQFunctionContextGetState(ctx, &s), 0);
  EXPECT_EQ(s, s0);
  t = 2.25;
  EXPECT_EQ(CeedQFunctionContextSetDouble(ctx, time, &t), 0);
  EXPECT_EQ(CeedQFunctionContextGetState(ctx, &s), 0);
  EXPECT_EQ(s, s0 + 2);
  int32_t c = -3;
  EXPECT_EQ(CeedQFunctionContextSetInt32(ctx, count, &c), 0);
  bool f[2] = {false, true};
  EXPECT_EQ(CeedQFunctionContextSetBoolean(ctx, flags, f), 0);

  const double  *dv = nullptr;
  const int32_t *iv = nullptr;
  const bool    *bv = nullptr;
  EXPECT_EQ(CeedQFunctionContextGetDoubleRead(ctx, labels[1], &num, &dv), 0);
  EXPECT_EQ(num, 3u);
  EXPECT_EQ(dv[0], 1);
  EXPECT_EQ(dv[2], 3);
  EXPECT_EQ(CeedQFunctionContextRestoreDoubleRead(ctx, labels[1], &dv), 0);
  EXPECT_EQ(dv, nullptr);
  EXPECT_EQ(CeedQFunctionContextGetInt32Read(ctx, count, &num, &iv), 0);
  EXPECT_EQ(iv[0], -3);
  EXPECT_EQ(CeedQFunctionContextRestoreInt32Read(ctx, count, &iv), 0);
  EXPECT_EQ(CeedQFunctionContextGetBooleanRead(ctx, flags, &num, &bv), 0);
  EXPECT_EQ(num, 2u);
  EXPECT_FALSE(bv[0]);
  EXPECT_TRUE(bv[1]);
  EXPECT_EQ(CeedQFunctionContextRestoreBooleanRead(ctx, flags, &bv), 0);
  const Params *r = nullptr;
  EXPECT_EQ(CeedQFunctionContextGetDataRead(ctx, CEED_MEM_HOST, &r), 0);
  EXPECT_EQ(r->time, 2.25);
  EXPECT_EQ(r->count, -3);
  EXPECT_TRUE(r->flags[1]);
  EXPECT_EQ(CeedQFunctionContextRestoreDataRead(ctx, &r), 0);

  // Wrong type, NULL label, labels of another context.
  EXPECT_EQ(CeedQFunctionContextSetInt32(ctx, time, &c), CEED_ERROR_UNSUPPORTED);
  ExpectMessage("CeedQFunctionContextSetInt32(): QFunctionContext field with name \"time\" registered as double, not registered as int32");
  EXPECT_EQ(CeedQFunctionContextGetBooleanRead(ctx, count, &num, &bv), CEED_ERROR_UNSUPPORTED);
  ExpectMessage("registered as int32, not registered as bool");
  EXPECT_EQ(CeedQFunctionContextSetDouble(ctx, nullptr, &t), CEED_ERROR_UNSUPPORTED);
  ExpectMessage("Invalid field label");
  EXPECT_EQ(CeedQFunctionContextSetDouble(ctx, time, nullptr), CEED_ERROR_INCOMPATIBLE);
  ExpectMessage("Values pointer for QFunctionContext field \"time\" is NULL");
  CeedQFunctionContext other = nullptr;
  ASSERT_EQ(CeedQFunctionContextCreate(ceed, &other), 0);
  double big[8] = {0};
  ASSERT_EQ(CeedQFunctionContextSetData(other, CEED_MEM_HOST, CEED_COPY_VALUES, sizeof(big), big), 0);
  ASSERT_EQ(CeedQFunctionContextRegisterDouble(other, "time", 5 * sizeof(double), 1, "elsewhere"), 0);
  EXPECT_EQ(CeedQFunctionContextSetDouble(other, time, &t), CEED_ERROR_INCOMPATIBLE);
  ExpectMessage("Field label \"time\" is not registered on this CeedQFunctionContext");
  EXPECT_EQ(CeedQFunctionContextDestroy(&other), 0);
}

TEST_F(ContextTest, ReferencesViewAndTabs) {
  Params p{};
  SetParams(CEED_COPY_VALUES, &p);
  Register();
  CeedQFunctionContext copy = nullptr;
  EXPECT_EQ(CeedQFunctionContextReferenceCopy(ctx, &copy), 0);
  EXPECT_EQ(copy, ctx);
  EXPECT_EQ(CeedQFunctionContextSetNumViewTabs(ctx, -1), CEED_ERROR_MINOR);
  ExpectMessage("Number of view tabs must be non-negative, got -1");
  EXPECT_EQ(CeedQFunctionContextSetNumViewTabs(copy, 1), 0);  // shared by all references
  CeedInt tabs = 0;
  EXPECT_EQ(CeedQFunctionContextGetNumViewTabs(ctx, &tabs), 0);
  EXPECT_EQ(tabs, 1);
  char  *buf = nullptr;
  size_t len = 0;
  FILE  *f   = open_memstream(&buf, &len);
  EXPECT_EQ(CeedQFunctionContextView(ctx, f), 0);
  EXPECT_EQ(CeedObjectView(reinterpret_cast<CeedObject>(copy), f), 0);
  fclose(f);
  const std::string one = "  CeedQFunctionContext\n    Context Data Size: " + std::to_string(sizeof(Params)) +
                          "\n    Labeled double field: time\n    Labeled double field: coeffs\n    Labeled int32 field: count\n"
                          "    Labeled bool field: flags\n";
  EXPECT_EQ(std::string(buf, len), one + one);
  free(buf);
  EXPECT_EQ(CeedObjectDestroy(reinterpret_cast<CeedObject *>(&copy)), 0);
  EXPECT_EQ(copy, nullptr);
  EXPECT_EQ(CeedQFunctionContextReferenceCopy(ctx, &copy), 0);
  EXPECT_EQ(CeedQFunctionContextReferenceCopy(nullptr, &copy), 0);  // a NULL source releases the target
  EXPECT_EQ(copy, nullptr);
  EXPECT_EQ(CeedQFunctionContextView(ctx, nullptr), CEED_ERROR_INCOMPATIBLE);
  ExpectMessage("NULL stream");
  EXPECT_EQ(CeedQFunctionContextCreate(ceed, nullptr), CEED_ERROR_INCOMPATIBLE);
  size_t size = 0;
  EXPECT_EQ(CeedQFunctionContextGetContextSize(nullptr, &size), CEED_ERROR_INCOMPATIBLE);
  EXPECT_EQ(CeedQFunctionContextGetContextSize(ctx, &size), 0);  // still usable
  EXPECT_EQ(size, sizeof(Params));
}

}  // namespace
