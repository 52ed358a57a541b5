// Allocation-failure injection (issue 16): creating and applying a BP3 operator (p = 2, two elements) fails at
// its N-th allocation, for N = 1, 2, ... until a run reaches no N-th allocation. Every allocation counts: C++
// `new` of the library and of the plugins (global operator new is replaced in this executable, which the
// shared libraries resolve to) and the core's C allocations (the library asks CeedrtTestFailAllocation, which
// this executable exports; docs/internals.md, "Fault injection and endurance"). Each N runs in a child process, so that the
// first-time paths (backend discovery, plugin and kernel loading) fail too, and checks that
//  - every call returns success or an error code, with a message about memory (the context's, or the
//    thread's NULL-context message for an error raised without a context, as by CeedMallocArray), and no
//    exception crosses the C ABI; no crash, abort or std::terminate (the child's exit status);
//  - the failed call left everything usable: the run resumes at that call, without injected failures, and
//    gives the result of a run without failures, bit for bit;
//  - every object is then destroyed without error, and (AddressSanitizer builds) nothing leaked.
// Sweeps: /cpu/self/ref/serial, /cpu/self/ref/blocked, /cpu/self/gen with a warm and with a cold kernel cache, and
// memory that stays exhausted (allocation N and all later ones fail; the code must come back, without a message).
// The slower sweeps take every few N by default; CEEDRT_FAULT_STRIDE=1 takes all (ctest label "extended").
// For debugging: CEEDRT_FAULT_FIRST=N starts at N, CEEDRT_FAULT_BACKTRACE=1 prints where each failing allocation
// is and where std::terminate is called from.
#include <ceed.h>
#include <execinfo.h>
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <filesystem>
#include <fstream>
#include <functional>
#include <new>
#include <string>
#include <vector>

#include "test-problems.hpp"

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/lsan_interface.h>
#define CEEDRT_TEST_LEAK_CHECK 1
#endif

// ---- The hook: fail the armed allocation ------------------------------------------------------------------

namespace {
std::atomic<long> armed_at{0};  // the allocation to fail (1-based) while counting; 0: never
std::atomic<long> num_counted{0};
std::atomic<bool> counting{false}, fired{false};
std::atomic<bool> onward{false};  // every later allocation fails too (memory that stays exhausted)
}  // namespace

extern "C" __attribute__((visibility("default"))) int CeedrtTestFailAllocation(size_t) {
  if (!counting.load(std::memory_order_relaxed)) return 0;
  const long n = ++num_counted, at = armed_at.load();
  if (at == 0 || n < at || (n > at && !onward)) return 0;
  fired = true;
  if (n == at && std::getenv("CEEDRT_FAULT_BACKTRACE")) {  // where the failing allocation is, for debugging
    counting = false;
    void *frames[64];
    backtrace_symbols_fd(frames, backtrace(frames, 64), 2);
    counting = true;
  }
  return 1;
}

