// Unit tests of resource resolution as a libCEED user meets it: every libCEED resource name initialises and
// CeedGetResource returns it, /gpu/sycl says there is no SYCL backend, test backends are never chosen or
// suggested, and resource options are checked against what the serving backend takes.
#include <ceed.h>
#include <ceed/backend.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

namespace {

std::string NullMessage() {
  const char *msg = nullptr;
  CeedGetErrorMessage(nullptr, &msg);
  return msg ? msg : "";
}

class ResourceNames : public ::testing::Test {
 protected:
  void SetUp() override { setenv("CEED_ERROR_HANDLER", "store", 1); }
};

TEST_F(ResourceNames, EveryLibceedCpuNameInitialisesUnderItsOwnName) {
  for (const char *name : {"/cpu/self/ref/serial", "/cpu/self/ref/blocked", "/cpu/self/opt/serial", "/cpu/self/opt/blocked",
                           "/cpu/self/avx/serial", "/cpu/self/avx/blocked", "/cpu/self/xsmm/serial", "/cpu/self/xsmm/blocked",
                           "/cpu/self/memcheck/serial", "/cpu/self/memcheck/blocked"}) {
    Ceed ceed = nullptr;
    ASSERT_EQ(CeedInit(name, &ceed), 0) << name << ": " << NullMessage();
    const char *resource = nullptr;
    CeedGetResource(ceed, &resource);
    EXPECT_STREQ(resource, name);
    CeedDestroy(&ceed);
  }
}

TEST_F(ResourceNames, LibceedFamilyPrefixesPickTheirBestMember) {
  // libCEED's priorities: blocked before serial for opt, serial before blocked for memcheck.
  for (const auto &[request, expected] : {std::pair<const char *, const char *>{"/cpu/self/opt", "/cpu/self/opt/blocked"},
                                          {"/cpu/self/memcheck", "/cpu/self/memcheck/serial"}, {"/cpu/self", "/cpu/self/gen"}}) {
    Ceed ceed = nullptr;
    ASSERT_EQ(CeedInit(request, &ceed), 0) << request << ": " << NullMessage();
    const char *resource = nullptr;
    CeedGetResource(ceed, &resource);
    EXPECT_STREQ(resource, expected) << request;
    CeedDestroy(&ceed);
  }
}

TEST_F(ResourceNames, SyclIsRefusedWithTheReason) {
  Ceed ceed = nullptr;
  EXPECT_NE(CeedInit("/gpu/sycl/gen", &ceed), 0);
  EXPECT_EQ(ceed, nullptr);
  EXPECT_NE(NullMessage().find("No suitable backend: /gpu/sycl/gen"), std::string::npos) << NullMessage();
  EXPECT_NE(NullMessage().find("no SYCL backend"), std::string::npos) << NullMessage();
}

TEST_F(ResourceNames, TestBackendsAreNeverChosenNorSuggested) {
  Ceed ceed = nullptr;
  EXPECT_NE(CeedInit("", &ceed), 0);
  EXPECT_EQ(NullMessage().find("/gpu/emu"), std::string::npos) << NullMessage();
  EXPECT_NE(NullMessage().find("No suitable backend: (an empty resource): name one, such as /cpu/self"), std::string::npos) << NullMessage();
  EXPECT_EQ(NullMessage().find("/cpu/test"), std::string::npos) << NullMessage();
  EXPECT_NE(CeedInit("/gpu/emu/reff", &ceed), 0);
  EXPECT_EQ(NullMessage().find("Closest match: /gpu/emu"), std::string::npos) << NullMessage();
  // /gpu: a real GPU backend or an error, never the emulator (which is still there by its full name).
  if (CeedInit("/gpu", &ceed) == 0) {
    const char *resource = nullptr;
    CeedGetResource(ceed, &resource);
    EXPECT_EQ(std::string(resource).rfind("/gpu/emu", 0), std::string::npos) << resource;
    CeedDestroy(&ceed);
  } else {
    EXPECT_EQ(NullMessage().find("/gpu/emu"), std::string::npos) << NullMessage();
  }
  // The registry's list (CeedRegistryGetList, "help") leaves them out too.
  size_t   n        = 0;
  char   **prefixes = nullptr;
  ASSERT_EQ(CeedRegistryGetList(&n, &prefixes, nullptr), 0);
  for (size_t i = 0; i < n; i++) EXPECT_EQ(std::string(prefixes[i]).rfind("/gpu/emu", 0), std::string::npos) << prefixes[i];
  std::free(prefixes);
}

// A libCEED-style alias of a GPU backend (/gpu/cuda/shared serves /gpu/cuda/gen) initialises as the backend it
// names: on the emulator, /gpu/emu/shared must take the gen path, which creates its /gpu/emu/ref delegate.
TEST_F(ResourceNames, GpuAliasInitialisesAsTheBackendItServes) {
  Ceed ceed = nullptr;
  setenv("CEED_DEBUG", "1", 1);
  testing::internal::CaptureStdout();
  const int         ierr  = CeedInit("/gpu/emu/shared", &ceed);
  const std::string debug = testing::internal::GetCapturedStdout();
  unsetenv("CEED_DEBUG");
  if (ierr && NullMessage().find("No suitable backend") != std::string::npos) GTEST_SKIP() << "the /gpu/emu test backend is not built";
  ASSERT_EQ(ierr, 0) << NullMessage();
  const char *resource = nullptr;
  CeedGetResource(ceed, &resource);
  EXPECT_STREQ(resource, "/gpu/emu/shared");
  EXPECT_NE(debug.find("CeedInit: resource /gpu/emu/ref served by /gpu/emu/ref"), std::string::npos) << debug;
  EXPECT_NE(debug.find("served by /gpu/emu/shared (the backend of /gpu/emu/gen)"), std::string::npos) << debug;
  CeedDestroy(&ceed);
}

// CeedInit(resource) fails naming the option, the resource and what the backend takes.
void ExpectRejected(const char *resource, const char *option, const char *valid) {
  Ceed ceed = nullptr;
  EXPECT_NE(CeedInit(resource, &ceed), 0) << resource;
  EXPECT_EQ(ceed, nullptr);
  const std::string message = NullMessage();
  EXPECT_NE(message.find(option), std::string::npos) << message;
  EXPECT_NE(message.find(std::string("in resource ") + resource), std::string::npos) << message;
  EXPECT_NE(message.find(std::string("takes these options: ") + valid), std::string::npos) << message;
}

TEST_F(ResourceNames, OptionsAreStrict) {
  ExpectRejected("/cpu/self/gen:bogus=1", "Unknown option 'bogus'", "threads=");
  ExpectRejected("/cpu/self/gen:thread=4", "Unknown option 'thread'", "threads=<an integer from 1>, lanes=");
  ExpectRejected("/cpu/self/gen:min_blocks=2", "Unknown option 'min_blocks'", "threads=");
  ExpectRejected("/cpu/self/gen:threads=abc", "Invalid value 'abc' of option threads", "threads=");
  ExpectRejected("/cpu/self/gen:lanes=4,threads=0", "Invalid value '0' of option threads", "threads=");
  ExpectRejected("/cpu/self/ref:threads=abc", "Unknown option 'threads'", "none");
  ExpectRejected("/cpu/self/opt/blocked:device_id=0", "Unknown option 'device_id'", "threads=");
}

TEST_F(ResourceNames, DeclaredOptionsAreTakenAndShownByCeedDebug) {
  Ceed ceed = nullptr;
  setenv("CEED_DEBUG", "1", 1);
  testing::internal::CaptureStdout();
  const int         ierr  = CeedInit("/cpu/self/opt/serial:threads=2,lanes=4", &ceed);
  const std::string debug = testing::internal::GetCapturedStdout();
  unsetenv("CEED_DEBUG");
  ASSERT_EQ(ierr, 0) << NullMessage();
  EXPECT_NE(debug.find("resource /cpu/self/opt/serial:threads=2,lanes=4 served by /cpu/self/opt/serial (the backend of /cpu/self/gen)"),
            std::string::npos)
      << debug;
  EXPECT_NE(debug.find("options in force: threads=2, lanes=4"), std::string::npos) << debug;
  char value[8];
  bool found = false;
  EXPECT_EQ(CeedGetResourceOption(ceed, "lanes", value, sizeof(value), &found), 0);
  EXPECT_TRUE(found);
  EXPECT_STREQ(value, "4");
  CeedDestroy(&ceed);
}

}  // namespace
