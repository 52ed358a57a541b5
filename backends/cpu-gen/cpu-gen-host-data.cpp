// /cpu/self/gen: the host data fused kernels read (see cpu-gen-operator.hpp).
#include <algorithm>
#include <cstdint>
#include <map>
#include <type_traits>

#include "cpu-gen-operator.hpp"

namespace ceed::cpu_gen {
namespace {

using ceed::gen::BasisKind;
using ceed::gen::FieldDesc;
using ceed::gen::RestrictionKind;

// Offsets (and orientations) interleaved per batch: [batch][node][lane]. Everything is allocated before the
// restriction's arrays are checked out (an allocation failing in between would leave them checked out) and kept
// only when complete.
int InterleaveRestriction(GenOperator *d, const FieldDesc &f, int lanes) {
  if (d->indices.count(f.rstr)) return CEED_ERROR_SUCCESS;
  const CeedInt  num_elem = d->desc.num_elem, es = f.elem_size;
  const CeedSize num_batches = (num_elem + lanes - 1) / lanes, n = num_batches * es * lanes;
  auto           element = [&](CeedSize b, CeedInt l) { return std::min<CeedSize>(b * lanes + l, num_elem - 1); };
  const bool     oriented = f.rstr_kind == RestrictionKind::kOriented;
  std::vector<CeedInt>    idx(n);
  std::unique_ptr<bool[]> o(oriented ? new bool[n] : nullptr);
  const CeedInt          *offsets = nullptr;
  CeedCallBackend(CeedElemRestrictionGetOffsets(f.rstr, CEED_MEM_HOST, &offsets));
  for (CeedSize b = 0; b < num_batches; b++) {
    for (CeedInt i = 0; i < es; i++) {
      for (CeedInt l = 0; l < lanes; l++) idx[(b * es + i) * lanes + l] = offsets[element(b, l) * es + i];
    }
  }
  CeedCallBackend(CeedElemRestrictionRestoreOffsets(f.rstr, &offsets));
  if (oriented) {
    const bool *orients = nullptr;
    CeedCallBackend(CeedElemRestrictionGetOrientations(f.rstr, CEED_MEM_HOST, &orients));
    for (CeedSize b = 0; b < num_batches; b++) {
      for (CeedInt i = 0; i < es; i++) {
        for (CeedInt l = 0; l < lanes; l++) o[(b * es + i) * lanes + l] = orients[element(b, l) * es + i];
      }
    }
    CeedCallBackend(CeedElemRestrictionRestoreOrientations(f.rstr, &orients));
    d->orients[f.rstr] = std::move(o);
  }
  d->indices[f.rstr] = std::move(idx);
  return CEED_ERROR_SUCCESS;
}

// Even-odd packing of a rows x cols matrix with M(rows-1-k, cols-1-j) = +-M(k, j), for the contraction with M
// then with its transpose (jit/gen/cpu/ceed-gen-cpu-basis.h, CeedGenContractEvenOdd): for the K x J
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
    // Allocated before the offsets are checked out (see InterleaveRestriction), dropped if the rows are not contiguous.
    const CeedInt        num_rows    = es / R;
    const CeedSize       num_batches = (num_elem + lanes - 1) / lanes;
    std::vector<CeedInt> starts(num_batches * num_rows * lanes);
    const CeedInt       *offsets = nullptr;
    CeedCallBackend(CeedElemRestrictionGetOffsets(f.rstr, CEED_MEM_HOST, &offsets));
    // One pass over the offsets, element by element (a prepare at 10^6 elements reads 32 MB of them).
    bool contiguous = true;
    for (CeedSize b = 0; b < num_batches && contiguous; b++) {
      for (CeedInt l = 0; l < lanes && contiguous; l++) {
        const CeedInt *row = offsets + std::min<CeedSize>(b * lanes + l, num_elem - 1) * es;
        CeedInt       *out = starts.data() + b * num_rows * lanes + l;
        for (CeedInt r = 0; r < num_rows; r++, row += R) {
          int gaps = 0;
          for (CeedInt i = 1; i < R; i++) gaps += row[i] != row[0] + i * node_stride;
          contiguous = contiguous && !gaps;
          out[r * lanes] = row[0];
        }
      }
    }
    CeedCallBackend(CeedElemRestrictionRestoreOffsets(f.rstr, &offsets));
    if (!contiguous) starts = std::vector<CeedInt>();
    d->row_starts[f.rstr] = std::move(starts);
  }
  if (!d->row_starts[f.rstr].empty()) {
    f.contiguous_rows = R;
    f.interlaced_rows = node_stride > 1;
  }
  return CEED_ERROR_SUCCESS;
}

