/* Shared-memory wavefronts of emulated kernels (CEEDRT_EMU_SHARED_TRACE=FILE, backends/gpu/emu): included by
   ceed-gpu-emulation.h when the backend compiles a unit with -DCEED_EMU_SHARED_TRACE=1 and GCC's thread-sanitizer
   instrumentation (-fsanitize=thread at compile time only; the run-time library is not linked). The instrumentation
   calls __tsan_read8(address) and its kin before every load and store the compiler keeps; the definitions below
   record those that fall in the block's shared memory (the dynamic buffer and the unit's static __shared__ arrays,
   gathered in one section) or in the emulated device's allocations (the ranges the runtime passes to the launch)
   with their call site, the thread, and the thread's barrier interval.

   At the end of a block, the accesses are grouped as a GPU issues them: a warp's threads that execute the same
   site for the k-th time in the same barrier interval form one request (threads that skip it, inactive lanes).
   A request's cost in wavefronts follows the banking both vendors document: 32 banks of 4 bytes serving 128 bytes
   a cycle, so a request of N-byte accesses is served in phases of 128 / N consecutive lanes (a half-warp for
   8 bytes), and a phase takes as many wavefronts as the most distinct 4-byte words any one bank holds among its
   addresses (equal words are broadcast). Conflict-free, a phase would take ceil(distinct words / 32).

   A global-memory request counts the 32-byte sectors it touches (each allocation taken as aligned to its start) and
   the distinct bytes it asks for.

   At the end of a launch, one JSON line per kernel launch is appended to FILE: requests, wavefronts and
   conflict-free wavefronts for shared loads and stores, requests, sectors and bytes for global ones. It counts
   what the host compiler's code accesses, which follows the source; the vendor's compiler may keep a value in a
   register where the host compiler reloads it (or the reverse), so compare the static ld.shared count of
   ceed-info --kernels. Launches are serialized while tracing
   (the static shared arrays are no longer per OS thread). */
#ifndef CEED_GPU_EMULATION_SHARED_TRACE_H
#define CEED_GPU_EMULATION_SHARED_TRACE_H

#include <stdlib.h>

#include <algorithm>
#include <mutex>
#include <vector>

#define CEED_EMU_UNTRACED __attribute__((no_sanitize_thread, noinline, visibility("hidden")))

/* The static __shared__ arrays of this unit, in one section the linker brackets with __start_/__stop_ symbols. */
extern "C" char __start_ceed_emu_static_shared[] __attribute__((weak, visibility("hidden")));
extern "C" char __stop_ceed_emu_static_shared[] __attribute__((weak, visibility("hidden")));

#ifdef CEEDRT_EMU_HIP_KERNELS
#define CEED_EMU_WARP_SIZE 64
#else
#define CEED_EMU_WARP_SIZE 32
#endif

struct CeedEmuAccess {
  const void  *site;
  unsigned int thread, interval, occurrence;
  size_t       region;  // 0: dynamic shared memory, 1: static __shared__ arrays, 2 + i: the device's allocation i
  size_t       offset;  // from the start of its region (a shift common to a request leaves its bank conflicts unchanged;
                        // the device's allocations are taken as aligned to their start, as cudaMalloc's are to 256 bytes)
  unsigned int bytes;
  bool         store;
};

struct CeedEmuSharedCounts {
  unsigned long long requests = 0, wavefronts = 0, conflict_free = 0, accesses = 0;
};
/* Global memory: requests, the 32-byte sectors they touch, and the distinct bytes they ask for. */
struct CeedEmuGlobalCounts {
  unsigned long long requests = 0, sectors = 0, bytes = 0;
};

/* The requests with the most wavefronts over their conflict-free count, as examples for the trace (a few of each
   distinct pattern of offsets). */
struct CeedEmuConflictExample {
  unsigned long long             excess = 0, count = 0;
  bool                           store = false, in_static = false;
  unsigned int                   bytes = 0, wavefronts = 0, conflict_free = 0;
  std::vector<long>              lanes;  // lane of each access, then its offset
};
enum { kCeedEmuConflictExamples = 6, kCeedEmuConflictPatterns = 512 };  // reported; kept per launch

