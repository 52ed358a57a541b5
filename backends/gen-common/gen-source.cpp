// Kernel source generation: templates plus thin glue (see the design note in ceed-gen.hpp). The glue is
// target-independent; every target-specific spelling comes from the Dialect.
#include <algorithm>
#include <fstream>
#include <iterator>

#include "ceed-gen.hpp"
#include "gen-glue.hpp"

namespace ceed::gen {

Writer &Writer::Line(const std::string &text) {
  if (!text.empty()) text_.append(2 * (size_t)depth_, ' ');
  text_ += text;
  text_ += '\n';
  return *this;
}

namespace glue {

std::string S(long long v) { return std::to_string(v); }
std::string B(bool v) { return v ? "true" : "false"; }

namespace {
const char *Side(bool is_input) { return is_input ? "inputs" : "outputs"; }
const char *Vectors(bool is_input) { return is_input ? "input_vectors" : "output_vectors"; }

const char *CType(CeedScalarType t) { return t == CEED_SCALAR_FP32 ? "float" : "double"; }
}  // namespace

// The field's L-vector argument: one stored in another precision than the kernel computes in is passed with its
// own type, and the templates convert.
std::string VectorArg(const OperatorDesc &desc, const FieldDesc &f, bool is_input, int index) {
  const std::string vec = std::string("args->") + Vectors(is_input) + "[" + S(index) + "]";
  if (f.storage == desc.compute) return vec;
  return std::string("(") + (is_input ? "const " : "") + CType(f.storage) + " *)" + vec;
}

std::string StridedShape(const FieldDesc &f) {
  return S(f.num_comp) + ", " + S(f.elem_size) + ", " + S(f.strides[0]) + ", " + S(f.strides[1]) + ", " + S(f.strides[2]);
}

// An input without a basis read through its strided restriction inside the QFunction call, point by point (the
// dialects that ask for it); the dialect completes the call with the receiving array.
bool ReadAtPoints(const Dialect &dialect, const FieldDesc &f) {
  return dialect.ReadsStridedInputsAtPoints() && f.eval_mode == CEED_EVAL_NONE && f.rstr_kind == RestrictionKind::kStrided && !f.host_interleaved;
}

std::string ReadAtPointCall(const OperatorDesc &desc, const FieldDesc &f, int index) {
  return "CeedGenReadStridedPoint<" + StridedShape(f) + ">(elem, " + VectorArg(desc, f, true, index) + ", point, ";
}

// Read (E) or transpose write (E^T) of one element array through the field's restriction.
std::string RestrictionCall(const OperatorDesc &desc, const FieldDesc &f, bool is_input, int index, const std::string &array,
                            const std::string &component) {
  const std::string field = std::string("args->") + Side(is_input) + "[" + S(index) + "]";
  std::string       vec   = VectorArg(desc, f, is_input, index);
  if (!component.empty()) vec += " + " + component + " * " + (f.rstr_kind == RestrictionKind::kStrided ? S(f.strides[1]) : field + ".comp_stride");
  const std::string shape = S(component.empty() ? f.num_comp : 1) + ", " + S(f.elem_size);
  if (f.rstr_kind == RestrictionKind::kStrided) {
    const std::string strides = (component.empty() ? S(f.num_comp) : "1") + StridedShape(f).substr(S(f.num_comp).size());
    if (is_input) return "CeedGenReadStrided<" + strides + ">(elem, " + vec + ", " + array + ");";
    return "CeedGenWriteStrided<" + strides + ">(elem, " + array + ", " + vec + ");";
  }
  if (f.contiguous_rows) {
    const std::string rows = "<" + shape + ", " + S(f.contiguous_rows) + ", " + B(f.interlaced_rows) + ">(elem, " + field + ".indices, " + field +
                             ".comp_stride, ";
    if (is_input) return "CeedGenReadRows" + rows + vec + ", " + array + ");";
    return "CeedGenWriteRows" + rows + array + ", " + vec + ");";
  }
  const std::string args = "<" + shape + ", " + B(f.rstr_kind == RestrictionKind::kOriented) + ">(elem, " + field + ".indices, " + field +
                           ".orients, " + field + ".comp_stride, ";
  if (is_input) return "CeedGenReadOffset" + args + vec + ", " + array + ");";
  return "CeedGenWriteOffset" + args + array + ", " + vec + ");";
}

// Basis action of one field: nodes -> points (inputs) or points -> nodes (outputs, optionally summed).
std::string BasisCall(const Dialect &dialect, const OperatorDesc &desc, const FieldDesc &f, bool is_input, int index, const std::string &from,
                      const std::string &to, bool add) {
  const std::string field = std::string("args->") + Side(is_input) + "[" + S(index) + "]";
  const std::string interp = dialect.TensorMatrix(desc, is_input, index, false), grad = dialect.TensorMatrix(desc, is_input, index, true);
  const std::string modes = B(!is_input) + ", " + B(add);
  if (f.basis_kind == BasisKind::kTensor) {
    const std::string shape = S(f.num_comp) + ", " + S(f.dim) + ", " + S(f.P_1d) + ", " + S(f.Q_1d);
    if (f.eval_mode == CEED_EVAL_INTERP) {
      return "CeedGenInterpTensor<" + shape + ", " + modes + ", " + B(f.symmetric_1d) + ">(elem, " + interp + ", " + field + ".interp_even_odd, " + from + ", " + to + ", tmp0, tmp1);";
    }
    if (f.collocated_grad) {
      return "CeedGenGradTensorCollocated<" + shape + ", " + B(f.identity_interp) + ", " + modes + ", " + B(f.symmetric_1d) + ">(elem, " + interp + ", " + grad + ", " + field +
             ".interp_even_odd, " + field + ".grad_even_odd, " + from + ", " + to +
             (f.identity_interp ? ", nullptr" : ", u_q") + ", tmp0, tmp1);";
    }
    return "CeedGenGradTensor<" + shape + ", " + modes + ">(elem, " + interp + ", " + grad + ", " + from + ", " + to + ", tmp0, tmp1);";
  }
  if (f.eval_mode == CEED_EVAL_INTERP) {
    return "CeedGenInterpNonTensor<" + S(f.num_comp) + ", " + S(f.num_nodes) + ", " + S(f.num_qpts) + ", " + modes + ">(elem, " + field + ".interp, " +
           from + ", " + to + ");";
  }
  return "CeedGenGradNonTensor<" + S(f.num_comp) + ", " + S(f.dim) + ", " + S(f.num_nodes) + ", " + S(f.num_qpts) + ", " + modes + ">(elem, " + field +
         ".grad, " + from + ", " + to + ");";
}

// Tensor interpolation that is the identity needs no work: the quadrature array is the nodal one.
bool IsIdentity(const FieldDesc &f) { return f.basis_kind == BasisKind::kTensor && f.eval_mode == CEED_EVAL_INTERP && f.identity_interp; }

bool SameData(const FieldDesc &a, const FieldDesc &b) { return a.rstr == b.rstr && a.vec == b.vec; }

std::string Describe(const FieldDesc &f) {
  static const char *rstr_names[] = {"none", "offset", "oriented", "strided"};
  std::string        s = "\"" + f.name + "\" " + CeedEvalModes[f.eval_mode] + ", size " + S(f.size) + ", restriction " +
                  rstr_names[(int)f.rstr_kind] + " (" + S(f.num_comp) + " comp, elem size " + S(f.elem_size) + ")";
  if (f.basis_kind == BasisKind::kTensor) {
    s += ", tensor basis dim " + S(f.dim) + " P_1d " + S(f.P_1d) + " Q_1d " + S(f.Q_1d) + (f.identity_interp ? " (collocated)" : "");
  } else if (f.basis_kind == BasisKind::kNonTensor) {
    s += ", basis dim " + S(f.dim) + " P " + S(f.num_nodes) + " Q " + S(f.num_qpts);
  }
  return s + (f.vec == CEED_VECTOR_ACTIVE ? ", active" : f.vec == CEED_VECTOR_NONE ? "" : ", passive") + (f.host_interleaved ? ", interleaved by the host" : "") +
         (f.contiguous_rows ? (f.interlaced_rows ? ", contiguous interlaced rows" : ", contiguous rows") : "") +
         (f.storage == CEED_SCALAR_FP32 ? ", stored in fp32" : "");
}

void ArrayDeclarer::operator()(const std::string &name, ArrayKind kind, size_t values) {
  const size_t length = dialect_.ArrayLength(kind, std::max<size_t>(values, 1));
  dialect_.DeclareArray(w_, name, kind, offset_, length);
  offset_ += length;
}

void DeclareInputNodal(const OperatorDesc &desc, int i, ArrayDeclarer &declare, std::vector<int> *in_reader, std::vector<std::string> *e_in) {
  const FieldDesc &f = desc.inputs[i];
  for (int j = 0; j < i && (*in_reader)[i] < 0; j++) {
    if ((*in_reader)[j] == j && SameData(desc.inputs[j], f)) (*in_reader)[i] = j;
  }
  if ((*in_reader)[i] >= 0) {
    (*e_in)[i] = (*e_in)[(*in_reader)[i]];
    return;
  }
  (*in_reader)[i] = i;
  (*e_in)[i]      = "e_in_" + S(i);
  declare((*e_in)[i], ArrayKind::kNodal, (size_t)f.num_comp * f.elem_size);
}

bool StartsOutputGroup(const OperatorDesc &desc, int i, std::vector<int> *out_group) {
  for (int j = 0; j < i && (*out_group)[i] < 0; j++) {
    if ((*out_group)[j] == j && SameData(desc.outputs[j], desc.outputs[i])) (*out_group)[i] = j;
  }
  if ((*out_group)[i] >= 0) return false;
  (*out_group)[i] = i;
  return true;
}

bool EndsOutputGroup(const std::vector<int> &out_group, int i) {
  for (size_t j = (size_t)i + 1; j < out_group.size(); j++) {
    if (out_group[j] == out_group[i]) return false;
  }
  return true;
}

int FinishKernel(Ceed ceed, const OperatorDesc &desc, const Dialect &dialect, const std::string &qf_source, Writer &w, const ArrayDeclarer &declare,
                 KernelSource *source) {
  dialect.ElementLoopEnd(w);
  dialect.KernelEnd(w);
  CeedCall(AssembleUnit(ceed, desc, dialect, qf_source, w.Text(), source));
  source->scratch_bytes = declare.ScratchBytes();
  return CEED_ERROR_SUCCESS;
}

namespace {

int ReadFile(Ceed ceed, const std::string &path, std::string *text) {
  std::ifstream file(path);
  CeedCheck(file, ceed, CEED_ERROR_BACKEND, "Cannot read JIT template %s", path.c_str());
  // Not `stream << file.rdbuf()`, which takes an allocation failing on the way for the end of the file.
  file.exceptions(std::ios::badbit);
  text->assign(std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>());
  return CEED_ERROR_SUCCESS;
}

}  // namespace

int AssembleUnit(Ceed ceed, const OperatorDesc &desc, const Dialect &dialect, const std::string &qf_source, const std::string &glue, KernelSource *source) {
  const int num_in = (int)desc.inputs.size(), num_out = (int)desc.outputs.size();
  // The translation unit: summary, preamble, ceed/types.h, templates, QFunction, glue.
  std::string text = "// Fused operator kernel generated by ceedrt (" + dialect.Name() + " dialect): " + S(desc.num_qpts) +
                     " quadrature points per element, QFunction " + desc.qf_kernel_name + (qf_source.empty() ? " (called through a pointer)" : "") +
                     "\n";
  for (int i = 0; i < num_in; i++) text += "//   input " + S(i) + ": " + Describe(desc.inputs[i]) + "\n";
  for (int i = 0; i < num_out; i++) text += "//   output " + S(i) + ": " + Describe(desc.outputs[i]) + "\n";
  // CeedScalar of the whole unit, QFunction included (ceed/types.h).
  if (desc.compute == CEED_SCALAR_FP32) text += "// computes in fp32\n#define CEED_JIT_SCALAR_FP32 1\n";
  text += dialect.Preamble();
  std::string types;
  CeedCallBackend(LoadSourceText(ceed, "ceed/types.h", &types));
  text += types;
  std::string dir;
  CeedCall(GetTemplatesDirectory(ceed, &dir));
  std::vector<std::string> files = {"ceed-gen-args.h"};
  for (const std::string &f : dialect.TemplateFiles()) files.push_back(f);
  for (const std::string &f : files) {
    std::string file_text;
    CeedCall(ReadFile(ceed, dir + "/" + f, &file_text));
    text += "#line 1 \"" + dir + "/" + f + "\"\n" + file_text;
  }
  text += qf_source;
  text += "\n// ---- generated glue ----\n#line 1 \"ceed-gen-glue\"\n" + glue;
  source->text = std::move(text);
  return CEED_ERROR_SUCCESS;
}

}  // namespace glue

using namespace glue;

int GenerateKernelSource(Ceed ceed, const OperatorDesc &desc, const Dialect &dialect, const std::string &qf_source, KernelSource *source) {
  if (dialect.SlicesTensorElements() && SliceableOperator(desc)) return GenerateSlicedKernelSource(ceed, desc, dialect, qf_source, source);
  const int num_in = (int)desc.inputs.size(), num_out = (int)desc.outputs.size(), nq = desc.num_qpts;
  Writer    w;
  ArrayDeclarer declare(dialect, w);

  dialect.KernelBegin(w, desc);
  // Contraction temporaries shared by all fields.
  size_t tmp_values = 0, u_q_values = 0;
  for (const auto *fields : {&desc.inputs, &desc.outputs}) {
    for (const FieldDesc &f : *fields) {
      if (f.basis_kind != BasisKind::kTensor) continue;
      size_t n = (size_t)f.num_comp;
      for (CeedInt d = 0; d < f.dim; d++) n *= (size_t)std::max(f.P_1d, f.Q_1d);
      tmp_values = std::max(tmp_values, n);
      if (f.eval_mode == CEED_EVAL_GRAD && f.collocated_grad && !f.identity_interp) u_q_values = std::max(u_q_values, (size_t)f.num_comp * nq);
    }
  }
  if (tmp_values) {
    declare("tmp0", ArrayKind::kTemporary, tmp_values);
    declare("tmp1", ArrayKind::kTemporary, tmp_values);
  }
  if (u_q_values) declare("u_q", ArrayKind::kTemporary, u_q_values);

  // Inputs: nodal arrays (one per distinct restriction and vector) and quadrature arrays.
  std::vector<std::string> q_in(num_in), e_in(num_in), q_out(num_out), e_out(num_out);
  std::vector<int>         in_reader(num_in, -1), out_group(num_out, -1);
  for (int i = 0; i < num_in; i++) {
    const FieldDesc &f = desc.inputs[i];
    q_in[i]            = "q_in_" + S(i);
    if (f.eval_mode == CEED_EVAL_WEIGHT) {
      declare(q_in[i], ArrayKind::kWeights, nq);
      w.Line("CeedGenWeights<" + S(nq) + ">(args->inputs[" + S(i) + "].weights, " + q_in[i] + ");");
      continue;
    }
    if (f.eval_mode == CEED_EVAL_NONE) {
      if (ReadAtPoints(dialect, f)) continue;  // no element array
      if (!f.host_interleaved || f.storage != desc.compute) declare(q_in[i], ArrayKind::kQuadrature, (size_t)f.num_comp * f.elem_size);
      continue;
    }
    DeclareInputNodal(desc, i, declare, &in_reader, &e_in);
    if (IsIdentity(f)) q_in[i] = e_in[i];
    else declare(q_in[i], ArrayKind::kQuadrature, (size_t)f.size * nq);
  }
  // Outputs: quadrature arrays, and one nodal array per distinct restriction and vector (their B^T sum).
  for (int i = 0; i < num_out; i++) {
    const FieldDesc &f = desc.outputs[i];
    q_out[i]           = "q_out_" + S(i);
    declare(q_out[i], ArrayKind::kQuadrature, (size_t)f.size * (f.eval_mode == CEED_EVAL_NONE ? (size_t)f.elem_size : (size_t)nq));
    if (f.eval_mode == CEED_EVAL_NONE || !StartsOutputGroup(desc, i, &out_group)) continue;
    e_out[i]     = IsIdentity(f) ? q_out[i] : "e_out_" + S(i);
    if (!IsIdentity(f)) declare(e_out[i], ArrayKind::kNodal, (size_t)f.num_comp * f.elem_size);
  }

  dialect.ElementLoopBegin(w, desc);
  std::vector<std::string> read_at_point(num_in);
  for (int i = 0; i < num_in; i++) {
    const FieldDesc &f = desc.inputs[i];
    if (f.eval_mode == CEED_EVAL_WEIGHT) continue;
    w.Line("// input " + S(i) + ": " + Describe(f));
    if (f.eval_mode == CEED_EVAL_NONE && f.host_interleaved) {
      const std::string n = S((long long)f.num_comp * f.elem_size), data = "args->inputs[" + S(i) + "].interleaved";
      if (f.storage == desc.compute) {
        w.Line("const auto " + q_in[i] + " = CeedGenInterleavedInput<" + n + ">(elem, " + data + ");");
      } else {
        w.Line("CeedGenConvertInterleavedInput<" + n + ">(elem, (const " + CType(f.storage) + " *)" + data + ", " + q_in[i] + ");");
      }
      continue;
    }
    if (f.eval_mode == CEED_EVAL_NONE) {
      if (ReadAtPoints(dialect, f)) {
        w.Line("// read at each point inside the QFunction call");
        read_at_point[i] = ReadAtPointCall(desc, f, i);
        continue;
      }
      w.Line(RestrictionCall(desc, f, true, i, q_in[i]));
      continue;
    }
    if (in_reader[i] == i) w.Line(RestrictionCall(desc, f, true, i, e_in[i]));
    if (!IsIdentity(f)) w.Line(BasisCall(dialect, desc, f, true, i, e_in[i], q_in[i], false));
  }
  dialect.CallQFunction(w, desc, !qf_source.empty(), q_in, read_at_point, q_out);
  for (int i = 0; i < num_out; i++) {
    const FieldDesc &f = desc.outputs[i];
    w.Line("// output " + S(i) + ": " + Describe(f));
    if (f.eval_mode == CEED_EVAL_NONE) {
      w.Line(RestrictionCall(desc, f, false, i, q_out[i]));
      continue;
    }
    const int group = out_group[i];
    if (group != i) {
      // Summed into the nodal array of the first output with the same restriction and vector.
      if (IsIdentity(f)) {
        w.Line("CeedGenAdd<" + S((long long)f.num_comp * f.elem_size) + ">(elem, " + q_out[i] + ", " + e_out[group] + ");");
      } else {
        w.Line(BasisCall(dialect, desc, f, false, i, q_out[i], e_out[group], true));
      }
    } else if (!IsIdentity(f)) {
      w.Line(BasisCall(dialect, desc, f, false, i, q_out[i], e_out[i], false));
    }
    // Written back once all outputs of the group are summed.
    if (EndsOutputGroup(out_group, i)) w.Line(RestrictionCall(desc, desc.outputs[group], false, group, e_out[group]));
  }
  return FinishKernel(ceed, desc, dialect, qf_source, w, declare, source);
}

}  // namespace ceed::gen