// A matrix of n values as the kernel reads it: data itself, or a float copy for kernels computing in fp32.
const CeedScalar *KernelMatrix(GenOperator *d, const CeedScalar *data, size_t n) {
  if (d->desc.compute == CEED_SCALAR_FP64) return data;
  d->matrices_fp32.emplace_back(data, data + n);
  return reinterpret_cast<const CeedScalar *>(d->matrices_fp32.back().data());
}

// Keeps a matrix computed here and returns it as the kernel reads it.
const CeedScalar *KeepMatrix(GenOperator *d, std::vector<CeedScalar> &&matrix) {
  d->matrices.push_back(std::move(matrix));
  return KernelMatrix(d, d->matrices.back().data(), d->matrices.back().size());
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
    std::vector<CeedScalar> weights;
    CeedCall(ceed::gen::FieldQuadratureWeights(f, &weights));
    a->weights = KeepMatrix(d, std::move(weights));
    return CEED_ERROR_SUCCESS;
  }
  const CeedScalar *interp = nullptr, *grad = nullptr;
  if (f.basis_kind == BasisKind::kNonTensor) {
    CeedCallBackend(CeedBasisGetInterp(f.basis, &interp));
    CeedCallBackend(CeedBasisGetGrad(f.basis, &grad));
    a->interp = KernelMatrix(d, interp, (size_t)f.num_qpts * f.num_nodes);
    a->grad   = KernelMatrix(d, grad, (size_t)f.dim * f.num_qpts * f.num_nodes);
    return CEED_ERROR_SUCCESS;
  }
  CeedCallBackend(CeedBasisGetInterp1D(f.basis, &interp));
  CeedCallBackend(CeedBasisGetGrad1D(f.basis, &grad));
  a->interp = KernelMatrix(d, interp, (size_t)f.Q_1d * f.P_1d);
  a->grad   = KernelMatrix(d, grad, (size_t)f.Q_1d * f.P_1d);
  if (f.eval_mode == CEED_EVAL_GRAD && f.collocated_grad && !f.identity_interp) {
    std::vector<CeedScalar> colo;
    CeedCall(ceed::gen::CollocatedDerivative(f, &colo));
    grad    = d->matrices.emplace_back(std::move(colo)).data();
    a->grad = KernelMatrix(d, grad, (size_t)f.Q_1d * f.Q_1d);
  }
  if (f.symmetric_1d) {
    a->interp_even_odd = KeepMatrix(d, PackEvenOdd(interp, f.Q_1d, f.P_1d));
    if (f.eval_mode == CEED_EVAL_GRAD && f.collocated_grad) {
      a->grad_even_odd = KeepMatrix(d, PackEvenOdd(grad, f.Q_1d, f.Q_1d));  // the collocated derivative, [Q][Q]
    }
  }
  return CEED_ERROR_SUCCESS;
}

}  // namespace

int RefreshInterleavedInputs(GenOperator *d) {
  for (InterleavedInput &x : d->interleaved) {
    uint64_t state = 0;
    CeedCallBackend(CeedVectorGetState(x.vec, &state));
    if (x.valid && state == x.state) continue;
    const FieldDesc  &f = d->desc.inputs[x.field];
    const CeedInt     lanes = d->lanes, nc = f.num_comp, es = f.elem_size, num_elem = d->desc.num_elem;
    const CeedSize    num_batches = (num_elem + lanes - 1) / lanes;
    const void       *u           = nullptr;
    CeedCallBackend(CeedVectorGetArrayReadTyped(x.vec, CEED_MEM_HOST, x.read_type, &u));
    auto interleave = [&](auto *data, const auto *values) {
      using T = std::remove_pointer_t<decltype(data)>;
      for (CeedSize b = 0; b < num_batches; b++) {
        for (CeedInt l = 0; l < lanes; l++) {
          const auto *elem = values + std::min<CeedSize>(b * lanes + l, num_elem - 1) * f.strides[2];
          T          *out  = data + b * nc * es * lanes + l;
          for (CeedInt c = 0; c < nc; c++) {
            for (CeedInt n = 0; n < es; n++) out[(c * es + n) * lanes] = (T)elem[(CeedSize)n * f.strides[0] + (CeedSize)c * f.strides[1]];
          }
        }
      }
    };
    const bool from_fp32 = x.read_type == CEED_SCALAR_FP32, to_fp32 = x.storage == CEED_SCALAR_FP32;
    if (from_fp32 && to_fp32) interleave(static_cast<float *>(x.data), static_cast<const float *>(u));
    else if (from_fp32) interleave(static_cast<double *>(x.data), static_cast<const float *>(u));
    else if (to_fp32) interleave(static_cast<float *>(x.data), static_cast<const double *>(u));
    else interleave(static_cast<double *>(x.data), static_cast<const double *>(u));
    CeedCallBackend(CeedVectorRestoreArrayReadTyped(x.vec, &u));
    x.state                                = state;
    x.valid                                = true;
    d->args.inputs[x.field].interleaved = static_cast<const CeedScalar *>(x.data);
  }
  return CEED_ERROR_SUCCESS;
}

