// Linked into every GoogleTest executable: the kernel cache of the build tree unless a test or the caller chose
// one, so that tests never write into the user's cache, and the vendor compilers' checks of the /gpu/emu units
// (CEEDRT_EMU_NVRTC_CHECK, CEEDRT_EMU_HIPRTC_CHECK, tests/CMakeLists.txt) unless the caller set them.
// (gtest_discover_tests passes only the first entry of an ENVIRONMENT list to the discovered tests, so
// CEEDRT_TEST_ENV cannot carry them; a test that needs its own cache still sets CEEDRT_CACHE_DIR itself.)
#include <cstdlib>

namespace {

const bool kTestEnvironment = [] {
  setenv("CEEDRT_CACHE_DIR", CEEDRT_TEST_CACHE_DIR, 0);
#ifdef TEST_CEEDRT_EMU_NVRTC_CHECK
  setenv("CEEDRT_EMU_NVRTC_CHECK", TEST_CEEDRT_EMU_NVRTC_CHECK, 0);
#endif
#ifdef TEST_CEEDRT_EMU_HIPRTC_CHECK
  setenv("CEEDRT_EMU_HIPRTC_CHECK", TEST_CEEDRT_EMU_HIPRTC_CHECK, 0);
#endif
  return true;
}();

}  // namespace
