// Host threads for the LOR assembly's loops over the lattice and the rows (std::thread: the library links
// Threads and nothing else). Each loop splits its range into contiguous chunks, the same split for the same
// count and length, so that a later pass can pick up what an earlier one computed per chunk.
#pragma once

#include <mpi.h>

#include <algorithm>
#include <cstdint>
#include <exception>
#include <system_error>
#include <thread>
#include <vector>

namespace ceedrt {
namespace parallel {
namespace lor {

/// The threads of the host parts of a LorMatrix assembly on comm: SetLorAssemblyThreads' count, or (0) the
/// default, the node's cores divided by its ranks. Collective over comm.
int AssemblyThreads(MPI_Comm comm);

/// Chunk c of `chunks` contiguous chunks of [0, n): [ChunkBegin(c), ChunkBegin(c + 1)).
inline std::int64_t ChunkBegin(int c, int chunks, std::int64_t n) { return n * c / chunks; }

/// The chunk count ForEachChunk uses for `threads` threads over n items.
inline int ChunkCount(int threads, std::int64_t n) { return (int)std::max<std::int64_t>(1, std::min<std::int64_t>(std::max(threads, 1), n)); }

/// body(c, begin, end) for the ChunkCount(threads, n) chunks of [0, n), chunk 0 on the calling thread and
/// each other on its own; the exception of the lowest chunk that threw is rethrown (the one a single
/// thread's loop would have met first). A thread that cannot be started leaves its chunk to the caller.
template <typename Body>
void ForEachChunk(int threads, std::int64_t n, const Body &body) {
  if (n <= 0) return;
  const int                       chunks = ChunkCount(threads, n);
  std::vector<std::exception_ptr> errors(chunks);
  const auto                      run = [&](int c) {
    try {
      body(c, ChunkBegin(c, chunks, n), ChunkBegin(c + 1, chunks, n));
    } catch (...) {
      errors[c] = std::current_exception();
    }
  };
  std::vector<std::thread> workers;
  std::vector<int>         left;  // chunks no thread could be started for
  for (int c = 1; c < chunks; c++) {
    try {
      workers.emplace_back(run, c);
    } catch (const std::system_error &) {
      left.push_back(c);
    }
  }
  run(0);
  for (int c : left) run(c);
  for (std::thread &worker : workers) worker.join();
  for (const std::exception_ptr &error : errors) {
    if (error) std::rethrow_exception(error);
  }
}

/// start[i + 1] += start[i] for i in [0, n): the prefix sums of counts in start[1..n], start[0] given.
template <typename Int>
void PrefixSums(int threads, Int *start, std::int64_t n) {
  const int         chunks = ChunkCount(threads, n);
  std::vector<Int>  chunk_sum(chunks + 1, 0);
  ForEachChunk(threads, n, [&](int c, std::int64_t begin, std::int64_t end) {
    Int sum = 0;
    for (std::int64_t i = begin; i < end; i++) sum += start[i + 1];
    chunk_sum[c + 1] = sum;
  });
  chunk_sum[0] = start[0];
  for (int c = 0; c < chunks; c++) chunk_sum[c + 1] += chunk_sum[c];
  ForEachChunk(threads, n, [&](int c, std::int64_t begin, std::int64_t end) {
    Int sum = chunk_sum[c];
    for (std::int64_t i = begin; i < end; i++) start[i + 1] = sum += start[i + 1];
  });
}

}  // namespace lor
}  // namespace parallel
}  // namespace ceedrt
