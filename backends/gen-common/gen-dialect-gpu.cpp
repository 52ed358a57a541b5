// The gpu dialect (CUDA and HIP): a thread block holds several elements, each a group of threads over all but the
// last tensor dimension (jit/gen/gpu/ceed-gen-gpu.h); element arrays are per-thread register
// columns; the QFunction runs once per point with Q = 1 on values gathered from the columns, and a
// non-zero return is recorded in the context's error word (the kernel's second argument).
#include <algorithm>

#include "ceed-gen.hpp"
#include "gen-glue.hpp"

namespace ceed::gen {

int FixedBlockSize(int threads_per_elem, int wavefront, int max_threads) {
  if (threads_per_elem >= std::min(256, max_threads) || wavefront <= 0) return threads_per_elem;
  int best = threads_per_elem, best_idle = wavefront;
  for (int block = threads_per_elem; block <= std::min(256, max_threads); block += threads_per_elem) {
    const int idle = (wavefront - block % wavefront) % wavefront;
    // Idle lanes relative to the lanes occupied: compare idle/lanes across blocks without division.
    const long lanes = block + idle, best_lanes = best + best_idle;
    if ((long)idle * best_lanes < (long)best_idle * lanes || ((long)idle * best_lanes == (long)best_idle * lanes && block > best)) {
      best      = block;
      best_idle = idle;
    }
  }
  return best;
}

ThreadLayout ChooseThreadLayout(const OperatorDesc &desc, int wavefront, std::string *why_not) {
  ThreadLayout layout;
  bool         tensor = false, non_tensor = false;
  for (const auto *fields : {&desc.inputs, &desc.outputs}) {
    for (const FieldDesc &f : *fields) {
      if (f.basis_kind == BasisKind::kNonTensor) non_tensor = true;
      if (f.basis_kind != BasisKind::kTensor) continue;
      if (tensor && (f.dim != layout.dim || f.P_1d != layout.P_1d || f.Q_1d != layout.Q_1d)) {
        *why_not = "tensor bases of different shapes (dim " + std::to_string(layout.dim) + ", P_1d " + std::to_string(layout.P_1d) + ", Q_1d " +
                   std::to_string(layout.Q_1d) + " and field '" + f.name + "')";
        return layout;
      }
      tensor                  = true;
      layout.basis_components = std::max(layout.basis_components, (int)f.num_comp);
      layout.dim              = f.dim;
      layout.P_1d             = f.P_1d;
      layout.Q_1d             = f.Q_1d;
    }
  }
  if (tensor && non_tensor) {
    *why_not = "tensor and non-tensor bases in one operator";
    return layout;
  }
  if (tensor) {
    layout.t_1d        = std::max(layout.P_1d, layout.Q_1d);
    layout.thread_dims = layout.dim - 1;
    for (int d = 0; d < layout.thread_dims; d++) layout.threads_per_elem *= layout.t_1d;
  } else {
    layout.P_1d = layout.Q_1d = 1;
  }
  if (layout.threads_per_elem > 1024) {
    *why_not = std::to_string(layout.threads_per_elem) + " threads per element exceed a GPU block";
    return layout;
  }
  layout.switches                  = desc.gpu;
  layout.switches.exchange_buffers = ExchangeBuffers(desc);
  layout.switches.wide_exchange    = WideExchange(desc);
  layout.switches.register_columns = RegisterColumns(desc);
  layout.switches.constant_matrices = ConstantMatrices(desc);
  layout.switches.constant_derivatives = ConstantDerivatives(desc);
  layout.exchange_planes           = layout.switches.exchange_buffers;
  layout.shared_values_per_elem    = ElementSharedValues(desc, layout.threads_per_elem, layout.exchange_planes);
  if (layout.thread_dims == 2 && glue::SliceableOperator(desc)) {
    const glue::SlicedColumns plan = glue::PlanSlicedColumns(desc);
    layout.exchange_planes         = plan.exchange;
    layout.shared_values_per_elem  = ElementSharedValues(desc, layout.threads_per_elem, plan.planes);
  }
  if (wavefront > 0) {
    // Fixed-block vendors (HIP) offer 64 KiB of shared memory per block.
    const int elem_bytes = layout.shared_values_per_elem * (desc.compute == CEED_SCALAR_FP32 ? 4 : 8);
    layout.max_block     = FixedBlockSize(layout.threads_per_elem, wavefront, 65536 / elem_bytes * layout.threads_per_elem);
    layout.fixed_block = true;
    return layout;
  }
  // A block of at least one element; 256 threads keep up to 255 registers per thread available.
  layout.max_block = std::max(256, layout.threads_per_elem);
  return layout;
}

namespace {

std::string S(long long v) { return std::to_string(v); }

class GpuDialect final : public Dialect {
 public:
  GpuDialect(const ThreadLayout &layout, const std::string &name, const GpuDialectOptions &options)
      : l_(layout), name_(name), options_(options) {}
  std::string              Name() const override { return name_; }
  std::vector<std::string> TemplateFiles() const override {
    return {"gpu/ceed-gen-gpu.h",   "gpu/ceed-gen-gpu-restriction.h", "gpu/ceed-gen-gpu-basis.h", "ceed-gen-basis.h",
            "gpu/ceed-gen-gpu-sliced.h", "gpu/ceed-gpu-qfunction-error.h"};
  }
  std::string Preamble() const override {
    // QFunction sources compiled for the device, one point per call (spec 01 §6).
    std::string text = "#define CEED_QFUNCTION(name) inline __device__ int name\n#define CEED_QFUNCTION_HELPER inline __device__\n"
                       "#define CeedPragmaSIMD\n#define CEED_Q_VLA 1\n#define CEED_GEN_THREAD_DIMS " +
                       S(l_.thread_dims) + "\n#define CEED_GEN_T_1D " + S(l_.t_1d) + "\n#define CEED_GEN_P_1D " + S(l_.P_1d) + "\n#define CEED_GEN_Q_1D " +
                       S(l_.Q_1d) + "\n#define CEED_GEN_BASIS_COMPONENTS " + S(l_.basis_components) + "\n#define CEED_GEN_SHARED_PER_ELEM " +
                       S(l_.shared_values_per_elem) + "\n#define CEED_GEN_EXCHANGE_PLANES " + S(l_.exchange_planes) + "\n";
    // The performance choices (GpuSwitches): a JIT define of the same name replaces the default. Those the host
    // reads are stated as the host applied them (the shared memory above follows them).
    auto choice = [&text](const std::string &name, long long value) { text += "#ifndef " + name + "\n#define " + name + " " + S(value) + "\n#endif\n"; };
    choice("CEED_GEN_VOLATILE_MATRICES", options_.volatile_matrix_loads);
    choice("CEED_GEN_ROLLED_SLICES", options_.rolled_slice_loops);
    choice("CEED_GEN_HELD_DERIVATIVE_ROWS", 1);
    choice("CEED_GEN_GRAD_COMPONENTS_INNER", !options_.rolled_slice_loops);
    choice("CEED_GEN_Z_COLUMNS", l_.switches.z_columns);
    choice("CEED_GEN_EXCHANGE_BUFFERS", l_.switches.exchange_buffers);
    choice("CEED_GEN_WIDE_EXCHANGE", l_.switches.wide_exchange);
    choice("CEED_GEN_REGISTER_COLUMNS", l_.switches.register_columns);
    choice("CEED_GEN_CONSTANT_MATRICES", l_.switches.constant_matrices);
    choice("CEED_GEN_CONSTANT_DERIVATIVES", l_.switches.constant_derivatives);
    return text;
  }
  int Lanes() const override { return 1; }
  // Per-thread values: the array's column (values divided by the extent of the thread dimensions).
  size_t ArrayLength(ArrayKind kind, size_t values_per_element) const override {
    const int n   = kind == ArrayKind::kNodal ? l_.P_1d : kind == ArrayKind::kTemporary ? l_.t_1d : l_.Q_1d;
    size_t    ext = 1;
    for (int d = 0; d < l_.thread_dims; d++) ext *= (size_t)n;
    return std::max<size_t>(values_per_element / ext, 1);
  }
  size_t ArrayEntryBytes() const override { return sizeof(CeedScalar); }
  void   DeclareArray(Writer &w, const std::string &name, ArrayKind, size_t, size_t length) const override {
    // Temporaries a field set does not use stay declared (the glue names them): no unused-variable warning.
    w.Line("CeedScalar " + name + "[" + S((long long)length) + "];");
    w.Line("(void)" + name + ";");
  }
  void KernelBegin(Writer &w, const OperatorDesc &desc) const override {
    // qf_error: where non-zero QFunction returns are recorded (gpu/ceed-gpu-qfunction-error.h).
    // CUDA reads the by-value arguments in place (__grid_constant__); HIP has no such qualifier.
    const char *args_qualifier = options_.grid_constant_args ? "const __grid_constant__ " : "const ";
    const std::string bounds         = S(l_.max_block) + (l_.min_blocks > 1 ? ", " + S(l_.min_blocks) : "");
    w.Line("extern \"C\" __global__ void __launch_bounds__(" + bounds + ") CeedGenOperatorKernel(" + args_qualifier +
           "CeedGenArgs args_value, const CeedGpuQFunctionError qf_error) {");
    w.Indent();
    w.Line("const CeedGenArgs *const args = &args_value;");
    StageMatrices(w, desc);
  }
  void ElementLoopBegin(Writer &w, const OperatorDesc &) const override {
    // A block-uniform condition: every thread of a block reaches the same barriers.
    // One pass: the backend launches a block per elems_per_block elements. A loop over further elements would let
    // the compiler keep everything it finds invariant in registers across its iterations.
    w.Line("const CeedInt elems_per_block = blockDim.x / CEED_GEN_THREADS_PER_ELEM;");
    w.Line("const CeedInt first = blockIdx.x * elems_per_block;");
    w.Line("if (first < args->num_elem) {");
    w.Indent();
    w.Line("const CeedInt index = first + (CeedInt)(threadIdx.x / CEED_GEN_THREADS_PER_ELEM);");
    w.Line("const CeedGenElem elem = {index, index < args->num_elem};");
  }
  void ElementLoopEnd(Writer &w) const override {
    w.Dedent();
    w.Line("}");
  }
  void KernelEnd(Writer &w) const override {
    w.Dedent();
    w.Line("}");
  }
  // Quadrature data is read where each point needs it: a whole column read up front stays live across the
  // basis work (BP3 p=4 on sm_90: 254 registers per thread, 127 when read per point).
  bool ReadsStridedInputsAtPoints() const override { return true; }
  // Per point of the thread's column: gather the fields' values, call with Q = 1, scatter the results.
  void CallQFunction(Writer &w, const OperatorDesc &desc, bool, const std::vector<std::string> &in, const std::vector<std::string> &read_at_point,
                     const std::vector<std::string> &out) const override {
    long long column = desc.num_qpts;
    for (int d = 0; d < l_.thread_dims; d++) column /= l_.Q_1d;
    w.Line("#pragma unroll");
    w.Line("for (int point = 0; point < " + S(column) + "; point++) {");
    w.Indent();
    for (size_t i = 0; i < in.size(); i++) {
      const std::string n = S(desc.inputs[i].size), name = "qf_in_" + S((long long)i);
      w.Line("CeedScalar " + name + "[" + n + "];");
      if (!read_at_point[i].empty()) w.Line(read_at_point[i] + name + ");");
      else w.Line("for (int c = 0; c < " + n + "; c++) " + name + "[c] = " + in[i] + "[c * " + S(column) + " + point];");
    }
    for (size_t i = 0; i < out.size(); i++) w.Line("CeedScalar qf_out_" + S((long long)i) + "[" + S(desc.outputs[i].size) + "];");
    CallQFunctionAtPoint(w, desc, in.size(), out.size());
    for (size_t i = 0; i < out.size(); i++) {
      const std::string n = S(desc.outputs[i].size);
      w.Line("for (int c = 0; c < " + n + "; c++) " + out[i] + "[c * " + S(column) + " + point] = qf_out_" + S((long long)i) + "[c];");
    }
    w.Dedent();
    w.Line("}");
  }
  bool SlicesTensorElements() const override { return l_.thread_dims == 2; }
  void CallQFunctionAtPoint(Writer &w, const OperatorDesc &desc, size_t num_in, size_t num_out) const override {
    std::string ins, outs;
    for (size_t i = 0; i < num_in; i++) ins += (ins.empty() ? "" : ", ") + std::string("qf_in_") + S((long long)i);
    for (size_t i = 0; i < num_out; i++) outs += (outs.empty() ? "" : ", ") + std::string("qf_out_") + S((long long)i);
    w.Line("const CeedScalar *qf_in[] = {" + (ins.empty() ? std::string("NULL") : ins) + "};");
    w.Line("CeedScalar *qf_out[] = {" + (outs.empty() ? std::string("NULL") : outs) + "};");
    // Only threads holding points of a real element report: the others ran the QFunction on unset values.
    w.Line("const int qf_ierr = " + desc.qf_kernel_name + "(args->qf_context, 1, qf_in, qf_out);");
    w.Line("if (qf_ierr && elem.active && CeedGenOwnsColumn<CEED_GEN_Q_1D>()) CeedGpuRecordQFunctionError(qf_error, qf_ierr);");
  }
  std::string TensorMatrix(const OperatorDesc &desc, bool is_input, int index, bool grad) const override {
    const std::string staged = StagedName(desc, is_input, index, grad);
    return staged.empty() ? Dialect::TensorMatrix(desc, is_input, index, grad) : staged;
  }