// The replacements pair malloc with free; GCC sees only `delete` calling free on what `new` returned.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
void *operator new(size_t n) {
  void *p = CeedrtTestFailAllocation(n) ? nullptr : std::malloc(n ? n : 1);
  if (!p) throw std::bad_alloc();
  return p;
}
void *operator new[](size_t n) { return ::operator new(n); }
void *operator new(size_t n, const std::nothrow_t &) noexcept { return CeedrtTestFailAllocation(n) ? nullptr : std::malloc(n ? n : 1); }
void *operator new[](size_t n, const std::nothrow_t &t) noexcept { return ::operator new(n, t); }
void *operator new(size_t n, std::align_val_t a) {
  void *p = nullptr;
  if (CeedrtTestFailAllocation(n) || posix_memalign(&p, std::max(sizeof(void *), static_cast<size_t>(a)), n ? n : 1)) throw std::bad_alloc();
  return p;
}
void *operator new[](size_t n, std::align_val_t a) { return ::operator new(n, a); }
void *operator new(size_t n, std::align_val_t a, const std::nothrow_t &) noexcept {
  void *p = nullptr;
  if (CeedrtTestFailAllocation(n) || posix_memalign(&p, std::max(sizeof(void *), static_cast<size_t>(a)), n ? n : 1)) return nullptr;
  return p;
}
void *operator new[](size_t n, std::align_val_t a, const std::nothrow_t &t) noexcept { return ::operator new(n, a, t); }
void operator delete(void *p) noexcept { std::free(p); }
void operator delete[](void *p) noexcept { std::free(p); }
void operator delete(void *p, size_t) noexcept { std::free(p); }
void operator delete[](void *p, size_t) noexcept { std::free(p); }
void operator delete(void *p, const std::nothrow_t &) noexcept { std::free(p); }
void operator delete[](void *p, const std::nothrow_t &) noexcept { std::free(p); }
void operator delete(void *p, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void *p, std::align_val_t) noexcept { std::free(p); }
void operator delete(void *p, size_t, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void *p, size_t, std::align_val_t) noexcept { std::free(p); }
void operator delete(void *p, std::align_val_t, const std::nothrow_t &) noexcept { std::free(p); }
void operator delete[](void *p, std::align_val_t, const std::nothrow_t &) noexcept { std::free(p); }
#pragma GCC diagnostic pop

namespace {

// Pauses counting around the test's own calls (error message bookkeeping) inside an armed run.
struct NotCounted {
  bool was = counting.exchange(false);
  ~NotCounted() { counting = was; }
};

// ---- BP3 as a sequence of public calls -------------------------------------------------------------------------

constexpr CeedInt kP = 3, kQ = 4, kDim = 3;  // p = 2 with Gauss points

// Everything a run creates, and the data it needs, prepared before counting starts.
struct Run {
  const char          *resource = nullptr;
  Box                  box{kDim, kP, {2, 1, 1}};
  std::vector<CeedInt> offsets_x, offsets_u;
  std::vector<CeedScalar> coords, u_values, result;
  CeedSize             qdata_size = 0;

  Ceed                ceed = nullptr;
  CeedVector          x = nullptr, qdata = nullptr, u = nullptr, v = nullptr;
  CeedElemRestriction rstr_x = nullptr, rstr_u = nullptr, rstr_q = nullptr;
  CeedBasis           basis_x = nullptr, basis_u = nullptr;
  CeedQFunction       qf_setup = nullptr, qf_apply = nullptr;
  CeedOperator        op_setup = nullptr, op_apply = nullptr;

