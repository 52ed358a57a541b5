// Unit tests of CeedVector: storage modes, the access-lock protocol and its exact error texts, linear
// algebra against known values, length-0 vectors, views, and the device-buffer path through a test
// backend whose "device" memory is host memory managed by the backend hooks.
#include <ceed.h>
#include <ceed/backend.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

std::string NullMessage() {
  const char *msg = nullptr;
  CeedGetErrorMessage(nullptr, &msg);
  return msg ? msg : "";
}

class VectorTest : public ::testing::Test {
 protected:
  void SetUp() override {
    setenv("CEED_ERROR_HANDLER", "store", 1);
    ASSERT_EQ(CeedInit("/cpu/self/ref/serial", &ceed), 0);
    ASSERT_EQ(CeedSetErrorHandler(ceed, CeedErrorStore), 0);
  }
  void TearDown() override { EXPECT_EQ(CeedDestroy(&ceed), 0); }
  std::string Message() const {
    const char *msg = nullptr;
    CeedGetErrorMessage(ceed, &msg);
    return msg ? msg : "";
  }
  // Expects the stored message to contain text, then clears it.
  void ExpectMessage(const std::string &text) {
    EXPECT_NE(Message().find(text), std::string::npos) << "message: " << Message() << "\nexpected: " << text;
    const char *msg = nullptr;
    CeedResetErrorMessage(ceed, &msg);
  }
  CeedVector Make(std::vector<CeedScalar> values) {
    CeedVector v = nullptr;
    EXPECT_EQ(CeedVectorCreate(ceed, static_cast<CeedSize>(values.size()), &v), 0);
    EXPECT_EQ(CeedVectorSetArray(v, CEED_MEM_HOST, CEED_COPY_VALUES, values.data()), 0);
    return v;
  }
  static std::vector<CeedScalar> Values(CeedVector v) {
    CeedSize len = 0;
    EXPECT_EQ(CeedVectorGetLength(v, &len), 0);
    const CeedScalar *a = nullptr;
    EXPECT_EQ(CeedVectorGetArrayRead(v, CEED_MEM_HOST, &a), 0);
    std::vector<CeedScalar> out(a, a + len);
    EXPECT_EQ(CeedVectorRestoreArrayRead(v, &a), 0);
    return out;
  }
  static std::string View(CeedVector v, CeedSize start, CeedSize stop, CeedInt step, const char *fmt) {
    char  *buf = nullptr;
    size_t len = 0;
    FILE  *f   = open_memstream(&buf, &len);
    int    rc  = CeedVectorViewRange(v, start, stop, step, fmt, f);
    fclose(f);
    std::string s(buf, len);
    free(buf);
    return rc ? "error" : s;
  }
  Ceed ceed = nullptr;
};

using V = std::vector<CeedScalar>;

TEST_F(VectorTest, CreateQueriesAndReferences) {
  CeedVector v = nullptr, copy = nullptr;
  ASSERT_EQ(CeedVectorCreate(ceed, 7, &v), 0);
  CeedSize len = -1;
  EXPECT_EQ(CeedVectorGetLength(v, &len), 0);
  EXPECT_EQ(len, 7);
  EXPECT_EQ(CeedVectorReturnCeed(v), ceed);
  Ceed owner = nullptr;
  EXPECT_EQ(CeedVectorGetCeed(v, &owner), 0);
  EXPECT_EQ(owner, ceed);
  EXPECT_EQ(CeedDestroy(&owner), 0);
  bool valid = true;
  EXPECT_EQ(CeedVectorHasValidArray(v, &valid), 0);
  EXPECT_FALSE(valid);

  EXPECT_EQ(CeedVectorReferenceCopy(v, &copy), 0);
  EXPECT_EQ(copy, v);
  EXPECT_EQ(CeedVectorReferenceCopy(v, &copy), 0);  // onto itself: still alive
  EXPECT_EQ(CeedVectorSetValue(copy, 2.5), 0);
  EXPECT_EQ(CeedVectorDestroy(&v), 0);
  EXPECT_EQ(v, nullptr);
  EXPECT_EQ(Values(copy), V(7, 2.5));  // the copy keeps the object alive
  CeedVector s = nullptr;
  EXPECT_EQ(CeedVectorReferenceCopy(CEED_VECTOR_ACTIVE, &s), 0);
  EXPECT_EQ(s, CEED_VECTOR_ACTIVE);
  EXPECT_EQ(CeedVectorReferenceCopy(copy, &s), 0);
  EXPECT_EQ(s, copy);
  EXPECT_EQ(CeedVectorReferenceCopy(nullptr, &s), 0);  // a NULL source releases the target
  EXPECT_EQ(s, nullptr);
  EXPECT_EQ(CeedVectorReferenceCopy(copy, nullptr), CEED_ERROR_INCOMPATIBLE);
  ExpectMessage("destination pointer is NULL");
  EXPECT_EQ(CeedVectorDestroy(&copy), 0);
  EXPECT_EQ(CeedVectorDestroy(&copy), 0);  // second destroy through a NULL variable
  CeedVector none = CEED_VECTOR_NONE;
  EXPECT_EQ(CeedVectorDestroy(&none), 0);
  EXPECT_EQ(none, nullptr);
  EXPECT_NE(CEED_VECTOR_ACTIVE, CEED_VECTOR_NONE);
}

