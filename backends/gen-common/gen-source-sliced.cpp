// The sliced kernel of 3D tensor operators (dialects with SlicesTensorElements(): gpu). Why: a thread that
// holds its whole z column of every quadrature array (the gradient's three of them, the QFunction's outputs,
// the nodal arrays) needs 1.4-3x the registers libCEED's kernels use, and so keeps a third to three quarters
// as many warps resident (issue measurements on an H100: BP3 p=6 250 registers against 85).
//
// Shape, per element and per thread of its T1d x T1d tile (T1d = max(P1d, Q1d)):
//   1. one component at a time, read each input's nodal column and interpolate it to the Q1d points of the
//      column (x and y through the element's exchange slice, z in registers; identity bases use the nodal
//      column as is) and store it in the element's shared memory (gpu/ceed-gen-gpu-sliced.h);
//   2. zero one accumulator column per output basis (values at the points, [comp][Q1d], shared memory too);
//   3. for each z slice k: gather the point's inputs (values at k; the gradient of slice k alone, x and y
//      from the neighbours' entries of the column, z along the thread's own column with the collocated
//      derivative, or for one component from its z column made before the loop; weights and quadrature data
//      read at the point), call the QFunction once, and add its outputs' transposed actions into the
//      accumulators (values at k; D^T of the slice's gradient, x and y through exchange planes, z into every
//      entry of the column, or for one component stored in its z column and applied in step 4);
//   4. one component at a time, interpolate the accumulators back to the nodes (transpose), sum outputs
//      sharing a restriction and vector, and write through the restriction.
// Live in registers across the slice loop: one point's values, nothing per column; during steps 1 and 4 one
// component's column. Before the columns moved to shared memory (2026-11-26) the vector problems held
// 2 * 3 * Q1d column values in registers: BP4 at 160-255 registers on sm_90, p=8 spilling.
#include <algorithm>
#include <cstdio>

#include "gen-glue.hpp"