  explicit Run(const char *resource_) : resource(resource_) {
    offsets_x  = box.Offsets(kDim);
    offsets_u  = box.Offsets(1);
    coords     = box.Coordinates();
    qdata_size = (CeedSize)box.num_elem * kQ * kQ * kQ * 6;
    u_values.resize(box.num_nodes);
    for (CeedSize i = 0; i < box.num_nodes; i++) u_values[i] = TestFunction(i);
    result.assign(box.num_nodes, 0.0);
  }
};

int ReadResult(Run &r) {
  const CeedScalar *a = nullptr;
  if (int ierr = CeedVectorGetArrayRead(r.v, CEED_MEM_HOST, &a)) return ierr;
  std::copy(a, a + r.box.num_nodes, r.result.begin());
  return CeedVectorRestoreArrayRead(r.v, &a);
}

struct Step {
  const char *call;
  int (*run)(Run &);
};

// clang-format off
const Step kSteps[] = {
    {"CeedInit", [](Run &r) { return CeedInit(r.resource, &r.ceed); }},
    {"CeedVectorCreate(x)", [](Run &r) { return CeedVectorCreate(r.ceed, r.box.num_nodes * kDim, &r.x); }},
    {"CeedVectorSetArray(x)", [](Run &r) { return CeedVectorSetArray(r.x, CEED_MEM_HOST, CEED_COPY_VALUES, r.coords.data()); }},
    {"CeedVectorCreate(qdata)", [](Run &r) { return CeedVectorCreate(r.ceed, r.qdata_size, &r.qdata); }},
    {"CeedVectorCreate(u)", [](Run &r) { return CeedVectorCreate(r.ceed, r.box.num_nodes, &r.u); }},
    {"CeedVectorSetArray(u)", [](Run &r) { return CeedVectorSetArray(r.u, CEED_MEM_HOST, CEED_COPY_VALUES, r.u_values.data()); }},
    {"CeedVectorCreate(v)", [](Run &r) { return CeedVectorCreate(r.ceed, r.box.num_nodes, &r.v); }},
    {"CeedVectorSetValue(v)", [](Run &r) { return CeedVectorSetValue(r.v, 0.0); }},
    {"CeedElemRestrictionCreate(x)", [](Run &r) {
       return CeedElemRestrictionCreate(r.ceed, r.box.num_elem, r.box.elem_size, kDim, 1, r.box.num_nodes * kDim, CEED_MEM_HOST,
                                        CEED_USE_POINTER, r.offsets_x.data(), &r.rstr_x); }},
    {"CeedElemRestrictionCreate(u)", [](Run &r) {
       return CeedElemRestrictionCreate(r.ceed, r.box.num_elem, r.box.elem_size, 1, 1, r.box.num_nodes, CEED_MEM_HOST, CEED_COPY_VALUES,
                                        r.offsets_u.data(), &r.rstr_u); }},
    {"CeedElemRestrictionCreateStrided(qdata)", [](Run &r) {
       return CeedElemRestrictionCreateStrided(r.ceed, r.box.num_elem, kQ * kQ * kQ, 6, r.qdata_size, CEED_STRIDES_BACKEND, &r.rstr_q); }},
    {"CeedBasisCreateTensorH1Lagrange(x)", [](Run &r) { return CeedBasisCreateTensorH1Lagrange(r.ceed, kDim, kDim, kP, kQ, CEED_GAUSS, &r.basis_x); }},
    {"CeedBasisCreateTensorH1Lagrange(u)", [](Run &r) { return CeedBasisCreateTensorH1Lagrange(r.ceed, kDim, 1, kP, kQ, CEED_GAUSS, &r.basis_u); }},
    {"CeedQFunctionCreateInteriorByName(Poisson3DBuild)", [](Run &r) { return CeedQFunctionCreateInteriorByName(r.ceed, "Poisson3DBuild", &r.qf_setup); }},
    {"CeedQFunctionCreateInteriorByName(Poisson3DApply)", [](Run &r) { return CeedQFunctionCreateInteriorByName(r.ceed, "Poisson3DApply", &r.qf_apply); }},
    {"CeedOperatorCreate(setup)", [](Run &r) { return CeedOperatorCreate(r.ceed, r.qf_setup, CEED_QFUNCTION_NONE, CEED_QFUNCTION_NONE, &r.op_setup); }},
    {"CeedOperatorSetField(setup, dx)", [](Run &r) { return CeedOperatorSetField(r.op_setup, "dx", r.rstr_x, r.basis_x, CEED_VECTOR_ACTIVE); }},
    {"CeedOperatorSetField(setup, weights)", [](Run &r) { return CeedOperatorSetField(r.op_setup, "weights", CEED_ELEMRESTRICTION_NONE, r.basis_x, CEED_VECTOR_NONE); }},
    {"CeedOperatorSetField(setup, qdata)", [](Run &r) { return CeedOperatorSetField(r.op_setup, "qdata", r.rstr_q, CEED_BASIS_NONE, CEED_VECTOR_ACTIVE); }},
    {"CeedOperatorCreate(apply)", [](Run &r) { return CeedOperatorCreate(r.ceed, r.qf_apply, CEED_QFUNCTION_NONE, CEED_QFUNCTION_NONE, &r.op_apply); }},
    {"CeedOperatorSetField(apply, du)", [](Run &r) { return CeedOperatorSetField(r.op_apply, "du", r.rstr_u, r.basis_u, CEED_VECTOR_ACTIVE); }},
    {"CeedOperatorSetField(apply, qdata)", [](Run &r) { return CeedOperatorSetField(r.op_apply, "qdata", r.rstr_q, CEED_BASIS_NONE, r.qdata); }},
    {"CeedOperatorSetField(apply, dv)", [](Run &r) { return CeedOperatorSetField(r.op_apply, "dv", r.rstr_u, r.basis_u, CEED_VECTOR_ACTIVE); }},
    {"CeedOperatorApply(setup)", [](Run &r) { return CeedOperatorApply(r.op_setup, r.x, r.qdata, CEED_REQUEST_IMMEDIATE); }},
    {"CeedOperatorApply(apply)", [](Run &r) { return CeedOperatorApply(r.op_apply, r.u, r.v, CEED_REQUEST_IMMEDIATE); }},
    {"CeedVectorGetArrayRead(v)", ReadResult},
};
// clang-format on
constexpr int kNumSteps = sizeof(kSteps) / sizeof(kSteps[0]);

// Destroys everything a run created: the problems found are appended to *problems.
void DestroyAll(Run &r, std::string *problems) {
  auto check = [&](int ierr, const char *what) {
    if (ierr) *problems += std::string("destroying ") + what + " failed with code " + std::to_string(ierr) + "\n";
  };
  check(CeedOperatorDestroy(&r.op_apply), "op_apply");
  check(CeedOperatorDestroy(&r.op_setup), "op_setup");
  check(CeedQFunctionDestroy(&r.qf_apply), "qf_apply");
  check(CeedQFunctionDestroy(&r.qf_setup), "qf_setup");
  check(CeedBasisDestroy(&r.basis_u), "basis_u");
  check(CeedBasisDestroy(&r.basis_x), "basis_x");
  check(CeedElemRestrictionDestroy(&r.rstr_q), "rstr_q");
  check(CeedElemRestrictionDestroy(&r.rstr_u), "rstr_u");
  check(CeedElemRestrictionDestroy(&r.rstr_x), "rstr_x");
  for (CeedVector *vec : {&r.x, &r.qdata, &r.u, &r.v}) check(CeedVectorDestroy(vec), "a vector");
  Ceed ceed = r.ceed;
  if (const int ierr = CeedDestroy(&r.ceed)) {
    const char *msg = nullptr;
    CeedGetErrorMessage(ceed, &msg);
    *problems += "destroying the Ceed failed with code " + std::to_string(ierr) + ": " + (msg ? msg : "") + "\n";
  }
}

// Runs the steps from first on; returns the index of the step that failed (kNumSteps if none) with its code and
// message. A C++ exception that escapes a call is a failure of its own.
int RunSteps(Run &r, int first, int *code, std::string *message, bool *escaped) {
  *escaped = false;
  for (int i = first; i < kNumSteps; i++) {
    {
      NotCounted pause;
      CeedResetErrorMessage(r.ceed, nullptr);
      CeedResetErrorMessage(NULL, nullptr);
    }
    try {
      *code = kSteps[i].run(r);
    } catch (...) {
      *escaped = true;
      *code    = -1;
    }
    if (*code) {
      NotCounted  pause;
      const char *msg = nullptr, *null_msg = nullptr;
      CeedGetErrorMessage(r.ceed, &msg);
      CeedGetErrorMessage(NULL, &null_msg);
      const std::string none = "No error message stored";
      *message = r.ceed && msg && none != msg ? msg : null_msg && none != null_msg ? null_msg : "";
      return i;
    }
  }
  return kNumSteps;
}

// What a child reports: whether the armed allocation was reached, how many were counted, and the problems.
struct Report {
  bool        reached = false, crashed = false;
  long        counted = 0;
  std::string failed_call, message, problems;
};

// One run with allocation n failing (0: none) in a child process (which first calls child_setup, if any), checked
// as described at the top. reference: the result of a run without failures (empty: not known yet, the run's
// result is returned).
// With fail_onward, allocation n and every later one fail until the call returns (no message can be formatted then).
Report RunWithFailure(const char *resource, long n, const std::vector<CeedScalar> &reference, std::vector<CeedScalar> *result,
                      const std::function<void()> &child_setup = nullptr, bool fail_onward = false) {
  int fds[2];
  EXPECT_EQ(pipe(fds), 0);
  Run *r = new Run(resource);  // prepared in the parent: the child inherits it
  const pid_t pid = fork();
  if (pid == 0) {
    close(fds[0]);
    if (child_setup) child_setup();
    if (std::getenv("CEEDRT_FAULT_BACKTRACE")) {  // where std::terminate is called from, for debugging
      std::set_terminate([] {
        counting = false;
        void *frames[64];
        std::fputs("std::terminate called from:\n", stderr);
        backtrace_symbols_fd(frames, backtrace(frames, 64), 2);
        std::abort();
      });
    }
    std::string problems, message;
    int         code = 0;
    bool        escaped = false;
    armed_at            = n;
    onward              = fail_onward;
    num_counted         = 0;
    fired               = false;
    counting            = true;
    const int failed    = RunSteps(*r, 0, &code, &message, &escaped);
    counting            = false;
    const long counted  = num_counted;
    std::string failed_call;
    if (failed < kNumSteps) {
      failed_call = kSteps[failed].call;
      if (!fired) problems += std::string(failed_call) + " failed (code " + std::to_string(code) + ") without an injected failure: " + message + "\n";
      if (escaped) problems += std::string("a C++ exception escaped ") + failed_call + "\n";
      if (!escaped && message.empty() && !fail_onward)
        problems += std::string(failed_call) + " returned " + std::to_string(code) + " without an error message\n";
      if (!message.empty() && message.find("emory") == std::string::npos && message.find("llocat") == std::string::npos)
        problems += std::string(failed_call) + ": the message does not name the allocation failure: " + message + "\n";
      // The failed call left everything usable: resume there without failures.
      const int again = RunSteps(*r, failed, &code, &message, &escaped);
      if (again < kNumSteps) {
        problems += std::string("after the failure, ") + kSteps[again].call + " failed again (code " + std::to_string(code) + ")" +
                    (escaped ? " with an escaping exception" : "") + ": " + message + "\n";
      }
    }
    if (!reference.empty() && r->result != reference) problems += "the result differs from a run without failures\n";
    DestroyAll(*r, &problems);
#ifdef CEEDRT_TEST_LEAK_CHECK
    if (__lsan_do_recoverable_leak_check()) problems += "LeakSanitizer found leaks (see its report on stderr)\n";
#endif
    // Report: reached counted | failed call | message | problems, then the result.
    const std::string text = std::to_string(fired ? 1 : 0) + " " + std::to_string(counted) + "\n" + failed_call + "\n" + message + "\n\x1e" + problems +
                             "\x1e";
    auto write_all = [&](const void *data, size_t bytes) {
      for (const char *p = static_cast<const char *>(data); bytes > 0;) {
        const ssize_t w = write(fds[1], p, bytes);
        if (w <= 0) _exit(3);
        p += w, bytes -= (size_t)w;
      }
    };
    write_all(text.data(), text.size());
    write_all(r->result.data(), r->result.size() * sizeof(CeedScalar));
    _exit(0);
  }
  close(fds[1]);
  std::string bytes;
  char        chunk[4096];
  for (ssize_t got; (got = read(fds[0], chunk, sizeof(chunk))) != 0;) {
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) break;
    bytes.append(chunk, (size_t)got);
  }
  close(fds[0]);
  int status = 0;
  EXPECT_EQ(waitpid(pid, &status, 0), pid);
  Report report;
  const size_t first = bytes.find('\x1e'), second = first == std::string::npos ? first : bytes.find('\x1e', first + 1);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0 || second == std::string::npos) {
    report.crashed  = true;
    report.problems = "the child " + std::string(WIFSIGNALED(status) ? "was killed by signal " + std::to_string(WTERMSIG(status))
                                                                     : "exited with status " + std::to_string(WEXITSTATUS(status))) +
                      " (its output is above)";
    delete r;
    return report;
  }
  const std::string head = bytes.substr(0, first);
  report.reached         = head[0] == '1';
  report.counted         = std::atol(head.c_str() + 2);
  const size_t line_1 = head.find('\n'), line_2 = head.find('\n', line_1 + 1);
  report.failed_call = head.substr(line_1 + 1, line_2 - line_1 - 1);
  report.message     = head.substr(line_2 + 1, head.size() - line_2 - 2);
  report.problems    = bytes.substr(first + 1, second - first - 1);
  const size_t values = (bytes.size() - second - 1) / sizeof(CeedScalar);
  result->resize(values);
  std::memcpy(result->data(), bytes.data() + second + 1, values * sizeof(CeedScalar));
  delete r;
  return report;
}

