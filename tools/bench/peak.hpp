// The compute roofline's peak for a CPU backend, measured on the core ceed-bench runs on: independent chains of
// FP64 fused multiply-adds in the widest vectors the CPU executes.
#pragma once
#include <string>

struct MeasuredPeak {
  double      gflops = 0.0;  // 0: not measured (no x86-64 FMA unit, or a compiler without target attributes)
  std::string how;           // e.g. "12 AVX-512 FMA chains on one core"
};

MeasuredPeak MeasureCorePeak();
