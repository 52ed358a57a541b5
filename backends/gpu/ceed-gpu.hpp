// GPU backends: declarations shared by the files of the vendor-neutral layer (one file per object kind,
// plus the compile layer and the device/context file). The vendor's part is the Runtime (gpu-runtime.hpp).
#pragma once

#include <ceed.h>
#include <ceed/backend.h>

#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "gpu-compile.hpp"
#include "gpu-runtime.hpp"
#include "gpu-jit-sources.hpp"
#include "gpu/ceed-gpu-qfunction-error.h"
#include "gpu-ref-params.h"

struct CeedElementAssemblyArgs;
typedef struct CeedElementAssemblyArgs CeedElementAssemblyArgs;

namespace ceed::gpu {

// Context data of every /gpu/<vendor> resource. The tag identifies it when walking delegate chains.
constexpr unsigned kContextTag = 0x47505530u;  // "GPU0"

// Where the kernels of a context record non-zero QFunction return codes (gpu-qfunction-errors.cpp).
struct QFunctionErrorWord {
  unsigned long long          *first       = nullptr;  // device memory, claimed by the first failing call
  volatile unsigned long long *record      = nullptr;  // host-pinned copy of the record, mapped into the device
  void                        *record_mapped = nullptr;  // the device's address of record
  bool                         pending       = false;  // kernels that may record were launched and not waited for
  std::vector<std::string>     sources;                // what each source id of a record names
};

struct CeedGpu {
  unsigned    tag = kContextTag;
  Runtime    *rt  = nullptr;
  int         device_id = 0;
  void       *context   = nullptr;  // the vendor's context of the device (CUDA: the retained primary context)
  bool        opened    = false;    // Open succeeded: Destroy closes
  DeviceInfo  info;
  Target      target;                 // what the compiler produces for this device
  bool        deterministic = false;
  int         min_blocks    = 0;  // :min_blocks=N of /gpu/<vendor>/gen (ThreadLayout::min_blocks); 0: from the occupancy
  std::string resource;
  std::string prefix;  // "/gpu/cuda", "/gpu/hip"
  // Modules loaded on this device, by compile-cache key; the reference kernels are one of them.
  std::map<std::string, Module>   modules;
  std::map<std::string, Function> fixed_functions;  // kernels of the fixed-source modules, by "program/kernel"
  std::map<Function, int>         block_sizes;      // chosen block size per kernel
  QFunctionErrorWord              qf_errors;
};

// The GPU data serving ceed (ceed itself or the first of its delegates that is a GPU context).
CeedGpu *GetGpu(Ceed ceed);

// Makes the device's context current on this thread; error if ceed is not served by a GPU context.
int Activate(Ceed ceed, CeedGpu **data);

// Turns a failed runtime call into an error naming the call, the device and the vendor's message.
int CheckRuntime(Ceed ceed, const CeedGpu &data, int status, const char *what);
#define CeedCallGpu(ceed, data, ...) CeedCall(::ceed::gpu::CheckRuntime((ceed), (data), (__VA_ARGS__), #__VA_ARGS__))

// Compiler options for JIT units of ceed: the base options, -D for each JIT define, -I for each JIT root.
int JitOptions(Ceed ceed, std::vector<std::string> *options);

// Compiles (through the process-wide cache) and loads a module on the device of data; a compile
// failure is reported with the kernel names, the compiler's log and the path of the dumped source.
int LoadModule(Ceed ceed, CeedGpu &data, CompileRequest request, Module *module);
int GetFunction(Ceed ceed, CeedGpu &data, Module module, const char *name, Function *fn);
// Loads compiled code (a module of the persistent kernel cache) on the device.
int LoadCode(Ceed ceed, CeedGpu &data, const std::string &code, const char *what, Module *module);

// Kernel name of a module whose source (make_source(), the same on every call) is compiled on first use;
// later calls find the kernel by program and kernel name without building the source again (program_name
// names the dumped source; kernel_names lists the module's kernels for messages).
int GetJitFunction(Ceed ceed, CeedGpu &data, std::string (*make_source)(), const char *program_name, const std::vector<std::string> &kernel_names,
                   const char *name, Function *fn);
// A kernel of the reference module (vector, restriction and basis kernels), compiled on first use.
int GetRefFunction(Ceed ceed, CeedGpu &data, const char *name, Function *fn);

// Launches a grid-stride kernel over n items with the occupancy-chosen block size (at most
// CEED_GPU_REF_MAX_BLOCK) and enough blocks to fill the device. args as for cuLaunchKernel/hipModuleLaunchKernel.
int LaunchGridStride(Ceed ceed, CeedGpu &data, Function fn, CeedSize n, void **args);
// Launches at least n threads (one per item, kernels that need not loop) with the occupancy-chosen block size.
int LaunchThreadPerItem(Ceed ceed, CeedGpu &data, Function fn, CeedSize n, void **args);
// Launches with an explicit configuration (raises the kernel's shared memory limit if needed).
int Launch(Ceed ceed, CeedGpu &data, Function fn, unsigned grid, unsigned block, unsigned shared_bytes, void **args);

// Copies between host and device memory (either direction, or device to device).
int Copy(Ceed ceed, CeedGpu &data, void *dst, CeedMemType dst_mem, const void *src, CeedMemType src_mem, size_t bytes);
// Device allocation; *ptr is NULL for bytes == 0.
int DeviceMalloc(Ceed ceed, CeedGpu &data, size_t bytes, void **ptr);
int DeviceRelease(Ceed ceed, CeedGpu &data, void *ptr);

// Device memory an object reuses between applications: grown on demand, never shrunk, freed by Release.
struct DeviceScratch {
  void  *ptr   = nullptr;
  size_t bytes = 0;
  int    Reserve(Ceed ceed, CeedGpu &data, size_t min_bytes);
  int    Release(Ceed ceed, CeedGpu &data);
};

// A new device copy of count host values (*dev = NULL for none); release with DeviceRelease.
template <class T>
int UploadToDevice(Ceed ceed, CeedGpu &data, const T *host, size_t count, const T **dev) {
  void *ptr = nullptr;
  *dev      = nullptr;
  if (!host || count == 0) return CEED_ERROR_SUCCESS;
  CeedCall(DeviceMalloc(ceed, data, count * sizeof(T), &ptr));
  *dev = static_cast<const T *>(ptr);
  return Copy(ceed, data, ptr, CEED_MEM_DEVICE, host, CEED_MEM_HOST, count * sizeof(T));
}

// ---- QFunction return codes (gpu-qfunction-errors.cpp) -------------------------------------------------
// Kernels that call a user QFunction record its first non-zero return in the context's error word
// (jit/gen/gpu/ceed-gpu-qfunction-error.h); the host reports it as the CPU backends do: error code
// = the returned code, message "User function of CeedQFunction <name> ... returned error code <code>".
// When: CeedQFunctionApply waits for its kernel (and first for earlier ones) and reports at once.
// Operator applications (/gpu/<vendor>/ref and /gpu/<vendor>/gen) do not wait: a code their kernel records is
// reported, with a message saying it comes from an earlier, asynchronous application, by whichever comes
// first of
//   - the next operator application on the same context that starts after the kernel finished (each
//     application looks at the host-mapped record without synchronizing; it waits only when the record
//     holds an error),
//   - the next CeedQFunctionApply on the context,
//   - the next device-to-host copy on the context (CeedVectorGetArrayRead on the host, CeedVectorNorm,
//     ...: the copy has waited for the kernels anyway),
//   - in CEED_DEBUG runs, the end of the failing application itself (every launch is waited for).
// Reporting resets the word and has the core mark the outputs of the operator applications since the last
// completed wait invalid (CeedMarkPendingOutputsInvalid; a wait that finds no error calls
// CeedMarkPendingOutputsComplete). An error still unreported when the context is destroyed is printed on stderr.
int  QFunctionErrorsCreate(Ceed ceed, CeedGpu &data);
void QFunctionErrorsDestroy(CeedGpu &data);
// The id that records of kernels described by description carry (e.g. "CeedQFunction mass (kernel ...)").
unsigned long long QFunctionErrorSource(CeedGpu &data, const std::string &description);
// The kernel argument for a launch of a kernel with the given source id.
CeedGpuQFunctionError QFunctionErrorArgument(const CeedGpu &data, unsigned long long source);
// Reports a recorded error. wait: first wait for every launched kernel; otherwise only look at the
// record (waiting only when it holds an error). where: what reports it (earlier, asynchronous
// applications); NULL: the error belongs to the launch just waited for (synchronous application).
int ReportQFunctionErrors(Ceed ceed, CeedGpu &data, bool wait, const char *where);
// After launching a kernel that may record: synchronous (or CEED_DEBUG) waits for it and reports its error.
int QFunctionErrorsAfterLaunch(Ceed ceed, CeedGpu &data, bool synchronous);

// ---- Object kinds -----------------------------------------------------------------------------------
void InstallVectorOps(CeedBackendOps &ops);
int  ElemRestrictionCreate(CeedElemRestriction rstr);
int  BasisCreate(CeedBasis basis);
int  QFunctionCreate(CeedQFunction qf);
int  OperatorCreate(CeedOperator op);
int  GenOperatorCreate(CeedOperator op);  // /gpu/<vendor>/gen: fused kernels, /gpu/<vendor>/ref for the rest
// Element assembly items on the device (CeedBackendOps::AssembleElements).
int AssembleElements(Ceed ceed, const CeedElementAssemblyArgs *args);

// Basis application on device arrays with explicit layouts (see CeedGpuBasisParams); used by
// CeedBasisApply and by operators. Error if basis was not created by a GPU context.
int BasisApplyDevice(CeedBasis basis, CeedInt num_elem, CeedTransposeMode t_mode, CeedEvalMode eval_mode, const CeedSize node_strides[3],
                     const CeedSize point_strides[3], const CeedScalar *u, CeedScalar *v, bool add);

// QFunction application on device arrays: Q points in blocks of Q_elem points (field i of an input
// holds size_i values per point laid out [block][component][point]; Q_elem = Q is the plain
// [component][point] layout of CeedQFunctionApply).
// synchronous: wait for the kernel and report a non-zero QFunction return now (CeedQFunctionApply);
// otherwise it is reported later (operators, see ReportQFunctionErrors).
int QFunctionApplyDevice(CeedQFunction qf, CeedSize Q, CeedInt Q_elem, const CeedScalar *const *inputs, CeedScalar *const *outputs,
                         bool synchronous);

}  // namespace ceed::gpu
