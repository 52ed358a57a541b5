// CeedOperator: full assembly in coordinate (COO) form, split into a symbolic phase (row and column
// indices) and a numeric phase (values), so that a sparse matrix can be refilled without recomputing its
// pattern (spec 06 §7).
//
// Ordering (both phases): sub-operators of a composite in order; within a single operator, one block per
// (active input restriction i, active output restriction j), i-major; within a block: element, input
// component, output component, output element node, input element node. Indices come from the unoriented
// restrictions; values are entries of T_out^T B_out^T D_e B_in T_in, so summing duplicates gives A.
#include <ceed/jit-source/assembly/ceed-element-assembly.h>

#include <cstdlib>

#include "operator/assembly/operator-assembly.hpp"

namespace ceed {

namespace {

CeedSize BlockEntries(const OperatorAssemblyData &data, const AssemblyRstr &in, const AssemblyRstr &out) {
  return static_cast<CeedSize>(data.num_elem) * in.elem_size * in.num_comp * out.elem_size * out.num_comp;
}

int SingleNumEntries(CeedOperator op, CeedSize &num_entries, const char *func) {
  const OperatorAssemblyData *data = nullptr;
  CeedCall(OperatorGetAssemblyData(op, &data, func));
  num_entries = 0;
  for (const AssemblyRstr &in : data->in)
    for (const AssemblyRstr &out : data->out) num_entries += BlockEntries(*data, in, out);
  return CEED_ERROR_SUCCESS;
}

int NumEntries(CeedOperator op, CeedSize &num_entries, const char *func) {
  if (!op->is_composite) return SingleNumEntries(op, num_entries, func);
  num_entries = 0;
  for (CeedOperator sub : op->sub_operators) {
    CeedSize n = 0;
    CeedCall(SingleNumEntries(sub, n, func));
    num_entries += n;
  }
  return CEED_ERROR_SUCCESS;
}

// L-vector index of (element node, component) of each element: offsets or strides of the restriction.
class LIndex {
 public:
  int Init(const AssemblyRstr &g) {
    g_ = &g;
    if (g.type == CEED_RESTRICTION_STRIDED) return CeedElemRestrictionGetStrides(g.rstr, strides_);
    return CeedElemRestrictionGetOffsets(g.rstr, CEED_MEM_HOST, &offsets_);
  }
  ~LIndex() {
    if (offsets_) CeedElemRestrictionRestoreOffsets(g_->rstr, &offsets_);
  }
  CeedInt operator()(CeedInt e, CeedInt node, CeedInt comp) const {
    if (offsets_) return offsets_[static_cast<CeedSize>(e) * g_->elem_size + node] + comp * g_->comp_stride;
    return node * strides_[0] + comp * strides_[1] + e * strides_[2];
  }

 private:
  const AssemblyRstr *g_       = nullptr;
  const CeedInt      *offsets_ = nullptr;
  CeedInt             strides_[3] = {0, 0, 0};
};

int SingleSymbolic(CeedOperator op, CeedSize offset, CeedInt *rows, CeedInt *cols, const char *func) {
  if (op->ops.LinearAssembleSymbolic) return op->ops.LinearAssembleSymbolic(op, offset, rows, cols);
  const OperatorAssemblyData *data = nullptr;
  CeedCall(OperatorGetAssemblyData(op, &data, func));
  CeedSize k = offset;
  for (const AssemblyRstr &in : data->in) {
    for (const AssemblyRstr &out : data->out) {
      LIndex row_index, col_index;
      CeedCall(row_index.Init(out));
      CeedCall(col_index.Init(in));
      for (CeedInt e = 0; e < data->num_elem; e++)
        for (CeedInt ci = 0; ci < in.num_comp; ci++)
          for (CeedInt co = 0; co < out.num_comp; co++)
            for (CeedInt a = 0; a < out.elem_size; a++)
              for (CeedInt b = 0; b < in.elem_size; b++, k++) {
                rows[k] = row_index(e, a, co);
                cols[k] = col_index(e, b, ci);
              }
    }
  }
  return CEED_ERROR_SUCCESS;
}

int SingleValues(CeedOperator op, CeedSize offset, CeedVector values, const char *func) {
  if (op->shape.num_elem == 0) return CEED_ERROR_SUCCESS;
  if (op->ops.LinearAssemble) return op->ops.LinearAssemble(op, offset, values);
  const OperatorAssemblyData *data_ptr = nullptr;
  CeedCall(OperatorGetAssemblyData(op, &data_ptr, func));
  const OperatorAssemblyData &data = *data_ptr;
  std::vector<CeedSize>       block_start;
  CeedSize                    start = offset;
  for (const AssemblyRstr &in : data.in)
    for (const AssemblyRstr &out : data.out) {
      block_start.push_back(start);
      start += BlockEntries(data, in, out);
    }
  if (BackendElementAssembler::Available(op, data)) {
    BackendElementAssembler kernels;
    CeedCall(kernels.Init(op, CEED_REQUEST_IMMEDIATE, func));
    VectorWrite write;
    CeedCall(write.Get(values, true, kernels.mem_type()));
    size_t block = 0;
    for (CeedInt gi = 0; gi < static_cast<CeedInt>(data.in.size()); gi++)
      for (CeedInt go = 0; go < static_cast<CeedInt>(data.out.size()); go++, block++)
        CeedCall(kernels.Run(CEED_ELEMENT_ASSEMBLY_MATRIX, gi, go, write.data(), nullptr, block_start[block]));
    return write.Restore();
  }
  ElementAssembler assembler;
  CeedCall(assembler.Init(op, CEED_REQUEST_IMMEDIATE, func));
  VectorWrite write;
  CeedCall(write.Get(values, true));
  // Elements outermost (element data is set up once), writing into each block's slot for the element.
  for (CeedInt e = 0; e < data.num_elem; e++) {
    CeedCall(assembler.SetElement(e));
    size_t block = 0;
    for (CeedInt gi = 0; gi < static_cast<CeedInt>(data.in.size()); gi++) {
      for (CeedInt go = 0; go < static_cast<CeedInt>(data.out.size()); go++, block++) {
        const AssemblyRstr &in = data.in[gi], &out = data.out[go];
        const CeedSize      comp_block = static_cast<CeedSize>(in.elem_size) * out.elem_size;
        CeedScalar         *dst        = write.data() + block_start[block] + static_cast<CeedSize>(e) * in.num_comp * out.num_comp * comp_block;
        for (CeedInt ci = 0; ci < in.num_comp; ci++)
          for (CeedInt co = 0; co < out.num_comp; co++, dst += comp_block) assembler.Block(gi, go, ci, co, dst);
      }
    }
  }
  return write.Restore();
}

}  // namespace

}  // namespace ceed

