// Unit tests of the multiprecision extension of CeedVector (typed access, validity of the buffers of each
// memory space and precision, vector arithmetic in each vector's preferred precision) and of the operator
// precision setting, on /cpu/self/ref/serial (host memory only), /cpu/test/device-emulation (device
// memory emulated with NaN-filled host allocations) and /gpu/emu/ref (the GPU backends' device memory hooks
// and fp32/fp64 vector kernels, run on the host).
//
// The validity state machine is checked exhaustively against a small reference model (Model below): every
// sequence of 2 and 3 accesses drawn from {read, write, read-write, take, set CEED_COPY_VALUES, set
// CEED_USE_POINTER} (plus set CEED_OWN_POINTER and sync) x {host, device} x {fp32, fp64}, from a vector
// without data and from a vector holding host fp64 data. After each access the validity of the 4 buffers is compared with the model, and every
// buffer the model calls valid is read and compared value by value with the model's values (chosen exactly
// representable in fp32, so every conversion is exact). Accesses the model says must fail have to return
// the model's error code with a stored message and change nothing; each sequence ends by checking that the
// vector is still usable (SetValue, reads) and can be destroyed (no access lock left behind).
#include <ceed.h>
#include <ceed/backend.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "test-gpu.hpp"

namespace {

constexpr const char *kNoMessage = "No error message stored";

// ---- Typed array helpers ---------------------------------------------------------------------------------

double Load(const void *array, CeedScalarType type, CeedSize i) {
  return type == CEED_SCALAR_FP32 ? static_cast<double>(static_cast<const float *>(array)[i]) : static_cast<const double *>(array)[i];
}

void Store(void *array, CeedScalarType type, CeedSize i, double value) {
  if (type == CEED_SCALAR_FP32) static_cast<float *>(array)[i] = static_cast<float>(value);
  else static_cast<double *>(array)[i] = value;
}

// Values of the tag-th write of a sequence: distinct for every tag and index, exactly representable in fp32.
std::vector<double> NewValues(int tag, CeedSize length) {
  std::vector<double> v(length);
  for (CeedSize i = 0; i < length; i++) v[i] = (i % 2 ? -1.0 : 1.0) * (tag * 64.0 + static_cast<double>(i) + 0.5);
  return v;
}

// ---- Memory spaces ---------------------------------------------------------------------------------------

// The spaces of the backend the current test runs on (set by the fixtures' SetUp).
test_gpu::MemorySpaces &Spaces() {
  static test_gpu::MemorySpaces spaces;
  return spaces;
}

size_t ScalarBytes(CeedScalarType type) { return type == CEED_SCALAR_FP32 ? sizeof(float) : sizeof(double); }

// The n values of an array of either precision in either memory space.
std::vector<double> LoadAll(const void *array, CeedMemType mem, CeedScalarType type, CeedSize n) {
  std::vector<double> host(static_cast<size_t>(n)), out(static_cast<size_t>(n));
  Spaces().ToHost(host.data(), array, mem, n * ScalarBytes(type));
  for (CeedSize i = 0; i < n; i++) out[i] = Load(host.data(), type, i);
  return out;
}

void StoreAll(void *array, CeedMemType mem, CeedScalarType type, const std::vector<double> &values) {
  std::vector<double> host(values.size());
  for (size_t i = 0; i < values.size(); i++) Store(host.data(), type, static_cast<CeedSize>(i), values[i]);
  Spaces().FromHost(array, mem, host.data(), values.size() * ScalarBytes(type));
}

// User arrays of either precision in either memory space (room for doubles, so that both fit), released
// when the test is done with them.
struct UserArrays {
  std::vector<std::pair<CeedMemType, void *>> arrays;
  void *New(CeedScalarType type, const std::vector<double> &values, CeedMemType mem = CEED_MEM_HOST) {
    void *a = Spaces().Alloc(mem, values.size() * sizeof(double));
    arrays.emplace_back(mem, a);
    StoreAll(a, mem, type, values);
    return a;
  }
  ~UserArrays() {
    for (auto &[mem, a] : arrays) Spaces().Free(mem, a);
  }
};

// ---- The reference model of the buffer table -------------------------------------------------------------

enum class Kind { kRead, kWrite, kReadWrite, kTake, kSetCopy, kSetUse, kSetOwn, kSync };
constexpr Kind kKinds[] = {Kind::kRead, Kind::kWrite, Kind::kReadWrite, Kind::kTake, Kind::kSetCopy, Kind::kSetUse, Kind::kSetOwn, Kind::kSync};

const char *KindName(Kind kind) {
  switch (kind) {
    case Kind::kRead:
      return "read";
    case Kind::kWrite:
      return "write";
    case Kind::kReadWrite:
      return "read-write";
    case Kind::kTake:
      return "take";
    case Kind::kSetCopy:
      return "set(CEED_COPY_VALUES)";
    case Kind::kSetUse:
      return "set(CEED_USE_POINTER)";
    case Kind::kSetOwn:
      return "set(CEED_OWN_POINTER)";
    case Kind::kSync:
      return "sync";
  }
  return "?";
}

struct Step {
  Kind           kind;
  CeedMemType    mem;
  CeedScalarType type;
};

std::string Describe(const Step &s) { return std::string(KindName(s.kind)) + "(" + CeedMemTypes[s.mem] + ", " + CeedScalarTypes[s.type] + ")"; }

// All 32 accesses.
std::vector<Step> AllSteps() {
  std::vector<Step> steps;
  for (Kind k : kKinds)
    for (CeedMemType m : {CEED_MEM_HOST, CEED_MEM_DEVICE})
      for (CeedScalarType t : {CEED_SCALAR_FP32, CEED_SCALAR_FP64}) steps.push_back({k, m, t});
  return steps;
}

// What the buffer table must look like: which (memory space, precision) buffers hold the current values,
// which are user arrays (lent with CEED_USE_POINTER, or handed over with CEED_OWN_POINTER), and the
// current values.
struct Model {
  bool                valid[2][2]    = {};  // [CeedMemType][CeedScalarType]
  void               *borrowed[2][2] = {};  // the user array of a CEED_USE_POINTER buffer, else NULL
  void               *owned[2][2]    = {};  // the user array of a CEED_OWN_POINTER buffer, else NULL
  std::vector<double> values;
  bool                device_convert = false;  // the backend converts precisions in device memory (DeviceConvert)

  // The array an access to (m, p) must return, if known.
  void *UserArray(int m, int p) const { return borrowed[m][p] ? borrowed[m][p] : owned[m][p]; }

  bool AnyValid() const { return valid[0][0] || valid[0][1] || valid[1][0] || valid[1][1]; }
  // After a write (set, write or read-write access) only the buffer written holds the values.
  void OnlyValid(int m, int p) {
    for (auto &row : valid)
      for (bool &b : row) b = false;
    valid[m][p] = true;
  }
  // A read of (m, p) with some valid buffer: a copy from the other memory space in the same precision if it
  // is valid there; a conversion on the device for a device read when the other precision is valid there and
  // the backend converts on the device; otherwise a conversion on host from the other precision (copied to host
  // first when only valid on the device), copied to the device for a device read. Every buffer passed through
  // becomes valid.
  void Read(int m, int p) {
    if (valid[m][p]) return;
    if (valid[1 - m][p] || (m == CEED_MEM_DEVICE && device_convert && valid[CEED_MEM_DEVICE][1 - p])) {
      valid[m][p] = true;
      return;
    }
    valid[CEED_MEM_HOST][1 - p] = true;
    valid[CEED_MEM_HOST][p]     = true;
    valid[m][p]                 = true;
  }
};

// ---- Fixture ---------------------------------------------------------------------------------------------

struct Backend {
  const char *resource;
  bool        has_device;      // device memory through CeedBackendOps::DeviceAlloc
  bool        device_kernels;  // the GPU layer's device kernels: vector operations in fp32 and fp64
                               // (CeedBackendOps::vector_scalar_types) and precision conversions (DeviceConvert)
};
// /gpu/emu/ref: the GPU backends' vector kernels and device memory hooks, run on the host; /gpu/cuda/ref: the
// same on an NVIDIA GPU (skipped on machines without one).
const std::vector<Backend> kBackends = {{"/cpu/self/ref/serial", false, false},
                                        {"/cpu/test/device-emulation", true, false},
                                        {"/gpu/emu/ref", true, true},
#ifdef CEEDRT_TEST_HAVE_CUDA
                                        {"/gpu/cuda/ref", true, true},
#endif
};

std::string BackendName(const Backend &b) {
  if (!b.has_device) return "ref";
  if (std::strcmp(b.resource, "/cpu/test/device-emulation") == 0) return "device_emulation";
  std::string name = b.resource + 1;
  for (char &c : name)
    if (c == '/') c = '_';
  return name;
}

// Initialises the backend's context; a vendor GPU resource on a machine without its device skips the test.
#define INIT_BACKEND_OR_SKIP(resource, ceed)                                                  \
  do {                                                                                        \
    std::string no_device;                                                                    \
    ASSERT_EQ(test_gpu::Init(resource, ceed, &no_device), 0) << resource << " is not available"; \
    if (!no_device.empty()) GTEST_SKIP() << no_device;                                        \
  } while (0)

class MultiprecisionTest : public ::testing::TestWithParam<Backend> {
 protected:
  void SetUp() override {
    INIT_BACKEND_OR_SKIP(GetParam().resource, &ceed);
    Spaces().Configure(GetParam().resource);
    ASSERT_EQ(CeedSetErrorHandler(ceed, CeedErrorStore), 0);
    has_device = GetParam().has_device;
    ASSERT_EQ(CeedGetPreferredMemType(ceed, &preferred_mem), 0);
  }
  void TearDown() override {
    if (ceed) {
      EXPECT_EQ(CeedDestroy(&ceed), 0);
    }
  }

