// ceed-solve's solves across rank counts: the solution on N ranks equals the one on a single rank to 1e-10
// ("equal" mode), and the L2 error against the manufactured solution converges at order p + 1 on smooth
// meshes ("order" mode, p = 1, 2, 3).
// "device" mode: on a device backend the solve keeps its vectors in device memory and equals the host solve
// (Jacobi, LOR-AMG with the LOR matrix assembled on the device, and p-multigrid on one rank).
//   parallel-solve-test equal|order|device RESOURCE
#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>

#include "mpi-test.hpp"

#include "../../tools/solve/solve.hpp"

namespace {

using mpi_test::Require;
int rank = 0;

void CheckEqual(const std::string &resource, const std::string &problem, int degree, const std::array<CeedInt, 3> &elems) {
  solve::SolveOptions options;
  options.resource              = resource;
  options.problem               = problem;
  options.degree                = degree;
  options.elems                 = elems;
  options.mesh.deformation      = ceedrt::parallel::Deformation::kershaw;
  options.pc                    = "jacobi";
  options.rtol                  = 1e-13;
  options.gather_solution       = true;
  const solve::SolveReport many = solve::RunSolve(MPI_COMM_WORLD, options);
  Require(many.converged, problem + ": not converged on all ranks");
  if (rank != 0) return;
  const solve::SolveReport one = solve::RunSolve(MPI_COMM_SELF, options);
  Require(one.converged && one.solution.size() == many.solution.size(), problem + ": single-rank solve");
  double diff = 0.0, scale = 0.0;
  for (size_t i = 0; i < one.solution.size(); i++) {
    diff  = std::fmax(diff, std::fabs(one.solution[i] - many.solution[i]));
    scale = std::fmax(scale, std::fabs(one.solution[i]));
  }
  std::printf("%s p=%d %s: %d ranks %d iterations, 1 rank %d iterations, max difference %.3e (relative %.3e)\n", problem.c_str(), degree,
              resource.c_str(), many.ranks, many.iterations, one.iterations, diff, diff / scale);
  Require(diff <= 1e-10 * scale, problem + ": solutions on " + std::to_string(many.ranks) + " ranks and on one differ by " + std::to_string(diff / scale));
  Require(std::fabs(one.l2_error - many.l2_error) <= 1e-8 * one.l2_error, problem + ": L2 errors differ");
}

// A solve on a device backend keeps its vectors in device memory: per CG iteration only the halo crosses
// between host and device (packed, both ways, in the operator's forward and reverse exchange; nothing on one
// rank), and the solution equals the host backend's to round-off.
void CheckDeviceResident(const std::string &resource, const std::string &problem, const std::string &pc, int degree,
                         const std::array<CeedInt, 3> &elems) {
  solve::SolveOptions options;
  options.problem          = problem;
  options.degree           = degree;
  options.elems            = elems;
  options.mesh.deformation = ceedrt::parallel::Deformation::kershaw;
  options.pc               = pc;
  options.rtol             = 1e-13;  // as in CheckEqual: the solves' differences are then round-off, amplified
  options.gather_solution  = true;
  options.resource         = "/cpu/self/ref";
  const solve::SolveReport host = solve::RunSolve(MPI_COMM_WORLD, options);
  options.resource              = resource;
  options.exact_timings         = true;  // the device waited for after each application: the same solve
  const solve::SolveReport device = solve::RunSolve(MPI_COMM_WORLD, options);
  Require(host.converged && device.converged, problem + ": not converged");
  Require(device.exact_timings, problem + ": the device solve did not wait for the device in its timings");
  // Forward: send + receive the halo; reverse: the same; 8 bytes per DOF. With two ranks a rank's send and
  // receive counts are both at most the largest halo.
  double bound = device.ranks == 1 ? 0.0 : 2.0 * 8.0 * 2.0 * (double)device.halo_dofs_max;
  // p-multigrid on one rank: only its coarsest level's BoomerAMG (hypre, on the host) stages vectors, that
  // level's right-hand side and solution (p = 1: the element vertices) once per V-cycle.
  if (pc == "pmg") bound = 2.0 * 8.0 * (elems[0] + 1) * (elems[1] + 1) * (elems[2] + 1) * device.num_comp;
  // LOR-AMG: BoomerAMG (hypre, on the host) takes the residual and returns the correction once per V-cycle,
  // and the LOR matrix comes from the device route (element matrices and their scatter on the device).
  if (pc == "lor-amg") {
    bound += 2.0 * 8.0 * (double)device.global_dofs;
    Require(device.lor_route == "device-lattice" && host.lor_route == "lattice",
            problem + ": LOR routes " + device.lor_route + " on " + resource + ", " + host.lor_route + " on /cpu/self/ref");
  }
  if (rank != 0) return;
  double diff = 0.0, scale = 0.0;
  for (size_t i = 0; i < host.solution.size(); i++) {
    diff  = std::fmax(diff, std::fabs(host.solution[i] - device.solution[i]));
    scale = std::fmax(scale, std::fabs(host.solution[i]));
  }
  std::printf("%s p=%d pc %s on %d ranks: %s %d iterations, %.0f host-device bytes per iteration (bound %.0f, one vector %lld); "
              "/cpu/self/ref %d iterations; max difference %.3e (relative %.3e)\n",
              problem.c_str(), degree, pc.c_str(), device.ranks, resource.c_str(), device.iterations, device.host_device_bytes_per_iteration, bound,
              8 * device.global_dofs / device.ranks, host.iterations, diff, diff / scale);
  Require(device.host_device_bytes_per_iteration <= bound,
          problem + ": " + std::to_string(device.host_device_bytes_per_iteration) + " bytes per iteration between host and device, bound " +
              std::to_string(bound));
  Require(device.ranks == 1 || device.host_device_bytes_per_iteration > 0.0, problem + ": no halo bytes counted on several ranks");
  // rtol 1e-13 is near the round-off floor of BP2's residual: the stopping test may fire one iteration apart.
  Require(std::abs(device.iterations - host.iterations) <= 1, problem + ": iteration counts differ");
  Require(host.solution.size() == device.solution.size() && diff <= 1e-10 * scale,
          problem + ": device and host solutions differ by " + std::to_string(diff / scale));
}

void CheckOrder(const std::string &resource, int degree, const std::array<CeedInt, 3> &sizes) {
  double errors[3];
  for (int k = 0; k < 3; k++) {
    solve::SolveOptions options;
    options.resource         = resource;
    options.problem          = "bp3";
    options.degree           = degree;
    options.elems            = {sizes[k], sizes[k], sizes[k]};
    options.mesh.deformation = ceedrt::parallel::Deformation::smooth;
    options.pc               = "jacobi";
    options.rtol             = 1e-12;
    const auto report        = solve::RunSolve(MPI_COMM_WORLD, options);
    Require(report.converged, "order: solve not converged");
    errors[k] = report.l2_error;
  }
  const double order = std::log(errors[1] / errors[2]) / std::log((double)sizes[2] / sizes[1]);
  if (rank == 0) {
    std::printf("bp3 p=%d smooth mesh: L2 errors %.4e %.4e %.4e for %d, %d, %d elements per direction: observed order %.3f (expected %d)\n", degree,
                errors[0], errors[1], errors[2], sizes[0], sizes[1], sizes[2], order, degree + 1);
  }
  Require(errors[1] < errors[0] && order >= degree + 1 - 0.25, "order: observed " + std::to_string(order) + " for p = " + std::to_string(degree));
}

}  // namespace

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  Require(argc == 3, "usage: parallel-solve-test equal|order|device RESOURCE");
  const std::string mode = argv[1], resource = argv[2];
  try {
    if (mode == "equal") {
      CheckEqual(resource, "bp3", 3, {6, 4, 4});
      CheckEqual(resource, "bp2", 2, {6, 2, 4});
    } else if (mode == "device") {
      CheckDeviceResident(resource, "bp3", "jacobi", 3, {6, 2, 2});
      CheckDeviceResident(resource, "bp2", "jacobi", 2, {6, 2, 2});
#if CEEDRT_PARALLEL_HAVE_HYPRE
      CheckDeviceResident(resource, "bp3", "lor-amg", 3, {6, 2, 2});
      int size = 1;
      MPI_Comm_size(MPI_COMM_WORLD, &size);
      if (size == 1) CheckDeviceResident(resource, "bp3", "pmg", 3, {6, 2, 2});
#endif
    } else if (mode == "order") {
      CheckOrder(resource, 1, {4, 8, 16});
      CheckOrder(resource, 2, {2, 4, 8});
      CheckOrder(resource, 3, {2, 4, 6});
    } else {
      Require(false, "unknown mode " + mode);
    }
  } catch (const std::exception &e) {
    Require(false, e.what());
  }
  MPI_Finalize();
  return 0;
}
