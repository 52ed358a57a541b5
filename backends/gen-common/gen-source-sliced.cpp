// The sliced kernel of 3D tensor operators (dialects with SlicesTensorElements(): gpu). Why: a thread that
// holds its whole z column of every quadrature array (the gradient's three of them, the QFunction's outputs,
// the nodal arrays) needs 1.4-3x the registers libCEED's kernels use, and so keeps a third to three quarters
// as many warps resident (issue measurements on an H100: BP3 p=6 250 registers against 85).
//
// Shape, per element and per thread of its T1d x T1d tile (T1d = max(P1d, Q1d)):
//   1. read each input's nodal column and interpolate it to the Q1d points of the column (x and y through
//      the element's shared-memory slice, z in registers); identity bases use the nodal column as is;
//   2. zero one accumulator column per basis output (values at the points, [comp][Q1d]);
//   3. for each z slice k: gather the point's inputs (values at k; the gradient of slice k alone, x and y
//      through shared memory, z along the column with the collocated derivative; weights; quadrature data
//      read at the point), call the QFunction once, and add its outputs' transposed actions into the
//      accumulators (values at k; D^T of the slice's gradient, x and y back through shared memory, z into
//      every entry of the column);
//   4. interpolate the accumulators back to the nodes (transpose), sum outputs sharing a restriction and
//      vector, and write through the restriction.
// Live per thread across the slice loop: the inputs' point columns, the accumulators, one point's values;
// quadrature data is never held beyond its point.
#include <algorithm>

#include "gen-glue.hpp"

namespace ceed::gen::glue {

bool SliceableOperator(const OperatorDesc &desc) {
  bool tensor = false;
  for (const auto *fields : {&desc.inputs, &desc.outputs}) {
    for (const FieldDesc &f : *fields) {
      if (f.host_interleaved) return false;
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
          if (f.elem_size != desc.num_qpts) return false;
          break;
        default:
          return false;
      }
    }
  }
  return tensor;
}

namespace {

// "args->inputs[i]" / "args->outputs[i]"
std::string Field(bool is_input, int i) { return std::string("args->") + (is_input ? "inputs[" : "outputs[") + S(i) + "]"; }

std::string Shape(const FieldDesc &f) { return S(f.num_comp) + ", 3, " + S(f.P_1d) + ", " + S(f.Q_1d); }

}  // namespace