int CeedOperatorLinearAssembleGetNumEntries(CeedOperator op, CeedSize *num_entries) {
  CeedCall(ceed::OperatorAssemblyCheckReady(op, __func__));
  CeedCheck(num_entries, op->header.ceed, CEED_ERROR_INCOMPATIBLE, "Output pointer num_entries is NULL");
  ceed::OperatorMarkImmutable(op);
  CEED_API_TRY
  return ceed::NumEntries(op, *num_entries, __func__);
  CEED_API_CATCH(op->header.ceed)
}

int CeedOperatorLinearAssembleSymbolic(CeedOperator op, CeedSize *num_entries, CeedInt **rows, CeedInt **cols) {
  CeedCall(ceed::OperatorAssemblyCheckReady(op, __func__));
  Ceed ceed = op->header.ceed;
  CeedCheck(num_entries && rows && cols, ceed, CEED_ERROR_INCOMPATIBLE, "Output pointers num_entries, rows and cols must not be NULL");
  ceed::OperatorMarkImmutable(op);
  CEED_API_TRY
  CeedSize n = 0;
  CeedCall(ceed::NumEntries(op, n, __func__));
  CeedInt *r    = static_cast<CeedInt *>(ceed::HostCalloc(n > 0 ? n : 1, sizeof(CeedInt)));
  CeedInt *c    = static_cast<CeedInt *>(ceed::HostCalloc(n > 0 ? n : 1, sizeof(CeedInt)));
  int      ierr = (r && c) ? CEED_ERROR_SUCCESS : CeedError(ceed, CEED_ERROR_MAJOR, "Out of memory for %lld COO entries", (long long)n);
  CeedSize offset = 0;
  for (size_t s = 0; !ierr && s < (op->is_composite ? op->sub_operators.size() : 1); s++) {
    CeedOperator single = op->is_composite ? op->sub_operators[s] : op;
    CeedSize     single_entries = 0;
    ierr = ceed::SingleNumEntries(single, single_entries, __func__);
    if (!ierr) ierr = ceed::SingleSymbolic(single, offset, r, c, __func__);
    offset += single_entries;
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

int CeedOperatorLinearAssemble(CeedOperator op, CeedVector values) {
  CeedCall(ceed::OperatorAssemblyCheckReady(op, __func__));
  Ceed ceed = op->header.ceed;
  CeedCheck(values && values != CEED_VECTOR_ACTIVE && values != CEED_VECTOR_NONE, ceed, CEED_ERROR_INCOMPATIBLE,
            "The COO values must be a CeedVector");
  CEED_API_TRY
  CeedSize n = 0, length = 0;
  CeedCall(ceed::NumEntries(op, n, __func__));
  CeedCall(CeedVectorGetLength(values, &length));
  CeedCheck(length == n, ceed, CEED_ERROR_DIMENSION,
            "COO values vector has length %lld but the operator has %lld entries (CeedOperatorLinearAssembleGetNumEntries)", (long long)length,
            (long long)n);
  ceed::OperatorMarkImmutable(op);
  CeedCall(CeedVectorSetValue(values, 0.0));
  CeedSize offset = 0;
  for (size_t s = 0; s < (op->is_composite ? op->sub_operators.size() : 1); s++) {
    CeedOperator single         = op->is_composite ? op->sub_operators[s] : op;
    CeedSize     single_entries = 0;
    CeedCall(ceed::SingleNumEntries(single, single_entries, __func__));
    CeedCall(ceed::SingleValues(single, offset, values, __func__));
    offset += single_entries;
  }
  return CEED_ERROR_SUCCESS;
  CEED_API_CATCH(ceed)
}
