// What every MPI test program shares: its rank and a check that stops all ranks with a message.
#pragma once

#include <mpi.h>

#include <cstdio>
#include <string>

namespace mpi_test {

inline int Rank() {
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  return rank;
}

inline void Require(bool ok, const std::string &what) {
  if (ok) return;
  std::fprintf(stderr, "rank %d: FAILED: %s\n", Rank(), what.c_str());
  MPI_Abort(MPI_COMM_WORLD, 1);
}

}  // namespace mpi_test
