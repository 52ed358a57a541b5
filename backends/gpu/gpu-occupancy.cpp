// Occupancy from the hardware's limits (see gpu-occupancy.hpp).
#include "gpu-occupancy.hpp"

#include <algorithm>

namespace ceed::gpu {

namespace {

int RoundUp(int value, int unit) { return (value + unit - 1) / unit * unit; }

}  // namespace

bool SmLimitsFor(const std::string &arch, SmLimits *limits) {
  SmLimits l;
  l.arch = arch;
  if (arch == "sm_90") {
    // the defaults
  } else if (arch == "sm_80") {
    l.shared_bytes     = 167936;  // 164 KiB
    l.max_block_shared = 166912;  // 163 KiB
  } else if (arch == "sm_86" || arch == "sm_89") {
    l.max_warps        = 48;
    l.max_blocks       = arch == "sm_86" ? 16 : 24;
    l.shared_bytes     = 102400;  // 100 KiB
    l.max_block_shared = 101376;  // 99 KiB
  } else {
    return false;
  }
  *limits = l;
  return true;
}

int ResidentBlocks(const SmLimits &limits, int threads, int registers, int shared) {
  if (threads <= 0 || registers > limits.max_thread_registers || shared > limits.max_block_shared) return 0;
  const int warps      = (threads + limits.warp - 1) / limits.warp;
  const int by_threads = std::min(limits.max_blocks, limits.max_warps / warps);
  // Registers: whole warps' allocations out of each of the multiprocessor's partitions (a warp's registers live in
  // one; BP2 p=4 at 176 registers: 2 warps per partition, so one block of 252 threads beats blocks of 144).
  const int warp_registers = RoundUp(std::max(registers, 1) * limits.warp, limits.register_unit);
  const int by_registers   = limits.partitions * (limits.registers / limits.partitions / warp_registers) / warps;
  const int block_shared   = RoundUp(shared, limits.shared_unit) + limits.reserved_shared;
  const int by_shared      = limits.shared_bytes / block_shared;
  return std::max(0, std::min({by_threads, by_registers, by_shared}));
}

double Occupancy(const SmLimits &limits, int threads, int resident_blocks) {
  const int warps = (threads + limits.warp - 1) / limits.warp;
  return (double)(warps * resident_blocks) / limits.max_warps;
}

}  // namespace ceed::gpu
