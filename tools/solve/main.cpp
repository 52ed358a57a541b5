// ceed-solve: a bake-off problem with a manufactured solution solved by (preconditioned) CG over MPI ranks
// on any ceedrt backend; preconditioners: none, Jacobi, BoomerAMG on the low-order-refined matrix.
//   mpirun -np N ceed-solve --ceed /cpu/self/gen --problem bp3 --degree 6 --dofs 1e6 --mesh kershaw --pc lor-amg
#include <CLI/CLI.hpp>
#include <cstdio>
#include <cstdlib>
#include <nlohmann/json.hpp>

#include "../common/tool-common.hpp"
#include "solve.hpp"

namespace {

nlohmann::ordered_json ToJson(const solve::SolveReport &r) {
  nlohmann::ordered_json j;
  j["tool"]              = "ceed-solve";
  j["problem"]           = r.problem;
  j["ceed"]              = r.resource;
  j["degree"]            = r.degree;
  j["mesh"]              = r.mesh;
  j["elems"]             = r.elems;
  j["ranks"]             = r.ranks;
  j["rank_grid"]         = r.rank_grid;
  j["dofs"]              = r.global_dofs;
  j["pc"]                = r.pc;
  j["iterations"]        = r.iterations;
  j["converged"]         = r.converged;
  j["relative_residual"] = r.relative_residual;
  j["l2_error"]          = r.l2_error;
  j["relative_l2_error"] = r.relative_l2_error;
  j["seconds"]           = {{"setup", r.setup},       {"lor_assembly", r.lor_assembly}, {"amg_setup", r.amg_setup},
                  {"solve", r.solve},       {"operator_apply", r.operator_apply}, {"halo_wait", r.exchange},
                  {"preconditioner", r.preconditioner}};
  j["operator_applications"]       = r.operator_applications;
  j["preconditioner_applications"] = r.preconditioner_applications;
  j["lor_nonzeros"]                = r.lor_nonzeros;
  if (!r.lor_route.empty()) j["lor_route"] = r.lor_route;
  j["amg_on_device"] = r.amg_on_device;
#if CEEDRT_PARALLEL_HAVE_HYPRE
  j["hypre_gpu_runtime"] = ceedrt::parallel::HypreGpuRuntime();  // "" for a host-only hypre
#endif
  j["exact_timings"] = r.exact_timings;
  j["seconds"]["lor_element_matrices"] = r.lor_element_matrices;
  j["seconds"]["lor_csr"]              = r.lor_csr;
  j["seconds"]["lor_hypre"]            = r.lor_hypre;
  j["seconds"]["lor_csr_host"]         = r.lor_csr_host;
  j["seconds"]["lor_hypre_host"]       = r.lor_hypre_host;
  j["lor_threads"]                     = r.lor_threads;
  j["amg_levels"]                  = r.amg_levels;
  j["pmg_levels"]                  = r.pmg_levels;
  j["seconds"]["pmg_setup"]        = r.pmg_setup;
  j["halo_dofs_max"]               = r.halo_dofs_max;
  j["host_device_bytes_per_iteration"] = r.host_device_bytes_per_iteration;
  const double total               = r.setup + r.lor_assembly + r.amg_setup + r.solve;
  j["time_to_solution"]            = total;
  if (r.lor_assembly > 0.0 && r.solve > 0.0) {
    j["lor_nonzeros_per_second"] = (double)r.lor_nonzeros / r.lor_assembly;
  }
  return j;
}

void PrintText(const solve::SolveReport &r) {
  std::printf("ceed-solve %s p=%d on %s, %s mesh %dx%dx%d, %lld DOFs, %d ranks (%dx%dx%d), pc %s\n", r.problem.c_str(), r.degree,
              r.resource.c_str(), r.mesh.c_str(), r.elems[0], r.elems[1], r.elems[2], r.global_dofs, r.ranks, r.rank_grid[0], r.rank_grid[1],
              r.rank_grid[2], r.pc.c_str());
  std::printf("  %s in %d iterations, relative residual %.3e; L2 error %.6e (relative %.6e)\n", r.converged ? "converged" : "NOT converged",
              r.iterations, r.relative_residual, r.l2_error, r.relative_l2_error);
  const double total = r.setup + r.lor_assembly + r.amg_setup + r.solve;
  // LOR assembly and AMG setup only where the preconditioner has them (lor-amg; pmg's coarse AMG).
  char amg_parts[96] = "";
  if (r.pc == "lor-amg" || r.pc == "pmg") std::snprintf(amg_parts, sizeof(amg_parts), ", LOR assembly %.4f, AMG setup %.4f", r.lor_assembly, r.amg_setup);
  std::printf("  time to solution %.4f s: setup %.4f%s, solve %.4f (operator %.4f in %ld applications, halo wait %.4f", total, r.setup, amg_parts,
              r.solve, r.operator_apply, r.operator_applications, r.exchange);
  if (r.pc == "none") std::printf(")\n");
  else std::printf(", preconditioner %.4f in %ld)\n", r.preconditioner, r.preconditioner_applications);
  if (r.host_device_bytes_per_iteration > 0.0) std::printf("  host-device copies: %.0f bytes per CG iteration\n", r.host_device_bytes_per_iteration);
  if (r.lor_nonzeros) {
    std::printf("  LOR matrix: %lld nonzeros, %.3g nonzeros/s (element matrices %.4f s, route %s; CSR %.4f s, hypre %.4f s on rank 0, %d threads); AMG levels %d on the %s\n",
                r.lor_nonzeros, r.lor_nonzeros / r.lor_assembly, r.lor_element_matrices, r.lor_route.c_str(), r.lor_csr, r.lor_hypre, r.lor_threads, r.amg_levels,
                r.amg_on_device ? "GPU" : "host");
  }
}

}  // namespace

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  solve::SolveOptions options;
  bool                json = false;
  std::string         mesh = "none";
  std::vector<int>    elems;
  // CLI::PositiveNumber's message prints its range, up to DBL_MAX in 309 digits.
  const CLI::Validator Positive(
      [](std::string &text) {
        char        *end   = nullptr;
        const double value = std::strtod(text.c_str(), &end);
        return *end == '\0' && value > 0.0 ? std::string() : "must be a positive number, got " + text;
      },
      "POSITIVE");
  CLI::App            app("ceed-solve: MPI-parallel bake-off solves with a manufactured solution (docs/parallel.md)");
  app.add_option("--ceed", options.resource, "Backend resource")->capture_default_str();
  app.add_option("--problem", options.problem, "bp1..bp6")->capture_default_str();
  app.add_option("--degree", options.degree, "Polynomial degree p")->check(CLI::Range(1, 16))->capture_default_str();
  app.add_option("--dofs", options.dofs, "Target global DOF count (ignored with --elems)")->check(Positive)->capture_default_str();
  app.add_option("--elems", elems, "Elements per direction, nx,ny,nz")->delimiter(',')->expected(3);
  app.add_option("--mesh", mesh, "none | smooth | kershaw")->capture_default_str();
  app.add_option("--kershaw-eps", options.mesh.kershaw_eps, "Kershaw deformation parameter (1: none, small: strong)")->capture_default_str();
  app.add_option("--pc", options.pc, "none | jacobi | pmg (p-multigrid, BoomerAMG on p = 1 with hypre) | lor-amg")->capture_default_str();
  app.add_option("--rtol", options.rtol, "Relative residual tolerance")->check(Positive)->capture_default_str();
  std::string norm = "residual";
  app.add_option("--norm", norm, "What --rtol measures: residual (|b - A x|) or preconditioned (sqrt(r^T M^-1 r))")->capture_default_str();
  app.add_option("--max-iterations", options.max_iterations, "Iteration limit")->check(Positive)->capture_default_str();
  app.add_option("--progress", options.progress_interval, "Seconds between progress lines on stderr (0: none)")->capture_default_str();
  std::string lor_quadrature = "lobatto";
  app.add_option("--lor-quadrature", lor_quadrature, "Quadrature of the LOR elements: lobatto (vertices) or gauss")->capture_default_str();
  std::string lor_assembly = "direct";
  app.add_option("--lor-assembly", lor_assembly, "LOR matrix assembly: direct (box/Kershaw lattice: host backends from the vertex coordinates, device backends scattered on the device; else from the element matrices), vertices (from the vertex coordinates on the host, any backend) or coo (the reference route)")
      ->capture_default_str();
  app.add_option("--lor-threads", options.lor_threads, "Host threads of the LOR assembly (0: the node's cores divided by its ranks)")
      ->capture_default_str();
  app.add_option("--lor-q", options.lor_q_1d, "Quadrature points per direction of the LOR elements (0: 2)")->capture_default_str();
  app.add_option("--amg-threshold", options.amg.strong_threshold, "BoomerAMG strong threshold")->capture_default_str();
  app.add_option("--amg-relax", options.amg.relax_type, "BoomerAMG relaxation type (hypre numbering; -1: 8 on the host, 18 on a GPU)")->capture_default_str();
  app.add_option("--amg-coarsen", options.amg.coarsen_type, "BoomerAMG coarsening type (hypre numbering; -1: HMIS 10 on the host, PMIS 8 on a GPU)")
      ->capture_default_str();
  app.add_option("--amg-memory", options.amg_memory,
                 "Where hypre holds the LOR matrix and runs BoomerAMG: auto (the GPU when hypre was built for the backend's device), host or device")
      ->capture_default_str();
  app.add_option("--amg-aggressive", options.amg.aggressive_levels, "BoomerAMG levels of aggressive coarsening")->capture_default_str();
  app.add_option("--amg-pmax", options.amg.max_row_entries, "BoomerAMG interpolation entries per row (0: no truncation)")->capture_default_str();
  app.add_option("--amg-interp", options.amg.interp_type, "BoomerAMG interpolation type (hypre numbering)")->capture_default_str();
  app.add_flag("--exact-timings", options.exact_timings,
               "On a device backend, wait for each operator application's kernels, so that its time counts them (one synchronization per application)");
  app.add_flag("--json", json, "One JSON object on stdout");
  try {
    tools::AcceptSingleDashCeed(argc, argv);
    app.parse(argc, argv);
    if (!ceedrt::parallel::ParseDeformation(mesh, &options.mesh.deformation)) throw CLI::ValidationError("--mesh", "unknown mesh '" + mesh + "'");
    if (lor_quadrature != "lobatto" && lor_quadrature != "gauss") throw CLI::ValidationError("--lor-quadrature", "unknown rule '" + lor_quadrature + "'");
    options.lor_quadrature = lor_quadrature == "gauss" ? CEED_GAUSS : CEED_GAUSS_LOBATTO;
    if (lor_assembly != "direct" && lor_assembly != "coo" && lor_assembly != "vertices") {
      throw CLI::ValidationError("--lor-assembly", "unknown route '" + lor_assembly + "'");
    }
    options.lor_assembly      = lor_assembly == "coo" ? ceedrt::parallel::LorAssembly::coo : ceedrt::parallel::LorAssembly::automatic;
    options.lor_from_vertices = lor_assembly == "vertices";
    if (norm != "residual" && norm != "preconditioned") throw CLI::ValidationError("--norm", "unknown norm '" + norm + "'");
    options.norm = norm == "residual" ? ceedrt::parallel::PcgNorm::residual : ceedrt::parallel::PcgNorm::preconditioned;
    if (!elems.empty()) options.elems = {elems[0], elems[1], elems[2]};
    try {
      solve::CheckOptions(options);
    } catch (const std::exception &e) {
      throw CLI::ValidationError(std::string("ceed-solve: ") + e.what());
    }
  } catch (const CLI::ParseError &e) {
    const int code = rank == 0 ? app.exit(e) : (e.get_exit_code() ? 1 : 0);
    MPI_Finalize();
    return code;
  }
  int code = 0;
  try {
    const auto report = solve::RunSolve(MPI_COMM_WORLD, options, [](int iteration, double residual) {
      std::fprintf(stderr, "ceed-solve: iteration %d, relative residual %.3e\n", iteration, residual);
    });
    if (rank == 0) {
      if (json) {
        std::printf("%s\n", ToJson(report).dump().c_str());
      } else {
        PrintText(report);
      }
    }
    code = report.converged ? 0 : 2;
  } catch (const std::exception &e) {
    std::fprintf(stderr, "ceed-solve (rank %d): %s\n", rank, e.what());
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  MPI_Finalize();
  return code;
}
