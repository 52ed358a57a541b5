// FP64 FMA throughput of one core. Each chain is a sequence of dependent fused multiply-adds; with more chains
// than FMA latency x FMA ports (4 x 2 on current x86 cores) the ports never wait, so the rate is the core's peak
// at the clock it runs vector code at (AVX-512 may lower it: the measurement includes that).
#include "peak.hpp"

#include <algorithm>
#include <chrono>

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define CEED_BENCH_PEAK_X86 1
#endif

namespace {

constexpr int  kChains     = 12;
constexpr long kIterations = 1L << 23;

// Best of three timed runs of run(kIterations), which performs flops_per_iteration flops per iteration.
template <class Run>
double BestGflops(Run run, double flops_per_iteration) {
  double best = 0.0;
  for (int rep = 0; rep < 3; rep++) {
    const auto start = std::chrono::steady_clock::now();
    // A volatile store before the second clock read: the compiler knows run has no side effects and could
    // otherwise call it after the clock.
    volatile double keep = run(kIterations);
    (void)keep;
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    best                 = std::max(best, flops_per_iteration * (double)kIterations / seconds * 1e-9);
  }
  return best;
}

#if defined(CEED_BENCH_PEAK_X86)
__attribute__((target("avx512f"))) double ChainsAvx512(long iterations) {
  __m512d       acc[kChains];
  // Broadcasts by vector arithmetic: GCC 12's _mm512_set1_pd trips -Wuninitialized inside its own header.
  const __m512d zero = {0, 0, 0, 0, 0, 0, 0, 0}, b = zero + 0.999999, c = zero + 1e-7;
  for (int i = 0; i < kChains; i++) acc[i] = zero + (double)i;
  for (long k = 0; k < iterations; k++) {
    for (int i = 0; i < kChains; i++) acc[i] = _mm512_fmadd_pd(acc[i], b, c);
  }
  double sum = 0.0;
  for (int i = 0; i < kChains; i++) {
    for (int l = 0; l < 8; l++) sum += acc[i][l];
  }
  return sum;
}

__attribute__((target("avx2,fma"))) double ChainsAvx2(long iterations) {
  __m256d       acc[kChains];
  const __m256d zero = {0, 0, 0, 0}, b = zero + 0.999999, c = zero + 1e-7;
  for (int i = 0; i < kChains; i++) acc[i] = zero + (double)i;
  for (long k = 0; k < iterations; k++) {
    for (int i = 0; i < kChains; i++) acc[i] = _mm256_fmadd_pd(acc[i], b, c);
  }
  double sum = 0.0;
  for (int i = 0; i < kChains; i++) {
    for (int l = 0; l < 4; l++) sum += acc[i][l];
  }
  return sum;
}
#endif

}  // namespace

MeasuredPeak MeasureCorePeak() {
  MeasuredPeak peak;
#if defined(CEED_BENCH_PEAK_X86)
  __builtin_cpu_init();
  // 2 flops per FMA, 8 or 4 doubles per vector.
  if (__builtin_cpu_supports("avx512f")) {
    peak.gflops = BestGflops(ChainsAvx512, 2.0 * 8 * kChains);
    peak.how    = std::to_string(kChains) + " AVX-512 FMA chains on one core";
  } else if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) {
    peak.gflops = BestGflops(ChainsAvx2, 2.0 * 4 * kChains);
    peak.how    = std::to_string(kChains) + " AVX2 FMA chains on one core";
  }
#endif
  return peak;
}
