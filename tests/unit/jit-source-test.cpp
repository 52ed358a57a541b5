// Unit tests of JIT source loading (spec 01 §6): one translation unit with local includes inlined once,
// ceed JIT headers inlined from the roots, host-only headers dropped, system includes kept.
#include <ceed.h>
#include <ceed/backend.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

namespace {

const std::string fixtures = std::string(CEEDRT_TEST_SOURCE_DIR) + "/unit/jit-fixtures";

size_t Count(const std::string &text, const std::string &needle) {
  size_t n = 0;
  for (size_t at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1)) n++;
  return n;
}

class JitSource : public ::testing::Test {
 protected:
  void SetUp() override {
    setenv("CEED_ERROR_HANDLER", "store", 1);
    ASSERT_EQ(CeedInit("/cpu/self/ref/serial", &ceed), 0);
  }
  void TearDown() override { EXPECT_EQ(CeedDestroy(&ceed), 0); }
  std::string Load(const std::string &path) {
    char *buffer = nullptr;
    EXPECT_EQ(CeedLoadSourceToBuffer(ceed, path.c_str(), &buffer), 0);
    std::string text = buffer ? buffer : "";
    CeedFree(&buffer);
    return text;
  }
  std::string Message() const {
    const char *msg = nullptr;
    CeedGetErrorMessage(ceed, &msg);
    return msg;
  }
  Ceed ceed = nullptr;
};

TEST_F(JitSource, InlinesLocalIncludesOnce) {
  const std::string text = Load(fixtures + "/qf-main.h");
  EXPECT_EQ(Count(text, "#define FIXTURE_SHARED 3"), 1u) << text;
  EXPECT_EQ(Count(text, "FixtureHelper(CeedScalar x)"), 1u);
  EXPECT_EQ(Count(text, "CEED_QFUNCTION(FixtureScale)"), 1u);
  // The helper's definition comes before its use in the QFunction.
  EXPECT_LT(text.find("FixtureHelper(CeedScalar x)"), text.find("CEED_QFUNCTION(FixtureScale)"));
  EXPECT_EQ(Count(text, "pragma"), 0u) << "#pragma once lines must be removed";
}

TEST_F(JitSource, ResolvesCeedHeadersFromRootsAndFiltersSystemIncludes) {
  const std::string text = Load(fixtures + "/qf-main.h");
  EXPECT_NE(text.find("#define CEED_QFUNCTION"), std::string::npos) << "ceed/types.h was not inlined";
  EXPECT_EQ(Count(text, "#include <fake-sys-include.h>"), 1u) << "unknown system includes are kept for the device compiler";
  EXPECT_EQ(Count(text, "math.h"), 0u);
  EXPECT_EQ(Count(text, "#include <ceed.h>"), 0u);
  EXPECT_EQ(Count(text, "#include"), 1u) << text;
}

TEST_F(JitSource, MarksLinesOfEveryFile) {
  const std::string text = Load(fixtures + "/qf-main.h");
  EXPECT_NE(text.find("#line 1 \"" + fixtures + "/qf-main.h\""), std::string::npos);
  EXPECT_NE(text.find("#line 1 \"" + fixtures + "/sub/qf-helper.h\""), std::string::npos);
  // After the inlined helper (included at line 7), numbering resumes at line 8 of the main file.
  EXPECT_NE(text.find("#line 8 \"" + fixtures + "/qf-main.h\""), std::string::npos);
}

TEST_F(JitSource, ResolvesPathsRelativeToJitRoots) {
  ASSERT_EQ(CeedAddJitSourceRoot(ceed, fixtures.c_str()), 0);
  char *absolute = nullptr;
  ASSERT_EQ(CeedGetJitAbsolutePath(ceed, "sub/qf-helper.h", &absolute), 0);
  EXPECT_EQ(std::string(absolute), fixtures + "/sub/qf-helper.h");
  CeedFree(&absolute);
  // Gallery sources resolve against the installed include/ root, which is always first.
  const std::string gallery = Load("ceed/jit-source/gallery/ceed-mass3dbuild.h");
  EXPECT_NE(gallery.find("Mass3DBuild"), std::string::npos);
}

TEST_F(JitSource, ReportsMissingFilesWithTheirIncluder) {
  char *buffer = nullptr;
  EXPECT_EQ(CeedLoadSourceToBuffer(ceed, (fixtures + "/qf-missing.h").c_str(), &buffer), CEED_ERROR_MAJOR);
  EXPECT_EQ(buffer, nullptr);
  EXPECT_NE(Message().find("\"no-such-header.h\" included from " + fixtures + "/qf-missing.h:3"), std::string::npos) << Message();
  EXPECT_EQ(CeedLoadSourceToBuffer(ceed, "no/such/file.h", &buffer), CEED_ERROR_MAJOR);
  EXPECT_NE(Message().find("no/such/file.h"), std::string::npos) << Message();
  EXPECT_EQ(CeedLoadSourceToBuffer(ceed, nullptr, &buffer), CEED_ERROR_INCOMPATIBLE);
}

}  // namespace
