// /cpu/self/gen operators: one fused kernel per operator (out += G^T B^T D B G in), built on the first
// application or by CeedOperatorPrepare. Operators the generator cannot fuse (at points, H(div)/H(curl),
// curl-oriented restrictions, ...) are cloned onto the delegate /cpu/self/ref/serial context and applied
// there; CEED_DEBUG says which and why.
//
// Host data follows the cpu dialect's contract (jit-templates/cpu): offset indices and orientations are
// interleaved per batch of `lanes` elements, [batch][node][lane] (or one index per row when the rows of a
// tensor element are contiguous), the spare lanes of the last batch repeating the last element; tensor gradients taken at the quadrature points receive the collocated
// derivative matrix; weights are expanded to the points of an element.
#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <new>

#include "ceed-cpu-gen.hpp"
#include "ceed-gen.hpp"

namespace ceed_cpu_gen {
namespace {

using ceed::gen::BasisKind;
using ceed::gen::FieldDesc;
using ceed::gen::RestrictionKind;

// A passive quadrature-data input kept as element arrays [batch][comp][node][lane] and refreshed when the
// vector's state changes (a write access), so that applications stream it instead of restricting it.
struct InterleavedInput {
  size_t      field = 0;
  CeedVector  vec   = nullptr;  // borrowed: the operator field retains it
  bool        valid = false;
  uint64_t    state = 0;
  CeedScalar *data  = nullptr;
};

struct GenOperator {
  bool                                                 prepared = false;
  CeedOperator                                         fallback = nullptr;  // clone on the delegate when not fused
  ceed::gen::OperatorDesc                              desc;
  CeedGenKernel                                        kernel = nullptr;
  CeedGenArgs                                          args{};
  CeedScalar                                          *scratch = nullptr;
  std::map<CeedElemRestriction, std::vector<CeedInt>>  indices;
  std::map<CeedElemRestriction, std::vector<CeedInt>>  row_starts;  // contiguous rows: one index per row, [batch][row][lane]
  std::map<CeedElemRestriction, std::unique_ptr<bool[]>> orients;
  std::vector<std::vector<CeedScalar>>                 matrices;  // collocated derivatives and expanded weights
  std::vector<InterleavedInput>                        interleaved;
  int                                                  lanes = 1;
};

int RefreshInterleavedInputs(GenOperator *d) {
  for (InterleavedInput &x : d->interleaved) {
    uint64_t state = 0;
    CeedCallBackend(CeedVectorGetState(x.vec, &state));
    if (x.valid && state == x.state) continue;
    const FieldDesc  &f = d->desc.inputs[x.field];
    const CeedInt     lanes = d->lanes, nc = f.num_comp, es = f.elem_size, num_elem = d->desc.num_elem;
    const CeedSize    num_batches = (num_elem + lanes - 1) / lanes;
    const CeedScalar *u           = nullptr;
    CeedCallBackend(CeedVectorGetArrayRead(x.vec, CEED_MEM_HOST, &u));
    for (CeedSize b = 0; b < num_batches; b++) {
      for (CeedInt l = 0; l < lanes; l++) {
        const CeedScalar *elem = u + std::min<CeedSize>(b * lanes + l, num_elem - 1) * f.strides[2];
        CeedScalar       *out  = x.data + b * nc * es * lanes + l;
        for (CeedInt c = 0; c < nc; c++) {
          for (CeedInt n = 0; n < es; n++) out[(c * es + n) * lanes] = elem[(CeedSize)n * f.strides[0] + (CeedSize)c * f.strides[1]];
        }
      }
    }
    CeedCallBackend(CeedVectorRestoreArrayRead(x.vec, &u));
    x.state                                = state;
    x.valid                                = true;
    d->args.inputs[x.field].interleaved = x.data;
  }
  return CEED_ERROR_SUCCESS;
}

int Data(CeedOperator op, GenOperator **data) {
  CeedCallBackend(CeedOperatorGetData(op, data));
  CeedCheck(*data, CeedOperatorReturnCeed(op), CEED_ERROR_BACKEND, "CeedOperator has no /cpu/self/gen data");
  return CEED_ERROR_SUCCESS;
}

// The same operator on the delegate context, sharing QFunction, restrictions, bases and vectors.
int CreateFallback(CeedOperator op, GenOperator *d) {
  Ceed ceed = CeedOperatorReturnCeed(op), delegate = nullptr;
  CeedCallBackend(CeedGetDelegate(ceed, &delegate));
  CeedCheck(delegate, ceed, CEED_ERROR_BACKEND, "/cpu/self/gen has no delegate to run an operator it does not fuse");
  CeedQFunction qf           = nullptr;
  bool          is_at_points = false;
  CeedCallBackend(CeedOperatorGetQFunction(op, &qf));
  CeedCallBackend(CeedOperatorIsAtPoints(op, &is_at_points));
  if (is_at_points) CeedCallBackend(CeedOperatorCreateAtPoints(delegate, qf, CEED_QFUNCTION_NONE, CEED_QFUNCTION_NONE, &d->fallback));
  else CeedCallBackend(CeedOperatorCreate(delegate, qf, CEED_QFUNCTION_NONE, CEED_QFUNCTION_NONE, &d->fallback));
  CeedInt            num_in = 0, num_out = 0;
  CeedOperatorField *in = nullptr, *out = nullptr;
  CeedCallBackend(CeedOperatorGetFields(op, &num_in, &in, &num_out, &out));
  for (CeedInt i = 0; i < num_in + num_out; i++) {
    const char         *name  = nullptr;
    CeedElemRestriction rstr  = nullptr;
    CeedBasis           basis = nullptr;
    CeedVector          vec   = nullptr;
    CeedCallBackend(CeedOperatorFieldGetData(i < num_in ? in[i] : out[i - num_in], &name, &rstr, &basis, &vec));
    int ierr = CeedOperatorSetField(d->fallback, name, rstr, basis, vec);
    CeedElemRestrictionDestroy(&rstr);
    CeedBasisDestroy(&basis);
    CeedVectorDestroy(&vec);
    CeedCallBackend(ierr);
  }
  if (is_at_points) {
    CeedElemRestriction rstr_points = nullptr;
    CeedVector          coords      = nullptr;
    CeedCallBackend(CeedOperatorAtPointsGetPoints(op, &rstr_points, &coords));
    int ierr = CeedOperatorAtPointsSetPoints(d->fallback, rstr_points, coords);
    CeedElemRestrictionDestroy(&rstr_points);
    CeedVectorDestroy(&coords);
    CeedCallBackend(ierr);
  }
  return CEED_ERROR_SUCCESS;
}

// Offsets (and orientations) interleaved per batch: [batch][node][lane].
int InterleaveRestriction(GenOperator *d, const FieldDesc &f, int lanes) {
  if (d->indices.count(f.rstr)) return CEED_ERROR_SUCCESS;
  const CeedInt  num_elem = d->desc.num_elem, es = f.elem_size;
  const CeedSize num_batches = (num_elem + lanes - 1) / lanes, n = num_batches * es * lanes;
  auto           element = [&](CeedSize b, CeedInt l) { return std::min<CeedSize>(b * lanes + l, num_elem - 1); };
  const CeedInt *offsets = nullptr;
  CeedCallBackend(CeedElemRestrictionGetOffsets(f.rstr, CEED_MEM_HOST, &offsets));
  std::vector<CeedInt> &idx = d->indices[f.rstr];
  idx.resize(n);
  for (CeedSize b = 0; b < num_batches; b++) {
    for (CeedInt i = 0; i < es; i++) {
      for (CeedInt l = 0; l < lanes; l++) idx[(b * es + i) * lanes + l] = offsets[element(b, l) * es + i];
    }
  }
  CeedCallBackend(CeedElemRestrictionRestoreOffsets(f.rstr, &offsets));
  if (f.rstr_kind != RestrictionKind::kOriented) return CEED_ERROR_SUCCESS;
  const bool *orients = nullptr;
  CeedCallBackend(CeedElemRestrictionGetOrientations(f.rstr, CEED_MEM_HOST, &orients));
  std::unique_ptr<bool[]> &o = d->orients[f.rstr];
  o.reset(new bool[n]);
  for (CeedSize b = 0; b < num_batches; b++) {
    for (CeedInt i = 0; i < es; i++) {
      for (CeedInt l = 0; l < lanes; l++) o[(b * es + i) * lanes + l] = orients[element(b, l) * es + i];
    }
  }
  return CeedElemRestrictionRestoreOrientations(f.rstr, &orients);
}

// Even-odd packing of a rows x cols matrix with M(rows-1-k, cols-1-j) = +-M(k, j), for the contraction with M
// then with its transpose (jit-templates/cpu/ceed-gen-cpu-basis.h, CeedGenContractEvenOdd): for the K x J
// operator M(k, j), rows k < ceil(K/2) hold [Me(k, j) | Mo(k, j) for j < J/2 | M(k, J/2) if J is odd].
std::vector<CeedScalar> PackEvenOdd(const CeedScalar *mat, CeedInt rows, CeedInt cols) {
  std::vector<CeedScalar> packed;
  for (bool transpose : {false, true}) {
    const CeedInt K = transpose ? cols : rows, J = transpose ? rows : cols;
    auto          M = [&](CeedInt k, CeedInt j) { return transpose ? mat[j * cols + k] : mat[k * cols + j]; };
    for (CeedInt k = 0; k < (K + 1) / 2; k++) {
      for (CeedInt j = 0; j < J / 2; j++) packed.push_back(0.5 * (M(k, j) + M(k, J - 1 - j)));
      for (CeedInt j = 0; j < J / 2; j++) packed.push_back(0.5 * (M(k, j) - M(k, J - 1 - j)));
      if (J % 2) packed.push_back(M(k, J / 2));
    }
  }
  return packed;
}

// Whether the offsets of f's restriction run in contiguous rows of f.P_1d nodes (dimension 0 of its tensor
// basis); if so, keeps the first index of every row interleaved per batch and sets f.contiguous_rows.
int DetectContiguousRows(GenOperator *d, FieldDesc &f, int lanes) {
  const CeedInt R = f.P_1d, es = f.elem_size, num_elem = d->desc.num_elem;
  if (f.basis_kind != BasisKind::kTensor || f.rstr_kind != RestrictionKind::kOffset || R < 2 || R > 4 * lanes || es % R) return CEED_ERROR_SUCCESS;
  CeedInt comp_stride = 1;
  CeedCallBackend(CeedElemRestrictionGetCompStride(f.rstr, &comp_stride));
  // Nodes of a row one apart (each component a row), or num_comp apart with interlaced components.
  const CeedInt node_stride = f.num_comp > 1 && comp_stride == 1 ? f.num_comp : 1;
  if ((node_stride > 1 ? R * f.num_comp : R) > 4 * lanes) return CEED_ERROR_SUCCESS;  // longest row the templates move
  if (!d->row_starts.count(f.rstr)) {
    const CeedInt *offsets = nullptr;
    CeedCallBackend(CeedElemRestrictionGetOffsets(f.rstr, CEED_MEM_HOST, &offsets));
    bool contiguous = true;
    for (CeedSize i = 0; i < (CeedSize)num_elem * es && contiguous; i++) contiguous = i % R == 0 || offsets[i] == offsets[i - 1] + node_stride;
    std::vector<CeedInt> &starts = d->row_starts[f.rstr];
    if (contiguous) {
      const CeedInt  num_rows    = es / R;
      const CeedSize num_batches = (num_elem + lanes - 1) / lanes;
      starts.resize(num_batches * num_rows * lanes);
      for (CeedSize b = 0; b < num_batches; b++) {
        for (CeedInt r = 0; r < num_rows; r++) {
          for (CeedInt l = 0; l < lanes; l++) starts[(b * num_rows + r) * lanes + l] = offsets[std::min<CeedSize>(b * lanes + l, num_elem - 1) * es + r * R];
        }
      }
    }
    CeedCallBackend(CeedElemRestrictionRestoreOffsets(f.rstr, &offsets));
  }
  if (!d->row_starts[f.rstr].empty()) {
    f.contiguous_rows = R;
    f.interlaced_rows = node_stride > 1;
  }
  return CEED_ERROR_SUCCESS;
}

// The kernel arguments of one field, as the generator's description says the kernel reads them.
int SetUpField(GenOperator *d, const FieldDesc &f, int lanes, CeedGenFieldArgs *a) {
  if (f.contiguous_rows) {
    CeedInt comp_stride = 1;
    CeedCallBackend(CeedElemRestrictionGetCompStride(f.rstr, &comp_stride));
    a->indices     = d->row_starts[f.rstr].data();
    a->comp_stride = comp_stride;
  } else if (f.rstr_kind == RestrictionKind::kOffset || f.rstr_kind == RestrictionKind::kOriented) {
    CeedCall(InterleaveRestriction(d, f, lanes));
    CeedInt comp_stride = 1;
    CeedCallBackend(CeedElemRestrictionGetCompStride(f.rstr, &comp_stride));
    a->indices     = d->indices[f.rstr].data();
    a->orients     = f.rstr_kind == RestrictionKind::kOriented ? d->orients[f.rstr].get() : nullptr;
    a->comp_stride = comp_stride;
  }
  if (f.basis_kind == BasisKind::kNone) return CEED_ERROR_SUCCESS;
  if (f.eval_mode == CEED_EVAL_WEIGHT) {
    const CeedScalar *w = nullptr;
    CeedCallBackend(CeedBasisGetQWeights(f.basis, &w));
    std::vector<CeedScalar> weights(f.num_qpts, 1.0);
    for (CeedInt q = 0; q < f.num_qpts; q++) {
      if (f.basis_kind == BasisKind::kTensor) {
        for (CeedInt d1 = 0, r = q; d1 < f.dim; d1++, r /= f.Q_1d) weights[q] *= w[r % f.Q_1d];
      } else {
        weights[q] = w[q];
      }
    }
    d->matrices.push_back(std::move(weights));
    a->weights = d->matrices.back().data();
    return CEED_ERROR_SUCCESS;
  }
  if (f.basis_kind == BasisKind::kNonTensor) {
    CeedCallBackend(CeedBasisGetInterp(f.basis, &a->interp));
    CeedCallBackend(CeedBasisGetGrad(f.basis, &a->grad));
    return CEED_ERROR_SUCCESS;
  }
  CeedCallBackend(CeedBasisGetInterp1D(f.basis, &a->interp));
  CeedCallBackend(CeedBasisGetGrad1D(f.basis, &a->grad));
  if (f.eval_mode == CEED_EVAL_GRAD && f.collocated_grad && !f.identity_interp) {
    std::vector<CeedScalar> colo((size_t)f.Q_1d * f.Q_1d);
    CeedCallBackend(CeedBasisGetCollocatedGrad(f.basis, colo.data()));
    d->matrices.push_back(std::move(colo));
    a->grad = d->matrices.back().data();
  }
  if (f.symmetric_1d) {
    d->matrices.push_back(PackEvenOdd(a->interp, f.Q_1d, f.P_1d));
    a->interp_even_odd = d->matrices.back().data();
    if (f.eval_mode == CEED_EVAL_GRAD && f.collocated_grad) {
      d->matrices.push_back(PackEvenOdd(a->grad, f.Q_1d, f.Q_1d));  // the collocated derivative, [Q][Q]
      a->grad_even_odd = d->matrices.back().data();
    }
  }
  return CEED_ERROR_SUCCESS;
}

// A QFunction whose source is a translation unit (a program's .c file with main) or cannot be found is
// called through its function pointer; header sources are compiled into the kernel.
bool SourceCanBeInlined(Ceed ceed, const std::string &path) {
  if (path.empty()) return false;
  const std::string ext = std::filesystem::path(path).extension().string();
  if (ext == ".c" || ext == ".cc" || ext == ".cpp" || ext == ".cxx") return false;
  std::error_code ec;
  if (std::filesystem::path(path).is_absolute()) return std::filesystem::is_regular_file(path, ec);
  CeedInt      num_roots = 0;
  const char **roots     = nullptr;
  bool         found     = std::filesystem::is_regular_file(path, ec);
  if (CeedGetJitSourceRoots(ceed, &num_roots, &roots)) return false;
  for (CeedInt i = 0; i < num_roots && !found; i++) found = std::filesystem::is_regular_file(std::filesystem::path(roots[i]) / path, ec);
  CeedRestoreJitSourceRoots(ceed, &roots);
  return found;
}

int BuildFusedKernel(Ceed ceed, CeedOperator op, GenOperator *d, const HostCompiler &compiler, size_t *scratch_bytes) {
  const auto dialect = ceed::gen::CreateCpuDialect(compiler.lanes);
  const std::string &path = d->desc.qf_source_path;
  ceed::gen::KernelSource source;
  if (SourceCanBeInlined(ceed, path)) {
    char *qf_text = nullptr;
    CeedCallBackend(CeedLoadSourceToBuffer(ceed, path.c_str(), &qf_text));
    const std::string qf_source = qf_text;
    CeedCallBackend(CeedFree(&qf_text));
    CeedCall(ceed::gen::GenerateKernelSource(ceed, d->desc, *dialect, qf_source, &source));
    *scratch_bytes = source.scratch_bytes;
    CeedCall(LoadKernel(ceed, compiler, source.text, &d->kernel));
    if (d->kernel) return CEED_ERROR_SUCCESS;
    bool failed_before = false;
    CeedCall(KernelFailedBefore(ceed, compiler, source.text, &failed_before));
    std::string diagnostics;
    if (!failed_before) CeedCall(BuildKernel(ceed, compiler, source.text, false, &d->kernel, &diagnostics));
    if (d->kernel) return CEED_ERROR_SUCCESS;
    // The source does not compile as a JIT unit (e.g. host-only code): call the QFunction through its pointer.
    if (!failed_before) CeedCall(RecordKernelFailure(ceed, compiler, source.text, diagnostics));
    CeedDebug(ceed, "/cpu/self/gen: QFunction source %s does not compile into a kernel; calling %s through its pointer. %s", path.c_str(),
              d->desc.qf_kernel_name.c_str(), failed_before ? "(failure recorded in the kernel cache)" : diagnostics.c_str());
  } else {
    CeedDebug(ceed, "/cpu/self/gen: QFunction %s (source \"%s\") is called through its pointer", d->desc.qf_kernel_name.c_str(), path.c_str());
  }
  CeedQFunction qf = nullptr;
  CeedCallBackend(CeedOperatorGetQFunction(op, &qf));
  CeedCallBackend(CeedQFunctionGetUserFunction(qf, &d->args.qf_user));
  CeedCall(ceed::gen::GenerateKernelSource(ceed, d->desc, *dialect, std::string(), &source));
  *scratch_bytes = source.scratch_bytes;
  std::string diagnostics;
  return BuildKernel(ceed, compiler, source.text, true, &d->kernel, &diagnostics);
}

int Prepare(CeedOperator op) {
  GenOperator *d = nullptr;
  CeedCall(Data(op, &d));
  if (d->prepared) return CEED_ERROR_SUCCESS;
  Ceed                ceed     = CeedOperatorReturnCeed(op);
  const HostCompiler *compiler = nullptr;
  CeedCall(GetCompiler(ceed, &compiler));
  std::string why_not;
  CeedCall(ceed::gen::DescribeOperator(op, &d->desc, &why_not));
  if (why_not.empty() && (d->desc.num_qpts * compiler->lanes) % d->desc.qf_vec_length) {
    why_not = "QFunction vector length " + std::to_string(d->desc.qf_vec_length) + " does not divide the " +
              std::to_string(d->desc.num_qpts * compiler->lanes) + " points of a batch";
  }
  if (!why_not.empty()) {
    CeedDebug(ceed, "/cpu/self/gen: operator not fused (%s); applied by the delegate", why_not.c_str());
    CeedCall(CreateFallback(op, d));
    d->prepared = true;
    return CEED_ERROR_SUCCESS;
  }
  d->args          = CeedGenArgs{};
  d->args.num_elem = d->desc.num_elem;
  d->lanes         = compiler->lanes;
  for (size_t i = 0; i < d->desc.inputs.size(); i++) {
    FieldDesc &f = d->desc.inputs[i];
    if (f.eval_mode != CEED_EVAL_NONE || f.rstr_kind != RestrictionKind::kStrided || f.vec == CEED_VECTOR_ACTIVE) continue;
    f.host_interleaved = true;
    InterleavedInput x;
    x.field = i;
    x.vec   = f.vec;
    const CeedSize num_batches = (d->desc.num_elem + d->lanes - 1) / d->lanes;
    CeedCallBackend(CeedMalloc((size_t)(num_batches * f.num_comp * f.elem_size * d->lanes), &x.data));
    d->interleaved.push_back(x);
  }
  for (auto *fields : {&d->desc.inputs, &d->desc.outputs}) {
    for (FieldDesc &f : *fields) CeedCall(DetectContiguousRows(d, f, compiler->lanes));
  }
  for (size_t i = 0; i < d->desc.inputs.size(); i++) CeedCall(SetUpField(d, d->desc.inputs[i], compiler->lanes, &d->args.inputs[i]));
  for (size_t i = 0; i < d->desc.outputs.size(); i++) CeedCall(SetUpField(d, d->desc.outputs[i], compiler->lanes, &d->args.outputs[i]));
  size_t scratch_bytes = 0;
  CeedCall(BuildFusedKernel(ceed, op, d, *compiler, &scratch_bytes));
  CeedCallBackend(CeedCalloc(scratch_bytes / sizeof(CeedScalar) + 1, &d->scratch));
  CeedDebug(ceed, "/cpu/self/gen: operator fused (%d elements, %d points per element, %zu bytes of scratch)", d->desc.num_elem,
            d->desc.num_qpts, scratch_bytes);
  d->prepared = true;
  return CEED_ERROR_SUCCESS;
}

// An L-vector of the application and how the kernel uses it.
struct VectorAccess {
  CeedVector        vec   = nullptr;
  bool              write = false;
  const CeedScalar *read_array = nullptr;
  CeedScalar       *write_array = nullptr;
};

int ApplyAdd(CeedOperator op, CeedVector in, CeedVector out, CeedRequest *) {
  CeedCall(Prepare(op));
  GenOperator *d = nullptr;
  CeedCall(Data(op, &d));
  if (d->fallback) return CeedOperatorApplyAdd(d->fallback, in, out, CEED_REQUEST_IMMEDIATE);
  Ceed ceed = CeedOperatorReturnCeed(op);

  // Each distinct vector is accessed once: read-write if any output field writes it.
  std::vector<VectorAccess> access;
  CeedCall(RefreshInterleavedInputs(d));
  auto use = [&](const FieldDesc &f, bool is_input) -> int {
    if (f.eval_mode == CEED_EVAL_WEIGHT || f.host_interleaved) return -1;
    CeedVector v = f.vec == CEED_VECTOR_ACTIVE ? (is_input ? in : out) : f.vec;
    for (size_t k = 0; k < access.size(); k++) {
      if (access[k].vec == v) {
        access[k].write = access[k].write || !is_input;
        return (int)k;
      }
    }
    access.push_back({v, !is_input, nullptr, nullptr});
    return (int)access.size() - 1;
  };
  std::vector<int> in_slot(d->desc.inputs.size()), out_slot(d->desc.outputs.size());
  for (size_t i = 0; i < in_slot.size(); i++) in_slot[i] = use(d->desc.inputs[i], true);
  for (size_t i = 0; i < out_slot.size(); i++) out_slot[i] = use(d->desc.outputs[i], false);

  int ierr = CEED_ERROR_SUCCESS;
  for (VectorAccess &a : access) {
    if (ierr) break;
    if (a.write) ierr = CeedVectorGetArray(a.vec, CEED_MEM_HOST, &a.write_array);
    else ierr = CeedVectorGetArrayRead(a.vec, CEED_MEM_HOST, &a.read_array);
  }
  CeedQFunction qf      = nullptr;
  bool          has_ctx = false;
  if (!ierr) ierr = CeedOperatorGetQFunction(op, &qf);
  if (!ierr) ierr = CeedQFunctionGetContextData(qf, CEED_MEM_HOST, &d->args.qf_context);
  has_ctx = !ierr;
  int code = 0;
  if (!ierr) {
    for (size_t i = 0; i < in_slot.size(); i++) {
      const VectorAccess *a        = in_slot[i] < 0 ? nullptr : &access[in_slot[i]];
      d->args.input_vectors[i] = a ? (a->write ? a->write_array : a->read_array) : nullptr;
    }
    for (size_t i = 0; i < out_slot.size(); i++) d->args.output_vectors[i] = access[out_slot[i]].write_array;
    d->args.scratch = d->scratch;
    code            = d->kernel(&d->args);
  }
  if (has_ctx) {
    int e = CeedQFunctionRestoreContextData(qf, &d->args.qf_context);
    if (!ierr) ierr = e;
  }
  for (VectorAccess &a : access) {
    int e = CEED_ERROR_SUCCESS;
    if (a.write_array) e = CeedVectorRestoreArray(a.vec, &a.write_array);
    if (a.read_array) e = CeedVectorRestoreArrayRead(a.vec, &a.read_array);
    if (!ierr) ierr = e;
  }
  CeedCallBackend(ierr);
  if (code) {
    const char *name = nullptr;
    CeedQFunctionGetName(qf, &name);
    return CeedError(ceed, code, "User function of CeedQFunction %s returned error code %d", name ? name : "", code);
  }
  return CEED_ERROR_SUCCESS;
}

int Destroy(CeedOperator op) {
  GenOperator *d = nullptr;
  CeedCallBackend(CeedOperatorGetData(op, &d));
  if (!d) return CEED_ERROR_SUCCESS;
  int ierr = CeedOperatorDestroy(&d->fallback);
  CeedFree(&d->scratch);
  for (InterleavedInput &x : d->interleaved) CeedFree(&x.data);
  delete d;
  CeedCallBackend(CeedOperatorSetData(op, nullptr));
  return ierr;
}

}  // namespace

int OperatorCreate(CeedOperator op) {
  auto *d = new (std::nothrow) GenOperator();
  CeedCheck(d, CeedOperatorReturnCeed(op), CEED_ERROR_MAJOR, "Out of memory creating a /cpu/self/gen operator");
  CeedCallBackend(CeedOperatorSetData(op, d));
  CeedOperatorBackendOps ops{};
  ops.size     = sizeof(ops);
  ops.ApplyAdd = ApplyAdd;
  ops.Prepare  = Prepare;
  ops.Destroy  = Destroy;
  return CeedOperatorSetBackendOps(op, &ops);
}

}  // namespace ceed_cpu_gen