  std::string Message() const {
    const char *msg = nullptr;
    CeedGetErrorMessage(ceed, &msg);
    return msg ? msg : "";
  }
  void ResetMessage() {
    const char *msg = nullptr;
    CeedResetErrorMessage(ceed, &msg);
  }
  // Expects error code `expected` and a stored message containing `text`, then clears the message.
  void ExpectError(int ierr, int expected, const std::string &text) {
    EXPECT_EQ(ierr, expected) << Message();
    EXPECT_NE(Message().find(text), std::string::npos) << "message: " << Message() << "\nexpected to contain: " << text;
    ResetMessage();
  }

  // A vector of the given values stored in precision `stored` on host (copy), preferring `preferred`.
  CeedVector Make(const std::vector<double> &values, CeedScalarType preferred, CeedScalarType stored) {
    CeedVector v = nullptr;
    EXPECT_EQ(CeedVectorCreate(ceed, static_cast<CeedSize>(values.size()), &v), 0);
    EXPECT_EQ(CeedVectorSetPreferredScalarType(v, preferred), 0);
    UserArrays arrays;
    EXPECT_EQ(CeedVectorSetArrayTyped(v, CEED_MEM_HOST, stored, CEED_COPY_VALUES, arrays.New(stored, values)), 0);
    return v;
  }
  // The values of v read in precision `type` from memory space `mem`.
  static std::vector<double> Read(CeedVector v, CeedScalarType type, CeedMemType mem = CEED_MEM_HOST) {
    CeedSize length = 0;
    EXPECT_EQ(CeedVectorGetLength(v, &length), 0);
    const void *a = nullptr;
    EXPECT_EQ(CeedVectorGetArrayReadTyped(v, mem, type, &a), 0);
    std::vector<double> out(length);
    if (a) out = LoadAll(a, mem, type, length);
    EXPECT_EQ(CeedVectorRestoreArrayReadTyped(v, &a), 0);
    return out;
  }
  // The valid buffers of v, e.g. "host:fp32 device:fp64" ("" when none).
  static std::string Valid(CeedVector v) {
    std::string s;
    for (CeedMemType m : {CEED_MEM_HOST, CEED_MEM_DEVICE})
      for (CeedScalarType t : {CEED_SCALAR_FP32, CEED_SCALAR_FP64}) {
        bool valid = false;
        EXPECT_EQ(CeedVectorHasValidArrayTyped(v, m, t, &valid), 0);
        if (valid) s += std::string(s.empty() ? "" : " ") + CeedMemTypes[m] + ":" + CeedScalarTypes[t];
      }
    return s;
  }
  // Memory space name for expectations on operations that work in the preferred memory (CeedVectorCopy).
  std::string PreferredMem() const { return CeedMemTypes[preferred_mem]; }
  // Whether an operation whose operands all prefer one precision runs the backend's device kernels (else host loops).
  bool Kernels(bool same_precision) const { return GetParam().device_kernels && same_precision; }
  // Valid buffers after an operation wrote a vector preferring `type`: on the device when kernels ran.
  static std::string Written(CeedScalarType type, bool kernels) { return std::string(kernels ? "device:" : "host:") + CeedScalarTypes[type]; }
  // Valid buffers of an operand the operation read: those the host loops leave, and the device copy kernels read.
  static std::string ReadBy(const std::string &host_valid, CeedScalarType type, bool kernels) {
    return kernels ? host_valid + " device:" + CeedScalarTypes[type] : host_valid;
  }

  Ceed        ceed          = nullptr;
  bool        has_device    = false;
  CeedMemType preferred_mem = CEED_MEM_HOST;
};

std::string ParamName(const ::testing::TestParamInfo<Backend> &info) { return BackendName(info.param); }

// ---- The exhaustive state machine ------------------------------------------------------------------------

constexpr CeedSize kLength = 5;

// Runs access sequences on one context and compares every observable with the model.
class Sequencer {
 public:
  Sequencer(Ceed ceed, bool has_device, bool device_convert) : ceed_(ceed), has_device_(has_device), device_convert_(device_convert) {}

  // Runs steps on a new vector (without data, or holding host fp64 data when initialized); returns "" when
  // everything agreed with the model, else the first disagreement.
  std::string Run(const std::vector<Step> &steps, bool initialized) {
    problem_.str("");
    problem_.clear();
    ResetMessage();
    UserArrays arrays;
    Model      model;
    model.device_convert = device_convert_;
    CeedVector v = nullptr;
    if (CeedVectorCreate(ceed_, kLength, &v)) return "CeedVectorCreate failed";
    if (initialized) {
      model.values = NewValues(0, kLength);
      if (CeedVectorSetArrayTyped(v, CEED_MEM_HOST, CEED_SCALAR_FP64, CEED_COPY_VALUES, arrays.New(CEED_SCALAR_FP64, model.values)))
        return "initial CeedVectorSetArrayTyped failed: " + Message();
      model.OnlyValid(CEED_MEM_HOST, CEED_SCALAR_FP64);
    }
    bool ok = CheckState(v, model, "initial state");
    for (size_t i = 0; ok && i < steps.size(); i++) {
      ok = Execute(v, model, steps[i], static_cast<int>(i) + 1, arrays) && CheckState(v, model, "after step " + std::to_string(i + 1));
    }
    if (ok) ok = CheckUsable(v);
    if (CeedVectorDestroy(&v) && ok) {
      problem_ << "CeedVectorDestroy failed at the end: " << Message();
      ok = false;
    }
    return ok ? "" : problem_.str();
  }

 private:
  std::string Message() const {
    const char *msg = nullptr;
    CeedGetErrorMessage(ceed_, &msg);
    return msg ? msg : "";
  }
  void ResetMessage() {
    const char *msg = nullptr;
    CeedResetErrorMessage(ceed_, &msg);
  }

  // Compares the return code with the model's; for an expected failure also checks that a message was stored.
  bool CheckCode(const Step &s, int ierr, int expected) {
    if (ierr != expected) {
      problem_ << Describe(s) << " returned " << ierr << ", the model expects " << expected << (ierr ? " (message: " + Message() + ")" : "");
      return false;
    }
    if (expected) {
      const std::string msg = Message();
      if (msg.empty() || msg == kNoMessage) {
        problem_ << Describe(s) << " failed with " << ierr << " without storing an error message";
        return false;
      }
      ResetMessage();
    }
    return true;
  }

  bool CheckValues(const std::string &what, const void *a, CeedMemType mem, CeedScalarType type, const std::vector<double> &expected) {
    if (!a) {
      problem_ << what << ": NULL array";
      return false;
    }
    const std::vector<double> values = LoadAll(a, mem, type, kLength);
    for (CeedSize i = 0; i < kLength; i++) {
      const double x = values[i];
      if (!(x == expected[i])) {
        problem_ << what << ": entry " << i << " is " << x << ", expected " << expected[i];
        return false;
      }
    }
    return true;
  }

  // The error an access that needs data must fail with, or 0.
  int AccessError(const Step &s, bool needs_data, const Model &model) const {
    if (s.mem == CEED_MEM_DEVICE && !has_device_) return CEED_ERROR_BACKEND;  // "Can only provide HOST memory"
    if (needs_data && !model.AnyValid()) return CEED_ERROR_BACKEND;          // "no valid data"
    return CEED_ERROR_SUCCESS;
  }