TEST_F(VectorTest, InvalidHandlesAndArguments) {
  CeedVector v = nullptr;
  CeedSize   len;
  EXPECT_EQ(CeedVectorCreate(ceed, -3, &v), CEED_ERROR_UNSUPPORTED);
  ExpectMessage("CeedVectorCreate(): Cannot create CeedVector with negative length -3");
  EXPECT_EQ(v, nullptr);
  EXPECT_EQ(CeedVectorCreate(nullptr, 3, &v), CEED_ERROR_INCOMPATIBLE);
  EXPECT_NE(NullMessage().find("Ceed handle is NULL"), std::string::npos);
  EXPECT_EQ(CeedVectorCreate(ceed, 3, nullptr), CEED_ERROR_INCOMPATIBLE);
  ExpectMessage("output handle pointer is NULL");
  EXPECT_EQ(CeedVectorGetLength(nullptr, &len), CEED_ERROR_INCOMPATIBLE);
  EXPECT_NE(NullMessage().find("CeedVectorGetLength(): CeedVector handle is NULL"), std::string::npos);
  EXPECT_EQ(CeedVectorSetValue(CEED_VECTOR_ACTIVE, 1.0), CEED_ERROR_INCOMPATIBLE);
  EXPECT_NE(NullMessage().find("sentinel CEED_VECTOR_ACTIVE"), std::string::npos);
  EXPECT_EQ(CeedVectorNorm(CEED_VECTOR_NONE, CEED_NORM_1, nullptr), CEED_ERROR_INCOMPATIBLE);
  EXPECT_NE(NullMessage().find("sentinel CEED_VECTOR_NONE"), std::string::npos);

  ASSERT_EQ(CeedVectorCreate(ceed, 3, &v), 0);
  EXPECT_EQ(CeedVectorSetArray(v, static_cast<CeedMemType>(7), CEED_COPY_VALUES, nullptr), CEED_ERROR_INCOMPATIBLE);
  ExpectMessage("Invalid CeedMemType 7");
  EXPECT_EQ(CeedVectorSetArray(v, CEED_MEM_HOST, static_cast<CeedCopyMode>(9), nullptr), CEED_ERROR_INCOMPATIBLE);
  ExpectMessage("Invalid CeedCopyMode 9");
  EXPECT_EQ(CeedVectorGetLength(v, nullptr), CEED_ERROR_INCOMPATIBLE);
  ExpectMessage("Output pointer for the CeedVector length is NULL");
  EXPECT_EQ(CeedVectorGetArray(v, CEED_MEM_HOST, nullptr), CEED_ERROR_INCOMPATIBLE);
  ExpectMessage("Output array pointer");
  EXPECT_EQ(CeedVectorSetNumViewTabs(v, -2), CEED_ERROR_MINOR);
  ExpectMessage("Number of view tabs must be non-negative, got -2");
  EXPECT_EQ(CeedVectorDestroy(nullptr), CEED_ERROR_INCOMPATIBLE);
  // Still usable after every error.
  EXPECT_EQ(CeedVectorSetValue(v, 4.0), 0);
  EXPECT_EQ(Values(v), V(3, 4.0));
  EXPECT_EQ(CeedVectorDestroy(&v), 0);
}

TEST_F(VectorTest, CopyModes) {
  CeedVector v = nullptr;
  ASSERT_EQ(CeedVectorCreate(ceed, 4, &v), 0);
  // COPY_VALUES: later changes to the user array are not seen.
  CeedScalar user[4] = {1, 2, 3, 4};
  EXPECT_EQ(CeedVectorSetArray(v, CEED_MEM_HOST, CEED_COPY_VALUES, user), 0);
  user[0] = 100;
  EXPECT_EQ(Values(v), (V{1, 2, 3, 4}));
  // COPY_VALUES with NULL: storage allocated (existing values kept).
  EXPECT_EQ(CeedVectorSetArray(v, CEED_MEM_HOST, CEED_COPY_VALUES, nullptr), 0);
  EXPECT_EQ(Values(v).size(), 4u);
  // USE_POINTER: the vector reads and writes the user array in place.
  CeedScalar borrowed[4] = {5, 6, 7, 8};
  EXPECT_EQ(CeedVectorSetArray(v, CEED_MEM_HOST, CEED_USE_POINTER, borrowed), 0);
  bool has = false;
  EXPECT_EQ(CeedVectorHasBorrowedArrayOfType(v, CEED_MEM_HOST, &has), 0);
  EXPECT_TRUE(has);
  CeedScalar *a = nullptr;
  EXPECT_EQ(CeedVectorGetArray(v, CEED_MEM_HOST, &a), 0);
  EXPECT_EQ(a, borrowed);
  a[1] = -6;
  EXPECT_EQ(CeedVectorRestoreArray(v, &a), 0);
  EXPECT_EQ(a, nullptr);
  EXPECT_EQ(borrowed[1], -6);
  // TakeArray hands the borrowed array back and leaves no valid data.
  CeedScalar *taken = nullptr;
  EXPECT_EQ(CeedVectorTakeArray(v, CEED_MEM_HOST, &taken), 0);
  EXPECT_EQ(taken, borrowed);
  bool valid = true;
  EXPECT_EQ(CeedVectorHasValidArray(v, &valid), 0);
  EXPECT_FALSE(valid);
  const CeedScalar *r = nullptr;
  EXPECT_EQ(CeedVectorGetArrayRead(v, CEED_MEM_HOST, &r), CEED_ERROR_BACKEND);
  ExpectMessage("CeedVectorGetArrayRead(): CeedVector has no valid data to read, must set data with CeedVectorSetValue or CeedVectorSetArray");
  EXPECT_EQ(CeedVectorTakeArray(v, CEED_MEM_HOST, &taken), CEED_ERROR_BACKEND);
  ExpectMessage("CeedVector has no borrowed host array, must set array with CeedVectorSetArray");
  // GetArrayWrite after a take allocates new storage and leaves the taken array alone.
  EXPECT_EQ(CeedVectorGetArrayWrite(v, CEED_MEM_HOST, &a), 0);
  EXPECT_NE(a, borrowed);
  for (int i = 0; i < 4; i++) a[i] = 10 + i;
  EXPECT_EQ(CeedVectorRestoreArray(v, &a), 0);
  EXPECT_EQ(borrowed[0], 5);
  EXPECT_EQ(Values(v), (V{10, 11, 12, 13}));
  // OWN_POINTER: released with free() by the vector.
  auto *owned = static_cast<CeedScalar *>(malloc(4 * sizeof(CeedScalar)));
  for (int i = 0; i < 4; i++) owned[i] = -i;
  EXPECT_EQ(CeedVectorSetArray(v, CEED_MEM_HOST, CEED_OWN_POINTER, owned), 0);
  EXPECT_EQ(CeedVectorHasBorrowedArrayOfType(v, CEED_MEM_HOST, &has), 0);
  EXPECT_FALSE(has);
  EXPECT_EQ(CeedVectorTakeArray(v, CEED_MEM_HOST, &taken), CEED_ERROR_BACKEND);
  ExpectMessage("CeedVector has no borrowed host array");
  EXPECT_EQ(Values(v), (V{0, -1, -2, -3}));
  EXPECT_EQ(CeedVectorDestroy(&v), 0);
}

