// HIP vendor layer: hipRTC as the shared layer's Compiler and the HIP runtime as its Runtime.
#pragma once

#include <string>
#include <vector>

#include "gpu-runtime.hpp"

namespace ceed::gpu::hip {

// hipRTC (libamdhip64 loaded with dlopen; compiles without a device). NULL with *reason when the library is absent.
const Compiler *HipRtc(std::string *reason);

// Whether processor (e.g. "gfx90a") has hardware FP64 atomic add in global memory (gfx90a, gfx94x): there
// -munsafe-fp-atomics turns atomicAdd(double *) into global_atomic_add_f64 instead of a compare-and-swap loop.
bool HasHardwareFp64Atomics(const std::string &processor);

// The target for processor (the part of gcnArchName before any ':'). unsafe_atomics: 1 on, 0 off, -1 the
// default (on where HasHardwareFp64Atomics). Fails, naming the processor and the supported list, for a
// processor comgr does not know: this hipRTC aborts the process on such targets instead of returning an
// error, so nothing is compiled for them.
bool MakeTarget(const std::string &processor, int unsafe_atomics, Target *target, std::string *error);

// The HIP runtime as a Runtime; NULL with *reason, which starts with "no HIP driver or device was found",
// when libamdhip64 or a device is missing.
Runtime *LoadRuntime(std::string *reason);

}  // namespace ceed::gpu::hip
