// Output of ceed-bench: JSON lines (one self-contained record per measurement) and the human table.
//
// Record kinds ("record" key): "bp" (one bake-off measurement), "bs" (one streaming sample), "bs-fit"
// (the latency/bandwidth fit of one streaming benchmark over its sizes), "error" (a run that failed).
// Every record carries the run's context: tool, ceedrt version, backend, resource, machine, compiler.
#pragma once

#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "bp.hpp"
#include "bs.hpp"
#include "cg.hpp"
#include "roofline.hpp"

namespace bench {

using Json = nlohmann::ordered_json;

// Context shared by all records of one process.
Json RunContext(Ceed ceed, const std::string &requested_resource, const std::string &command_line);

struct BpMeasurement {
  std::string mode;  // "apply" or "cg"
  int         iterations = 0;  // applications (apply) or CG iterations (cg)
  double      seconds    = 0.0;
  double      cg_relative_residual = 0.0, cg_solution_error = 0.0, cg_tolerance = 0.0;
  std::string dot_method;
  double      precision_error = 0.0;  // against the fp64 operator (BpProblem::PrecisionError)
  double      dofs_per_second(CeedSize dofs) const { return (double)dofs * iterations / seconds; }
};

Json BpRecord(const Json &context, const BpProblem &problem, const CheckResult &check, const BpMeasurement &m,
              const Roofline &roofline, const std::string &bandwidth_source, const std::string &peak_source);
Json BsRecord(const Json &context, const BsSample &sample);
Json BsFitRecord(const Json &context, const std::string &problem, int degree, const LatencyBandwidthFit &fit);
Json ErrorRecord(const Json &context, const std::string &what, const std::string &message);

// The human-readable table: one header per record kind, printed when the kind changes.
class Table {
 public:
  explicit Table(FILE *out) : out_(out) {}
  void Print(const Json &record);

 private:
  FILE       *out_;
  std::string last_kind_;
};

// Progress line on stderr for sweeps: rewritten in place on a terminal, one line per step otherwise.
class Progress {
 public:
  Progress(int total, bool enabled);
  void Begin(const std::string &label);
  void End(const std::string &outcome);
  void Clear();  // before other output goes to the terminal

 private:
  int         total_, done_ = 0;
  bool        enabled_, tty_;
  double      started_ = 0.0;
  std::string label_;
};

// Peak rate and the smallest size reaching 80% of it, per (backend, problem, mode, degree) of the bp
// records given; printed after a sweep.
void PrintSweepSummary(FILE *out, const std::vector<Json> &records);

}  // namespace bench
