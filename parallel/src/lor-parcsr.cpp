// The owners' complete LOR rows written straight into a hypre ParCSR matrix (lor-assembly.hpp): hypre's IJ
// interface would check and place every entry again (its SetValues2 took most of the hand-over), while the
// rows here are already complete, sorted and counted. hypre's ParCSR layout: per owned row, the columns
// inside the owned range (the diagonal block, local numbers, the diagonal entry first as BoomerAMG's
// smoothers expect) and the others (the off-diagonal block, numbered through the sorted col_map_offd).
// That layout is hypre's internal one (_hypre_parcsr_mv.h, as of hypre 2.26 and 3.1), and so is hypre
// leaving the arrays of a block whose owns_data is off to their owner (the diagonal block written over the
// local rows); the tests compare the result with the matrix-free operator and across assembly routes.
#include "lor-assembly.hpp"

#include <_hypre_parcsr_mv.h>

#include <algorithm>
#include <cstring>

#include "hypre-support.hpp"
#include "lor-threads.hpp"

namespace ceedrt {
namespace parallel {
namespace lor {

namespace {

// positions of local row i's entries: the places of the same columns in the owned row just written (its
// sorted columns and their places). A row merged from i holds i's columns among others: found by search.
void RecordPlaces(const LocalRows &local, CeedSize i, bool merged, const HYPRE_BigInt *row_cols, HYPRE_Int count, const CeedInt *row_places,
                  LargeArray<CeedInt> *positions) {
  const HYPRE_Int begin = local.row_start[i], end = local.row_start[i + 1];
  for (HYPRE_Int k = begin; k < end; k++) {
    const HYPRE_Int in_row = merged ? (HYPRE_Int)(std::lower_bound(row_cols, row_cols + count, local.cols[k]) - row_cols) : k - begin;
    (*positions)[k]        = row_places[in_row];
  }
}

// Each owned row where it lies: in the local rows, or among the merged ones.
struct RowRef {
  const HYPRE_BigInt *cols;
  const double       *values;
  HYPRE_Int           count, diag_begin, diag_count;  // the diagonal block's run within the sorted row
  CeedSize            merged_from;                    // a merged row's local row (-1: the row is a local row)
};

// What a chunk of owned rows holds: its entries in either block, its longest row, its off-diagonal columns
// (sorted, unique), and whether its rows could be written over the local arrays (see BuildParCsr).
struct ChunkCounts {
  HYPRE_Int                 nnz_diag = 0, nnz_offd = 0, longest = 0;
  std::vector<HYPRE_BigInt> offd_cols;
  bool                      in_place = true;
};

}  // namespace

HYPRE_ParCSRMatrix BuildParCsr(const Prolongation &p, LocalRows *local, const OwnedRows &owned, bool may_take_local_arrays, int threads,
                               LargeArray<CeedInt> *positions) {
  const CeedSize     n_owned = p.owned_size();
  const HYPRE_BigInt first = (HYPRE_BigInt)p.first_owned_dof(), last = first + (HYPRE_BigInt)n_owned - 1;
  LargeArray<RowRef> rows(n_owned);
  for (size_t r = 0; r < owned.merged_dof.size(); r++) {
    const HYPRE_Int begin = owned.merged.row_start[r];
    rows[owned.merged_dof[r]] = {owned.merged.cols.data() + begin, owned.merged.values.data() + begin, owned.merged.row_start[r + 1] - begin, 0, 0,
                                 owned.merged_local_row[r]};
  }
  // Every pass over the owned rows runs on `threads` threads, over the same chunks: first each row's
  // diagonal block and the chunk's counts, then (from the chunks' sums) the rows written. Rows that may be
  // written over the local arrays are written by one thread: in fresh arrays on two threads this hand-over
  // measured slower on the CI VM (BP3 p = 2, 1e6 DOFs: 0.19-0.27 s in hypre's arrays, 0.11-0.83 s on fresh
  // huge pages, against 0.07-0.10 s in place), their first touch costing more than the copies.
  if (may_take_local_arrays && !positions) threads = 1;
  std::vector<ChunkCounts> chunk(ChunkCount(threads, n_owned));
  ForEachChunk(threads, n_owned, [&](int c, CeedSize j_begin, CeedSize j_end) {
    ChunkCounts &counts = chunk[c];
    // Whether the diagonal block can be written over the local arrays: every row read from them lies at or
    // after the place it is written to, and after the rows before it (the owned rows come first in L order).
    HYPRE_Int last_source = -1;
    for (CeedSize j = j_begin; j < j_end; j++) {
      RowRef &row = rows[j];
      if (owned.local_row[j] >= 0) {
        const HYPRE_Int begin = local->row_start[owned.local_row[j]];
        row = {local->cols.data() + begin, local->values.data() + begin, local->row_start[owned.local_row[j] + 1] - begin, 0, 0, -1};
        counts.in_place = counts.in_place && begin >= counts.nnz_diag && begin >= last_source;
        last_source     = begin;
      }
      const HYPRE_BigInt *end = row.cols + row.count;
      row.diag_begin          = 0;
      if (row.count == 0 || (row.cols[0] >= first && end[-1] <= last)) {  // mostly the whole row
        row.diag_count = row.count;
      } else {
        row.diag_begin = (HYPRE_Int)(std::lower_bound(row.cols, end, first) - row.cols);
        row.diag_count = (HYPRE_Int)(std::upper_bound(row.cols, end, last) - row.cols) - row.diag_begin;
        counts.offd_cols.insert(counts.offd_cols.end(), row.cols, row.cols + row.diag_begin);
        counts.offd_cols.insert(counts.offd_cols.end(), row.cols + row.diag_begin + row.diag_count, end);
      }
      counts.nnz_diag += row.diag_count;
      counts.nnz_offd += row.count - row.diag_count;
      counts.longest = std::max(counts.longest, row.count);
    }
    std::sort(counts.offd_cols.begin(), counts.offd_cols.end());
    counts.offd_cols.erase(std::unique(counts.offd_cols.begin(), counts.offd_cols.end()), counts.offd_cols.end());
  });
  HYPRE_Int                 nnz_diag = 0, nnz_offd = 0, longest = 0;
  std::vector<HYPRE_BigInt> offd_cols;
  for (const ChunkCounts &counts : chunk) {
    nnz_diag += counts.nnz_diag, nnz_offd += counts.nnz_offd, longest = std::max(longest, counts.longest);
    offd_cols.insert(offd_cols.end(), counts.offd_cols.begin(), counts.offd_cols.end());
  }
  const bool in_place = chunk.size() == 1 && chunk[0].in_place && may_take_local_arrays && !positions && (size_t)nnz_diag <= local->values.size() &&
                        (size_t)nnz_diag <= local->cols.size();
  std::sort(offd_cols.begin(), offd_cols.end());
  offd_cols.erase(std::unique(offd_cols.begin(), offd_cols.end()), offd_cols.end());

  HYPRE_BigInt       starts[2] = {first, last + 1};
  HYPRE_ParCSRMatrix matrix    = nullptr;
  HypreCheck(HYPRE_ParCSRMatrixCreate(p.comm(), (HYPRE_BigInt)p.global_size(), (HYPRE_BigInt)p.global_size(), starts, starts, (HYPRE_Int)offd_cols.size(),
                                      nnz_diag, nnz_offd, &matrix),
             "HYPRE_ParCSRMatrixCreate");
  try {
    // Written here on the host whatever hypre's default location (a GPU hypre's is the device).
    HypreCheck(hypre_ParCSRMatrixInitialize_v2((hypre_ParCSRMatrix *)matrix, HYPRE_MEMORY_HOST), "hypre_ParCSRMatrixInitialize_v2");
  } catch (...) {
    HYPRE_ParCSRMatrixDestroy(matrix);
    throw;
  }
  hypre_ParCSRMatrix *A    = (hypre_ParCSRMatrix *)matrix;
  hypre_CSRMatrix    *diag = hypre_ParCSRMatrixDiag(A), *offd = hypre_ParCSRMatrixOffd(A);
  if (in_place) {
    // The diagonal block's columns and values take the local arrays' memory, already mapped: hypre's own
    // fresh arrays would cost a page fault per 4 KiB on first touch, which dominated this hand-over on the
    // CI VM (huge pages for them made one run in four 0.1 s slower). hypre does not free arrays it does not own.
    hypre_TFree(hypre_CSRMatrixJ(diag), hypre_CSRMatrixMemoryLocation(diag));
    hypre_TFree(hypre_CSRMatrixData(diag), hypre_CSRMatrixMemoryLocation(diag));
    hypre_CSRMatrixJ(diag)        = reinterpret_cast<HYPRE_Int *>(local->cols.data());
    hypre_CSRMatrixData(diag)     = local->values.data();
    hypre_CSRMatrixOwnsData(diag) = 0;
  }
  std::copy(offd_cols.begin(), offd_cols.end(), hypre_ParCSRMatrixColMapOffd(A));
  HYPRE_Int *diag_i = hypre_CSRMatrixI(diag), *diag_j = hypre_CSRMatrixJ(diag), *offd_i = hypre_CSRMatrixI(offd), *offd_j = hypre_CSRMatrixJ(offd);
  double    *diag_data = hypre_CSRMatrixData(diag), *offd_data = hypre_CSRMatrixData(offd);
  if (positions) {  // entries of rows not owned keep the place past the owned ones
    positions->resize(local->cols.size() + 1);
    ForEachChunk(threads, (CeedSize)positions->size(), [&](int, CeedSize begin, CeedSize end) {
      std::fill(positions->begin() + begin, positions->begin() + end, nnz_diag + nnz_offd);
    });
  }
  diag_i[0] = offd_i[0] = 0;
  ForEachChunk(threads, n_owned, [&](int c, CeedSize j_begin, CeedSize j_end) {
    // A row is copied out before it is written: in place, its new entries may overlap its old ones (copies
    // through memcpy, which may alias the 64-bit columns that 32-bit ones replace).
    std::vector<HYPRE_BigInt> row_cols(longest);
    std::vector<double>       row_values(longest);
    std::vector<CeedInt>      row_places(longest);  // each row entry's place in hypre's values (positions)
    HYPRE_Int                 d = 0, o = 0;         // the chunk's first entries in either block
    for (int before = 0; before < c; before++) d += chunk[before].nnz_diag, o += chunk[before].nnz_offd;
    for (CeedSize j = j_begin; j < j_end; j++) {
      const RowRef &row = rows[j];
      std::memcpy(row_cols.data(), row.cols, sizeof(HYPRE_BigInt) * row.count);
      std::memcpy(row_values.data(), row.values, sizeof(double) * row.count);
      const HYPRE_BigInt  diagonal = first + (HYPRE_BigInt)j, *run = row_cols.data() + row.diag_begin;
      // The diagonal entry first, then the rest of the diagonal block in column order.
      const bool has_diagonal = std::binary_search(run, run + row.diag_count, diagonal);
      HYPRE_Int  next         = d + has_diagonal;
      for (HYPRE_Int k = 0; k < row.diag_count; k++) {
        const HYPRE_Int at             = run[k] == diagonal ? d : next++;
        diag_j[at]                     = (HYPRE_Int)(run[k] - first);
        diag_data[at]                  = row_values[row.diag_begin + k];
        row_places[row.diag_begin + k] = at;
      }
      for (HYPRE_Int k = 0; k < row.count; k++) {
        if (k == row.diag_begin) k += row.diag_count;
        if (k >= row.count) break;
        offd_j[o]      = (HYPRE_Int)(std::lower_bound(offd_cols.begin(), offd_cols.end(), row_cols[k]) - offd_cols.begin());
        row_places[k]  = nnz_diag + o;
        offd_data[o++] = row_values[k];
      }
      if (positions) RecordPlaces(*local, row.merged_from < 0 ? owned.local_row[j] : row.merged_from, row.merged_from >= 0, row_cols.data(), row.count,
                                  row_places.data(), positions);
      diag_i[j + 1] = d += row.diag_count;
      offd_i[j + 1] = o;
    }
  });
  hypre_ParCSRMatrixSetNumNonzeros(A);
  hypre_MatvecCommPkgCreate(A);
  return matrix;
}

}  // namespace lor
}  // namespace parallel
}  // namespace ceedrt