// Every stride-th N is tried: CEEDRT_FAULT_STRIDE if set (1: all, the "extended" ctest label), else the sweep's own.
long Stride(long own) {
  const char *env = std::getenv("CEEDRT_FAULT_STRIDE");
  return env && std::atol(env) > 0 ? std::atol(env) : own;
}

#ifdef CEEDRT_TEST_LEAK_CHECK
constexpr long kSanitized = 1;  // runs are several times slower: the default sweeps take every few N
#else
constexpr long kSanitized = 0;
#endif

// The sweep on one resource: N = 1, 2, ... (every stride-th) until a run reaches no N-th allocation.
void Sweep(const char *resource, long own_stride, const std::function<void()> &child_setup = nullptr, bool fail_onward = false) {
  std::vector<CeedScalar> reference, result;
  const Report warm = RunWithFailure(resource, 0, {}, &reference, child_setup);  // (on /cpu/self/gen, it fills the kernel cache)
  ASSERT_FALSE(warm.crashed) << warm.problems;
  ASSERT_EQ(warm.problems, "");
  ASSERT_EQ(warm.failed_call, "") << warm.message;
  ASSERT_EQ(reference.size(), Run(resource).result.size());
  const Report clean = RunWithFailure(resource, 0, reference, &result, child_setup);
  ASSERT_EQ(clean.problems, "");
  ASSERT_GT(clean.counted, 0) << "no allocation was counted: is CeedrtTestFailAllocation exported?";
  const long stride = Stride(own_stride);
  const char *first = std::getenv("CEEDRT_FAULT_FIRST");  // for debugging: start the sweep there
  long        n = first && std::atol(first) > 0 ? std::atol(first) : 1, num_failed_calls = 0;
  std::string absorbed;  // failures that the library recovered from (the run succeeded)
  for (;; n += stride) {
    const Report report = RunWithFailure(resource, n, reference, &result, child_setup, fail_onward);
    ASSERT_FALSE(report.crashed) << resource << ", allocation " << n << ": " << report.problems;
    EXPECT_TRUE(report.problems.empty()) << resource << ", allocation " << n << " failed in " << report.failed_call << ":\n" << report.problems;
    if (!report.reached) break;
    if (report.failed_call.empty()) absorbed += " " + std::to_string(n);
    else num_failed_calls++;
  }
  std::printf("%s: %ld allocations in a run without failures; failing each of allocations 1..%ld%s (stride %ld): %ld runs reported the "
              "failure, the others succeeded (allocations:%s)\n",
              resource, clean.counted, n - 1, fail_onward ? " and all after it" : "", stride, num_failed_calls, absorbed.c_str());
  EXPECT_GE(n, clean.counted) << "the sweep stopped before the allocation count of a run without failures";
}

