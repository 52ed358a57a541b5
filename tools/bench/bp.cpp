#include "bp.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>

namespace bench {

namespace {

const BpSpec kBps[] = {
    {"bp1", BpOperatorKind::mass, 1, false, "Mass3DBuild", "MassApply", 1},
    {"bp2", BpOperatorKind::mass, 3, false, "Mass3DBuild", "Vector3MassApply", 1},
    {"bp3", BpOperatorKind::diffusion, 1, false, "Poisson3DBuild", "Poisson3DApply", 6},
    {"bp4", BpOperatorKind::diffusion, 3, false, "Poisson3DBuild", "Vector3Poisson3DApply", 6},
    {"bp5", BpOperatorKind::diffusion, 1, true, "Poisson3DBuild", "Poisson3DApply", 6},
    {"bp6", BpOperatorKind::diffusion, 3, true, "Poisson3DBuild", "Vector3Poisson3DApply", 6},
};

// The coefficient vector a_c of the manufactured linear field of component c.
std::array<double, 3> LinearCoefficients(int comp) {
  constexpr double a[3] = {1.0, 0.5, 0.25};
  return {a[comp % 3], a[(comp + 2) % 3], a[(comp + 1) % 3]};
}

double Seconds(std::chrono::steady_clock::time_point since) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - since).count();
}

}  // namespace

const BpSpec *FindBp(const std::string &name) {
  for (const auto &spec : kBps) {
    if (name == spec.name) return &spec;
  }
  return nullptr;
}

int QuadraturePoints1D(const BpSpec &spec, int degree) { return spec.gll_quadrature ? degree + 1 : degree + 2; }

