#include "runner.hpp"

#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>
#include <new>

#include "../common/tool-common.hpp"
#include "bp.hpp"
#include "bs.hpp"
#include "cg.hpp"
#include "peak.hpp"
#include "report.hpp"
#include "roofline.hpp"
#include "stored-bandwidth.hpp"

namespace bench {

std::vector<double> LogSpaced(double min, double max, int points_per_decade) {
  if (!(max > min)) return {min};
  const int           steps = std::max(1, (int)std::ceil(std::log10(max / min) * points_per_decade - 1e-9));
  std::vector<double> sizes;
  for (int k = 0; k <= steps; k++) sizes.push_back(std::round(min * std::pow(max / min, (double)k / steps)));
  return sizes;
}

namespace {

double AvailableMemoryBytes() {
  std::ifstream in("/proc/meminfo");
  std::string   key, unit;
  double        kb = 0.0;
  while (in >> key >> kb >> unit) {
    if (key == "MemAvailable:") return kb * 1024.0;
  }
  return 4e9;  // no /proc/meminfo: assume a small machine
}

// Memory one DOF needs while a bake-off problem runs, an estimate for the "max" size: host mesh arrays,
// the backend's copies of the restriction indices, quadrature data, the transient E- and Q-vectors of a
// reference-style backend during setup and apply, and the benchmark's L-vectors. Elements per node ~ 1/p^3.
double BpBytesPerDof(const BpSpec &spec, int p) {
  const double P3 = std::pow(p + 1, 3), Q3 = std::pow(QuadraturePoints1D(spec, p), 3), per_elem = 1.0 / std::pow(p, 3);
  const double nc = spec.num_comp, grad = spec.kind == BpOperatorKind::diffusion ? 3.0 : 1.0;
  const double per_node = 24.0 + 12.0 * P3 * per_elem                        // coordinates, element nodes (host + 2 copies)
                          + 8.0 * spec.qdata_size * Q3 * per_elem            // quadrature data
                          + 8.0 * (9.0 + 1.0) * Q3 * per_elem + 24.0 * P3 * per_elem  // setup: Jacobians, weights, x E-vector
                          + 16.0 * nc * (P3 + grad * Q3) * per_elem          // apply: E- and Q-vectors in and out
                          + 8.0 * 10.0 * nc;                                 // L-vectors (operands, CG, checks)
  return per_node / nc;
}

// Per L-vector entry for BS6/BS7 (E-vector, restriction indices twice, L-vector, host multiplicity), per
// entry for BS1-BS5 (four vectors and host checks).
double BsBytesPerEntry(const BsSpec &spec, int p) {
  if (!spec.restriction) return 48.0;
  const double e_per_l = std::pow(p + 1, 3) / std::pow(p, 3);
  return e_per_l * (8.0 + 12.0) + 24.0;
}

struct Task {
  std::string problem;
  int         degree = 0;  // 0: BS1-BS5
  double      dofs   = 0.0;
};

std::string TaskLabel(const Task &t) {
  char buf[96];
  if (t.degree > 0) {
    std::snprintf(buf, sizeof(buf), "%s p=%d %.3g %s", t.problem.c_str(), t.degree, t.dofs, t.problem[1] == 'p' ? "DOFs" : "nodes");
  } else {
    std::snprintf(buf, sizeof(buf), "%s %.3g entries", t.problem.c_str(), t.dofs);
  }
  return buf;
}

class Session {
 public:
  explicit Session(const BenchOptions &options) : options_(options), table_(options.json ? stderr : stdout) {}
  int Run();

 private:
  std::vector<Task> PlanTasks() const;
  double            MaxSize(const std::string &problem, int degree) const;
  void              Emit(const Json &record);
  void              RunBsTask(const Task &task, std::vector<BsSample> *group);
  void              FinishBsGroup(const std::string &problem, int degree, const std::vector<BsSample> &group);
  void              RunBpTask(const Task &task);
  void              ResolveBandwidth();
  void              ResolvePeak();

