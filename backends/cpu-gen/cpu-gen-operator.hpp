// /cpu/self/gen operators: backend data of an operator and the host data its fused kernel reads.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "ceed-cpu-gen.hpp"
#include "ceed-gen.hpp"
#include "gen-operator.hpp"

namespace ceed::cpu_gen {

// A passive quadrature-data input kept as element arrays [batch][comp][node][lane] and refreshed when the
// vector's state changes (a write access), so that applications stream it instead of restricting it.
struct InterleavedInput {
  size_t         field   = 0;
  CeedVector     vec     = nullptr;  // borrowed: the operator field retains it
  bool           valid   = false;
  uint64_t       state   = 0;
  CeedScalarType read_type = CEED_SCALAR_FP64;  // precision the vector is read in (its preferred one)
  CeedScalarType storage   = CEED_SCALAR_FP64;  // precision of the element arrays: the lower of read_type and compute
  void          *data      = nullptr;
};

// The shared lifecycle (gen-operator.hpp) with the kernel built by the host compiler and run on the host.
struct GenOperator final : ceed::gen::FusedOperator {
  std::string BackendName(Ceed) const override { return "/cpu/self/gen"; }
  std::string DelegateName(Ceed) const override { return "the delegate"; }
  int         Build(CeedOperator op, std::string *why_not) override;
  int         Launch(CeedOperator op, CeedVector in, CeedVector out) override;
  int         ReleaseBuild(CeedOperator op) override;
  int         WhyFp64Only(CeedOperator op, std::string *why) override;

  CeedGenKernel                                        kernel = nullptr;
  CeedGenArgs                                          args{};
  CeedScalar                                          *scratch = nullptr;
  std::map<CeedElemRestriction, std::vector<CeedInt>>  indices;
  std::map<CeedElemRestriction, std::vector<CeedInt>>  row_starts;  // contiguous rows: one index per row, [batch][row][lane]
  std::map<CeedElemRestriction, std::unique_ptr<bool[]>> orients;
  std::vector<std::vector<CeedScalar>>                 matrices;  // collocated derivatives, even-odd packings, weights
  std::vector<std::vector<float>>                      matrices_fp32;  // every matrix the kernel reads, for kernels computing in fp32
  // Threaded applications (resource option threads=N): thread t takes the t-th contiguous chunk of batches,
  // in three parts: its head (batches sharing output entries with chunk t-1 only), its interior (entries no
  // other chunk writes), its tail (shared with chunk t+1 only). A thread runs its head first and says so;
  // thread t starts its tail once thread t+1's head is done, so no entry is written by two threads at once,
  // without a barrier, and the order of every entry's contributions is fixed. Batches sharing entries with
  // any other chunk run afterwards, color by color (no two batches of a color write the same entry), each
  // color split over the threads; the few a 64-color greedy coloring leaves run on one thread at the end.
  std::vector<std::vector<CeedInt>>                    thread_batches;  // head, interior, tail
  std::vector<std::pair<size_t, size_t>>               thread_head_tail;  // sizes of each thread's head and tail
  std::vector<std::vector<CeedInt>>                    color_batches;
  std::vector<CeedInt>                                 shared_batches;
  std::vector<CeedScalar *>                            thread_scratch;  // per thread but the first
  std::vector<InterleavedInput>                        interleaved;
  int                                                  lanes = 1;
};

// Host data of every field, following the cpu dialect's contract (jit/gen/cpu): offset indices and
// orientations interleaved per batch of `lanes` elements, [batch][node][lane], or one index per row when
// the rows of a tensor element are contiguous, the spare lanes of the last batch repeating the last element;
// passive quadrature data kept interleaved; collocated derivatives, even-odd packings of symmetric 1D
// matrices, weights expanded to the points of an element. Marks the description accordingly.
int SetUpHostData(GenOperator *d);
// Splits the element batches over threads (see GenOperator::thread_batches); leaves them empty when the
// operator should run on one thread.
int PartitionBatches(CeedOperator op, GenOperator *d, int threads);
// Re-interleaves passive quadrature data whose vector changed since the last application.
int RefreshInterleavedInputs(GenOperator *d);
// Frees and forgets the host data (nothing allocates here: it also runs when Prepare failed half-way).
void FreeHostData(GenOperator *d);

}  // namespace ceed::cpu_gen