  bool Execute(CeedVector v, Model &model, const Step &s, int tag, UserArrays &arrays) {
    const int                 m = s.mem, p = s.type;
    const std::vector<double> next = NewValues(tag, kLength);
    switch (s.kind) {
      case Kind::kRead: {
        const int   expected = AccessError(s, true, model);
        const void *a        = nullptr;
        const int   ierr     = CeedVectorGetArrayReadTyped(v, s.mem, s.type, &a);
        bool        ok       = CheckCode(s, ierr, expected);
        if (ierr) return ok;
        ok = ok && CheckValues(Describe(s), a, s.mem, s.type, model.values);
        if (ok && model.UserArray(m, p) && a != model.UserArray(m, p)) {
          problem_ << Describe(s) << " did not return the user array of the buffer";
          ok = false;
        }
        if (CeedVectorRestoreArrayReadTyped(v, &a) || a) {
          problem_ << "CeedVectorRestoreArrayReadTyped after " << Describe(s) << " failed or left the pointer set: " << Message();
          return false;
        }
        model.Read(m, p);
        return ok;
      }
      case Kind::kWrite:
      case Kind::kReadWrite: {
        const bool read     = s.kind == Kind::kReadWrite;
        const int  expected = AccessError(s, read, model);
        void      *a        = nullptr;
        const int  ierr     = read ? CeedVectorGetArrayTyped(v, s.mem, s.type, &a) : CeedVectorGetArrayWriteTyped(v, s.mem, s.type, &a);
        bool       ok       = CheckCode(s, ierr, expected);
        if (ierr) return ok;
        if (read) ok = ok && CheckValues(Describe(s), a, s.mem, s.type, model.values);
        if (ok && model.UserArray(m, p) && a != model.UserArray(m, p)) {
          problem_ << Describe(s) << " did not return the user array of the buffer";
          ok = false;
        }
        if (ok) StoreAll(a, s.mem, s.type, next);
        if (CeedVectorRestoreArrayTyped(v, &a) || a) {
          problem_ << "CeedVectorRestoreArrayTyped after " << Describe(s) << " failed or left the pointer set: " << Message();
          return false;
        }
        model.OnlyValid(m, p);
        model.values = next;
        return ok;
      }
      case Kind::kTake: {
        int expected = AccessError(s, false, model);
        if (!expected && !model.borrowed[m][p]) expected = CEED_ERROR_BACKEND;  // "no borrowed array"
        if (!expected && !model.AnyValid()) expected = CEED_ERROR_BACKEND;      // "no valid data to take"
        void     *a    = nullptr;
        const int ierr = CeedVectorTakeArrayTyped(v, s.mem, s.type, &a);
        if (!CheckCode(s, ierr, expected) || ierr) return ierr == expected;
        if (a != model.borrowed[m][p]) {
          problem_ << Describe(s) << " did not hand back the user array lent with CEED_USE_POINTER";
          return false;
        }
        if (!CheckValues(Describe(s) + " (the array handed back)", a, s.mem, s.type, model.values)) return false;
        model.Read(m, p);
        model.valid[m][p]    = false;
        model.borrowed[m][p] = nullptr;
        return true;
      }
      case Kind::kSync: {
        const int expected = AccessError(s, true, model);
        const int ierr     = CeedVectorSyncArrayTyped(v, s.mem, s.type);
        if (!CheckCode(s, ierr, expected) || ierr) return ierr == expected;
        model.Read(m, p);
        return true;
      }
      case Kind::kSetOwn: {
        // Memory the vector releases with free() (host) or the backend's DeviceFree (device emulation:
        // free() too; a GPU: its driver); still the caller's when the call fails.
        const int expected = AccessError(s, false, model);
        void     *a        = Spaces().Alloc(s.mem, kLength * sizeof(double));
        StoreAll(a, s.mem, s.type, next);
        const int ierr = CeedVectorSetArrayTyped(v, s.mem, s.type, CEED_OWN_POINTER, a);
        if (ierr) Spaces().Free(s.mem, a);
        if (!CheckCode(s, ierr, expected) || ierr) return ierr == expected;
        model.borrowed[m][p] = nullptr;
        model.owned[m][p]    = a;
        model.OnlyValid(m, p);
        model.values = next;
        return true;
      }
      case Kind::kSetCopy:
      case Kind::kSetUse: {
        const bool use      = s.kind == Kind::kSetUse;
        const int  expected = AccessError(s, false, model);
        void      *a        = arrays.New(s.type, next, s.mem);
        const int  ierr     = CeedVectorSetArrayTyped(v, s.mem, s.type, use ? CEED_USE_POINTER : CEED_COPY_VALUES, a);
        if (!CheckCode(s, ierr, expected) || ierr) return ierr == expected;
        // A copy is independent of the source array: scribble on it (a lent array is the vector's storage).
        if (!use) StoreAll(a, s.mem, CEED_SCALAR_FP64, std::vector<double>(kLength, 7.25e30));
        // Copying into a lent buffer replaces it with vector memory; an owned buffer is reused.
        if (use) model.owned[m][p] = nullptr;
        model.borrowed[m][p] = use ? a : nullptr;
        model.OnlyValid(m, p);
        model.values = next;
        return true;
      }
    }
    return false;
  }

  // Validity of the 4 buffers and the values of each valid one.
  bool CheckState(CeedVector v, const Model &model, const std::string &when) {
    for (CeedMemType mem : {CEED_MEM_HOST, CEED_MEM_DEVICE})
      for (CeedScalarType type : {CEED_SCALAR_FP32, CEED_SCALAR_FP64}) {
        bool valid = !model.valid[mem][type];
        if (CeedVectorHasValidArrayTyped(v, mem, type, &valid)) {
          problem_ << when << ": CeedVectorHasValidArrayTyped failed: " << Message();
          return false;
        }
        if (valid != model.valid[mem][type]) {
          problem_ << when << ": buffer (" << CeedMemTypes[mem] << ", " << CeedScalarTypes[type] << ") is " << (valid ? "" : "not ")
                   << "valid, the model says it is " << (model.valid[mem][type] ? "" : "not");
          return false;
        }
      }
    bool any = !model.AnyValid(), borrowed = false;
    if (CeedVectorHasValidArray(v, &any) || any != model.AnyValid()) {
      problem_ << when << ": CeedVectorHasValidArray disagrees with the model (" << model.AnyValid() << ")";
      return false;
    }
    for (CeedMemType mem : {CEED_MEM_HOST, CEED_MEM_DEVICE}) {
      // The libCEED query sees the CeedScalar (fp64) buffers.
      if (CeedVectorHasBorrowedArrayOfType(v, mem, &borrowed) || borrowed != (model.borrowed[mem][CEED_SCALAR_FP64] != nullptr)) {
        problem_ << when << ": CeedVectorHasBorrowedArrayOfType(" << CeedMemTypes[mem] << ") disagrees with the model";
        return false;
      }
    }
    // Reading a valid buffer changes nothing: every valid buffer must hold the current values.
    for (CeedMemType mem : {CEED_MEM_HOST, CEED_MEM_DEVICE})
      for (CeedScalarType type : {CEED_SCALAR_FP32, CEED_SCALAR_FP64}) {
        if (!model.valid[mem][type]) continue;
        const void       *a    = nullptr;
        const std::string what = when + ": valid buffer (" + CeedMemTypes[mem] + ", " + CeedScalarTypes[type] + ")";
        if (CeedVectorGetArrayReadTyped(v, mem, type, &a)) {
          problem_ << what << " cannot be read: " << Message();
          return false;
        }
        bool ok = CheckValues(what, a, mem, type, model.values);
        if (ok && model.UserArray(mem, type) && a != model.UserArray(mem, type)) {
          problem_ << what << " is not the user array of the buffer";
          ok = false;
        }
        if (CeedVectorRestoreArrayReadTyped(v, &a)) {
          problem_ << what << ": restore failed: " << Message();
          return false;
        }
        if (!ok) return false;
      }
    return true;
  }

  // After any sequence, failures included, the vector takes new values and reads them back everywhere.
  bool CheckUsable(CeedVector v) {
    if (CeedVectorSetValue(v, 0.75)) {
      problem_ << "CeedVectorSetValue at the end failed: " << Message();
      return false;
    }
    for (CeedMemType mem : {CEED_MEM_HOST, CEED_MEM_DEVICE}) {
      if (mem == CEED_MEM_DEVICE && !has_device_) continue;
      for (CeedScalarType type : {CEED_SCALAR_FP32, CEED_SCALAR_FP64}) {
        const void *a = nullptr;
        if (CeedVectorGetArrayReadTyped(v, mem, type, &a)) {
          problem_ << "read (" << CeedMemTypes[mem] << ", " << CeedScalarTypes[type] << ") after SetValue at the end failed: " << Message();
          return false;
        }
        const bool ok = CheckValues("read after SetValue at the end", a, mem, type, std::vector<double>(kLength, 0.75));
        if (CeedVectorRestoreArrayReadTyped(v, &a) || !ok) return false;
      }
    }
    return true;
  }