TEST_F(VectorTest, WriteLockProtocol) {
  CeedVector v = Make({1, 2, 3});
  uint64_t   s0 = 0, s = 0;
  EXPECT_EQ(CeedVectorGetState(v, &s0), 0);
  CeedScalar       *a = nullptr, *b = nullptr;
  const CeedScalar *r = nullptr;
  EXPECT_EQ(CeedVectorGetArray(v, CEED_MEM_HOST, &a), 0);
  EXPECT_EQ(CeedVectorGetState(v, &s), 0);
  EXPECT_EQ(s, s0 + 1);
  EXPECT_EQ(CeedVectorGetArray(v, CEED_MEM_HOST, &b), CEED_ERROR_ACCESS);
  ExpectMessage("CeedVectorGetArray(): Cannot grant CeedVector array access, the access lock is already in use");
  EXPECT_EQ(CeedVectorGetArrayWrite(v, CEED_MEM_HOST, &b), CEED_ERROR_ACCESS);
  ExpectMessage("Cannot grant CeedVector array access, the access lock is already in use");
  EXPECT_EQ(CeedVectorGetArrayRead(v, CEED_MEM_HOST, &r), CEED_ERROR_ACCESS);
  ExpectMessage("Cannot grant CeedVector read-only array access, the access lock is already in use");
  EXPECT_EQ(CeedVectorSetValue(v, 0.0), CEED_ERROR_ACCESS);
  ExpectMessage("CeedVectorSetValue(): Cannot grant CeedVector array access, the access lock is already in use");
  EXPECT_EQ(CeedVectorSetArray(v, CEED_MEM_HOST, CEED_COPY_VALUES, nullptr), CEED_ERROR_ACCESS);
  ExpectMessage("CeedVectorSetArray(): Cannot grant CeedVector array access, the access lock is already in use");
  EXPECT_EQ(CeedVectorSetValueStrided(v, 0, -1, 1, 0.0), CEED_ERROR_ACCESS);
  ExpectMessage("Cannot grant CeedVector array access, the access lock is already in use");
  CeedScalar *t = nullptr;
  EXPECT_EQ(CeedVectorTakeArray(v, CEED_MEM_HOST, &t), CEED_ERROR_ACCESS);
  ExpectMessage("Cannot take CeedVector array, the access lock is already in use");
  EXPECT_EQ(CeedVectorSyncArray(v, CEED_MEM_HOST), CEED_ERROR_ACCESS);
  ExpectMessage("Cannot sync CeedVector, the access lock is already in use");
  CeedVector keep = v;
  EXPECT_EQ(CeedVectorDestroy(&keep), CEED_ERROR_ACCESS);
  ExpectMessage("Cannot destroy CeedVector, the writable access lock is in use");
  EXPECT_EQ(keep, v);
  a[2] = 30;
  EXPECT_EQ(CeedVectorRestoreArray(v, &a), 0);
  EXPECT_EQ(CeedVectorGetState(v, &s), 0);
  EXPECT_EQ(s, s0 + 2);
  EXPECT_EQ(CeedVectorRestoreArray(v, &a), CEED_ERROR_ACCESS);
  ExpectMessage("CeedVectorRestoreArray(): Cannot restore CeedVector array access, access was not granted");
  EXPECT_EQ(Values(v), (V{1, 2, 30}));
  EXPECT_EQ(CeedVectorDestroy(&v), 0);
}

TEST_F(VectorTest, ReadLockProtocol) {
  CeedVector        v  = Make({1, 2, 3});
  const CeedScalar *r1 = nullptr, *r2 = nullptr;
  CeedScalar       *a  = nullptr;
  uint64_t          s0 = 0, s = 0;
  EXPECT_EQ(CeedVectorGetState(v, &s0), 0);
  EXPECT_EQ(CeedVectorGetArrayRead(v, CEED_MEM_HOST, &r1), 0);
  EXPECT_EQ(CeedVectorGetArrayRead(v, CEED_MEM_HOST, &r2), 0);  // several readers at once
  EXPECT_EQ(r1, r2);
  EXPECT_EQ(r1[1], 2.0);
  EXPECT_EQ(CeedVectorGetArray(v, CEED_MEM_HOST, &a), CEED_ERROR_ACCESS);
  ExpectMessage("CeedVectorGetArray(): Cannot grant CeedVector array access, a process has read access");
  EXPECT_EQ(CeedVectorGetArrayWrite(v, CEED_MEM_HOST, &a), CEED_ERROR_ACCESS);
  ExpectMessage("Cannot grant CeedVector array access, a process has read access");
  EXPECT_EQ(CeedVectorSetValue(v, 1.0), CEED_ERROR_ACCESS);
  ExpectMessage("Cannot grant CeedVector array access, a process has read access");
  EXPECT_EQ(CeedVectorSetArray(v, CEED_MEM_HOST, CEED_COPY_VALUES, nullptr), CEED_ERROR_ACCESS);
  ExpectMessage("Cannot grant CeedVector array access, a process has read access");
  EXPECT_EQ(CeedVectorTakeArray(v, CEED_MEM_HOST, &a), CEED_ERROR_ACCESS);
  ExpectMessage("Cannot take CeedVector array, a process has read access");
  EXPECT_EQ(CeedVectorSyncArray(v, CEED_MEM_HOST), 0);  // sync is allowed with readers
  CeedVector keep = v;
  EXPECT_EQ(CeedVectorDestroy(&keep), CEED_ERROR_ACCESS);
  ExpectMessage("Cannot destroy CeedVector, a process has read access");
  EXPECT_EQ(CeedVectorRestoreArrayRead(v, &r1), 0);
  EXPECT_EQ(r1, nullptr);
  EXPECT_EQ(CeedVectorRestoreArrayRead(v, &r2), 0);
  EXPECT_EQ(CeedVectorRestoreArrayRead(v, &r2), CEED_ERROR_ACCESS);
  ExpectMessage("CeedVectorRestoreArrayRead(): Cannot restore CeedVector array read access, access was not granted");
  EXPECT_EQ(CeedVectorGetState(v, &s), 0);
  EXPECT_EQ(s, s0);  // reads do not change the state
  EXPECT_EQ(CeedVectorSetValue(v, 9.0), 0);
  EXPECT_EQ(CeedVectorSetArray(v, CEED_MEM_HOST, CEED_COPY_VALUES, nullptr), 0);
  EXPECT_EQ(CeedVectorGetState(v, &s), 0);
  EXPECT_EQ(s, s0 + 4);  // each mutator adds 2
  EXPECT_EQ(Values(v), V(3, 9.0));
  EXPECT_EQ(CeedVectorDestroy(&v), 0);
}

