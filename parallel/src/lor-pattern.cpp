// The element DOF lists of a LOR operator and the rank-local CSR pattern built from them (lor-assembly.hpp).
#include "lor-assembly.hpp"

#include <ceed/backend.h>

#include <algorithm>

namespace ceedrt {
namespace parallel {
namespace lor {

namespace {

// The one restriction that every active field of fields uses, or null when there is none or several.
bool SharedActiveRestriction(CeedInt num_fields, CeedOperatorField *fields, CeedElemRestriction *rstr) {
  for (CeedInt i = 0; i < num_fields; i++) {
    CeedVector          vec        = nullptr;
    CeedElemRestriction field_rstr = nullptr;
    CeedOperatorFieldGetVector(fields[i], &vec);
    const bool active = vec == CEED_VECTOR_ACTIVE;
    CeedVectorDestroy(&vec);
    if (!active) continue;
    // The getter's reference goes at once: the operator's field keeps the restriction alive (borrowed below).
    CeedOperatorFieldGetElemRestriction(fields[i], &field_rstr);
    CeedElemRestriction found = field_rstr;
    CeedElemRestrictionDestroy(&field_rstr);
    if (*rstr && *rstr != found) return false;
    *rstr = found;
  }
  return *rstr != nullptr;
}

// Sorts row i's columns and renumbers the positions of the row's element entries to match: hypre's
// coarsening depends on the order of a row's columns, and sorted rows give the same hierarchy as the COO route.
void SortRow(CeedSize i, size_t row_begin, const ElementDofs &dofs, const std::vector<CeedSize> &incidence_start, const std::vector<CeedSize> &incidence,
             CsrPattern *csr) {
  HYPRE_BigInt *cols = csr->cols.data() + row_begin;
  const size_t  len  = csr->cols.size() - row_begin;
  if (std::is_sorted(cols, cols + len)) return;
  // Keys (column, old position), sorted by insertion: rows are short (27 per component for Q1 hexahedra).
  std::uint64_t key[CsrPattern::dropped];
  std::uint8_t  renumber[CsrPattern::dropped];
  for (size_t k = 0; k < len; k++) {
    std::uint64_t value = (std::uint64_t)cols[k] << 8 | k;
    size_t        at    = k;
    for (; at > 0 && key[at - 1] > value; at--) key[at] = key[at - 1];
    key[at] = value;
  }
  for (size_t k = 0; k < len; k++) cols[k] = (HYPRE_BigInt)(key[k] >> 8), renumber[key[k] & 0xff] = (std::uint8_t)k;
  const CeedInt n = dofs.elem_dofs();
  for (CeedSize k = incidence_start[i]; k < incidence_start[i + 1]; k++) {
    std::uint8_t *position = csr->position.data() + incidence[k] * n;  // entry (e, l) at (e * n + l) * n
    for (CeedInt m = 0; m < n; m++) {
      if (position[m] != CsrPattern::dropped) position[m] = renumber[position[m]];
    }
  }
}

}  // namespace

bool ReadElementDofs(CeedOperator op, CeedSize local_size, ElementDofs *dofs) {
  Ceed ceed         = CeedOperatorReturnCeed(op);
  bool is_composite = false;
  CEEDRT_PARALLEL_CALL(ceed, CeedOperatorIsComposite(op, &is_composite));
  if (is_composite) return false;
  CeedInt            num_in = 0, num_out = 0;
  CeedOperatorField *in = nullptr, *out = nullptr;
  CEEDRT_PARALLEL_CALL(ceed, CeedOperatorGetFields(op, &num_in, &in, &num_out, &out));
  CeedElemRestriction rstr_in = nullptr, rstr_out = nullptr;
  if (!SharedActiveRestriction(num_in, in, &rstr_in) || !SharedActiveRestriction(num_out, out, &rstr_out) || rstr_in != rstr_out) return false;
  CeedRestrictionType type       = CEED_RESTRICTION_STANDARD;
  CeedInt             block_size = 1, comp_stride = 0;
  CEEDRT_PARALLEL_CALL(ceed, CeedElemRestrictionGetType(rstr_in, &type));
  CEEDRT_PARALLEL_CALL(ceed, CeedElemRestrictionGetBlockSize(rstr_in, &block_size));
  if (type != CEED_RESTRICTION_STANDARD || block_size != 1) return false;
  ElementDofs d;
  d.rstr = rstr_in;
  CEEDRT_PARALLEL_CALL(ceed, CeedElemRestrictionGetNumElements(rstr_in, &d.num_elem));
  CEEDRT_PARALLEL_CALL(ceed, CeedElemRestrictionGetElementSize(rstr_in, &d.elem_size));
  CEEDRT_PARALLEL_CALL(ceed, CeedElemRestrictionGetNumComponents(rstr_in, &d.num_comp));
  CEEDRT_PARALLEL_CALL(ceed, CeedElemRestrictionGetCompStride(rstr_in, &comp_stride));
  const CeedInt *offsets = nullptr;
  CEEDRT_PARALLEL_CALL(ceed, CeedElemRestrictionGetOffsets(rstr_in, CEED_MEM_HOST, &offsets));
  const CeedInt n = d.elem_dofs(), P = d.elem_size;
  d.dofs.resize((size_t)d.num_elem * n);
  for (CeedInt e = 0; e < d.num_elem; e++) {
    for (CeedInt c = 0; c < d.num_comp; c++) {
      for (CeedInt node = 0; node < P; node++) d.dofs[(size_t)e * n + c * P + node] = offsets[(size_t)e * P + node] + c * comp_stride;
    }
  }
  CeedElemRestrictionRestoreOffsets(rstr_in, &offsets);
  for (size_t k = 0; k < d.dofs.size(); k++) {
    if (d.dofs[k] < 0 || d.dofs[k] >= local_size) {
      throw Error("LorMatrix: element " + std::to_string(k / n) + " of the operator's restriction has DOF " + std::to_string(d.dofs[k]) +
                  ", outside the prolongation's " + std::to_string(local_size) + " local DOFs");
    }
  }
  *dofs = std::move(d);
  return true;
}

CsrPattern BuildCsrPattern(const Prolongation &p, const ElementDofs &dofs, const std::vector<char> &essential) {
  const CeedSize n_local = p.local_size();
  const CeedInt  n       = dofs.elem_dofs();
  if (p.global_size() >= (GlobalIndex)1 << 56) {  // SortRow packs a column and a position into 64 bits
    throw Error("LorMatrix: " + std::to_string(p.global_size()) + " global DOFs, more than the 2^56 the row sort handles");
  }
  std::vector<HYPRE_BigInt> global(n_local);
  for (CeedSize i = 0; i < n_local; i++) global[i] = (HYPRE_BigInt)p.GlobalDof(i);
  // Which (element, entry) touch each DOF: the incidence, as CSR over DOFs.
  std::vector<CeedSize> incidence_start(n_local + 1, 0), incidence(dofs.dofs.size());
  for (CeedInt dof : dofs.dofs) incidence_start[dof + 1]++;
  for (CeedSize i = 0; i < n_local; i++) incidence_start[i + 1] += incidence_start[i];
  {
    std::vector<CeedSize> fill(incidence_start.begin(), incidence_start.end() - 1);
    for (size_t k = 0; k < dofs.dofs.size(); k++) incidence[fill[dofs.dofs[k]]++] = (CeedSize)k;
  }

  CsrPattern csr;
  csr.row_start.resize(n_local + 1);
  csr.position.assign((size_t)dofs.num_elem * n * n, CsrPattern::dropped);
  csr.cols.reserve((size_t)n_local * 27);
  // Row i: its columns in the order the elements around i first name them; column_of[j] is j's position in
  // the row being built (-1: not in it, reset through `touched` after each row; -2: an essential DOF).
  std::vector<int> column_of(n_local, -1);
  for (CeedSize j = 0; j < n_local; j++) {
    if (essential[j]) column_of[j] = -2;
  }
  std::vector<CeedInt> touched;
  for (CeedSize i = 0; i < n_local; i++) {
    const size_t row_begin = csr.cols.size();
    csr.row_start[i]       = (HYPRE_Int)row_begin;
    if (essential[i]) {
      if (p.IsOwned(i)) csr.cols.push_back(global[i]);  // the identity row
      continue;
    }
    for (CeedSize k = incidence_start[i]; k < incidence_start[i + 1]; k++) {
      const CeedSize  e = incidence[k] / n, l = incidence[k] % n;
      const CeedInt  *elem_dofs = dofs.dofs.data() + e * n;
      std::uint8_t   *position  = csr.position.data() + (e * n + l) * n;
      for (CeedInt m = 0; m < n; m++) {
        const CeedInt j   = elem_dofs[m];
        int           col = column_of[j];
        if (col == -2) continue;
        if (col < 0) {
          col = column_of[j] = (int)(csr.cols.size() - row_begin);
          csr.cols.push_back(global[j]);
          touched.push_back(j);
        }
        position[m] = (std::uint8_t)col;
      }
    }
    if (csr.cols.size() - row_begin >= CsrPattern::dropped) {
      throw Error("LorMatrix: local row " + std::to_string(i) + " has " + std::to_string(csr.cols.size() - row_begin) +
                  " entries, more than the " + std::to_string(CsrPattern::dropped - 1) + " the element-to-row positions hold");
    }
    SortRow(i, row_begin, dofs, incidence_start, incidence, &csr);
    for (CeedInt j : touched) column_of[j] = -1;
    touched.clear();
  }
  csr.row_start[n_local] = (HYPRE_Int)csr.cols.size();
  return csr;
}

std::vector<CeedInt> CooSlots(const ElementDofs &dofs, const CsrPattern &csr) {
  const CeedInt        n = dofs.elem_dofs(), P = dofs.elem_size, nc = dofs.num_comp;
  const CeedInt        dropped_slot = (CeedInt)csr.cols.size();
  std::vector<CeedInt> slots((size_t)dofs.num_elem * n * n);
  size_t               k = 0;
  for (CeedInt e = 0; e < dofs.num_elem; e++) {
    const CeedInt      *elem_dofs = dofs.dofs.data() + (size_t)e * n;
    const std::uint8_t *position  = csr.position.data() + (size_t)e * n * n;
    for (CeedInt ci = 0; ci < nc; ci++) {
      for (CeedInt co = 0; co < nc; co++) {
        for (CeedInt a = 0; a < P; a++) {
          const CeedInt l = co * P + a;
          for (CeedInt b = 0; b < P; b++, k++) {
            const std::uint8_t pos = position[l * n + ci * P + b];
            slots[k]               = pos == CsrPattern::dropped ? dropped_slot : csr.row_start[elem_dofs[l]] + pos;
          }
        }
      }
    }
  }
  return slots;
}

}  // namespace lor
}  // namespace parallel
}  // namespace ceedrt