struct CeedEmuSharedTrace {
  bool                             active = false;  // a fiber of a traced block runs
  const char                      *dynamic_begin = nullptr, *dynamic_end = nullptr;
  std::vector<CeedEmuAccess> accesses;
  // Per thread of the block: barrier interval, and per site the executions in this interval.
  std::vector<unsigned int>        interval;
  std::vector<std::vector<std::pair<const void *, unsigned int>>> site_counts;
  CeedEmuSharedCounts              loads, stores;
  CeedEmuGlobalCounts              global_loads, global_stores;
  std::vector<CeedEmuConflictExample> examples;
  const size_t                    *device_ranges = nullptr;  // [begin, end) pairs in increasing order (the launch's)
  size_t                           num_device_ranges = 0;
};
static CeedEmuSharedTrace ceed_emu_shared_trace;
static std::mutex         ceed_emu_shared_trace_mutex;

static CEED_EMU_UNTRACED void CeedEmuRecordAccess(const void *address, unsigned int bytes, bool store, const void *site) {
  CeedEmuSharedTrace &t = ceed_emu_shared_trace;
  if (!t.active) return;
  const char *a = static_cast<const char *>(address);
  size_t      offset, region = 0;
  if (a >= t.dynamic_begin && a < t.dynamic_end) {
    offset = size_t(a - t.dynamic_begin);
  } else if (__start_ceed_emu_static_shared && a >= __start_ceed_emu_static_shared && a < __stop_ceed_emu_static_shared) {
    offset = size_t(a - __start_ceed_emu_static_shared);
    region = 1;
  } else {
    // The device's allocation holding a, if any: the last range starting at or before it.
    size_t lo = 0, hi = t.num_device_ranges;
    while (lo < hi) {
      const size_t mid = (lo + hi) / 2;
      if (t.device_ranges[2 * mid] <= size_t(a)) lo = mid + 1;
      else hi = mid;
    }
    if (lo == 0 || size_t(a) >= t.device_ranges[2 * (lo - 1) + 1]) return;
    offset = size_t(a) - t.device_ranges[2 * (lo - 1)];
    region = 2 + (lo - 1);
  }
  t.active                 = false;  // the bookkeeping below is instrumented code too
  const unsigned int th    = ceed_emu.current->thread_idx.x;
  auto              &sites = t.site_counts[th];
  unsigned int       occurrence = 0;
  for (auto &s : sites) {
    if (s.first == site) {
      occurrence = ++s.second;
      break;
    }
  }
  if (occurrence == 0) sites.push_back({site, 0});
  t.accesses.push_back({site, th, t.interval[th], occurrence, region, offset, bytes, store});
  t.active = true;
}

static CEED_EMU_UNTRACED void CeedEmuBeginTracedBlock(const CeedEmuLaunchConfig *config, unsigned int num_threads, const void *dynamic_shared,
                                                      size_t dynamic_bytes) {
  CeedEmuSharedTrace &t = ceed_emu_shared_trace;
  t.device_ranges       = config->device_ranges;
  t.num_device_ranges   = config->device_ranges ? config->num_device_ranges : 0;
  t.dynamic_begin       = static_cast<const char *>(dynamic_shared);
  t.dynamic_end         = t.dynamic_begin + dynamic_bytes;
  t.accesses.clear();
  t.interval.assign(num_threads, 0);
  t.site_counts.assign(num_threads, {});
}

static CEED_EMU_UNTRACED void CeedEmuTracedBarrier(unsigned int thread) {
  CeedEmuSharedTrace &t = ceed_emu_shared_trace;
  const bool          was = t.active;
  t.active              = false;
  t.interval[thread]++;
  t.site_counts[thread].clear();
  t.active = was;
}