// Zero is written by memset, every other value (negative zero included, which memset cannot write) entry by entry.
TEST_F(VectorTest, SetValueZeroAndNegativeZero) {
  CeedVector v = Make({1, 2, 3, 4, 5});
  EXPECT_EQ(CeedVectorSetValue(v, 0.0), 0);
  for (CeedScalar x : Values(v)) EXPECT_TRUE(x == 0.0 && !std::signbit(x));
  EXPECT_EQ(CeedVectorSetValue(v, -0.0), 0);
  for (CeedScalar x : Values(v)) EXPECT_TRUE(x == 0.0 && std::signbit(x));
  EXPECT_EQ(CeedVectorSetValue(v, 2.5), 0);
  EXPECT_EQ(Values(v), std::vector<CeedScalar>(5, 2.5));
  EXPECT_EQ(CeedVectorDestroy(&v), 0);
}

// Lengths around the host reduction's blocks of 16 partial results, with the largest entry in the last block or
// the unblocked tail: every entry must count exactly once. Entries are -1, 0, 1 (exact sums) and one -7.
TEST_F(VectorTest, NormsOfLongVectorsCountEveryEntry) {
  for (CeedSize n : {15, 16, 17, 31, 1000, 1003}) {
    for (CeedSize big : {(CeedSize)0, n / 2, n - 1}) {
      std::vector<CeedScalar> x(n);
      double                  sum_abs = 0, sum_sq = 0;
      for (CeedSize i = 0; i < n; i++) {
        x[i] = i == big ? -7.0 : (CeedScalar)(i % 3) - 1.0;
        sum_abs += std::fabs(x[i]);
        sum_sq += x[i] * x[i];
      }
      CeedVector v    = Make(x);
      CeedScalar norm = -1;
      EXPECT_EQ(CeedVectorNorm(v, CEED_NORM_1, &norm), 0);
      EXPECT_EQ(norm, sum_abs) << "n = " << n << ", -7 at " << big;
      EXPECT_EQ(CeedVectorNorm(v, CEED_NORM_2, &norm), 0);
      EXPECT_EQ(norm, std::sqrt(sum_sq)) << "n = " << n << ", -7 at " << big;
      EXPECT_EQ(CeedVectorNorm(v, CEED_NORM_MAX, &norm), 0);
      EXPECT_EQ(norm, 7.0) << "n = " << n << ", -7 at " << big;
      EXPECT_EQ(CeedVectorDestroy(&v), 0);
    }
  }
}

TEST_F(VectorTest, Norms) {
  CeedVector v    = Make({1, -2, 3, -4});
  CeedScalar norm = -1;
  EXPECT_EQ(CeedVectorNorm(v, CEED_NORM_1, &norm), 0);
  EXPECT_DOUBLE_EQ(norm, 10.0);
  EXPECT_EQ(CeedVectorNorm(v, CEED_NORM_2, &norm), 0);
  EXPECT_DOUBLE_EQ(norm, std::sqrt(30.0));
  EXPECT_EQ(CeedVectorNorm(v, CEED_NORM_MAX, &norm), 0);
  EXPECT_DOUBLE_EQ(norm, 4.0);
  EXPECT_EQ(CeedVectorNorm(v, static_cast<CeedNormType>(5), &norm), CEED_ERROR_INCOMPATIBLE);
  ExpectMessage("Invalid CeedNormType 5");
  CeedVector empty = nullptr;
  ASSERT_EQ(CeedVectorCreate(ceed, 3, &empty), 0);
  EXPECT_EQ(CeedVectorNorm(empty, CEED_NORM_1, &norm), CEED_ERROR_BACKEND);
  ExpectMessage("CeedVector has no valid data to compute norm");
  EXPECT_EQ(CeedVectorScale(empty, 2.0), CEED_ERROR_BACKEND);
  ExpectMessage("CeedVector has no valid data to scale");
  EXPECT_EQ(CeedVectorReciprocal(empty), CEED_ERROR_INCOMPLETE);
  ExpectMessage("CeedVectorReciprocal(): CeedVector must have data set to take reciprocal");
  EXPECT_EQ(CeedVectorDestroy(&empty), 0);
  EXPECT_EQ(CeedVectorDestroy(&v), 0);
}

TEST_F(VectorTest, ScaleFilterReciprocal) {
  CeedVector v = Make({2, 0, -4, 1e-17, 0.5});
  EXPECT_EQ(CeedVectorReciprocal(v), 0);
  EXPECT_EQ(Values(v), (V{0.5, 0, -0.25, 1e-17, 2}));
  EXPECT_EQ(CeedVectorScale(v, -2.0), 0);
  EXPECT_EQ(Values(v), (V{-1, 0, 0.5, -2e-17, -4}));
  EXPECT_EQ(CeedVectorFilter(v, 0.5), 0);
  EXPECT_EQ(Values(v), (V{-1, 0, 0, 0, -4}));
  EXPECT_EQ(CeedVectorDestroy(&v), 0);
}

