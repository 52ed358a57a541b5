// Unit tests of the library context: invalid calls return codes with messages naming the bad value,
// contexts can be created and used from several threads at once, delegation resolves through parents.
#include <ceed.h>
#include <ceed/backend.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

namespace {

class CeedContext : public ::testing::Test {
 protected:
  void SetUp() override {
    setenv("CEED_ERROR_HANDLER", "store", 1);
    ASSERT_EQ(CeedInit("/cpu/self/ref/serial", &ceed), 0);
  }
  void TearDown() override { EXPECT_EQ(CeedDestroy(&ceed), 0); }
  std::string Message() const {
    const char *msg = nullptr;
    CeedGetErrorMessage(ceed, &msg);
    return msg;
  }
  static std::string NullMessage() {
    const char *msg = nullptr;
    CeedGetErrorMessage(nullptr, &msg);
    return msg;
  }
  Ceed ceed = nullptr;
};

TEST_F(CeedContext, RejectsNullOutputs) {
  EXPECT_EQ(CeedInit("/cpu/self/ref/serial", nullptr), CEED_ERROR_INCOMPATIBLE);
  EXPECT_NE(NullMessage().find("output Ceed pointer is NULL"), std::string::npos);
  EXPECT_EQ(CeedGetResource(ceed, nullptr), CEED_ERROR_INCOMPATIBLE);
  EXPECT_EQ(CeedGetPreferredMemType(nullptr, nullptr), CEED_ERROR_INCOMPATIBLE);
  EXPECT_EQ(CeedIsDeterministic(ceed, nullptr), CEED_ERROR_INCOMPATIBLE);
  EXPECT_EQ(CeedReferenceCopy(ceed, nullptr), CEED_ERROR_INCOMPATIBLE);
}

TEST_F(CeedContext, RejectsNullResource) {
  Ceed other = nullptr;
  EXPECT_EQ(CeedInit(nullptr, &other), CEED_ERROR_MAJOR);
  EXPECT_NE(NullMessage().find("No resource provided"), std::string::npos);
  EXPECT_EQ(other, nullptr);
}

TEST_F(CeedContext, SuggestsClosestResource) {
  Ceed other = nullptr;
  EXPECT_EQ(CeedInit("/cpu/self/ref/seriall", &other), CEED_ERROR_MAJOR);
  EXPECT_NE(NullMessage().find("No suitable backend: /cpu/self/ref/seriall\nClosest match: /cpu/self/ref/serial"), std::string::npos)
      << NullMessage();
  EXPECT_EQ(CeedInit("/cpu/self/re", &other), CEED_ERROR_MAJOR);  // not a whole path component
  EXPECT_EQ(CeedInit("", &other), CEED_ERROR_MAJOR);
}

TEST_F(CeedContext, NegativeViewTabs) {
  EXPECT_EQ(CeedSetNumViewTabs(ceed, -1), CEED_ERROR_MINOR);
  EXPECT_NE(Message().find("Number of view tabs must be non-negative"), std::string::npos);
  CeedInt tabs = -5;
  EXPECT_EQ(CeedGetNumViewTabs(ceed, &tabs), 0);
  EXPECT_EQ(tabs, 0);
}

TEST_F(CeedContext, StreamErrors) {
  EXPECT_EQ(CeedSetStream(ceed, nullptr), CEED_ERROR_INCOMPATIBLE);
  EXPECT_NE(Message().find("Stream handle must be non-NULL"), std::string::npos);
  int fake_stream = 0;
  EXPECT_EQ(CeedSetStream(ceed, &fake_stream), CEED_ERROR_UNSUPPORTED);
  EXPECT_NE(Message().find("Backend does not support setting stream"), std::string::npos);
}

TEST_F(CeedContext, ErrorHandlerMustNotBeNull) {
  EXPECT_EQ(CeedSetErrorHandler(ceed, nullptr), CEED_ERROR_INCOMPATIBLE);
  // The previous handler (store) is still in place.
  EXPECT_EQ(CeedSetNumViewTabs(ceed, -2), CEED_ERROR_MINOR);
}

TEST_F(CeedContext, JitRootErrors) {
  EXPECT_EQ(CeedAddJitSourceRoot(ceed, nullptr), CEED_ERROR_INCOMPATIBLE);
  EXPECT_EQ(CeedAddJitDefine(ceed, ""), CEED_ERROR_INCOMPATIBLE);
  const char **roots = nullptr;
  EXPECT_EQ(CeedRestoreJitSourceRoots(ceed, &roots), CEED_ERROR_ACCESS);
  EXPECT_NE(Message().find("access was not granted"), std::string::npos);
}

TEST_F(CeedContext, WorkVectorErrors) {
  CeedVector vec = nullptr;
  EXPECT_EQ(CeedGetWorkVector(ceed, -4, &vec), CEED_ERROR_DIMENSION);
  EXPECT_NE(Message().find("negative length -4"), std::string::npos);
  CeedVector bogus = nullptr;
  EXPECT_EQ(CeedRestoreWorkVector(ceed, &bogus), CEED_ERROR_MAJOR);
}

TEST_F(CeedContext, ResourceOptionTooLong) {
  Ceed other;
  // (threads=0002: two threads, spelt with four characters)
  ASSERT_EQ(CeedInit("/cpu/self/gen:threads=0002", &other), 0);
  CeedSetErrorHandler(other, CeedErrorStore);
  char value[4];
  bool found;
  EXPECT_EQ(CeedGetResourceOption(other, "threads", value, sizeof(value), &found), CEED_ERROR_DIMENSION);
  char big[16];
  EXPECT_EQ(CeedGetResourceOption(other, "threads", big, sizeof(big), &found), 0);
  EXPECT_TRUE(found);
  EXPECT_STREQ(big, "0002");
  CeedDestroy(&other);
}

// Messages are stored whole: a compile error ends with the generated source's path, past any fixed buffer.
TEST_F(CeedContext, LongMessagesAreStoredWhole) {
  CeedSetErrorHandler(ceed, CeedErrorStore);
  const std::string body = std::string(5000, 'x') + " end of a long message";
  EXPECT_EQ(CeedError(ceed, CEED_ERROR_MINOR, "%s", body.c_str()), CEED_ERROR_MINOR);
  const std::string msg = Message();
  ASSERT_GE(msg.size(), body.size());
  EXPECT_EQ(msg.substr(msg.size() - body.size()), body);
  // Raised without a context, the same holds for the thread's message.
  EXPECT_EQ(CeedError(nullptr, CEED_ERROR_MINOR, "%s", body.c_str()), CEED_ERROR_MINOR);
  EXPECT_EQ(NullMessage().substr(NullMessage().size() - body.size()), body);
  // Locations in the checkout are given relative to it, not as this machine's path.
  EXPECT_EQ(NullMessage().rfind("tests/unit/ceed-test.cpp:", 0), 0u) << NullMessage();
}

TEST_F(CeedContext, DelegationResolvesParent) {
  Ceed delegate = nullptr, parent = nullptr, got = nullptr;
  ASSERT_EQ(CeedInit("/cpu/self/ref/blocked", &delegate), 0);
  ASSERT_EQ(CeedSetDelegate(ceed, delegate), 0);
  EXPECT_EQ(CeedSetDelegate(ceed, ceed), CEED_ERROR_INCOMPATIBLE);
  CeedGetDelegate(ceed, &got);
  EXPECT_EQ(got, delegate);
  CeedGetParent(delegate, &parent);
  EXPECT_EQ(parent, ceed);
  // Errors raised on the delegate are stored on the root context.
  CeedSetErrorHandler(ceed, CeedErrorStore);
  EXPECT_EQ(CeedError(delegate, CEED_ERROR_MINOR, "raised on the delegate"), CEED_ERROR_MINOR);
  EXPECT_NE(Message().find("raised on the delegate"), std::string::npos);
  CeedDestroy(&delegate);  // the parent keeps its own reference
  CeedGetDelegate(ceed, &got);
  EXPECT_NE(got, nullptr);
}

TEST(CeedThreads, IndependentContextsInParallel) {
  setenv("CEED_ERROR_HANDLER", "store", 1);
  std::vector<std::thread> threads;
  std::vector<int>         failures(4, 0);
  for (int t = 0; t < 4; t++) {
    threads.emplace_back([t, &failures] {
      for (int i = 0; i < 50; i++) {
        Ceed ceed;
        if (CeedInit(t % 2 ? "/cpu/self/ref/blocked" : "/cpu/self/ref/serial", &ceed)) {
          failures[t]++;
          continue;
        }
        CeedVector v;
        CeedScalar norm = 0;
        CeedVectorCreate(ceed, 100 + t, &v);
        CeedVectorSetValue(v, 1.0);
        CeedVectorNorm(v, CEED_NORM_1, &norm);
        if (norm != 100 + t) failures[t]++;
        CeedVectorDestroy(&v);
        CeedDestroy(&ceed);
      }
    });
  }
  for (auto &th : threads) th.join();
  for (int t = 0; t < 4; t++) EXPECT_EQ(failures[t], 0) << "thread " << t;
}

}  // namespace
