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

// The chains must run from registers in every build: a Debug build (the sanitizer preset) would keep them in
// memory and measure its stores, so GCC optimizes these functions whatever the build's level.
#if defined(__GNUC__) && !defined(__clang__)
#define CEED_BENCH_PEAK_OPTIMIZED __attribute__((optimize("O2")))
#else
#define CEED_BENCH_PEAK_OPTIMIZED
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
// kChains (12) named chains rather than an array, which a Debug build's sanitizers would keep in memory.
#define CEED_BENCH_FMA_CHAINS(FMA, zero, lanes, iterations)                                                                          \
  const auto b = zero + 0.999999, c = zero + 1e-7;                                                                                  \
  auto a0 = zero, a1 = zero + 1.0, a2 = zero + 2.0, a3 = zero + 3.0, a4 = zero + 4.0, a5 = zero + 5.0, a6 = zero + 6.0,             \
       a7 = zero + 7.0, a8 = zero + 8.0, a9 = zero + 9.0, a10 = zero + 10.0, a11 = zero + 11.0;                                     \
  for (long k = 0; k < iterations; k++) {                                                                                           \
    a0 = FMA(a0, b, c), a1 = FMA(a1, b, c), a2 = FMA(a2, b, c), a3 = FMA(a3, b, c), a4 = FMA(a4, b, c), a5 = FMA(a5, b, c);         \
    a6 = FMA(a6, b, c), a7 = FMA(a7, b, c), a8 = FMA(a8, b, c), a9 = FMA(a9, b, c), a10 = FMA(a10, b, c), a11 = FMA(a11, b, c);     \
  }                                                                                                                                 \
  const auto total = a0 + a1 + a2 + a3 + a4 + a5 + a6 + a7 + a8 + a9 + a10 + a11;                                                   \
  double     sum   = 0.0;                                                                                                           \
  for (int l = 0; l < lanes; l++) sum += total[l];                                                                                  \
  return sum

// Broadcasts by vector arithmetic: GCC 12's _mm512_set1_pd trips -Wuninitialized inside its own header.
__attribute__((target("avx512f"))) CEED_BENCH_PEAK_OPTIMIZED double ChainsAvx512(long iterations) {
  const __m512d zero = {0, 0, 0, 0, 0, 0, 0, 0};
  CEED_BENCH_FMA_CHAINS(_mm512_fmadd_pd, zero, 8, iterations);
}

__attribute__((target("avx2,fma"))) CEED_BENCH_PEAK_OPTIMIZED double ChainsAvx2(long iterations) {
  const __m256d zero = {0, 0, 0, 0};
  CEED_BENCH_FMA_CHAINS(_mm256_fmadd_pd, zero, 4, iterations);
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
