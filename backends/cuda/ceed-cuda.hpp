// CUDA backend: declarations shared by the plugin's files (one file per object kind, plus the driver
// loader, the NVRTC layer and the device/context file).
#pragma once

#include <ceed.h>
#include <ceed/backend.h>

#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "cuda-compile.hpp"
#include "cuda-driver.hpp"
#include "cuda-jit-sources.hpp"
#include "cuda/ceed-cuda-qfunction-error.h"
#include "kernels/cuda-ref-params.h"

struct CeedElementAssemblyArgs;
typedef struct CeedElementAssemblyArgs CeedElementAssemblyArgs;

namespace ceed_cuda {

// Context data of every /gpu/cuda resource. The tag identifies it when walking delegate chains.
constexpr unsigned kContextTag = 0x43554441u;  // "CUDA"

// Where the kernels of a context record non-zero QFunction return codes (cuda-qfunction-errors.cpp).
struct QFunctionErrorWord {
  unsigned long long          *first       = nullptr;  // device memory, claimed by the first failing call
  volatile unsigned long long *record      = nullptr;  // host-pinned copy of the record, mapped into the device
  CUdeviceptr                  record_mapped = 0;      // the device's address of record
  bool                         pending       = false;  // kernels that may record were launched and not waited for
  std::vector<std::string>     sources;                // what each source id of a record names
};

struct CeedCuda {
  unsigned      tag = kContextTag;
  const Driver *cu  = nullptr;
  int           device_id = 0;
  CUdevice      device    = 0;
  CUcontext     context   = nullptr;  // the device's primary context (retained while the Ceed lives)
  std::string   device_name;
  int           arch        = 0;  // compute capability, major*10 + minor
  int           target_arch = 0;  // what NVRTC compiles for (the device's own arch when supported)
  CodeKind      target_kind = CodeKind::kCubin;
  int           num_sm = 0, max_shared_optin = 0, max_shared_default = 0;
  bool          deterministic = false;
  std::string   resource;
  // Modules loaded on this device, by compile-cache key; the reference kernels are one of them.
  std::map<std::string, CUmodule> modules;
  std::map<std::string, CUfunction> fixed_functions;  // kernels of the fixed-source modules, by "program/kernel"
  std::map<CUfunction, int>       block_sizes;  // occupancy-chosen block size per kernel
  QFunctionErrorWord              qf_errors;
};

// The CUDA data serving ceed (ceed itself or the first of its delegates that is a CUDA context).
CeedCuda *GetCuda(Ceed ceed);

// Makes the device's context current on this thread; error if ceed is not served by a CUDA context.
int Activate(Ceed ceed, CeedCuda **data);

// Turns a failed driver call into an error naming the call and the driver's message.
int CheckDriver(Ceed ceed, const CeedCuda &data, CUresult result, const char *what);
#define CeedCallCuda(ceed, data, ...) CeedCall(::ceed_cuda::CheckDriver((ceed), (data), (__VA_ARGS__), #__VA_ARGS__))

// NVRTC options for JIT units of ceed: the base options, -D for each JIT define, -I for each JIT root.
int JitOptions(Ceed ceed, std::vector<std::string> *options);

// Compiles (through the process-wide cache) and loads a module on the device of data; a compile
// failure is reported with the kernel names, NVRTC's log and the path of the dumped source.
int LoadModule(Ceed ceed, CeedCuda &data, CompileRequest request, CUmodule *module);
int GetFunction(Ceed ceed, CeedCuda &data, CUmodule module, const char *name, CUfunction *fn);

// Kernel name of a module whose source (make_source(), the same on every call) is compiled on first use;
// later calls find the kernel by program and kernel name without building the source again (program_name
// names the dumped source; kernel_names lists the module's kernels for messages).
int GetJitFunction(Ceed ceed, CeedCuda &data, std::string (*make_source)(), const char *program_name, const std::vector<std::string> &kernel_names,
                   const char *name, CUfunction *fn);
// A kernel of the reference module (vector, restriction and basis kernels), compiled on first use.
int GetRefFunction(Ceed ceed, CeedCuda &data, const char *name, CUfunction *fn);

// Launches a grid-stride kernel over n items with the occupancy-chosen block size (at most
// CEED_CUDA_REF_MAX_BLOCK) and enough blocks to fill the device. args as for cuLaunchKernel.
int LaunchGridStride(Ceed ceed, CeedCuda &data, CUfunction fn, CeedSize n, void **args);
// Launches at least n threads (one per item, kernels that need not loop) with the occupancy-chosen block size.
int LaunchThreadPerItem(Ceed ceed, CeedCuda &data, CUfunction fn, CeedSize n, void **args);
// Launches with an explicit configuration (raises the kernel's shared memory limit if needed).
int Launch(Ceed ceed, CeedCuda &data, CUfunction fn, unsigned grid, unsigned block, unsigned shared_bytes, void **args);

// Copies between host and device memory (either direction, or device to device).
int Copy(Ceed ceed, CeedCuda &data, void *dst, CeedMemType dst_mem, const void *src, CeedMemType src_mem, size_t bytes);
// Device allocation with the driver; *ptr is NULL for bytes == 0.
int DeviceMalloc(Ceed ceed, CeedCuda &data, size_t bytes, void **ptr);
int DeviceRelease(Ceed ceed, CeedCuda &data, void *ptr);

// Device memory an object reuses between applications: grown on demand, never shrunk, freed by Release.
struct DeviceScratch {
  void  *ptr   = nullptr;
  size_t bytes = 0;
  int    Reserve(Ceed ceed, CeedCuda &data, size_t min_bytes);
  int    Release(Ceed ceed, CeedCuda &data);
};

// A new device copy of count host values (*dev = NULL for none); release with DeviceRelease.
template <class T>
int UploadToDevice(Ceed ceed, CeedCuda &data, const T *host, size_t count, const T **dev) {
  void *ptr = nullptr;
  *dev      = nullptr;
  if (!host || count == 0) return CEED_ERROR_SUCCESS;
  CeedCall(DeviceMalloc(ceed, data, count * sizeof(T), &ptr));
  *dev = static_cast<const T *>(ptr);
  return Copy(ceed, data, ptr, CEED_MEM_DEVICE, host, CEED_MEM_HOST, count * sizeof(T));
}

// ---- QFunction return codes (cuda-qfunction-errors.cpp) -------------------------------------------------
// Kernels that call a user QFunction record its first non-zero return in the context's error word
// (jit-templates/cuda/ceed-cuda-qfunction-error.h); the host reports it as the CPU backends do: error code
// = the returned code, message "User function of CeedQFunction <name> ... returned error code <code>".
// When: CeedQFunctionApply waits for its kernel (and first for earlier ones) and reports at once.
// Operator applications (/gpu/cuda/ref and /gpu/cuda/gen) do not wait: a code their kernel records is
// reported, with a message saying it comes from an earlier, asynchronous application, by whichever comes
// first of
//   - the next operator application on the same context that starts after the kernel finished (each
//     application looks at the host-mapped record without synchronizing; it waits only when the record
//     holds an error),
//   - the next CeedQFunctionApply on the context,
//   - the next device-to-host copy on the context (CeedVectorGetArrayRead on the host, CeedVectorNorm,
//     ...: the copy has waited for the kernels anyway),
//   - in CEED_DEBUG runs, the end of the failing application itself (every launch is waited for).
// Reporting resets the word. An error still unreported when the context is destroyed is printed on stderr.
int  QFunctionErrorsCreate(Ceed ceed, CeedCuda &data);
void QFunctionErrorsDestroy(CeedCuda &data);
// The id that records of kernels described by description carry (e.g. "CeedQFunction mass (kernel ...)").
unsigned long long QFunctionErrorSource(CeedCuda &data, const std::string &description);
// The kernel argument for a launch of a kernel with the given source id.
CeedCudaQFunctionError QFunctionErrorArgument(const CeedCuda &data, unsigned long long source);
// Reports a recorded error. wait: first wait for every launched kernel; otherwise only look at the
// record (waiting only when it holds an error). where: what reports it (earlier, asynchronous
// applications); NULL: the error belongs to the launch just waited for (synchronous application).
int ReportQFunctionErrors(Ceed ceed, CeedCuda &data, bool wait, const char *where);
// After launching a kernel that may record: synchronous (or CEED_DEBUG) waits for it and reports its error.
int QFunctionErrorsAfterLaunch(Ceed ceed, CeedCuda &data, bool synchronous);

// ---- Object kinds -----------------------------------------------------------------------------------
void InstallVectorOps(CeedBackendOps &ops);
int  ElemRestrictionCreate(CeedElemRestriction rstr);
int  BasisCreate(CeedBasis basis);
int  QFunctionCreate(CeedQFunction qf);
int  OperatorCreate(CeedOperator op);
int  GenOperatorCreate(CeedOperator op);  // /gpu/cuda/gen: fused kernels, /gpu/cuda/ref for the rest
// Element assembly items on the device (CeedBackendOps::AssembleElements).
int AssembleElements(Ceed ceed, const CeedElementAssemblyArgs *args);

// Basis application on device arrays with explicit layouts (see CeedCudaBasisParams); used by
// CeedBasisApply and by operators. Error if basis was not created by a CUDA context.
int BasisApplyDevice(CeedBasis basis, CeedInt num_elem, CeedTransposeMode t_mode, CeedEvalMode eval_mode, const CeedSize node_strides[3],
                     const CeedSize point_strides[3], const CeedScalar *u, CeedScalar *v, bool add);

// QFunction application on device arrays: Q points in blocks of Q_elem points (field i of an input
// holds size_i values per point laid out [block][component][point]; Q_elem = Q is the plain
// [component][point] layout of CeedQFunctionApply).
// synchronous: wait for the kernel and report a non-zero QFunction return now (CeedQFunctionApply);
// otherwise it is reported later (operators, see ReportQFunctionErrors).
int QFunctionApplyDevice(CeedQFunction qf, CeedSize Q, CeedInt Q_elem, const CeedScalar *const *inputs, CeedScalar *const *outputs,
                         bool synchronous);

}  // namespace ceed_cuda
