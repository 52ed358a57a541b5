// Distributed box meshes and the parallel prolongation on uneven partitions: the T numbering covers every
// lattice node once, P delivers every ghost its owner's value, P^T sums each node's copies (its multiplicity),
// P and P^T are adjoint, and ghost coordinates match their owners'.
#include <ceed/parallel.hpp>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "mpi-test.hpp"

using namespace ceedrt::parallel;

namespace {

using mpi_test::Require;
int rank = 0;

double ValueOf(GlobalIndex dof) { return 0.25 * (double)dof + std::sin((double)dof); }

// Number of ranks whose element block touches lattice node g in each direction, multiplied.
int Multiplicity(const DistributedBoxMesh &mesh, CeedInt local_node) {
  const GlobalIndex lattice_x = (GlobalIndex)mesh.partition.elems[0] * mesh.degree + 1, lattice_y = (GlobalIndex)mesh.partition.elems[1] * mesh.degree + 1;
  const GlobalIndex node      = mesh.lattice_node[local_node];
  const GlobalIndex lattice[3] = {node % lattice_x, (node / lattice_x) % lattice_y, node / (lattice_x * lattice_y)};
  int               m         = 1;
  for (int d = 0; d < 3; d++) {
    const GlobalIndex g     = lattice[d];
    int           count = 0;
    for (int k = 0; k < mesh.partition.ranks[d]; k++) {
      count += mesh.partition.Start(d, k) * mesh.degree <= g && g <= mesh.partition.Start(d, k + 1) * mesh.degree;
    }
    m *= count;
  }
  return m;
}

void CheckMesh(Ceed ceed, const std::array<CeedInt, 3> &elems, int degree, int num_comp, Deformation deformation) {
  const std::string  name = std::to_string(elems[0]) + "x" + std::to_string(elems[1]) + "x" + std::to_string(elems[2]) + " p=" +
                           std::to_string(degree) + " ncomp=" + std::to_string(num_comp) + " " + DeformationName(deformation);
  BoxMeshOptions     options;
  options.deformation = deformation;
  const auto         mesh = DistributedBoxMesh::Build(MPI_COMM_WORLD, elems, degree, options);
  const Prolongation P(mesh, num_comp);

  // Numbering: owned ranges tile 0..N-1 in rank order, N = lattice size.
  GlobalIndex lattice = 1;
  for (int d = 0; d < 3; d++) lattice *= (GlobalIndex)elems[d] * degree + 1;
  Require(P.global_size() == lattice * num_comp, name + ": global size " + std::to_string(P.global_size()));
  GlobalIndex end = 0;
  const GlobalIndex my_end = mesh.first_owned_node + mesh.num_owned_nodes;
  MPI_Exscan(&my_end, &end, 1, MPI_LONG_LONG, MPI_MAX, MPI_COMM_WORLD);
  if (rank == 0) end = 0;
  Require(end == mesh.first_owned_node, name + ": owned range starts at " + std::to_string(mesh.first_owned_node) + ", previous ends at " +
                                            std::to_string(end));
  long long elements = mesh.num_elem, total_elements = 0;
  MPI_Allreduce(&elements, &total_elements, 1, MPI_LONG_LONG, MPI_SUM, MPI_COMM_WORLD);
  Require(total_elements == (long long)elems[0] * elems[1] * elems[2], name + ": elements over all ranks " + std::to_string(total_elements));
  Require(mesh.interior_elems.size() + mesh.halo_elems.size() == (size_t)mesh.num_elem, name + ": interior + halo elements");

  // P delivers owners' values to every copy.
  CeedVector t, l, t2;
  CEEDRT_PARALLEL_CALL(ceed, CeedVectorCreate(ceed, P.owned_size(), &t));
  CEEDRT_PARALLEL_CALL(ceed, CeedVectorCreate(ceed, P.owned_size(), &t2));
  CEEDRT_PARALLEL_CALL(ceed, CeedVectorCreate(ceed, P.local_size(), &l));
  {
    CeedScalar *a;
    CEEDRT_PARALLEL_CALL(ceed, CeedVectorGetArrayWrite(t, CEED_MEM_HOST, &a));
    for (CeedSize j = 0; j < P.owned_size(); j++) a[j] = ValueOf(P.first_owned_dof() + j);
    CEEDRT_PARALLEL_CALL(ceed, CeedVectorRestoreArray(t, &a));
  }
  P.Forward(t, l);
  {
    const CeedScalar *a;
    CEEDRT_PARALLEL_CALL(ceed, CeedVectorGetArrayRead(l, CEED_MEM_HOST, &a));
    for (CeedSize i = 0; i < P.local_size(); i++) {
      Require(a[i] == ValueOf(P.GlobalDof(i)), name + ": P t at local DOF " + std::to_string(i) + " is " + std::to_string(a[i]));
    }
    CEEDRT_PARALLEL_CALL(ceed, CeedVectorRestoreArrayRead(l, &a));
  }

  // P^T 1 is the multiplicity of each owned node.
  CEEDRT_PARALLEL_CALL(ceed, CeedVectorSetValue(l, 1.0));
  P.Reverse(l, t2);
  {
    const CeedScalar *a;
    CEEDRT_PARALLEL_CALL(ceed, CeedVectorGetArrayRead(t2, CEED_MEM_HOST, &a));
    for (CeedInt node = 0; node < mesh.num_local_nodes; node++) {
      if (mesh.owner[node] != rank) continue;
      const GlobalIndex j = mesh.global_node[node] - mesh.first_owned_node;
      for (int c = 0; c < num_comp; c++) {
        Require(a[j * num_comp + c] == Multiplicity(mesh, node),
                name + ": P^T 1 at node " + std::to_string(mesh.global_node[node]) + " is " + std::to_string(a[j * num_comp + c]) + ", expected " +
                    std::to_string(Multiplicity(mesh, node)));
      }
    }
    CEEDRT_PARALLEL_CALL(ceed, CeedVectorRestoreArrayRead(t2, &a));
  }

  // Adjointness: (P^T l, t) = (l, P t) for an arbitrary l (differing copies of a node).
  {
    CeedScalar *a;
    CEEDRT_PARALLEL_CALL(ceed, CeedVectorGetArrayWrite(l, CEED_MEM_HOST, &a));
    for (CeedSize i = 0; i < P.local_size(); i++) a[i] = std::cos(0.37 * (double)i + rank);
    CEEDRT_PARALLEL_CALL(ceed, CeedVectorRestoreArray(l, &a));
  }
  CeedVector pt;
  CEEDRT_PARALLEL_CALL(ceed, CeedVectorCreate(ceed, P.local_size(), &pt));
  P.Forward(t, pt);
  P.Reverse(l, t2);
  double local_lpt = 0.0;
  {
    const CeedScalar *a, *b;
    CEEDRT_PARALLEL_CALL(ceed, CeedVectorGetArrayRead(l, CEED_MEM_HOST, &a));
    CEEDRT_PARALLEL_CALL(ceed, CeedVectorGetArrayRead(pt, CEED_MEM_HOST, &b));
    for (CeedSize i = 0; i < P.local_size(); i++) local_lpt += a[i] * b[i];
    CEEDRT_PARALLEL_CALL(ceed, CeedVectorRestoreArrayRead(l, &a));
    CEEDRT_PARALLEL_CALL(ceed, CeedVectorRestoreArrayRead(pt, &b));
  }
  double lpt = 0.0;
  MPI_Allreduce(&local_lpt, &lpt, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  const double ptl_t = Dot(MPI_COMM_WORLD, t2, t);
  Require(std::fabs(ptl_t - lpt) <= 1e-12 * std::fabs(lpt), name + ": (P^T l, t) = " + std::to_string(ptl_t) + ", (l, P t) = " + std::to_string(lpt));

  // Coordinates: every copy of a node has its owner's coordinates.
  if (num_comp == 3) {
    CEEDRT_PARALLEL_CALL(ceed, CeedVectorSetValue(t, 0.0));
    {
      CeedScalar *a;
      CEEDRT_PARALLEL_CALL(ceed, CeedVectorGetArray(t, CEED_MEM_HOST, &a));
      for (CeedInt node = 0; node < mesh.num_local_nodes; node++) {
        if (mesh.owner[node] != rank) continue;
        const GlobalIndex j = mesh.global_node[node] - mesh.first_owned_node;
        for (int c = 0; c < 3; c++) a[j * 3 + c] = mesh.coords[(size_t)c * mesh.num_local_nodes + node];
      }
      CEEDRT_PARALLEL_CALL(ceed, CeedVectorRestoreArray(t, &a));
    }
    P.Forward(t, l);
    const CeedScalar *a;
    CEEDRT_PARALLEL_CALL(ceed, CeedVectorGetArrayRead(l, CEED_MEM_HOST, &a));
    for (CeedInt node = 0; node < mesh.num_local_nodes; node++) {
      for (int c = 0; c < 3; c++) {
        Require(a[node * 3 + c] == mesh.coords[(size_t)c * mesh.num_local_nodes + node], name + ": coordinate of ghost node " + std::to_string(node));
      }
    }
    CEEDRT_PARALLEL_CALL(ceed, CeedVectorRestoreArrayRead(l, &a));
  }
  for (CeedVector *v : {&t, &t2, &l, &pt}) CeedVectorDestroy(v);
  if (rank == 0) std::printf("ok: %s (%d ranks as %d x %d x %d, halo %lld DOFs on rank 0)\n", name.c_str(), mesh.size, mesh.partition.ranks[0],
                             mesh.partition.ranks[1], mesh.partition.ranks[2], (long long)P.HaloSize());
}

}  // namespace

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  Ceed ceed;
  if (CeedInit("/cpu/self/ref", &ceed)) Require(false, "CeedInit /cpu/self/ref");
  try {
    CheckMesh(ceed, {5, 3, 4}, 2, 1, Deformation::none);  // uneven splits for 2, 3 and 4 ranks
    CheckMesh(ceed, {7, 5, 3}, 3, 3, Deformation::smooth);
    CheckMesh(ceed, {6, 2, 4}, 1, 2, Deformation::kershaw);
    // More ranks than elements in a direction must be refused with a message, on every rank.
    int size = 1;
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (size > 1) {
      bool refused = false;
      try {
        DistributedBoxMesh::Build(MPI_COMM_WORLD, {1, 1, size - 1}, 2);
      } catch (const Error &e) {
        refused = std::string(e.what()).find("ranks cannot each get elements") != std::string::npos;
      }
      Require(refused, "a partition with an empty rank was not refused");
    }
  } catch (const std::exception &e) {
    Require(false, e.what());
  }
  CeedDestroy(&ceed);
  MPI_Finalize();
  return 0;
}
