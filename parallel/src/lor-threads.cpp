// The thread count of the LOR assembly's host loops (lor-threads.hpp).
#include <ceed/parallel.hpp>
#include <sched.h>

#include <atomic>
#include <string>

#include "lor-threads.hpp"

namespace ceedrt {
namespace parallel {

namespace {
std::atomic<int> lor_threads{0};  // 0: the default
}  // namespace

void SetLorAssemblyThreads(int threads) {
  if (threads < 0) throw Error("SetLorAssemblyThreads: " + std::to_string(threads) + " threads, expected 0 (the default) or more");
  lor_threads = threads;
}

namespace lor {

int AssemblyThreads(MPI_Comm comm) {
  // Always collective, so that ranks that disagree on the setting do not leave a split waiting.
  MPI_Comm node       = MPI_COMM_NULL;
  int      node_ranks = 1;
  if (MPI_Comm_split_type(comm, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node) == MPI_SUCCESS && node != MPI_COMM_NULL) {
    MPI_Comm_size(node, &node_ranks);
    MPI_Comm_free(&node);
  }
  if (lor_threads > 0) return lor_threads;
  // The cores this process may run on (a launcher binding each rank to one core leaves one), at most the
  // node's share of each of its ranks.
  int       cores = (int)std::thread::hardware_concurrency();
  cpu_set_t allowed;
  CPU_ZERO(&allowed);
  const int usable = sched_getaffinity(0, sizeof(allowed), &allowed) == 0 ? CPU_COUNT(&allowed) : cores;
  if (cores <= 0) return 1;
  return std::max(1, std::min(usable, cores / std::max(node_ranks, 1)));
}

}  // namespace lor
}  // namespace parallel
}  // namespace ceedrt
