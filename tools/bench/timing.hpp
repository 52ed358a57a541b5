// Repetition and timing of one benchmark kernel with a host timer.
#pragma once

#include <chrono>

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
// measurement), then repeats it until both min_reps and min_time are reached, and ends with one sync()
// that waits for the backend to finish: an asynchronous backend may queue work ahead of the host clock,
// but the total time always covers all of it.
template <typename Body, typename Sync>
Timed TimeRepeated(const TimingOptions &options, Body body, Sync sync) {
  body();
  sync();
  Timed        timed;
  const double start = Now();
  do {
    body();
    timed.reps++;
  } while (timed.reps < options.min_reps || Now() - start < options.min_time);
  sync();
  timed.seconds = Now() - start;
  return timed;
}

}  // namespace bench
