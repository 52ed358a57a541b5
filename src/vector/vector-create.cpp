// CeedVectorCreate: the one place that knows both halves of a vector, its buffers and access locks (vector.cpp)
// and its view (vector-ops.cpp), whose hooks go into the object header.
#include <cstdint>

#include "vector/vector.hpp"

namespace {

int VectorViewObject(CeedObject obj, FILE *stream) { return CeedVectorView(reinterpret_cast<CeedVector>(obj), "%12.8f", stream); }

int VectorDestroyObject(CeedObject *obj) { return CeedVectorDestroy(reinterpret_cast<CeedVector *>(obj)); }

}  // namespace

int CeedVectorCreate(Ceed ceed, CeedSize len, CeedVector *vec) {
  CEED_API_TRY
  CeedCheck(ceed, NULL, CEED_ERROR_INCOMPATIBLE, "Cannot create CeedVector: Ceed handle is NULL");
  CeedCheck(vec, ceed, CEED_ERROR_INCOMPATIBLE, "Cannot create CeedVector: output handle pointer is NULL");
  CeedCheck(len >= 0, ceed, CEED_ERROR_UNSUPPORTED, "Cannot create CeedVector with negative length %td", len);
  CeedCheck(len <= PTRDIFF_MAX / static_cast<CeedSize>(sizeof(double)), ceed, CEED_ERROR_UNSUPPORTED,
            "Cannot create CeedVector with length %td, the storage size overflows", len);
  *vec   = nullptr;
  auto *v = new CeedVector_private();
  int   ierr = ceed::ObjectInit(v->header, ceed, VectorViewObject, VectorDestroyObject);
  if (ierr) {
    delete v;
    return ierr;
  }
  v->length = len;
  *vec      = v;
  return CEED_ERROR_SUCCESS;
  CEED_API_CATCH(ceed)
}