/* Wavefronts of one request: accesses [first, last) of one warp, one site, one execution. */
static CEED_EMU_UNTRACED void CeedEmuCountRequest(const CeedEmuAccess *first, const CeedEmuAccess *last, CeedEmuSharedCounts *counts) {
  const unsigned int bytes = std::max(4u, first->bytes);
  const unsigned int lanes_per_phase = std::max(1u, 128u / bytes);
  const unsigned long long wavefronts_before = counts->wavefronts, conflict_free_before = counts->conflict_free;
  counts->requests++;
  for (const CeedEmuAccess *phase = first; phase < last;) {
    const unsigned int         phase_index = (phase->thread % CEED_EMU_WARP_SIZE) / lanes_per_phase;
    std::vector<unsigned long> words;
    const CeedEmuAccess *end = phase;
    for (; end < last && (end->thread % CEED_EMU_WARP_SIZE) / lanes_per_phase == phase_index; end++) {
      for (size_t w = end->offset / 4; w * 4 < end->offset + std::max(1u, end->bytes); w++) words.push_back(w);
      counts->accesses++;
    }
    std::sort(words.begin(), words.end());
    words.erase(std::unique(words.begin(), words.end()), words.end());
    unsigned int per_bank[32] = {0}, worst = 0;
    for (unsigned long w : words) worst = std::max(worst, ++per_bank[w % 32]);
    counts->wavefronts += worst;
    counts->conflict_free += (words.size() + 31) / 32;
    phase = end;
  }
  const unsigned int wavefronts = unsigned(counts->wavefronts - wavefronts_before), conflict_free = unsigned(counts->conflict_free - conflict_free_before);
  if (wavefronts == conflict_free) return;
  CeedEmuConflictExample e;
  e.store = first->store, e.in_static = first->region == 1, e.bytes = first->bytes, e.wavefronts = wavefronts, e.conflict_free = conflict_free;
  const size_t base = first->offset;  // patterns equal up to a shift are one
  for (const CeedEmuAccess *a = first; a < last; a++) {
    e.lanes.push_back(long(a->thread % CEED_EMU_WARP_SIZE));
    e.lanes.push_back(long(a->offset) - long(base));
  }
  auto &examples = ceed_emu_shared_trace.examples;
  for (CeedEmuConflictExample &x : examples) {
    if (x.store == e.store && x.in_static == e.in_static && x.bytes == e.bytes && x.lanes == e.lanes) {
      x.excess += wavefronts - conflict_free;
      x.count++;
      return;
    }
  }
  if (examples.size() >= kCeedEmuConflictPatterns) return;  // the launch's totals still count the request
  e.excess = wavefronts - conflict_free;
  e.count  = 1;
  examples.push_back(e);
}

/* Sectors and distinct bytes of one global-memory request: accesses [first, last) of one warp. */
static CEED_EMU_UNTRACED void CeedEmuCountGlobalRequest(const CeedEmuAccess *first, const CeedEmuAccess *last, CeedEmuGlobalCounts *counts) {
  std::vector<std::pair<size_t, size_t>> sectors, bytes;
  for (const CeedEmuAccess *a = first; a < last; a++) {
    for (size_t b = a->offset; b < a->offset + std::max(1u, a->bytes); b++) bytes.push_back({a->region, b});
    for (size_t sector = a->offset / 32; sector * 32 < a->offset + std::max(1u, a->bytes); sector++) sectors.push_back({a->region, sector});
  }
  for (auto *v : {&sectors, &bytes}) {
    std::sort(v->begin(), v->end());
    v->erase(std::unique(v->begin(), v->end()), v->end());
  }
  counts->requests++;
  counts->sectors += sectors.size();
  counts->bytes += bytes.size();
}

/* One request: a warp, a barrier interval, a site, its execution count, a direction, global or shared; then the lane. */
static inline auto CeedEmuRequestKey(const CeedEmuAccess &a) {
  return std::make_tuple(a.thread / CEED_EMU_WARP_SIZE, a.interval, a.site, a.occurrence, a.store, a.region >= 2);
}

static CEED_EMU_UNTRACED void CeedEmuEndTracedBlock() {
  std::vector<CeedEmuAccess> &accesses = ceed_emu_shared_trace.accesses;
  std::sort(accesses.begin(), accesses.end(), [](const CeedEmuAccess &a, const CeedEmuAccess &b) {
    return std::make_tuple(CeedEmuRequestKey(a), a.thread) < std::make_tuple(CeedEmuRequestKey(b), b.thread);
  });
  for (size_t i = 0; i < accesses.size();) {
    size_t j = i + 1;
    while (j < accesses.size() && CeedEmuRequestKey(accesses[j]) == CeedEmuRequestKey(accesses[i])) j++;
    CeedEmuSharedTrace &t = ceed_emu_shared_trace;
    if (accesses[i].region >= 2) CeedEmuCountGlobalRequest(&accesses[i], &accesses[j], accesses[i].store ? &t.global_stores : &t.global_loads);
    else CeedEmuCountRequest(&accesses[i], &accesses[j], accesses[i].store ? &t.stores : &t.loads);
    i = j;
  }
  accesses.clear();
}