class FaultAllocation : public ::testing::Test {
 protected:
  void SetUp() override {
    // Errors without a context (CeedMallocArray, CeedInit) return their code and keep their message.
    setenv("CEED_ERROR_HANDLER", "store", 1);
  }
};

TEST_F(FaultAllocation, EveryAllocationOfBP3OnRefSerialFailsCleanly) { Sweep("/cpu/self/ref/serial", 1); }

TEST_F(FaultAllocation, EveryAllocationOfBP3OnRefBlockedFailsCleanly) { Sweep("/cpu/self/ref/blocked", 1); }

// Memory that stays exhausted: allocation N and all later ones fail, until the call returns. The error path itself
// cannot allocate then: the code must still come back (without a message), with nothing thrown or leaked.
TEST_F(FaultAllocation, MemoryExhaustedFromEachAllocationOfBP3OnRefSerial) { Sweep("/cpu/self/ref/serial", 1, nullptr, true); }

// A temporary folder for the /cpu/self/gen sweeps, removed at the end.
struct Scratch {
  std::string dir;
  Scratch() {
    char pattern[] = "/tmp/ceedrt-fault-test-XXXXXX";
    EXPECT_NE(mkdtemp(pattern), nullptr);
    dir = pattern;
  }
  ~Scratch() {
    std::error_code ec;
    std::filesystem::remove_all(dir, ec);
  }
};

