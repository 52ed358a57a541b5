// Generic object handling shared by every object kind (CeedObject views, view tabs, destruction; requests) and
// exception containment at the C ABI. An object's reference to its context is taken in ceed.cpp.
#include <new>
#include <stdexcept>

#include "core/ceed-impl.hpp"

namespace ceed {

int HandleException(Ceed ceed, const char *file, int line, const char *func) {
  try {
    throw;
  } catch (const std::bad_alloc &) {
    return CeedErrorImpl(ceed, file, line, func, CEED_ERROR_MAJOR, "Out of memory");
  } catch (const std::exception &e) {
    return CeedErrorImpl(ceed, file, line, func, CEED_ERROR_MAJOR, "Internal error: %s", e.what());
  } catch (...) {
    return CeedErrorImpl(ceed, file, line, func, CEED_ERROR_MAJOR, "Internal error: unknown exception");
  }
}

}  // namespace ceed

// A Ceed is the only object whose header has no owning Ceed but a destroy function (sentinels have neither).
static bool IsCeedObject(CeedObject obj) { return !obj->header.ceed && obj->header.destroy; }

int CeedObjectView(CeedObject obj, FILE *stream) {
  CeedCheck(obj, NULL, CEED_ERROR_INCOMPATIBLE, "CeedObject handle is NULL");
  CeedCheck(stream, obj->header.ceed, CEED_ERROR_INCOMPATIBLE, "Cannot view CeedObject to a NULL stream");
  if (obj->header.view) return obj->header.view(obj, stream);
  return CEED_ERROR_SUCCESS;
}

int CeedObjectSetNumViewTabs(CeedObject obj, CeedInt num_tabs) {
  CeedCheck(obj, NULL, CEED_ERROR_INCOMPATIBLE, "CeedObject handle is NULL");
  CeedCheck(num_tabs >= 0, IsCeedObject(obj) ? (Ceed)obj : obj->header.ceed, CEED_ERROR_MINOR,
            "Number of view tabs must be non-negative, got %" CeedInt_FMT, num_tabs);
  CeedCheck(obj->header.destroy, NULL, CEED_ERROR_INCOMPATIBLE, "Cannot set view tabs of a sentinel object");
  obj->header.num_view_tabs = num_tabs;
  return CEED_ERROR_SUCCESS;
}

int CeedObjectGetNumViewTabs(CeedObject obj, CeedInt *num_tabs) {
  CeedCheck(obj && num_tabs, NULL, CEED_ERROR_INCOMPATIBLE, "CeedObject handle or output pointer is NULL");
  *num_tabs = obj->header.num_view_tabs;
  return CEED_ERROR_SUCCESS;
}

Ceed CeedObjectReturnCeed(CeedObject obj) {
  if (!obj) return nullptr;
  return IsCeedObject(obj) ? (Ceed)obj : obj->header.ceed;
}

int CeedObjectDestroy(CeedObject *obj) {
  if (!obj || !*obj) return CEED_ERROR_SUCCESS;
  if (!(*obj)->header.destroy) {  // sentinel
    *obj = nullptr;
    return CEED_ERROR_SUCCESS;
  }
  return (*obj)->header.destroy(obj);
}

// Requests: every operation completes synchronously.
static CeedRequest ceed_request_immediate;
static CeedRequest ceed_request_ordered;
CeedRequest *const CEED_REQUEST_IMMEDIATE = &ceed_request_immediate;
CeedRequest *const CEED_REQUEST_ORDERED   = &ceed_request_ordered;

int CeedRequestWait(CeedRequest *req) {
  if (!req || !*req) return CEED_ERROR_SUCCESS;
  return CeedError(NULL, CEED_ERROR_UNSUPPORTED, "CeedRequestWait not implemented");
}
