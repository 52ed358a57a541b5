// ceed-solve's work, as a library so the MPI tests run exactly what the tool runs: a bake-off problem on a
// distributed box mesh with a manufactured solution, solved by (preconditioned) CG on any backend.
#pragma once

#include <ceed/parallel.hpp>

#include <array>
#include <functional>
#include <string>
#include <vector>

namespace solve {

struct SolveOptions {
  std::string                       resource = "/cpu/self/gen";
  std::string                       problem  = "bp3";
  int                               degree   = 2;
  double                            dofs     = 1e5;   // global target, when elems is not given
  std::array<CeedInt, 3>            elems{};          // all zero: chosen from dofs
  ceedrt::parallel::BoxMeshOptions  mesh;
  std::string                       pc             = "lor-amg";  // none | jacobi | pmg | lor-amg
  double                            rtol           = 1e-8;
  ceedrt::parallel::PcgNorm         norm           = ceedrt::parallel::PcgNorm::residual;
  int                               max_iterations = 10000;
  double                            progress_interval = 0.0;      // seconds between progress lines (0: none)
  CeedQuadMode                      lor_quadrature = CEED_GAUSS_LOBATTO;  // points of the LOR elements' quadrature
  int                               lor_q_1d       = 0;                   // and their number per direction (0: 2)
  ceedrt::parallel::LorAssembly     lor_assembly   = ceedrt::parallel::LorAssembly::automatic;  // LOR element matrices and pattern
  bool                              lor_from_vertices = false;  // the vertex route on any backend (host element matrices)
  int                               lor_threads    = 0;  // host threads of the LOR assembly (0: SetLorAssemblyThreads' default)
  ceedrt::parallel::AmgOptions      amg;                            // BoomerAMG settings (num_functions is set per problem)
  std::string                       amg_memory = "auto";            // where hypre holds the LOR matrix: auto | host | device
  bool                              gather_solution   = false;    // return the solution on rank 0 (lattice order)
  bool                              exact_timings     = false;    // operator applications wait for the device (ParallelOperator::WaitForDeviceInTimings)
};

struct SolveReport {
  std::string            problem, pc, resource, mesh;
  int                    degree = 0, ranks = 1, num_comp = 1;
  std::array<CeedInt, 3> elems{};
  std::array<int, 3>     rank_grid{};
  long long              global_dofs = 0;
  int                    iterations  = 0;
  bool                   converged   = false;
  double                 relative_residual = 0.0;
  double                 l2_error = 0.0, relative_l2_error = 0.0;  // of the discrete solution against u*
  // Seconds (the largest over the ranks).
  double setup = 0.0, lor_assembly = 0.0, amg_setup = 0.0, solve = 0.0, operator_apply = 0.0, exchange = 0.0, preconditioner = 0.0;
  long   operator_applications = 0, preconditioner_applications = 0;
  long long lor_nonzeros  = 0;
  double    lor_element_matrices = 0.0, lor_csr = 0.0, lor_hypre = 0.0;  // parts of lor_assembly (rank 0)
  double    lor_csr_host = 0.0, lor_hypre_host = 0.0;                      // their host loops (rank 0)
  int         lor_threads = 0;  // host threads the LOR assembly ran on
  std::string lor_route;  // how the LOR matrix was assembled: lattice, device-lattice, operator-lattice, vertices, direct (QFunction probes) or operator
  int       amg_levels    = 0;
  bool      amg_on_device = false;  // hypre held the LOR matrix in GPU memory and ran BoomerAMG there
  bool      exact_timings = false;  // operator applications waited for the device (their time counts their kernels)
  int       pmg_levels    = 0;
  double    pmg_setup     = 0.0;  // coarse operators, diagonals, eigenvalue estimates
  long long halo_dofs_max = 0;  // largest per-rank halo
  double    host_device_bytes_per_iteration = 0.0;  // copied between host and device memory per CG iteration (largest rank)
  std::vector<double> solution;  // on rank 0 when gather_solution, in lattice order (x fastest, components interlaced)
};

// Throws Error when the options cannot give a solve (unknown problem or preconditioner, ...): every rank finds
// the same, so the tool exits cleanly instead of aborting the MPI job.
void CheckOptions(const SolveOptions &options);

// Runs one solve on comm; every rank returns the same report (the solution only on rank 0).
// progress(iteration, relative residual) runs on rank 0 only.
SolveReport RunSolve(MPI_Comm comm, const SolveOptions &options, const std::function<void(int, double)> &progress = {});

}  // namespace solve
