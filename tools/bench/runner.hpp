// What ceed-bench runs: the options parsed from the command line, and the loop over problems, degrees
// and sizes that produces the records.
#pragma once

#include <string>
#include <vector>

#include "mesh.hpp"
#include "timing.hpp"

namespace bench {

// A DOF count or range; max_from_memory: the upper end is the memory limit of each (problem, degree).
struct SizeRange {
  double min = 1e5, max = 1e5;
  bool   max_from_memory = false;
};

struct BenchOptions {
  std::string              resource = "/cpu/self";
  std::vector<std::string> problems;       // bp1..bp6, bs1..bs7
  std::vector<int>         degrees;        // polynomial degrees (BP, BS6/BS7)
  SizeRange                dofs;           // DOFs (BP), entries (BS1-5), L-vector entries (BS6/BS7)
  int                      points_per_decade = 2;
  double                   memory_fraction   = 0.5;  // of the available memory, for the "max" size
  std::vector<std::string> modes;          // apply, cg
  int                      cg_iterations     = 20;
  double                   cg_tol            = 0.0;  // > 0: iterate to this relative residual
  int                      cg_max_iterations = 10000;
  std::string              dot               = "auto";  // auto, host, norms
  MeshOptions              mesh;
  TimingOptions            timing;
  bool                     json = false;  // JSON lines on stdout (the table then goes to stderr)
  std::string              json_file;     // also append JSON lines to this file
  bool                     sweep    = false;
  bool                     progress = false;
  double                   bandwidth_gbs = 0.0;  // roofline bandwidth given on the command line
  std::string              bandwidth_from;       // JSON lines file with a bs2 fit
  bool                     remeasure_bandwidth = false;  // measure bs2 again instead of the fit stored for this machine
  double                   peak_gflops = 0.0;  // compute roofline peak given on the command line (0: measured or default)
  std::string              precision = "fp64";  // operator precision mode: fp64, fp32, low-high, high-low
  std::string              qdata     = "fp64";  // precision the quadrature data is kept in: fp64, fp32
  std::vector<std::string> jit_defines;  // NAME=VALUE given to the context (CeedAddJitDefine), e.g. the gen backends' switches
  std::string              command_line;
};

// Runs everything; returns the exit status: 0 when every run succeeded and every check passed.
int RunBenchmarks(const BenchOptions &options);

// Log-spaced sizes from min to max, both included, with about points_per_decade per decade.
std::vector<double> LogSpaced(double min, double max, int points_per_decade);

}  // namespace bench