 private:
  // Tensor kernels read their 1D matrices from shared memory copies (CeedGenMatrixEntry in gpu/ceed-gen-gpu-basis.h
  // says why they are loaded where used).
  // One copy per basis and matrix: the name of the first field using the same one.
  static std::string StagedName(const OperatorDesc &desc, bool is_input, int index, bool grad) {
    const FieldDesc &f = (is_input ? desc.inputs : desc.outputs)[index];
    for (int side = 0; side < 2; side++) {
      const std::vector<FieldDesc> &fields = side == 0 ? desc.inputs : desc.outputs;
      for (size_t i = 0; i < fields.size(); i++) {
        if (fields[i].basis == f.basis && UsesMatrix(fields[i], grad)) {
          return std::string("ceed_gen_") + (side == 0 ? "in_" : "out_") + S((long long)i) + (grad ? "_grad" : "_interp");
        }
      }
    }
    return std::string();
  }
  static bool UsesMatrix(const FieldDesc &f, bool grad) {
    if (f.basis_kind != BasisKind::kTensor) return false;
    if (grad) return f.eval_mode == CEED_EVAL_GRAD;
    return (f.eval_mode == CEED_EVAL_INTERP || f.eval_mode == CEED_EVAL_GRAD) && !f.identity_interp;
  }
  void StageMatrices(Writer &w, const OperatorDesc &desc) const {
    bool staged = false;
    for (int side = 0; side < 2; side++) {
      const std::vector<FieldDesc> &fields = side == 0 ? desc.inputs : desc.outputs;
      for (size_t i = 0; i < fields.size(); i++) {
        for (bool grad : {false, true}) {
          const std::string name = std::string("ceed_gen_") + (side == 0 ? "in_" : "out_") + S((long long)i) + (grad ? "_grad" : "_interp");
          if (!UsesMatrix(fields[i], grad) || StagedName(desc, side == 0, (int)i, grad) != name) continue;
          const FieldDesc  &f    = fields[i];
          // [Q_1d][row] with rows padded to CeedGenMatrixRow values (gpu/ceed-gen-gpu-basis.h says why).
          const std::string row  = S(grad && f.collocated_grad ? f.Q_1d : f.P_1d), padded = "CeedGenMatrixRow(" + row + ")";
          const std::string n    = S(f.Q_1d) + " * " + row;
          const std::string from = std::string("args->") + (side == 0 ? "inputs[" : "outputs[") + S((long long)i) + "]." + (grad ? "grad" : "interp");
          w.Line("__shared__ CeedScalar " + name + "[" + S(f.Q_1d) + " * " + padded + "];");
          w.Line("for (int i = threadIdx.x; i < " + n + "; i += blockDim.x) " + name + "[i / " + row + " * " + padded + " + i % " + row + "] = " + from +
                 "[i];");
          staged = true;
        }
      }
    }
    if (staged) w.Line("__syncthreads();");
  }

  ThreadLayout l_;
  std::string  name_;
  GpuDialectOptions options_;
};

}  // namespace

std::unique_ptr<Dialect> CreateGpuDialect(const ThreadLayout &layout, const std::string &name, const GpuDialectOptions &options) {
  return std::make_unique<GpuDialect>(layout, name, options);
}

}  // namespace ceed::gen