  Ceed              ceed_;
  bool              has_device_, device_convert_;
  std::ostringstream problem_;
};

struct SequenceCase {
  Backend backend;
  bool    initialized;
};
void PrintTo(const Backend &b, std::ostream *os) { *os << b.resource; }
void PrintTo(const SequenceCase &c, std::ostream *os) {
  *os << c.backend.resource << (c.initialized ? ", from host fp64 data" : ", from no data");
}

class StateMachineTest : public ::testing::TestWithParam<SequenceCase> {
 protected:
  void SetUp() override {
    INIT_BACKEND_OR_SKIP(GetParam().backend.resource, &ceed);
    Spaces().Configure(GetParam().backend.resource);
    ASSERT_EQ(CeedSetErrorHandler(ceed, CeedErrorStore), 0);
  }
  void TearDown() override {
    if (ceed) {
      EXPECT_EQ(CeedDestroy(&ceed), 0);
    }
  }
  // Every sequence of `length` accesses; reports the first few disagreements with the model.
  void RunAll(int length) {
    const std::vector<Step> all = AllSteps();
    Sequencer               sequencer(ceed, GetParam().backend.has_device, GetParam().backend.device_kernels);
    std::vector<size_t>     index(length, 0);
    size_t                  count = 0, failures = 0;
    while (true) {
      std::vector<Step> steps;
      for (size_t i : index) steps.push_back(all[i]);
      const std::string problem = sequencer.Run(steps, GetParam().initialized);
      count++;
      if (!problem.empty() && ++failures <= 10) {
        std::string seq;
        for (const Step &s : steps) seq += (seq.empty() ? "" : ", ") + Describe(s);
        ADD_FAILURE() << "sequence [" << seq << "] from a vector " << (GetParam().initialized ? "holding host fp64 data" : "without data") << ": "
                      << problem;
      }
      int d = length - 1;
      while (d >= 0 && ++index[d] == all.size()) index[d--] = 0;
      if (d < 0) break;
    }
    size_t expected = 1;
    for (int i = 0; i < length; i++) expected *= all.size();
    EXPECT_EQ(count, expected);
    EXPECT_EQ(failures, 0u) << failures << " of " << count << " sequences disagree with the model";
  }
  Ceed ceed = nullptr;
};

TEST_P(StateMachineTest, AllSequencesOfTwoAccesses) { RunAll(2); }
TEST_P(StateMachineTest, AllSequencesOfThreeAccesses) { RunAll(3); }

std::vector<SequenceCase> AllSequenceCases() {
  std::vector<SequenceCase> cases;
  for (const Backend &b : kBackends)
    for (bool initialized : {false, true}) cases.push_back({b, initialized});
  return cases;
}

INSTANTIATE_TEST_SUITE_P(Backends, StateMachineTest, ::testing::ValuesIn(AllSequenceCases()),
                         [](const ::testing::TestParamInfo<SequenceCase> &info) {
                           return BackendName(info.param.backend) + (info.param.initialized ? "_from_host_fp64" : "_from_empty");
                         });

// ---- Hand-picked validity cases, locks, conversions ------------------------------------------------------

// The take rules of the model on a known case: the borrowed array gets the current values (converted) and
// the other valid buffers stay valid.
TEST_P(MultiprecisionTest, TakeConvertsIntoTheBorrowedArray) {
  CeedVector v = nullptr;
  ASSERT_EQ(CeedVectorCreate(ceed, 3, &v), 0);
  float  user32[3] = {1.5f, -2.5f, 3.5f};
  double user64[3] = {0.25, 0.5, 0.75};
  ASSERT_EQ(CeedVectorSetArrayTyped(v, CEED_MEM_HOST, CEED_SCALAR_FP32, CEED_USE_POINTER, user32), 0);
  ASSERT_EQ(CeedVectorSetArrayTyped(v, CEED_MEM_HOST, CEED_SCALAR_FP64, CEED_USE_POINTER, user64), 0);
  EXPECT_EQ(Valid(v), "host:fp64");
  void *taken = nullptr;
  ASSERT_EQ(CeedVectorTakeArrayTyped(v, CEED_MEM_HOST, CEED_SCALAR_FP32, &taken), 0);
  EXPECT_EQ(taken, user32);
  EXPECT_EQ(user32[0], 0.25f);  // the fp64 values converted into the lent fp32 array
  EXPECT_EQ(user32[2], 0.75f);
  EXPECT_EQ(Valid(v), "host:fp64");
  ASSERT_EQ(CeedVectorTakeArrayTyped(v, CEED_MEM_HOST, CEED_SCALAR_FP64, &taken), 0);
  EXPECT_EQ(taken, user64);
  EXPECT_EQ(Valid(v), "");  // nothing left
  EXPECT_EQ(CeedVectorTakeArrayTyped(v, CEED_MEM_HOST, CEED_SCALAR_FP64, &taken), CEED_ERROR_BACKEND);
  ExpectError(CEED_ERROR_BACKEND, CEED_ERROR_BACKEND, "no borrowed host array");
  EXPECT_EQ(CeedVectorSetValue(v, 2.0), 0);
  EXPECT_EQ(Read(v, CEED_SCALAR_FP32), std::vector<double>(3, 2.0));
  EXPECT_EQ(CeedVectorDestroy(&v), 0);
}

// A lent buffer whose values are stale (another precision written since) cannot be taken once the only
// valid buffer has been taken: no valid data.
TEST_P(MultiprecisionTest, TakeWithoutValidData) {
  CeedVector v = nullptr;
  ASSERT_EQ(CeedVectorCreate(ceed, 2, &v), 0);
  float  user32[2] = {1, 2};
  double user64[2] = {3, 4};
  ASSERT_EQ(CeedVectorSetArrayTyped(v, CEED_MEM_HOST, CEED_SCALAR_FP32, CEED_USE_POINTER, user32), 0);
  ASSERT_EQ(CeedVectorSetArrayTyped(v, CEED_MEM_HOST, CEED_SCALAR_FP64, CEED_USE_POINTER, user64), 0);
  void *taken = nullptr;
  ASSERT_EQ(CeedVectorTakeArrayTyped(v, CEED_MEM_HOST, CEED_SCALAR_FP64, &taken), 0);
  ExpectError(CeedVectorTakeArrayTyped(v, CEED_MEM_HOST, CEED_SCALAR_FP32, &taken), CEED_ERROR_BACKEND, "no valid data");
  EXPECT_EQ(user32[0], 1.0f);  // untouched
  EXPECT_EQ(CeedVectorDestroy(&v), 0);
}

TEST_P(MultiprecisionTest, DeviceAccess) {
  CeedVector v = Make({1, 2, 3}, CEED_SCALAR_FP64, CEED_SCALAR_FP64);
  if (!has_device) {
    const void *r = nullptr;
    void       *a = nullptr;
    float       user[3];
    ExpectError(CeedVectorGetArrayReadTyped(v, CEED_MEM_DEVICE, CEED_SCALAR_FP32, &r), CEED_ERROR_BACKEND, "Can only provide HOST memory");
    ExpectError(CeedVectorGetArrayTyped(v, CEED_MEM_DEVICE, CEED_SCALAR_FP64, &a), CEED_ERROR_BACKEND, "Can only provide HOST memory");
    ExpectError(CeedVectorGetArrayWriteTyped(v, CEED_MEM_DEVICE, CEED_SCALAR_FP32, &a), CEED_ERROR_BACKEND, "Can only provide HOST memory");
    ExpectError(CeedVectorSyncArrayTyped(v, CEED_MEM_DEVICE, CEED_SCALAR_FP32), CEED_ERROR_BACKEND, "Can only provide HOST memory");
    ExpectError(CeedVectorTakeArrayTyped(v, CEED_MEM_DEVICE, CEED_SCALAR_FP32, &a), CEED_ERROR_BACKEND, "Can only provide HOST memory");
    ExpectError(CeedVectorSetArrayTyped(v, CEED_MEM_DEVICE, CEED_SCALAR_FP32, CEED_USE_POINTER, user), CEED_ERROR_BACKEND,
                "Can only set HOST memory");
    EXPECT_EQ(Valid(v), "host:fp64");
  } else {
    // Device fp32 from host fp64: converted on host, then copied (both fp32 buffers become valid).
    EXPECT_EQ(CeedVectorSyncArrayTyped(v, CEED_MEM_DEVICE, CEED_SCALAR_FP32), 0);
    EXPECT_EQ(Valid(v), "host:fp32 host:fp64 device:fp32");
    EXPECT_EQ(Read(v, CEED_SCALAR_FP32, CEED_MEM_DEVICE), (std::vector<double>{1, 2, 3}));
    // A device write in fp64 leaves only that buffer valid; a host fp32 read goes through host fp64.
    void *a = nullptr;
    ASSERT_EQ(CeedVectorGetArrayWriteTyped(v, CEED_MEM_DEVICE, CEED_SCALAR_FP64, &a), 0);
    StoreAll(a, CEED_MEM_DEVICE, CEED_SCALAR_FP64, {10, 11, 12});
    ASSERT_EQ(CeedVectorRestoreArrayTyped(v, &a), 0);
    EXPECT_EQ(Valid(v), "device:fp64");
    EXPECT_EQ(Read(v, CEED_SCALAR_FP32), (std::vector<double>{10, 11, 12}));
    EXPECT_EQ(Valid(v), "host:fp32 host:fp64 device:fp64");
  }
  EXPECT_EQ(Read(v, CEED_SCALAR_FP64), (has_device ? std::vector<double>{10, 11, 12} : std::vector<double>{1, 2, 3}));
  EXPECT_EQ(CeedVectorDestroy(&v), 0);
}

TEST_P(MultiprecisionTest, SyncAndLengthZero) {
  CeedVector v = nullptr;
  ASSERT_EQ(CeedVectorCreate(ceed, 3, &v), 0);
  ExpectError(CeedVectorSyncArrayTyped(v, CEED_MEM_HOST, CEED_SCALAR_FP32), CEED_ERROR_BACKEND, "no valid data");
  double values[3] = {1.0 / 3, 2, 3};
  ASSERT_EQ(CeedVectorSetArrayTyped(v, CEED_MEM_HOST, CEED_SCALAR_FP64, CEED_COPY_VALUES, values), 0);
  EXPECT_EQ(CeedVectorSyncArrayTyped(v, CEED_MEM_HOST, CEED_SCALAR_FP32), 0);
  EXPECT_EQ(Valid(v), "host:fp32 host:fp64");
  EXPECT_EQ(Read(v, CEED_SCALAR_FP64)[0], 1.0 / 3);  // the fp64 buffer is not replaced by the rounded values
  EXPECT_EQ(CeedVectorDestroy(&v), 0);

  // Length 0: every buffer counts as valid, arrays are NULL.
  ASSERT_EQ(CeedVectorCreate(ceed, 0, &v), 0);
  EXPECT_EQ(Valid(v), "host:fp32 host:fp64 device:fp32 device:fp64");
  const void *r = reinterpret_cast<const void *>(&values);
  EXPECT_EQ(CeedVectorGetArrayReadTyped(v, CEED_MEM_HOST, CEED_SCALAR_FP32, &r), 0);
  EXPECT_EQ(r, nullptr);
  EXPECT_EQ(CeedVectorRestoreArrayReadTyped(v, &r), 0);
  void *taken = &values;
  EXPECT_EQ(CeedVectorTakeArrayTyped(v, CEED_MEM_HOST, CEED_SCALAR_FP32, &taken), 0);
  EXPECT_EQ(taken, nullptr);
  EXPECT_EQ(CeedVectorSetArrayTyped(v, CEED_MEM_HOST, CEED_SCALAR_FP32, CEED_COPY_VALUES, nullptr), 0);
  EXPECT_EQ(CeedVectorSyncArrayTyped(v, CEED_MEM_HOST, CEED_SCALAR_FP32), 0);
  EXPECT_EQ(CeedVectorDestroy(&v), 0);
}

TEST_P(MultiprecisionTest, LocksAcrossPrecisions) {
  CeedVector v = Make({1, 2, 3}, CEED_SCALAR_FP64, CEED_SCALAR_FP64);
  uint64_t   s0 = 0, s = 0;
  ASSERT_EQ(CeedVectorGetState(v, &s0), 0);
  const CeedMemType mems[] = {CEED_MEM_HOST, CEED_MEM_DEVICE};
  for (CeedMemType write_mem : mems) {
    if (write_mem == CEED_MEM_DEVICE && !has_device) continue;
    // A writer in fp32 blocks every access in fp64 (and in fp32).
    void *w = nullptr, *a = nullptr;
    ASSERT_EQ(CeedVectorGetArrayWriteTyped(v, write_mem, CEED_SCALAR_FP32, &w), 0);
    const void *r = nullptr;
    ExpectError(CeedVectorGetArrayReadTyped(v, CEED_MEM_HOST, CEED_SCALAR_FP64, &r), CEED_ERROR_ACCESS,
                "Cannot grant CeedVector read-only array access, the access lock is already in use");
    ExpectError(CeedVectorGetArrayReadTyped(v, write_mem, CEED_SCALAR_FP32, &r), CEED_ERROR_ACCESS, "the access lock is already in use");
    ExpectError(CeedVectorGetArrayTyped(v, CEED_MEM_HOST, CEED_SCALAR_FP64, &a), CEED_ERROR_ACCESS, "the access lock is already in use");
    ExpectError(CeedVectorGetArrayWriteTyped(v, CEED_MEM_HOST, CEED_SCALAR_FP64, &a), CEED_ERROR_ACCESS, "the access lock is already in use");
    double user[3] = {0, 0, 0};
    ExpectError(CeedVectorSetArrayTyped(v, CEED_MEM_HOST, CEED_SCALAR_FP64, CEED_COPY_VALUES, user), CEED_ERROR_ACCESS,
                "the access lock is already in use");
    ExpectError(CeedVectorTakeArrayTyped(v, CEED_MEM_HOST, CEED_SCALAR_FP64, &a), CEED_ERROR_ACCESS, "the access lock is already in use");
    ExpectError(CeedVectorSyncArrayTyped(v, CEED_MEM_HOST, CEED_SCALAR_FP64), CEED_ERROR_ACCESS, "the access lock is already in use");
    const CeedScalar *rs = nullptr;
    ExpectError(CeedVectorGetArrayRead(v, CEED_MEM_HOST, &rs), CEED_ERROR_ACCESS, "the access lock is already in use");
    ExpectError(CeedVectorSetValue(v, 1.0), CEED_ERROR_ACCESS, "the access lock is already in use");
    CeedScalar norm = 0;
    ExpectError(CeedVectorNorm(v, CEED_NORM_1, &norm), CEED_ERROR_ACCESS, "the access lock is already in use");
    CeedVector keep = v;
    ExpectError(CeedVectorDestroy(&keep), CEED_ERROR_ACCESS, "the writable access lock is in use");
    StoreAll(w, write_mem, CEED_SCALAR_FP32, {0.5, 1.0, 1.5});
    ASSERT_EQ(CeedVectorRestoreArrayTyped(v, &w), 0);
    EXPECT_EQ(w, nullptr);
    ExpectError(CeedVectorRestoreArrayTyped(v, &w), CEED_ERROR_ACCESS, "Cannot restore CeedVector array access, access was not granted");
    EXPECT_EQ(Read(v, CEED_SCALAR_FP64), (std::vector<double>{0.5, 1.0, 1.5}));
  }
  ASSERT_EQ(CeedVectorGetState(v, &s), 0);
  EXPECT_EQ(s, s0 + (has_device ? 4u : 2u));  // each write access adds 2, reads nothing

  // Readers in different precisions (and memory spaces) coexist; they block writers of any precision.
  const void *r32 = nullptr, *r64 = nullptr, *rd = nullptr;
  ASSERT_EQ(CeedVectorGetArrayReadTyped(v, CEED_MEM_HOST, CEED_SCALAR_FP32, &r32), 0);
  ASSERT_EQ(CeedVectorGetArrayReadTyped(v, CEED_MEM_HOST, CEED_SCALAR_FP64, &r64), 0);
  if (has_device) { ASSERT_EQ(CeedVectorGetArrayReadTyped(v, CEED_MEM_DEVICE, CEED_SCALAR_FP32, &rd), 0); }
  EXPECT_EQ(static_cast<const float *>(r32)[1], 1.0f);
  EXPECT_EQ(static_cast<const double *>(r64)[2], 1.5);
  void *a = nullptr;
  ExpectError(CeedVectorGetArrayWriteTyped(v, CEED_MEM_HOST, CEED_SCALAR_FP32, &a), CEED_ERROR_ACCESS, "a process has read access");
  ExpectError(CeedVectorGetArrayTyped(v, CEED_MEM_HOST, CEED_SCALAR_FP64, &a), CEED_ERROR_ACCESS, "a process has read access");
  ExpectError(CeedVectorSetArrayTyped(v, CEED_MEM_HOST, CEED_SCALAR_FP32, CEED_COPY_VALUES, nullptr), CEED_ERROR_ACCESS, "a process has read access");
  ExpectError(CeedVectorScale(v, 2.0), CEED_ERROR_ACCESS, "a process has read access");
  CeedVector keep = v;
  ExpectError(CeedVectorDestroy(&keep), CEED_ERROR_ACCESS, "a process has read access");
  EXPECT_EQ(CeedVectorRestoreArrayReadTyped(v, &r32), 0);
  EXPECT_EQ(r32, nullptr);
  EXPECT_EQ(CeedVectorRestoreArrayReadTyped(v, &r64), 0);
  if (has_device) { EXPECT_EQ(CeedVectorRestoreArrayReadTyped(v, &rd), 0); }
  ExpectError(CeedVectorRestoreArrayReadTyped(v, &r64), CEED_ERROR_ACCESS, "Cannot restore CeedVector array read access, access was not granted");
  ASSERT_EQ(CeedVectorGetArrayTyped(v, CEED_MEM_HOST, CEED_SCALAR_FP32, &a), 0);
  EXPECT_EQ(static_cast<float *>(a)[0], 0.5f);
  ASSERT_EQ(CeedVectorRestoreArrayTyped(v, &a), 0);
  EXPECT_EQ(Valid(v), "host:fp32");
  EXPECT_EQ(CeedVectorDestroy(&v), 0);
}

TEST_P(MultiprecisionTest, Conversions) {
  // fp64 -> fp32 rounds to nearest; the fp64 buffer stays valid and exact.
  const std::vector<double> d = {1.0 / 3, -2.0 / 3, 0.1, 1e10 / 3, 1e-30 / 3, M_PI, 0.0, -1e-300};
  CeedVector                v = Make(d, CEED_SCALAR_FP64, CEED_SCALAR_FP64);
  std::vector<double>       rounded(d.size());
  for (size_t i = 0; i < d.size(); i++) rounded[i] = static_cast<double>(static_cast<float>(d[i]));
  EXPECT_NE(rounded[0], d[0]);
  EXPECT_EQ(Read(v, CEED_SCALAR_FP32), rounded);
  EXPECT_EQ(Valid(v), "host:fp32 host:fp64");
  EXPECT_EQ(Read(v, CEED_SCALAR_FP64), d);
  if (has_device) {
    EXPECT_EQ(Read(v, CEED_SCALAR_FP32, CEED_MEM_DEVICE), rounded);
    EXPECT_EQ(Valid(v), "host:fp32 host:fp64 device:fp32");
  }
  // A read-write access in fp32 makes the rounded values the vector's values: fp64 reads widen them.
  void *a = nullptr;
  ASSERT_EQ(CeedVectorGetArrayTyped(v, CEED_MEM_HOST, CEED_SCALAR_FP32, &a), 0);
  ASSERT_EQ(CeedVectorRestoreArrayTyped(v, &a), 0);
  EXPECT_EQ(Valid(v), "host:fp32");
  EXPECT_EQ(Read(v, CEED_SCALAR_FP64), rounded);
  EXPECT_EQ(CeedVectorDestroy(&v), 0);

  // fp32 -> fp64 is exact, from host or device data.
  std::vector<float> f = {1.0f / 3, -0.1f, 16777217.0f, 1e-40f, -3.5f, 0.0f, 7e30f, -1.0f / 7};
  std::vector<double> widened(f.begin(), f.end());
  for (CeedMemType mem : {CEED_MEM_HOST, CEED_MEM_DEVICE}) {
    if (mem == CEED_MEM_DEVICE && !has_device) continue;
    ASSERT_EQ(CeedVectorCreate(ceed, static_cast<CeedSize>(f.size()), &v), 0);
    UserArrays source;
    ASSERT_EQ(CeedVectorSetArrayTyped(v, mem, CEED_SCALAR_FP32, CEED_COPY_VALUES, source.New(CEED_SCALAR_FP32, widened, mem)), 0);
    EXPECT_EQ(Read(v, CEED_SCALAR_FP64), widened);
    if (has_device) { EXPECT_EQ(Read(v, CEED_SCALAR_FP64, CEED_MEM_DEVICE), widened); }
    EXPECT_EQ(Read(v, CEED_SCALAR_FP32, mem), widened);
    // The libCEED API reads the fp64 buffer.
    const CeedScalar *r = nullptr;
    ASSERT_EQ(CeedVectorGetArrayRead(v, CEED_MEM_HOST, &r), 0);
    EXPECT_EQ(r[0], static_cast<double>(1.0f / 3));
    ASSERT_EQ(CeedVectorRestoreArrayRead(v, &r), 0);
    EXPECT_EQ(CeedVectorDestroy(&v), 0);
  }
}

// ---- Vector arithmetic in the preferred precision --------------------------------------------------------

const std::vector<double> kX = {1.0 / 3, -2.0 / 3, 0.1, 0.0, 1e10 / 3, -7.0 / 9};
const std::vector<double> kY = {0.7, 1.0 / 7, -5.0 / 11, 2.0, -1e-3, 0.3};

double F(double x) { return static_cast<double>(static_cast<float>(x)); }
std::vector<double> F(const std::vector<double> &x) {
  std::vector<double> out(x.size());
  for (size_t i = 0; i < x.size(); i++) out[i] = F(x[i]);
  return out;
}

TEST_P(MultiprecisionTest, PreferredScalarType) {
  CeedVector     v    = nullptr;
  CeedScalarType type = CEED_SCALAR_FP32;
  ASSERT_EQ(CeedVectorCreate(ceed, 4, &v), 0);
  EXPECT_EQ(CeedVectorGetPreferredScalarType(v, &type), 0);
  EXPECT_EQ(type, CEED_SCALAR_FP64);
  EXPECT_EQ(CeedVectorSetPreferredScalarType(v, CEED_SCALAR_FP32), 0);
  EXPECT_EQ(CeedVectorGetPreferredScalarType(v, &type), 0);
  EXPECT_EQ(type, CEED_SCALAR_FP32);
  ExpectError(CeedVectorGetPreferredScalarType(v, nullptr), CEED_ERROR_INCOMPATIBLE, "NULL");
  // SetValue in fp32: only an fp32 buffer holds the (rounded) value.
  EXPECT_EQ(CeedVectorSetValue(v, 1.0 / 3), 0);
  EXPECT_EQ(Valid(v), Written(CEED_SCALAR_FP32, Kernels(true)));
  EXPECT_EQ(Read(v, CEED_SCALAR_FP32), std::vector<double>(4, F(1.0 / 3)));
  EXPECT_EQ(Read(v, CEED_SCALAR_FP64), std::vector<double>(4, F(1.0 / 3)));
  // Back to fp64: bitwise the double value.
  EXPECT_EQ(CeedVectorSetPreferredScalarType(v, CEED_SCALAR_FP64), 0);
  EXPECT_EQ(CeedVectorSetValue(v, 1.0 / 3), 0);
  EXPECT_EQ(Valid(v), Written(CEED_SCALAR_FP64, Kernels(true)));
  EXPECT_EQ(Read(v, CEED_SCALAR_FP64), std::vector<double>(4, 1.0 / 3));
  EXPECT_EQ(CeedVectorDestroy(&v), 0);
}

TEST_P(MultiprecisionTest, ScaleReciprocalFilterStrided) {
  for (CeedScalarType pref : {CEED_SCALAR_FP32, CEED_SCALAR_FP64}) {
    SCOPED_TRACE(CeedScalarTypes[pref]);
    const bool single = pref == CEED_SCALAR_FP32;
    const std::string only = single ? "host:fp32" : "host:fp64";
    // Data set in fp64; an fp32 vector rounds it when it first works on it.
    CeedVector          v = Make(kX, pref, CEED_SCALAR_FP64);
    std::vector<double> expected(kX.size());
    for (size_t i = 0; i < kX.size(); i++) {
      const double x = single ? F(kX[i]) : kX[i], r = x * 0.7;
      expected[i]    = single ? F(r) : r;
    }
    EXPECT_EQ(CeedVectorScale(v, 0.7), 0);
    EXPECT_EQ(Valid(v), Written(pref, Kernels(true)));
    EXPECT_EQ(Read(v, pref), expected);
    for (double &e : expected)
      if (std::fabs(e) > CEED_EPSILON) e = single ? F(1.0 / e) : 1.0 / e;
    EXPECT_EQ(CeedVectorReciprocal(v), 0);
    EXPECT_EQ(Valid(v), Written(pref, Kernels(true)));
    EXPECT_EQ(Read(v, pref), expected);
    EXPECT_EQ(expected[3], 0.0);
    for (double &e : expected)
      if (std::fabs(e) <= 2.0) e = 0.0;
    EXPECT_EQ(CeedVectorFilter(v, 2.0), 0);
    EXPECT_EQ(Valid(v), only);
    EXPECT_EQ(Read(v, pref), expected);
    for (size_t i = 1; i < expected.size(); i += 2) expected[i] = single ? F(1.0 / 3) : 1.0 / 3;
    EXPECT_EQ(CeedVectorSetValueStrided(v, 1, -1, 2, 1.0 / 3), 0);  // a device kernel where the backend has one
    EXPECT_EQ(Valid(v), Written(pref, Kernels(true)));
    EXPECT_EQ(Read(v, pref), expected);
    // CopyStrided from an fp64 source: converted to the destination's precision.
    CeedVector src = Make(kY, CEED_SCALAR_FP64, CEED_SCALAR_FP64);
    for (size_t i = 0; i < expected.size(); i += 3) expected[i] = single ? F(kY[i]) : kY[i];
    EXPECT_EQ(CeedVectorCopyStrided(src, 0, -1, 3, v), 0);
    EXPECT_EQ(Valid(v), only);
    EXPECT_EQ(Read(v, pref), expected);
    EXPECT_EQ(Valid(src), "host:fp64");
    EXPECT_EQ(Read(src, CEED_SCALAR_FP64), kY);
    EXPECT_EQ(CeedVectorDestroy(&src), 0);
    EXPECT_EQ(CeedVectorDestroy(&v), 0);
  }
}

TEST_P(MultiprecisionTest, Norms) {
  for (CeedScalarType pref : {CEED_SCALAR_FP32, CEED_SCALAR_FP64}) {
    SCOPED_TRACE(CeedScalarTypes[pref]);
    CeedVector                v = Make(kX, pref, CEED_SCALAR_FP64);
    const std::vector<double> x = pref == CEED_SCALAR_FP32 ? F(kX) : kX;  // summed in double
    double                    n1 = 0, n2 = 0, nmax = 0;
    for (double xi : x) {
      n1 += std::fabs(xi);
      n2 += xi * xi;
      nmax = std::fmax(nmax, std::fabs(xi));
    }
    n2 = std::sqrt(n2);
    CeedScalar norm = -1;
    // Host loops keep independent partial sums and device kernels sum per block, then the blocks: a few ulps from
    // the sum in order.
    auto expect_sum = [&](double got, double expected) { EXPECT_DOUBLE_EQ(got, expected); };
    EXPECT_EQ(CeedVectorNorm(v, CEED_NORM_1, &norm), 0);
    expect_sum(norm, n1);
    EXPECT_EQ(CeedVectorNorm(v, CEED_NORM_2, &norm), 0);
    expect_sum(norm, n2);
    EXPECT_EQ(CeedVectorNorm(v, CEED_NORM_MAX, &norm), 0);
    EXPECT_EQ(norm, nmax);
    if (pref == CEED_SCALAR_FP32) { EXPECT_NE(n1, 0.0); }
    // A norm is a read: the fp64 data stays valid (and exact), fp32 joins it for an fp32 vector.
    EXPECT_EQ(Valid(v), ReadBy(pref == CEED_SCALAR_FP32 ? "host:fp32 host:fp64" : "host:fp64", pref, Kernels(true)));
    EXPECT_EQ(Read(v, CEED_SCALAR_FP64), kX);
    EXPECT_EQ(CeedVectorDestroy(&v), 0);
  }
}

TEST_P(MultiprecisionTest, AxpyAndAxpbyMixed) {
  const double alpha = 0.3, beta = -1.7;
  for (bool axpby : {false, true}) {
    for (CeedScalarType ypref : {CEED_SCALAR_FP32, CEED_SCALAR_FP64}) {
      for (CeedScalarType xpref : {CEED_SCALAR_FP32, CEED_SCALAR_FP64}) {
        SCOPED_TRACE(std::string(axpby ? "AXPBY" : "AXPY") + " y " + CeedScalarTypes[ypref] + " x " + CeedScalarTypes[xpref]);
        // Each vector holds data in its preferred precision, except an fp32 x, which holds fp64 data: it is
        // read in fp32 (rounded), its fp64 buffer staying valid and unchanged.
        CeedVector y = Make(kY, ypref, ypref), x = Make(kX, xpref, CEED_SCALAR_FP64);
        std::vector<double> expected(kX.size());
        for (size_t i = 0; i < kX.size(); i++) {
          const double xi = xpref == CEED_SCALAR_FP32 ? F(kX[i]) : kX[i];
          const double yi = ypref == CEED_SCALAR_FP32 ? F(kY[i]) : kY[i];
          const double r  = axpby ? alpha * xi + beta * yi : yi + alpha * xi;
          expected[i]     = ypref == CEED_SCALAR_FP32 ? F(r) : r;
        }
        EXPECT_EQ(axpby ? CeedVectorAXPBY(y, alpha, beta, x) : CeedVectorAXPY(y, alpha, x), 0);
        const bool kernels = Kernels(xpref == ypref);
        EXPECT_EQ(Valid(y), Written(ypref, kernels));
        EXPECT_EQ(Read(y, ypref), expected);
        EXPECT_EQ(Valid(x), ReadBy(xpref == CEED_SCALAR_FP32 ? "host:fp32 host:fp64" : "host:fp64", xpref, kernels));
        EXPECT_EQ(Read(x, CEED_SCALAR_FP64), kX);  // bitwise unchanged
        EXPECT_EQ(CeedVectorDestroy(&x), 0);
        EXPECT_EQ(CeedVectorDestroy(&y), 0);
      }
    }
  }
  // x fp32 holding fp32 data, y fp64: double arithmetic on the float values.
  CeedVector y = Make(kY, CEED_SCALAR_FP64, CEED_SCALAR_FP64), x = Make(F(kX), CEED_SCALAR_FP32, CEED_SCALAR_FP32);
  std::vector<double> expected(kX.size());
  for (size_t i = 0; i < kX.size(); i++) expected[i] = kY[i] + alpha * static_cast<double>(static_cast<float>(kX[i]));
  EXPECT_EQ(CeedVectorAXPY(y, alpha, x), 0);
  EXPECT_EQ(Read(y, CEED_SCALAR_FP64), expected);
  EXPECT_EQ(Valid(x), "host:fp32");
  EXPECT_EQ(CeedVectorDestroy(&x), 0);
  EXPECT_EQ(CeedVectorDestroy(&y), 0);
}

TEST_P(MultiprecisionTest, PointwiseMult) {
  for (CeedScalarType wpref : {CEED_SCALAR_FP32, CEED_SCALAR_FP64}) {
    SCOPED_TRACE(std::string("w ") + CeedScalarTypes[wpref]);
    const bool        single = wpref == CEED_SCALAR_FP32;
    const std::string only   = single ? "host:fp32" : "host:fp64";
    // w = x .* y with x fp64 and y fp32 (y holds fp32 data).
    CeedVector w = nullptr, x = Make(kX, CEED_SCALAR_FP64, CEED_SCALAR_FP64), y = Make(F(kY), CEED_SCALAR_FP32, CEED_SCALAR_FP32);
    ASSERT_EQ(CeedVectorCreate(ceed, static_cast<CeedSize>(kX.size()), &w), 0);
    ASSERT_EQ(CeedVectorSetPreferredScalarType(w, wpref), 0);
    std::vector<double> expected(kX.size());
    for (size_t i = 0; i < kX.size(); i++) {
      const double r = kX[i] * F(kY[i]);
      expected[i]    = single ? F(r) : r;
    }
    EXPECT_EQ(CeedVectorPointwiseMult(w, x, y), 0);
    EXPECT_EQ(Valid(w), only);
    EXPECT_EQ(Read(w, wpref), expected);
    // Aliased w == x: the first operand is read through w (in w's precision).
    std::vector<double> w_values = expected;
    for (size_t i = 0; i < kX.size(); i++) {
      const double r = w_values[i] * F(kY[i]);
      expected[i]    = single ? F(r) : r;
    }
    EXPECT_EQ(CeedVectorPointwiseMult(w, w, y), 0);
    const bool wy_kernels = Kernels(single);  // w and y fp32
    EXPECT_EQ(Valid(w), Written(wpref, wy_kernels));
    EXPECT_EQ(Read(w, wpref), expected);
    // w == x == y: squares.
    w_values = expected;
    for (size_t i = 0; i < kX.size(); i++) {
      const double r = w_values[i] * w_values[i];
      expected[i]    = single ? F(r) : r;
    }
    EXPECT_EQ(CeedVectorPointwiseMult(w, w, w), 0);
    EXPECT_EQ(Read(w, wpref), expected);
    // x == y != w, both fp64.
    for (size_t i = 0; i < kX.size(); i++) {
      const double r = kX[i] * kX[i];
      expected[i]    = single ? F(r) : r;
    }
    EXPECT_EQ(CeedVectorPointwiseMult(w, x, x), 0);
    EXPECT_EQ(Read(w, wpref), expected);
    EXPECT_EQ(Valid(x), ReadBy("host:fp64", CEED_SCALAR_FP64, Kernels(!single)));
    EXPECT_EQ(Valid(y), ReadBy("host:fp32", CEED_SCALAR_FP32, wy_kernels));
    EXPECT_EQ(CeedVectorDestroy(&w), 0);
    EXPECT_EQ(CeedVectorDestroy(&x), 0);
    EXPECT_EQ(CeedVectorDestroy(&y), 0);
  }
}

TEST_P(MultiprecisionTest, Copy) {
  // fp64 source into an fp32 destination: the destination holds the rounded values, in fp32 only (in the
  // preferred memory of the context, where CeedVectorCopy transfers).
  CeedVector src = Make(kX, CEED_SCALAR_FP64, CEED_SCALAR_FP64), dst = nullptr;
  ASSERT_EQ(CeedVectorCreate(ceed, static_cast<CeedSize>(kX.size()), &dst), 0);
  ASSERT_EQ(CeedVectorSetValue(dst, 5.0), 0);
  ASSERT_EQ(CeedVectorSetPreferredScalarType(dst, CEED_SCALAR_FP32), 0);
  EXPECT_EQ(CeedVectorCopy(src, dst), 0);
  EXPECT_EQ(Valid(dst), PreferredMem() + ":fp32");
  EXPECT_EQ(Read(dst, CEED_SCALAR_FP32, preferred_mem), F(kX));
  EXPECT_EQ(Read(dst, CEED_SCALAR_FP64), F(kX));
  EXPECT_EQ(Read(src, CEED_SCALAR_FP64), kX);
  // fp32 source into an fp64 destination: widened exactly, fp64 only.
  CeedVector src32 = Make(F(kY), CEED_SCALAR_FP32, CEED_SCALAR_FP32), dst64 = nullptr;
  ASSERT_EQ(CeedVectorCreate(ceed, static_cast<CeedSize>(kY.size()), &dst64), 0);
  EXPECT_EQ(CeedVectorCopy(src32, dst64), 0);
  EXPECT_EQ(Valid(dst64), PreferredMem() + ":fp64");
  EXPECT_EQ(Read(dst64, CEED_SCALAR_FP64, preferred_mem), F(kY));
  // fp64 into fp64: bitwise.
  EXPECT_EQ(CeedVectorCopy(src, dst64), 0);
  EXPECT_EQ(Read(dst64, CEED_SCALAR_FP64), kX);
  EXPECT_EQ(CeedVectorDestroy(&src), 0);
  EXPECT_EQ(CeedVectorDestroy(&dst), 0);
  EXPECT_EQ(CeedVectorDestroy(&src32), 0);
  EXPECT_EQ(CeedVectorDestroy(&dst64), 0);
}

// fp64 vectors: every operation gives bitwise the double formula.
TEST_P(MultiprecisionTest, Fp64OperationsBitwise) {
  CeedVector x = Make(kX, CEED_SCALAR_FP64, CEED_SCALAR_FP64), y = Make(kY, CEED_SCALAR_FP64, CEED_SCALAR_FP64), w = nullptr;
  ASSERT_EQ(CeedVectorCreate(ceed, static_cast<CeedSize>(kX.size()), &w), 0);
  std::vector<double> ey(kY), ew(kX.size());
  EXPECT_EQ(CeedVectorAXPY(y, 0.3, x), 0);
  for (size_t i = 0; i < ey.size(); i++) ey[i] = ey[i] + 0.3 * kX[i];
  EXPECT_EQ(Read(y, CEED_SCALAR_FP64), ey);
  EXPECT_EQ(CeedVectorAXPBY(y, -0.9, 1.3, x), 0);
  for (size_t i = 0; i < ey.size(); i++) ey[i] = -0.9 * kX[i] + 1.3 * ey[i];
  EXPECT_EQ(Read(y, CEED_SCALAR_FP64), ey);
  EXPECT_EQ(CeedVectorScale(y, 1.0 / 3), 0);
  for (double &e : ey) e = e * (1.0 / 3);
  EXPECT_EQ(Read(y, CEED_SCALAR_FP64), ey);
  EXPECT_EQ(CeedVectorPointwiseMult(w, x, y), 0);
  for (size_t i = 0; i < ew.size(); i++) ew[i] = kX[i] * ey[i];
  EXPECT_EQ(Read(w, CEED_SCALAR_FP64), ew);
  EXPECT_EQ(CeedVectorReciprocal(y), 0);
  for (double &e : ey)
    if (std::fabs(e) > CEED_EPSILON) e = 1.0 / e;
  EXPECT_EQ(Read(y, CEED_SCALAR_FP64), ey);
  // y was last written by a kernel and then read on host above: both copies valid after device kernels.
  EXPECT_EQ(Valid(y), ReadBy("host:fp64", CEED_SCALAR_FP64, Kernels(true)));
  EXPECT_EQ(Valid(x), ReadBy("host:fp64", CEED_SCALAR_FP64, Kernels(true)));
  EXPECT_EQ(CeedVectorDestroy(&x), 0);
  EXPECT_EQ(CeedVectorDestroy(&y), 0);
  EXPECT_EQ(CeedVectorDestroy(&w), 0);
}

// ---- Errors ----------------------------------------------------------------------------------------------

TEST_P(MultiprecisionTest, InvalidScalarType) {
  const auto bad = static_cast<CeedScalarType>(7);
  CeedVector v   = Make({1, 2, 3}, CEED_SCALAR_FP64, CEED_SCALAR_FP64);
  void      *a   = nullptr;
  const void *r  = nullptr;
  bool        valid = false;
  double      user[3] = {4, 5, 6};
  ResetMessage();
  auto expect_message = [&](const char *func, int ierr) {
    EXPECT_EQ(ierr, CEED_ERROR_INCOMPATIBLE) << func;
    EXPECT_NE(Message().find("CeedScalarType"), std::string::npos) << func << ": " << Message();
    EXPECT_NE(Message().find("CeedScalarType 7"), std::string::npos) << func << ": " << Message();
    EXPECT_NE(Message().find(std::string(func) + "()"), std::string::npos) << "the message does not name " << func << ": " << Message();
    ResetMessage();
  };
  expect_message("CeedVectorSetArrayTyped", CeedVectorSetArrayTyped(v, CEED_MEM_HOST, bad, CEED_COPY_VALUES, user));
  expect_message("CeedVectorTakeArrayTyped", CeedVectorTakeArrayTyped(v, CEED_MEM_HOST, bad, &a));
  expect_message("CeedVectorSyncArrayTyped", CeedVectorSyncArrayTyped(v, CEED_MEM_HOST, bad));
  expect_message("CeedVectorGetArrayTyped", CeedVectorGetArrayTyped(v, CEED_MEM_HOST, bad, &a));
  expect_message("CeedVectorGetArrayReadTyped", CeedVectorGetArrayReadTyped(v, CEED_MEM_HOST, bad, &r));
  expect_message("CeedVectorGetArrayWriteTyped", CeedVectorGetArrayWriteTyped(v, CEED_MEM_HOST, bad, &a));
  expect_message("CeedVectorHasValidArrayTyped", CeedVectorHasValidArrayTyped(v, CEED_MEM_HOST, bad, &valid));
  expect_message("CeedVectorSetPreferredScalarType", CeedVectorSetPreferredScalarType(v, bad));
  // Nothing changed: no lock held, values and preferred precision as before.
  CeedScalarType type = CEED_SCALAR_FP32;
  EXPECT_EQ(CeedVectorGetPreferredScalarType(v, &type), 0);
  EXPECT_EQ(type, CEED_SCALAR_FP64);
  EXPECT_EQ(Valid(v), "host:fp64");
  EXPECT_EQ(Read(v, CEED_SCALAR_FP64), (std::vector<double>{1, 2, 3}));
  EXPECT_EQ(CeedVectorSetValue(v, 2.0), 0);
  EXPECT_EQ(CeedVectorDestroy(&v), 0);
}

// Errors of the typed functions name the public function called (as the untyped ones do).
TEST_P(MultiprecisionTest, ErrorMessagesNameThePublicFunction) {
  CeedVector v = Make({1, 2, 3}, CEED_SCALAR_FP64, CEED_SCALAR_FP64);
  void      *a = nullptr, *w = nullptr;
  ExpectError(CeedVectorTakeArrayTyped(v, CEED_MEM_HOST, CEED_SCALAR_FP32, &a), CEED_ERROR_BACKEND, "CeedVectorTakeArrayTyped(): ");
  ASSERT_EQ(CeedVectorGetArrayWriteTyped(v, CEED_MEM_HOST, CEED_SCALAR_FP32, &w), 0);
  ExpectError(CeedVectorSetArrayTyped(v, CEED_MEM_HOST, CEED_SCALAR_FP64, CEED_COPY_VALUES, nullptr), CEED_ERROR_ACCESS,
              "CeedVectorSetArrayTyped(): ");
  ExpectError(CeedVectorSyncArrayTyped(v, CEED_MEM_HOST, CEED_SCALAR_FP64), CEED_ERROR_ACCESS, "CeedVectorSyncArrayTyped(): ");
  const void *r = nullptr;
  ExpectError(CeedVectorGetArrayReadTyped(v, CEED_MEM_HOST, CEED_SCALAR_FP64, &r), CEED_ERROR_ACCESS, "CeedVectorGetArrayReadTyped(): ");
  ASSERT_EQ(CeedVectorRestoreArrayTyped(v, &w), 0);
  ExpectError(CeedVectorRestoreArrayTyped(v, &w), CEED_ERROR_ACCESS, "CeedVectorRestoreArrayTyped(): ");
  // The libCEED function names (the same code underneath).
  ExpectError(CeedVectorTakeArray(v, CEED_MEM_HOST, reinterpret_cast<CeedScalar **>(&a)), CEED_ERROR_BACKEND, "CeedVectorTakeArray(): ");
  EXPECT_EQ(CeedVectorDestroy(&v), 0);
}

// ---- Operator precision ----------------------------------------------------------------------------------

TEST_P(MultiprecisionTest, OperatorPrecision) {
  EXPECT_STREQ(CeedScalarTypes[CEED_SCALAR_FP32], "fp32");
  EXPECT_STREQ(CeedScalarTypes[CEED_SCALAR_FP64], "fp64");
  EXPECT_STREQ(CeedOperatorPrecisions[CEED_PRECISION_FP64], "fp64");
  EXPECT_STREQ(CeedOperatorPrecisions[CEED_PRECISION_FP32], "fp32");
  EXPECT_STREQ(CeedOperatorPrecisions[CEED_PRECISION_LOW_HIGH], "low-high");
  EXPECT_STREQ(CeedOperatorPrecisions[CEED_PRECISION_HIGH_LOW], "high-low");

  CeedQFunction qf = nullptr;
  ASSERT_EQ(CeedQFunctionCreateInteriorByName(ceed, "MassApply", &qf), 0);
  CeedOperator op = nullptr, sub = nullptr, composite = nullptr;
  ASSERT_EQ(CeedOperatorCreate(ceed, qf, CEED_QFUNCTION_NONE, CEED_QFUNCTION_NONE, &op), 0);
  CeedOperatorPrecision precision = CEED_PRECISION_FP32;
  EXPECT_EQ(CeedOperatorGetPrecision(op, &precision), 0);
  EXPECT_EQ(precision, CEED_PRECISION_FP64);
  for (CeedOperatorPrecision p : {CEED_PRECISION_FP32, CEED_PRECISION_LOW_HIGH, CEED_PRECISION_HIGH_LOW, CEED_PRECISION_FP64}) {
    EXPECT_EQ(CeedOperatorSetPrecision(op, p), 0);
    EXPECT_EQ(CeedOperatorGetPrecision(op, &precision), 0);
    EXPECT_EQ(precision, p);
  }
  EXPECT_EQ(CeedOperatorSetPrecision(op, CEED_PRECISION_LOW_HIGH), 0);
  ExpectError(CeedOperatorSetPrecision(op, static_cast<CeedOperatorPrecision>(7)), CEED_ERROR_INCOMPATIBLE, "Invalid CeedOperatorPrecision 7");
  EXPECT_EQ(CeedOperatorGetPrecision(op, &precision), 0);
  EXPECT_EQ(precision, CEED_PRECISION_LOW_HIGH);  // unchanged
  ExpectError(CeedOperatorGetPrecision(op, nullptr), CEED_ERROR_INCOMPATIBLE, "NULL");
  ExpectError(CeedOperatorSetPrecision(nullptr, CEED_PRECISION_FP32), CEED_ERROR_INCOMPATIBLE, "");

  // A composite passes its precision to its sub-operators, present and added later.
  ASSERT_EQ(CeedOperatorCreate(ceed, qf, CEED_QFUNCTION_NONE, CEED_QFUNCTION_NONE, &sub), 0);
  ASSERT_EQ(CeedOperatorCreateComposite(ceed, &composite), 0);
  ASSERT_EQ(CeedOperatorCompositeAddSub(composite, sub), 0);
  EXPECT_EQ(CeedOperatorSetPrecision(composite, CEED_PRECISION_FP32), 0);
  EXPECT_EQ(CeedOperatorGetPrecision(sub, &precision), 0);
  EXPECT_EQ(precision, CEED_PRECISION_FP32);
  ASSERT_EQ(CeedOperatorCompositeAddSub(composite, op), 0);
  EXPECT_EQ(CeedOperatorGetPrecision(op, &precision), 0);
  EXPECT_EQ(precision, CEED_PRECISION_FP32);
  EXPECT_EQ(CeedOperatorDestroy(&composite), 0);
  EXPECT_EQ(CeedOperatorDestroy(&sub), 0);
  EXPECT_EQ(CeedOperatorDestroy(&op), 0);
  EXPECT_EQ(CeedQFunctionDestroy(&qf), 0);
}

INSTANTIATE_TEST_SUITE_P(Backends, MultiprecisionTest, ::testing::ValuesIn(kBackends), ParamName);

}  // namespace
