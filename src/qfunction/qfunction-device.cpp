// Application-compiled QFunction kernels (ceed/cuda.h, ceed/hip.h): handed to the backend's optional slot.
// As in libCEED, a backend that runs no such kernels ignores them, so that the same application code runs
// on every backend; the debug log says so.
#include <ceed/cuda.h>
#include <ceed/hip.h>

#include "qfunction/qfunction.hpp"

namespace {

int SetDeviceUserFunction(CeedQFunction qf, int (*slot)(CeedQFunction, void *), void *function, const char *kind) {
  Ceed ceed = qf->header.ceed;
  if (!slot) {
    CeedDebug(ceed, "CeedQFunction %s: the backend runs no %s kernels; the %s function given is ignored", ceed::QFunctionName(qf), kind, kind);
    return CEED_ERROR_SUCCESS;
  }
  return slot(qf, function);
}

}  // namespace

extern "C" {

int CeedQFunctionSetCUDAUserFunction(CeedQFunction qf, struct CUfunc_st *f) {
  CEED_QF_CHECK(qf);
  return SetDeviceUserFunction(qf, qf->ops.SetCUDAUserFunction, f, "CUDA");
}

int CeedQFunctionSetHIPUserFunction(CeedQFunction qf, struct ihipModuleSymbol_t *f) {
  CEED_QF_CHECK(qf);
  return SetDeviceUserFunction(qf, qf->ops.SetHIPUserFunction, f, "HIP");
}

}  // extern "C"