int SetUpHostData(GenOperator *d) {
  for (size_t i = 0; i < d->desc.inputs.size(); i++) {
    FieldDesc &f = d->desc.inputs[i];
    if (f.eval_mode != CEED_EVAL_NONE || f.rstr_kind != RestrictionKind::kStrided || f.vec == CEED_VECTOR_ACTIVE) continue;
    f.host_interleaved = true;
    InterleavedInput x;
    x.field     = i;
    x.vec       = f.vec;
    x.read_type = f.storage;
    // A kernel computing in fp32 would round fp64 data at every application: rounded once here instead, it
    // streams half the bytes and gives the same values. The kernel then reads the element arrays' precision.
    x.storage = d->desc.compute == CEED_SCALAR_FP32 ? CEED_SCALAR_FP32 : f.storage;
    f.storage = x.storage;
    const CeedSize num_batches = (d->desc.num_elem + d->lanes - 1) / d->lanes;
    const size_t   num_values  = (size_t)(num_batches * f.num_comp * f.elem_size * d->lanes);
    d->interleaved.reserve(d->interleaved.size() + 1);  // so that the push_back below cannot lose x.data
    CeedCallBackend(CeedMallocArray(num_values, x.storage == CEED_SCALAR_FP32 ? sizeof(float) : sizeof(double), &x.data));
    d->interleaved.push_back(x);
  }
  for (auto *fields : {&d->desc.inputs, &d->desc.outputs}) {
    for (FieldDesc &f : *fields) CeedCall(DetectContiguousRows(d, f, d->lanes));
  }
  for (size_t i = 0; i < d->desc.inputs.size(); i++) CeedCall(SetUpField(d, d->desc.inputs[i], d->lanes, &d->args.inputs[i]));
  for (size_t i = 0; i < d->desc.outputs.size(); i++) CeedCall(SetUpField(d, d->desc.outputs[i], d->lanes, &d->args.outputs[i]));
  return CEED_ERROR_SUCCESS;
}