TEST_F(VectorTest, AxpyAxpbyAndErrors) {
  CeedVector x = Make({1, 2, 3}), y = Make({10, 20, 30}), z = Make({1, 1, 1, 1});
  EXPECT_EQ(CeedVectorAXPY(y, 2.0, x), 0);
  EXPECT_EQ(Values(y), (V{12, 24, 36}));
  EXPECT_EQ(CeedVectorAXPBY(y, -1.0, 0.5, x), 0);
  EXPECT_EQ(Values(y), (V{5, 10, 15}));
  EXPECT_EQ(CeedVectorAXPY(z, 1.0, x), CEED_ERROR_UNSUPPORTED);
  ExpectMessage("CeedVectorAXPY(): Cannot add vector of different lengths. x length: 3, y length: 4");
  EXPECT_EQ(CeedVectorAXPBY(z, 1.0, 1.0, x), CEED_ERROR_UNSUPPORTED);
  ExpectMessage("CeedVectorAXPBY(): Cannot add vector of different lengths");
  EXPECT_EQ(CeedVectorAXPY(y, 1.0, y), CEED_ERROR_UNSUPPORTED);
  ExpectMessage("Cannot use same vector for x and y in CeedVectorAXPY");
  EXPECT_EQ(CeedVectorAXPY(y, 1.0, nullptr), CEED_ERROR_INCOMPATIBLE);
  EXPECT_NE(NullMessage().find("CeedVector handle is NULL"), std::string::npos);
  CeedVector fresh = nullptr;
  ASSERT_EQ(CeedVectorCreate(ceed, 3, &fresh), 0);
  EXPECT_EQ(CeedVectorAXPY(y, 1.0, fresh), CEED_ERROR_BACKEND);
  ExpectMessage("CeedVector x has no valid data");
  EXPECT_EQ(CeedVectorAXPY(fresh, 1.0, y), CEED_ERROR_BACKEND);
  ExpectMessage("CeedVector y has no valid data");
  // Vectors of unrelated contexts.
  Ceed other = nullptr;
  ASSERT_EQ(CeedInit("/cpu/self/ref/serial", &other), 0);
  CeedVector w = nullptr;
  ASSERT_EQ(CeedVectorCreate(other, 3, &w), 0);
  ASSERT_EQ(CeedVectorSetValue(w, 1.0), 0);
  EXPECT_EQ(CeedVectorAXPY(y, 1.0, w), CEED_ERROR_INCOMPATIBLE);
  ExpectMessage("must be created by the same Ceed context");
  EXPECT_EQ(CeedVectorDestroy(&w), 0);
  EXPECT_EQ(CeedDestroy(&other), 0);
  EXPECT_EQ(Values(y), (V{5, 10, 15}));  // untouched by the failed calls
  for (CeedVector *v : {&x, &y, &z, &fresh}) EXPECT_EQ(CeedVectorDestroy(v), 0);
}

TEST_F(VectorTest, PointwiseMultAliasing) {
  CeedVector w = Make({1, 2, 3}), x = Make({2, 3, 4, 5}), y = Make({-1, 0.5, 2});
  EXPECT_EQ(CeedVectorPointwiseMult(w, x, y), 0);  // w = x .* y over len(w)
  EXPECT_EQ(Values(w), (V{-2, 1.5, 8}));
  EXPECT_EQ(CeedVectorPointwiseMult(w, w, y), 0);  // w = w .* y
  EXPECT_EQ(Values(w), (V{2, 0.75, 16}));
  EXPECT_EQ(CeedVectorPointwiseMult(w, x, w), 0);  // w = x .* w
  EXPECT_EQ(Values(w), (V{4, 2.25, 64}));
  EXPECT_EQ(CeedVectorPointwiseMult(y, y, y), 0);  // y = y .* y
  EXPECT_EQ(Values(y), (V{1, 0.25, 4}));
  EXPECT_EQ(CeedVectorPointwiseMult(x, w, y), CEED_ERROR_UNSUPPORTED);
  ExpectMessage("x length 3 is less than w length 4");
  EXPECT_EQ(Values(x), (V{2, 3, 4, 5}));
  for (CeedVector *v : {&w, &x, &y}) EXPECT_EQ(CeedVectorDestroy(v), 0);
}

TEST_F(VectorTest, StridedSetAndCopy) {
  CeedVector v = Make({0, 1, 2, 3, 4, 5, 6}), c = Make({-1, -1, -1, -1, -1});
  EXPECT_EQ(CeedVectorSetValueStrided(v, 1, 6, 2, 9.0), 0);
  EXPECT_EQ(Values(v), (V{0, 9, 2, 9, 4, 9, 6}));
  EXPECT_EQ(CeedVectorSetValueStrided(v, 4, -1, 3, 7.0), 0);
  EXPECT_EQ(Values(v), (V{0, 9, 2, 9, 7, 9, 6}));
  EXPECT_EQ(CeedVectorSetValueStrided(v, 0, 8, 1, 1.0), CEED_ERROR_ACCESS);
  ExpectMessage("Invalid value for stop 8, must satisfy -1 <= stop <= 7");
  EXPECT_EQ(CeedVectorSetValueStrided(v, 0, -2, 1, 1.0), CEED_ERROR_ACCESS);
  ExpectMessage("Invalid value for stop -2");
  EXPECT_EQ(CeedVectorSetValueStrided(v, -1, 3, 1, 1.0), CEED_ERROR_ACCESS);
  ExpectMessage("Invalid value for start -1");
  EXPECT_EQ(CeedVectorSetValueStrided(v, 0, 3, 0, 1.0), CEED_ERROR_ACCESS);
  ExpectMessage("Invalid value for step 0");
  EXPECT_EQ(CeedVectorCopyStrided(v, 1, -1, 2, c), 0);  // stop -1: the shorter length (5)
  EXPECT_EQ(Values(c), (V{-1, 9, -1, 9, -1}));
  EXPECT_EQ(CeedVectorCopyStrided(v, 0, 6, 1, c), CEED_ERROR_ACCESS);
  ExpectMessage("Invalid value for stop 6");
  EXPECT_EQ(CeedVectorCopyStrided(v, 4, 2, 1, c), CEED_ERROR_ACCESS);
  ExpectMessage("start must not exceed stop");
  EXPECT_EQ(Values(v), (V{0, 9, 2, 9, 7, 9, 6}));
  CeedVector fresh = nullptr;
  ASSERT_EQ(CeedVectorCreate(ceed, 3, &fresh), 0);
  EXPECT_EQ(CeedVectorSetValueStrided(fresh, 0, -1, 1, 1.0), CEED_ERROR_BACKEND);
  ExpectMessage("no valid data to set strided values");
  for (CeedVector *p : {&v, &c, &fresh}) EXPECT_EQ(CeedVectorDestroy(p), 0);
}

