// Problems shared by the operator unit tests: objects destroyed together, a structured (mildly distorted) box
// mesh, BP1-BP6 (geometric setup and action), running a problem on a resource, relative differences.
#pragma once

#include <ceed.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <string>
#include <tuple>
#include <vector>

namespace {

constexpr double kPi = 3.14159265358979323846;

// Objects created by a problem, destroyed when it ends.
struct Objects {
  Ceed                              ceed      = nullptr;
  bool                              owns_ceed = false;  // destroyed with the objects
  std::vector<CeedVector>           vecs;
  std::vector<CeedElemRestriction>  rstrs;
  std::vector<CeedBasis>            bases;
  std::vector<CeedQFunction>        qfs;
  std::vector<CeedQFunctionContext> ctxs;
  std::vector<CeedOperator>         ops;
  ~Objects() {
    for (auto &o : ops) CeedOperatorDestroy(&o);
    for (auto &o : qfs) CeedQFunctionDestroy(&o);
    for (auto &o : ctxs) CeedQFunctionContextDestroy(&o);
    for (auto &o : bases) CeedBasisDestroy(&o);
    for (auto &o : rstrs) CeedElemRestrictionDestroy(&o);
    for (auto &o : vecs) CeedVectorDestroy(&o);
    if (owns_ceed) CeedDestroy(&ceed);
  }
  CeedVector Vector(CeedSize n, const std::function<CeedScalar(CeedSize)> &value) {
    CeedVector v = nullptr;
    EXPECT_EQ(CeedVectorCreate(ceed, n, &v), 0);
    CeedScalar *a = nullptr;
    EXPECT_EQ(CeedVectorGetArrayWrite(v, CEED_MEM_HOST, &a), 0);
    for (CeedSize i = 0; i < n; i++) a[i] = value(i);
    EXPECT_EQ(CeedVectorRestoreArray(v, &a), 0);
    vecs.push_back(v);
    return v;
  }
  CeedElemRestriction Offsets(CeedInt num_elem, CeedInt elem_size, CeedInt num_comp, CeedInt comp_stride, CeedSize l_size,
                              const std::vector<CeedInt> &offsets) {
    CeedElemRestriction r = nullptr;
    EXPECT_EQ(CeedElemRestrictionCreate(ceed, num_elem, elem_size, num_comp, comp_stride, l_size, CEED_MEM_HOST, CEED_COPY_VALUES,
                                        offsets.data(), &r),
              0);
    rstrs.push_back(r);
    return r;
  }
  CeedElemRestriction Strided(CeedInt num_elem, CeedInt elem_size, CeedInt num_comp, const CeedInt *strides) {
    CeedElemRestriction r = nullptr;
    EXPECT_EQ(CeedElemRestrictionCreateStrided(ceed, num_elem, elem_size, num_comp, (CeedSize)num_elem * elem_size * num_comp, strides, &r),
              0);
    rstrs.push_back(r);
    return r;
  }
  CeedBasis Tensor(CeedInt dim, CeedInt num_comp, CeedInt P, CeedInt Q, CeedQuadMode mode) {
    CeedBasis b = nullptr;
    EXPECT_EQ(CeedBasisCreateTensorH1Lagrange(ceed, dim, num_comp, P, Q, mode, &b), 0);
    bases.push_back(b);
    return b;
  }
  CeedQFunction Gallery(const char *name) {
    CeedQFunction qf = nullptr;
    EXPECT_EQ(CeedQFunctionCreateInteriorByName(ceed, name, &qf), 0);
    qfs.push_back(qf);
    return qf;
  }
  CeedOperator Operator(CeedQFunction qf, const std::vector<std::tuple<const char *, CeedElemRestriction, CeedBasis, CeedVector>> &fields) {
    CeedOperator op = nullptr;
    EXPECT_EQ(CeedOperatorCreate(ceed, qf, CEED_QFUNCTION_NONE, CEED_QFUNCTION_NONE, &op), 0);
    for (const auto &[name, r, b, v] : fields) EXPECT_EQ(CeedOperatorSetField(op, name, r, b, v), 0) << name;
    ops.push_back(op);
    return op;
  }
};

inline std::vector<CeedScalar> Values(CeedVector v) {
  CeedSize          n = 0;
  const CeedScalar *a = nullptr;
  EXPECT_EQ(CeedVectorGetLength(v, &n), 0);
  EXPECT_EQ(CeedVectorGetArrayRead(v, CEED_MEM_HOST, &a), 0);
  std::vector<CeedScalar> out(a, a + n);
  EXPECT_EQ(CeedVectorRestoreArrayRead(v, &a), 0);
  return out;
}

// Applies op to in and appends the result to out.
inline void ApplyInto(CeedOperator op, CeedVector in, CeedVector v, std::vector<CeedScalar> *out) {
  ASSERT_EQ(CeedOperatorApply(op, in, v, CEED_REQUEST_IMMEDIATE), 0);
  const std::vector<CeedScalar> values = Values(v);
  out->insert(out->end(), values.begin(), values.end());
}

// ---- Meshes ---------------------------------------------------------------------------------------------

// Structured box of n[d] elements with P nodes per direction: node index (dimension 0 fastest) times scale.
struct Box {
  CeedInt dim, P, n[3] = {1, 1, 1}, nodes[3] = {1, 1, 1}, num_elem = 1, elem_size = 1;
  CeedSize num_nodes = 1;
  Box(CeedInt dim_, CeedInt P_, const std::vector<CeedInt> &n_) : dim(dim_), P(P_) {
    CeedInt d = 0;
    for (CeedInt v : n_) n[d++] = v;
    for (d = 0; d < dim; d++) {
      nodes[d] = n[d] * (P - 1) + 1;
      num_elem *= n[d];
      elem_size *= P;
      num_nodes *= nodes[d];
    }
  }
  std::vector<CeedInt> Offsets(CeedInt scale, CeedInt shift = 0) const {
    std::vector<CeedInt> offsets((size_t)num_elem * elem_size);
    for (CeedInt e = 0; e < num_elem; e++) {
      for (CeedInt i = 0; i < elem_size; i++) {
        CeedInt r_e = e, r_i = i, node = 0, stride = 1;
        for (CeedInt d = 0; d < dim; d++) {
          node += ((r_e % n[d]) * (P - 1) + r_i % P) * stride;
          stride *= nodes[d];
          r_e /= n[d];
          r_i /= P;
        }
        offsets[(size_t)e * elem_size + i] = node * scale + shift;
      }
    }
    return offsets;
  }
  // Coordinates of the nodes (Gauss-Lobatto points per element) of [0, 1]^dim moved inside by a bump,
  // components interlaced.
  std::vector<CeedScalar> Coordinates() const {
    std::vector<CeedScalar> gll(P), x((size_t)num_nodes * dim);
    CeedLobattoQuadrature(P, gll.data(), nullptr);
    for (CeedSize node = 0; node < num_nodes; node++) {
      CeedScalar c[3] = {0, 0, 0};
      CeedSize   r    = node;
      for (CeedInt d = 0; d < dim; d++) {
        const CeedInt idx = (CeedInt)(r % nodes[d]), e = std::min(idx / (P - 1), n[d] - 1), i = idx - e * (P - 1);
        c[d]                                           = (e + 0.5 * (gll[i] + 1.0)) / n[d];
        r /= nodes[d];
      }
      CeedScalar bump = 0.04;
      for (CeedInt d = 0; d < dim; d++) bump *= std::sin(kPi * c[d]);
      for (CeedInt d = 0; d < dim; d++) x[node * dim + d] = c[d] + bump * (d + 1);
    }
    return x;
  }
};

inline CeedScalar TestFunction(CeedSize i) { return std::sin(0.37 * (double)i) + 0.25 * std::cos(1.3 * (double)(i % 17)); }

// Mass (qdata_size 1) or diffusion geometric data of a box from its coordinates; returns the qdata vector,
// of preferred precision qdata_type (the setup operator writes it in fp64 and the vector keeps it in that type).
inline CeedVector SetupBox(Objects &o, const Box &box, CeedInt Q, CeedQuadMode mode, bool diffusion, CeedElemRestriction *rstr_q,
                           CeedScalarType qdata_type = CEED_SCALAR_FP64) {
  const CeedInt dim = box.dim, nq = (CeedInt)std::pow(Q, dim), q_size = diffusion ? dim * (dim + 1) / 2 : 1;
  const std::vector<CeedScalar> x = box.Coordinates();
  CeedVector coords = o.Vector(box.num_nodes * dim, [&](CeedSize i) { return x[i]; });
  CeedElemRestriction rstr_x = o.Offsets(box.num_elem, box.elem_size, dim, 1, box.num_nodes * dim, box.Offsets(dim));
  CeedBasis basis_x = o.Tensor(dim, dim, box.P, Q, mode);
  *rstr_q           = o.Strided(box.num_elem, nq, q_size, CEED_STRIDES_BACKEND);
  const std::string name = std::string(diffusion ? "Poisson" : "Mass") + std::to_string(dim) + "DBuild";
  CeedOperator op = o.Operator(o.Gallery(name.c_str()), {{"dx", rstr_x, basis_x, CEED_VECTOR_ACTIVE},
                                                         {"weights", CEED_ELEMRESTRICTION_NONE, basis_x, CEED_VECTOR_NONE},
                                                         {"qdata", *rstr_q, CEED_BASIS_NONE, CEED_VECTOR_ACTIVE}});
  CeedVector q_data = o.Vector((CeedSize)box.num_elem * nq * q_size, [](CeedSize) { return 0.0; });
  EXPECT_EQ(CeedOperatorApply(op, coords, q_data, CEED_REQUEST_IMMEDIATE), 0);
  if (qdata_type != CEED_SCALAR_FP64) {
    // Stored in qdata_type only, as an application keeping it in that precision would.
    void *a = nullptr;
    EXPECT_EQ(CeedVectorSetPreferredScalarType(q_data, qdata_type), 0);
    EXPECT_EQ(CeedVectorGetArrayTyped(q_data, CEED_MEM_HOST, qdata_type, &a), 0);
    EXPECT_EQ(CeedVectorRestoreArrayTyped(q_data, &a), 0);
  }
  return q_data;
}

// The scalar mass or diffusion operator of a box (Gauss-type quadrature mode, Q points per direction, gallery
// QFunctions), with its geometric data set up.
inline CeedOperator ScalarBoxOperator(Objects &o, const Box &box, CeedInt Q, CeedQuadMode mode, bool diffusion) {
  CeedElemRestriction rstr_q = nullptr;
  CeedVector          q_data = SetupBox(o, box, Q, mode, diffusion, &rstr_q);
  CeedElemRestriction rstr_u = o.Offsets(box.num_elem, box.elem_size, 1, 1, box.num_nodes, box.Offsets(1));
  CeedBasis           basis  = o.Tensor(box.dim, 1, box.P, Q, mode);
  const std::string   name   = diffusion ? "Poisson" + std::to_string(box.dim) + "DApply" : std::string("MassApply");
  const char         *in = diffusion ? "du" : "u", *out = diffusion ? "dv" : "v";
  return o.Operator(o.Gallery(name.c_str()),
                    {{in, rstr_u, basis, CEED_VECTOR_ACTIVE}, {"qdata", rstr_q, CEED_BASIS_NONE, q_data}, {out, rstr_u, basis, CEED_VECTOR_ACTIVE}});
}

// Mass or diffusion action on a box: num_comp 1 or 3, components interlaced or num_nodes apart. Returns
// the geometric data followed by the action on a test function.
// Precisions of the action operator (multiprecision extension): its mode and the type its qdata is kept in.
struct Precisions {
  CeedOperatorPrecision mode  = CEED_PRECISION_FP64;
  CeedScalarType        qdata = CEED_SCALAR_FP64;
};

inline std::vector<CeedScalar> TensorProblem(Ceed ceed, CeedInt dim, const std::vector<CeedInt> &n, CeedInt P, CeedInt Q, CeedQuadMode mode,
                                             bool diffusion, CeedInt num_comp, bool interlaced, const Precisions &precisions = Precisions()) {
  Objects o;
  o.ceed = ceed;
  Box                 box(dim, P, n);
  CeedElemRestriction rstr_q = nullptr;
  CeedVector          q_data = SetupBox(o, box, Q, mode, diffusion, &rstr_q, precisions.qdata);
  std::vector<CeedScalar> out = Values(q_data);
  const CeedSize      size   = box.num_nodes * num_comp;
  CeedElemRestriction rstr_u = interlaced ? o.Offsets(box.num_elem, box.elem_size, num_comp, 1, size, box.Offsets(num_comp))
                                          : o.Offsets(box.num_elem, box.elem_size, num_comp, (CeedInt)box.num_nodes, size, box.Offsets(1));
  CeedBasis   basis_u = o.Tensor(dim, num_comp, P, Q, mode);
  std::string name    = diffusion ? "Poisson" + std::to_string(dim) + "DApply" : std::string("MassApply");
  if (num_comp == 3) name = diffusion ? "Vector3" + name : "Vector3MassApply";
  const char  *in = diffusion ? "du" : "u", *out_name = diffusion ? "dv" : "v";
  CeedOperator op = o.Operator(o.Gallery(name.c_str()), {{in, rstr_u, basis_u, CEED_VECTOR_ACTIVE},
                                                         {"qdata", rstr_q, CEED_BASIS_NONE, q_data},
                                                         {out_name, rstr_u, basis_u, CEED_VECTOR_ACTIVE}});
  EXPECT_EQ(CeedOperatorSetPrecision(op, precisions.mode), 0);
  ApplyInto(op, o.Vector(size, TestFunction), o.Vector(size, [](CeedSize) { return 0.0; }), &out);
  return out;
}

// BP1-BP6 on a 3D box with degree p: Gauss with p+2 points (BP1-4) or Lobatto with p+1 (BP5-6).
inline std::vector<CeedScalar> BPProblem(Ceed ceed, int bp, CeedInt p, const std::vector<CeedInt> &n, const Precisions &precisions = Precisions()) {
  const bool gauss = bp <= 4;
  return TensorProblem(ceed, 3, n, p + 1, gauss ? p + 2 : p + 1, gauss ? CEED_GAUSS : CEED_GAUSS_LOBATTO, bp >= 3, bp % 2 ? 1 : 3, true,
                       precisions);
}

using Problem = std::function<std::vector<CeedScalar>(Ceed)>;

inline std::vector<CeedScalar> RunOn(const std::string &resource, const Problem &problem) {
  Ceed ceed = nullptr;
  EXPECT_EQ(CeedInit(resource.c_str(), &ceed), 0) << resource;
  if (!ceed) return {};
  std::vector<CeedScalar> out = problem(ceed);
  EXPECT_EQ(CeedDestroy(&ceed), 0);
  return out;
}

// Largest difference relative to the largest reference entry.
inline double RelativeDifference(const std::vector<CeedScalar> &a, const std::vector<CeedScalar> &b) {
  if (a.size() != b.size() || a.empty()) return INFINITY;
  double diff = 0.0, scale = 0.0;
  for (size_t i = 0; i < a.size(); i++) {
    diff  = std::max(diff, std::fabs(a[i] - b[i]));
    scale = std::max(scale, std::fabs(b[i]));
  }
  return scale > 0 ? diff / scale : diff;
}

}  // namespace
