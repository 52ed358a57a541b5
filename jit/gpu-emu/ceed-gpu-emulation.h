/* The CUDA kernel language on the host, for the /gpu/emu test backend (backends/gpu/emu). The backend
   compiles every unit the shared GPU layer would give NVRTC with the host C++ compiler, this file first,
   so that the layer's kernels (the ref kernels, the gen dialect's templates and glue, QFunctions) run on
   machines without a GPU.

   Execution model: a launch runs its blocks one after another on the calling thread. The threads of a
   block are fibers (own stacks, switched with _setjmp/_longjmp, no system call per switch) scheduled
   round-robin, in increasing and decreasing thread order on alternate barrier intervals (so that a missing
   barrier shows whichever neighbour a thread reads from); a thread runs until __syncthreads() or its end. When every thread of the block waits at
   a barrier, all go on; when some have ended while others wait, the block has diverged at a barrier
   (undefined on a GPU) and the launch fails naming the block and the counts. Shared memory is filled
   with NaN at the start of every block, so a value read before it was written shows in the results.
   Atomics are plain read-modify-writes: only one fiber runs at a time, and none yields inside one.
   What this cannot show: races other than those the two orders expose (threads never interleave inside an
   interval), warp-level timing, register or shared-memory limits, and anything about the speed of a GPU; the
   shared-memory banks' wavefronts are counted when the backend compiles with CEED_EMU_SHARED_TRACE
   (ceed-gpu-emulation-shared-trace.h). */
#ifndef CEED_GPU_EMULATION_H
#define CEED_GPU_EMULATION_H

#include <math.h>
#include <setjmp.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <ucontext.h>

#include <cstdio>
#include <new>
#include <tuple>
#include <type_traits>
#include <utility>

#include "ceed-gpu-emulation-launch.h"

/* Spellings of the kernel language. __CUDACC__ selects the device paths of shared headers (e.g. the
   QFunction error record); it is defined after the system headers, which must not see it. */
#define __CUDACC__ 1
#define __global__
#define __device__
#define __host__
#define __forceinline__ inline __attribute__((always_inline))
#define __launch_bounds__(...)
#define __grid_constant__
/* Module-scope data the generator initializes in the source (CEED_GEN_CONSTANT_MATRICES). */
#define __constant__ static
/* Static shared arrays: one per OS thread, i.e. per block being run (extern ones are rewritten by the
   backend into CeedEmuDynamicShared, below). */
#define __shared__ static thread_local

struct CeedEmuDim3 {
  unsigned int x, y, z;
};

/* One thread of the block being run: a fiber reused for thread after thread. */
struct CeedEmuFiber {
  jmp_buf     resume;  // where it goes on after yielding
  ucontext_t  start;   // its first entry (makecontext)
  char       *stack;   // mapping: guard page, then the stack
  size_t      stack_bytes;
  CeedEmuDim3 thread_idx;
  void       *fake_stack;  // AddressSanitizer's, while switched away
  int         state;       // kCeedEmuReady, kCeedEmuAtBarrier, kCeedEmuDone
  bool        started;  // has entered its loop (resume is valid)
};
enum { kCeedEmuReady = 0, kCeedEmuAtBarrier = 1, kCeedEmuDone = 2 };

/* State of the launch being run on this OS thread. */
struct CeedEmuState {
  CeedEmuDim3   block_idx, block_dim, grid_dim;
  CeedEmuFiber *current;
  jmp_buf       scheduler;
  void (*body)(void *);
  void         *body_arg;
  void         *dynamic_shared;
  size_t        dynamic_shared_bytes;
  CeedEmuFiber *fibers;
  unsigned int  num_fibers;
  ~CeedEmuState() {
    for (unsigned int i = 0; i < num_fibers; i++) munmap(fibers[i].stack, fibers[i].stack_bytes);
    delete[] fibers;
    delete[] static_cast<char *>(dynamic_shared);
  }
};
static thread_local CeedEmuState ceed_emu;

#ifdef CEED_EMU_SHARED_TRACE
#include "ceed-gpu-emulation-shared-trace.h"
/* One copy per unit, bracketed by the linker (launches are serialized while tracing). */
#undef __shared__
#define __shared__ static __attribute__((section("ceed_emu_static_shared")))
#define CEED_EMU_TRACE(...) __VA_ARGS__
#else
#define CEED_EMU_TRACE(...)
#endif

#define threadIdx (ceed_emu.current->thread_idx)
#define blockIdx (ceed_emu.block_idx)
#define blockDim (ceed_emu.block_dim)
#define gridDim (ceed_emu.grid_dim)

template <class T>
struct CeedEmuDynamicShared {
  operator T *() const { return static_cast<T *>(ceed_emu.dynamic_shared); }
};