namespace ceed::gen::glue {

bool SliceableOperator(const OperatorDesc &desc) {
  bool tensor = false;
  for (const auto *fields : {&desc.inputs, &desc.outputs}) {
    for (const FieldDesc &f : *fields) {
      if (f.host_interleaved || f.contiguous_rows) return false;
      switch (f.eval_mode) {
        case CEED_EVAL_INTERP:
          if (f.basis_kind != BasisKind::kTensor || f.dim != 3) return false;
          tensor = true;
          break;
        case CEED_EVAL_GRAD:
          if (f.basis_kind != BasisKind::kTensor || f.dim != 3 || !f.collocated_grad) return false;
          tensor = true;
          break;
        case CEED_EVAL_WEIGHT:
          if (f.basis_kind != BasisKind::kTensor || f.dim != 3) return false;
          break;
        case CEED_EVAL_NONE:
          // Point data only: a column of Q1d values per component.
          if (f.elem_size != desc.num_qpts || f.size != f.num_comp) return false;
          break;
        default:
          return false;
      }
    }
  }
  return tensor;
}

namespace {

int SlicedQ1d(const OperatorDesc &desc) {
  for (const auto *fields : {&desc.inputs, &desc.outputs}) {
    for (const FieldDesc &f : *fields) {
      if (f.basis_kind == BasisKind::kTensor) return f.Q_1d;
    }
  }
  return 1;
}

// Point data read or written at each point through a strided restriction: no column.
bool StridedPointData(const FieldDesc &f) { return f.eval_mode == CEED_EVAL_NONE && f.rstr_kind == RestrictionKind::kStrided; }

bool HasBasis(const FieldDesc &f) { return f.eval_mode == CEED_EVAL_INTERP || f.eval_mode == CEED_EVAL_GRAD; }

// Columns per field: fields with a basis that read or write the same data through the same basis share one (the
// values at the points of both an interpolated and a differentiated field; the sum of outputs, transposed once).
// With hold_values, a column none of whose fields is a gradient (read or written at the thread's own points only)
// is held in registers (*held) and takes no planes; its entry in the result is then -2 - (its first field).
std::vector<int> PlanColumns(const std::vector<FieldDesc> &fields, int q_1d, bool hold_values, int *next, std::vector<bool> *held) {
  std::vector<int> plane(fields.size(), -1);
  std::vector<int> owner(fields.size(), -1);
  for (size_t i = 0; i < fields.size(); i++) {
    const FieldDesc &f = fields[i];
    if (f.eval_mode == CEED_EVAL_WEIGHT || StridedPointData(f)) continue;
    owner[i] = (int)i;
    for (size_t j = 0; j < i && owner[i] == (int)i; j++) {
      if (owner[j] >= 0 && HasBasis(f) && HasBasis(fields[j]) && SameData(f, fields[j]) && f.basis == fields[j].basis) owner[i] = owner[j];
    }
  }
  held->assign(fields.size(), false);
  for (size_t i = 0; i < fields.size(); i++) {
    if (owner[i] != (int)i) continue;
    bool gradient = false;
    for (size_t j = i; j < fields.size(); j++) gradient |= owner[j] == (int)i && fields[j].eval_mode == CEED_EVAL_GRAD;
    (*held)[i] = hold_values && !gradient;
    if ((*held)[i]) {
      plane[i] = -2 - (int)i;
    } else {
      plane[i] = *next;
      *next += fields[i].num_comp * q_1d;
    }
  }
  for (size_t i = 0; i < fields.size(); i++) {
    if (owner[i] >= 0 && owner[i] != (int)i) plane[i] = plane[owner[i]], (*held)[i] = (*held)[owner[i]];
  }
  return plane;
}

bool OwnsColumn(const std::vector<int> &plane, int i) { return plane[i] != -1 && std::find(plane.begin(), plane.end(), plane[i]) - plane.begin() == i; }

std::string Column(bool is_input, int owner) { return std::string(is_input ? "u_" : "v_") + S(owner); }

// The z column of gradient field i (SlicedColumns::z_input, z_output).
std::string ZColumn(bool is_input, int i) { return std::string(is_input ? "dz_in_" : "gz_out_") + S(i); }

// The column of field i: the name of its first field's.
std::string ColumnName(const std::vector<int> &plane, bool is_input, int i) {
  return Column(is_input, (int)(std::find(plane.begin(), plane.end(), plane[i]) - plane.begin()));
}

// `for` over the components of a field: one component's column at a time in registers (not unrolled: its body is
// the same for each, and unrolled the compiler would overlap them), unless a held column is indexed by the component
// (a register array takes constant indices only).
void ComponentLoop(Writer &w, const FieldDesc &f, bool held = false) {
  w.Line(held ? "#pragma unroll" : "#pragma unroll 1");
  w.Line("for (int c = 0; c < " + S(f.num_comp) + "; c++) {");
  w.Indent();
}

void CloseBlock(Writer &w) {
  w.Dedent();
  w.Line("}");
}

std::string Shape(const FieldDesc &f) { return "1, 3, " + S(f.P_1d) + ", " + S(f.Q_1d); }

// Component c of a column (plane offset in the glue).
std::string ColumnComponent(const std::string &column, int q_1d) { return column + " + c * " + S(q_1d) + " * CEED_GEN_PLANE"; }

// Whether the derivative rows stay in registers across the slice loop: where no field interpolates (every basis
// has its nodes at the points, BP5 and BP6), the loop is the kernel's register peak and has room (sm_90, not held:
// BP5 at 32-46 registers per thread, BP6 at 47-76); with interpolation the contractions before and after it add
// theirs (BP3 p=6 at 100-128 held, against the budget of 96).
bool HoldsDerivativeRows(const OperatorDesc &desc) {
  for (const auto *fields : {&desc.inputs, &desc.outputs}) {
    for (const FieldDesc &f : *fields) {
      if (HasBasis(f) && !f.identity_interp) return false;
    }
  }
  return true;
}

// One component's interpolation (transposed: from the points) of field f from `in` to `out` with the staged matrix,
// and its z contraction from the constant copy where there is one (CeedGenInterpColumnConstZ).
std::string Interp(const FieldDesc &f, bool transpose, bool add, const std::string &matrix, const std::string &constant, const std::string &in,
                   const std::string &out) {
  if (constant == "nullptr") {
    return "CeedGenInterpTensor<" + Shape(f) + ", " + B(transpose) + ", " + B(add) + ">(elem, " + matrix + ", nullptr, " + in + ", " + out + ", tmp0, tmp1);";
  }
  return "CeedGenInterpColumnConstZ<" + S(f.P_1d) + ", " + S(f.Q_1d) + ", " + B(transpose) + ", " + B(add) + ">(" + matrix + ", " + constant + ", " + in +
         ", " + out + ", tmp0, tmp1);";
}

// The __constant__ copies of the 1D matrices whose z contractions read the same entry in every thread of the
// element, which the constant cache serves as an operand of the FMA instead of a shared load: per field the copy's
// name ("nullptr": none), interpolations (CEED_GEN_CONSTANT_MATRICES; BP1 p=4 on sm_90: 60 of a thread's 221 shared
// loads) and collocated derivatives (CEED_GEN_CONSTANT_DERIVATIVES).
struct ConstantCopies {
  std::vector<std::string> interp_in, interp_out, grad_in, grad_out;
};

// Writes the copy `name` of an n x m matrix (row-major) in the staged layout ([n][CeedGenMatrixRow(m)]), its values
// exact (hexadecimal), once per name.
void DeclareConstantCopy(Writer &w, const std::string &name, const CeedScalar *matrix, int n, int m, std::vector<std::string> *declared) {
  if (std::find(declared->begin(), declared->end(), name) != declared->end()) return;
  declared->push_back(name);
  const int   row = m % 2 ? m : m + 1;  // CeedGenMatrixRow
  std::string values;
  for (int q = 0; q < n; q++) {
    for (int j = 0; j < row; j++) {
      char text[48];
      std::snprintf(text, sizeof(text), "(CeedScalar)%a, ", j < m ? (double)matrix[q * m + j] : 0.0);
      values += text;
    }
  }
  w.Line("__constant__ CeedScalar " + name + "[" + S((long long)n * row) + "] = {" + values + "};");
}

int DeclareConstantMatrices(Writer &w, const OperatorDesc &desc, const Dialect &dialect, ConstantCopies *copies) {
  std::vector<std::string> declared;
  for (int side = 0; side < 2; side++) {
    const std::vector<FieldDesc> &fields = side == 0 ? desc.inputs : desc.outputs;
    std::vector<std::string>     &interp = side == 0 ? copies->interp_in : copies->interp_out;
    std::vector<std::string>     &grad   = side == 0 ? copies->grad_in : copies->grad_out;
    interp.assign(fields.size(), "nullptr");
    grad.assign(fields.size(), "nullptr");
    for (size_t i = 0; i < fields.size(); i++) {
      const FieldDesc &f = fields[i];
      if (!HasBasis(f) || f.basis_kind != BasisKind::kTensor) continue;
      if (ConstantMatrices(desc) && !f.identity_interp) {
        const CeedScalar *values = nullptr;
        CeedCallBackend(CeedBasisGetInterp1D(f.basis, &values));
        interp[i] = dialect.TensorMatrix(desc, side == 0, (int)i, false) + "_const";
        DeclareConstantCopy(w, interp[i], values, f.Q_1d, f.P_1d, &declared);
      }
      if (ConstantDerivatives(desc) && f.eval_mode == CEED_EVAL_GRAD) {
        // The values the backend stages (gpu-gen-operator.cpp): the basis's own derivative where its nodes are the
        // points, else the collocated derivative.
        std::vector<CeedScalar> values((size_t)f.Q_1d * f.Q_1d);
        if (f.identity_interp) {
          const CeedScalar *grad_1d = nullptr;
          CeedCallBackend(CeedBasisGetGrad1D(f.basis, &grad_1d));
          std::copy(grad_1d, grad_1d + values.size(), values.begin());
        } else {
          CeedCallBackend(CollocatedDerivative(f, &values));
        }
        grad[i] = dialect.TensorMatrix(desc, side == 0, (int)i, true) + "_const";
        DeclareConstantCopy(w, grad[i], values.data(), f.Q_1d, f.Q_1d, &declared);
      }
    }
  }
  return CEED_ERROR_SUCCESS;
}

// The template flag of the z derivative's matrix: whether its constant copy (copy, "nullptr": none) is read.
std::string ZDerivativeFlag(const std::string &copy) { return B(copy != "nullptr"); }

}  // namespace

SlicedColumns PlanSlicedColumns(const OperatorDesc &desc) {
  SlicedColumns plan;
  // The contractions' exchange planes (CEED_GEN_EXCHANGE_BUFFERS), and a component's x and y derivatives in each
  // (CeedGenGradSliceTransposeShared).
  plan.exchange = ExchangeBuffers(desc);
  for (const FieldDesc &f : desc.outputs) {
    if (f.eval_mode == CEED_EVAL_GRAD) plan.exchange = 2 * ExchangeBuffers(desc);
  }
  // CEED_GEN_WIDE_EXCHANGE: a plane per column entry of the interpolations (one component at a time, at most t_1d).
  if (WideExchange(desc)) {
    for (const auto *fields : {&desc.inputs, &desc.outputs}) {
      for (const FieldDesc &f : *fields) {
        if (HasBasis(f) && !f.identity_interp) plan.exchange = std::max({plan.exchange, (int)f.P_1d, (int)f.Q_1d});
      }
    }
  }
  const int q_1d = SlicedQ1d(desc);
  int       next = plan.exchange;
  const bool hold = RegisterColumns(desc);
  plan.input      = PlanColumns(desc.inputs, q_1d, hold, &next, &plan.input_held);
  plan.output     = PlanColumns(desc.outputs, q_1d, hold, &next, &plan.output_held);
  // z columns (CeedGenZDerivativeColumn): one-component gradients only (vector ones would take 3 Q_1d planes each,
  // the shared memory that bounds their occupancy at p >= 7), outputs with a column of their own.
  for (int side = 0; side < 2; side++) {
    const std::vector<FieldDesc> &fields = side == 0 ? desc.inputs : desc.outputs;
    const std::vector<int>       &plane  = side == 0 ? plan.input : plan.output;
    std::vector<int>             &z      = side == 0 ? plan.z_input : plan.z_output;
    z.assign(fields.size(), -1);
    for (size_t i = 0; i < fields.size(); i++) {
      if (!desc.gpu.z_columns || fields[i].eval_mode != CEED_EVAL_GRAD || fields[i].num_comp != 1) continue;
      if (side == 1 && std::count(plane.begin(), plane.end(), plane[i]) != 1) continue;
      z[i] = next;
      next += q_1d;
    }
  }
  plan.planes = next;
  return plan;
}

int GenerateSlicedKernelSource(Ceed ceed, const OperatorDesc &desc, const Dialect &dialect, const std::string &qf_source, KernelSource *source) {
  const int           num_in = (int)desc.inputs.size(), num_out = (int)desc.outputs.size(), q_1d = SlicedQ1d(desc);
  const std::string   Q = S(q_1d);
  const SlicedColumns plan = PlanSlicedColumns(desc);
  size_t              t_1d = 1;
  Writer              w;
  ArrayDeclarer       declare(dialect, w);
  for (const auto *fields : {&desc.inputs, &desc.outputs}) {
    for (const FieldDesc &f : *fields) {
      if (f.basis_kind == BasisKind::kTensor) t_1d = std::max({t_1d, (size_t)f.P_1d, (size_t)f.Q_1d});
    }
  }

  ConstantCopies copies;
  CeedCallBackend(DeclareConstantMatrices(w, desc, dialect, &copies));
  const std::vector<std::string> &const_in = copies.interp_in, &const_out = copies.interp_out;
  dialect.KernelBegin(w, desc);
  w.Line("static_assert(CEED_GEN_SHARED_PER_ELEM >= " + S(plan.planes) + " * CEED_GEN_PLANE, \"the launch gives each element its columns\");");
  // Contraction temporaries of one component.
  declare("tmp0", ArrayKind::kTemporary, t_1d * t_1d * t_1d);
  declare("tmp1", ArrayKind::kTemporary, t_1d * t_1d * t_1d);
  dialect.ElementLoopBegin(w, desc);
  for (int side = 0; side < 2; side++) {
    const std::vector<int> &plane = side == 0 ? plan.input : plan.output;
    for (int i = 0; i < (int)plane.size(); i++) {
      const std::vector<bool> &held = side == 0 ? plan.input_held : plan.output_held;
      const FieldDesc         &f    = (side == 0 ? desc.inputs : desc.outputs)[i];
      if (OwnsColumn(plane, i) && held[i]) {
        // Outputs accumulate from zero; inputs are filled in step 1.
        w.Line("CeedScalar " + Column(side == 0, i) + "[" + S((long long)f.num_comp * q_1d) + "]" + (side == 1 ? " = {};" : ";"));
      } else if (OwnsColumn(plane, i)) {
        w.Line("CeedScalar *const " + Column(side == 0, i) + " = CeedGenSharedColumn(" + S(plane[i]) + ");");
      }
      const int z = (side == 0 ? plan.z_input : plan.z_output)[i];
      if (z >= 0) w.Line("CeedScalar *const " + ZColumn(side == 0, i) + " = CeedGenSharedColumn(" + S(z) + ");");
    }
  }
  // 1. Inputs to the points, into their columns.
  for (int i = 0; i < num_in; i++) {
    const FieldDesc &f = desc.inputs[i];
    if (!OwnsColumn(plan.input, i)) continue;
    const bool        held   = plan.input_held[i];
    const std::string column = held ? Column(true, i) + " + c * " + Q : ColumnComponent(Column(true, i), q_1d), e = "e_in_" + S(i);
    w.Line("// input " + S(i) + ": " + Describe(f) + (held ? " (column in registers)" : ""));
    ComponentLoop(w, f, held);
    w.Line("CeedScalar " + e + "[" + S(f.eval_mode == CEED_EVAL_NONE ? q_1d : f.P_1d) + "];");
    w.Line(RestrictionCall(desc, f, true, i, e, "c"));
    if (f.eval_mode == CEED_EVAL_NONE || f.identity_interp) {
      w.Line(std::string(held ? "CeedGenCopyColumn<" + Q + ", false>(" : "CeedGenStoreColumn<" + Q + ">(") + e + ", " + column + ");");
    } else if (held) {
      w.Line(Interp(f, false, false, dialect.TensorMatrix(desc, true, i, false), const_in[i], e, column));
    } else {
      w.Line("CeedScalar q[" + Q + "];");
      w.Line(Interp(f, false, false, dialect.TensorMatrix(desc, true, i, false), const_in[i], e, "q"));
      w.Line("CeedGenStoreColumn<" + Q + ">(q, " + column + ");");
    }
    CloseBlock(w);
  }
  for (int i = 0; i < num_in; i++) {
    if (plan.z_input[i] < 0) continue;
    w.Line("CeedGenZDerivativeColumn<" + Q + ", " + ZDerivativeFlag(copies.grad_in[i]) + ">(" + dialect.TensorMatrix(desc, true, i, true) + ", " +
           copies.grad_in[i] + ", " + ColumnName(plan.input, true, i) + ", " +
           ZColumn(true, i) + ");");
  }
  // 2. Accumulators (held ones start at zero).
  for (int i = 0; i < num_out; i++) {
    if (OwnsColumn(plan.output, i) && !plan.output_held[i])
      w.Line("CeedGenZeroColumn<" + S((long long)desc.outputs[i].num_comp * q_1d) + ">(" + Column(false, i) + ");");
  }
  if (plan.planes > plan.exchange) w.Line("__syncthreads();  // the columns are read across the element's threads");
  // The derivative rows each thread uses on every slice (CeedGenGradRows), one set per matrix and side.
  const bool               hold = HoldsDerivativeRows(desc);
  std::vector<std::string> in_rows(num_in), out_rows(num_out);
  for (int side = 0; side < 2; side++) {
    const std::vector<FieldDesc> &fields = side == 0 ? desc.inputs : desc.outputs;
    std::vector<std::string>     &rows   = side == 0 ? in_rows : out_rows;
    for (int i = 0; i < (int)fields.size(); i++) {
      if (fields[i].eval_mode != CEED_EVAL_GRAD) continue;
      const std::string matrix = dialect.TensorMatrix(desc, side == 0, i, true);
      for (int j = 0; j < i && rows[i].empty(); j++) {
        if (!rows[j].empty() && dialect.TensorMatrix(desc, side == 0, j, true) == matrix) rows[i] = rows[j];
      }
      if (!rows[i].empty()) continue;
      // Held on both sides (collocated gradients): on an H200 BP5 p=6 and BP6 p=4, 6 ran 1.15-1.16x faster than with
      // the transposed side's rows read from shared memory, at 96-128 registers (25-31% occupancy; docs/gpu.md).
      // CEED_GEN_HELD_DERIVATIVE_ROWS (a JIT define) 0 holds none, 2 all, 1 (default) as chosen here.
      const bool held = hold;
      rows[i]         = std::string(side == 0 ? "d_rows_in_" : "d_columns_out_") + S(i);
      w.Line("const CeedGenGradRows<" + Q + ", " + B(side == 1) + ", CeedGenHoldsDerivativeRows(" + B(held) + ")> " + rows[i] + "(" + matrix + ");");
    }
  }
  // 3. Slice by slice.
  w.Line("CEED_GEN_SLICE_LOOP");
  w.Line("for (int point = 0; point < " + Q + "; point++) {");
  w.Indent();
  for (int i = 0; i < num_in; i++) {
    const FieldDesc  &f = desc.inputs[i];
    const std::string in = "qf_in_" + S(i), nc = S(f.num_comp);
    w.Line("CeedScalar " + in + "[" + S(f.size) + "];");
    if (f.eval_mode == CEED_EVAL_WEIGHT) {
      w.Line("CeedGenWeightAtPoint<" + Q + ">(args->inputs[" + S(i) + "].weights, point, " + in + ");");
    } else if (f.eval_mode == CEED_EVAL_GRAD) {
      const bool z = plan.z_input[i] >= 0;
      w.Line("CeedGenGradSliceShared<" + nc + ", " + Q + ", " + B(z) + ", " + ZDerivativeFlag(copies.grad_in[i]) + ">(" +
             dialect.TensorMatrix(desc, true, i, true) + ", " + copies.grad_in[i] + ", " + in_rows[i] + ", point, " +
             ColumnName(plan.input, true, i) + ", " + (z ? ZColumn(true, i) : "nullptr") + ", " + in + ");");
    } else if (StridedPointData(f)) {
      w.Line(ReadAtPointCall(desc, f, i) + in + ");");
    } else {
      w.Line(std::string(plan.input_held[i] ? "CeedGenValueSliceHeld<" : "CeedGenValueSlice<") + nc + ", " + Q + ">(point, " + ColumnName(plan.input, true, i) +
             ", " + in + ");");
    }
  }
  for (int i = 0; i < num_out; i++) w.Line("CeedScalar qf_out_" + S(i) + "[" + S(desc.outputs[i].size) + "];");
  dialect.CallQFunctionAtPoint(w, desc, num_in, num_out);
  for (int i = 0; i < num_out; i++) {
    const FieldDesc  &f = desc.outputs[i];
    const std::string out = "qf_out_" + S(i), nc = S(f.num_comp);
    if (f.eval_mode == CEED_EVAL_GRAD) {
      const bool z = plan.z_output[i] >= 0;
      w.Line("CeedGenGradSliceTransposeShared<" + nc + ", " + Q + ", " + B(z) + ", " + ZDerivativeFlag(copies.grad_out[i]) + ">(" +
             dialect.TensorMatrix(desc, false, i, true) + ", " + copies.grad_out[i] + ", " + out_rows[i] +
             ", point, " + out + ", " + ColumnName(plan.output, false, i) + ", " + (z ? ZColumn(false, i) : "nullptr") + ");");
    } else if (StridedPointData(f)) {
      w.Line("CeedGenWriteStridedPoint<" + StridedShape(f) + ">(elem, " + out + ", point, " + VectorArg(desc, f, false, i) + ");");
    } else {
      w.Line(std::string(plan.output_held[i] ? "CeedGenAddValueSliceHeld<" : "CeedGenAddValueSlice<") + nc + ", " + Q + ">(point, " + out + ", " +
             ColumnName(plan.output, false, i) + ");");
    }
  }
  CloseBlock(w);
  // 4. Accumulators to the nodes, one restriction (and vector) at a time, one component at a time.
  std::vector<int> out_group(num_out, -1);
  for (int i = 0; i < num_out; i++) {
    if (HasBasis(desc.outputs[i])) StartsOutputGroup(desc, i, &out_group);
  }
  for (int i = 0; i < num_out; i++) {
    const FieldDesc &f = desc.outputs[i];
    if (StridedPointData(f)) continue;
    if (f.eval_mode == CEED_EVAL_NONE) {
      const bool held = plan.output_held[i];
      w.Line("// output " + S(i) + ": " + Describe(f) + (held ? " (column in registers)" : ""));
      ComponentLoop(w, f, held);
      w.Line("CeedScalar e_out_" + S(i) + "[" + Q + "];");
      w.Line(held ? "CeedGenCopyColumn<" + Q + ", false>(" + Column(false, i) + " + c * " + Q + ", e_out_" + S(i) + ");"
                  : "CeedGenLoadColumn<" + Q + ", false>(" + ColumnComponent(Column(false, i), q_1d) + ", e_out_" + S(i) + ");");
      w.Line(RestrictionCall(desc, f, false, i, "e_out_" + S(i), "c"));
      CloseBlock(w);
      continue;
    }
    if (!EndsOutputGroup(out_group, i)) continue;
    // The group is complete: every output of it transposed into one nodal column per component.
    const int         group = out_group[i];
    const std::string e     = "e_out_" + S(group);
    bool              held  = false;
    for (int j = group; j <= i; j++) held |= out_group[j] == group && plan.output_held[j];
    ComponentLoop(w, desc.outputs[group], held);
    w.Line("CeedScalar " + e + "[" + S(desc.outputs[group].P_1d) + "];");
    bool add = false;
    for (int j = group; j <= i; j++) {
      const FieldDesc &g = desc.outputs[j];
      if (out_group[j] != group) continue;
      w.Line("// output " + S(j) + ": " + Describe(g) + (OwnsColumn(plan.output, j) ? "" : " (summed in " + ColumnName(plan.output, false, j) + ")"));
      if (!OwnsColumn(plan.output, j)) continue;
      if (plan.output_held[j]) {
        const std::string column = Column(false, j) + " + c * " + Q;
        if (g.identity_interp) {
          w.Line("CeedGenCopyColumn<" + Q + ", " + B(add) + ">(" + column + ", " + e + ");");
        } else {
          w.Line(Interp(g, true, add, dialect.TensorMatrix(desc, false, j, false), const_out[j], column, e));
        }
        add = true;
        continue;
      }
      const std::string column = ColumnComponent(Column(false, j), q_1d);
      // The slices' z values of the gradient, transposed into the values just loaded.
      const std::string add_z = plan.z_output[j] < 0 ? "" : "CeedGenAddZDerivativeTransposeColumn<" + Q + ", " +
                                                                ZDerivativeFlag(copies.grad_out[j]) + ">(" + dialect.TensorMatrix(desc, false, j, true) +
                                                                ", " + copies.grad_out[j] + ", " + ColumnComponent(ZColumn(false, j), q_1d) + ", ";
      if (g.identity_interp) {
        w.Line("CeedGenLoadColumn<" + Q + ", " + B(add) + ">(" + column + ", " + e + ");");
        if (!add_z.empty()) w.Line(add_z + e + ");");
      } else {
        w.Line("CeedScalar q[" + Q + "];");
        w.Line("CeedGenLoadColumn<" + Q + ", false>(" + column + ", q);");
        if (!add_z.empty()) w.Line(add_z + "q);");
        w.Line(Interp(g, true, add, dialect.TensorMatrix(desc, false, j, false), const_out[j], "q", e));
      }
      add = true;
    }
    w.Line(RestrictionCall(desc, desc.outputs[group], false, group, e, "c"));
    CloseBlock(w);
  }
  return FinishKernel(ceed, desc, dialect, qf_source, w, declare, source);
}

}  // namespace ceed::gen::glue