int GenerateSlicedKernelSource(Ceed ceed, const OperatorDesc &desc, const Dialect &dialect, const std::string &qf_source, KernelSource *source) {
  const int     num_in = (int)desc.inputs.size(), num_out = (int)desc.outputs.size(), nq = desc.num_qpts;
  int           q_1d = 0;
  size_t        tmp_values = 0;
  Writer        w;
  ArrayDeclarer declare(dialect, w);
  for (const auto *fields : {&desc.inputs, &desc.outputs}) {
    for (const FieldDesc &f : *fields) {
      if (f.basis_kind != BasisKind::kTensor) continue;
      q_1d       = f.Q_1d;
      const int t = std::max(f.P_1d, f.Q_1d);
      tmp_values = std::max(tmp_values, (size_t)f.num_comp * t * t * t);
    }
  }
  const std::string Q = S(q_1d);

  dialect.KernelBegin(w, desc);
  declare("tmp0", ArrayKind::kTemporary, tmp_values);
  declare("tmp1", ArrayKind::kTemporary, tmp_values);
  // Inputs: nodal columns (one per distinct restriction and vector) and point columns.
  std::vector<std::string> e_in(num_in), q_in(num_in), v_out(num_out), e_out(num_out);
  std::vector<int>         in_reader(num_in, -1), out_group(num_out, -1);
  for (int i = 0; i < num_in; i++) {
    const FieldDesc &f = desc.inputs[i];
    q_in[i]            = "q_in_" + S(i);
    if (f.eval_mode == CEED_EVAL_WEIGHT) {
      declare(q_in[i], ArrayKind::kWeights, nq);
      w.Line("CeedGenWeights<" + S(nq) + ">(" + Field(true, i) + ".weights, " + q_in[i] + ");");
      continue;
    }
    if (f.eval_mode == CEED_EVAL_NONE) {
      if (!ReadAtPoints(dialect, f)) declare(q_in[i], ArrayKind::kQuadrature, (size_t)f.num_comp * f.elem_size);
      continue;
    }
    DeclareInputNodal(desc, i, declare, &in_reader, &e_in);
    // Values at the points (a gradient field's too: it is differentiated slice by slice).
    if (f.identity_interp) q_in[i] = e_in[i];
    else declare(q_in[i], ArrayKind::kQuadrature, (size_t)f.num_comp * nq);
  }
  // Outputs: accumulators at the points, point columns without a basis, one nodal array per group.
  for (int i = 0; i < num_out; i++) {
    const FieldDesc &f = desc.outputs[i];
    v_out[i]           = "v_out_" + S(i);
    declare(v_out[i], ArrayKind::kQuadrature, (size_t)(f.eval_mode == CEED_EVAL_NONE ? f.size : f.num_comp) * nq);
    if (f.eval_mode == CEED_EVAL_NONE || !StartsOutputGroup(desc, i, &out_group)) continue;
    e_out[i]     = f.identity_interp ? v_out[i] : "e_out_" + S(i);
    if (!f.identity_interp) declare(e_out[i], ArrayKind::kNodal, (size_t)f.num_comp * f.elem_size);
  }

  dialect.ElementLoopBegin(w, desc);
  for (int i = 0; i < num_in; i++) {
    const FieldDesc &f = desc.inputs[i];
    if (f.eval_mode == CEED_EVAL_WEIGHT) continue;
    w.Line("// input " + S(i) + ": " + Describe(f));
    if (f.eval_mode == CEED_EVAL_NONE) {
      if (!ReadAtPoints(dialect, f)) w.Line(RestrictionCall(desc, f, true, i, q_in[i]));
      continue;
    }
    if (in_reader[i] == i) w.Line(RestrictionCall(desc, f, true, i, e_in[i]));
    if (!f.identity_interp) {
      w.Line("CeedGenInterpTensor<" + Shape(f) + ", false, false>(elem, " + dialect.TensorMatrix(desc, true, i, false) + ", nullptr, " + e_in[i] + ", " + q_in[i] +
             ", tmp0, tmp1);");
    }
  }
  for (int i = 0; i < num_out; i++) {
    if (desc.outputs[i].eval_mode != CEED_EVAL_NONE) w.Line("for (int j = 0; j < " + S(desc.outputs[i].num_comp) + " * " + Q + "; j++) " + v_out[i] + "[j] = 0.0;");
  }
  w.Line("#pragma unroll");
  w.Line("for (int point = 0; point < " + Q + "; point++) {");
  w.Indent();
  for (int i = 0; i < num_in; i++) {
    const FieldDesc  &f = desc.inputs[i];
    const std::string in = "qf_in_" + S(i), n = S(f.size);
    w.Line("CeedScalar " + in + "[" + n + "];");
    switch (f.eval_mode) {
      case CEED_EVAL_GRAD:
        w.Line("CeedGenGradSlice<" + S(f.num_comp) + ", " + Q + ">(" + dialect.TensorMatrix(desc, true, i, true) + ", point, " + q_in[i] + ", " + in + ");");
        break;
      case CEED_EVAL_WEIGHT:
        w.Line(in + "[0] = " + q_in[i] + "[point];");
        break;
      default:
        if (ReadAtPoints(dialect, f)) w.Line(ReadAtPointCall(desc, f, i) + in + ");");
        else w.Line("for (int c = 0; c < " + n + "; c++) " + in + "[c] = " + q_in[i] + "[c * " + Q + " + point];");
    }
  }
  for (int i = 0; i < num_out; i++) w.Line("CeedScalar qf_out_" + S(i) + "[" + S(desc.outputs[i].size) + "];");
  dialect.CallQFunctionAtPoint(w, desc, num_in, num_out);
  for (int i = 0; i < num_out; i++) {
    const FieldDesc  &f = desc.outputs[i];
    const std::string out = "qf_out_" + S(i);
    if (f.eval_mode == CEED_EVAL_GRAD) {
      w.Line("CeedGenGradSliceTranspose<" + S(f.num_comp) + ", " + Q + ">(" + dialect.TensorMatrix(desc, false, i, true) + ", point, " + out + ", " + v_out[i] + ");");
    } else {
      w.Line("for (int c = 0; c < " + S(f.size) + "; c++) " + v_out[i] + "[c * " + Q + " + point] " + (f.eval_mode == CEED_EVAL_NONE ? "=" : "+=") + " " + out +
             "[c];");
    }
  }
  w.Dedent();
  w.Line("}");
  for (int i = 0; i < num_out; i++) {
    const FieldDesc &f = desc.outputs[i];
    w.Line("// output " + S(i) + ": " + Describe(f));
    if (f.eval_mode == CEED_EVAL_NONE) {
      w.Line(RestrictionCall(desc, f, false, i, v_out[i]));
      continue;
    }
    const int group = out_group[i];
    if (group != i && f.identity_interp) {
      w.Line("CeedGenAdd<" + S((long long)f.num_comp * f.elem_size) + ">(elem, " + v_out[i] + ", " + e_out[group] + ");");
    } else if (!f.identity_interp) {
      w.Line("CeedGenInterpTensor<" + Shape(f) + ", true, " + B(group != i) + ">(elem, " + dialect.TensorMatrix(desc, false, i, false) + ", nullptr, " + v_out[i] + ", " +
             e_out[group] + ", tmp0, tmp1);");
    }
    // Written back once all outputs of the group are summed.
    if (EndsOutputGroup(out_group, i)) w.Line(RestrictionCall(desc, desc.outputs[group], false, group, e_out[group]));
  }
  return FinishKernel(ceed, desc, dialect, qf_source, w, declare, source);
}

}  // namespace ceed::gen::glue
