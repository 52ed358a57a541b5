// LOR-AMG is p-robust: BoomerAMG on the low-order-refined matrix preconditions BP3 on a Kershaw mesh with
// iteration counts for p = 2..8 within 1.5x of the p = 2 count, and well below Jacobi's (seed 001, table 1).
//   parallel-lor-amg-iterations-test RESOURCE
#include <cstdio>
#include <string>

#include "mpi-test.hpp"

#include "../../tools/solve/solve.hpp"

namespace {

using mpi_test::Require;
int rank = 0;

solve::SolveReport Solve(const std::string &resource, int degree, const std::string &pc) {
  solve::SolveOptions options;
  options.resource         = resource;
  options.problem          = "bp3";
  options.degree           = degree;
  options.dofs             = 2.5e4;
  options.mesh.deformation = ceedrt::parallel::Deformation::kershaw;
  options.pc               = pc;
  options.rtol             = 1e-8;
  const auto report        = solve::RunSolve(MPI_COMM_WORLD, options);
  Require(report.converged, "bp3 p=" + std::to_string(degree) + " with " + pc + " did not converge");
  return report;
}

}  // namespace

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  Require(argc == 2, "usage: parallel-lor-amg-iterations-test RESOURCE");
  try {
    int base = 0;
    for (int p = 2; p <= 8; p++) {
      const auto lor    = Solve(argv[1], p, "lor-amg");
      const auto jacobi = Solve(argv[1], p, "jacobi");
      if (p == 2) base = lor.iterations;
      if (rank == 0) {
        std::printf("bp3 p=%d kershaw %dx%dx%d, %lld DOFs: lor-amg %d iterations (AMG %d levels, LOR %lld nonzeros), jacobi %d\n", p, lor.elems[0],
                    lor.elems[1], lor.elems[2], lor.global_dofs, lor.iterations, lor.amg_levels, lor.lor_nonzeros, jacobi.iterations);
      }
      Require(lor.iterations <= 1.5 * base, "p=" + std::to_string(p) + ": " + std::to_string(lor.iterations) + " LOR-AMG iterations, more than 1.5x the " +
                                                std::to_string(base) + " of p = 2");
      Require(2 * lor.iterations < jacobi.iterations, "p=" + std::to_string(p) + ": LOR-AMG " + std::to_string(lor.iterations) +
                                                          " iterations is not well below Jacobi's " + std::to_string(jacobi.iterations));
      Require(lor.relative_l2_error < 0.05, "p=" + std::to_string(p) + ": relative L2 error " + std::to_string(lor.relative_l2_error));
    }
  } catch (const std::exception &e) {
    Require(false, e.what());
  }
  MPI_Finalize();
  return 0;
}
