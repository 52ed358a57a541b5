// LOR matrix assembly, the pieces under LorMatrix: the element DOF lists (of the operator's active
// restriction, or of a problem given by its vertices), the rank-local CSR pattern with each element entry's
// position in its row (built once by a sweep over the columns in global order: no COO list with duplicates,
// no sort), the host element matrices (from QFunction probes, lor-element-matrices.cpp, or from the vertex
// coordinates, lor-vertex-rule.cpp) scattered through those positions, the same for a problem on a lattice
// with rows and places in closed form (lor-lattice.cpp), the owners' complete rows (lor-ghost-rows.cpp) and
// the hypre ParCSR matrix written from them (lor-parcsr.cpp). Operators of another
// form (several active restrictions, oriented or strided restrictions, other eval modes) take the generic
// COO route in lor-matrix.cpp.
#pragma once

#include <ceed/parallel.hpp>

#include <HYPRE_parcsr_mv.h>
#include <HYPRE_utilities.h>

#include <cstdint>

#include "host-array.hpp"
#include "large-array.hpp"

namespace ceedrt {
namespace parallel {
namespace lor {

/// L-vector DOF of every element entry: dofs[e * elem_dofs + comp * elem_size + node].
struct ElementDofs {
  CeedElemRestriction rstr      = nullptr;  ///< the restriction they came from (borrowed)
  CeedInt             num_elem  = 0, elem_size = 0, num_comp = 0;
  LargeArray<CeedInt>  dofs;
  CeedInt             elem_dofs() const { return elem_size * num_comp; }
};

/// The element DOFs of op's active fields when every active input and output field uses the same
/// plain (offset, unoriented) restriction; false when op has another form. Throws on an offset outside
/// [0, local_size).
bool ReadElementDofs(CeedOperator op, CeedSize local_size, ElementDofs *dofs);

/// Rank-local CSR rows of P^T A P (owned and ghost L DOFs, columns in global numbers, sorted), essential
/// rows and columns dropped and a unit diagonal as the only entry of each owned essential row.
struct CsrPattern {
  static constexpr std::uint8_t dropped = 255;  ///< position of an entry in an essential row or column
  std::vector<HYPRE_Int>        row_start;      ///< per L DOF, and one past the last
  LargeArray<HYPRE_BigInt>      cols;
  /// Per element, entry (row l, column m) of its element matrix at [e * n * n + l * n + m] (n = elem_dofs):
  /// its column's position within row dofs(e, l).
  LargeArray<std::uint8_t>      position;
};

/// Throws when a row would have 255 or more entries (the positions are bytes).
CsrPattern BuildCsrPattern(const Prolongation &p, const ElementDofs &dofs, const std::vector<char> &essential);

/// csr_values += the element matrices of op (of the form ReadElementDofs accepts), computed on the host
/// from QFunction probes and the basis matrices, products with exact zeros of the basis skipped. False
/// (and nothing added) when an active field's eval mode is not INTERP or GRAD, or a passive input is not
/// stored quadrature data (EVAL_NONE, strided), or there is a passive output.
bool AddElementMatricesOnHost(CeedOperator op, const ElementDofs &dofs, const CsrPattern &csr, LargeArray<double> *csr_values);

/// Throws when problem does not fit p: no coordinates, neither element nodes nor a lattice, a component
/// count other than p's, coordinates of another size.
void CheckVertexProblem(const Prolongation &p, const LorVertexProblem &problem);

/// The element DOFs of a problem given by its vertices (8 * num_comp per sub-element, component-major within
/// the element like a restriction's). Throws on a node outside [0, local_size / num_comp), coordinates of
/// another size, or a component count other than p's.
ElementDofs VertexElementDofs(const Prolongation &p, const LorVertexProblem &problem);

/// csr_values += the element matrices of problem with the vertex rule, from the vertex coordinates.
void AddVertexElementMatrices(const LorVertexProblem &problem, const ElementDofs &dofs, const CsrPattern &csr, LargeArray<double> *csr_values);

constexpr int kVertices = 8, kVertexLanes = 8;
/// kVertexLanes sub-elements at a time, one per lane (GCC/clang vector extension: one AVX-512 register, or
/// narrower registers in pairs).
typedef double VertexLanes __attribute__((vector_size(kVertexLanes * sizeof(double))));
/// The element matrices A[a * 8 + b][lane] of problem (vertex rule) for kVertexLanes sub-elements whose 8
/// vertex nodes are at lane_nodes[lane] (lexicographic).
void VertexElementBatch(const LorVertexProblem &problem, const CeedInt *const lane_nodes[kVertexLanes], VertexLanes A[kVertices * kVertices]);

/// Rank-local rows of a problem on a lattice (LorLattice) with the element entries' places in closed form:
/// a node's rows hold its lattice neighbours (27 in the interior) with every component, sorted by global
/// column, essential rows and columns dropped and a unit diagonal as the only entry of each owned essential
/// row (the rows of BuildCsrPattern for the same sub-elements).
struct LatticePattern {
  static constexpr int     stencil = 27;
  std::vector<HYPRE_Int>   row_start;  ///< per L DOF, and one past the last
  LargeArray<HYPRE_BigInt> cols;
  /// Per L node: -1 where its rows hold all 27 neighbours (dz, dy, dx from -1 to 1, dx fastest) with all
  /// their components in that order, so that neighbour o's component c is at o * nc + c; else its table in
  /// `position` (the lattice's boundary, essential neighbours, rows whose columns needed sorting).
  std::vector<CeedInt>      table;
  /// Table t: the position of neighbour o's component c in each of the node's rows at [t * 27 * nc + o * nc
  /// + c], CsrPattern::dropped where the neighbour is outside the lattice or that DOF essential.
  std::vector<std::uint8_t> position;
};
/// Throws when lattice does not fit the prolongation (size, degree, a node outside the local nodes or
/// listed twice) or num_comp needs rows of 255 or more entries. The lattice functions run on `threads`
/// threads (slabs of lattice planes) and give the same result for any count.
LatticePattern BuildLatticePattern(const Prolongation &p, const LorLattice &lattice, int num_comp, const std::vector<char> &essential, int threads);
/// csr_values += the element matrices of problem on problem.lattice (vertex rule), in LorElementNodes'
/// sub-element order (so the sums equal AddVertexElementMatrices' bit for bit, with any thread count).
void AddLatticeElementMatrices(const LorVertexProblem &problem, const std::vector<char> &essential, const LatticePattern &csr,
                               LargeArray<double> *csr_values, int threads);

/// Slot in the CSR values (csr's, built for dofs.num_comp components) of every entry of
/// CeedOperatorLinearAssemble's values for an operator whose sub-elements are the cells of lattice in
/// LorElementNodes' order, in closed form; csr.cols.size() for dropped entries (essential rows and columns).
/// Throws, naming the sub-element and the DOF, when the operator's element DOFs are not the lattice's cells.
LargeArray<CeedInt> LatticeCooSlots(const ElementDofs &dofs, const LorLattice &lattice, const std::vector<char> &essential, const LatticePattern &csr,
                                    int threads);

/// Rank-local rows of P^T A P, values included (row_start per L DOF).
struct LocalRows {
  std::vector<HYPRE_Int>    row_start;
  LargeArray<HYPRE_BigInt>  cols;
  LargeArray<double>        values;
};

/// The rows of this rank's owned DOFs, complete, without copying the local rows that already are: owned DOF
/// j (T order, first_owned_dof first) is local row local_row[j] where no other rank holds a part of it, else
/// (local_row[j] = -1) a row of `merged`, its local part plus the parts the other ranks hold, summed.
struct OwnedRows {
  std::vector<CeedSize> local_row;
  std::vector<CeedSize> merged_dof;  ///< per merged row, its owned index j
  std::vector<CeedSize> merged_local_row;  ///< per merged row, the local row it was merged from
  LocalRows             merged;      ///< row_start per merged row; rows sorted by column where the local rows are
};
/// Collective: each rank sends the rows it holds of other ranks' DOFs to their owners.
OwnedRows SumGhostRows(const Prolongation &p, const LocalRows &local);

/// The element-matrix entries (num_slots, in blocks of block entries, one block per element) summed on the
/// device at their slots into a new device vector of num_values + 1 values (the last collects dropped entries).
Vector SumOnDevice(Ceed ceed, const CeedInt *slots, size_t num_slots, CeedInt block, CeedVector element_values, CeedSize num_values);
/// values[k] = sums[k] for the entries of local's rows that other ranks own (what SumGhostRows sends).
void CopyGhostRowsToHost(const Prolongation &p, const LocalRows &local, CeedVector sums, LargeArray<double> *values);
/// hypre's values of matrix (in host memory, holding what the host knows: received rows, identity rows) plus
/// the device sums at positions (BuildParCsr's), added on the device; written into hypre's arrays, moved to
/// the GPU first when on_device (hypre migrates the pattern with the host's values, which the device values then
/// overwrite: the local sums never cross).
void AddDeviceSums(HYPRE_ParCSRMatrix matrix, const LargeArray<CeedInt> &positions, CeedVector sums, bool on_device);

/// The owned rows as a hypre ParCSR matrix (collective; the caller destroys it with HYPRE_ParCSRMatrixDestroy).
/// The local rows and owned.merged must be sorted by column. Where the owned rows come first in the local
/// rows and may_take_local_arrays, the matrix's diagonal block is written over local's cols and values and
/// keeps them as its storage: local must then outlive the matrix and not be read again. The matrix is in
/// host memory (a matrix bound for the GPU must not take them: hypre frees what it migrates). With positions,
/// it receives the place of every local entry (and one spare entry past them) in hypre's values, the diagonal
/// block's then the off-diagonal block's (nnz_diag + k), nnz_diag + nnz_offd for entries of rows not owned.
/// The rows are written on `threads` threads, on one where they may be written in place (a row's new
/// entries may lie over earlier rows' old ones, which another thread could still be reading).
HYPRE_ParCSRMatrix BuildParCsr(const Prolongation &p, LocalRows *local, const OwnedRows &owned, bool may_take_local_arrays, int threads,
                               LargeArray<CeedInt> *positions = nullptr);

/// Slot in the CSR values of every entry of CeedOperatorLinearAssemble's values for op (element, input
/// component, output component, output node, input node), csr.cols.size() for dropped entries.
std::vector<CeedInt> CooSlots(const ElementDofs &dofs, const CsrPattern &csr);

}  // namespace lor
}  // namespace parallel
}  // namespace ceedrt
