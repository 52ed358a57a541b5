// The prolongation's exchange on device-resident CeedVectors: the owned copy, the packing of the values a
// neighbour needs and the unpacking of what it sent run on the vectors' backend (element restrictions of
// one node per element gather and scatter-add); MPI gets device buffers when it is GPU-aware for the
// backend's vendor (asked at run time), otherwise only the packed halo is staged through host memory.
#pragma once

#include <ceed/parallel.hpp>

#include <vector>

#include "host-array.hpp"

namespace ceedrt {
namespace parallel {

class DeviceHalo {
 public:
  // send_nodes/recv_nodes: per neighbour, the owned T-local nodes it reads and our L nodes it owns.
  DeviceHalo(Ceed ceed, MPI_Comm comm, int num_comp, CeedSize local_size, CeedSize owned_size, const std::vector<CeedInt> &owned_local_node,
             const std::vector<int> &ranks, const std::vector<std::vector<CeedInt>> &send_nodes, const std::vector<std::vector<CeedInt>> &recv_nodes);
  ~DeviceHalo();
  DeviceHalo(const DeviceHalo &)            = delete;
  DeviceHalo &operator=(const DeviceHalo &) = delete;

  bool Serves(Ceed ceed) const;       // built for ceed's device (same root context)
  bool DeviceBuffersToMpi() const { return gpu_aware_; }

  void BeginForward(CeedVector t, CeedVector l);  // l = owned part of P t; ghosts travel
  void EndForward(CeedVector l);                  // ghosts added (they were zero)
  void BeginReverse(CeedVector l, CeedVector t);  // t = owned part of l; ghost sums travel
  void EndReverse(CeedVector t);                  // sums added into their owners

 private:
  // Posts receives into in and sends of out (packed buffers, one range per neighbour in order).
  void Exchange(CeedVector out, const std::vector<CeedSize> &out_offsets, CeedVector in, const std::vector<CeedSize> &in_offsets, int tag);
  void Finish();

  Ceed                     ceed_ = nullptr;
  MPI_Comm                 comm_;
  CeedMemType              mpi_mem_   = CEED_MEM_HOST;
  bool                     gpu_aware_ = false;
  std::vector<int>         ranks_;
  std::vector<CeedSize>    send_offsets_, recv_offsets_;  // per neighbour, in DOFs; last = total
  CeedElemRestriction      owned_ = nullptr, send_ = nullptr, recv_ = nullptr;
  Vector                   send_buffer_, recv_buffer_;
  // The buffers handed to MPI stay accessed until the exchange completes.
  CeedVector               in_flight_in_ = nullptr, in_flight_out_ = nullptr;
  CeedScalar              *in_array_  = nullptr;
  const CeedScalar        *out_array_ = nullptr;
  std::vector<MPI_Request> requests_;
};

}  // namespace parallel
}  // namespace ceedrt
