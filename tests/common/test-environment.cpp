// Linked into every GoogleTest executable: the kernel cache of the build tree unless a test or the caller chose
// one, so that tests never write into the user's cache. (gtest_discover_tests passes only the first entry of an
// ENVIRONMENT list to the discovered tests, so CEEDRT_TEST_ENV cannot carry it; a test that needs its own cache
// still sets CEEDRT_CACHE_DIR itself.)
#include <cstdlib>

namespace {

const bool kBuildTreeCache = [] {
  setenv("CEEDRT_CACHE_DIR", CEEDRT_TEST_CACHE_DIR, 0);
  return true;
}();

}  // namespace
