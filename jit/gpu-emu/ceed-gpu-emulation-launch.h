/* What the /gpu/emu runtime passes to a kernel's launch entry (CeedEmuLaunch_<kernel>, appended to every
   unit by the backend's compiler): included by the runtime and, through ceed-gpu-emulation.h, by every unit. */
#ifndef CEED_GPU_EMULATION_LAUNCH_H
#define CEED_GPU_EMULATION_LAUNCH_H

#include <stddef.h>

struct CeedEmuLaunchConfig {
  unsigned int grid, block, shared_bytes;
  char        *error;  // room for the message of a failed launch
  size_t       error_size;
  /* With the shared-memory trace: the emulated device's allocations, [begin, end) address pairs in increasing
     order (global memory, whose accesses the trace counts in 32-byte sectors); else NULL. */
  const size_t *device_ranges;
  size_t        num_device_ranges;
};

/* Returns 0, or non-zero with the message in config->error. args: one pointer per kernel argument. */
typedef int (*CeedEmuLaunchEntry)(const struct CeedEmuLaunchConfig *config, void **args);

#define CEED_EMU_LAUNCH_PREFIX "CeedEmuLaunch_"

#endif /* CEED_GPU_EMULATION_LAUNCH_H */
