// Low-order element matrices on the host, straight into the CSR values (lor-assembly.hpp).
//
// A_e[i][j] = sum over output mode mo, input mode mi and point q of B_mo[q][i] D_e(r, s)[q] B_mi[q][j], with
// D the linearized QFunction (what CeedOperatorLinearAssembleQFunction would store), probed chunk by chunk. For Q1 hexahedra on their vertices (the Gauss-Lobatto rule LOR uses)
// each gradient row has two nonzeros and each interpolation row one, so the basis rows are stored as lists
// of their nonzeros: the products with exact zeros, which add nothing, are never formed.
#include "lor-assembly.hpp"

#include <ceed/backend.h>

#include <algorithm>
#include <memory>

#include "host-array.hpp"

namespace ceedrt {
namespace parallel {
namespace lor {

namespace {

struct Nonzero {
  CeedInt    node;
  CeedScalar value;
};

// One side's active modes: unknown(mode, comp) = first_unknown + comp, and the nonzeros of its basis rows.
struct Mode {
  CeedInt                           first_unknown = 0;
  std::vector<std::vector<Nonzero>> rows;  // per point
};

struct Side {
  std::vector<Mode> modes;
  CeedInt           num_unknowns = 0;
};

// False when a field's eval mode is not INTERP or GRAD or its basis does not match the restriction.
bool ReadSide(CeedInt num_fields, CeedOperatorField *fields, const ElementDofs &dofs, CeedInt *num_qpts, Side *side) {
  for (CeedInt f = 0; f < num_fields; f++) {
    CeedVector vec = nullptr;
    CeedOperatorFieldGetVector(fields[f], &vec);
    const bool active = vec == CEED_VECTOR_ACTIVE;
    CeedVectorDestroy(&vec);
    if (!active) continue;
    CeedEvalMode eval_mode = CEED_EVAL_NONE;
    CeedBasis    basis     = nullptr, basis_ref = nullptr;
    CeedOperatorFieldGetEvalMode(fields[f], &eval_mode);
    // The getter's reference goes at once: the operator's field keeps the basis (and its matrices) alive.
    CeedOperatorFieldGetBasis(fields[f], &basis_ref);
    basis = basis_ref;
    CeedBasisDestroy(&basis_ref);
    if ((eval_mode != CEED_EVAL_INTERP && eval_mode != CEED_EVAL_GRAD) || !basis || basis == CEED_BASIS_NONE) return false;
    Ceed              ceed = CeedBasisReturnCeed(basis);
    CeedInt           P = 0, Q = 0, q_comp = 0;
    const CeedScalar *matrix = nullptr;
    CEEDRT_PARALLEL_CALL(ceed, CeedBasisGetNumNodes(basis, &P));
    CEEDRT_PARALLEL_CALL(ceed, CeedBasisGetNumQuadraturePoints(basis, &Q));
    CEEDRT_PARALLEL_CALL(ceed, CeedBasisGetNumQuadratureComponents(basis, eval_mode, &q_comp));
    if (P != dofs.elem_size || (*num_qpts && Q != *num_qpts)) return false;
    *num_qpts = Q;
    if (eval_mode == CEED_EVAL_INTERP) {
      CEEDRT_PARALLEL_CALL(ceed, CeedBasisGetInterp(basis, &matrix));
    } else {
      CEEDRT_PARALLEL_CALL(ceed, CeedBasisGetGrad(basis, &matrix));
    }
    // The QFunction sees the field as [mode][comp] at each point.
    for (CeedInt k = 0; k < q_comp; k++) {
      Mode mode;
      mode.first_unknown = side->num_unknowns + k * dofs.num_comp;
      mode.rows.resize(Q);
      for (CeedInt q = 0; q < Q; q++) {
        const CeedScalar *row = matrix + ((size_t)k * Q + q) * P;
        for (CeedInt i = 0; i < P; i++) {
          if (row[i] != 0.0) mode.rows[q].push_back({i, row[i]});
        }
      }
      side->modes.push_back(std::move(mode));
    }
    side->num_unknowns += q_comp * dofs.num_comp;
  }
  return !side->modes.empty();
}

// D(r, s) at every point of a range of elements, [element][r * S_out + s][point], by applying the
// QFunction to unit probes of each active input unknown in chunks of elements that stay in cache (the
// operator's QFunction assembly would store all of D, 9 values per point for diffusion, and read it back).
// Handles operators whose passive inputs are stored quadrature data (EVAL_NONE through a strided restriction)
// and that have no passive outputs: the form of LOR operators.
class ChunkedQFunctionProbe {
 public:
  static constexpr CeedInt chunk_elems = 128;

