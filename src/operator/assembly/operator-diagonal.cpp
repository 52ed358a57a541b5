// CeedOperator: diagonal and point-block diagonal assembly (spec 06 §7).
//
// Default algorithm: element by element, the diagonal (or the num_comp x num_comp diagonal blocks at each
// node) of T^T B_out^T D_e B_in T, written to an E-vector and summed into the L-vector with the transpose
// of the unoriented active restriction (the orientation transforms T are already applied, exactly, also
// for curl-oriented restrictions). Point-block diagonals use a "point-block restriction" with
// num_comp^2 components whose offsets place each node's block (06 §7). Inputs and outputs must use the
// same active restrictions; contributions between two different active restrictions are not part of the
// diagonal (they couple different unknowns).
#include <array>
#include <cstdlib>

#include <ceed/jit-source/assembly/ceed-element-assembly.h>

#include "operator/assembly/operator-assembly.hpp"

namespace ceed {

namespace {

// Index of the output group that uses the restriction of input group gi, or -1.
CeedInt MatchingOutput(const OperatorAssemblyData &data, CeedInt gi) {
  for (size_t go = 0; go < data.out.size(); go++)
    if (data.out[go].rstr == data.in[gi].rstr) return static_cast<CeedInt>(go);
  return -1;
}

int CheckSameRestrictions(CeedOperator op, const OperatorAssemblyData &data, const char *func) {
  bool same = data.in.size() == data.out.size();
  for (CeedInt gi = 0; same && gi < static_cast<CeedInt>(data.in.size()); gi++) same = MatchingOutput(data, gi) >= 0;
  if (!same)
    return CeedOperatorError(op->header.ceed, func, CEED_ERROR_UNSUPPORTED,
                             "Diagonal assembly needs the same active CeedElemRestrictions for inputs and outputs (operator has %d input "
                             "and %d output restrictions that differ)",
                             static_cast<int>(data.in.size()), static_cast<int>(data.out.size()));
  return CEED_ERROR_SUCCESS;
}

// The restriction that scatters one group's element diagonals: its unoriented copy, or for point blocks
// a restriction with num_comp^2 components at the node's block offsets.
int DiagonalRestriction(CeedOperator op, const AssemblyRstr &g, bool point_block, OwnedRstr &rstr, const char *func) {
  if (!point_block) return CeedElemRestrictionCreateUnorientedCopy(g.rstr, rstr.out());
  if (g.type == CEED_RESTRICTION_STRIDED)
    return CeedOperatorError(op->header.ceed, func, CEED_ERROR_UNSUPPORTED,
                             "Point-block diagonal assembly needs an active CeedElemRestriction with offsets, not a strided one");
  CeedInt  num_elem = 0, nc = g.num_comp;
  CeedSize l_size   = 0;
  CeedCall(CeedElemRestrictionGetNumElements(g.rstr, &num_elem));
  CeedCall(CeedElemRestrictionGetLVectorSize(g.rstr, &l_size));
  const CeedInt *offsets = nullptr;
  CeedCall(CeedElemRestrictionGetOffsets(g.rstr, CEED_MEM_HOST, &offsets));
  const CeedSize          num_offsets = static_cast<CeedSize>(num_elem) * g.elem_size;
  std::vector<CeedInt>    block_offsets(num_offsets);
  const CeedInt           scale = g.comp_stride == 1 ? nc : nc * nc;
  for (CeedSize k = 0; k < num_offsets; k++) block_offsets[k] = offsets[k] * scale;
  CeedCall(CeedElemRestrictionRestoreOffsets(g.rstr, &offsets));
  return CeedElemRestrictionCreate(op->header.ceed, num_elem, g.elem_size, nc * nc, 1, l_size * nc, CEED_MEM_HOST, CEED_COPY_VALUES,
                                   block_offsets.data(), rstr.out());
}

// assembled += diagonal (or point-block diagonal) of a single operator: element diagonals from the
// backend's element assembly kernels when it has them, else element by element on the host.
int SingleAddDiagonal(CeedOperator op, CeedVector assembled, bool point_block, CeedRequest *request, const char *func) {
  if (op->shape.num_elem == 0) return CEED_ERROR_SUCCESS;
  if (point_block && op->ops.LinearAssembleAddPointBlockDiagonal) return op->ops.LinearAssembleAddPointBlockDiagonal(op, assembled, request);
  if (!point_block && op->ops.LinearAssembleAddDiagonal) return op->ops.LinearAssembleAddDiagonal(op, assembled, request);
  const OperatorAssemblyData *data = nullptr;
  CeedCall(OperatorGetAssemblyData(op, &data, func));
  CeedCall(CheckSameRestrictions(op, *data, func));
  const bool              on_backend = BackendElementAssembler::Available(op, *data);
  BackendElementAssembler kernels;
  ElementAssembler        assembler;
  if (on_backend) CeedCall(kernels.Init(op, request, func));
  else CeedCall(assembler.Init(op, request, func));
  const CeedMemType mem_type = on_backend ? kernels.mem_type() : CEED_MEM_HOST;

  // One E-vector per active restriction.
  const size_t             num_groups = data->in.size();
  std::vector<OwnedRstr>   rstrs(num_groups);
  std::vector<OwnedVector> e_vecs(num_groups);
  std::vector<VectorWrite> e_data(num_groups);
  std::vector<std::array<CeedInt, 3>> layouts(num_groups);
  for (size_t g = 0; g < num_groups; g++) {
    CeedCall(DiagonalRestriction(op, data->in[g], point_block, rstrs[g], func));
    CeedCall(CeedElemRestrictionCreateVector(rstrs[g], nullptr, e_vecs[g].out()));
    CeedCall(CeedElemRestrictionGetELayout(rstrs[g], layouts[g].data()));
    CeedCall(e_data[g].Get(e_vecs[g], false, mem_type));
  }
  if (on_backend) {
    const int kind = point_block ? CEED_ELEMENT_ASSEMBLY_POINT_BLOCK_DIAGONAL : CEED_ELEMENT_ASSEMBLY_DIAGONAL;
    for (CeedInt gi = 0; gi < static_cast<CeedInt>(num_groups); gi++)
      CeedCall(kernels.Run(kind, gi, MatchingOutput(*data, gi), e_data[gi].data(), layouts[gi].data(), 0));
  } else {
    std::vector<CeedScalar> node_values;
    for (CeedInt e = 0; e < data->num_elem; e++) {
      CeedCall(assembler.SetElement(e));
      for (CeedInt gi = 0; gi < static_cast<CeedInt>(num_groups); gi++) {
        const CeedInt go = MatchingOutput(*data, gi), nc = data->in[gi].num_comp, P = data->in[gi].elem_size;
        const auto   &layout = layouts[gi];
        // Component k of the scattered E-vector: c (diagonal) or c_out * nc + c_in (point blocks).
        for (CeedInt co = 0; co < nc; co++) {
          for (CeedInt ci = 0; ci < nc; ci++) {
            if (!point_block && ci != co) continue;
            node_values.assign(P, 0.0);
            assembler.AddNodeDiagonal(gi, go, ci, co, node_values.data());
            const CeedInt k = point_block ? co * nc + ci : co;
            for (CeedInt n = 0; n < P; n++)
              e_data[gi].data()[n * layout[0] + k * layout[1] + static_cast<CeedSize>(e) * layout[2]] = node_values[n];
          }
        }
      }
    }
  }
  for (size_t g = 0; g < num_groups; g++) {
    CeedCall(e_data[g].Restore());
    CeedCall(CeedElemRestrictionApply(rstrs[g], CEED_TRANSPOSE, e_vecs[g], assembled, CEED_REQUEST_IMMEDIATE));
  }
  return CEED_ERROR_SUCCESS;
}

// Number of components shared by every active restriction of op (all sub-operators); 0 if op has none.
int CommonNumComponents(CeedOperator op, CeedInt &num_comp, CeedInt &comp_stride, const char *func) {
  if (op->is_composite) {
    for (CeedOperator sub : op->sub_operators) CeedCall(CommonNumComponents(sub, num_comp, comp_stride, func));
    return CEED_ERROR_SUCCESS;
  }
  if (op->shape.num_elem == 0) return CEED_ERROR_SUCCESS;
  const OperatorAssemblyData *data = nullptr;
  CeedCall(OperatorGetAssemblyData(op, &data, func));
  for (const auto *side : {&data->in, &data->out}) {
    for (const AssemblyRstr &g : *side) {
      if (num_comp && g.num_comp != num_comp)
        return CeedOperatorError(op->header.ceed, func, CEED_ERROR_INCOMPATIBLE,
                                 "Point-block diagonal assembly needs one number of components for every active CeedElemRestriction, got %d "
                                 "and %d",
                                 num_comp, g.num_comp);
      if (num_comp && g.comp_stride != comp_stride)
        return CeedOperatorError(op->header.ceed, func, CEED_ERROR_DIMENSION,
                                 "Point-block diagonal assembly needs one component stride for every active CeedElemRestriction, got %d and %d",
                                 comp_stride, g.comp_stride);
      num_comp    = g.num_comp;
      comp_stride = g.comp_stride;
    }
  }
  return CEED_ERROR_SUCCESS;
}

// Shared body of the four public functions.
int AssembleDiagonal(CeedOperator op, CeedVector assembled, bool point_block, bool add, CeedRequest *request, const char *func) {
  CeedCall(OperatorAssemblyCheckReady(op, func));
  Ceed ceed = op->header.ceed;
  if (!assembled || assembled == CEED_VECTOR_ACTIVE || assembled == CEED_VECTOR_NONE)
    return CeedOperatorError(ceed, func, CEED_ERROR_INCOMPATIBLE, "The assembled diagonal must be a CeedVector");
  CeedSize in_size = 0, out_size = 0;
  CeedCall(CeedOperatorGetActiveVectorLengths(op, &in_size, &out_size));
  if (in_size != out_size)
    return CeedOperatorError(ceed, func, CEED_ERROR_DIMENSION, "Operator must be square: active input length %lld, active output length %lld",
                             static_cast<long long>(in_size), static_cast<long long>(out_size));
  CeedInt num_comp = 0, comp_stride = 1;
  if (point_block) CeedCall(CommonNumComponents(op, num_comp, comp_stride, func));
  const CeedSize expected = point_block ? out_size * num_comp : out_size;
  CeedSize       length   = 0;
  CeedCall(CeedVectorGetLength(assembled, &length));
  if (length != expected)
    return CeedOperatorError(ceed, func, CEED_ERROR_DIMENSION, "Assembled %s vector has length %lld, expected %lld",
                             point_block ? "point-block diagonal" : "diagonal", static_cast<long long>(length), static_cast<long long>(expected));
  OperatorMarkImmutable(op);
  if (!add) CeedCall(CeedVectorSetValue(assembled, 0.0));
  if (op->is_composite) {
    for (CeedOperator sub : op->sub_operators) CeedCall(SingleAddDiagonal(sub, assembled, point_block, request, func));
  } else {
    CeedCall(SingleAddDiagonal(op, assembled, point_block, request, func));
  }
  OperatorCompleteRequest(request);
  return CEED_ERROR_SUCCESS;
}

}  // namespace

}  // namespace ceed

