// What the hypre parts share: one-time initialization and error checks.
#pragma once

#include <ceed/parallel.hpp>

#include <HYPRE_utilities.h>

namespace ceedrt {
namespace parallel {

// HYPRE_Init once per process, before the first hypre object (never finalized: hypre objects may live
// until exit).
void EnsureHypreInitialized();

inline void HypreCheck(HYPRE_Int ierr, const char *call) {
  if (ierr == 0) return;
  HYPRE_ClearAllErrors();
  throw Error(std::string(call) + " failed with hypre error " + std::to_string(ierr));
}

}  // namespace parallel
}  // namespace ceedrt
