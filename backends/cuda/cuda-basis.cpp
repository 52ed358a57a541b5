// CUDA backend: bases. Tensor bases contract one direction at a time in shared memory (one element per
// block at a time); non-tensor bases multiply by the evaluation mode's dense matrix. The matrices are
// copied to the device at creation. The layouts are strides (CeedCudaBasisParams): CeedBasisApply uses
// the core's layout with the element index fastest, operators their element-major E- and Q-vectors.
#include <algorithm>
#include <new>

#include "ceed-cuda.hpp"

namespace ceed_cuda {
namespace {

// Index of an evaluation mode's matrix in BasisCuda::mats.
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

struct BasisCuda {
  unsigned            tag       = kBasisTag;
  bool                is_tensor = false;
  CeedCudaBasisParams params{};          // device matrices and sizes; strides and mode fields per apply
  const CeedScalar   *mats[4] = {nullptr};  // non-tensor: INTERP, GRAD, DIV, CURL ([q_comp][Q][P])
  CeedInt             q_comps[4] = {0};
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
  BasisCuda *b = nullptr;
  CeedCallBackend(CeedBasisGetData(basis, &b));
  if (!b) return CEED_ERROR_SUCCESS;
  Ceed      ceed = CeedBasisReturnCeed(basis);
  CeedCuda *data = nullptr;
  int       ierr = Activate(ceed, &data);
  const CeedCudaBasisParams &p = b->params;
  for (const CeedScalar *m : {p.interp_1d, p.grad_1d, p.q_weight_1d, p.q_weight, b->mats[0], b->mats[1], b->mats[2], b->mats[3]}) {
    if (ierr) break;
    ierr = DeviceRelease(ceed, *data, const_cast<CeedScalar *>(m));
  }
  delete b;
  CeedBasisSetData(basis, nullptr);
  return ierr;
}

int Setup(CeedBasis basis, CeedCuda &data, BasisCuda &b) {
  Ceed ceed   = CeedBasisReturnCeed(basis);
  auto Upload = [&](const CeedScalar *host, CeedSize count, const CeedScalar **dev) {
    return UploadToDevice(ceed, data, host, static_cast<size_t>(count), dev);
  };
  CeedCudaBasisParams &p    = b.params;
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

}  // namespace

int BasisApplyDevice(CeedBasis basis, CeedInt num_elem, CeedTransposeMode t_mode, CeedEvalMode eval_mode, const CeedSize node_strides[3],
                     const CeedSize point_strides[3], const CeedScalar *u, CeedScalar *v, bool add) {
  Ceed       ceed = CeedBasisReturnCeed(basis);
  BasisCuda *b    = nullptr;
  CeedCallBackend(CeedBasisGetData(basis, &b));
  CeedCuda *data = GetCuda(ceed);
  CeedCheck(b && b->tag == kBasisTag && data, ceed, CEED_ERROR_BACKEND, "CeedBasis was not created by a /gpu/cuda context: it cannot be applied to CUDA device arrays");
  CeedCall(Activate(ceed, &data));
  if (num_elem == 0) return CEED_ERROR_SUCCESS;
  CeedCudaBasisParams p = b->params;
  for (int k = 0; k < 3; k++) p.node_strides[k] = node_strides[k], p.point_strides[k] = point_strides[k];
  p.num_elem  = num_elem;
  p.transpose = t_mode == CEED_TRANSPOSE;
  p.add       = add;
  CUfunction fn = nullptr;

  if (eval_mode == CEED_EVAL_WEIGHT) {
    CeedCall(GetRefFunction(ceed, *data, "CeedCudaBasisWeight", &fn));
    CeedInt is_tensor = b->is_tensor;
    void   *args[]    = {&p, &is_tensor, &v};
    return LaunchGridStride(ceed, *data, fn, static_cast<CeedSize>(num_elem) * p.Q, args);
  }
  if (b->is_tensor) {
    CeedCheck(eval_mode == CEED_EVAL_INTERP || eval_mode == CEED_EVAL_GRAD, ceed, CEED_ERROR_BACKEND,
              "Tensor CeedBasis supports only INTERP, GRAD and WEIGHT evaluation, got %s", CeedEvalModes[eval_mode]);
    CeedCall(GetRefFunction(ceed, *data, "CeedCudaBasisTensor", &fn));
    CeedInt eval_grad = eval_mode == CEED_EVAL_GRAD;
    void   *args[]    = {&p, &eval_grad, &u, &v};
    const CeedInt m   = std::max(p.P_1d, p.Q_1d);
    CeedInt       vol = 1;
    for (CeedInt k = 0; k < p.dim; k++) vol *= m;
    const unsigned block  = static_cast<unsigned>(std::min<CeedInt>(CEED_CUDA_REF_MAX_BLOCK, (vol + 31) / 32 * 32));
    const unsigned shared = static_cast<unsigned>(CeedCudaBasisTensorSharedSize(p.dim, p.P_1d, p.Q_1d) * sizeof(CeedScalar));
    const unsigned grid   = static_cast<unsigned>(std::min<CeedInt>(num_elem, data->num_sm * 32));
    return Launch(ceed, *data, fn, grid, block, shared, args);
  }
  const int k = MatIndex(eval_mode);
  CeedCheck(k >= 0 && b->mats[k], ceed, CEED_ERROR_BACKEND, "CeedBasis has no matrix for evaluation mode %s", CeedEvalModes[eval_mode]);
  p.mat    = b->mats[k];
  p.q_comp = b->q_comps[k];
  CeedCall(GetRefFunction(ceed, *data, "CeedCudaBasisNonTensor", &fn));
  void          *args[] = {&p, &u, &v};
  const CeedSize n      = static_cast<CeedSize>(num_elem) * p.num_comp * (p.transpose ? p.P : static_cast<CeedSize>(p.q_comp) * p.Q);
  return LaunchGridStride(ceed, *data, fn, n, args);
}

int BasisCreate(CeedBasis basis) {
  Ceed      ceed = CeedBasisReturnCeed(basis);
  CeedCuda *data = nullptr;
  CeedCall(Activate(ceed, &data));
  auto *b = new (std::nothrow) BasisCuda();
  CeedCheck(b, ceed, CEED_ERROR_MAJOR, "Out of memory creating the CUDA basis data");
  CeedCallBackend(CeedBasisSetData(basis, b));
  CeedBasisBackendOps ops{};
  ops.size    = sizeof(ops);
  ops.Apply   = Apply;
  ops.Destroy = Destroy;
  CeedCallBackend(CeedBasisSetBackendOps(basis, &ops));  // Destroy releases a partial setup
  return Setup(basis, *data, *b);
}

}  // namespace ceed_cuda
