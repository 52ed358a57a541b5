// Gallery registry of named QFunctions: CeedQFunctionRegister, CeedQFunctionRegisterAll,
// CeedQFunctionCreateInteriorByName and CeedQFunctionCreateIdentity (spec 05 §2, §4; 07 §1).
#include <atomic>
#include <mutex>
#include <new>

#include "qfunction/qfunction.hpp"

namespace {

struct GalleryEntry {
  std::string       name, source;
  CeedInt           vec_length;
  CeedQFunctionUser f;
  int (*init)(Ceed ceed, const char *requested, CeedQFunction qf);
};

struct Gallery {
  std::mutex                mutex;
  std::vector<GalleryEntry> entries;  // registration order
};

Gallery &GetGallery() {
  static Gallery gallery;
  return gallery;
}

}  // namespace

namespace ceed {

int QFunctionRegisterEntry(const char *name, const char *source, CeedInt vec_length, CeedQFunctionUser f,
                           int (*init)(Ceed ceed, const char *requested, CeedQFunction qf)) {
  Gallery                    &gallery = GetGallery();
  std::lock_guard<std::mutex> lock(gallery.mutex);
  for (const auto &entry : gallery.entries) {
    if (entry.name == name) return CEED_ERROR_INCOMPATIBLE;
  }
  gallery.entries.push_back(GalleryEntry{name, source ? source : "", vec_length, f, init});
  return CEED_ERROR_SUCCESS;
}

}  // namespace ceed