  // False when op has another form.
  bool Init(CeedOperator op, CeedInt num_qpts, CeedInt S_in, CeedInt S_out) {
    Ceed ceed = CeedOperatorReturnCeed(op);
    Q_ = num_qpts, S_in_ = S_in, S_out_ = S_out;
    CeedInt             num_in = 0, num_out = 0, qf_in = 0, qf_out = 0, vec_length = 1;
    CeedOperatorField  *in = nullptr, *out = nullptr;
    CeedQFunctionField *qf_in_fields = nullptr, *qf_out_fields = nullptr;
    CEEDRT_PARALLEL_CALL(ceed, CeedOperatorGetFields(op, &num_in, &in, &num_out, &out));
    CEEDRT_PARALLEL_CALL(ceed, CeedOperatorGetQFunction(op, &qf_));
    CEEDRT_PARALLEL_CALL(ceed, CeedQFunctionGetFields(qf_, &qf_in, &qf_in_fields, &qf_out, &qf_out_fields));
    CEEDRT_PARALLEL_CALL(ceed, CeedQFunctionGetVectorLength(qf_, &vec_length));
    if (qf_in != num_in || qf_out != num_out) return false;
    points_ = (chunk_elems * Q_ + vec_length - 1) / vec_length * vec_length;
    for (CeedInt i = 0; i < num_in + num_out; i++) {
      const bool        is_input = i < num_in;
      CeedOperatorField field    = is_input ? in[i] : out[i - num_in];
      Field             f;
      CeedVector        vec = nullptr;
      CEEDRT_PARALLEL_CALL(ceed, CeedQFunctionFieldGetSize(is_input ? qf_in_fields[i] : qf_out_fields[i - num_in], &f.size));
      CEEDRT_PARALLEL_CALL(ceed, CeedOperatorFieldGetVector(field, &vec));
      // Borrowed: the getter's reference goes at once, the operator's field keeps the vector alive.
      CeedVector vec_ref = vec;
      CeedVectorDestroy(&vec_ref);
      f.active = vec == CEED_VECTOR_ACTIVE;
      if (!f.active) {
        CeedEvalMode        eval_mode = CEED_EVAL_NONE;
        CeedElemRestriction rstr      = nullptr;
        CEEDRT_PARALLEL_CALL(ceed, CeedOperatorFieldGetEvalMode(field, &eval_mode));
        if (!is_input || eval_mode != CEED_EVAL_NONE || !vec || vec == CEED_VECTOR_NONE) return false;
        CEEDRT_PARALLEL_CALL(ceed, CeedOperatorFieldGetElemRestriction(field, &rstr));
        CeedRestrictionType type = CEED_RESTRICTION_STANDARD;
        // With CEED_STRIDES_BACKEND the strides are the backend's L-vector layout (an error if it set none).
        const bool strided = CeedElemRestrictionGetType(rstr, &type) == CEED_ERROR_SUCCESS && type == CEED_RESTRICTION_STRIDED &&
                             CeedElemRestrictionGetStrides(rstr, f.strides) == CEED_ERROR_SUCCESS;
        CeedElemRestrictionDestroy(&rstr);
        if (!strided) return false;
        f.passive = vec;
      }
      f.buffer = std::make_unique<Vector>(ceed, (CeedSize)f.size * points_);
      (is_input ? inputs_ : outputs_).push_back(std::move(f));
    }
    for (Field &f : inputs_) {
      if (f.passive) f.passive_data = std::make_unique<HostArray>(f.passive, HostArray::read);
    }
    return true;
  }

  // d = D for elements [first, first + count), count <= chunk_elems.
  void Evaluate(CeedInt first, CeedInt count, CeedScalar *d) {
    const CeedInt n = count * Q_;
    for (Field &f : inputs_) {
      HostArray         buffer(*f.buffer, HostArray::write);
      const CeedScalar *src = f.passive ? f.passive_data->data() : nullptr;
      std::fill(buffer.data(), buffer.data() + (size_t)f.size * points_, 0.0);
      if (!src) continue;
      for (CeedInt e = 0; e < count; e++) {  // element by element: one pass through the stored data
        const CeedScalar *src_e = src + (CeedSize)(first + e) * f.strides[2];
        for (CeedInt c = 0; c < f.size; c++) {
          for (CeedInt q = 0; q < Q_; q++) buffer[(CeedSize)c * points_ + e * Q_ + q] = src_e[(CeedSize)c * f.strides[1] + (CeedSize)q * f.strides[0]];
        }
      }
    }
    std::vector<CeedVector> in_vecs, out_vecs;
    for (Field &f : inputs_) in_vecs.push_back(*f.buffer);
    for (Field &f : outputs_) out_vecs.push_back(*f.buffer);
    CeedInt r = 0;
    for (Field &probe : inputs_) {
      if (!probe.active) continue;
      for (CeedInt k = 0; k < probe.size; k++, r++) {
        {
          HostArray buffer(*probe.buffer, HostArray::read_write);
          std::fill(buffer.data(), buffer.data() + (size_t)probe.size * points_, 0.0);
          std::fill(buffer.data() + (size_t)k * points_, buffer.data() + (size_t)k * points_ + n, 1.0);
        }
        CEEDRT_PARALLEL_CALL(CeedQFunctionReturnCeed(qf_), CeedQFunctionApply(qf_, points_, in_vecs.data(), out_vecs.data()));
        CeedInt s = 0;
        for (Field &f : outputs_) {
          HostArray result(*f.buffer, HostArray::read);
          for (CeedInt j = 0; j < f.size; j++, s++) {
            for (CeedInt e = 0; e < count; e++) {
              std::copy_n(result.data() + (size_t)j * points_ + e * Q_, Q_, d + ((size_t)e * S_in_ * S_out_ + (size_t)r * S_out_ + s) * Q_);
            }
          }
        }
      }
      HostArray buffer(*probe.buffer, HostArray::write);
      std::fill(buffer.data(), buffer.data() + (size_t)probe.size * points_, 0.0);
    }
  }

