// Concurrency: separate Ceed contexts used from different threads at the same time.
//
// Each thread owns its contexts (objects are not thread-safe, contexts are independent); the library's
// shared state (backend registry, plugin loading, gallery registration, error handling) must cope with
// threads creating contexts, building operators and applying them simultaneously, and JIT backends compiling
// the same kernel at the same time. Results must equal, bit for bit, those of the same computation done on
// one thread: every CPU backend is deterministic. The tsan preset runs this file under ThreadSanitizer.
#include <ceed.h>
#include <ceed/backend.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <cmath>
#include <condition_variable>
#include <ctime>
#include <cstdio>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "../install/mass-volume.h"

namespace {

// Every CPU backend of the build (the gen plugin only where it was built and its compiler runs).
std::vector<std::string> Resources() {
  std::vector<std::string> resources;
  for (const char *resource : {"/cpu/self/ref/serial", "/cpu/self/ref/blocked", "/cpu/self/gen", "/cpu/test/device-emulation"}) {
    Ceed ceed = nullptr;
    if (CeedInit(resource, &ceed) == CEED_ERROR_SUCCESS) resources.push_back(resource);
    CeedDestroy(&ceed);
  }
  return resources;
}
constexpr int     kThreadsPerResource = 3;
constexpr int     kIterations         = 30;

// Releases all waiting threads at once so that their work really overlaps.
class StartGate {
 public:
  explicit StartGate(int n) : remaining_(n) {}
  void ArriveAndWait() {
    std::unique_lock<std::mutex> lock(mutex_);
    if (--remaining_ == 0) {
      cv_.notify_all();
    } else {
      cv_.wait(lock, [this] { return remaining_ == 0; });
    }
  }

 private:
  std::mutex              mutex_;
  std::condition_variable cv_;
  int                     remaining_;
};

struct ThreadResult {
  std::string resource;
  int         runs = 0;
  std::vector<std::string> errors;
};

// Volume computed on a fresh context, single-threaded: the reference for the concurrent runs.
double ReferenceVolume(const char *resource, CeedInt n, CeedInt p) {
  Ceed   ceed   = nullptr;
  double volume = NAN;
  if (CeedInit(resource, &ceed) == CEED_ERROR_SUCCESS) {
    CeedSetErrorHandler(ceed, CeedErrorStore);
    if (MassVolume(ceed, n, p, 1, &volume) != CEED_ERROR_SUCCESS) volume = NAN;
  }
  CeedDestroy(&ceed);
  return volume;
}

std::string Describe(Ceed ceed, const char *what, int ierr) {
  const char *msg = "";
  if (ceed) CeedGetErrorMessage(ceed, &msg);
  return std::string(what) + " failed with error " + std::to_string(ierr) + ": " + msg;
}

}  // namespace

// Several threads per resource, each with its own Ceed, build the mass problem and apply it many times
// concurrently; every result must equal the single-threaded one exactly.
TEST(Threads, SeparateContextsBuildAndApplyConcurrently) {
  const CeedInt                  n = 4, p = 3;
  const std::vector<std::string> resources = Resources();
  const int                      num_resources = static_cast<int>(resources.size());
  ASSERT_GE(num_resources, 2);
  std::vector<double> reference(num_resources);
  for (int r = 0; r < num_resources; r++) {
    reference[r] = ReferenceVolume(resources[r].c_str(), n, p);
    ASSERT_NEAR(reference[r], MASS_VOLUME_EXACT, 1e-12) << resources[r];
  }

  const int                 num_threads = num_resources * kThreadsPerResource;
  StartGate                 gate(num_threads);
  std::vector<ThreadResult> results(num_threads);
  std::vector<std::thread>  threads;
  for (int t = 0; t < num_threads; t++) {
    threads.emplace_back([&, t] {
      const int     r      = t % num_resources;
      ThreadResult &result = results[t];
      result.resource      = resources[r];
      Ceed ceed            = nullptr;
      int  ierr            = CeedInit(resources[r].c_str(), &ceed);
      gate.ArriveAndWait();
      if (ierr) {
        result.errors.push_back(Describe(nullptr, "CeedInit", ierr));
        return;
      }
      CeedSetErrorHandler(ceed, CeedErrorStore);
      for (int it = 0; it < kIterations; it++) {
        double volume = NAN;
        ierr          = MassVolume(ceed, n, p, 8, &volume);
        if (ierr) {
          result.errors.push_back(Describe(ceed, "MassVolume", ierr));
          break;
        }
        if (volume != reference[r]) {
          char buf[160];
          std::snprintf(buf, sizeof(buf), "iteration %d: volume %.17g differs from the single-threaded %.17g", it, volume,
                        reference[r]);
          result.errors.push_back(buf);
        }
        result.runs++;
      }
      ierr = CeedDestroy(&ceed);
      if (ierr) result.errors.push_back(Describe(nullptr, "CeedDestroy", ierr));
    });
  }
  for (auto &th : threads) th.join();
  for (int t = 0; t < num_threads; t++) {
    EXPECT_EQ(results[t].runs, kIterations) << "thread " << t << " on " << results[t].resource;
    for (const auto &e : results[t].errors) ADD_FAILURE() << "thread " << t << " on " << results[t].resource << ": " << e;
  }
}

