// GPU backends: bases. Tensor bases contract one direction at a time in shared memory (one element per
// block at a time); non-tensor bases multiply by the evaluation mode's dense matrix. The matrices are
// copied to the device at creation. The layouts are strides (CeedGpuBasisParams): CeedBasisApply uses
// the core's layout with the element index fastest, operators their element-major E- and Q-vectors.
// Evaluation at arbitrary points runs the shared items of <ceed/jit-source/basis/ceed-basis-at-points.h>
// (rows of every point, then one thread per point value or per node of the transpose).
#include <ceed/jit-source/basis/ceed-basis-at-points.h>

#include <algorithm>
#include <climits>
#include <new>
#include <vector>

#include "ceed-gpu.hpp"

namespace ceed::gpu {
namespace {

// Index of an evaluation mode's matrix in BasisGpu::mats.
int MatIndex(CeedEvalMode eval_mode) {
  switch (eval_mode) {
    case CEED_EVAL_INTERP:
      return 0;
    case CEED_EVAL_GRAD:
      return 1;
    case CEED_EVAL_DIV:
      return 2;
    case CEED_EVAL_CURL:
      return 3;
    default:
      return -1;
  }
}

constexpr unsigned kBasisTag = kContextTag + 2;

struct BasisGpu {
  unsigned            tag       = kBasisTag;
  bool                is_tensor = false;
  CeedGpuBasisParams params{};          // device matrices and sizes; strides and mode fields per apply
  const CeedScalar   *mats[4] = {nullptr};  // non-tensor: INTERP, GRAD, DIV, CURL ([q_comp][Q][P])
  CeedInt             q_comps[4] = {0};
  // Evaluation at points (tensor): Lagrange points and their map to the basis (NULL: the nodes), and
  // device scratch (point offsets, then rows) reused between applications.
  const CeedScalar *lagrange_points = nullptr, *to_basis = nullptr;
  CeedInt           num_lagrange    = 0;
  DeviceScratch     scratch;
};

int Apply(CeedBasis basis, CeedInt num_elem, CeedTransposeMode t_mode, CeedEvalMode eval_mode, CeedVector u, CeedVector v, bool add) {
  CeedInt P = 0, Q = 0;
  CeedCallBackend(CeedBasisGetNumNodes(basis, &P));
  CeedCallBackend(CeedBasisGetNumQuadraturePoints(basis, &Q));
  const CeedSize    ne = num_elem;
  const CeedSize    node_strides[3] = {1, P * ne, ne}, point_strides[3] = {1, Q * ne, ne};
  const CeedScalar *uu = nullptr;
  CeedScalar       *vv = nullptr;
  if (eval_mode != CEED_EVAL_WEIGHT) CeedCallBackend(CeedVectorGetArrayRead(u, CEED_MEM_DEVICE, &uu));
  int ierr = add ? CeedVectorGetArray(v, CEED_MEM_DEVICE, &vv) : CeedVectorGetArrayWrite(v, CEED_MEM_DEVICE, &vv);
  if (!ierr) {
    ierr = BasisApplyDevice(basis, num_elem, t_mode, eval_mode, node_strides, point_strides, uu, vv, add);
    const int e = CeedVectorRestoreArray(v, &vv);
    if (!ierr) ierr = e;
  }
  if (uu) CeedCallBackend(CeedVectorRestoreArrayRead(u, &uu));
  return ierr;
}

int Destroy(CeedBasis basis) {
  BasisGpu *b = nullptr;
  CeedCallBackend(CeedBasisGetData(basis, &b));
  if (!b) return CEED_ERROR_SUCCESS;
  Ceed      ceed = CeedBasisReturnCeed(basis);
  CeedGpu *data = nullptr;
  int       ierr = Activate(ceed, &data);
  const CeedGpuBasisParams &p = b->params;
  for (const CeedScalar *m : {p.interp_1d, p.grad_1d, p.q_weight_1d, p.q_weight, b->mats[0], b->mats[1], b->mats[2], b->mats[3],
                              b->lagrange_points, b->to_basis}) {
    if (ierr) break;
    ierr = DeviceRelease(ceed, *data, const_cast<CeedScalar *>(m));
  }
  if (!ierr) ierr = b->scratch.Release(ceed, *data);
  delete b;
  CeedBasisSetData(basis, nullptr);
  return ierr;
}

int Setup(CeedBasis basis, CeedGpu &data, BasisGpu &b) {
  Ceed ceed   = CeedBasisReturnCeed(basis);
  auto Upload = [&](const CeedScalar *host, CeedSize count, const CeedScalar **dev) {
    return UploadToDevice(ceed, data, host, static_cast<size_t>(count), dev);
  };
  CeedGpuBasisParams &p    = b.params;
  CeedCallBackend(CeedBasisIsTensor(basis, &b.is_tensor));
  CeedCallBackend(CeedBasisGetDimension(basis, &p.dim));
  CeedCallBackend(CeedBasisGetNumComponents(basis, &p.num_comp));
  CeedCallBackend(CeedBasisGetNumNodes(basis, &p.P));
  CeedCallBackend(CeedBasisGetNumQuadraturePoints(basis, &p.Q));
  const CeedScalar *q_weight = nullptr;
  CeedCallBackend(CeedBasisGetQWeights(basis, &q_weight));
  if (b.is_tensor) {
    const CeedScalar *interp_1d = nullptr, *grad_1d = nullptr;
    CeedCallBackend(CeedBasisGetNumNodes1D(basis, &p.P_1d));
    CeedCallBackend(CeedBasisGetNumQuadraturePoints1D(basis, &p.Q_1d));
    CeedCallBackend(CeedBasisGetInterp1D(basis, &interp_1d));
    CeedCallBackend(CeedBasisGetGrad1D(basis, &grad_1d));
    CeedCall(Upload(interp_1d, p.P_1d * p.Q_1d, &p.interp_1d));
    CeedCall(Upload(grad_1d, p.P_1d * p.Q_1d, &p.grad_1d));
    // At points: Lagrange polynomials on the nodes when known, else on the quadrature points mapped by interp_1d.
    const CeedScalar *nodes_1d = nullptr, *q_ref_1d = nullptr;
    CeedCallBackend(CeedBasisGetNodes1D(basis, &nodes_1d));
    CeedCallBackend(CeedBasisGetQRef(basis, &q_ref_1d));
    b.num_lagrange = nodes_1d ? p.P_1d : p.Q_1d;
    CeedCall(Upload(nodes_1d ? nodes_1d : q_ref_1d, b.num_lagrange, &b.lagrange_points));
    if (!nodes_1d) CeedCall(Upload(interp_1d, p.P_1d * p.Q_1d, &b.to_basis));
    return Upload(q_weight, p.Q_1d, &p.q_weight_1d);
  }
  CeedCall(Upload(q_weight, p.Q, &p.q_weight));
  const CeedEvalMode modes[4] = {CEED_EVAL_INTERP, CEED_EVAL_GRAD, CEED_EVAL_DIV, CEED_EVAL_CURL};
  for (int k = 0; k < 4; k++) {
    const CeedScalar *mat = nullptr;
    switch (modes[k]) {
      case CEED_EVAL_INTERP:
        CeedCallBackend(CeedBasisGetInterp(basis, &mat));
        break;
      case CEED_EVAL_GRAD:
        CeedCallBackend(CeedBasisGetGrad(basis, &mat));
        break;
      case CEED_EVAL_DIV:
        CeedCallBackend(CeedBasisGetDiv(basis, &mat));
        break;
      default:
        CeedCallBackend(CeedBasisGetCurl(basis, &mat));
        break;
    }
    CeedCallBackend(CeedBasisGetNumQuadratureComponents(basis, modes[k], &b.q_comps[k]));
    CeedCall(Upload(mat, static_cast<CeedSize>(b.q_comps[k]) * p.Q * p.P, &b.mats[k]));
  }
  return CEED_ERROR_SUCCESS;
}

int ApplyAtPoints(CeedBasis basis, CeedInt num_elem, const CeedInt *num_points, CeedTransposeMode t_mode, CeedEvalMode eval_mode,
                  CeedVector x_ref, CeedVector u, CeedVector v, bool add) {
  Ceed       ceed = CeedBasisReturnCeed(basis);
  BasisGpu *b    = nullptr;
  CeedGpu  *data = nullptr;
  CeedCallBackend(CeedBasisGetData(basis, &b));
  CeedCall(Activate(ceed, &data));
  if (eval_mode == CEED_EVAL_WEIGHT) return CeedVectorSetValue(v, 1.0);
  CeedCheck(b->is_tensor, ceed, CEED_ERROR_UNSUPPORTED, "CeedBasisApplyAtPoints on %s needs a tensor CeedBasis", data->resource.c_str());
  CeedCheck(eval_mode == CEED_EVAL_INTERP || eval_mode == CEED_EVAL_GRAD, ceed, CEED_ERROR_UNSUPPORTED,
            "CeedBasisApplyAtPoints supports INTERP, GRAD and WEIGHT, got %s", CeedEvalModes[eval_mode]);
  const CeedGpuBasisParams &p = b->params;
  CeedCheck(std::max(p.P_1d, b->num_lagrange) <= CEED_BASIS_AT_POINTS_MAX_1D, ceed, CEED_ERROR_UNSUPPORTED,
            "Cannot evaluate CeedBasis at arbitrary points with %d 1-D points (at most %d)", std::max(p.P_1d, b->num_lagrange),
            CEED_BASIS_AT_POINTS_MAX_1D);
  if (b->to_basis) {
    // The same condition as the core's default: the quadrature points must be distinct.
    const CeedScalar *q_ref_1d = nullptr;
    CeedInt           other    = 0;
    CeedCallBackend(CeedBasisGetQRef(basis, &q_ref_1d));
    const CeedInt first = CeedBasisAtPointsCoincident(q_ref_1d, p.Q_1d, &other);
    CeedCheck(first < 0, ceed, CEED_ERROR_INCOMPATIBLE,
              "Cannot evaluate CeedBasis at arbitrary points: its nodes are unknown and 1-D quadrature points %d and %d coincide", first, other);
  }
  // The kernels index points with CeedInt offsets.
  CeedSize total_points = 0;
  for (CeedInt e = 0; e < num_elem; e++) total_points += num_points[e];
  CeedCheck(total_points <= INT_MAX, ceed, CEED_ERROR_UNSUPPORTED,
            "CeedBasisApplyAtPoints on a GPU backend: %" CeedSize_FMT " points in all, more than the kernels' CeedInt point index allows", total_points);
  std::vector<CeedInt> offsets(static_cast<size_t>(num_elem) + 1, 0);
  for (CeedInt e = 0; e < num_elem; e++) offsets[e + 1] = offsets[e] + num_points[e];
  CeedBasisAtPointsArgs a{};
  a.dim = p.dim, a.num_comp = p.num_comp, a.P_1d = p.P_1d, a.num_lagrange = b->num_lagrange, a.num_elem = num_elem;
  a.is_grad = eval_mode == CEED_EVAL_GRAD, a.transpose = t_mode == CEED_TRANSPOSE, a.add = add;
  a.lagrange_points = b->lagrange_points, a.to_basis = b->to_basis, a.num_points = offsets[num_elem];
  // Scratch: point offsets, then the rows (aligned for doubles).
  const size_t offsets_bytes = (offsets.size() * sizeof(CeedInt) + 15) / 16 * 16;
  const size_t rows_bytes    = static_cast<size_t>(a.dim) * a.num_points * 2 * a.P_1d * sizeof(CeedScalar);
  CeedCall(b->scratch.Reserve(ceed, *data, offsets_bytes + rows_bytes));
  void *scratch = b->scratch.ptr;
  CeedCall(Copy(ceed, *data, scratch, CEED_MEM_DEVICE, offsets.data(), CEED_MEM_HOST, offsets.size() * sizeof(CeedInt)));
  a.point_offsets = static_cast<const CeedInt *>(scratch);
  a.rows          = reinterpret_cast<CeedScalar *>(static_cast<char *>(scratch) + offsets_bytes);

  Function rows_fn = nullptr, items_fn = nullptr;
  const std::vector<std::string> names = {kBasisAtPointsRowsKernelName, kBasisAtPointsKernelName};
  CeedCall(GetJitFunction(ceed, *data, BasisAtPointsModuleSource, "ceed-gpu-basis-at-points", names, names[0].c_str(), &rows_fn));
  CeedCall(GetJitFunction(ceed, *data, BasisAtPointsModuleSource, "ceed-gpu-basis-at-points", names, names[1].c_str(), &items_fn));
  CeedCallBackend(CeedVectorGetArrayRead(x_ref, CEED_MEM_DEVICE, &a.x_ref));
  void *rows_args[] = {&a};
  int   ierr        = LaunchGridStride(ceed, *data, rows_fn, static_cast<CeedSize>(a.dim) * a.num_points, rows_args);
  const int ierr_x  = CeedVectorRestoreArrayRead(x_ref, &a.x_ref);
  CeedCall(ierr);
  CeedCallBackend(ierr_x);
  CeedScalar *vv = nullptr;
  CeedCallBackend(CeedVectorGetArrayRead(u, CEED_MEM_DEVICE, &a.u));
  ierr = add ? CeedVectorGetArray(v, CEED_MEM_DEVICE, &vv) : CeedVectorGetArrayWrite(v, CEED_MEM_DEVICE, &vv);
  if (!ierr) {
    a.v               = vv;
    void *item_args[] = {&a};
    ierr              = LaunchGridStride(ceed, *data, items_fn, CeedBasisAtPointsNumItems(&a), item_args);
    const int e       = CeedVectorRestoreArray(v, &vv);
    if (!ierr) ierr = e;
  }
  const int ierr_u = CeedVectorRestoreArrayRead(u, &a.u);
  CeedCall(ierr);
  return ierr_u;
}

}  // namespace

int BasisApplyDevice(CeedBasis basis, CeedInt num_elem, CeedTransposeMode t_mode, CeedEvalMode eval_mode, const CeedSize node_strides[3],
                     const CeedSize point_strides[3], const CeedScalar *u, CeedScalar *v, bool add) {
  Ceed       ceed = CeedBasisReturnCeed(basis);
  BasisGpu *b    = nullptr;
  CeedCallBackend(CeedBasisGetData(basis, &b));
  CeedGpu *data = GetGpu(ceed);
  CeedCheck(b && b->tag == kBasisTag && data, ceed, CEED_ERROR_BACKEND, "CeedBasis was not created by a GPU context: it cannot be applied to device arrays");
  CeedCall(Activate(ceed, &data));
  if (num_elem == 0) return CEED_ERROR_SUCCESS;
  CeedGpuBasisParams p = b->params;
  for (int k = 0; k < 3; k++) p.node_strides[k] = node_strides[k], p.point_strides[k] = point_strides[k];
  p.num_elem  = num_elem;
  p.transpose = t_mode == CEED_TRANSPOSE;
  p.add       = add;
  Function fn = nullptr;

  if (eval_mode == CEED_EVAL_WEIGHT) {
    CeedCall(GetRefFunction(ceed, *data, "CeedGpuBasisWeight", &fn));
    CeedInt is_tensor = b->is_tensor;
    void   *args[]    = {&p, &is_tensor, &v};
    return LaunchGridStride(ceed, *data, fn, static_cast<CeedSize>(num_elem) * p.Q, args);
  }
  if (b->is_tensor) {
    CeedCheck(eval_mode == CEED_EVAL_INTERP || eval_mode == CEED_EVAL_GRAD, ceed, CEED_ERROR_BACKEND,
              "Tensor CeedBasis supports only INTERP, GRAD and WEIGHT evaluation, got %s", CeedEvalModes[eval_mode]);
    CeedCall(GetRefFunction(ceed, *data, "CeedGpuBasisTensor", &fn));
    CeedInt eval_grad = eval_mode == CEED_EVAL_GRAD;
    void   *args[]    = {&p, &eval_grad, &u, &v};
    const CeedInt m   = std::max(p.P_1d, p.Q_1d);
    CeedInt       vol = 1;
    for (CeedInt k = 0; k < p.dim; k++) vol *= m;
    const unsigned block  = static_cast<unsigned>(std::min<CeedInt>(CEED_GPU_REF_MAX_BLOCK, (vol + 31) / 32 * 32));
    const unsigned shared = static_cast<unsigned>(CeedGpuBasisTensorSharedSize(p.dim, p.P_1d, p.Q_1d) * sizeof(CeedScalar));
    const unsigned grid   = static_cast<unsigned>(std::min<CeedInt>(num_elem, data->info.num_sm * 32));
    return Launch(ceed, *data, fn, grid, block, shared, args);
  }
  const int k = MatIndex(eval_mode);
  CeedCheck(k >= 0 && b->mats[k], ceed, CEED_ERROR_BACKEND, "CeedBasis has no matrix for evaluation mode %s", CeedEvalModes[eval_mode]);
  p.mat    = b->mats[k];
  p.q_comp = b->q_comps[k];
  CeedCall(GetRefFunction(ceed, *data, "CeedGpuBasisNonTensor", &fn));
  void          *args[] = {&p, &u, &v};
  const CeedSize n      = static_cast<CeedSize>(num_elem) * p.num_comp * (p.transpose ? p.P : static_cast<CeedSize>(p.q_comp) * p.Q);
  return LaunchGridStride(ceed, *data, fn, n, args);
}

int BasisCreate(CeedBasis basis) {
  Ceed      ceed = CeedBasisReturnCeed(basis);
  CeedGpu *data = nullptr;
  CeedCall(Activate(ceed, &data));
  auto *b = new (std::nothrow) BasisGpu();
  CeedCheck(b, ceed, CEED_ERROR_MAJOR, "Out of memory creating the GPU basis data");
  CeedCallBackend(CeedBasisSetData(basis, b));
  CeedBasisBackendOps ops{};
  ops.size    = sizeof(ops);
  ops.Apply         = Apply;
  ops.ApplyAtPoints = ApplyAtPoints;
  ops.Destroy       = Destroy;
  CeedCallBackend(CeedBasisSetBackendOps(basis, &ops));  // Destroy releases a partial setup
  return Setup(basis, *data, *b);
}

}  // namespace ceed::gpu