/* AddressSanitizer is told about stack switches when the process runs under it (weak: absent otherwise). */
extern "C" void __sanitizer_start_switch_fiber(void **fake_stack_save, const void *bottom, size_t size) __attribute__((weak));
extern "C" void __sanitizer_finish_switch_fiber(void *fake_stack_save, const void **bottom_old, size_t *size_old) __attribute__((weak));
static thread_local const void *ceed_emu_scheduler_stack_bottom;
static thread_local size_t      ceed_emu_scheduler_stack_size;
static thread_local void       *ceed_emu_scheduler_fake_stack;

static inline void CeedEmuToScheduler(CeedEmuFiber *f, int state) {
  f->state = state;
  if (!_setjmp(f->resume)) {
    if (__sanitizer_start_switch_fiber) __sanitizer_start_switch_fiber(&f->fake_stack, ceed_emu_scheduler_stack_bottom, ceed_emu_scheduler_stack_size);
    _longjmp(ceed_emu.scheduler, 1);
  }
  if (__sanitizer_finish_switch_fiber) __sanitizer_finish_switch_fiber(f->fake_stack, nullptr, nullptr);
}

/* A fiber's life: run the kernel for the thread it is given, report the end, wait for the next thread. */
static void CeedEmuFiberMain() {
  if (__sanitizer_finish_switch_fiber) __sanitizer_finish_switch_fiber(nullptr, &ceed_emu_scheduler_stack_bottom, &ceed_emu_scheduler_stack_size);
  for (;;) {
    CeedEmuFiber *f = ceed_emu.current;
    ceed_emu.body(ceed_emu.body_arg);
    CeedEmuToScheduler(f, kCeedEmuDone);
  }
}

static __attribute__((noinline)) void CeedEmuResume(CeedEmuFiber *f) {
  ceed_emu.current = f;
  if (_setjmp(ceed_emu.scheduler)) {
    if (__sanitizer_finish_switch_fiber) __sanitizer_finish_switch_fiber(ceed_emu_scheduler_fake_stack, nullptr, nullptr);
    return;
  }
  if (__sanitizer_start_switch_fiber) __sanitizer_start_switch_fiber(&ceed_emu_scheduler_fake_stack, f->stack + 4096, f->stack_bytes - 4096);
  if (f->started) _longjmp(f->resume, 1);
  f->started = true;
  setcontext(&f->start);
}

static inline void __syncthreads() {
  CEED_EMU_TRACE(CeedEmuTracedBarrier(ceed_emu.current->thread_idx.x));
  CeedEmuToScheduler(ceed_emu.current, kCeedEmuAtBarrier);
}
static inline void __threadfence() {}
static inline void __threadfence_system() {}

template <class T>
static inline T __ldg(const T *p) {
  return *p;
}
template <class T>
static inline T atomicAdd(T *address, T value) {
  const T old = *address;
  *address    = old + value;
  return old;
}
template <class T>
static inline T atomicCAS(T *address, T compare, T value) {
  const T old = *address;
  if (old == compare) *address = value;
  return old;
}

static inline int CeedEmuFail(const CeedEmuLaunchConfig *config, int status, const char *what) {
  if (config->error && config->error_size) std::snprintf(config->error, config->error_size, "%s", what);
  return status;
}

/* Fibers for a block of n threads (kept for later launches on this OS thread; 128 KiB stacks, mapped on
   first use, below a guard page). */
