// Endurance (issue 16): K create/apply/destroy cycles of a small mass operator on each CPU backend, with the
// resident memory of the process (/proc/self/statm) sampled after a warm-up. Each cycle creates a context, the
// geometry (setup operator Mass3DBuild) and the action (MassApply) of a 3D mass operator (p = 2, 2 x 2 x 1
// elements), applies both, checks the result against the first cycle's bit for bit, and destroys everything.
// Passes when the resident memory after the warm-up grows by at most the bound.
//
//   endurance [--cycles K] [--warmup W] [--bound-kib B] [--shared-ceed] resource...
//
// K cycles per resource (default 1000), the first W of them (default max(K/20, 50), at most K/2) a warm-up that is not
// counted (allocator pools, loaded plugins and kernels, the kernel cache); B the bound on growth in KiB
// (default 1024). --shared-ceed creates one context per resource instead of one per cycle. Prints one line per
// resource: cycles, seconds, microseconds per cycle, resident KiB after the warm-up, at the end, the largest
// sample and the growth. Exit status 0 when every resource stays within the bound and every result matches.
#include <ceed.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

constexpr CeedInt kP = 3, kQ = 4, kNx = 2, kNy = 2, kNz = 1;  // p = 2, Gauss points

long ResidentKiB() {
  long  size = 0, resident = 0;
  FILE *statm = std::fopen("/proc/self/statm", "r");
  if (!statm) return -1;
  if (std::fscanf(statm, "%ld %ld", &size, &resident) != 2) resident = -1;
  std::fclose(statm);
  return resident < 0 ? -1 : resident * (sysconf(_SC_PAGESIZE) / 1024);
}

// The mesh, prepared once: element offsets (3 coordinates interlaced, then 1 component) and node coordinates.
struct Mesh {
  CeedInt              nodes[3] = {kNx * (kP - 1) + 1, kNy * (kP - 1) + 1, kNz * (kP - 1) + 1};
  CeedInt              num_elem = kNx * kNy * kNz, elem_size = kP * kP * kP, num_nodes = nodes[0] * nodes[1] * nodes[2];
  std::vector<CeedInt> offsets, offsets_x;
  std::vector<double>  coords, u;
  Mesh() {
    for (CeedInt e = 0; e < num_elem; e++) {
      const CeedInt ex[3] = {e % kNx, (e / kNx) % kNy, e / (kNx * kNy)};
      for (CeedInt k = 0; k < kP; k++) {
        for (CeedInt j = 0; j < kP; j++) {
          for (CeedInt i = 0; i < kP; i++) {
            const CeedInt node = (ex[0] * (kP - 1) + i) + nodes[0] * ((ex[1] * (kP - 1) + j) + nodes[1] * (ex[2] * (kP - 1) + k));
            offsets.push_back(node);
            offsets_x.push_back(3 * node);
          }
        }
      }
    }
    for (CeedInt node = 0; node < num_nodes; node++) {
      const CeedInt idx[3] = {node % nodes[0], (node / nodes[0]) % nodes[1], node / (nodes[0] * nodes[1])};
      for (int d = 0; d < 3; d++) coords.push_back((double)idx[d] / (nodes[d] - 1) * (1.0 + 0.1 * d) + 0.01 * std::sin(node + d));
      u.push_back(std::cos(0.3 * node));
    }
  }
};

