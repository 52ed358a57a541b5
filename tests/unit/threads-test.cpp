// Concurrency: separate Ceed contexts used from different threads at the same time.
//
// Each thread owns its contexts (objects are not thread-safe, contexts are independent); the library's
// shared state (backend registry, plugin loading, gallery registration, error handling) must cope with
// threads creating contexts, building operators and applying them simultaneously. Results must equal,
// bit for bit, those of the same computation done on one thread: the reference backends are deterministic.
#include <ceed.h>
#include <gtest/gtest.h>

#include <atomic>
#include <cmath>
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "../install/mass-volume.h"

namespace {

const char *const kResources[] = {"/cpu/self/ref/serial", "/cpu/self/ref/blocked"};
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
  const CeedInt n = 4, p = 3;
  double        reference[2];
  for (int r = 0; r < 2; r++) {
    reference[r] = ReferenceVolume(kResources[r], n, p);
    ASSERT_NEAR(reference[r], MASS_VOLUME_EXACT, 1e-12) << kResources[r];
  }

  const int                 num_threads = 2 * kThreadsPerResource;
  StartGate                 gate(num_threads);
  std::vector<ThreadResult> results(num_threads);
  std::vector<std::thread>  threads;
  for (int t = 0; t < num_threads; t++) {
    threads.emplace_back([&, t] {
      const int     r      = t % 2;
      ThreadResult &result = results[t];
      result.resource      = kResources[r];
      Ceed ceed            = nullptr;
      int  ierr            = CeedInit(kResources[r], &ceed);
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
  const int               num_threads = 4;
  StartGate               gate(num_threads);
  std::atomic<int>        failures{0};
  std::vector<std::string> messages(num_threads);
  std::vector<std::thread> threads;
  for (int t = 0; t < num_threads; t++) {
    threads.emplace_back([&, t] {
      gate.ArriveAndWait();
      for (int it = 0; it < 200; it++) {
        const char *resource = kResources[(t + it) % 2];
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
