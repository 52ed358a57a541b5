// CeedElemRestriction index arrays in device memory, through an in-process backend (/cpu/self/devmem)
// whose "device" memory is host memory behind CeedBackendOps DeviceAlloc/DeviceFree/DeviceCopy, with
// every allocation and copy recorded: creation from device arrays in every copy mode and every
// restriction kind (same results as from host arrays), device copies handed out by the Get* functions
// (made once, shared by unsigned copies, released at destroy), failures of the backend's hooks, and the
// errors of a backend without device memory.
#include <ceed.h>
#include <ceed/backend.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <vector>

namespace {

using Values = std::vector<CeedScalar>;

// The test backend's device memory: live allocations and counters.
struct DeviceMemory {
  std::map<const void *, size_t> live;
  int  allocs = 0, frees = 0, to_host = 0, to_device = 0;
  bool fail_next_copy = false;
} device;

int DeviceAlloc(Ceed, size_t bytes, void **ptr) {
  *ptr = bytes ? std::malloc(bytes) : nullptr;
  if (*ptr) {
    device.live[*ptr] = bytes;
    device.allocs++;
  }
  return CEED_ERROR_SUCCESS;
}

int DeviceFree(Ceed ceed, void *ptr) {
  if (!ptr) return CEED_ERROR_SUCCESS;
  CeedCheck(device.live.erase(ptr) == 1, ceed, CEED_ERROR_BACKEND, "devmem: %p is not a live device allocation", ptr);
  std::free(ptr);
  device.frees++;
  return CEED_ERROR_SUCCESS;
}

// The allocation holding [p, p + bytes), if any.
bool IsDevice(const void *p, size_t bytes) {
  for (const auto &[base, size] : device.live) {
    const char *b = static_cast<const char *>(base), *c = static_cast<const char *>(p);
    if (c >= b && c + bytes <= b + size) return true;
  }
  return false;
}

int DeviceCopy(Ceed ceed, void *dst, CeedMemType dst_mem, const void *src, CeedMemType src_mem, size_t bytes) {
  if (device.fail_next_copy) {
    device.fail_next_copy = false;
    return CeedError(ceed, CEED_ERROR_BACKEND, "devmem: injected copy failure");
  }
  CeedCheck(dst_mem != CEED_MEM_DEVICE || IsDevice(dst, bytes), ceed, CEED_ERROR_BACKEND, "devmem: destination is not device memory");
  CeedCheck(src_mem != CEED_MEM_DEVICE || IsDevice(src, bytes), ceed, CEED_ERROR_BACKEND, "devmem: source is not device memory");
  if (dst_mem == CEED_MEM_HOST && src_mem == CEED_MEM_DEVICE) device.to_host++;
  if (dst_mem == CEED_MEM_DEVICE && src_mem == CEED_MEM_HOST) device.to_device++;
  std::memmove(dst, src, bytes);
  return CEED_ERROR_SUCCESS;
}

int Init(const char *, Ceed ceed) {
  Ceed ref = nullptr;
  CeedCall(CeedInit("/cpu/self/ref/serial", &ref));
  CeedCall(CeedSetDelegate(ceed, ref));
  CeedCall(CeedDestroy(&ref));
  CeedBackendOps ops{};
  ops.size        = sizeof(ops);
  ops.DeviceAlloc = DeviceAlloc;
  ops.DeviceFree  = DeviceFree;
  ops.DeviceCopy  = DeviceCopy;
  return CeedSetBackendOps(ceed, &ops);
}

// Element k of three 2-node elements covers nodes k and k+1 of 4.
const std::vector<CeedInt>  kOffsets = {0, 1, 1, 2, 2, 3};
const std::vector<bool>     kOrients = {false, true, false, false, true, true};
const std::vector<CeedInt8> kCurl    = {0, 1, -1, 1, 1, 0, 0, -1, 1, 1, 1, 0, 0, 1, 0, 2, -1, 0};

class RstrDevice : public ::testing::Test {
 protected:
  void SetUp() override {
    device = DeviceMemory{};
    ASSERT_EQ(CeedRegister("/cpu/self/devmem", Init, 10), 0);
    ASSERT_EQ(CeedInit("/cpu/self/devmem", &ceed), 0);
    CeedSetErrorHandler(ceed, CeedErrorStore);
  }
  void TearDown() override {
    EXPECT_EQ(CeedDestroy(&ceed), 0);
    EXPECT_TRUE(device.live.empty()) << device.live.size() << " device allocations leaked";
  }
  std::string Message() const {
    const char *msg = nullptr;
    CeedGetErrorMessage(ceed, &msg);
    return msg ? msg : "";
  }
  // A device array holding values (std::vector<bool> has no data(): copied element by element).
  template <class T>
  T *ToDevice(const std::vector<T> &values) {
    void *p = nullptr;
    DeviceAlloc(ceed, values.size() * sizeof(T), &p);
    for (size_t i = 0; i < values.size(); i++) static_cast<T *>(p)[i] = values[i];
    return static_cast<T *>(p);
  }
  Values Apply(CeedElemRestriction rstr, CeedTransposeMode t_mode, const Values &u) {
    CeedSize l_size = 0, e_size = 0;
    CeedElemRestrictionGetLVectorSize(rstr, &l_size);
    CeedElemRestrictionGetEVectorSize(rstr, &e_size);
    CeedVector vu = nullptr, vr = nullptr;
    CeedVectorCreate(ceed, static_cast<CeedSize>(u.size()), &vu);
    CeedVectorSetArray(vu, CEED_MEM_HOST, CEED_COPY_VALUES, const_cast<CeedScalar *>(u.data()));
    CeedVectorCreate(ceed, t_mode == CEED_NOTRANSPOSE ? e_size : l_size, &vr);
    CeedVectorSetValue(vr, 0.0);
    EXPECT_EQ(CeedElemRestrictionApply(rstr, t_mode, vu, vr, CEED_REQUEST_IMMEDIATE), 0) << Message();
    CeedSize n = 0;
    CeedVectorGetLength(vr, &n);
    const CeedScalar *a = nullptr;
    CeedVectorGetArrayRead(vr, CEED_MEM_HOST, &a);
    Values out(a, a + n);
    CeedVectorRestoreArrayRead(vr, &a);
    CeedVectorDestroy(&vu);
    CeedVectorDestroy(&vr);
    return out;
  }
  // Both directions of rstr on fixed data.
  std::vector<Values> Actions(CeedElemRestriction rstr) {
    CeedSize l_size = 0, e_size = 0;
    CeedElemRestrictionGetLVectorSize(rstr, &l_size);
    CeedElemRestrictionGetEVectorSize(rstr, &e_size);
    Values l(static_cast<size_t>(l_size)), e(static_cast<size_t>(e_size));
    for (size_t i = 0; i < l.size(); i++) l[i] = 1.0 + 10.0 * i;
    for (size_t i = 0; i < e.size(); i++) e[i] = 0.5 + i;
    return {Apply(rstr, CEED_NOTRANSPOSE, l), Apply(rstr, CEED_TRANSPOSE, e)};
  }
  Ceed ceed = nullptr;
};

TEST_F(RstrDevice, CreateFromDeviceArraysInEveryCopyMode) {
  for (CeedCopyMode mode : {CEED_COPY_VALUES, CEED_USE_POINTER, CEED_OWN_POINTER}) {
    SCOPED_TRACE("copy mode " + std::to_string(mode));
    CeedInt *d_offsets = ToDevice(kOffsets);
    const int to_host = device.to_host, frees = device.frees;
    CeedElemRestriction rstr = nullptr;
    ASSERT_EQ(CeedElemRestrictionCreate(ceed, 3, 2, 1, 1, 4, CEED_MEM_DEVICE, mode, d_offsets, &rstr), 0) << Message();
    EXPECT_EQ(device.to_host, to_host + 1) << "the offsets are copied from the device once";
    if (mode == CEED_OWN_POINTER) {
      EXPECT_EQ(device.frees, frees + 1) << "an owned device array is released once copied";
      EXPECT_EQ(device.live.count(d_offsets), 0u);
    } else {
      // The restriction works on its own copy: changing or releasing the user's array does not matter.
      EXPECT_EQ(device.frees, frees);
      std::memset(d_offsets, 0xff, kOffsets.size() * sizeof(CeedInt));
      EXPECT_EQ(DeviceFree(ceed, d_offsets), 0);
    }
    const CeedInt *host = nullptr;
    ASSERT_EQ(CeedElemRestrictionGetOffsets(rstr, CEED_MEM_HOST, &host), 0);
    EXPECT_FALSE(IsDevice(host, sizeof(CeedInt)));
    EXPECT_EQ(std::vector<CeedInt>(host, host + 6), kOffsets);
    EXPECT_EQ(CeedElemRestrictionRestoreOffsets(rstr, &host), 0);
    EXPECT_EQ(Apply(rstr, CEED_NOTRANSPOSE, Values{1, 2, 3, 4}), (Values{1, 2, 2, 3, 3, 4}));
    EXPECT_EQ(Apply(rstr, CEED_TRANSPOSE, Values{1, 2, 3, 4, 5, 6}), (Values{1, 5, 9, 6}));
    EXPECT_EQ(CeedElemRestrictionDestroy(&rstr), 0);
  }
}

TEST_F(RstrDevice, EveryKindFromDeviceMatchesHost) {
  const std::vector<CeedInt> points     = {4, 6, 6, 8, 0, 2, 1, 3};  // 3 elements: 2, 0 and 2 points
  const CeedInt              strides[3] = {1, 2, 4};
  for (CeedCopyMode mode : {CEED_COPY_VALUES, CEED_OWN_POINTER}) {
    SCOPED_TRACE("copy mode " + std::to_string(mode));
    const bool own = mode == CEED_OWN_POINTER;
    CeedElemRestriction host[6] = {nullptr}, dev[6] = {nullptr};
    CeedInt            *d_off[5];
    for (CeedInt *&d : d_off) d = ToDevice(kOffsets);
    bool               *d_orients = ToDevice(kOrients);
    CeedInt8           *d_curl    = ToDevice(kCurl), *d_curl_blocked = ToDevice(kCurl);
    CeedInt            *d_points  = ToDevice(points);
    const std::vector<char> orients_host(kOrients.begin(), kOrients.end());
    const bool             *h_orients = reinterpret_cast<const bool *>(orients_host.data());
    ASSERT_EQ(CeedElemRestrictionCreate(ceed, 3, 2, 2, 4, 8, CEED_MEM_HOST, CEED_COPY_VALUES, kOffsets.data(), &host[0]), 0);
    ASSERT_EQ(CeedElemRestrictionCreate(ceed, 3, 2, 2, 4, 8, CEED_MEM_DEVICE, mode, d_off[0], &dev[0]), 0) << Message();
    ASSERT_EQ(CeedElemRestrictionCreateOriented(ceed, 3, 2, 1, 1, 4, CEED_MEM_HOST, CEED_COPY_VALUES, kOffsets.data(), h_orients, &host[1]), 0);
    ASSERT_EQ(CeedElemRestrictionCreateOriented(ceed, 3, 2, 1, 1, 4, CEED_MEM_DEVICE, mode, d_off[1], d_orients, &dev[1]), 0) << Message();
    ASSERT_EQ(CeedElemRestrictionCreateCurlOriented(ceed, 3, 2, 1, 1, 4, CEED_MEM_HOST, CEED_COPY_VALUES, kOffsets.data(), kCurl.data(), &host[2]),
              0);
    ASSERT_EQ(CeedElemRestrictionCreateCurlOriented(ceed, 3, 2, 1, 1, 4, CEED_MEM_DEVICE, mode, d_off[2], d_curl, &dev[2]), 0) << Message();
    ASSERT_EQ(CeedElemRestrictionCreateBlocked(ceed, 3, 2, 2, 1, 1, 4, CEED_MEM_HOST, CEED_COPY_VALUES, kOffsets.data(), &host[3]), 0);
    ASSERT_EQ(CeedElemRestrictionCreateBlocked(ceed, 3, 2, 2, 1, 1, 4, CEED_MEM_DEVICE, mode, d_off[3], &dev[3]), 0) << Message();
    ASSERT_EQ(CeedElemRestrictionCreateBlockedCurlOriented(ceed, 3, 2, 2, 1, 1, 4, CEED_MEM_HOST, CEED_COPY_VALUES, kOffsets.data(), kCurl.data(),
                                                           &host[4]),
              0);
    ASSERT_EQ(CeedElemRestrictionCreateBlockedCurlOriented(ceed, 3, 2, 2, 1, 1, 4, CEED_MEM_DEVICE, mode, d_off[4], d_curl_blocked, &dev[4]), 0)
        << Message();
    ASSERT_EQ(CeedElemRestrictionCreateAtPoints(ceed, 3, 4, 1, 4, CEED_MEM_HOST, CEED_COPY_VALUES, points.data(), &host[5]), 0);
    ASSERT_EQ(CeedElemRestrictionCreateAtPoints(ceed, 3, 4, 1, 4, CEED_MEM_DEVICE, mode, d_points, &dev[5]), 0) << Message();
    for (int k = 0; k < 6; k++) {
      SCOPED_TRACE("kind " + std::to_string(k));
      EXPECT_EQ(Actions(dev[k]), Actions(host[k]));
    }
    // Two components at stride 4 on the first restriction, as a known answer.
    EXPECT_EQ(Apply(dev[0], CEED_NOTRANSPOSE, Values{1, 2, 3, 4, 5, 6, 7, 8}), (Values{1, 2, 5, 6, 2, 3, 6, 7, 3, 4, 7, 8}));
    // Owned device arrays were released; the others are still the caller's.
    const std::vector<const void *> user = {d_off[0], d_off[1], d_off[2], d_off[3], d_off[4], d_orients, d_curl, d_curl_blocked, d_points};
    for (const void *p : user) {
      EXPECT_EQ(device.live.count(p), own ? 0u : 1u);
      if (!own) DeviceFree(ceed, const_cast<void *>(p));
    }
    for (int k = 0; k < 6; k++) {
      EXPECT_EQ(CeedElemRestrictionDestroy(&host[k]), 0);
      EXPECT_EQ(CeedElemRestrictionDestroy(&dev[k]), 0);
    }
    // A strided restriction ignores memory types; creating one still works on this backend.
    CeedElemRestriction strided = nullptr;
    ASSERT_EQ(CeedElemRestrictionCreateStrided(ceed, 3, 2, 2, 12, strides, &strided), 0);
    EXPECT_EQ(CeedElemRestrictionDestroy(&strided), 0);
  }
}

TEST_F(RstrDevice, GetArraysInDeviceMemory) {
  const std::vector<char> orients_host(kOrients.begin(), kOrients.end());
  CeedElemRestriction     oriented = nullptr, curl = nullptr, blocked = nullptr, unsigned_copy = nullptr;
  ASSERT_EQ(CeedElemRestrictionCreateOriented(ceed, 3, 2, 1, 1, 4, CEED_MEM_HOST, CEED_COPY_VALUES, kOffsets.data(),
                                              reinterpret_cast<const bool *>(orients_host.data()), &oriented),
            0);
  ASSERT_EQ(CeedElemRestrictionCreateCurlOriented(ceed, 3, 2, 1, 1, 4, CEED_MEM_HOST, CEED_COPY_VALUES, kOffsets.data(), kCurl.data(), &curl), 0);
  ASSERT_EQ(CeedElemRestrictionCreateBlocked(ceed, 3, 2, 2, 1, 1, 4, CEED_MEM_HOST, CEED_COPY_VALUES, kOffsets.data(), &blocked), 0);
  ASSERT_EQ(CeedElemRestrictionCreateUnsignedCopy(oriented, &unsigned_copy), 0);
  EXPECT_EQ(device.allocs, 0) << "no device copy before one is asked for";

  const CeedInt *off = nullptr, *off_again = nullptr, *host_off = nullptr;
  ASSERT_EQ(CeedElemRestrictionGetOffsets(oriented, CEED_MEM_DEVICE, &off), 0) << Message();
  ASSERT_EQ(CeedElemRestrictionGetOffsets(oriented, CEED_MEM_HOST, &host_off), 0);
  EXPECT_TRUE(IsDevice(off, 6 * sizeof(CeedInt)));
  EXPECT_NE(static_cast<const void *>(off), static_cast<const void *>(host_off));
  EXPECT_EQ(std::vector<CeedInt>(off, off + 6), kOffsets);
  EXPECT_EQ(device.allocs, 1);
  EXPECT_EQ(device.to_device, 1);
  // Made once: a second reader (here through the unsigned copy, which shares the data) gets the same array.
  ASSERT_EQ(CeedElemRestrictionGetOffsets(unsigned_copy, CEED_MEM_DEVICE, &off_again), 0);
  EXPECT_EQ(off_again, off);
  EXPECT_EQ(device.allocs, 1);
  const bool *orients = nullptr;
  ASSERT_EQ(CeedElemRestrictionGetOrientations(oriented, CEED_MEM_DEVICE, &orients), 0) << Message();
  EXPECT_TRUE(IsDevice(orients, 6 * sizeof(bool)));
  EXPECT_EQ(std::vector<bool>(orients, orients + 6), kOrients);
  // Read access is counted as for host arrays: destroy is refused until every reader restored.
  CeedElemRestriction handle = unsigned_copy;
  EXPECT_EQ(CeedElemRestrictionDestroy(&handle), 0) << "the copy only drops its reference to the base";
  unsigned_copy = nullptr;
  handle        = oriented;
  EXPECT_EQ(CeedElemRestrictionDestroy(&handle), CEED_ERROR_ACCESS);
  EXPECT_NE(Message().find("read access to the offset data"), std::string::npos) << Message();
  EXPECT_EQ(CeedElemRestrictionRestoreOffsets(oriented, &off), 0);
  EXPECT_EQ(off, nullptr);
  EXPECT_EQ(CeedElemRestrictionRestoreOffsets(oriented, &off_again), 0);
  EXPECT_EQ(CeedElemRestrictionRestoreOffsets(oriented, &host_off), 0);
  EXPECT_EQ(CeedElemRestrictionDestroy(&handle), CEED_ERROR_ACCESS);
  EXPECT_NE(Message().find("read access to the orientation data"), std::string::npos) << Message();
  EXPECT_EQ(CeedElemRestrictionRestoreOrientations(oriented, &orients), 0);
  const int frees = device.frees;
  EXPECT_EQ(CeedElemRestrictionDestroy(&oriented), 0);
  EXPECT_EQ(device.frees, frees + 2) << "the device copies are released with the restriction";

  const CeedInt8 *curl_orients = nullptr;
  ASSERT_EQ(CeedElemRestrictionGetCurlOrientations(curl, CEED_MEM_DEVICE, &curl_orients), 0) << Message();
  EXPECT_TRUE(IsDevice(curl_orients, kCurl.size()));
  EXPECT_EQ(std::vector<CeedInt8>(curl_orients, curl_orients + kCurl.size()), kCurl);
  EXPECT_EQ(CeedElemRestrictionRestoreCurlOrientations(curl, &curl_orients), 0);
  // Blocked: the device copy holds the stored layout [block][node][lane], padded with the last element.
  ASSERT_EQ(CeedElemRestrictionGetOffsets(blocked, CEED_MEM_DEVICE, &off), 0);
  EXPECT_EQ(std::vector<CeedInt>(off, off + 8), (std::vector<CeedInt>{0, 1, 1, 2, 2, 2, 3, 3}));
  EXPECT_EQ(CeedElemRestrictionRestoreOffsets(blocked, &off), 0);
  EXPECT_EQ(CeedElemRestrictionDestroy(&curl), 0);
  EXPECT_EQ(CeedElemRestrictionDestroy(&blocked), 0);
}

TEST_F(RstrDevice, FailuresLeaveArraysWithTheCaller) {
  // Invalid offsets given as an owned device array: the error of a host array, and the array is not freed.
  const std::vector<CeedInt> bad = {0, 1, 1, 9, 2, 3};
  CeedInt                   *d_bad = ToDevice(bad);
  CeedElemRestriction        rstr  = nullptr;
  EXPECT_EQ(CeedElemRestrictionCreate(ceed, 3, 2, 1, 1, 4, CEED_MEM_DEVICE, CEED_OWN_POINTER, d_bad, &rstr), CEED_ERROR_BACKEND);
  EXPECT_NE(Message().find("Restriction offset 3 (9) out of range [0, 4]"), std::string::npos) << Message();
  EXPECT_EQ(rstr, nullptr);
  EXPECT_EQ(device.live.count(d_bad), 1u);
  EXPECT_EQ(DeviceFree(ceed, d_bad), 0);
  // The backend fails to copy from the device: its error, nothing created, the owned array kept.
  CeedInt *d_offsets    = ToDevice(kOffsets);
  device.fail_next_copy = true;
  EXPECT_EQ(CeedElemRestrictionCreate(ceed, 3, 2, 1, 1, 4, CEED_MEM_DEVICE, CEED_OWN_POINTER, d_offsets, &rstr), CEED_ERROR_BACKEND);
  EXPECT_NE(Message().find("devmem: injected copy failure"), std::string::npos) << Message();
  EXPECT_EQ(rstr, nullptr);
  EXPECT_EQ(device.live.count(d_offsets), 1u);
  // Invalid memory types.
  EXPECT_EQ(CeedElemRestrictionCreate(ceed, 3, 2, 1, 1, 4, static_cast<CeedMemType>(7), CEED_COPY_VALUES, kOffsets.data(), &rstr),
            CEED_ERROR_INCOMPATIBLE);
  EXPECT_NE(Message().find("invalid memory type 7"), std::string::npos) << Message();
  ASSERT_EQ(CeedElemRestrictionCreate(ceed, 3, 2, 1, 1, 4, CEED_MEM_DEVICE, CEED_OWN_POINTER, d_offsets, &rstr), 0) << Message();
  const CeedInt *off = nullptr;
  EXPECT_EQ(CeedElemRestrictionGetOffsets(rstr, static_cast<CeedMemType>(7), &off), CEED_ERROR_INCOMPATIBLE);
  EXPECT_NE(Message().find("Cannot get the offsets of CeedElemRestriction with 3 elements of size 2 (1 components, L-vector size 4): "
                           "invalid memory type 7"),
            std::string::npos)
      << Message();
  // The backend fails to fill the device copy: no read access granted, nothing leaked, a later request works.
  device.fail_next_copy = true;
  const int    allocs = device.allocs;
  const size_t live   = device.live.size();
  EXPECT_EQ(CeedElemRestrictionGetOffsets(rstr, CEED_MEM_DEVICE, &off), CEED_ERROR_BACKEND);
  EXPECT_NE(Message().find("devmem: injected copy failure"), std::string::npos) << Message();
  EXPECT_EQ(device.allocs, allocs + 1);
  EXPECT_EQ(device.live.size(), live) << "the device copy that could not be filled was released";
  EXPECT_EQ(CeedElemRestrictionRestoreOffsets(rstr, &off), CEED_ERROR_ACCESS);
  ASSERT_EQ(CeedElemRestrictionGetOffsets(rstr, CEED_MEM_DEVICE, &off), 0) << Message();
  EXPECT_EQ(std::vector<CeedInt>(off, off + 6), kOffsets);
  EXPECT_EQ(CeedElemRestrictionRestoreOffsets(rstr, &off), 0);
  // Arrays a restriction kind does not have.
  const bool *orients = nullptr;
  EXPECT_EQ(CeedElemRestrictionGetOrientations(rstr, CEED_MEM_DEVICE, &orients), CEED_ERROR_INCOMPATIBLE);
  EXPECT_EQ(CeedElemRestrictionDestroy(&rstr), 0);
  const CeedInt strides[3] = {1, 2, 2};  // nodes i + 2 e of 3 elements of 2 nodes: inside the 6 L-vector entries
  ASSERT_EQ(CeedElemRestrictionCreateStrided(ceed, 3, 2, 1, 6, strides, &rstr), 0);
  EXPECT_EQ(CeedElemRestrictionGetOffsets(rstr, CEED_MEM_DEVICE, &off), CEED_ERROR_INCOMPATIBLE);
  EXPECT_EQ(CeedElemRestrictionDestroy(&rstr), 0);
}

// A backend without device memory: creation from and requests for device arrays fail with a message that
// names the restriction, the memory type and the backend, and leave every array with the caller.
TEST(RstrNoDeviceMemory, ErrorsNameRestrictionAndMemoryType) {
  Ceed ceed = nullptr;
  ASSERT_EQ(CeedInit("/cpu/self/ref/serial", &ceed), 0);
  CeedSetErrorHandler(ceed, CeedErrorStore);
  auto message = [&] {
    const char *msg = nullptr;
    CeedGetErrorMessage(ceed, &msg);
    return std::string(msg ? msg : "");
  };
  CeedInt *owned = static_cast<CeedInt *>(std::malloc(kOffsets.size() * sizeof(CeedInt)));
  std::memcpy(owned, kOffsets.data(), kOffsets.size() * sizeof(CeedInt));
  CeedElemRestriction rstr = nullptr;
  EXPECT_EQ(CeedElemRestrictionCreate(ceed, 3, 2, 1, 1, 4, CEED_MEM_DEVICE, CEED_OWN_POINTER, owned, &rstr), CEED_ERROR_BACKEND);
  EXPECT_NE(message().find("CeedElemRestrictionCreate(): Can only set HOST memory for this backend: cannot create CeedElemRestriction with 3 elements of size 2 "
            "(1 components, L-vector size 4) from index arrays in CEED_MEM_DEVICE, /cpu/self/ref/serial provides no device memory"),
            std::string::npos)
      << message();
  EXPECT_EQ(rstr, nullptr);
  EXPECT_EQ(owned[3], 2) << "the caller still owns its array";
  std::free(owned);
  const CeedInt points[4] = {2, 3, 0, 0};
  EXPECT_EQ(CeedElemRestrictionCreateAtPoints(ceed, 1, 1, 2, 4, CEED_MEM_DEVICE, CEED_COPY_VALUES, points, &rstr), CEED_ERROR_BACKEND);
  EXPECT_NE(message().find("cannot create CeedElemRestriction with 1 elements (2 components, L-vector size 4) from index arrays in CEED_MEM_DEVICE"),
            std::string::npos)
      << message();

  ASSERT_EQ(CeedElemRestrictionCreate(ceed, 3, 2, 1, 1, 4, CEED_MEM_HOST, CEED_COPY_VALUES, kOffsets.data(), &rstr), 0);
  const CeedInt *off = nullptr;
  EXPECT_EQ(CeedElemRestrictionGetOffsets(rstr, CEED_MEM_DEVICE, &off), CEED_ERROR_BACKEND);
  EXPECT_NE(message().find("CeedElemRestrictionGetOffsets(): Can only provide HOST memory for this backend: the offsets of CeedElemRestriction "
                           "with 3 elements of size 2 (1 components, L-vector size 4) requested in CEED_MEM_DEVICE, /cpu/self/ref/serial "
                           "provides no device memory"),
            std::string::npos)
      << message();
  EXPECT_EQ(off, nullptr);
  EXPECT_EQ(CeedElemRestrictionDestroy(&rstr), 0) << "no read access was granted";
  EXPECT_EQ(CeedDestroy(&ceed), 0);
}

}  // namespace
