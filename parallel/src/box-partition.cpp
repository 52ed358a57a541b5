// Block partition of an element box over a grid of ranks.
#include <ceed/parallel.hpp>

#include <cmath>
#include <limits>

namespace ceedrt {
namespace parallel {

BoxPartition BoxPartition::Create(const std::array<CeedInt, 3> &elems, int num_ranks) {
  if (num_ranks < 1) throw Error("box partition: number of ranks must be positive, got " + std::to_string(num_ranks));
  // Among the factorizations px * py * pz = num_ranks with at most one rank per element and direction, the
  // one whose largest part has the fewest elements (the slowest rank sets the pace), then the one with the
  // smallest total area of the cuts between parts (the halo volume).
  BoxPartition best;
  best.elems      = elems;
  double best_cut = std::numeric_limits<double>::infinity(), best_largest = best_cut;
  for (int px = 1; px <= num_ranks; px++) {
    if (num_ranks % px) continue;
    for (int py = 1; py <= num_ranks / px; py++) {
      if ((num_ranks / px) % py) continue;
      const int pz = num_ranks / px / py;
      if (px > elems[0] || py > elems[1] || pz > elems[2]) continue;
      const double cut     = (px - 1.0) * elems[1] * elems[2] + (py - 1.0) * elems[0] * elems[2] + (pz - 1.0) * elems[0] * elems[1];
      const double largest = std::ceil((double)elems[0] / px) * std::ceil((double)elems[1] / py) * std::ceil((double)elems[2] / pz);
      if (largest < best_largest || (largest == best_largest && cut < best_cut)) best_largest = largest, best_cut = cut, best.ranks = {px, py, pz};
    }
  }
  if (best_cut == std::numeric_limits<double>::infinity()) {
    throw Error("box partition: " + std::to_string(num_ranks) + " ranks cannot each get elements of a " + std::to_string(elems[0]) + " x " +
                std::to_string(elems[1]) + " x " + std::to_string(elems[2]) + " element box (no factorization fits; use a larger mesh)");
  }
  return best;
}

CeedInt BoxPartition::Start(int direction, int part) const {
  return (CeedInt)(((long long)part * elems[direction]) / ranks[direction]);
}

std::array<int, 3> BoxPartition::Coords(int rank) const { return {rank % ranks[0], (rank / ranks[0]) % ranks[1], rank / (ranks[0] * ranks[1])}; }

int BoxPartition::Rank(const std::array<int, 3> &coords) const { return coords[0] + ranks[0] * (coords[1] + ranks[1] * coords[2]); }

}  // namespace parallel
}  // namespace ceedrt
