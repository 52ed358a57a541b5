// Uses the installed ceedrt-parallel: P^T of a vector of ones counts every node's copies, so its sum over
// the owned DOFs equals the number of L DOFs over all ranks.
#include <ceed/parallel.hpp>

#include <cstdio>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, failed = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  Ceed ceed = nullptr;
  if (CeedInit(argc > 1 ? argv[1] : "/cpu/self/ref", &ceed)) MPI_Abort(MPI_COMM_WORLD, 1);
  try {
    using namespace ceedrt::parallel;
    const auto   mesh = DistributedBoxMesh::Build(MPI_COMM_WORLD, {3, 2, 2}, 2);
    Prolongation P(mesh, 1);
    CeedVector   ones_l, counts, ones_t;
    CEEDRT_PARALLEL_CALL(ceed, CeedVectorCreate(ceed, P.local_size(), &ones_l));
    CEEDRT_PARALLEL_CALL(ceed, CeedVectorCreate(ceed, P.owned_size(), &counts));
    CEEDRT_PARALLEL_CALL(ceed, CeedVectorCreate(ceed, P.owned_size(), &ones_t));
    CEEDRT_PARALLEL_CALL(ceed, CeedVectorSetValue(ones_l, 1.0));
    CEEDRT_PARALLEL_CALL(ceed, CeedVectorSetValue(ones_t, 1.0));
    P.Reverse(ones_l, counts);
    long long local = P.local_size(), total = 0;
    MPI_Allreduce(&local, &total, 1, MPI_LONG_LONG, MPI_SUM, MPI_COMM_WORLD);
    const double sum = Dot(MPI_COMM_WORLD, counts, ones_t);
    failed           = sum != (double)total;
    if (rank == 0) std::printf("ceedrt-parallel: %s (sum of P^T 1 = %.0f, L DOFs = %lld, hypre %d)\n", failed ? "FAILED" : "ok", sum, total, CEEDRT_PARALLEL_HAVE_HYPRE);
    for (CeedVector *v : {&ones_l, &counts, &ones_t}) CeedVectorDestroy(v);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "rank %d: %s\n", rank, e.what());
    failed = 1;
  }
  CeedDestroy(&ceed);
  MPI_Finalize();
  return failed;
}