static CEED_EMU_UNTRACED void CeedEmuWriteSharedTrace(const char *kernel, const CeedEmuLaunchConfig *config) {
  CeedEmuSharedTrace &t    = ceed_emu_shared_trace;
  const char         *path = getenv("CEEDRT_EMU_SHARED_TRACE");
  if (path && *path) {
    if (FILE *f = std::fopen(path, "a")) {
      std::fprintf(f,
                   "{\"kernel\": \"%s\", \"grid\": %u, \"block\": %u, \"dynamic_shared_bytes\": %u, \"warp\": %d, "
                   "\"load_requests\": %llu, \"load_wavefronts\": %llu, \"load_wavefronts_conflict_free\": %llu, \"load_accesses\": %llu, "
                   "\"store_requests\": %llu, \"store_wavefronts\": %llu, \"store_wavefronts_conflict_free\": %llu, \"store_accesses\": %llu, "
                   "\"global_load_requests\": %llu, \"global_load_sectors\": %llu, \"global_load_bytes\": %llu, "
                   "\"global_store_requests\": %llu, \"global_store_sectors\": %llu, \"global_store_bytes\": %llu",
                   kernel, config->grid, config->block, config->shared_bytes, CEED_EMU_WARP_SIZE, t.loads.requests, t.loads.wavefronts,
                   t.loads.conflict_free, t.loads.accesses, t.stores.requests, t.stores.wavefronts, t.stores.conflict_free, t.stores.accesses,
                   t.global_loads.requests, t.global_loads.sectors, t.global_loads.bytes, t.global_stores.requests, t.global_stores.sectors,
                   t.global_stores.bytes);
      std::sort(t.examples.begin(), t.examples.end(), [](const CeedEmuConflictExample &a, const CeedEmuConflictExample &b) { return a.excess > b.excess; });
      for (size_t i = 0; i < t.examples.size() && i < kCeedEmuConflictExamples; i++) {
        const CeedEmuConflictExample &e = t.examples[i];
        std::fprintf(f, "%s{\"store\": %s, \"static\": %s, \"bytes\": %u, \"requests\": %llu, \"excess_wavefronts\": %llu, \"wavefronts\": %u, \"conflict_free\": %u, \"lanes_offsets\": [",
                     i ? ", " : ", \"conflicts\": [", e.store ? "true" : "false", e.in_static ? "true" : "false", e.bytes, e.count, e.excess, e.wavefronts, e.conflict_free);
        for (size_t k = 0; k < e.lanes.size(); k++) std::fprintf(f, "%s%ld", k ? ", " : "", e.lanes[k]);
        std::fprintf(f, "]}");
      }
      std::fprintf(f, "%s}\n", t.examples.empty() ? "" : "]");
      std::fclose(f);
    }
  }
  t.loads = t.stores = CeedEmuSharedCounts();
  t.global_loads = t.global_stores = CeedEmuGlobalCounts();
  t.examples.clear();
}

/* The instrumentation's entry points (their declarations are GCC built-ins). */
#define CEED_EMU_TSAN_ACCESS(bytes)                                                                                                         \
  extern "C" CEED_EMU_UNTRACED void __tsan_read##bytes(void *p) { CeedEmuRecordAccess(p, bytes, false, __builtin_return_address(0)); }          \
  extern "C" CEED_EMU_UNTRACED void __tsan_write##bytes(void *p) { CeedEmuRecordAccess(p, bytes, true, __builtin_return_address(0)); }          \
  extern "C" CEED_EMU_UNTRACED void __tsan_unaligned_read##bytes(void *p) { CeedEmuRecordAccess(p, bytes, false, __builtin_return_address(0)); } \
  extern "C" CEED_EMU_UNTRACED void __tsan_unaligned_write##bytes(void *p) { CeedEmuRecordAccess(p, bytes, true, __builtin_return_address(0)); } \
  extern "C" CEED_EMU_UNTRACED void __tsan_volatile_read##bytes(void *p) { CeedEmuRecordAccess(p, bytes, false, __builtin_return_address(0)); }  \
  extern "C" CEED_EMU_UNTRACED void __tsan_volatile_write##bytes(void *p) { CeedEmuRecordAccess(p, bytes, true, __builtin_return_address(0)); }
CEED_EMU_TSAN_ACCESS(1)
CEED_EMU_TSAN_ACCESS(2)
CEED_EMU_TSAN_ACCESS(4)
CEED_EMU_TSAN_ACCESS(8)
CEED_EMU_TSAN_ACCESS(16)
extern "C" CEED_EMU_UNTRACED void __tsan_read_range(void *p, unsigned long n) { CeedEmuRecordAccess(p, (unsigned)n, false, __builtin_return_address(0)); }
extern "C" CEED_EMU_UNTRACED void __tsan_write_range(void *p, unsigned long n) { CeedEmuRecordAccess(p, (unsigned)n, true, __builtin_return_address(0)); }
extern "C" CEED_EMU_UNTRACED void __tsan_init() {}

#endif /* CEED_GPU_EMULATION_SHARED_TRACE_H */