BpProblem::BpProblem(Ceed ceed, const BpSpec &spec, const BoxMesh &mesh, const BpPrecision &precision, int q_1d)
    : ceed_(ceed), spec_(spec), mesh_(mesh), q_1d_(q_1d > 0 ? q_1d : QuadraturePoints1D(spec, mesh.degree)), precision_(precision) {
  const auto     start = std::chrono::steady_clock::now();
  const CeedInt  P = mesh.degree + 1, Q = q_1d_, num_comp = spec.num_comp;
  const CeedInt  elem_nodes = P * P * P, elem_qpts = Q * Q * Q, num_elem = mesh.num_elem;
  const CeedSize num_nodes  = mesh.num_nodes;
  const CeedQuadMode quad   = spec.gll_quadrature ? CEED_GAUSS_LOBATTO : CEED_GAUSS;

  // Solution field: components interlaced per node (offsets scaled by num_comp, component stride 1).
  if (num_comp == 1) {
    BENCH_CALL(ceed, CeedElemRestrictionCreate(ceed, num_elem, elem_nodes, 1, 1, num_nodes, CEED_MEM_HOST, CEED_COPY_VALUES,
                                               mesh.elem_nodes.data(), rstr_u_.out()));
  } else {
    std::vector<CeedInt> offsets(mesh.elem_nodes.size());
    std::transform(mesh.elem_nodes.begin(), mesh.elem_nodes.end(), offsets.begin(), [&](CeedInt node) { return num_comp * node; });
    BENCH_CALL(ceed, CeedElemRestrictionCreate(ceed, num_elem, elem_nodes, num_comp, 1, num_comp * num_nodes, CEED_MEM_HOST,
                                               CEED_COPY_VALUES, offsets.data(), rstr_u_.out()));
  }
  // Coordinates: three component-major blocks of the node vector.
  BENCH_CALL(ceed, CeedElemRestrictionCreate(ceed, num_elem, elem_nodes, 3, (CeedInt)num_nodes, 3 * num_nodes, CEED_MEM_HOST,
                                             CEED_COPY_VALUES, mesh.elem_nodes.data(), rstr_x_.out()));
  BENCH_CALL(ceed, CeedElemRestrictionCreateStrided(ceed, num_elem, elem_qpts, spec.qdata_size, (CeedSize)num_elem * elem_qpts * spec.qdata_size,
                                                    CEED_STRIDES_BACKEND, rstr_qdata_.out()));
  BENCH_CALL(ceed, CeedBasisCreateTensorH1Lagrange(ceed, 3, num_comp, P, Q, quad, basis_u_.out()));
  BENCH_CALL(ceed, CeedBasisCreateTensorH1Lagrange(ceed, 3, 3, P, Q, quad, basis_x_.out()));

  // Quadrature data from the coordinates.
  VectorOwned x;
  BENCH_CALL(ceed, CeedVectorCreate(ceed, 3 * num_nodes, x.out()));
  BENCH_CALL(ceed, CeedVectorSetArray(x, CEED_MEM_HOST, CEED_COPY_VALUES, const_cast<CeedScalar *>(mesh.coords.data())));
  BENCH_CALL(ceed, CeedVectorCreate(ceed, (CeedSize)num_elem * elem_qpts * spec.qdata_size, qdata_.out()));
  {
    QFunctionOwned qf_build;
    OperatorOwned  op_build;
    BENCH_CALL(ceed, CeedQFunctionCreateInteriorByName(ceed, spec.build_qfunction, qf_build.out()));
    BENCH_CALL(ceed, CeedOperatorCreate(ceed, qf_build, CEED_QFUNCTION_NONE, CEED_QFUNCTION_NONE, op_build.out()));
    BENCH_CALL(ceed, CeedOperatorSetField(op_build, "dx", rstr_x_, basis_x_, CEED_VECTOR_ACTIVE));
    BENCH_CALL(ceed, CeedOperatorSetField(op_build, "weights", CEED_ELEMRESTRICTION_NONE, basis_x_, CEED_VECTOR_NONE));
    BENCH_CALL(ceed, CeedOperatorSetField(op_build, "qdata", rstr_qdata_, CEED_BASIS_NONE, CEED_VECTOR_ACTIVE));
    BENCH_CALL(ceed, CeedOperatorApply(op_build, x, qdata_, CEED_REQUEST_IMMEDIATE));
  }

  BENCH_CALL(ceed, CeedQFunctionCreateInteriorByName(ceed, spec.apply_qfunction, qf_apply_.out()));
  const bool mass      = spec.kind == BpOperatorKind::mass;
  auto       create_op = [&](OperatorOwned &op, CeedVector qdata) {
    BENCH_CALL(ceed, CeedOperatorCreate(ceed, qf_apply_, CEED_QFUNCTION_NONE, CEED_QFUNCTION_NONE, op.out()));
    BENCH_CALL(ceed, CeedOperatorSetName(op, spec.name));
    BENCH_CALL(ceed, CeedOperatorSetField(op, mass ? "u" : "du", rstr_u_, basis_u_, CEED_VECTOR_ACTIVE));
    BENCH_CALL(ceed, CeedOperatorSetField(op, "qdata", rstr_qdata_, CEED_BASIS_NONE, qdata));
    BENCH_CALL(ceed, CeedOperatorSetField(op, mass ? "v" : "dv", rstr_u_, basis_u_, CEED_VECTOR_ACTIVE));
    BENCH_CALL(ceed, CeedOperatorCheckReady(op));
  };
  if (!precision.all_fp64()) {
    // The fp64 reference keeps its own copy of the quadrature data, before it is rounded.
    BENCH_CALL(ceed, CeedVectorCreate(ceed, (CeedSize)num_elem * elem_qpts * spec.qdata_size, qdata_fp64_.out()));
    BENCH_CALL(ceed, CeedVectorCopy(qdata_, qdata_fp64_));
    create_op(op_fp64_, qdata_fp64_);
  }
  if (precision.qdata == CEED_SCALAR_FP32) {
    // Kept in fp32 only, as an application storing it in fp32 would.
    void *data = nullptr;
    BENCH_CALL(ceed, CeedVectorSetPreferredScalarType(qdata_, CEED_SCALAR_FP32));
    BENCH_CALL(ceed, CeedVectorGetArrayTyped(qdata_, CEED_MEM_HOST, CEED_SCALAR_FP32, &data));
    BENCH_CALL(ceed, CeedVectorRestoreArrayTyped(qdata_, &data));
  }
  create_op(op_apply_, qdata_);
  BENCH_CALL(ceed, CeedOperatorSetPrecision(op_apply_, precision.mode));
  Synchronize(qdata_);
  setup_seconds_ = Seconds(start);
}

