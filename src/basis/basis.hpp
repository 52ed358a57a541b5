// CeedBasis: private object layout and core-internal helpers shared by the basis source files
// (basis.cpp, basis-create.cpp, basis-apply.cpp, basis-at-points.cpp, basis-view.cpp, basis-flops.cpp).
#pragma once

#include <ceed/jit-source/basis/ceed-basis-at-points.h>

#include <memory>
#include <vector>

#include "core/ceed-impl.hpp"

struct CeedBasis_private {
  CeedObjectHeader header;  // MUST be first
  bool is_tensor = false;
  CeedFESpace fe_space = CEED_FE_SPACE_H1;
  CeedElemTopology topo = CEED_TOPOLOGY_LINE;
  CeedInt dim = 0, num_comp = 0;
  CeedInt P_1d = 0, Q_1d = 0;  // tensor bases only
  CeedInt P = 0, Q = 0;        // total nodes and quadrature points
  // Tensor bases: 1-D data ([Q_1d][P_1d] matrices, length Q_1d arrays).
  std::vector<CeedScalar> interp_1d, grad_1d, q_ref_1d, q_weight_1d;
  // 1-D nodes when known (tensor Lagrange bases); used to evaluate at arbitrary points.
  std::vector<CeedScalar> nodes_1d;
  // Non-tensor bases: q_ref [dim][Q], q_weight [Q], interp [q_comp*Q][P], grad [dim][Q][P] (H^1),
  // div [Q][P] (H(div)), curl [curl_comp][Q][P] (H(curl)). Tensor bases build interp/grad lazily.
  std::vector<CeedScalar> q_ref, q_weight, interp, grad, div, curl;
  CeedBasisBackendOps ops{};
  void *data = nullptr;
};

namespace ceed {

// Raise an error attributed to the public function named func (tests grep for it).
#define CEED_BASIS_ERROR(ceed, code, ...) (CeedErrorImpl((ceed), __FILE__, __LINE__, func, (code), __VA_ARGS__), (code))

// Number of curl components of a basis of topological dimension dim.
inline CeedInt BasisCurlComponents(CeedInt dim) { return dim < 3 ? 1 : dim; }

// Validates a basis handle for public function func: NULL and CEED_BASIS_NONE are rejected.
int BasisCheckHandle(const char *func, CeedBasis basis);

// Number of quadrature components of eval_mode for basis (no checks).
CeedInt BasisQComp(CeedBasis basis, CeedEvalMode eval_mode);

// View and destroy callbacks of the object header.
int BasisViewObject(CeedObject obj, FILE *stream);
int BasisDestroyObject(CeedObject *obj);

// Finishes a new basis for public function func: registers it with ceed, runs the backend hook and
// hands it to the caller. On failure the basis is released.
int BasisFinishCreate(const char *func, Ceed ceed, std::unique_ptr<CeedBasis_private> b, CeedBasis *basis);


// Evaluation of tensor bases at points on the host with the shared items (basis-at-points.cpp): Setup
// checks that basis can be evaluated at points and fills the basis part of the arguments; Rows computes
// the rows of a->num_points points (x_ref [dim][num_points]) into rows, which a->rows then points to; Run
// runs every item of the arguments.
int  BasisAtPointsSetup(const char *func, CeedBasis basis, CeedBasisAtPointsArgs *a);
void BasisAtPointsRows(CeedBasisAtPointsArgs *a, const CeedScalar *x_ref, std::vector<CeedScalar> &rows);
void BasisAtPointsRun(CeedBasisAtPointsArgs *a);

// Default evaluation of a tensor basis at num_points arbitrary reference points of one element
// (arguments already validated by the public function func).
int BasisApplyAtPointsDefault(const char *func, CeedBasis basis, CeedInt num_points, CeedTransposeMode t_mode, CeedEvalMode eval_mode,
                              CeedVector x_ref, CeedVector u, CeedVector v, bool add);

}  // namespace ceed
