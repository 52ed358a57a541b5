// The owners' complete rows of the LOR matrix (lor-assembly.hpp): each rank sends the rows it holds of
// other ranks' DOFs to their owners (one all-to-all), and the owner merges them into its own rows; every
// row is then complete where it lives and goes straight into hypre's ParCSR arrays (lor-parcsr.cpp).
#include "lor-assembly.hpp"

#include <mpi.h>

#include <algorithm>

namespace ceedrt {
namespace parallel {
namespace lor {

namespace {

// Counts per rank to displacements.
std::vector<int> Displacements(const std::vector<int> &counts) {
  std::vector<int> displs(counts.size() + 1, 0);
  for (size_t r = 0; r < counts.size(); r++) displs[r + 1] = displs[r] + counts[r];
  return displs;
}

// Owned row j += the (column, value) entries in extra; the row stays sorted by column.
void MergeRow(const std::vector<std::pair<HYPRE_BigInt, double>> &extra, std::vector<std::pair<HYPRE_BigInt, double>> *row) {
  for (const auto &entry : extra) {
    auto it = std::lower_bound(row->begin(), row->end(), entry, [](const auto &a, const auto &b) { return a.first < b.first; });
    if (it != row->end() && it->first == entry.first) {
      it->second += entry.second;
    } else {
      row->insert(it, entry);
    }
  }
}

}  // namespace

OwnedRows SumGhostRows(const Prolongation &p, const LocalRows &local) {
  MPI_Comm comm = p.comm();
  int      num_ranks = 1;
  MPI_Comm_size(comm, &num_ranks);
  const GlobalIndex first = p.first_owned_dof();
  // Ranks own consecutive ranges of the T numbering, in rank order.
  std::vector<long long> range_start(num_ranks + 1);
  long long              mine = first;
  MPI_Allgather(&mine, 1, MPI_LONG_LONG, range_start.data(), 1, MPI_LONG_LONG, comm);
  range_start[num_ranks] = p.global_size();
  auto owner             = [&](GlobalIndex row) { return (int)(std::upper_bound(range_start.begin(), range_start.end(), (long long)row) - range_start.begin()) - 1; };

  // Ghost rows by destination: per row (global row, entries), then the entries.
  std::vector<std::vector<CeedSize>> rows_to(num_ranks);
  std::vector<int>                   header_counts(num_ranks, 0), entry_counts(num_ranks, 0);
  for (CeedSize i = 0; i < p.local_size(); i++) {
    const int count = local.row_start[i + 1] - local.row_start[i];
    if (count == 0 || p.IsOwned(i)) continue;
    const int dest = owner(p.GlobalDof(i));
    rows_to[dest].push_back(i);
    header_counts[dest] += 2;
    entry_counts[dest] += count;
  }
  const std::vector<int>    header_displs = Displacements(header_counts), entry_displs = Displacements(entry_counts);
  std::vector<long long>    headers(header_displs[num_ranks]), send_cols(entry_displs[num_ranks]);
  std::vector<double>       send_values(entry_displs[num_ranks]);
  for (int r = 0; r < num_ranks; r++) {
    size_t h = header_displs[r], e = entry_displs[r];
    for (CeedSize i : rows_to[r]) {
      headers[h++] = (long long)p.GlobalDof(i);
      headers[h++] = local.row_start[i + 1] - local.row_start[i];
      for (HYPRE_Int k = local.row_start[i]; k < local.row_start[i + 1]; k++, e++) send_cols[e] = local.cols[k], send_values[e] = local.values[k];
    }
  }
  std::vector<int> recv_header_counts(num_ranks), recv_entry_counts(num_ranks);
  MPI_Alltoall(header_counts.data(), 1, MPI_INT, recv_header_counts.data(), 1, MPI_INT, comm);
  MPI_Alltoall(entry_counts.data(), 1, MPI_INT, recv_entry_counts.data(), 1, MPI_INT, comm);
  const std::vector<int> recv_header_displs = Displacements(recv_header_counts), recv_entry_displs = Displacements(recv_entry_counts);
  std::vector<long long> recv_headers(recv_header_displs[num_ranks]), recv_cols(recv_entry_displs[num_ranks]);
  std::vector<double>    recv_values(recv_entry_displs[num_ranks]);
  MPI_Alltoallv(headers.data(), header_counts.data(), header_displs.data(), MPI_LONG_LONG, recv_headers.data(), recv_header_counts.data(),
                recv_header_displs.data(), MPI_LONG_LONG, comm);
  MPI_Alltoallv(send_cols.data(), entry_counts.data(), entry_displs.data(), MPI_LONG_LONG, recv_cols.data(), recv_entry_counts.data(),
                recv_entry_displs.data(), MPI_LONG_LONG, comm);
  MPI_Alltoallv(send_values.data(), entry_counts.data(), entry_displs.data(), MPI_DOUBLE, recv_values.data(), recv_entry_counts.data(),
                recv_entry_displs.data(), MPI_DOUBLE, comm);

  // The received rows by owned row (several ranks may send parts of one): (owned index, first entry, entries).
  const CeedSize n_owned = p.owned_size();
  struct Received {
    CeedSize  j;
    size_t    first_entry;
    long long count;
  };
  std::vector<Received> received;
  for (size_t h = 0, e = 0; h < recv_headers.size(); h += 2) {
    const GlobalIndex row = recv_headers[h];
    if (row < first || row >= first + n_owned) throw Error("LorMatrix: received row " + std::to_string(row) + ", not owned here");
    received.push_back({(CeedSize)(row - first), e, recv_headers[h + 1]});
    e += (size_t)recv_headers[h + 1];
  }
  std::stable_sort(received.begin(), received.end(), [](const Received &a, const Received &b) { return a.j < b.j; });
  // The owned rows in T order: the local row of each owned DOF in place, merged where something arrived for it.
  OwnedRows owned;
  owned.local_row.assign(n_owned, -1);
  for (CeedSize i = 0; i < p.local_size(); i++) {
    if (p.IsOwned(i)) owned.local_row[p.GlobalDof(i) - first] = i;
  }
  for (CeedSize j = 0; j < n_owned; j++) {
    if (owned.local_row[j] < 0) throw Error("LorMatrix: owned DOF " + std::to_string(first + j) + " has no local DOF");
  }
  owned.merged.row_start.push_back(0);
  std::vector<std::pair<HYPRE_BigInt, double>> row, extra;
  for (size_t r = 0; r < received.size();) {
    const CeedSize j = received[r].j, i = owned.local_row[j];
    extra.clear();
    for (; r < received.size() && received[r].j == j; r++) {
      for (long long k = 0; k < received[r].count; k++) extra.emplace_back(recv_cols[received[r].first_entry + k], recv_values[received[r].first_entry + k]);
    }
    row.clear();
    for (HYPRE_Int k = local.row_start[i]; k < local.row_start[i + 1]; k++) row.emplace_back(local.cols[k], local.values[k]);
    MergeRow(extra, &row);
    for (const auto &entry : row) owned.merged.cols.push_back(entry.first), owned.merged.values.push_back(entry.second);
    owned.merged.row_start.push_back((HYPRE_Int)owned.merged.cols.size());
    owned.merged_dof.push_back(j);
    owned.merged_local_row.push_back(i);
    owned.local_row[j] = -1;
  }
  return owned;
}

}  // namespace lor
}  // namespace parallel
}  // namespace ceedrt