#define CHECK(call)                                                                  \
  do {                                                                               \
    const int ierr_ = (call);                                                        \
    if (ierr_) {                                                                     \
      const char *msg_ = nullptr;                                                    \
      CeedGetErrorMessage(ceed, &msg_);                                              \
      std::fprintf(stderr, "%s failed (%d): %s\n", #call, ierr_, msg_ ? msg_ : ""); \
      return ierr_;                                                                  \
    }                                                                                \
  } while (0)

// One cycle on ceed: creates, applies and destroys the operators; the action's result in *out.
int Cycle(Ceed ceed, const Mesh &m, std::vector<double> *out) {
  CeedVector          x = nullptr, qdata = nullptr, u = nullptr, v = nullptr;
  CeedElemRestriction rstr_x = nullptr, rstr_u = nullptr, rstr_q = nullptr;
  CeedBasis           basis_x = nullptr, basis_u = nullptr;
  CeedQFunction       qf_setup = nullptr, qf_mass = nullptr;
  CeedOperator        op_setup = nullptr, op_mass = nullptr;
  const CeedInt       nq = kQ * kQ * kQ;
  CHECK(CeedVectorCreate(ceed, 3 * m.num_nodes, &x));
  CHECK(CeedVectorSetArray(x, CEED_MEM_HOST, CEED_COPY_VALUES, const_cast<double *>(m.coords.data())));
  CHECK(CeedVectorCreate(ceed, (CeedSize)m.num_elem * nq, &qdata));
  CHECK(CeedVectorCreate(ceed, m.num_nodes, &u));
  CHECK(CeedVectorSetArray(u, CEED_MEM_HOST, CEED_COPY_VALUES, const_cast<double *>(m.u.data())));
  CHECK(CeedVectorCreate(ceed, m.num_nodes, &v));
  CHECK(CeedElemRestrictionCreate(ceed, m.num_elem, m.elem_size, 3, 1, 3 * m.num_nodes, CEED_MEM_HOST, CEED_COPY_VALUES, m.offsets_x.data(),
                                  &rstr_x));
  CHECK(CeedElemRestrictionCreate(ceed, m.num_elem, m.elem_size, 1, 1, m.num_nodes, CEED_MEM_HOST, CEED_COPY_VALUES, m.offsets.data(), &rstr_u));
  CHECK(CeedElemRestrictionCreateStrided(ceed, m.num_elem, nq, 1, (CeedSize)m.num_elem * nq, CEED_STRIDES_BACKEND, &rstr_q));
  CHECK(CeedBasisCreateTensorH1Lagrange(ceed, 3, 3, kP, kQ, CEED_GAUSS, &basis_x));
  CHECK(CeedBasisCreateTensorH1Lagrange(ceed, 3, 1, kP, kQ, CEED_GAUSS, &basis_u));
  CHECK(CeedQFunctionCreateInteriorByName(ceed, "Mass3DBuild", &qf_setup));
  CHECK(CeedQFunctionCreateInteriorByName(ceed, "MassApply", &qf_mass));
  CHECK(CeedOperatorCreate(ceed, qf_setup, CEED_QFUNCTION_NONE, CEED_QFUNCTION_NONE, &op_setup));
  CHECK(CeedOperatorSetField(op_setup, "dx", rstr_x, basis_x, CEED_VECTOR_ACTIVE));
  CHECK(CeedOperatorSetField(op_setup, "weights", CEED_ELEMRESTRICTION_NONE, basis_x, CEED_VECTOR_NONE));
  CHECK(CeedOperatorSetField(op_setup, "qdata", rstr_q, CEED_BASIS_NONE, CEED_VECTOR_ACTIVE));
  CHECK(CeedOperatorCreate(ceed, qf_mass, CEED_QFUNCTION_NONE, CEED_QFUNCTION_NONE, &op_mass));
  CHECK(CeedOperatorSetField(op_mass, "u", rstr_u, basis_u, CEED_VECTOR_ACTIVE));
  CHECK(CeedOperatorSetField(op_mass, "qdata", rstr_q, CEED_BASIS_NONE, qdata));
  CHECK(CeedOperatorSetField(op_mass, "v", rstr_u, basis_u, CEED_VECTOR_ACTIVE));
  CHECK(CeedOperatorApply(op_setup, x, qdata, CEED_REQUEST_IMMEDIATE));
  CHECK(CeedOperatorApply(op_mass, u, v, CEED_REQUEST_IMMEDIATE));
  const double *a = nullptr;
  CHECK(CeedVectorGetArrayRead(v, CEED_MEM_HOST, &a));
  out->assign(a, a + m.num_nodes);
  CHECK(CeedVectorRestoreArrayRead(v, &a));
  CHECK(CeedOperatorDestroy(&op_mass));
  CHECK(CeedOperatorDestroy(&op_setup));
  CHECK(CeedQFunctionDestroy(&qf_mass));
  CHECK(CeedQFunctionDestroy(&qf_setup));
  CHECK(CeedBasisDestroy(&basis_u));
  CHECK(CeedBasisDestroy(&basis_x));
  CHECK(CeedElemRestrictionDestroy(&rstr_q));
  CHECK(CeedElemRestrictionDestroy(&rstr_u));
  CHECK(CeedElemRestrictionDestroy(&rstr_x));
  for (CeedVector *vec : {&x, &qdata, &u, &v}) CHECK(CeedVectorDestroy(vec));
  return CEED_ERROR_SUCCESS;
}

struct Options {
  long                     cycles = 1000, warmup = -1, bound_kib = 1024;
  bool                     shared_ceed = false;
  std::vector<std::string> resources;
};

// Runs the cycles on resource; returns false on a failure or growth over the bound.
bool Endure(const std::string &resource, const Options &o, const Mesh &mesh) {
  const long warmup = o.warmup >= 0 ? o.warmup : std::min(std::max(o.cycles / 20, 50L), o.cycles / 2);
  const long every  = std::max(o.cycles / 200, 1L);  // about 200 samples
  std::vector<double> first, result;
  Ceed                shared = nullptr;
  if (o.shared_ceed && CeedInit(resource.c_str(), &shared)) {
    std::fprintf(stderr, "%s: CeedInit failed\n", resource.c_str());
    return false;
  }
  long       after_warmup = warmup == 0 ? ResidentKiB() : -1, largest = after_warmup, last = after_warmup;
  const auto start        = std::chrono::steady_clock::now();
  auto       counted      = start;
  for (long c = 0; c < o.cycles; c++) {
    Ceed ceed = shared;
    if (!shared && CeedInit(resource.c_str(), &ceed)) {
      std::fprintf(stderr, "%s: CeedInit failed in cycle %ld\n", resource.c_str(), c);
      return false;
    }
    const int ierr = Cycle(ceed, mesh, c == 0 ? &first : &result);
    if (!shared) CeedDestroy(&ceed);
    if (ierr) {
      std::fprintf(stderr, "%s: cycle %ld failed\n", resource.c_str(), c);
      return false;
    }
    if (c > 0 && result != first) {
      std::fprintf(stderr, "%s: the result of cycle %ld differs from the first cycle's\n", resource.c_str(), c);
      return false;
    }
    if (c + 1 == warmup) {
      after_warmup = largest = ResidentKiB();
      counted      = std::chrono::steady_clock::now();
    }
    if (c + 1 > warmup && ((c + 1) % every == 0 || c + 1 == o.cycles)) {
      last    = ResidentKiB();
      largest = std::max(largest, last);
    }
  }
  if (shared) CeedDestroy(&shared);
  const auto   end     = std::chrono::steady_clock::now();
  const double seconds = std::chrono::duration<double>(end - start).count();
  const double per     = o.cycles > warmup ? std::chrono::duration<double>(end - counted).count() / (o.cycles - warmup) * 1e6 : 0.0;
  const long   growth  = largest - after_warmup;
  const bool   ok      = after_warmup >= 0 && growth <= o.bound_kib;
  std::printf("%-24s cycles %8ld (warm-up %ld)  %8.2f s  %7.1f us/cycle  RSS KiB: after warm-up %7ld  end %7ld  max %7ld  growth %5ld "
              "(bound %ld)  %s\n",
              resource.c_str(), o.cycles, warmup, seconds, per, after_warmup, last, largest, growth, o.bound_kib, ok ? "ok" : "FAILED");
  std::fflush(stdout);
  return ok;
}

}  // namespace

