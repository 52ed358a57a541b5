// GPU backends: how many blocks of a kernel a multiprocessor holds, computed from the hardware's limits
// (no device needed), and the choice of a block of whole elements that the fused operators and the
// no-GPU kernel report (ceed-info --kernels) share.
//
// The model is the CUDA occupancy calculator's for compute capabilities 8.x and 9.x: registers are
// allocated per warp in units of 256 within one of the 4 partitions of the register file, shared memory per block in units of 128 bytes plus 1 KiB the
// system reserves per block, and a multiprocessor holds at most 64 warps, 32 blocks (16 on sm_86/sm_89's
// 48 warps) and its register file of 65536. With a device present the backend asks the driver instead
// (the same answer, also for architectures this table lacks).
#pragma once

#include <string>

namespace ceed::gpu {

struct SmLimits {
  std::string arch;                      // "sm_90"
  int         registers          = 65536;  // 32-bit registers per multiprocessor
  int         register_unit      = 256;    // registers are allocated per warp in multiples of this
  int         partitions         = 4;      // the register file is split among this many schedulers
  int         max_thread_registers = 255;
  int         max_warps          = 64;
  int         max_blocks         = 32;
  int         shared_bytes       = 233472;  // per multiprocessor (228 KiB on sm_90)
  int         max_block_shared   = 232448;  // per block with the opt-in (227 KiB on sm_90)
  int         shared_unit        = 128;
  int         reserved_shared    = 1024;    // per block
  int         warp               = 32;
};

// The launch bound a kernel is compiled with; 0 leaves a value to the generator's layout.
struct LaunchBounds {
  int max_block = 0, min_blocks = 0;
};

// The limits of an NVIDIA architecture ("sm_80", "sm_86", "sm_89", "sm_90"); false for others.
bool SmLimitsFor(const std::string &arch, SmLimits *limits);

// Blocks of `threads` threads using `registers` per thread and `shared` bytes of (static plus dynamic)
// shared memory that one multiprocessor holds at once (0: the block does not fit).
int ResidentBlocks(const SmLimits &limits, int threads, int registers, int shared);

// Resident warps over the multiprocessor's maximum, 0..1.
double Occupancy(const SmLimits &limits, int threads, int resident_blocks);

// Blocks of whole elements (threads_per_elem threads and slice_bytes of dynamic shared memory each) up
// to max_block threads: the one with the most resident threads per multiprocessor, the smaller among equals.
// resident(block, shared, &blocks) answers for one candidate (0 on success, else its error is returned).
struct BlockChoice {
  int block = 0, shared_bytes = 0, resident_blocks = 0;  // block 0: none fits
};
template <class Resident>
int ChooseElementBlock(int threads_per_elem, int max_block, int slice_bytes, int max_shared, Resident resident, BlockChoice *choice) {
  *choice = BlockChoice();
  int best_threads = 0;
  for (int elems = 1; elems * threads_per_elem <= max_block; elems++) {
    const int block = elems * threads_per_elem, shared = elems * slice_bytes;
    if (shared > max_shared) break;
    int       blocks = 0;
    const int ierr   = resident(block, shared, &blocks);
    if (ierr) return ierr;
    if (blocks * block > best_threads) {
      best_threads = blocks * block;
      *choice      = {block, shared, blocks};
    }
  }
  return 0;
}

}  // namespace ceed::gpu