TEST_F(FaultAllocation, AllocationsOfBP3OnGenWithWarmCacheFailCleanly) {
#ifndef CEEDRT_TEST_HAVE_CPU_GEN
  GTEST_SKIP() << "/cpu/self/gen is not built";
#endif
  // A warm kernel cache of its own: the runs load the kernels (and fail on the way) without compiling.
  Scratch scratch;
  setenv("CEEDRT_CACHE_DIR", scratch.dir.c_str(), 1);
  Sweep("/cpu/self/gen", 2 + 6 * kSanitized);
  unsetenv("CEEDRT_CACHE_DIR");
}

TEST_F(FaultAllocation, MemoryExhaustedFromAllocationsOfBP3OnGen) {
#ifndef CEEDRT_TEST_HAVE_CPU_GEN
  GTEST_SKIP() << "/cpu/self/gen is not built";
#endif
  Scratch scratch;
  setenv("CEEDRT_CACHE_DIR", scratch.dir.c_str(), 1);
  Sweep("/cpu/self/gen", 10 + 30 * kSanitized, nullptr, true);
  unsetenv("CEEDRT_CACHE_DIR");
}

TEST_F(FaultAllocation, AllocationsOfBP3OnGenWithColdCacheFailCleanly) {
#ifndef CEEDRT_TEST_HAVE_CPU_GEN
  GTEST_SKIP() << "/cpu/self/gen is not built";
#else
  // Each run compiles its kernels into an empty cache folder: the compile and store paths fail too. The compiler
  // keeps what it built under a checksum of the source, so that a run "compiles" by copying (a few milliseconds).
  Scratch           scratch;
  const std::string compiler = scratch.dir + "/c++", stash = scratch.dir + "/stash";
  std::filesystem::create_directory(stash);
  {
    std::ofstream script(compiler);
    script << "#!/bin/sh\n"
              "if [ \"$1\" = --version ]; then echo 'ceedrt-test stashing compiler 1.0'; exit 0; fi\n"
              "out=; prev=; src=\n"
              "for a in \"$@\"; do [ \"$prev\" = -o ] && out=$a; prev=$a; src=$a; done\n"
              "sum=$(cksum < \"$src\" | tr ' ' -)\n"
              "if [ -f \""
           << stash << "/$sum.so\" ]; then exec cp \"" << stash << "/$sum.so\" \"$out\"; fi\n"
           << CEEDRT_TEST_CXX << " \"$@\" && cp \"$out\" \"" << stash << "/$sum.so\"\n";
  }
  std::filesystem::permissions(compiler, std::filesystem::perms::owner_all);
  setenv("CEEDRT_JIT_CXX", compiler.c_str(), 1);
  const std::string cache = scratch.dir + "/cache";
  Sweep("/cpu/self/gen", 20 + 20 * kSanitized, [&] {  // in each child, before counting starts (runs do not overlap)
    std::error_code ec;
    std::filesystem::remove_all(cache, ec);
    setenv("CEEDRT_CACHE_DIR", cache.c_str(), 1);
    setenv("TMPDIR", scratch.dir.c_str(), 1);
  });
  unsetenv("CEEDRT_JIT_CXX");
  unsetenv("CEEDRT_CACHE_DIR");
  unsetenv("TMPDIR");
#endif
}

}  // namespace
