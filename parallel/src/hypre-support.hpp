// What the hypre parts share: one-time initialization and error checks.
#pragma once

#include <ceed/parallel.hpp>

#include <HYPRE_utilities.h>

#include <string>

namespace ceedrt {
namespace parallel {

// HYPRE_Init once per process, before the first hypre object (never finalized: hypre objects may live
// until exit).
void EnsureHypreInitialized();

// After EnsureHypreInitialized, the device part of a CUDA/HIP hypre, once (before the first device object).
void EnsureHypreDeviceInitialized();

// Waits for the GPU's work once hypre has set the device up (else nothing): the phases' timers then count
// the asynchronous kernels before them.
void WaitForHypreDevice();

// Why hypre cannot hold a matrix for ceed's vectors on the GPU ("" when it can; ceed may be null).
std::string HypreDeviceRefusal(Ceed ceed);

// Whether a matrix of ceed's (null: no backend) goes to the GPU, as memory asks; AmgMemory::device where
// the answer is no throws an Error naming who and the reason.
bool ResolveHypreOnDevice(Ceed ceed, AmgMemory memory, const std::string &who);

// hypre's default memory location and execution policy (process-wide) set for a group of hypre calls,
// the previous ones restored afterwards.
class HypreLocationScope {
 public:
  explicit HypreLocationScope(bool on_device);
  ~HypreLocationScope();
  HypreLocationScope(const HypreLocationScope &)            = delete;
  HypreLocationScope &operator=(const HypreLocationScope &) = delete;

 private:
  int saved_location_ = 0, saved_policy_ = 0;
};

inline void HypreCheck(HYPRE_Int ierr, const char *call) {
  if (ierr == 0) return;
  HYPRE_ClearAllErrors();
  throw Error(std::string(call) + " failed with hypre error " + std::to_string(ierr));
}

}  // namespace parallel
}  // namespace ceedrt
