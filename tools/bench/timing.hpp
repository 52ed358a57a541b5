// Repetition and timing of one benchmark kernel with a host timer.
#pragma once

#include <algorithm>
#include <chrono>
#include <cmath>

namespace bench {

struct TimingOptions {
  double min_time = 0.5;  // seconds the timed repetitions should last together
  int    min_reps = 3;    // at least this many timed repetitions
};

struct Timed {
  int    reps    = 0;
  double seconds = 0.0;  // total over reps, including the final synchronisation
  double per_rep() const { return seconds / reps; }
};

inline double Now() { return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count(); }

// Runs body once as a warm-up (first-use costs such as JIT compilation or first touch stay out of the
// measurement) and times it to choose the repetition count, then times that many repetitions followed by
// one sync() that waits for the backend to finish.
template <typename Body, typename Sync>
Timed TimeRepeated(const TimingOptions &options, Body body, Sync sync) {
  double t = Now();
  body();
  sync();
  const double first = std::max(Now() - t, 1e-9);
  Timed        timed;
  timed.reps = std::max(options.min_reps, (int)std::min(1e8, std::ceil(options.min_time / first)));
  t          = Now();
  for (int i = 0; i < timed.reps; i++) body();
  sync();
  timed.seconds = Now() - t;
  return timed;
}

}  // namespace bench
