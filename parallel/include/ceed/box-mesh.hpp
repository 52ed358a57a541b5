/// \file
/// Structured hexahedral meshes of the unit cube: the lattice of Gauss-Lobatto nodes of a box of degree-p
/// elements, optionally deformed by a smooth map or a Kershaw-type map; with the error type, the call check
/// and the host inner product they use. Shared by ceed-bench (serial) and ceedrt-parallel (distributed);
/// needs no MPI.
#pragma once

#include <ceed.h>

#include <array>
#include <stdexcept>
#include <string>
#include <vector>

// The library is built with hidden visibility: what this header declares is its interface, nothing else.
#pragma GCC visibility push(default)

namespace ceedrt {
namespace parallel {

/// Exception thrown by the library: carries the libCEED or MPI message of the failing call.
struct Error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// Throws Error naming the call when ierr is a libCEED error (message from ceed, or the thread's last error).
void Check(int ierr, Ceed ceed, const char *call);
/// Calls a libCEED function and throws Error naming the call when it fails.
#define CEEDRT_PARALLEL_CALL(ceed, ...) ::ceedrt::parallel::Check((__VA_ARGS__), (ceed), #__VA_ARGS__)

/// Sum of x[i] * y[i] over n host values, in independent partial sums (vectorizable).
double HostDot(const CeedScalar *x, const CeedScalar *y, CeedSize n);

/// Mesh deformation applied to the lattice of a box mesh.
enum class Deformation {
  none,    ///< the undeformed cube
  smooth,  ///< a smooth map keeping the cube
  kershaw  ///< a piecewise map with strongly stretched elements (aspect ratios about 1/kershaw_eps)
};
/// The name of a deformation ("none", "smooth", "kershaw").
const char *DeformationName(Deformation deformation);
/// Parses a deformation name into *deformation; false if the name is not one of them.
bool        ParseDeformation(const std::string &name, Deformation *deformation);

/// Options of box meshes.
struct BoxMeshOptions {
  Deformation deformation = Deformation::none;  ///< map applied to the nodes
  double      kershaw_eps = 0.3;  ///< 1: undeformed; smaller: stronger (element aspect ratios ~ 1/eps)
};

/// Coordinates of the node (ix, iy, iz) of the global lattice of a box of `elems` degree-p elements on
/// Gauss-Lobatto nodes, after the deformation. Both maps keep the unit cube (boundary nodes stay on their
/// faces).
class BoxGeometry {
 public:
  /// Geometry of a box of elems degree-`degree` elements.
  BoxGeometry(const std::array<CeedInt, 3> &elems, int degree, const BoxMeshOptions &options);
  /// Coordinates of the lattice node lattice_index (x fastest), deformed.
  std::array<double, 3> Node(const std::array<CeedInt, 3> &lattice_index) const;
  /// Kershaw meshes need elements per direction in multiples of this period (elements aligned with the
  /// map's pieces keep the map trilinear per element).
  static std::array<CeedInt, 3> Period(Deformation deformation);

 private:
  BoxMeshOptions                     options_;
  std::array<std::vector<double>, 3> x_1d_;  ///< undeformed lattice coordinates per direction
};

/// Elements per direction (differing by at most one between directions, multiples of the deformation's
/// period) whose DOF count num_comp * prod(elems * degree + 1) is closest to target_dofs in ratio.
std::array<CeedInt, 3> ChooseElements(double target_dofs, int degree, int num_comp, Deformation deformation);

}  ///< namespace parallel
}  ///< namespace ceedrt

#pragma GCC visibility pop