int PartitionBatches(CeedOperator op, GenOperator *d, int threads) {
  const CeedInt  lanes = d->lanes, num_elem = d->desc.num_elem;
  const CeedSize num_batches = (num_elem + lanes - 1) / lanes;
  // Starting threads costs tens of microseconds: worth it from 32 batches per thread on.
  if (threads < 2 || num_batches < 32 * (CeedSize)threads) return CEED_ERROR_SUCCESS;
  // The QFunction runs on several threads at once: not with a context it may write.
  CeedQFunction        qf  = nullptr;
  CeedQFunctionContext ctx = nullptr;
  CeedCallBackend(CeedOperatorGetQFunction(op, &qf));
  CeedCallBackend(CeedQFunctionGetContext(qf, &ctx));
  bool writable = false;
  if (ctx) CeedCallBackend(CeedQFunctionIsContextWritable(qf, &writable));
  if (writable) {
    CeedDebug(CeedOperatorReturnCeed(op), "/cpu/self/gen: one thread for this operator: its QFunction context is writable");
    return CEED_ERROR_SUCCESS;
  }
  // Passive inputs must not be written by the operator (outputs read while other threads write them).
  for (const FieldDesc &out : d->desc.outputs) {
    for (const FieldDesc &in : d->desc.inputs) {
      if (out.vec != CEED_VECTOR_ACTIVE && out.vec == in.vec) return CEED_ERROR_SUCCESS;
    }
  }
  auto chunk_of = [&](CeedSize b) { return (int)(b * threads / num_batches); };
  // The output entries (L-vector indices) every element writes, per output field.
  struct OutputEntries {
    const FieldDesc *f           = nullptr;
    CeedSize         l_size      = 0;
    const CeedInt   *offsets     = nullptr;
    CeedInt          comp_stride = 1;
  };
  std::vector<OutputEntries> outputs;
  for (const FieldDesc &f : d->desc.outputs) {
    OutputEntries o;
    o.f = &f;
    CeedCallBackend(CeedElemRestrictionGetLVectorSize(f.rstr, &o.l_size));
    if (f.rstr_kind != RestrictionKind::kStrided) {
      CeedCallBackend(CeedElemRestrictionGetOffsets(f.rstr, CEED_MEM_HOST, &o.offsets));
      CeedCallBackend(CeedElemRestrictionGetCompStride(f.rstr, &o.comp_stride));
    }
    outputs.push_back(o);
  }
  // Calls visit(vector, entry) for every valid output entry of batch b.
  auto for_each_entry = [&](CeedSize b, auto visit) {
    for (const OutputEntries &o : outputs) {
      const FieldDesc &f = *o.f;
      for (CeedSize e = b * lanes; e < std::min<CeedSize>((b + 1) * lanes, num_elem); e++) {
        for (CeedInt c = 0; c < f.num_comp; c++) {
          for (CeedInt n = 0; n < f.elem_size; n++) {
            const CeedSize i = o.offsets ? (CeedSize)o.offsets[e * f.elem_size + n] + (CeedSize)c * o.comp_stride
                                         : (CeedSize)n * f.strides[0] + (CeedSize)c * f.strides[1] + e * f.strides[2];
            if (i >= 0 && i < o.l_size) visit(f.vec, i, o.l_size);
          }
        }
      }
    }
  };
  // The chunks writing every entry, as a range [lowest, highest] (-1: none yet); a batch's range over its
  // entries says whether it is interior (its own chunk only), head or tail (one neighbour) or shared.
  std::map<CeedVector, std::vector<std::pair<int, int>>> chunks;
  for (CeedSize b = 0; b < num_batches; b++) {
    const int t = chunk_of(b);
    for_each_entry(b, [&](CeedVector v, CeedSize i, CeedSize l_size) {
      std::vector<std::pair<int, int>> &range = chunks[v];
      if ((CeedSize)range.size() < l_size) range.resize(l_size, {-1, -1});
      range[i] = range[i].first == -1 ? std::make_pair(t, t) : std::make_pair(std::min(range[i].first, t), std::max(range[i].second, t));
    });
  }
  std::vector<std::vector<CeedInt>> heads(threads), interiors(threads), tails(threads);
  std::vector<CeedInt>              shared;
  for (CeedSize b = 0; b < num_batches; b++) {
    const int t = chunk_of(b);
    int       lowest = t, highest = t;
    for_each_entry(b, [&](CeedVector v, CeedSize i, CeedSize) {
      lowest  = std::min(lowest, chunks[v][i].first);
      highest = std::max(highest, chunks[v][i].second);
    });
    if (lowest == t && highest == t) interiors[t].push_back((CeedInt)b);
    else if (lowest == t - 1 && highest == t) heads[t].push_back((CeedInt)b);
    else if (lowest == t && highest == t + 1) tails[t].push_back((CeedInt)b);
    else shared.push_back((CeedInt)b);
  }
  d->thread_batches.assign(threads, {});
  d->thread_head_tail.assign(threads, {0, 0});
  for (int t = 0; t < threads; t++) {
    std::vector<CeedInt> &batches = d->thread_batches[t];
    batches = heads[t];
    batches.insert(batches.end(), interiors[t].begin(), interiors[t].end());
    batches.insert(batches.end(), tails[t].begin(), tails[t].end());
    d->thread_head_tail[t] = {heads[t].size(), tails[t].size()};
  }
  // Shared batches in colors, no two batches of a color writing the same entry (greedy, lowest free color, up
  // to 64): each color is again split over the threads. Batches left without a color run on one thread.
  std::map<CeedVector, std::vector<uint64_t>> used;
  d->color_batches.clear();
  d->shared_batches.clear();
  for (CeedInt b : shared) {
    uint64_t taken = 0;
    for_each_entry(b, [&](CeedVector v, CeedSize i, CeedSize l_size) {
      std::vector<uint64_t> &mask = used[v];
      if ((CeedSize)mask.size() < l_size) mask.resize(l_size, 0);
      taken |= mask[i];
    });
    if (taken == ~(uint64_t)0) {
      d->shared_batches.push_back(b);
      continue;
    }
    int color = 0;
    while (taken & ((uint64_t)1 << color)) color++;
    if ((int)d->color_batches.size() <= color) d->color_batches.resize(color + 1);
    d->color_batches[color].push_back(b);
    for_each_entry(b, [&](CeedVector v, CeedSize i, CeedSize) { used[v][i] |= (uint64_t)1 << color; });
  }
  for (OutputEntries &o : outputs) {
    if (o.offsets) CeedCallBackend(CeedElemRestrictionRestoreOffsets(o.f->rstr, &o.offsets));
  }
  size_t borders = 0;
  for (const auto &[head, tail] : d->thread_head_tail) borders += head + tail;
  CeedDebug(CeedOperatorReturnCeed(op),
            "/cpu/self/gen: %d threads; of %lld batches, %zu share entries with a neighbouring chunk only, %zu with others, "
            "in %zu colors (%zu left to one thread)",
            threads, (long long)num_batches, borders, shared.size(), d->color_batches.size(), d->shared_batches.size());
  return CEED_ERROR_SUCCESS;
}

void FreeHostData(GenOperator *d) {
  for (InterleavedInput &x : d->interleaved) CeedFree(&x.data);
  d->interleaved.clear();
  d->indices.clear();
  d->row_starts.clear();
  d->orients.clear();
  d->matrices.clear();
  d->matrices_fp32.clear();
}

}  // namespace ceed::cpu_gen
