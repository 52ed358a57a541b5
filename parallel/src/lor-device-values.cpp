// LOR values that stay on the device (lor-assembly.hpp): element-matrix entries summed into the local CSR
// values there, only the rows other ranks own copied to the host (to be sent), and hypre's values formed on
// the device from the local sums at their places plus what the host holds (received rows, identity rows).
// Every move is an element restriction of single-entry elements whose offsets are the places: applied
// transposed it scatter-adds (with the backend's atomics on a GPU), applied forward it gathers.
#include "lor-assembly.hpp"

#include <_hypre_parcsr_mv.h>

#include <algorithm>

#include "host-array.hpp"
#include "hypre-support.hpp"

namespace ceedrt {
namespace parallel {
namespace lor {

namespace {

// to[offsets[k]] += from[k] (transpose), or to[k] = from[offsets[k]] (forward); offsets borrowed for the call.
void Move(Ceed ceed, const CeedInt *offsets, size_t count, CeedInt block, CeedSize l_size, CeedVector from, CeedVector to, CeedTransposeMode mode) {
  CeedElemRestriction moves = nullptr;
  CEEDRT_PARALLEL_CALL(ceed, CeedElemRestrictionCreate(ceed, (CeedInt)(count / block), block, 1, 1, l_size, CEED_MEM_HOST, CEED_USE_POINTER, offsets, &moves));
  const int ierr = CeedElemRestrictionApply(moves, mode, from, to, CEED_REQUEST_IMMEDIATE);
  CeedElemRestrictionDestroy(&moves);
  CEEDRT_PARALLEL_CALL(ceed, ierr);
}

}  // namespace

Vector SumOnDevice(Ceed ceed, const CeedInt *slots, size_t num_slots, CeedInt block, CeedVector element_values, CeedSize num_values) {
  Vector sums(ceed, num_values + 1);
  CEEDRT_PARALLEL_CALL(ceed, CeedVectorSetValue(sums, 0.0));
  Move(ceed, slots, num_slots, block, num_values + 1, element_values, sums, CEED_TRANSPOSE);
  return sums;
}

void CopyGhostRowsToHost(const Prolongation &p, const LocalRows &local, CeedVector sums, LargeArray<double> *values) {
  std::vector<CeedInt> ghost;  // the entries of the rows other ranks own
  for (CeedSize i = 0; i < p.local_size(); i++) {
    if (!p.IsOwned(i)) {
      for (HYPRE_Int k = local.row_start[i]; k < local.row_start[i + 1]; k++) ghost.push_back(k);
    }
  }
  if (ghost.empty()) return;
  Ceed   ceed = CeedVectorReturnCeed(sums);
  Vector gathered(ceed, (CeedSize)ghost.size());
  Move(ceed, ghost.data(), ghost.size(), 1, VectorLength(sums), sums, gathered, CEED_NOTRANSPOSE);
  HostArray g(gathered, HostArray::read);
  for (size_t e = 0; e < ghost.size(); e++) (*values)[ghost[e]] = g[(CeedSize)e];
}

void AddDeviceSums(HYPRE_ParCSRMatrix matrix, const LargeArray<CeedInt> &positions, CeedVector sums, bool on_device) {
  hypre_ParCSRMatrix *A    = (hypre_ParCSRMatrix *)matrix;
  hypre_CSRMatrix    *diag = hypre_ParCSRMatrixDiag(A), *offd = hypre_ParCSRMatrixOffd(A);
  const HYPRE_Int     n_diag = hypre_CSRMatrixNumNonzeros(diag), n_offd = hypre_CSRMatrixNumNonzeros(offd);
  Ceed                ceed   = CeedVectorReturnCeed(sums);
  // What the host holds, its nonzero values with their places: the received parts of rows, identity rows.
  std::vector<CeedInt> host_places;
  std::vector<double>  host_values;
  for (HYPRE_Int k = 0; k < n_diag + n_offd; k++) {
    const double v = k < n_diag ? hypre_CSRMatrixData(diag)[k] : hypre_CSRMatrixData(offd)[k - n_diag];
    if (v != 0.0) host_places.push_back(k), host_values.push_back(v);
  }
  const CeedSize total = (CeedSize)n_diag + n_offd + 1;  // the last value collects what no owned row takes
  Vector         all(ceed, total);
  CEEDRT_PARALLEL_CALL(ceed, CeedVectorSetValue(all, 0.0));
  Move(ceed, positions.data(), positions.size(), 1, total, sums, all, CEED_TRANSPOSE);
  if (!host_places.empty()) {
    Vector held(ceed, (CeedSize)host_values.size());
    CEEDRT_PARALLEL_CALL(ceed, CeedVectorSetArray(held, CEED_MEM_HOST, CEED_COPY_VALUES, host_values.data()));
    Move(ceed, host_places.data(), host_places.size(), 1, total, held, all, CEED_TRANSPOSE);
  }
  if (on_device) {
    // The pattern (and the host's values, overwritten next) cross once; the values go from device to device.
    // The backend launches on the legacy default stream, with which hypre's blocking stream and its copies
    // synchronize: the sums are complete before hypre reads them.
    HypreLocationScope scope(true);
    HypreCheck(hypre_ParCSRMatrixMigrate(A, HYPRE_MEMORY_DEVICE), "hypre_ParCSRMatrixMigrate");
    const CeedScalar *v = nullptr;
    CEEDRT_PARALLEL_CALL(ceed, CeedVectorGetArrayRead(all, CEED_MEM_DEVICE, &v));
    hypre_TMemcpy(hypre_CSRMatrixData(diag), v, HYPRE_Complex, n_diag, HYPRE_MEMORY_DEVICE, HYPRE_MEMORY_DEVICE);
    hypre_TMemcpy(hypre_CSRMatrixData(offd), v + n_diag, HYPRE_Complex, n_offd, HYPRE_MEMORY_DEVICE, HYPRE_MEMORY_DEVICE);
    CEEDRT_PARALLEL_CALL(ceed, CeedVectorRestoreArrayRead(all, &v));
    return;
  }
  HostArray v(all, HostArray::read);
  std::copy(v.data(), v.data() + n_diag, hypre_CSRMatrixData(diag));
  std::copy(v.data() + n_diag, v.data() + n_diag + n_offd, hypre_CSRMatrixData(offd));
}

}  // namespace lor
}  // namespace parallel
}  // namespace ceedrt