int main(int argc, char **argv) {
  Options o;
  for (int i = 1; i < argc; i++) {
    const std::string arg = argv[i];
    if ((arg == "--cycles" || arg == "--warmup" || arg == "--bound-kib") && i + 1 < argc) {
      const long value = std::atol(argv[++i]);
      (arg == "--cycles" ? o.cycles : arg == "--warmup" ? o.warmup : o.bound_kib) = value;
    } else if (arg == "--shared-ceed") {
      o.shared_ceed = true;
    } else if (!arg.empty() && arg[0] == '/') {
      o.resources.push_back(arg);
    } else {
      std::fprintf(stderr, "usage: %s [--cycles K] [--warmup W] [--bound-kib B] [--shared-ceed] resource...\n", argv[0]);
      return 2;
    }
  }
  if (o.resources.empty() || o.cycles < 1) {
    std::fprintf(stderr, "usage: %s [--cycles K] [--warmup W] [--bound-kib B] [--shared-ceed] resource...\n", argv[0]);
    return 2;
  }
  if (o.warmup >= o.cycles) {
    std::fprintf(stderr, "the warm-up (%ld cycles) must be shorter than the run (%ld cycles)\n", o.warmup, o.cycles);
    return 2;
  }
  const Mesh mesh;
  bool       ok = true;
  for (const std::string &resource : o.resources) ok = Endure(resource, o, mesh) && ok;
  return ok ? 0 : 1;
}