TEST_F(VectorTest, CopyIntoBorrowedArray) {
  CeedVector src = Make({1, 2, 3}), dst = nullptr, bad = nullptr;
  CeedScalar user[3] = {0, 0, 0};
  ASSERT_EQ(CeedVectorCreate(ceed, 3, &dst), 0);
  ASSERT_EQ(CeedVectorSetArray(dst, CEED_MEM_HOST, CEED_USE_POINTER, user), 0);
  EXPECT_EQ(CeedVectorCopy(src, dst), 0);
  EXPECT_EQ(user[0], 1);
  EXPECT_EQ(user[2], 3);
  ASSERT_EQ(CeedVectorCreate(ceed, 4, &bad), 0);
  EXPECT_EQ(CeedVectorCopy(src, bad), CEED_ERROR_INCOMPATIBLE);
  ExpectMessage("CeedVectors must have the same length to copy");
  EXPECT_EQ(CeedVectorCopy(bad, src), CEED_ERROR_INCOMPATIBLE);
  EXPECT_EQ(CeedVectorCopy(src, src), 0);
  EXPECT_EQ(Values(src), (V{1, 2, 3}));
  for (CeedVector *p : {&src, &dst, &bad}) EXPECT_EQ(CeedVectorDestroy(p), 0);
}

TEST_F(VectorTest, LengthZero) {
  CeedVector v = nullptr, w = nullptr;
  ASSERT_EQ(CeedVectorCreate(ceed, 0, &v), 0);
  ASSERT_EQ(CeedVectorCreate(ceed, 0, &w), 0);
  bool valid = false;
  EXPECT_EQ(CeedVectorHasValidArray(v, &valid), 0);
  EXPECT_TRUE(valid);
  CeedScalar       *a = reinterpret_cast<CeedScalar *>(&valid);
  const CeedScalar *r = a;
  EXPECT_EQ(CeedVectorGetArray(v, CEED_MEM_HOST, &a), 0);
  EXPECT_EQ(a, nullptr);
  EXPECT_EQ(CeedVectorRestoreArray(v, &a), 0);
  EXPECT_EQ(CeedVectorGetArrayRead(v, CEED_MEM_HOST, &r), 0);
  EXPECT_EQ(r, nullptr);
  EXPECT_EQ(CeedVectorRestoreArrayRead(v, &r), 0);
  EXPECT_EQ(CeedVectorSetArray(v, CEED_MEM_HOST, CEED_COPY_VALUES, nullptr), 0);
  EXPECT_EQ(CeedVectorSetArray(v, CEED_MEM_HOST, CEED_OWN_POINTER, static_cast<CeedScalar *>(malloc(8))), 0);
  EXPECT_EQ(CeedVectorSetValue(v, 3.0), 0);
  EXPECT_EQ(CeedVectorSetValueStrided(v, 0, -1, 1, 3.0), 0);
  CeedScalar norm = -1;
  EXPECT_EQ(CeedVectorNorm(v, CEED_NORM_2, &norm), 0);
  EXPECT_EQ(norm, 0.0);
  EXPECT_EQ(CeedVectorScale(v, 2.0), 0);
  EXPECT_EQ(CeedVectorAXPY(v, 2.0, w), 0);
  EXPECT_EQ(CeedVectorAXPBY(v, 2.0, 1.0, w), 0);
  EXPECT_EQ(CeedVectorPointwiseMult(v, w, w), 0);
  EXPECT_EQ(CeedVectorReciprocal(v), 0);
  EXPECT_EQ(CeedVectorFilter(v, 1.0), 0);
  EXPECT_EQ(CeedVectorCopy(v, w), 0);
  EXPECT_EQ(CeedVectorCopyStrided(v, 0, -1, 1, w), 0);
  EXPECT_EQ(CeedVectorSyncArray(v, CEED_MEM_HOST), 0);
  CeedScalar *taken = a;
  EXPECT_EQ(CeedVectorTakeArray(v, CEED_MEM_HOST, &taken), 0);
  EXPECT_EQ(taken, nullptr);
  EXPECT_EQ(View(v, 0, 0, 1, nullptr), "CeedVector length 0\n");
  EXPECT_EQ(CeedVectorDestroy(&v), 0);
  EXPECT_EQ(CeedVectorDestroy(&w), 0);
}

TEST_F(VectorTest, DeviceMemoryUnavailable) {
  CeedVector v          = Make({1, 2});
  CeedScalar device[2]  = {3, 4};
  CeedScalar       *a   = nullptr;
  EXPECT_EQ(CeedVectorSetArray(v, CEED_MEM_DEVICE, CEED_USE_POINTER, device), CEED_ERROR_BACKEND);
  ExpectMessage("Can only set HOST memory for this backend");
  EXPECT_EQ(CeedVectorGetArray(v, CEED_MEM_DEVICE, &a), CEED_ERROR_BACKEND);
  ExpectMessage("Can only provide HOST memory for this backend");
  EXPECT_EQ(CeedVectorSyncArray(v, CEED_MEM_DEVICE), CEED_ERROR_BACKEND);
  ExpectMessage("Can only provide HOST memory for this backend");
  EXPECT_EQ(CeedVectorTakeArray(v, CEED_MEM_DEVICE, &a), CEED_ERROR_BACKEND);
  ExpectMessage("Can only provide HOST memory for this backend");
  EXPECT_EQ(Values(v), (V{1, 2}));
  EXPECT_EQ(CeedVectorDestroy(&v), 0);
}

