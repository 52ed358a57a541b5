// The element DOF lists of a LOR operator and the rank-local CSR pattern built from them (lor-assembly.hpp).
#include "lor-assembly.hpp"

#include <ceed/backend.h>

#include <algorithm>
#include <limits>

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

// The local DOFs in increasing global number: the owned ones are consecutive in T order, so only the
// ghosts need sorting (those below the owned range, then the owned, then those above).
std::vector<CeedInt> LocalDofsByGlobal(const Prolongation &p, const std::vector<HYPRE_BigInt> &global) {
  const CeedSize       n_local = p.local_size(), n_owned = p.owned_size();
  const GlobalIndex    first   = p.first_owned_dof();
  std::vector<CeedInt> order(n_local), ghosts;
  for (CeedSize i = 0; i < n_local; i++) {
    if (p.IsOwned(i)) {
      const GlobalIndex rank_index = global[i] - first;
      if (rank_index < 0 || rank_index >= n_owned) {
        throw Error("LorMatrix: owned local DOF " + std::to_string(i) + " has global number " + std::to_string(global[i]) +
                    ", outside the owned range from " + std::to_string(first));
      }
      order[rank_index] = (CeedInt)i;
    } else {
      ghosts.push_back((CeedInt)i);
    }
  }
  std::sort(ghosts.begin(), ghosts.end(), [&](CeedInt a, CeedInt b) { return global[a] < global[b]; });
  if (n_owned + (CeedSize)ghosts.size() != n_local) {
    throw Error("LorMatrix: " + std::to_string(n_local - (CeedSize)ghosts.size()) + " local DOFs are owned, the prolongation owns " +
                std::to_string(n_owned));
  }
  const auto below = std::partition_point(ghosts.begin(), ghosts.end(), [&](CeedInt g) { return global[g] < first; });
  std::move_backward(order.begin(), order.begin() + n_owned, order.begin() + n_owned + (below - ghosts.begin()));
  std::copy(ghosts.begin(), below, order.begin());
  std::copy(below, ghosts.end(), order.begin() + n_owned + (below - ghosts.begin()));
  return order;
}

