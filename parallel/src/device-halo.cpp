// The prolongation's exchange on device-resident vectors (see device-halo.hpp).
#include "device-halo.hpp"

#include <cstring>

#if defined(OPEN_MPI) && __has_include(<mpi-ext.h>)
#include <mpi-ext.h>  // Open MPI's MPIX_Query_cuda_support / MPIX_Query_rocm_support
#endif

namespace ceedrt {
namespace parallel {

namespace {

constexpr int kForwardTag = 4201, kReverseTag = 4202;

bool StartsWith(const char *s, const char *prefix) { return s && std::strncmp(s, prefix, std::strlen(prefix)) == 0; }

// Whether the MPI library in this process takes device pointers of the backend's vendor (a run-time answer:
// the same binary may run with a GPU-aware build of the MPI library or without one).
bool MpiTakesDevicePointers(Ceed ceed) {
  const char *resource = nullptr;
  CEEDRT_PARALLEL_CALL(ceed, CeedGetResource(ceed, &resource));
  if (StartsWith(resource, "/gpu/cuda")) {
#if defined(MPIX_CUDA_AWARE_SUPPORT)
    return MPIX_Query_cuda_support() == 1;
#endif
  }
  if (StartsWith(resource, "/gpu/hip")) {
#if defined(MPIX_ROCM_AWARE_SUPPORT)
    return MPIX_Query_rocm_support() == 1;
#endif
  }
  return false;
}

// One "element" per listed node: NOTRANSPOSE gathers the nodes' components into a packed buffer (node-major,
// components interlaced, as the L-vector), TRANSPOSE adds a packed buffer back into the L-vector.
CeedElemRestriction NodeListRestriction(Ceed ceed, int num_comp, CeedSize l_size, const std::vector<CeedInt> &nodes) {
  std::vector<CeedInt> offsets(nodes.size());
  for (size_t k = 0; k < nodes.size(); k++) offsets[k] = nodes[k] * num_comp;
  CeedElemRestriction rstr = nullptr;
  CEEDRT_PARALLEL_CALL(ceed, CeedElemRestrictionCreate(ceed, (CeedInt)nodes.size(), 1, num_comp, 1, l_size, CEED_MEM_HOST, CEED_COPY_VALUES,
                                                       offsets.data(), &rstr));
  return rstr;
}

// Concatenates the per-neighbour lists; offsets[k] = first DOF of neighbour k in the packed buffer.
std::vector<CeedInt> Concatenate(const std::vector<std::vector<CeedInt>> &lists, int num_comp, std::vector<CeedSize> *offsets) {
  std::vector<CeedInt> all;
  offsets->assign(1, 0);
  for (const auto &list : lists) {
    all.insert(all.end(), list.begin(), list.end());
    offsets->push_back((CeedSize)all.size() * num_comp);
  }
  return all;
}

void Apply(Ceed ceed, CeedElemRestriction rstr, CeedTransposeMode mode, CeedVector in, CeedVector out) {
  if (rstr) CEEDRT_PARALLEL_CALL(ceed, CeedElemRestrictionApply(rstr, mode, in, out, CEED_REQUEST_IMMEDIATE));
}

}  // namespace

DeviceHalo::DeviceHalo(Ceed ceed, MPI_Comm comm, int num_comp, CeedSize local_size, CeedSize owned_size, const std::vector<CeedInt> &owned_local_node,
                       const std::vector<int> &ranks, const std::vector<std::vector<CeedInt>> &send_nodes,
                       const std::vector<std::vector<CeedInt>> &recv_nodes)
    : comm_(comm), ranks_(ranks) {
  CEEDRT_PARALLEL_CALL(ceed, CeedReferenceCopy(ceed, &ceed_));
  gpu_aware_ = MpiTakesDevicePointers(ceed);
  mpi_mem_   = gpu_aware_ ? CEED_MEM_DEVICE : CEED_MEM_HOST;
  owned_     = NodeListRestriction(ceed, num_comp, local_size, owned_local_node);
  const std::vector<CeedInt> send = Concatenate(send_nodes, num_comp, &send_offsets_), recv = Concatenate(recv_nodes, num_comp, &recv_offsets_);
  if (!send.empty()) {
    send_        = NodeListRestriction(ceed, num_comp, owned_size, send);
    send_buffer_ = Vector(ceed, send_offsets_.back());
  }
  if (!recv.empty()) {
    recv_        = NodeListRestriction(ceed, num_comp, local_size, recv);
    recv_buffer_ = Vector(ceed, recv_offsets_.back());
  }
}

DeviceHalo::~DeviceHalo() {
  if (!requests_.empty()) Finish();
  for (CeedElemRestriction *r : {&owned_, &send_, &recv_}) CeedElemRestrictionDestroy(r);
  send_buffer_ = Vector(), recv_buffer_ = Vector();
  CeedDestroy(&ceed_);
}

bool DeviceHalo::Serves(Ceed ceed) const { return ceed == ceed_; }

void DeviceHalo::Exchange(CeedVector out, const std::vector<CeedSize> &out_offsets, CeedVector in, const std::vector<CeedSize> &in_offsets,
                          int tag) {
  requests_.clear();
  // One message per neighbour with a nonempty range of the packed buffer.
  auto post = [&](double *array, const std::vector<CeedSize> &offsets, bool send) {
    for (size_t k = 0; k < ranks_.size(); k++) {
      const int count = (int)(offsets[k + 1] - offsets[k]);
      if (!count) continue;
      requests_.emplace_back();
      if (send) MPI_Isend(array + offsets[k], count, MPI_DOUBLE, ranks_[k], tag, comm_, &requests_.back());
      else MPI_Irecv(array + offsets[k], count, MPI_DOUBLE, ranks_[k], tag, comm_, &requests_.back());
    }
  };
  if (in) {
    CEEDRT_PARALLEL_CALL(ceed_, CeedVectorGetArrayWrite(in, mpi_mem_, &in_array_));
    in_flight_in_ = in;
    post(in_array_, in_offsets, false);
  }
  if (out) {
    CEEDRT_PARALLEL_CALL(ceed_, CeedVectorGetArrayRead(out, mpi_mem_, &out_array_));
    in_flight_out_ = out;
    post(const_cast<double *>(out_array_), out_offsets, true);  // MPI_Isend only reads it
  }
}

void DeviceHalo::Finish() {
  MPI_Waitall((int)requests_.size(), requests_.data(), MPI_STATUSES_IGNORE);
  requests_.clear();
  if (in_flight_in_) CeedVectorRestoreArray(in_flight_in_, &in_array_);
  if (in_flight_out_) CeedVectorRestoreArrayRead(in_flight_out_, &out_array_);
  in_flight_in_ = in_flight_out_ = nullptr;
}

void DeviceHalo::BeginForward(CeedVector t, CeedVector l) {
  Apply(ceed_, send_, CEED_NOTRANSPOSE, t, send_buffer_);
  Exchange(send_buffer_, send_offsets_, recv_buffer_, recv_offsets_, kForwardTag);
  CEEDRT_PARALLEL_CALL(ceed_, CeedVectorSetValue(l, 0.0));
  Apply(ceed_, owned_, CEED_TRANSPOSE, t, l);
}

void DeviceHalo::EndForward(CeedVector l) {
  Finish();
  Apply(ceed_, recv_, CEED_TRANSPOSE, recv_buffer_, l);
}

void DeviceHalo::BeginReverse(CeedVector l, CeedVector t) {
  Apply(ceed_, recv_, CEED_NOTRANSPOSE, l, recv_buffer_);
  Exchange(recv_buffer_, recv_offsets_, send_buffer_, send_offsets_, kReverseTag);
  Apply(ceed_, owned_, CEED_NOTRANSPOSE, l, t);
}

void DeviceHalo::EndReverse(CeedVector t) {
  Finish();
  Apply(ceed_, send_, CEED_TRANSPOSE, send_buffer_, t);
}

}  // namespace parallel
}  // namespace ceedrt