TEST_F(VectorTest, ViewFormats) {
  CeedVector v = Make({10, -0.5, 2, 3});
  EXPECT_EQ(View(v, 0, 4, 1, "%12.8f"), "CeedVector length 4\n   10.00000000\n   -0.50000000\n    2.00000000\n    3.00000000\n");
  EXPECT_EQ(View(v, 0, 4, 1, nullptr), "CeedVector length 4\n  10\n  -0.5\n  2\n  3\n");
  EXPECT_EQ(View(v, 1, 3, 1, "%g"), "CeedVector length 4\n  start: 1\n  stop:  3\n  step:  1\n  -0.5\n  2\n  ...\n");
  EXPECT_EQ(View(v, 0, -1, 2, "%g"), "CeedVector length 4\n  start: 0\n  stop:  -1\n  step:  2\n  10\n  2\n");
  EXPECT_EQ(View(v, 3, 0, -2, "%g"), "CeedVector length 4\n  start: 3\n  stop:  0\n  step:  -2\n  3\n  -0.5\n  ...\n");
  EXPECT_EQ(View(v, 9, 2, -1, "%g"), "CeedVector length 4\n  start: 9\n  stop:  2\n  step:  -1\n  3\n  ...\n");
  EXPECT_EQ(View(v, 0, 4, 0, "%g"), "error");
  ExpectMessage("Invalid step 0 for viewing a CeedVector");
  EXPECT_EQ(View(v, -1, 4, 1, "%g"), "error");
  ExpectMessage("Invalid start -1");
  EXPECT_EQ(CeedVectorSetNumViewTabs(v, 2), 0);
  CeedInt tabs = 0;
  EXPECT_EQ(CeedVectorGetNumViewTabs(v, &tabs), 0);
  EXPECT_EQ(tabs, 2);
  EXPECT_EQ(View(v, 0, 2, 1, "%g"), "    CeedVector length 4\n      start: 0\n      stop:  2\n      step:  1\n      10\n      -0.5\n      ...\n");
  // A vector without data or with a writer prints nothing.
  CeedScalar *a = nullptr;
  EXPECT_EQ(CeedVectorGetArray(v, CEED_MEM_HOST, &a), 0);
  EXPECT_EQ(View(v, 0, 4, 1, "%g"), "error");
  ExpectMessage("Cannot grant CeedVector read-only array access");
  EXPECT_EQ(CeedVectorRestoreArray(v, &a), 0);
  CeedVector fresh = nullptr;
  ASSERT_EQ(CeedVectorCreate(ceed, 2, &fresh), 0);
  EXPECT_EQ(View(fresh, 0, 2, 1, "%g"), "error");
  ExpectMessage("CeedVector has no valid data to view");
  EXPECT_EQ(CeedVectorDestroy(&fresh), 0);
  // CeedObject dispatch uses "%12.8f" and destroy NULLs the variable.
  char  *buf = nullptr;
  size_t len = 0;
  FILE  *f   = open_memstream(&buf, &len);
  EXPECT_EQ(CeedObjectView(reinterpret_cast<CeedObject>(v), f), 0);
  fclose(f);
  EXPECT_EQ(std::string(buf, len).substr(0, 43), "    CeedVector length 4\n       10.00000000\n");
  free(buf);
  EXPECT_EQ(CeedObjectDestroy(reinterpret_cast<CeedObject *>(&v)), 0);
  EXPECT_EQ(v, nullptr);
}

// ---- Device buffers through a test backend -----------------------------------------------------------
// "Device" memory is host memory handed out by the backend hooks, so every transfer is observable.

struct FakeDevice {
  int allocs = 0, frees = 0, to_device = 0, to_host = 0, on_device = 0, scale_calls = 0;
};
FakeDevice g_dev;

int DevAlloc(Ceed, size_t bytes, void **ptr) {
  *ptr = malloc(bytes);
  g_dev.allocs++;
  return *ptr ? 0 : CEED_ERROR_MAJOR;
}
int DevFree(Ceed, void *ptr) {
  free(ptr);
  g_dev.frees++;
  return 0;
}
int DevCopy(Ceed, void *dst, CeedMemType dst_mem, const void *src, CeedMemType src_mem, size_t bytes) {
  memcpy(dst, src, bytes);
  if (dst_mem == CEED_MEM_DEVICE && src_mem == CEED_MEM_HOST) g_dev.to_device++;
  else if (dst_mem == CEED_MEM_HOST && src_mem == CEED_MEM_DEVICE) g_dev.to_host++;
  else if (dst_mem == CEED_MEM_DEVICE) g_dev.on_device++;
  return 0;
}
int DevPreferred(Ceed, CeedMemType *mem_type) {
  *mem_type = CEED_MEM_DEVICE;
  return 0;
}
int DevScale(CeedVector x, CeedScalar alpha) {
  CeedSize    len = 0;
  CeedScalar *a   = nullptr;
  CeedCall(CeedVectorGetLength(x, &len));
  CeedCall(CeedVectorGetArray(x, CEED_MEM_DEVICE, &a));
  for (CeedSize i = 0; i < len; i++) a[i] *= alpha;
  g_dev.scale_calls++;
  return CeedVectorRestoreArray(x, &a);
}
int DevInit(const char *, Ceed ceed) {
  CeedBackendOps ops{};
  ops.size                = sizeof(ops);
  ops.DeviceAlloc         = DevAlloc;
  ops.DeviceFree          = DevFree;
  ops.DeviceCopy          = DevCopy;
  ops.GetPreferredMemType = DevPreferred;
  ops.VectorScale         = DevScale;
  return CeedSetBackendOps(ceed, &ops);
}