  const BenchOptions &options_;
  CeedOwned           ceed_;
  Json                context_;
  Table               table_;
  std::ofstream       json_file_;
  std::vector<Json>   records_;
  DotMethod           dot_method_ = DotMethod::host;
  double              bandwidth_gbs_ = 0.0;
  std::string         bandwidth_source_;
  double              cache_bytes_ = 0.0;  // last-level cache of a host-memory backend (0: none marked cache-resident)
  double              peak_gflops_ = 0.0;
  std::string         peak_source_;
  std::map<std::string, double> measured_fits_;  // problem -> bandwidth of a valid fit in this run
  Progress           *progress_ = nullptr;
  int                 failures_ = 0;  // failed checks and errors so far
};

double Session::MaxSize(const std::string &problem, int degree) const {
  const double budget = options_.memory_fraction * AvailableMemoryBytes();
  if (const BpSpec *bp = FindBp(problem)) return std::floor(budget / BpBytesPerDof(*bp, degree));
  return std::floor(budget / BsBytesPerEntry(*FindBs(problem), degree));
}

std::vector<Task> Session::PlanTasks() const {
  std::vector<Task> tasks;
  auto sizes = [&](const std::string &problem, int degree) {
    double max = options_.dofs.max;
    if (options_.dofs.max_from_memory) max = std::max(options_.dofs.min, MaxSize(problem, degree));
    return LogSpaced(options_.dofs.min, max, options_.points_per_decade);
  };
  // Streaming runs first: a bs2 fit of this run then serves as the roofline bandwidth of the BP runs.
  for (int pass = 0; pass < 2; pass++) {
    for (const auto &problem : options_.problems) {
      const bool is_bs = FindBs(problem) != nullptr;
      if (is_bs != (pass == 0)) continue;
      if (is_bs && !FindBs(problem)->restriction) {
        for (double n : sizes(problem, 1)) tasks.push_back({problem, 0, n});
        continue;
      }
      for (int p : options_.degrees) {
        for (double n : sizes(problem, p)) tasks.push_back({problem, p, n});
      }
    }
  }
  return tasks;
}

void Session::Emit(const Json &record) {
  records_.push_back(record);
  if (progress_) progress_->Clear();
  table_.Print(record);
  const std::string line = record.dump();
  if (options_.json) {
    std::fprintf(stdout, "%s\n", line.c_str());
    std::fflush(stdout);
  }
  if (json_file_.is_open()) json_file_ << line << '\n' << std::flush;
  if (record.at("record") == "error" || (record.contains("check_passed") && !record.at("check_passed").get<bool>())) failures_++;
}

void Session::RunBsTask(const Task &task, std::vector<BsSample> *group) {
  const BsSpec &spec = *FindBs(task.problem);
  BsSample      sample;
  if (spec.restriction) {
    const BoxMesh mesh = BuildMesh(ChooseElements(task.dofs, task.degree, 1, Deformation::none), task.degree, 1, MeshOptions{});
    sample             = RunRestrictionBs(ceed_, spec, mesh, options_.timing);
  } else {
    sample = RunVectorBs(ceed_, spec, (CeedSize)task.dofs, options_.timing, dot_method_);
  }
  group->push_back(sample);
  Emit(BsRecord(context_, sample));
}

void Session::FinishBsGroup(const std::string &problem, int degree, const std::vector<BsSample> &group) {
  if (group.empty()) return;
  const LatencyBandwidthFit fit = FitLatencyBandwidth(group);
  Emit(BsFitRecord(context_, problem, degree, fit));
  if (fit.valid()) measured_fits_[problem] = fit.bandwidth_gbs();
}

// The roofline bandwidth, in order of preference: the command line, a bs2 fit from a file, the bs2 fit of
// this run, or a short bs2 measurement now (large vectors, beyond the caches).
void Session::ResolveBandwidth() {
  if (options_.bandwidth_gbs > 0.0) {
    bandwidth_gbs_    = options_.bandwidth_gbs;
    bandwidth_source_ = "command line";
    return;
  }
  if (!options_.bandwidth_from.empty()) {
    std::ifstream in(options_.bandwidth_from);
    if (!in) throw std::runtime_error("cannot read --bandwidth-from file " + options_.bandwidth_from);
    std::string line;
    while (std::getline(in, line)) {
      const Json r = Json::parse(line, nullptr, false);
      if (r.is_object() && r.value("record", "") == "bs-fit" && r.value("problem", "") == "bs2" && r.value("valid", false)) {
        bandwidth_gbs_    = r.at("bandwidth_gbs").get<double>();
        bandwidth_source_ = "bs2 fit in " + options_.bandwidth_from + " (" + r.value("backend", "?") + ")";
      }
    }
    if (bandwidth_gbs_ <= 0.0) throw std::runtime_error("no valid bs2 fit record in " + options_.bandwidth_from);
    return;
  }
  if (measured_fits_.count("bs2")) {
    bandwidth_gbs_    = measured_fits_["bs2"];
    bandwidth_source_ = "bs2 fit of this run";
    return;
  }
  // Measured once per machine and backend, then reused from the kernel cache folder: ratios stay comparable
  // from run to run (a measurement varies by tens of percent on a shared machine).
  const StoredBandwidth stored(ceed_, context_);
  if (!options_.remeasure_bandwidth) {
    const std::vector<Json> records = stored.Load();
    if (!records.empty()) {
      for (const Json &r : records) Emit(r);
      bandwidth_gbs_    = records.back().at("bandwidth_gbs").get<double>();
      bandwidth_source_ = "bs2 fit of " + records.back().value("timestamp", std::string("?")) + " stored in " + stored.path() +
                          "; --remeasure-bandwidth measures again";
      return;
    }
  }
  const double        largest = std::min(16.0 * 1024 * 1024, std::floor(0.25 * AvailableMemoryBytes() / 48.0));
  TimingOptions       timing{0.1, 3};
  std::vector<BsSample> group;
  for (double n : LogSpaced(largest / 8.0, largest, 3)) {
    group.push_back(RunVectorBs(ceed_, *FindBs("bs2"), (CeedSize)n, timing, dot_method_));
    Emit(BsRecord(context_, group.back()));
  }
  const LatencyBandwidthFit fit = FitLatencyBandwidth(group);
  Emit(BsFitRecord(context_, "bs2", 0, fit));
  if (fit.valid()) {
    bandwidth_gbs_    = fit.bandwidth_gbs();
    bandwidth_source_ = "bs2 fit measured before the BP runs";
    std::vector<Json> records(records_.end() - (long)group.size() - 1, records_.end());
    if (stored.Save(records)) bandwidth_source_ += ", stored in " + stored.path();
  } else {
    bandwidth_gbs_    = group.back().bandwidth_gbs();
    bandwidth_source_ = "bs2 at the largest size measured before the BP runs (fit not determined)";
  }
}

// The compute roofline's peak: the command line; for a CPU backend, the core's FMA rate measured now; else one
// Zen 5 core's figure, which a GPU run should replace with --peak-gflops.
void Session::ResolvePeak() {
  if (options_.peak_gflops > 0.0) {
    peak_gflops_ = options_.peak_gflops;
    peak_source_ = "command line";
    return;
  }
  if (options_.resource.rfind("/cpu", 0) == 0) {
    const MeasuredPeak measured = MeasureCorePeak();
    if (measured.gflops > 0.0) {
      peak_gflops_ = measured.gflops;
      peak_source_ = "measured: " + measured.how;
      return;
    }
  }
  peak_gflops_ = 112.0;
  peak_source_ = "default: one Zen 5 core, 512-bit FMA (give --peak-gflops for this machine)";
}

void Session::RunBpTask(const Task &task) {
  const BpSpec &spec = *FindBp(task.problem);
  if (bandwidth_gbs_ <= 0.0) {
    ResolveBandwidth();
    ResolvePeak();
    std::fprintf(options_.json ? stderr : stdout, "\nRoofline: bandwidth %.2f GB/s (%s), peak %.1f GFLOP/s (%s)\n", bandwidth_gbs_,
                 bandwidth_source_.c_str(), peak_gflops_, peak_source_.c_str());
    if (cache_bytes_ > 0.0) {
      std::fprintf(options_.json ? stderr : stdout,
                   "  sizes whose working set fits the %s last-level cache run from it: ratio 'cache', left out of the peak and 80%% sizes\n",
                   tools::Quantity(cache_bytes_, "B").c_str());
    }
  }
  const BoxMesh mesh = BuildMesh(ChooseElements(task.dofs, task.degree, spec.num_comp, options_.mesh.deformation), task.degree, spec.num_comp,
                                 options_.mesh);
  BpPrecision precision;
  for (int m = CEED_PRECISION_FP64; m <= CEED_PRECISION_HIGH_LOW; m++) {
    if (options_.precision == CeedOperatorPrecisions[m]) precision.mode = (CeedOperatorPrecision)m;
  }
  precision.qdata = options_.qdata == "fp32" ? CEED_SCALAR_FP32 : CEED_SCALAR_FP64;
  BpProblem         problem(ceed_, spec, mesh, precision);
  const CheckResult check           = problem.Check();
  const double      precision_error = check.precision_error;  // PrecisionError(), measured by the check
  VectorOwned       u = problem.ManufacturedSolution(), v = problem.CreateVector();
  for (const auto &mode : options_.modes) {
    BpMeasurement m;
    m.mode = mode;
    if (mode == "apply") {
      const Timed t = TimeRepeated(
          options_.timing, [&] { BENCH_CALL(ceed_, CeedOperatorApply(problem.op(), u, v, CEED_REQUEST_IMMEDIATE)); }, [&] { Synchronize(v); });
      m.iterations = t.reps;
      m.seconds    = t.seconds;
    } else {
      // b = A u for the manufactured u; CG from 0 recovers u (diffusion: up to the constants).
      VectorOwned b = problem.CreateVector(), x = problem.CreateVector();
      BENCH_CALL(ceed_, CeedOperatorApply(problem.op(), u, b, CEED_REQUEST_IMMEDIATE));
      ConjugateGradient cg(ceed_, problem.op(), problem.dofs(), dot_method_);
      cg.Solve(b, x, 1, 0.0);  // warm-up of the vector kernels
      const bool     to_tolerance = options_.cg_tol > 0.0;
      const double   t0           = Now();
      const CgResult result = cg.Solve(b, x, to_tolerance ? options_.cg_max_iterations : options_.cg_iterations, options_.cg_tol);
      Synchronize(x);
      m.seconds              = Now() - t0;
      m.iterations           = result.iterations;
      m.cg_relative_residual = result.relative_residual;
      m.cg_tolerance         = options_.cg_tol;
      m.dot_method           = DotMethodName(dot_method_);
      problem.ProjectOutKernel(x);
      VectorOwned exact = problem.ManufacturedSolution();
      problem.ProjectOutKernel(exact);
      HostRead xa(x), ea(exact);
      double   err = 0.0, scale = 0.0;
      for (CeedSize i = 0; i < problem.dofs(); i++) {
        err   = std::max(err, std::fabs(xa[i] - ea[i]));
        scale = std::max(scale, std::fabs(ea[i]));
      }
      m.cg_solution_error = err / scale;
    }
    m.precision_error = precision_error;
    Emit(BpRecord(context_, problem, check, m, BpRoofline(spec, mesh, mode == "cg", bandwidth_gbs_, peak_gflops_, precision, cache_bytes_),
                  bandwidth_source_, peak_source_));
  }
}

int Session::Run() {
  ceed_ = InitCeed(options_.resource);
  for (const std::string &define : options_.jit_defines) BENCH_CALL(ceed_, CeedAddJitDefine(ceed_, define.c_str()));
  context_                = RunContext(ceed_, options_.resource, options_.command_line);
  context_["jit_defines"] = options_.jit_defines;
  // Only host memory competes with the CPU's caches; a device's own caches are not known here.
  if (options_.resource.rfind("/cpu", 0) == 0) cache_bytes_ = LastLevelCacheBytes();
  dot_method_ = options_.dot == "auto" ? DefaultDotMethod(ceed_) : options_.dot == "host" ? DotMethod::host : DotMethod::norms;
  if (!options_.json_file.empty()) {
    json_file_.open(options_.json_file, std::ios::app);
    if (!json_file_) throw std::runtime_error("cannot open --json-file " + options_.json_file + " for appending");
  }
  FILE *table_out = options_.json ? stderr : stdout;
  std::fprintf(table_out, "ceed-bench: backend %s (requested %s), ceedrt %s\n  machine: %s, %u logical CPUs; compiler: %s\n",
               context_["backend"].get<std::string>().c_str(), options_.resource.c_str(), context_["ceedrt"].get<std::string>().c_str(),
               context_["machine"]["cpu"].get<std::string>().c_str(), context_["machine"]["logical_cpus"].get<unsigned>(),
               context_["compiler"].get<std::string>().c_str());

  const std::vector<Task> tasks = PlanTasks();
  Progress                progress((int)tasks.size(), options_.sweep || options_.progress);
  progress_ = &progress;
  std::vector<BsSample> group;
  for (size_t i = 0; i < tasks.size(); i++) {
    const Task &task = tasks[i];
    progress.Begin(TaskLabel(task));
    std::string outcome = "ok";
    const int   failures_before = failures_;
    try {
      if (FindBs(task.problem)) {
        RunBsTask(task, &group);
      } else {
        RunBpTask(task);
      }
      if (failures_ > failures_before) outcome = "check FAILED";
    } catch (const std::bad_alloc &) {
      Emit(ErrorRecord(context_, TaskLabel(task), "out of host memory"));
      outcome = "out of memory";
    } catch (const std::exception &e) {
      Emit(ErrorRecord(context_, TaskLabel(task), e.what()));
      outcome = "error";
    }
    progress.End(outcome);
    const bool group_ends = i + 1 == tasks.size() || tasks[i + 1].problem != task.problem || tasks[i + 1].degree != task.degree;
    if (FindBs(task.problem) && group_ends) {
      FinishBsGroup(task.problem, task.degree, group);
      group.clear();
    }
  }
  progress_ = nullptr;
  if (options_.sweep) PrintSweepSummary(table_out, records_);
  std::fprintf(table_out, "\n%s: %zu records, %d failed checks or errors\n", failures_ ? "RESULT: FAILED" : "RESULT: ok", records_.size(),
               failures_);
  return failures_ ? 1 : 0;
}

}  // namespace

int RunBenchmarks(const BenchOptions &options) {
  Session session(options);
  return session.Run();
}

}  // namespace bench
