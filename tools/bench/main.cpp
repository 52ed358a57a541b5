// ceed-bench: the CEED bake-off problems BP1-BP6 and streaming benchmarks BS1-BS7 on any ceedrt backend,
// through the public C API only. See `ceed-bench --help` and docs/benchmarks.md.
#include <CLI/CLI.hpp>
#include <cmath>
#include <cstdio>
#include <exception>
#include <string>
#include <vector>

#include "../common/tool-common.hpp"
#include "bp.hpp"
#include "bs.hpp"
#include "mesh.hpp"
#include "runner.hpp"

namespace {

using bench::BenchOptions;

std::vector<std::string> SplitList(const std::string &text) {
  std::vector<std::string> items;
  size_t                   start = 0;
  while (start <= text.size()) {
    const size_t end = std::min(text.find(',', start), text.size());
    if (end > start) items.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return items;
}

// Parses a whole string as a number; throws CLI::ValidationError naming the option otherwise.
double ParseNumber(const std::string &option, const std::string &text) {
  size_t used  = 0;
  double value = 0.0;
  try {
    value = std::stod(text, &used);
  } catch (const std::exception &) {
    used = 0;
  }
  if (used == 0 || used != text.size() || !std::isfinite(value)) throw CLI::ValidationError(option, "'" + text + "' is not a number");
  return value;
}

// "bp3", "bp1,bs2", "bp" (all BPs), "bs" (all BSs), "all".
std::vector<std::string> ParseProblems(const std::string &text) {
  std::vector<std::string> problems;
  for (const auto &item : SplitList(text)) {
    if (item == "bp" || item == "bs" || item == "all") {
      for (int k = 1; k <= 7; k++) {
        if (item != "bs" && k <= 6) problems.push_back("bp" + std::to_string(k));
      }
      for (int k = 1; k <= 7; k++) {
        if (item != "bp") problems.push_back("bs" + std::to_string(k));
      }
    } else if (bench::FindBp(item) || bench::FindBs(item)) {
      problems.push_back(item);
    } else {
      throw CLI::ValidationError("--problem", "unknown problem '" + item + "' (expected bp1..bp6, bs1..bs7, bp, bs or all)");
    }
  }
  if (problems.empty()) throw CLI::ValidationError("--problem", "no problem given");
  return problems;
}

// "3", "1,2,4", "1:8".
std::vector<int> ParseDegrees(const std::string &text) {
  std::vector<int> degrees;
  for (const auto &item : SplitList(text)) {
    const size_t colon = item.find(':');
    const double lo = ParseNumber("--degree", item.substr(0, colon));
    const double hi = colon == std::string::npos ? lo : ParseNumber("--degree", item.substr(colon + 1));
    if (lo != std::floor(lo) || hi != std::floor(hi) || lo < 1 || hi > 16 || hi < lo) {
      throw CLI::ValidationError("--degree", "'" + item + "' is not a degree or range of degrees within 1..16");
    }
    for (int p = (int)lo; p <= (int)hi; p++) degrees.push_back(p);
  }
  if (degrees.empty()) throw CLI::ValidationError("--degree", "no degree given");
  return degrees;
}

// "1e5", "1e3:1e6", "1e3:max".
bench::SizeRange ParseSizes(const std::string &text) {
  bench::SizeRange range;
  const size_t     colon = text.find(':');
  range.min             = ParseNumber("--dofs", text.substr(0, colon));
  const std::string hi  = colon == std::string::npos ? text : text.substr(colon + 1);
  range.max_from_memory = hi == "max";
  range.max             = range.max_from_memory ? range.min : ParseNumber("--dofs", hi);
  if (!(range.min >= 1.0) || range.min > 1e11 || (!range.max_from_memory && (range.max < range.min || range.max > 1e11))) {
    throw CLI::ValidationError("--dofs", "'" + text + "' is not a size N or range MIN:MAX (MAX may be 'max') with 1 <= MIN <= MAX <= 1e11");
  }
  return range;
}

std::vector<std::string> ParseModes(const std::string &text) {
  std::vector<std::string> modes = SplitList(text);
  for (const auto &m : modes) {
    if (m != "apply" && m != "cg") throw CLI::ValidationError("--mode", "unknown mode '" + m + "' (expected apply, cg or apply,cg)");
  }
  if (modes.empty()) throw CLI::ValidationError("--mode", "no mode given");
  return modes;
}

// Sizes whose BP mesh 32-bit offsets cannot index are refused before any run (the bandwidth runs come first).
void CheckMeshSizes(const BenchOptions &options) {
  if (options.dofs.max_from_memory) return;  // the memory limit's size is capped where it is computed
  for (const std::string &problem : options.problems) {
    const bench::BpSpec *spec = bench::FindBp(problem);
    if (!spec) continue;
    for (int degree : options.degrees) {
      const std::string why =
          bench::MeshTooLargeBecause(bench::ChooseElements(options.dofs.max, degree, spec->num_comp, options.mesh.deformation), degree, spec->num_comp);
      if (!why.empty()) throw CLI::ValidationError("--dofs", problem + " at p = " + std::to_string(degree) + ": " + why + "; ask for fewer DOFs");
    }
  }
}

const char *kFooter = R"(Problems (the CEED bake-off problems and streaming benchmarks):
  bp1 mass, bp2 vector mass, bp3 diffusion, bp4 vector diffusion (Gauss, Q = p+2);
  bp5 diffusion, bp6 vector diffusion (Gauss-Lobatto, Q = p+1); 3D hexahedral mesh of the unit cube.
  bs1 copy, bs2 AXPY, bs3 norm, bs4 dot, bs5 fused CG update, bs6 gather, bs7 scatter (BS6/BS7 on the
  restriction of a degree-p mesh; --dofs counts its nodes). Each BS problem ends with a fit
  t = alpha + beta * bytes over its sizes (alpha: latency, 1/beta: asymptotic bandwidth).
Rates: DOFs x applications (apply) or x iterations (cg) per second, from a host timer; each timed loop
  ends by waiting for the backend (a host read, or a norm for device memory).
Checks (every run): mass: sum(M 1) = volume and sum(M u) = int u for linear u; diffusion: for u = a.x,
  K u = 0 at interior nodes and u^T K u = |a|^2. Round-off tolerance where quadrature is exact for the
  mesh (always on the undeformed mesh), 50 h^2 otherwise. With --precision or --qdata fp32 these checks run
  on the fp64 operator, and the mode's largest difference from it (over its largest entry) must stay below
  64 fp32 units per 1D quadrature point. BS: results compared with host computations.
Roofline: memory bound = bandwidth / (bytes per DOF of a fused kernel: vectors, quadrature data, 4-byte
  indices; CG adds 11 vector streams), bandwidth from --bandwidth, else a bs2 fit (--bandwidth-from
  FILE, or this run's bs2, or the fit stored for this machine and backend in the kernel cache folder,
  else a short bs2 measurement, then stored; --remeasure-bandwidth measures again). On /cpu resources,
  sizes whose working set fits the last-level cache run from the cache: their ratio reads 'cache' and
  they are left out of the peak and 80% sizes of the sweep summary. Compute bound = peak / sum-factorization
  flops per DOF, peak from --peak-gflops, else for /cpu resources one core's FP64 FMA rate measured at
  the start (independent FMA chains, AVX-512 or AVX2), else 112 (one Zen 5 core). The reported ratio is rate / min(both).
Output: a table on stdout; with --json JSON lines on stdout (table on stderr); --json-file appends.
Exit status: 0 when every run succeeded and every check passed, 1 otherwise (command-line errors:
  CLI11's codes, 100 and above).
Examples:
  ceed-bench --ceed /cpu/self/ref/blocked --problem bp3 --degree 4 --dofs 1e5 --mode apply,cg
  ceed-bench --problem bp1,bp3 --sweep --degree 1:4 --dofs 1e3:1e6 --json-file bp.jsonl
  ceed-bench --problem bs --dofs 1e3:1e7 --json > bs.jsonl)";

}  // namespace

int main(int argc, char **argv) {
  BenchOptions options;
  for (int i = 0; i < argc; i++) options.command_line += (i ? " " : "") + std::string(argv[i]);

  CLI::App app{"ceed-bench: CEED bake-off problems BP1-BP6 and streaming benchmarks BS1-BS7 on a ceedrt backend"};
  app.footer(kFooter);
  std::string problems = "bp3", degrees, sizes, modes = "apply", mesh = "none";
  app.add_option("--ceed", options.resource, "backend resource, e.g. /cpu/self/ref/serial")->capture_default_str();
  app.add_option("--problem", problems, "bp1..bp6, bs1..bs7, a comma list, or bp / bs / all")->capture_default_str();
  app.add_option("--degree", degrees, "polynomial degree(s): P, P1,P2,... or PMIN:PMAX [default 3; --sweep: 1:8]");
  app.add_option("--dofs", sizes, "problem size N or log-spaced range MIN:MAX, MAX may be 'max' (memory limit) [default 1e5; --sweep: 1e3:max]");
  app.add_option("--points-per-decade", options.points_per_decade, "sizes per decade of a --dofs range")->capture_default_str()->check(CLI::Range(1, 100));
  app.add_option("--memory-fraction", options.memory_fraction, "fraction of the available memory the 'max' size may use")
      ->capture_default_str()
      ->check(CLI::Range(0.01, 0.95));
  app.add_option("--mode", modes, "apply, cg, or apply,cg (BP problems)")->capture_default_str();
  app.add_option("--cg-iterations", options.cg_iterations, "CG iterations (fixed-count mode)")->capture_default_str()->check(CLI::Range(1, 1000000));
  app.add_option("--cg-tol", options.cg_tol, "if > 0, iterate CG to this relative residual instead")->capture_default_str()->check(CLI::Range(0.0, 1.0));
  app.add_option("--cg-max-iterations", options.cg_max_iterations, "iteration cap with --cg-tol")->capture_default_str()->check(CLI::Range(1, 10000000));
  app.add_option("--dot", options.dot, "inner products: host loop, backend norms, or auto (host memory: host)")
      ->capture_default_str()
      ->check(CLI::IsMember({"auto", "host", "norms"}));
  app.add_option("--mesh", mesh, "mesh deformation: none, smooth, kershaw")->capture_default_str()->check(CLI::IsMember({"none", "smooth", "kershaw"}));
  app.add_option("--kershaw-eps", options.mesh.kershaw_eps, "Kershaw deformation parameter (1: none, small: strong)")
      ->capture_default_str()
      ->check(CLI::Range(0.01, 1.0));
  app.add_option("--min-time", options.timing.min_time, "seconds each timed loop should last")->capture_default_str()->check(CLI::Range(0.0, 3600.0));
  app.add_option("--min-reps", options.timing.min_reps, "at least this many timed repetitions")->capture_default_str()->check(CLI::Range(1, 1000000));
  app.add_option("--precision", options.precision, "operator precision: fp64, fp32, low-high (fp32 vectors, fp64 computation) or high-low")
      ->capture_default_str()
      ->check(CLI::IsMember({"fp64", "fp32", "low-high", "high-low"}));
  app.add_option("--qdata", options.qdata, "precision the quadrature data is kept in")->capture_default_str()->check(CLI::IsMember({"fp64", "fp32"}));
  app.add_option("--jit-define", options.jit_defines,
                 "NAME=VALUE given to the context before any operator (CeedAddJitDefine; repeatable), e.g. a switch of the gen backends' kernels "
                 "(docs/gpu.md)");
  app.add_flag("--json", options.json, "JSON lines on stdout (the table goes to stderr)");
  app.add_option("--json-file", options.json_file, "append JSON lines to this file");
  app.add_flag("--sweep", options.sweep, "sweep degrees and sizes (defaults 1:8 and 1e3:max), progress display and summary");
  app.add_flag("--progress", options.progress, "progress display on stderr without --sweep");
  app.add_option("--bandwidth", options.bandwidth_gbs, "roofline bandwidth in GB/s (default: measured by bs2)")->check(CLI::Range(1e-3, 1e6));
  app.add_option("--bandwidth-from", options.bandwidth_from, "JSON lines file holding a bs2 fit to take the roofline bandwidth from");
  app.add_flag("--remeasure-bandwidth", options.remeasure_bandwidth,
               "measure the roofline's bs2 fit again, replacing the one stored for this machine and backend in the kernel cache folder");
  app.add_option("--peak-gflops", options.peak_gflops,
                 "peak FP64 rate for the compute roofline (default: for /cpu resources one core's FMA rate measured at the start, "
                 "else 112, one Zen 5 core)")
      ->check(CLI::Range(1e-3, 1e7));

  try {
    tools::AcceptSingleDashCeed(argc, argv);
    app.parse(argc, argv);
    options.problems = ParseProblems(problems);
    options.degrees  = ParseDegrees(!degrees.empty() ? degrees : options.sweep ? "1:8" : "3");
    options.dofs     = ParseSizes(!sizes.empty() ? sizes : options.sweep ? "1e3:max" : "1e5");
    options.modes    = ParseModes(modes);
    options.mesh.deformation = mesh == "smooth" ? bench::Deformation::smooth : mesh == "kershaw" ? bench::Deformation::kershaw : bench::Deformation::none;
    CheckMeshSizes(options);
#ifdef CEED_BENCH_PEER
    if (options.precision != "fp64" || options.qdata != "fp64") {
      throw CLI::ValidationError("--precision/--qdata", "precisions other than fp64 are ceedrt's multiprecision extension, not part of the libCEED API");
    }
#endif
  } catch (const CLI::ParseError &e) {
    return app.exit(e);
  }

  try {
    return bench::RunBenchmarks(options);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "ceed-bench: %s\n", e.what());
    return 1;
  }
}