class DeviceVectorTest : public VectorTest {
 protected:
  void SetUp() override {
    setenv("CEED_ERROR_HANDLER", "store", 1);
    static bool registered = false;
    if (!registered) {
      ASSERT_EQ(CeedRegister("/cpu/self/vector-test-device", DevInit, 5000), 0);
      registered = true;
    }
    g_dev = FakeDevice{};
    ASSERT_EQ(CeedInit("/cpu/self/vector-test-device", &ceed), 0);
    ASSERT_EQ(CeedSetErrorHandler(ceed, CeedErrorStore), 0);
  }
};

TEST_F(DeviceVectorTest, BuffersSyncBetweenMemorySpaces) {
  CeedVector  v = Make({1, 2, 3, 4});
  CeedScalar *d = nullptr;
  EXPECT_EQ(CeedVectorGetArray(v, CEED_MEM_DEVICE, &d), 0);
  EXPECT_EQ(g_dev.to_device, 1);
  EXPECT_EQ(d[3], 4);
  d[0] = 10;
  EXPECT_EQ(CeedVectorRestoreArray(v, &d), 0);
  EXPECT_EQ(Values(v), (V{10, 2, 3, 4}));  // host copy refreshed from the device
  EXPECT_EQ(g_dev.to_host, 1);
  EXPECT_EQ(CeedVectorSyncArray(v, CEED_MEM_DEVICE), 0);  // both valid: no transfer
  EXPECT_EQ(g_dev.to_device, 1);
  // The backend kernel runs on device memory and the state advances by 2.
  uint64_t s0 = 0, s = 0;
  EXPECT_EQ(CeedVectorGetState(v, &s0), 0);
  EXPECT_EQ(CeedVectorScale(v, 2.0), 0);
  EXPECT_EQ(g_dev.scale_calls, 1);
  EXPECT_EQ(CeedVectorGetState(v, &s), 0);
  EXPECT_EQ(s, s0 + 2);
  EXPECT_EQ(Values(v), (V{20, 4, 6, 8}));
  EXPECT_EQ(g_dev.to_host, 2);
  // Write-only device access invalidates the host copy without transfers.
  EXPECT_EQ(CeedVectorGetArrayWrite(v, CEED_MEM_DEVICE, &d), 0);
  EXPECT_EQ(g_dev.to_device, 1);
  for (int i = 0; i < 4; i++) d[i] = -i;
  EXPECT_EQ(CeedVectorRestoreArray(v, &d), 0);
  CeedScalar norm = 0;
  EXPECT_EQ(CeedVectorNorm(v, CEED_NORM_1, &norm), 0);  // host loop
  EXPECT_EQ(norm, 6.0);
  // Copy between two vectors preferring device memory transfers on the device.
  CeedVector c = nullptr;
  ASSERT_EQ(CeedVectorCreate(ceed, 4, &c), 0);
  EXPECT_EQ(CeedVectorCopy(v, c), 0);
  EXPECT_EQ(g_dev.on_device, 1);
  EXPECT_EQ(Values(c), (V{0, -1, -2, -3}));
  EXPECT_EQ(CeedVectorDestroy(&c), 0);
  EXPECT_EQ(CeedVectorDestroy(&v), 0);
  EXPECT_EQ(g_dev.allocs, g_dev.frees);
}

TEST_F(DeviceVectorTest, DeviceCopyModesAndTake) {
  CeedVector v = nullptr;
  ASSERT_EQ(CeedVectorCreate(ceed, 3, &v), 0);
  CeedScalar src[3] = {1, 2, 3};
  EXPECT_EQ(CeedVectorSetArray(v, CEED_MEM_DEVICE, CEED_COPY_VALUES, src), 0);
  EXPECT_EQ(g_dev.on_device, 1);
  EXPECT_EQ(Values(v), (V{1, 2, 3}));
  auto *dev_array = static_cast<CeedScalar *>(malloc(3 * sizeof(CeedScalar)));
  dev_array[0] = 7, dev_array[1] = 8, dev_array[2] = 9;
  EXPECT_EQ(CeedVectorSetArray(v, CEED_MEM_DEVICE, CEED_USE_POINTER, dev_array), 0);
  bool has = false;
  EXPECT_EQ(CeedVectorHasBorrowedArrayOfType(v, CEED_MEM_DEVICE, &has), 0);
  EXPECT_TRUE(has);
  EXPECT_EQ(Values(v), (V{7, 8, 9}));
  // Host writes are synced back into the borrowed device array before it is taken.
  EXPECT_EQ(CeedVectorSetValue(v, 5.0), 0);
  CeedScalar *taken = nullptr;
  EXPECT_EQ(CeedVectorTakeArray(v, CEED_MEM_DEVICE, &taken), 0);
  EXPECT_EQ(taken, dev_array);
  EXPECT_EQ(dev_array[1], 5.0);
  free(dev_array);
  EXPECT_EQ(Values(v), V(3, 5.0));  // the host copy is still valid
  EXPECT_EQ(CeedVectorTakeArray(v, CEED_MEM_DEVICE, &taken), CEED_ERROR_BACKEND);
  ExpectMessage("CeedVector has no borrowed device array, must set array with CeedVectorSetArray");
  auto *own = static_cast<CeedScalar *>(malloc(3 * sizeof(CeedScalar)));
  own[0] = own[1] = own[2] = 1.5;
  const int frees = g_dev.frees;
  EXPECT_EQ(CeedVectorSetArray(v, CEED_MEM_DEVICE, CEED_OWN_POINTER, own), 0);
  EXPECT_EQ(Values(v), V(3, 1.5));
  EXPECT_EQ(CeedVectorDestroy(&v), 0);
  EXPECT_GT(g_dev.frees, frees);  // the owned device array went back through DeviceFree
}

}  // namespace