VectorOwned BpProblem::CreateVector() const {
  VectorOwned v;
  BENCH_CALL(ceed_, CeedVectorCreate(ceed_, dofs(), v.out()));
  if (precision_.fp32_vectors()) BENCH_CALL(ceed_, CeedVectorSetPreferredScalarType(v, CEED_SCALAR_FP32));
  return v;
}

double BpProblem::PrecisionError() const {
  if (precision_.all_fp64()) return 0.0;
  VectorOwned u = CreateVector(), v = CreateVector(), v_fp64;
  BENCH_CALL(ceed_, CeedVectorCreate(ceed_, dofs(), v_fp64.out()));
  {
    HostWrite w(u);
    uint64_t  state = 0x9e3779b97f4a7c15ull;
    for (CeedSize i = 0; i < dofs(); i++) {
      state = state * 6364136223846793005ull + 1442695040888963407ull;
      w[i]  = (double)(state >> 11) / 9007199254740992.0 - 0.5;
    }
  }
  BENCH_CALL(ceed_, CeedOperatorApply(op_apply_, u, v, CEED_REQUEST_IMMEDIATE));
  BENCH_CALL(ceed_, CeedOperatorApply(op_fp64_, u, v_fp64, CEED_REQUEST_IMMEDIATE));
  HostRead a(v), b(v_fp64);
  double   diff = 0.0, scale = 0.0;
  for (CeedSize i = 0; i < dofs(); i++) {
    diff  = std::max(diff, std::fabs(a[i] - b[i]));
    scale = std::max(scale, std::fabs(b[i]));
  }
  return scale > 0.0 ? diff / scale : diff;
}

VectorOwned BpProblem::ManufacturedSolution() const {
  VectorOwned    u = CreateVector();
  const CeedSize n = mesh_.num_nodes;
  const int      nc = spec_.num_comp;
  HostWrite      w(u);
  for (int c = 0; c < nc; c++) {
    const auto a = LinearCoefficients(c);
    for (CeedSize i = 0; i < n; i++) {
      w[nc * i + c] = a[0] * mesh_.coords[i] + a[1] * mesh_.coords[n + i] + a[2] * mesh_.coords[2 * n + i];
    }
  }
  return u;
}

void BpProblem::ProjectOutKernel(CeedVector u) const {
  if (spec_.kind == BpOperatorKind::mass) return;
  const CeedSize n = mesh_.num_nodes;
  const int      nc = spec_.num_comp;
  CeedScalar    *data = nullptr;
  BENCH_CALL(ceed_, CeedVectorGetArray(u, CEED_MEM_HOST, &data));
  for (int c = 0; c < nc; c++) {
    double mean = 0.0;
    for (CeedSize i = 0; i < n; i++) mean += data[nc * i + c];
    mean /= (double)n;
    for (CeedSize i = 0; i < n; i++) data[nc * i + c] -= mean;
  }
  BENCH_CALL(ceed_, CeedVectorRestoreArray(u, &data));
}

// Highest polynomial degree in any one reference direction of the integrands of the checks, against the
// exactness of the quadrature (2Q-1 for Gauss, 2Q-3 for Gauss-Lobatto). The geometry has degree m per
// direction (column d of J: m-1 in xi_d, m in the others): m = 0 stands for affine elements (constant J),
// the Kershaw map is trilinear per element (m = 1, its elements are aligned with its pieces), the smooth
// map quadratic (m = min(p, 2) once interpolated). Then det J has degree 3m-1, u det J with u linear in x
// 4m-1, and d(phi_i)/d(xi_d) times column d of the cofactor matrix (the interior rows of K u) p+2m-1.
bool BpProblem::CheckIsExact() const {
  const int p = mesh_.degree;
  int       m = 0;
  if (mesh_.deformation == Deformation::kershaw) m = 1;
  if (mesh_.deformation == Deformation::smooth) m = std::min(p, 2);
  const int exactness = spec_.gll_quadrature ? 2 * q_1d_ - 3 : 2 * q_1d_ - 1;
  int       degree;
  if (spec_.kind == BpOperatorKind::mass) {
    degree = m == 0 ? 1 : 4 * m - 1;
  } else {
    degree = m == 0 ? p : std::max(3 * m - 1, p + 2 * m - 1);
  }
  return degree <= exactness;
}

