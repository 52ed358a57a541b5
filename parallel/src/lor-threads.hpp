// Host threads for the LOR assembly's loops over the lattice and the rows (std::thread: the library links
// Threads and nothing else). Each loop splits its range into contiguous chunks, the same split for the same
// count and length, so that a later pass can pick up what an earlier one computed per chunk; the threads take
// the chunks in turn.
#pragma once

#include <mpi.h>

#include <algorithm>
#include <atomic>
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

/// Chunks per thread by default: the threads take them in turn as they finish, so that a thread slowed down
/// by another process on its core leaves its remaining chunks to the others.
constexpr int kChunksPerThread = 4;

/// The chunk count ForEachChunk uses for `threads` threads over n items: one for one thread, else per_thread
/// per thread, at most n.
inline int ChunkCount(int threads, std::int64_t n, int per_thread = kChunksPerThread) {
  if (threads <= 1) return 1;
  return (int)std::max<std::int64_t>(1, std::min<std::int64_t>((std::int64_t)threads * per_thread, n));
}

/// body(c, begin, end) for the ChunkCount(threads, n, per_thread) chunks of [0, n), taken in order by the
/// calling thread and threads - 1 others; the exception of the lowest chunk that threw is rethrown (the one
/// a single thread's loop would have met first). Threads that cannot be started leave their share to the rest.
template <typename Body>
void ForEachChunk(int threads, std::int64_t n, const Body &body, int per_thread = kChunksPerThread) {
  if (n <= 0) return;
  const int                       chunks = ChunkCount(threads, n, per_thread);
  std::vector<std::exception_ptr> errors(chunks);
  std::atomic<int>                next{0};
  const auto                      work = [&]() {
    for (int c = next++; c < chunks; c = next++) {
      try {
        body(c, ChunkBegin(c, chunks, n), ChunkBegin(c + 1, chunks, n));
      } catch (...) {
        errors[c] = std::current_exception();
      }
    }
  };
  std::vector<std::thread> workers;
  for (int t = 1; t < std::min(threads, chunks); t++) {
    try {
      workers.emplace_back(work);
    } catch (const std::system_error &) {
      break;
    }
  }
  work();
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