// visit(i, j, entry) for every element entry (row i, column j) whose column is not essential, columns in the
// order given; entry indexes CsrPattern::position ([e * n * n + l * n + m]), entry_rows[e * n + l] is the
// entry's row. Raw pointers throughout: the positions are bytes, and a byte store may alias any vector's
// bookkeeping, which would otherwise be reloaded at every visit.
template <typename Visit>
void SweepByColumn(const std::vector<CeedInt> &order, const char *essential, const CeedInt *incidence_start, const CeedInt *incidence,
                   const CeedInt *entry_rows, const CeedInt n, Visit visit) {
  for (const CeedInt j : order) {
    if (essential[j]) continue;
    for (CeedInt k = incidence_start[j]; k < incidence_start[j + 1]; k++) {
      const size_t   e = incidence[k] / n, m = incidence[k] % n;
      const CeedInt *rows = entry_rows + e * n;
      for (CeedInt l = 0; l < n; l++) visit(rows[l], j, (e * n + l) * n + m);
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
  if (dofs.dofs.size() > (size_t)std::numeric_limits<CeedInt>::max()) {
    throw Error("LorMatrix: " + std::to_string(dofs.dofs.size()) + " element entries, more than the incidence's 32-bit indices hold");
  }
  // Which (element, entry) touch each DOF: the incidence, as CSR over DOFs.
  std::vector<CeedInt> incidence_start(n_local + 1, 0);
  LargeArray<CeedInt>  incidence(dofs.dofs.size());
  for (CeedInt dof : dofs.dofs) incidence_start[dof + 1]++;
  for (CeedSize i = 0; i < n_local; i++) incidence_start[i + 1] += incidence_start[i];
  {
    std::vector<CeedInt> fill(incidence_start.begin(), incidence_start.end() - 1);
    for (size_t k = 0; k < dofs.dofs.size(); k++) incidence[fill[dofs.dofs[k]]++] = (CeedInt)k;
  }

  // The matrix is symmetric in pattern (the same restriction on both sides), so the columns can be visited in
  // increasing global number, each column j appended to the rows of the elements around it: every row comes
  // out sorted (hypre's coarsening depends on the order of a row's columns; sorted rows give the same
  // hierarchy as the COO route) with no per-row sort. A first sweep counts the rows' lengths.
  std::vector<HYPRE_BigInt> global(n_local);
  for (CeedSize i = 0; i < n_local; i++) global[i] = (HYPRE_BigInt)p.GlobalDof(i);
  const std::vector<CeedInt> order = LocalDofsByGlobal(p, global);
  // The rows of the element entries, with the essential rows sent to a sink row n_local: the sweeps then
  // test nothing per entry. The sink's columns land in a 256-entry scratch after the real ones (its row start
  // is the number of nonzeros) and its positions are reset to dropped afterwards.
  const CeedInt       sink = (CeedInt)n_local;
  LargeArray<CeedInt> entry_rows(dofs.dofs.size());
  for (size_t k = 0; k < dofs.dofs.size(); k++) entry_rows[k] = essential[dofs.dofs[k]] ? sink : dofs.dofs[k];
  std::vector<CeedInt>   last_column(n_local + 1, -1);  // the column j last appended to row i
  std::vector<HYPRE_Int> length(n_local + 1, 0);
  CeedInt               *last = last_column.data();
  HYPRE_Int             *row_length = length.data();
  const auto             sweep      = [&](auto visit) {
    SweepByColumn(order, essential.data(), incidence_start.data(), incidence.data(), entry_rows.data(), n, visit);
  };
  sweep([last, row_length](CeedInt i, CeedInt j, size_t) {
    if (last[i] != j) last[i] = j, row_length[i]++;
  });

  CsrPattern csr;
  csr.row_start.resize(n_local + 1);
  csr.row_start[0] = 0;
  for (CeedSize i = 0; i < n_local; i++) {
    if (essential[i] && p.IsOwned(i)) length[i] = 1;  // the identity row
    if (length[i] >= CsrPattern::dropped) {
      throw Error("LorMatrix: local row " + std::to_string(i) + " has " + std::to_string(length[i]) + " entries, more than the " +
                  std::to_string(CsrPattern::dropped - 1) + " the element-to-row positions hold");
    }
    csr.row_start[i + 1] = csr.row_start[i] + length[i];
  }
  const HYPRE_Int nonzeros = csr.row_start[n_local];
  csr.cols.resize((size_t)nonzeros + 256);
  csr.position.assign((size_t)dofs.num_elem * n * n, CsrPattern::dropped);  // essential columns are never visited
  for (CeedSize i = 0; i < n_local; i++) {
    if (essential[i] && p.IsOwned(i)) csr.cols[csr.row_start[i]] = global[i];
  }
  std::fill(last_column.begin(), last_column.end(), -1);
  std::fill(length.begin(), length.end(), 0);
  // The slot index wraps at 256, which only the sink reaches.
  sweep([last, row_length, row_start = csr.row_start.data(), cols = csr.cols.data(), position = csr.position.data(), global = global.data()](
            CeedInt i, CeedInt j, size_t entry) {
    if (last[i] != j) last[i] = j, cols[row_start[i] + (row_length[i]++ & 255)] = global[j];
    position[entry] = (std::uint8_t)(row_length[i] - 1);
  });
  csr.cols.resize(nonzeros);
  for (CeedSize i = 0; i < n_local; i++) {  // the essential rows' entries
    if (!essential[i]) continue;
    for (CeedInt k = incidence_start[i]; k < incidence_start[i + 1]; k++) std::fill_n(csr.position.data() + (size_t)incidence[k] * n, n, CsrPattern::dropped);
  }
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
