// GPU backends: QFunctions, JIT-compiled from the user's source file (spec 01 §6) on first
// application: the source becomes one translation unit (CeedLoadSourceToBuffer), wrapped in a kernel
// that applies the user function to one point per thread. The context data reaches the kernel
// through the core's device copy of the QFunction context. A non-zero return of the user function is
// recorded by the kernel (gpu-qfunction-errors.cpp): CeedQFunctionApply reports it at once, operators
// on a later call. A kernel the application compiled itself (CeedQFunctionSetCUDAUserFunction, ceed/cuda.h; CeedQFunctionSetHIPUserFunction, ceed/hip.h)
// replaces the JIT-compiled one; it reads [component][point] arrays, so operator Q-vectors are relaid out
// around it.

#include <climits>
#include <new>
#include <string>
#include <vector>

#include "ceed-gen.hpp"
#include "ceed-gpu.hpp"

namespace ceed::gpu {
namespace {

constexpr unsigned kQFunctionTag = kContextTag + 3;

struct QFunctionGpu {
  unsigned           tag    = kQFunctionTag;
  Function         kernel = nullptr;
  unsigned long long error_source = 0;        // source id of the kernel's error records
  Function         user_kernel  = nullptr;  // from CeedQFunctionSetCUDAUserFunction / SetHIPUserFunction
  DeviceScratch      scratch;                 // [component][point] copies for user_kernel
};

QFunctionGpu *Data(CeedQFunction qf) {
  void *raw = nullptr;
  if (CeedQFunctionGetData(qf, &raw) != CEED_ERROR_SUCCESS || !raw) return nullptr;
  auto *d = static_cast<QFunctionGpu *>(raw);
  return d->tag == kQFunctionTag ? d : nullptr;
}

// Compiles the QFunction's kernel (once; the compile cache also spares identical QFunctions).
int Build(CeedQFunction qf, CeedGpu &data, QFunctionGpu &d) {
  if (d.kernel) return CEED_ERROR_SUCCESS;
  Ceed        ceed = CeedQFunctionReturnCeed(qf);
  const char *source_path = nullptr, *function = nullptr, *name = nullptr;
  CeedCallBackend(CeedQFunctionGetSourcePath(qf, &source_path));
  CeedCallBackend(CeedQFunctionGetKernelName(qf, &function));
  CeedCallBackend(CeedQFunctionGetName(qf, &name));
  CeedCheck(source_path && source_path[0] && function && function[0], ceed, CEED_ERROR_BACKEND,
            "CeedQFunction %s has no source file: GPU backends compile QFunctions from their source (create it with \"<file>:<function>\") "
            "or run a kernel given with CeedQFunctionSetCUDAUserFunction or CeedQFunctionSetHIPUserFunction",
            name ? name : "");

  CeedInt             num_in = 0, num_out = 0;
  CeedQFunctionField *in_fields = nullptr, *out_fields = nullptr;
  CeedCallBackend(CeedQFunctionGetFields(qf, &num_in, &in_fields, &num_out, &out_fields));
  std::vector<int> in_sizes(num_in), out_sizes(num_out);
  for (CeedInt i = 0; i < num_in; i++) CeedCallBackend(CeedQFunctionFieldGetSize(in_fields[i], &in_sizes[i]));
  for (CeedInt i = 0; i < num_out; i++) CeedCallBackend(CeedQFunctionFieldGetSize(out_fields[i], &out_sizes[i]));

  std::string user_source;
  CeedCall(ceed::gen::LoadSourceText(ceed, source_path, &user_source));
  CompileRequest request;
  request.source = QFunctionKernelSource(user_source, function, in_sizes, out_sizes);
  request.program_name = std::string("qfunction-") + function;
  request.kernel_names = {QFunctionKernelName(function)};
  CeedCall(JitOptions(ceed, &request.options));
  Module module = nullptr;
  CeedCall(LoadModule(ceed, data, std::move(request), &module));
  d.error_source = QFunctionErrorSource(data, std::string("CeedQFunction ") + (name ? name : function) + " (" + data.rt->Vendor() + " kernel " + QFunctionKernelName(function) + ")");
  return GetFunction(ceed, data, module, QFunctionKernelName(function).c_str(), &d.kernel);
}

int Apply(CeedQFunction qf, CeedInt Q, CeedVector *u, CeedVector *v) {
  CeedInt num_in = 0, num_out = 0;
  CeedCallBackend(CeedQFunctionGetNumArgs(qf, &num_in, &num_out));
  const CeedScalar *in[CEED_FIELD_MAX]  = {nullptr};
  CeedScalar       *out[CEED_FIELD_MAX] = {nullptr};
  CeedInt           num_taken_in = 0, num_taken_out = 0;
  int               ierr = CEED_ERROR_SUCCESS;
  for (; num_taken_in < num_in && !ierr; num_taken_in++) ierr = CeedVectorGetArrayRead(u[num_taken_in], CEED_MEM_DEVICE, &in[num_taken_in]);
  if (ierr) num_taken_in--;
  for (; num_taken_out < num_out && !ierr; num_taken_out++) ierr = CeedVectorGetArrayWrite(v[num_taken_out], CEED_MEM_DEVICE, &out[num_taken_out]);
  if (ierr && num_taken_out > 0) num_taken_out--;
  if (!ierr) ierr = QFunctionApplyDevice(qf, Q, Q, in, out, true);
  // Restore in all cases so that a failure leaves every vector usable.
  for (CeedInt i = 0; i < num_taken_in; i++) CeedVectorRestoreArrayRead(u[i], &in[i]);
  for (CeedInt i = 0; i < num_taken_out; i++) CeedVectorRestoreArray(v[i], &out[i]);
  return ierr;
}

int Destroy(CeedQFunction qf) {
  QFunctionGpu *d    = Data(qf);
  int            ierr = CEED_ERROR_SUCCESS;
  if (d && d->scratch.ptr) {
    CeedGpu *data = nullptr;
    ierr           = Activate(CeedQFunctionReturnCeed(qf), &data);
    if (!ierr) ierr = d->scratch.Release(CeedQFunctionReturnCeed(qf), *data);
  }
  delete d;
  CeedCall(CeedQFunctionSetData(qf, nullptr));
  return ierr;
}

int SetUserFunction(CeedQFunction qf, void *function) {
  Ceed           ceed = CeedQFunctionReturnCeed(qf);
  QFunctionGpu *d    = Data(qf);
  CeedCheck(d, ceed, CEED_ERROR_BACKEND, "CeedQFunction has no GPU backend data");
  CeedGpu *data = nullptr;
  CeedCall(Activate(ceed, &data));
  d->user_kernel = static_cast<Function>(function);
  // The application may have loaded a new module whose kernel reuses an old handle: choose its block size anew.
  data->block_sizes.erase(d->user_kernel);
  return CEED_ERROR_SUCCESS;
}

// Runs the application's kernel with the arguments documented in ceed/cuda.h (ceed/hip.h: the same). Operators hand Q-vectors in
// blocks of Q_elem points; they are copied to and from [component][point] scratch arrays around the call.
int ApplyUserKernel(Ceed ceed, CeedGpu &data, CeedQFunction qf, QFunctionGpu &d, CeedSize Q, CeedInt Q_elem, void *ctx,
                    const CeedScalar *const *inputs, CeedScalar *const *outputs) {
  CeedCheck(Q <= INT_MAX, ceed, CEED_ERROR_UNSUPPORTED,
            "CeedQFunction applied to %" CeedSize_FMT " points: a kernel given with CeedQFunctionSet%sUserFunction takes a CeedInt count", Q, data.rt->Vendor());
  CeedInt             num_in = 0, num_out = 0;
  CeedQFunctionField *in_fields = nullptr, *out_fields = nullptr;
  CeedCallBackend(CeedQFunctionGetFields(qf, &num_in, &in_fields, &num_out, &out_fields));
  std::vector<CeedInt> sizes(num_in + num_out);
  for (CeedInt i = 0; i < num_in; i++) CeedCallBackend(CeedQFunctionFieldGetSize(in_fields[i], &sizes[i]));
  for (CeedInt i = 0; i < num_out; i++) CeedCallBackend(CeedQFunctionFieldGetSize(out_fields[i], &sizes[num_in + i]));

  CeedGpuQFunctionFields fields{};
  for (CeedInt i = 0; i < num_in; i++) fields.inputs[i] = inputs[i];
  for (CeedInt i = 0; i < num_out; i++) fields.outputs[i] = outputs[i];
  const bool blocked = Q_elem < Q;
  Function relayout = nullptr;
  if (blocked) {
    size_t bytes = 0;
    for (CeedInt s : sizes) bytes += static_cast<size_t>(s) * Q * sizeof(CeedScalar);
    CeedCall(d.scratch.Reserve(ceed, data, bytes));
    CeedCall(GetRefFunction(ceed, data, "CeedGpuQFunctionRelayout", &relayout));
    auto *next = static_cast<CeedScalar *>(d.scratch.ptr);
    for (CeedInt i = 0; i < num_in + num_out; next += static_cast<size_t>(sizes[i]) * Q, i++) {
      if (i < num_in) {
        CeedInt to_flat = 1;
        void   *args[]  = {&fields.inputs[i], &next, &Q, &Q_elem, &sizes[i], &to_flat};
        CeedCall(LaunchGridStride(ceed, data, relayout, sizes[i] * Q, args));
        fields.inputs[i] = next;
      } else {
        fields.outputs[i - num_in] = next;
      }
    }
  }
  CeedInt Q_int  = static_cast<CeedInt>(Q);
  void   *args[] = {&ctx, &Q_int, &fields};
  CeedCall(LaunchThreadPerItem(ceed, data, d.user_kernel, Q, args));
  for (CeedInt i = 0; blocked && i < num_out; i++) {
    CeedInt     to_flat = 0;
    CeedScalar *dst     = outputs[i];
    void       *args_out[] = {&fields.outputs[i], &dst, &Q, &Q_elem, &sizes[num_in + i], &to_flat};
    CeedCall(LaunchGridStride(ceed, data, relayout, sizes[num_in + i] * Q, args_out));
  }
  return CEED_ERROR_SUCCESS;
}

}  // namespace

int QFunctionApplyDevice(CeedQFunction qf, CeedSize Q, CeedInt Q_elem, const CeedScalar *const *inputs, CeedScalar *const *outputs,
                         bool synchronous) {
  Ceed           ceed = CeedQFunctionReturnCeed(qf);
  QFunctionGpu *d    = Data(qf);
  CeedCheck(d, ceed, CEED_ERROR_BACKEND, "CeedQFunction was not created by a GPU context: it cannot be applied to device arrays");
  CeedGpu *data = nullptr;
  CeedCall(Activate(ceed, &data));
  if (!d->user_kernel) CeedCall(Build(qf, *data, *d));
  // An error of an earlier asynchronous application comes first; a synchronous application also waits
  // for those, so that what its own kernel records is told apart from them.
  CeedCall(ReportQFunctionErrors(ceed, *data, synchronous, synchronous ? "CeedQFunctionApply" : "the next operator application"));
  if (Q == 0) return CEED_ERROR_SUCCESS;
  if (d->user_kernel) {
    void *ctx = nullptr;
    CeedCallBackend(CeedQFunctionGetContextData(qf, CEED_MEM_DEVICE, &ctx));
    int ierr = ApplyUserKernel(ceed, *data, qf, *d, Q, Q_elem, ctx, inputs, outputs);
    const int restore = CeedQFunctionRestoreContextData(qf, &ctx);
    CeedCall(ierr);
    CeedCallBackend(restore);
    return CEED_ERROR_SUCCESS;
  }
  CeedInt num_in = 0, num_out = 0;
  CeedCallBackend(CeedQFunctionGetNumArgs(qf, &num_in, &num_out));
  CeedGpuQFunctionFields fields{};
  for (CeedInt i = 0; i < num_in; i++) fields.inputs[i] = inputs[i];
  for (CeedInt i = 0; i < num_out; i++) fields.outputs[i] = outputs[i];
  CeedGpuQFunctionError error = QFunctionErrorArgument(*data, d->error_source);
  void *ctx = nullptr;
  CeedCallBackend(CeedQFunctionGetContextData(qf, CEED_MEM_DEVICE, &ctx));
  void *args[] = {&ctx, &Q, &Q_elem, &fields, &error};
  int   ierr   = LaunchGridStride(ceed, *data, d->kernel, Q, args);
  if (!ierr) ierr = QFunctionErrorsAfterLaunch(ceed, *data, synchronous);
  const int restore = CeedQFunctionRestoreContextData(qf, &ctx);
  CeedCall(ierr);
  CeedCallBackend(restore);
  return CEED_ERROR_SUCCESS;
}

int QFunctionCreate(CeedQFunction qf) {
  Ceed ceed = CeedQFunctionReturnCeed(qf);
  auto *d   = new (std::nothrow) QFunctionGpu();
  CeedCheck(d, ceed, CEED_ERROR_MAJOR, "Out of memory creating the GPU QFunction data");
  CeedCallBackend(CeedQFunctionSetData(qf, d));
  CeedQFunctionBackendOps ops{};
  ops.size    = sizeof(ops);
  ops.Apply   = Apply;
  ops.Destroy = Destroy;
  // The application's kernel comes through the slot of the context's vendor; the other vendor's is left empty.
  const CeedGpu *data = GetGpu(ceed);
  if (data && data->rt->Caps().hip_user_functions) ops.SetHIPUserFunction = SetUserFunction;
  else ops.SetCUDAUserFunction = SetUserFunction;
  return CeedQFunctionSetBackendOps(qf, &ops);
}

}  // namespace ceed::gpu
