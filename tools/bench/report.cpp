#include "report.hpp"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <ctime>
#include <fstream>
#include <map>
#include <thread>
#include <tuple>

#include "../common/tool-common.hpp"
#include "timing.hpp"

namespace bench {

namespace {

std::string CpuModel() {
  std::ifstream in("/proc/cpuinfo");
  std::string   line;
  while (std::getline(in, line)) {
    if (line.rfind("model name", 0) == 0) {
      const size_t colon = line.find(':');
      if (colon != std::string::npos) return line.substr(line.find_first_not_of(" \t", colon + 1));
    }
  }
  return "unknown";
}

std::string ToolCompiler() {
#if defined(__clang__)
  return std::string("clang ") + __clang_version__;
#elif defined(__GNUC__)
  return std::string("GCC ") + __VERSION__;
#else
  return "unknown";
#endif
}

std::string UtcTimestamp() {
  char        buf[32];
  std::time_t now = std::time(nullptr);
  std::tm     tm{};
  gmtime_r(&now, &tm);
  std::strftime(buf, sizeof(buf), "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

}  // namespace

Json RunContext(Ceed ceed, const std::string &requested_resource, const std::string &command_line) {
  Json        context;
  const char *resource = nullptr;
  CeedGetResource(ceed, &resource);
  char host[256] = "unknown";
  gethostname(host, sizeof(host) - 1);
  const Json build = tools::LibraryBuildConfiguration();
  context["tool"]     = "ceed-bench";
  context["ceedrt"]   = build.value("CEEDRT_VERSION", "unknown") + " (" + build.value("CEEDRT_GIT_VERSION", "unknown") + ")";
  context["backend"]  = resource ? resource : "unknown";
  context["resource"] = requested_resource;
  context["machine"]  = {{"cpu", CpuModel()},
                         {"logical_cpus", std::thread::hardware_concurrency()},
                         {"memory_gb", (double)sysconf(_SC_PHYS_PAGES) * (double)sysconf(_SC_PAGE_SIZE) * 1e-9},
                         {"host", host}};
  context["compiler"]       = build.value("CXX", "unknown");
  context["tool_compiler"]  = ToolCompiler();
  context["build_type"]     = build.value("CMAKE_BUILD_TYPE", "unknown");
  context["timestamp"]      = UtcTimestamp();
  context["command"]        = command_line;
  return context;
}

Json BpRecord(const Json &context, const BpProblem &problem, const CheckResult &check, const BpMeasurement &m,
              const Roofline &roofline, const std::string &bandwidth_source, const std::string &peak_source) {
  Json           r    = context;
  const BpSpec  &spec = problem.spec();
  const BoxMesh &mesh = problem.mesh();
  const double   rate = m.dofs_per_second(problem.dofs());
  r["record"]                 = "bp";
  r["problem"]                = spec.name;
  r["mode"]                   = m.mode;
  r["operator"]               = spec.kind == BpOperatorKind::mass ? "mass" : "diffusion";
  r["components"]             = spec.num_comp;
  r["p"]                      = mesh.degree;
  r["q"]                      = problem.q_1d();
  r["quadrature"]             = spec.gll_quadrature ? "gauss-lobatto" : "gauss";
  r["mesh"]                   = DeformationName(mesh.deformation);
  r["elements"]               = mesh.num_elem;
  r["elements_per_direction"] = mesh.elems;
  r["dofs"]                   = problem.dofs();
  r["iterations"]             = m.iterations;
  r["seconds"]                = m.seconds;
  r["dofs_per_second"]        = rate;
  r["setup_seconds"]          = problem.setup_seconds();
  r["check"]                  = check.name;
  r["check_error"]            = check.error;
  r["check_tolerance"]        = check.tolerance;
  r["check_exact"]            = check.exact;
  r["check_passed"]           = check.passed();
  r["precision_bound"]        = check.precision_bound;
  r["precision"]              = CeedOperatorPrecisions[problem.precision().mode];
  r["qdata_precision"]        = CeedScalarTypes[problem.precision().qdata];
  r["precision_error"]        = m.precision_error;
  if (m.mode == "cg") {
    r["cg_tolerance"]         = m.cg_tolerance;
    r["cg_relative_residual"] = m.cg_relative_residual;
    r["cg_solution_error"]    = m.cg_solution_error;
    r["dot_method"]           = m.dot_method;
  }
  r["roofline"] = {{"bytes_per_dof", roofline.bytes_per_dof},
                   {"flops_per_dof", roofline.flops_per_dof},
                   {"bandwidth_gbs", roofline.bandwidth_gbs},
                   {"bandwidth_source", bandwidth_source},
                   {"peak_gflops", roofline.peak_gflops},
                   {"peak_source", peak_source},
                   {"memory_bound_dofs_per_second", roofline.memory_bound},
                   {"compute_bound_dofs_per_second", roofline.compute_bound},
                   {"bound_dofs_per_second", roofline.bound()},
                   {"limiter", roofline.limiter()},
                   {"ratio", rate / roofline.bound()},
                   {"working_set_bytes", roofline.working_set_bytes},
                   {"cache_resident", roofline.cache_resident}};
  return r;
}

Json BsRecord(const Json &context, const BsSample &s) {
  Json r               = context;
  r["record"]          = "bs";
  r["problem"]         = s.problem;
  r["entries"]         = s.entries;
  if (s.degree > 0) {
    r["p"]               = s.degree;
    r["evector_entries"] = s.evector_entries;
  }
  r["bytes"]         = s.bytes;
  r["iterations"]    = s.timed.reps;
  r["seconds"]       = s.timed.seconds;
  r["bandwidth_gbs"] = s.bandwidth_gbs();
  r["check"]         = s.check.name;
  r["check_error"]   = s.check.error;
  r["check_passed"]  = s.check.passed();
  return r;
}

Json BsFitRecord(const Json &context, const std::string &problem, int degree, const LatencyBandwidthFit &fit) {
  Json r       = context;
  r["record"]  = "bs-fit";
  r["problem"] = problem;
  if (degree > 0) r["p"] = degree;
  r["points"]        = fit.points;
  r["valid"]         = fit.valid();
  r["alpha_seconds"] = fit.alpha;
  r["alpha_clamped"] = fit.alpha_clamped;
  r["beta_seconds_per_byte"] = fit.beta;
  r["bandwidth_gbs"]         = fit.valid() ? fit.bandwidth_gbs() : 0.0;
  r["bytes_at_80_percent"]   = fit.valid() ? fit.bytes_at_80_percent() : 0.0;
  return r;
}

Json ErrorRecord(const Json &context, const std::string &what, const std::string &message) {
  Json r       = context;
  r["record"]  = "error";
  r["run"]     = what;
  r["message"] = message;
  return r;
}

void Table::Print(const Json &r) {
  const std::string kind = r.at("record");
  if (kind != last_kind_) {
    if (kind == "bp") {
      std::fprintf(out_, "\n%-5s %-5s %2s %2s %-7s %8s %10s %6s %9s %9s %9s %-7s %6s %9s %s\n", "BP", "mode", "p", "q", "mesh", "elements",
                   "DOFs", "iters", "seconds", "MDOF/s", "roof", "limit", "ratio", "check", "");
    } else if (kind == "bs") {
      std::fprintf(out_, "\n%-5s %2s %11s %11s %9s %9s %8s %9s %s\n", "BS", "p", "entries", "bytes/op", "reps", "seconds", "GB/s", "check", "");
    }
    last_kind_ = kind;
  }
  if (kind == "bp") {
    const Json &roof = r.at("roofline");
    // A cache-resident size runs from the cache, not from memory: its ratio to the DRAM roofline means nothing.
    char ratio[16] = "cache";
    if (!roof.value("cache_resident", false)) std::snprintf(ratio, sizeof(ratio), "%.3f", roof.at("ratio").get<double>());
    std::fprintf(out_, "%-5s %-5s %2d %2d %-7s %8d %10td %6d %9.3e %9.2f %9.2f %-7s %6s %9.1e %s\n", r.at("problem").get<std::string>().c_str(),
                 r.at("mode").get<std::string>().c_str(), r.at("p").get<int>(), r.at("q").get<int>(), r.at("mesh").get<std::string>().c_str(),
                 r.at("elements").get<int>(), r.at("dofs").get<CeedSize>(), r.at("iterations").get<int>(), r.at("seconds").get<double>(),
                 1e-6 * r.at("dofs_per_second").get<double>(), 1e-6 * roof.at("bound_dofs_per_second").get<double>(),
                 roof.at("limiter").get<std::string>().c_str(), ratio, r.at("check_error").get<double>(),
                 r.at("check_passed").get<bool>() ? "ok" : "FAILED");
    if (r.value("precision", "fp64") != "fp64" || r.value("qdata_precision", "fp64") != "fp64") {
      std::fprintf(out_, "      precision %s, quadrature data %s: %.1f bytes/DOF, error %.2e against fp64 (bound %.1e)\n",
                   r.at("precision").get<std::string>().c_str(), r.at("qdata_precision").get<std::string>().c_str(), roof.at("bytes_per_dof").get<double>(),
                   r.at("precision_error").get<double>(), r.value("precision_bound", 0.0));
    }
    if (r.at("mode") == "cg") {
      std::fprintf(out_, "      cg: relative residual %.2e, solution error %.2e (dot: %s)\n", r.at("cg_relative_residual").get<double>(),
                   r.at("cg_solution_error").get<double>(), r.at("dot_method").get<std::string>().c_str());
    }
  } else if (kind == "bs") {
    std::fprintf(out_, "%-5s %2s %11td %11s %9d %9.3e %8.2f %9.1e %s\n", r.at("problem").get<std::string>().c_str(),
                 r.contains("p") ? std::to_string(r.at("p").get<int>()).c_str() : "-", r.at("entries").get<CeedSize>(),
                 tools::Quantity(r.at("bytes").get<double>(), "B").c_str(), r.at("iterations").get<int>(), r.at("seconds").get<double>(),
                 r.at("bandwidth_gbs").get<double>(), r.at("check_error").get<double>(), r.at("check_passed").get<bool>() ? "ok" : "FAILED");
  } else if (kind == "bs-fit") {
    const std::string label = r.at("problem").get<std::string>() + (r.contains("p") ? " p=" + std::to_string(r.at("p").get<int>()) : "");
    if (r.at("valid").get<bool>() && r.at("alpha_clamped").get<bool>()) {
      std::fprintf(out_, "  fit t = alpha + beta*bytes, %s: 1/beta = %.2f GB/s; alpha not resolved (small sizes run from cache faster than "
                   "the model: fit through 0) (%d sizes)\n", label.c_str(), r.at("bandwidth_gbs").get<double>(), r.at("points").get<int>());
    } else if (r.at("valid").get<bool>()) {
      std::fprintf(out_, "  fit t = alpha + beta*bytes, %s: alpha = %.3g us, 1/beta = %.2f GB/s, 80%% of it from %s on (%d sizes)\n",
                   label.c_str(), 1e6 * r.at("alpha_seconds").get<double>(), r.at("bandwidth_gbs").get<double>(),
                   tools::Quantity(r.at("bytes_at_80_percent").get<double>(), "B").c_str(), r.at("points").get<int>());
    } else {
      std::fprintf(out_, "  fit t = alpha + beta*bytes, %s: not determined (needs at least 2 sizes with time growing with bytes; got %d)\n", label.c_str(),
                   r.at("points").get<int>());
    }
  } else if (kind == "error") {
    std::fprintf(out_, "ERROR %s: %s\n", r.at("run").get<std::string>().c_str(), r.at("message").get<std::string>().c_str());
  }
  std::fflush(out_);
}

Progress::Progress(int total, bool enabled) : total_(total), enabled_(enabled), tty_(isatty(STDERR_FILENO)) {}

void Progress::Begin(const std::string &label) {
  if (!enabled_) return;
  label_   = label;
  started_ = Now();
  if (tty_) {
    std::fprintf(stderr, "\r\033[K[%d/%d] %s ...", done_ + 1, total_, label.c_str());
    std::fflush(stderr);
  }
}

void Progress::End(const std::string &outcome) {
  if (!enabled_) return;
  done_++;
  const double dt = Now() - started_;
  if (tty_) {
    std::fprintf(stderr, "\r\033[K[%d/%d] %s: %s (%.1f s)", done_, total_, label_.c_str(), outcome.c_str(), dt);
    if (done_ == total_) std::fputc('\n', stderr);
  } else {
    std::fprintf(stderr, "[%d/%d] %s: %s (%.1f s)\n", done_, total_, label_.c_str(), outcome.c_str(), dt);
  }
  std::fflush(stderr);
}

void Progress::Clear() {
  if (enabled_ && tty_) {
    std::fputs("\r\033[K", stderr);
    std::fflush(stderr);
  }
}

void PrintSweepSummary(FILE *out, const std::vector<Json> &records) {
  using Key = std::tuple<std::string, std::string, std::string, int>;
  std::map<Key, std::vector<std::pair<double, double>>> curves;  // (DOFs, DOF/s)
  size_t cache_resident = 0;
  for (const auto &r : records) {
    if (r.at("record") != "bp") continue;
    // Sizes held in the cache run faster than memory allows: they are left out of the peak and the 80% size.
    if (r.at("roofline").value("cache_resident", false)) {
      cache_resident++;
      continue;
    }
    curves[{r.at("backend"), r.at("problem"), r.at("mode"), r.at("p")}].emplace_back(r.at("dofs").get<double>(), r.at("dofs_per_second").get<double>());
  }
  if (curves.empty() && !cache_resident) return;
  std::fprintf(out, "\nSweep summary (peak rate and the smallest size reaching 80%% of it; %zu cache-resident runs left out):\n", cache_resident);
  std::fprintf(out, "%-24s %-5s %-5s %2s %12s %12s %14s\n", "backend", "BP", "mode", "p", "peak MDOF/s", "at DOFs", "80% from DOFs");
  for (auto &[key, points] : curves) {
    std::sort(points.begin(), points.end());
    auto peak = *std::max_element(points.begin(), points.end(), [](auto &a, auto &b) { return a.second < b.second; });
    double at_80 = peak.first;
    for (const auto &[dofs, rate] : points) {
      if (rate >= 0.8 * peak.second) {
        at_80 = dofs;
        break;
      }
    }
    std::fprintf(out, "%-24s %-5s %-5s %2d %12.2f %12.3g %14.3g\n", std::get<0>(key).c_str(), std::get<1>(key).c_str(), std::get<2>(key).c_str(),
                 std::get<3>(key), 1e-6 * peak.second, peak.first, at_80);
  }
  std::fflush(out);
}

}  // namespace bench