 private:
  struct Field {
    CeedInt                    size = 0, strides[3] = {0, 0, 0};
    bool                       active = false;
    CeedVector                 passive = nullptr;  // the stored quadrature data (borrowed)
    std::unique_ptr<HostArray> passive_data;
    std::unique_ptr<Vector>    buffer;  // [comp][point] of one chunk
  };
  CeedQFunction      qf_ = nullptr;  // lent by the operator (CeedOperatorGetQFunction)
  CeedInt            Q_ = 0, S_in_ = 0, S_out_ = 0, points_ = 0;
  std::vector<Field> inputs_, outputs_;
};

}  // namespace

bool AddElementMatricesOnHost(CeedOperator op, const ElementDofs &dofs, const CsrPattern &csr, LargeArray<double> *csr_values) {
  Ceed               ceed   = CeedOperatorReturnCeed(op);
  CeedInt            num_in = 0, num_out = 0, Q = 0;
  CeedOperatorField *in = nullptr, *out = nullptr;
  CEEDRT_PARALLEL_CALL(ceed, CeedOperatorGetFields(op, &num_in, &in, &num_out, &out));
  Side side_in, side_out;
  if (!ReadSide(num_in, in, dofs, &Q, &side_in) || !ReadSide(num_out, out, dofs, &Q, &side_out)) return false;
  const CeedInt S_in = side_in.num_unknowns, S_out = side_out.num_unknowns, S = S_in * S_out;
  ChunkedQFunctionProbe probe;
  if (!probe.Init(op, Q, S_in, S_out)) return false;

  const CeedInt           n = dofs.elem_dofs(), P = dofs.elem_size, nc = dofs.num_comp, chunk = ChunkedQFunctionProbe::chunk_elems;
  std::vector<CeedScalar> element(n * n), d_chunk((size_t)chunk * S * Q);
  double                 *values = csr_values->data();
  for (CeedInt e = 0; e < dofs.num_elem; e++) {
    if (e % chunk == 0) probe.Evaluate(e, std::min(chunk, dofs.num_elem - e), d_chunk.data());
    const CeedScalar *d_e = d_chunk.data() + (size_t)(e % chunk) * S * Q;
    std::fill(element.begin(), element.end(), 0.0);
    for (CeedInt co = 0; co < nc; co++) {
      for (CeedInt ci = 0; ci < nc; ci++) {
        CeedScalar *block = element.data() + (size_t)co * P * n + ci * P;  // rows co * P + i, columns ci * P + j
        for (const Mode &mo : side_out.modes) {
          for (const Mode &mi : side_in.modes) {
            const CeedInt     r = mi.first_unknown + ci, s = mo.first_unknown + co;
            const CeedScalar *d_rs = d_e + (size_t)(r * S_out + s) * Q;
            for (CeedInt q = 0; q < Q; q++) {
              const CeedScalar dq = d_rs[q];
              if (dq == 0.0) continue;
              for (const Nonzero &bo : mo.rows[q]) {
                const CeedScalar scale = bo.value * dq;
                CeedScalar      *row   = block + (size_t)bo.node * n;
                for (const Nonzero &bi : mi.rows[q]) row[bi.node] += scale * bi.value;
              }
            }
          }
        }
      }
    }
    const CeedInt      *elem_dofs = dofs.dofs.data() + (size_t)e * n;
    const std::uint8_t *position  = csr.position.data() + (size_t)e * n * n;
    for (CeedInt l = 0; l < n; l++) {
      double             *row_values = values + csr.row_start[elem_dofs[l]];
      const std::uint8_t *row_pos    = position + (size_t)l * n;
      const CeedScalar   *a          = element.data() + (size_t)l * n;
      for (CeedInt m = 0; m < n; m++) {
        if (row_pos[m] != CsrPattern::dropped) row_values[row_pos[m]] += a[m];
      }
    }
  }
  return true;
}

}  // namespace lor
}  // namespace parallel
}  // namespace ceedrt