static int CeedEmuReserveFibers(const CeedEmuLaunchConfig *config, unsigned int n) {
  if (n <= ceed_emu.num_fibers) return 0;
  CeedEmuFiber *fibers = new (std::nothrow) CeedEmuFiber[n];
  if (!fibers) return CeedEmuFail(config, 1, "out of memory for the emulated threads");
  for (unsigned int i = 0; i < ceed_emu.num_fibers; i++) fibers[i] = ceed_emu.fibers[i];
  for (unsigned int i = ceed_emu.num_fibers; i < n; i++) {
    CeedEmuFiber &f = fibers[i];
    f.stack_bytes   = 4096 + (128 << 10);
    void *map       = mmap(nullptr, f.stack_bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (map == MAP_FAILED) {
      for (unsigned int j = ceed_emu.num_fibers; j < i; j++) munmap(fibers[j].stack, fibers[j].stack_bytes);
      delete[] fibers;
      return CeedEmuFail(config, 1, "could not map the stack of an emulated thread");
    }
    f.stack = static_cast<char *>(map);
    mprotect(f.stack, 4096, PROT_NONE);
    f.started    = false;
    f.fake_stack = nullptr;
  }
  delete[] ceed_emu.fibers;
  ceed_emu.fibers     = fibers;
  ceed_emu.num_fibers = n;
  return 0;
}

/* Fibers given up in the middle of a kernel (a diverged block) start afresh next time. */
static void CeedEmuRestartFibers(unsigned int n) {
  for (unsigned int i = 0; i < n; i++) ceed_emu.fibers[i].started = false;
}

static int CeedEmuRunGrid(const CeedEmuLaunchConfig *config, void (*body)(void *), void *arg, const char *kernel) {
  const unsigned int n = config->block;
  (void)kernel;
  CEED_EMU_TRACE(std::lock_guard<std::mutex> trace_lock(ceed_emu_shared_trace_mutex));
  if (n == 0 || n > 1024) return CeedEmuFail(config, 1, "block size outside 1..1024");
  if (int status = CeedEmuReserveFibers(config, n)) return status;
  if (config->shared_bytes > ceed_emu.dynamic_shared_bytes) {
    char *shared = new (std::nothrow) char[config->shared_bytes];
    if (!shared) return CeedEmuFail(config, 1, "out of memory for the emulated shared memory");
    delete[] static_cast<char *>(ceed_emu.dynamic_shared);
    ceed_emu.dynamic_shared       = shared;
    ceed_emu.dynamic_shared_bytes = config->shared_bytes;
  }
  ceed_emu.grid_dim  = {config->grid, 1, 1};
  ceed_emu.block_dim = {n, 1, 1};
  ceed_emu.body      = body;
  ceed_emu.body_arg  = arg;
  for (unsigned int b = 0; b < config->grid; b++) {
    ceed_emu.block_idx = {b, 0, 0};
    if (config->shared_bytes) memset(ceed_emu.dynamic_shared, 0xff, config->shared_bytes);  // NaN in every floating-point type
    CEED_EMU_TRACE(CeedEmuBeginTracedBlock(config, n, ceed_emu.dynamic_shared, config->shared_bytes));
    for (unsigned int t = 0; t < n; t++) {
      CeedEmuFiber &f = ceed_emu.fibers[t];
      f.thread_idx    = {t, 0, 0};
      f.state         = kCeedEmuReady;
      if (!f.started) {
        getcontext(&f.start);
        f.start.uc_stack.ss_sp   = f.stack + 4096;
        f.start.uc_stack.ss_size = f.stack_bytes - 4096;
        f.start.uc_link          = nullptr;
        makecontext(&f.start, CeedEmuFiberMain, 0);
      }
    }
    for (unsigned int barrier = 0;; barrier++) {
      unsigned int done = 0, waiting = 0;
      // Threads run in increasing order between two barriers, and in decreasing order between the next two (and
      // so on, starting the other way in odd blocks): a thread that reads what a neighbour writes in the same
      // interval, without a barrier between, sees the stale value in one of the two orders.
      const bool reverse = (barrier + b) % 2 == 1;
      for (unsigned int k = 0; k < n; k++) {
        const unsigned int t = reverse ? n - 1 - k : k;
        CeedEmuFiber      *f = &ceed_emu.fibers[t];
        if (f->state == kCeedEmuReady) {
          CEED_EMU_TRACE(ceed_emu_shared_trace.active = true);
          CeedEmuResume(f);
          CEED_EMU_TRACE(ceed_emu_shared_trace.active = false);
        }
        if (f->state == kCeedEmuDone) done++;
        else waiting++;
      }
      if (done == n) {
        CEED_EMU_TRACE(CeedEmuEndTracedBlock());
        break;
      }
      if (done > 0) {
        CeedEmuRestartFibers(n);
        char what[200];
        std::snprintf(what, sizeof(what), "__syncthreads() not reached by every thread: in block %u of %u, %u of %u threads ended while %u waited at barrier %u", b,
                      config->grid, done, n, waiting, barrier + 1);
        return CeedEmuFail(config, 2, what);
      }
      for (unsigned int t = 0; t < n; t++) ceed_emu.fibers[t].state = kCeedEmuReady;
    }
  }
  CEED_EMU_TRACE(CeedEmuWriteSharedTrace(kernel, config));
  return 0;
}

/* The launch entry of a kernel: copies the arguments out of args (each thread gets them by value, as on a GPU). */
template <class... A, size_t... I>
static int CeedEmuRunKernel(const CeedEmuLaunchConfig *config, void (*kernel)(A...), void **args, const char *name, std::index_sequence<I...>) {
  struct Call {
    void (*kernel)(A...);
    std::tuple<std::decay_t<A>...> values;
  } call = {kernel, std::tuple<std::decay_t<A>...>(*static_cast<std::decay_t<A> *>(args[I])...)};
  return CeedEmuRunGrid(config, [](void *p) { std::apply(static_cast<Call *>(p)->kernel, static_cast<Call *>(p)->values); }, &call, name);
}
template <class... A>
static int CeedEmuLaunch(const CeedEmuLaunchConfig *config, void (*kernel)(A...), void **args, const char *name) {
  return CeedEmuRunKernel(config, kernel, args, name, std::index_sequence_for<A...>());
}

#endif /* CEED_GPU_EMULATION_H */