extern "C" {

int CeedQFunctionRegisterAll(void) {
  // Done once; a failure (out of memory) takes back what it registered, so that the next call tries again.
  static std::atomic<bool> done{false};
  static std::mutex        mutex;
  if (done) return CEED_ERROR_SUCCESS;
  std::lock_guard<std::mutex> lock(mutex);
  if (done) return CEED_ERROR_SUCCESS;
  Gallery &gallery = GetGallery();
  size_t   before  = 0;
  {
    std::lock_guard<std::mutex> gallery_lock(gallery.mutex);
    before = gallery.entries.size();
  }
  int         result = CEED_ERROR_MAJOR;
  const char *why    = "out of memory";
  try {
    result = ceed::GalleryRegisterBuiltins(ceed::QFunctionRegisterEntry);
    why    = "a built-in name is already registered";
  } catch (const std::bad_alloc &) {
  } catch (...) {
    why = "unexpected exception";
  }
  if (result != CEED_ERROR_SUCCESS) {
    std::lock_guard<std::mutex> gallery_lock(gallery.mutex);
    gallery.entries.erase(gallery.entries.begin() + (std::ptrdiff_t)before, gallery.entries.end());
    return CeedError(nullptr, result, "Registering the gallery QFunctions failed (error %d): %s", result, why);
  }
  done = true;
  return CEED_ERROR_SUCCESS;
}

int CeedQFunctionRegister(const char *name, const char *source, CeedInt vec_length, CeedQFunctionUser f,
                          int (*init)(Ceed ceed, const char *requested, CeedQFunction qf)) {
  CeedCheck(name != nullptr && name[0], nullptr, CEED_ERROR_INCOMPATIBLE, "Cannot register a gallery CeedQFunction without a name");
  CeedCheck(f != nullptr, nullptr, CEED_ERROR_INCOMPATIBLE, "Cannot register gallery CeedQFunction \"%s\" with a NULL user function", name);
  CeedCheck(vec_length >= 1, nullptr, CEED_ERROR_DIMENSION,
            "Cannot register gallery CeedQFunction \"%s\" with vector length %" CeedInt_FMT ", must be positive", name, vec_length);
  CeedCheck(!source || !source[0] || std::strchr(source, ':'), nullptr, CEED_ERROR_INCOMPLETE,
            "Provided path to source does not include function name: \"%s\" (gallery CeedQFunction \"%s\")", source, name);
  // Built-ins first, so that they keep their documented order and names.
  CeedCall(CeedQFunctionRegisterAll());
  int ierr = CEED_ERROR_MAJOR;
  try {
    ierr = ceed::QFunctionRegisterEntry(name, source, vec_length, f, init);
  } catch (...) {
    return CeedError(nullptr, CEED_ERROR_MAJOR, "Out of memory registering gallery CeedQFunction \"%s\"", name);
  }
  CeedCheck(ierr == CEED_ERROR_SUCCESS, nullptr, CEED_ERROR_INCOMPATIBLE, "Gallery CeedQFunction \"%s\" is already registered", name);
  return CEED_ERROR_SUCCESS;
}

int CeedQFunctionCreateInteriorByName(Ceed ceed, const char *name, CeedQFunction *qf) {
  CeedCheck(ceed != nullptr, nullptr, CEED_ERROR_INCOMPATIBLE, "Cannot create gallery CeedQFunction: Ceed handle is NULL");
  CeedCheck(name != nullptr, ceed, CEED_ERROR_INCOMPLETE, "No gallery CeedQFunction name provided (name is NULL)");
  CeedCheck(qf != nullptr, ceed, CEED_ERROR_INCOMPATIBLE, "Cannot create gallery CeedQFunction \"%s\": output pointer is NULL", name);
  CeedCall(CeedQFunctionRegisterAll());
  CEED_API_TRY
  GalleryEntry entry{};
  bool         found = false;
  {
    Gallery                    &gallery = GetGallery();
    std::lock_guard<std::mutex> lock(gallery.mutex);
    for (const auto &e : gallery.entries) {
      if (e.name == name) {
        entry = e;
        found = true;
        break;
      }
    }
  }
  CeedCheck(found, ceed, CEED_ERROR_UNSUPPORTED, "No suitable gallery CeedQFunction: \"%s\"", name);

  CeedQFunction q = nullptr;
  CeedCall(CeedQFunctionCreateInterior(ceed, entry.vec_length, entry.f, entry.source.c_str(), &q));
  int ierr = entry.init ? entry.init(ceed, name, q) : CEED_ERROR_SUCCESS;
  if (ierr == CEED_ERROR_SUCCESS) ierr = ceed::QFunctionSetGallery(q, name);
  if (ierr != CEED_ERROR_SUCCESS) {
    CeedQFunctionDestroy(&q);
    return ierr;
  }
  *qf = q;
  return CEED_ERROR_SUCCESS;
  CEED_API_CATCH(ceed)
}

int CeedQFunctionCreateIdentity(Ceed ceed, CeedInt size, CeedEvalMode in_mode, CeedEvalMode out_mode, CeedQFunction *qf) {
  CeedCheck(ceed != nullptr, nullptr, CEED_ERROR_INCOMPATIBLE, "Cannot create identity CeedQFunction: Ceed handle is NULL");
  CeedCheck(qf != nullptr, ceed, CEED_ERROR_INCOMPATIBLE, "Cannot create identity CeedQFunction: output pointer is NULL");
  CeedCheck(size >= 1, ceed, CEED_ERROR_DIMENSION, "Cannot create identity CeedQFunction with size %" CeedInt_FMT ", must be positive", size);
  CeedCheck(in_mode != CEED_EVAL_WEIGHT || size == 1, ceed, CEED_ERROR_DIMENSION,
            "CEED_EVAL_WEIGHT should have size 1, got size %" CeedInt_FMT " for the input of an identity CeedQFunction", size);
  CeedCheck(out_mode != CEED_EVAL_WEIGHT, ceed, CEED_ERROR_DIMENSION, "Cannot create CeedQFunction output with CEED_EVAL_WEIGHT (identity CeedQFunction)");

  CeedQFunction q = nullptr;
  CeedCall(CeedQFunctionCreateInteriorByName(ceed, "Identity", &q));
  int                   ierr  = CeedQFunctionAddInput(q, "input", size, in_mode);
  CeedContextFieldLabel label = nullptr;
  if (!ierr) ierr = CeedQFunctionAddOutput(q, "output", size, out_mode);
  if (!ierr && !q->ctx) ierr = CeedError(q->header.ceed, CEED_ERROR_MAJOR, "Gallery CeedQFunction Identity has no context");
  if (!ierr) ierr = CeedQFunctionContextGetFieldLabel(q->ctx, "size", &label);
  if (!ierr && !label) ierr = CeedError(q->header.ceed, CEED_ERROR_MAJOR, "Gallery CeedQFunction Identity has no context field \"size\"");
  if (!ierr) {
    int32_t value = size;
    ierr          = CeedQFunctionContextSetInt32(q->ctx, label, &value);
  }
  if (ierr) {
    CeedQFunctionDestroy(&q);
    return ierr;
  }
  q->is_identity = true;
  *qf            = q;
  return CEED_ERROR_SUCCESS;
}

}  // extern "C"