int CeedOperatorLinearAssembleDiagonal(CeedOperator op, CeedVector assembled, CeedRequest *request) {
  CEED_API_TRY
  return ceed::AssembleDiagonal(op, assembled, false, false, request, __func__);
  CEED_API_CATCH(op ? op->header.ceed : nullptr)
}

int CeedOperatorLinearAssembleAddDiagonal(CeedOperator op, CeedVector assembled, CeedRequest *request) {
  CEED_API_TRY
  return ceed::AssembleDiagonal(op, assembled, false, true, request, __func__);
  CEED_API_CATCH(op ? op->header.ceed : nullptr)
}

int CeedOperatorLinearAssemblePointBlockDiagonal(CeedOperator op, CeedVector assembled, CeedRequest *request) {
  CEED_API_TRY
  return ceed::AssembleDiagonal(op, assembled, true, false, request, __func__);
  CEED_API_CATCH(op ? op->header.ceed : nullptr)
}

int CeedOperatorLinearAssembleAddPointBlockDiagonal(CeedOperator op, CeedVector assembled, CeedRequest *request) {
  CEED_API_TRY
  return ceed::AssembleDiagonal(op, assembled, true, true, request, __func__);
  CEED_API_CATCH(op ? op->header.ceed : nullptr)
}

namespace ceed {
namespace {

// rows/cols of the point-block entries of the active restrictions of a single operator.
int PointBlockPattern(CeedOperator op, CeedInt num_comp, CeedInt comp_stride, CeedInt *rows, CeedInt *cols, const char *func) {
  if (op->shape.num_elem == 0) return CEED_ERROR_SUCCESS;
  const OperatorAssemblyData *data = nullptr;
  CeedCall(OperatorGetAssemblyData(op, &data, func));
  for (const AssemblyRstr &g : data->in) {
    if (g.type == CEED_RESTRICTION_STRIDED)
      return CeedOperatorError(op->header.ceed, func, CEED_ERROR_UNSUPPORTED,
                               "Point-block diagonal assembly needs an active CeedElemRestriction with offsets, not a strided one");
    const CeedInt *offsets = nullptr;
    CeedCall(CeedElemRestrictionGetOffsets(g.rstr, CEED_MEM_HOST, &offsets));
    const CeedSize num_offsets = static_cast<CeedSize>(data->num_elem) * g.elem_size;
    const CeedInt  scale       = comp_stride == 1 ? num_comp : num_comp * num_comp;
    for (CeedSize k = 0; k < num_offsets; k++) {
      const CeedInt  o     = offsets[k];
      const CeedSize start = static_cast<CeedSize>(o) * scale;
      for (CeedInt co = 0; co < num_comp; co++) {
        for (CeedInt ci = 0; ci < num_comp; ci++) {
          rows[start + co * num_comp + ci] = o + co * comp_stride;
          cols[start + co * num_comp + ci] = o + ci * comp_stride;
        }
      }
    }
    CeedCall(CeedElemRestrictionRestoreOffsets(g.rstr, &offsets));
  }
  return CEED_ERROR_SUCCESS;
}

}  // namespace
}  // namespace ceed