CheckResult BpProblem::Check() const {
  CheckResult    result;
  const CeedSize n = mesh_.num_nodes, nd = dofs();
  const int      nc = spec_.num_comp;
  VectorOwned    u = ManufacturedSolution(), v = CreateVector();
  result.exact = CheckIsExact();
  // Round-off grows with the number of summed terms. Under-integrated distorted elements add a consistency
  // error of order h^2 (measured on Kershaw meshes: about 12 h^2 for BP5/BP6 at p = 1).
  const double h     = 1.0 / *std::min_element(mesh_.elems.begin(), mesh_.elems.end());
  result.tolerance   = 1e-11 * (1.0 + std::sqrt((double)nd));
  if (!result.exact) result.tolerance = std::max(result.tolerance, 50.0 * h * h);
  // Runs rounding to fp32: the checks below hold for the fp64 operator, and the mode differs from it by its
  // rounding, at most 64 fp32 units (2^-24) per point of a 1D contraction: the discretization checks cancel
  // terms much larger than their result on distorted meshes, which an fp32 tolerance on them cannot follow.
  CeedOperator op = op_apply_;
  if (!precision_.all_fp64()) {
    op                     = op_fp64_;
    result.precision_error = PrecisionError();
    result.precision_bound = 64.0 * std::ldexp(1.0, -24) * q_1d_;
  }
  double linear_sum = 0.0;  // sum over components of |a_c|^2 (diffusion) or a_c . centroid (mass)
  for (int c = 0; c < nc; c++) {
    const auto a = LinearCoefficients(c);
    linear_sum += spec_.kind == BpOperatorKind::mass ? 0.5 * (a[0] + a[1] + a[2]) : a[0] * a[0] + a[1] * a[1] + a[2] * a[2];
  }
  if (spec_.kind == BpOperatorKind::mass) {
    // The domain stays the unit cube: volume 1 and centroid (1/2, 1/2, 1/2).
    result.name = "mass: sum(M 1) = volume, sum(M u) = int u for u linear";
    double moment = 0.0, volume = 0.0;
    BENCH_CALL(ceed_, CeedOperatorApply(op, u, v, CEED_REQUEST_IMMEDIATE));
    {
      HostRead r(v);
      for (CeedSize i = 0; i < nd; i++) moment += r[i];
    }
    BENCH_CALL(ceed_, CeedVectorSetValue(u, 1.0));
    BENCH_CALL(ceed_, CeedOperatorApply(op, u, v, CEED_REQUEST_IMMEDIATE));
    {
      HostRead r(v);
      for (CeedSize i = 0; i < nd; i++) volume += r[i];
    }
    result.error = std::max(std::fabs(volume / nc - 1.0), std::fabs(moment - linear_sum) / linear_sum);
  } else {
    // u = a . x has constant gradient: K u is the boundary flux, zero at interior nodes, and u^T K u = |a|^2 |Omega|.
    result.name = "diffusion: K u = 0 inside, u^T K u = |a|^2 for u = a.x";
    BENCH_CALL(ceed_, CeedOperatorApply(op, u, v, CEED_REQUEST_IMMEDIATE));
    HostRead ku(v), uu(u);
    double   energy = 0.0, interior_max = 0.0, all_max = 0.0;
    for (CeedSize i = 0; i < n; i++) {
      const bool boundary = mesh_.IsBoundaryNode(i);
      for (int c = 0; c < nc; c++) {
        const double value = ku[nc * i + c];
        energy += uu[nc * i + c] * value;
        all_max = std::max(all_max, std::fabs(value));
        if (!boundary) interior_max = std::max(interior_max, std::fabs(value));
      }
    }
    result.error = std::max(std::fabs(energy - linear_sum) / linear_sum, all_max > 0.0 ? interior_max / all_max : 1.0);
  }
  if (!std::isfinite(result.error)) result.error = INFINITY;
  return result;
}

}  // namespace bench