// Threads that create, use and destroy contexts as fast as they can, alternating resources: context
// creation and destruction (registry look-up, plugin loading, backend init) is safe under contention.
TEST(Threads, ContextCreationUnderContention) {
  const std::vector<std::string> resources   = Resources();
  const int                      num_threads = 4;
  StartGate               gate(num_threads);
  std::atomic<int>        failures{0};
  std::vector<std::string> messages(num_threads);
  std::vector<std::thread> threads;
  for (int t = 0; t < num_threads; t++) {
    threads.emplace_back([&, t] {
      gate.ArriveAndWait();
      for (int it = 0; it < 200; it++) {
        const char *resource = resources[(t + it) % resources.size()].c_str();
        Ceed        ceed     = nullptr;
        int         ierr     = CeedInit(resource, &ceed);
        if (ierr) {
          failures++;
          messages[t] = Describe(nullptr, "CeedInit", ierr);
          return;
        }
        const char *chosen = nullptr;
        CeedGetResource(ceed, &chosen);
        CeedVector x = nullptr;
        CeedScalar norm = 0.0;
        ierr            = CeedVectorCreate(ceed, 16, &x);
        if (!ierr) ierr = CeedVectorSetValue(x, 0.5);
        if (!ierr) ierr = CeedVectorNorm(x, CEED_NORM_1, &norm);
        if (!ierr) ierr = CeedVectorDestroy(&x);
        if (ierr || !chosen || std::string(chosen) != resource || norm != 8.0) {
          failures++;
          messages[t] = std::string("iteration ") + std::to_string(it) + " on " + resource + ": error " + std::to_string(ierr) +
                        ", resource " + (chosen ? chosen : "(null)") + ", norm " + std::to_string(norm);
          CeedDestroy(&ceed);
          return;
        }
        CeedDestroy(&ceed);
      }
    });
  }
  for (auto &th : threads) th.join();
  EXPECT_EQ(failures.load(), 0);
  for (int t = 0; t < num_threads; t++) {
    if (!messages[t].empty()) ADD_FAILURE() << "thread " << t << ": " << messages[t];
  }
}

// Threads with their own /cpu/self/gen contexts build the same new kernel at the same time: they compile
// it concurrently (a JIT define unique to this run makes the kernel new to the persistent cache), store the
// same cache entry and load it; each result must be right.
TEST(Threads, ConcurrentCompilationOfOneKernel) {
  Ceed probe = nullptr;
  if (CeedInit("/cpu/self/gen", &probe) != CEED_ERROR_SUCCESS) GTEST_SKIP() << "/cpu/self/gen is not available here";
  CeedDestroy(&probe);
  const std::string define      = "CEEDRT_THREADS_TEST_RUN=" + std::to_string(getpid()) + std::to_string(std::time(nullptr));
  const int         num_threads = 4;
  StartGate         gate(num_threads);
  std::vector<ThreadResult> results(num_threads);
  std::vector<std::thread>  threads;
  for (int t = 0; t < num_threads; t++) {
    threads.emplace_back([&, t] {
      ThreadResult &result = results[t];
      Ceed          ceed   = nullptr;
      int           ierr   = CeedInit("/cpu/self/gen", &ceed);
      if (!ierr) ierr = CeedAddJitDefine(ceed, define.c_str());
      gate.ArriveAndWait();
      double volume = NAN;
      if (!ierr) ierr = MassVolume(ceed, 3, 4, 2, &volume);
      if (ierr) {
        result.errors.push_back(Describe(ceed, "MassVolume", ierr));
      } else if (std::fabs(volume - MASS_VOLUME_EXACT) > 1e-12) {
        result.errors.push_back("volume " + std::to_string(volume) + ", expected " + std::to_string(MASS_VOLUME_EXACT));
      } else {
        result.runs++;
      }
      CeedDestroy(&ceed);
    });
  }
  for (auto &th : threads) th.join();
  for (int t = 0; t < num_threads; t++) {
    EXPECT_EQ(results[t].runs, 1) << "thread " << t;
    for (const auto &e : results[t].errors) ADD_FAILURE() << "thread " << t << ": " << e;
  }
}