int CeedOperatorLinearAssemblePointBlockDiagonalSymbolic(CeedOperator op, CeedSize *num_entries, CeedInt **rows, CeedInt **cols) {
  CeedCall(ceed::OperatorAssemblyCheckReady(op, __func__));
  Ceed ceed = op->header.ceed;
  CeedCheck(num_entries && rows && cols, ceed, CEED_ERROR_INCOMPATIBLE, "Output pointers num_entries, rows and cols must not be NULL");
  ceed::OperatorMarkImmutable(op);
  CEED_API_TRY
  CeedSize in_size = 0, out_size = 0;
  CeedCall(CeedOperatorGetActiveVectorLengths(op, &in_size, &out_size));
  CeedCheck(in_size == out_size, ceed, CEED_ERROR_DIMENSION, "Operator must be square: active input length %lld, active output length %lld",
            static_cast<long long>(in_size), static_cast<long long>(out_size));
  CeedInt num_comp = 0, comp_stride = 1;
  CeedCall(ceed::CommonNumComponents(op, num_comp, comp_stride, __func__));
  const CeedSize n = in_size * num_comp;
  CeedInt       *r = static_cast<CeedInt *>(ceed::HostCalloc(n > 0 ? n : 1, sizeof(CeedInt)));
  CeedInt       *c = static_cast<CeedInt *>(ceed::HostCalloc(n > 0 ? n : 1, sizeof(CeedInt)));
  int            ierr = (r && c) ? CEED_ERROR_SUCCESS : CeedError(ceed, CEED_ERROR_MAJOR, "Out of memory for %lld point-block entries", (long long)n);
  if (!ierr) {
    if (op->is_composite) {
      for (CeedOperator sub : op->sub_operators) {
        ierr = ceed::PointBlockPattern(sub, num_comp, comp_stride, r, c, __func__);
        if (ierr) break;
      }
    } else {
      ierr = ceed::PointBlockPattern(op, num_comp, comp_stride, r, c, __func__);
    }
  }
  if (ierr) {
    std::free(r);
    std::free(c);
    return ierr;
  }
  *num_entries = n;
  *rows        = r;
  *cols        = c;
  return CEED_ERROR_SUCCESS;
  CEED_API_CATCH(ceed)
}
