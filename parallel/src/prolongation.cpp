// The parallel prolongation P (T-vector -> L-vector) and its transpose, with nonblocking halo exchange.
// The pattern is found once: every rank asks the owners of its ghost nodes for them (one all-to-all of
// counts and one of global node numbers), so it works for any numbering, not only box meshes.
#include <ceed/parallel.hpp>

#include <algorithm>
#include <map>

#include "device-halo.hpp"
#include "host-array.hpp"

namespace ceedrt {
namespace parallel {

namespace {

constexpr int kForwardTag = 4101, kReverseTag = 4102;

}  // namespace

Prolongation::Prolongation(MPI_Comm comm, const std::vector<GlobalIndex> &global_node, const std::vector<int> &owner,
                           GlobalIndex first_owned_node, CeedInt num_owned_nodes, int num_comp)
    : comm_(comm), num_comp_(num_comp), num_local_nodes_((CeedInt)global_node.size()), num_owned_nodes_(num_owned_nodes),
      first_owned_node_(first_owned_node) {
  Init(global_node, owner);
}

Prolongation::Prolongation(const DistributedBoxMesh &mesh, int num_comp)
    : comm_(mesh.comm), num_comp_(num_comp), num_local_nodes_(mesh.num_local_nodes), num_owned_nodes_(mesh.num_owned_nodes),
      first_owned_node_(mesh.first_owned_node) {
  Init(mesh.global_node, mesh.owner);
}

Prolongation::~Prolongation() {
  // An exchange left unfinished by an exception still owns its buffers: finish it before they go.
  if (!requests_.empty()) MPI_Waitall((int)requests_.size(), requests_.data(), MPI_STATUSES_IGNORE);
  device_.reset();
}

void Prolongation::Init(const std::vector<GlobalIndex> &global_node, const std::vector<int> &owner) {
  int rank = 0, size = 1;
  MPI_Comm_rank(comm_, &rank);
  MPI_Comm_size(comm_, &size);
  if (num_comp_ < 1) throw Error("Prolongation: num_comp must be positive, got " + std::to_string(num_comp_));
  if (owner.size() != global_node.size()) {
    throw Error("Prolongation: " + std::to_string(owner.size()) + " owners for " + std::to_string(global_node.size()) + " local nodes");
  }
  global_node_ = global_node;
  owned_.assign(num_local_nodes_, 0);
  owned_local_node_.assign(num_owned_nodes_, -1);
  std::map<int, std::vector<std::pair<GlobalIndex, CeedInt>>> ghosts_by_owner;
  for (CeedInt i = 0; i < num_local_nodes_; i++) {
    if (owner[i] < 0 || owner[i] >= size) throw Error("Prolongation: local node " + std::to_string(i) + " has owner " + std::to_string(owner[i]));
    if (owner[i] != rank) {
      ghosts_by_owner[owner[i]].push_back({global_node[i], i});
      continue;
    }
    const GlobalIndex t = global_node[i] - first_owned_node_;
    if (t < 0 || t >= num_owned_nodes_ || owned_local_node_[t] >= 0) {
      throw Error("Prolongation: owned local node " + std::to_string(i) + " has global number " + std::to_string(global_node[i]) +
                  ", outside this rank's range or repeated");
    }
    owned_local_node_[t] = i;
    owned_[i]            = 1;
  }
  for (CeedInt t = 0; t < num_owned_nodes_; t++) {
    if (owned_local_node_[t] < 0) throw Error("Prolongation: owned node " + std::to_string(first_owned_node_ + t) + " has no local node");
  }

  // Tell every owner which of its nodes we hold as ghosts.
  std::vector<int> request_count(size, 0), asked_count(size, 0);
  for (auto &[r, list] : ghosts_by_owner) {
    std::sort(list.begin(), list.end());
    request_count[r] = (int)list.size();
  }
  MPI_Alltoall(request_count.data(), 1, MPI_INT, asked_count.data(), 1, MPI_INT, comm_);
  std::vector<int> send_displ(size + 1, 0), recv_displ(size + 1, 0);
  for (int r = 0; r < size; r++) send_displ[r + 1] = send_displ[r] + request_count[r], recv_displ[r + 1] = recv_displ[r] + asked_count[r];
  std::vector<long long> requested(send_displ[size]), asked(recv_displ[size]);
  for (auto &[r, list] : ghosts_by_owner) {
    for (size_t k = 0; k < list.size(); k++) requested[send_displ[r] + k] = list[k].first;
  }
  MPI_Alltoallv(requested.data(), request_count.data(), send_displ.data(), MPI_LONG_LONG, asked.data(), asked_count.data(), recv_displ.data(),
                MPI_LONG_LONG, comm_);

  for (int r = 0; r < size; r++) {
    if (!request_count[r] && !asked_count[r]) continue;
    Neighbor n;
    n.rank = r;
    for (int k = recv_displ[r]; k < recv_displ[r + 1]; k++) {
      const GlobalIndex t = asked[k] - first_owned_node_;
      if (t < 0 || t >= num_owned_nodes_) {
        throw Error("Prolongation: rank " + std::to_string(r) + " asked rank " + std::to_string(rank) + " for node " + std::to_string(asked[k]) +
                    ", which it does not own");
      }
      n.send_nodes.push_back((CeedInt)t);
    }
    if (request_count[r]) {
      for (const auto &ghost : ghosts_by_owner[r]) n.recv_nodes.push_back(ghost.second);
    }
    n.send_buffer.resize(n.send_nodes.size() * num_comp_);
    n.recv_buffer.resize(n.recv_nodes.size() * num_comp_);
    neighbors_.push_back(std::move(n));
  }
  owned_prefix_ = true;
  for (CeedInt t = 0; owned_prefix_ && t < num_owned_nodes_; t++) owned_prefix_ = owned_local_node_[t] == t;
  identity_ = owned_prefix_ && neighbors_.empty() && num_local_nodes_ == num_owned_nodes_;
  long long owned = num_owned_nodes_, total = 0;
  MPI_Allreduce(&owned, &total, 1, MPI_LONG_LONG, MPI_SUM, comm_);
  num_global_nodes_ = total;
}

GlobalIndex Prolongation::GlobalDof(CeedSize local_dof) const { return global_node_[local_dof / num_comp_] * num_comp_ + local_dof % num_comp_; }

bool Prolongation::IsOwned(CeedSize local_dof) const { return owned_[local_dof / num_comp_]; }

CeedSize Prolongation::HaloSize() const {
  CeedSize n = 0;
  for (const auto &neighbor : neighbors_) n += (CeedSize)neighbor.recv_nodes.size() * num_comp_;
  return n;
}

void Prolongation::WaitAll() const {
  MPI_Waitall((int)requests_.size(), requests_.data(), MPI_STATUSES_IGNORE);
  requests_.clear();
}

void Prolongation::BeginForward(const double *t, double *l) const {
  const int nc = num_comp_;
  requests_.clear();
  for (auto &n : neighbors_) {
    if (n.recv_nodes.empty()) continue;
    requests_.emplace_back();
    MPI_Irecv(n.recv_buffer.data(), (int)n.recv_buffer.size(), MPI_DOUBLE, n.rank, kForwardTag, comm_, &requests_.back());
  }
  for (auto &n : neighbors_) {
    if (n.send_nodes.empty()) continue;
    for (size_t k = 0; k < n.send_nodes.size(); k++) {
      for (int c = 0; c < nc; c++) n.send_buffer[k * nc + c] = t[(size_t)n.send_nodes[k] * nc + c];
    }
    requests_.emplace_back();
    MPI_Isend(n.send_buffer.data(), (int)n.send_buffer.size(), MPI_DOUBLE, n.rank, kForwardTag, comm_, &requests_.back());
  }
  if (owned_prefix_) {
    std::copy(t, t + owned_size(), l);
  } else {
    for (CeedInt j = 0; j < num_owned_nodes_; j++) {
      for (int c = 0; c < nc; c++) l[(size_t)owned_local_node_[j] * nc + c] = t[(size_t)j * nc + c];
    }
  }
}

void Prolongation::EndForward(double *l) const {
  const int nc = num_comp_;
  WaitAll();
  for (const auto &n : neighbors_) {
    for (size_t k = 0; k < n.recv_nodes.size(); k++) {
      for (int c = 0; c < nc; c++) l[(size_t)n.recv_nodes[k] * nc + c] = n.recv_buffer[k * nc + c];
    }
  }
}

void Prolongation::BeginReverse(const double *l, double *t) const {
  const int nc = num_comp_;
  requests_.clear();
  for (auto &n : neighbors_) {  // contributions to our owned nodes arrive in the forward send buffers
    if (n.send_nodes.empty()) continue;
    requests_.emplace_back();
    MPI_Irecv(n.send_buffer.data(), (int)n.send_buffer.size(), MPI_DOUBLE, n.rank, kReverseTag, comm_, &requests_.back());
  }
  for (auto &n : neighbors_) {
    if (n.recv_nodes.empty()) continue;
    for (size_t k = 0; k < n.recv_nodes.size(); k++) {
      for (int c = 0; c < nc; c++) n.recv_buffer[k * nc + c] = l[(size_t)n.recv_nodes[k] * nc + c];
    }
    requests_.emplace_back();
    MPI_Isend(n.recv_buffer.data(), (int)n.recv_buffer.size(), MPI_DOUBLE, n.rank, kReverseTag, comm_, &requests_.back());
  }
  if (owned_prefix_) {
    std::copy(l, l + owned_size(), t);
  } else {
    for (CeedInt j = 0; j < num_owned_nodes_; j++) {
      for (int c = 0; c < nc; c++) t[(size_t)j * nc + c] = l[(size_t)owned_local_node_[j] * nc + c];
    }
  }
}

void Prolongation::EndReverse(double *t) const {
  const int nc = num_comp_;
  WaitAll();
  for (const auto &n : neighbors_) {  // in rank order, so sums do not depend on arrival order
    for (size_t k = 0; k < n.send_nodes.size(); k++) {
      for (int c = 0; c < nc; c++) t[(size_t)n.send_nodes[k] * nc + c] += n.send_buffer[k * nc + c];
    }
  }
}

bool OnDevice(CeedVector v) {
  CeedMemType mem = CEED_MEM_HOST;
  CEEDRT_PARALLEL_CALL(CeedVectorReturnCeed(v), CeedGetPreferredMemType(CeedVectorReturnCeed(v), &mem));
  return mem == CEED_MEM_DEVICE;
}

DeviceHalo &Prolongation::Device(Ceed ceed) const {
  if (!device_ || !device_->Serves(ceed)) {
    std::vector<int>                  ranks;
    std::vector<std::vector<CeedInt>> send, recv;
    for (const Neighbor &n : neighbors_) ranks.push_back(n.rank), send.push_back(n.send_nodes), recv.push_back(n.recv_nodes);
    device_.reset();
    device_ = std::make_unique<DeviceHalo>(ceed, comm_, num_comp_, local_size(), owned_size(), owned_local_node_, ranks, send, recv);
  }
  return *device_;
}

bool Prolongation::DeviceBuffersToMpi(Ceed ceed) const { return Device(ceed).DeviceBuffersToMpi(); }

// Host vectors: the pointer phases, with the arrays accessed only within each phase (host arrays do not
// move, and the exchange reads and writes the object's own buffers in between).
void Prolongation::BeginForward(CeedVector t, CeedVector l) const {
  if (OnDevice(l)) return Device(CeedVectorReturnCeed(l)).BeginForward(t, l);
  HostArray in(t, HostArray::read), out(l, HostArray::write);
  BeginForward(in.data(), out.data());
}

void Prolongation::EndForward(CeedVector l) const {
  if (OnDevice(l)) return Device(CeedVectorReturnCeed(l)).EndForward(l);
  HostArray out(l, HostArray::read_write);
  EndForward(out.data());
}

void Prolongation::BeginReverse(CeedVector l, CeedVector t) const {
  if (OnDevice(t)) return Device(CeedVectorReturnCeed(t)).BeginReverse(l, t);
  HostArray in(l, HostArray::read), out(t, HostArray::write);
  BeginReverse(in.data(), out.data());
}

void Prolongation::EndReverse(CeedVector t) const {
  if (OnDevice(t)) return Device(CeedVectorReturnCeed(t)).EndReverse(t);
  HostArray out(t, HostArray::read_write);
  EndReverse(out.data());
}

void Prolongation::Forward(CeedVector t, CeedVector l) const {
  if (VectorLength(t) != owned_size() || VectorLength(l) != local_size()) {
    throw Error("Prolongation::Forward: vector lengths " + std::to_string(VectorLength(t)) + " -> " + std::to_string(VectorLength(l)) +
                ", expected " + std::to_string(owned_size()) + " -> " + std::to_string(local_size()));
  }
  BeginForward(t, l);
  EndForward(l);
}

void Prolongation::Reverse(CeedVector l, CeedVector t) const {
  if (VectorLength(l) != local_size() || VectorLength(t) != owned_size()) {
    throw Error("Prolongation::Reverse: vector lengths " + std::to_string(VectorLength(l)) + " -> " + std::to_string(VectorLength(t)) +
                ", expected " + std::to_string(local_size()) + " -> " + std::to_string(owned_size()));
  }
  BeginReverse(l, t);
  EndReverse(t);
}

}  // namespace parallel
}  // namespace ceedrt
