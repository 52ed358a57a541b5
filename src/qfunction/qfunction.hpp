// CeedQFunction: the pointwise operator D of A = E^T B^T D B E (spec 05 §1, §2).
#pragma once

#include <string>

#include "core/ceed-impl.hpp"

// One input or output field of a QFunction: (name, size per point, evaluation mode).
struct CeedQFunctionField_private {
  std::string  name;
  CeedInt      size      = 0;
  CeedEvalMode eval_mode = CEED_EVAL_NONE;
};

struct CeedQFunction_private {
  CeedObjectHeader header;  // MUST be first
  CeedInt           vec_length = 1;
  CeedQFunctionUser function   = nullptr;
  std::string       source_path;   // file part of the source string ("" if none)
  std::string       kernel_name;   // text after the last ':' of the source string
  std::string       gallery_name;  // requested name for gallery QFunctions
  CeedInt            num_input_fields = 0, num_output_fields = 0;
  CeedQFunctionField input_fields[CEED_FIELD_MAX]  = {};  // owned; handles stay valid for the object's life
  CeedQFunctionField output_fields[CEED_FIELD_MAX] = {};
  CeedQFunctionContext ctx                 = nullptr;  // retained
  bool                 is_context_writable = true;
  CeedSize             user_flops          = -1;  // per quadrature point; -1 = unset
  bool                 is_gallery = false, is_identity = false, is_immutable = false;
  bool                 is_fortran = false;  // function is a Fortran subroutine; the source names a C twin
  // Fields the user function reads whatever fields were added: gallery entries whose fields the user adds
  // ("Identity", "Scale", ...) read in[0] (and in[1]) and write out[0]; applying them with fewer is refused.
  CeedInt min_input_fields = 0, min_output_fields = 0;
  CeedQFunctionBackendOps ops{};
  void                   *data = nullptr;  // backend data
};

namespace ceed {

// Name used in messages and views: the gallery name, else the kernel name.
inline const char *QFunctionName(CeedQFunction qf) { return qf->is_gallery ? qf->gallery_name.c_str() : qf->kernel_name.c_str(); }

// Marks a QFunction as created from the gallery under the requested name (used by CreateInteriorByName).
int QFunctionSetGallery(CeedQFunction qf, const char *gallery_name);

// Sets the fields the user function of qf needs at least (gallery entries whose fields the user adds).
int QFunctionSetMinimumFields(CeedQFunction qf, CeedInt num_inputs, CeedInt num_outputs);

// Fails (CEED_ERROR_INCOMPLETE) when qf has fewer fields than its user function reads; called before qf is applied
// by CeedQFunctionApply and by CeedOperatorCheckReady.
int QFunctionCheckMinimumFields(CeedQFunction qf);

// Splits a "path:name" source string into file and kernel name, resolving relative paths against the
// JIT source roots of ceed (01 §5). Returns false for a non-empty string without ':'.
bool QFunctionSplitSource(Ceed ceed, const char *source, std::string &path, std::string &kernel_name);

// The internal registry (qfunction-register.cpp) adds one named entry.
int QFunctionRegisterEntry(const char *name, const char *source, CeedInt vec_length, CeedQFunctionUser f,
                           int (*init)(Ceed ceed, const char *requested, CeedQFunction qf));
// Hands each built-in gallery entry (gallery.cpp) to add: the registry passes its QFunctionRegisterEntry, so that the
// gallery only lists entries and never calls back into the registry that calls it.
int GalleryRegisterBuiltins(decltype(&QFunctionRegisterEntry) add);

}  // namespace ceed

// Argument checks shared by every function that needs a real QFunction; expanded in place so that the
// error names the public function that failed.
#define CEED_QF_CHECK(qf)                                                                         \
  do {                                                                                            \
    CeedCheck((qf) != nullptr, nullptr, CEED_ERROR_INCOMPATIBLE, "CeedQFunction handle is NULL"); \
    CeedCheck((qf) != CEED_QFUNCTION_NONE, nullptr, CEED_ERROR_INCOMPATIBLE,                      \
              "CEED_QFUNCTION_NONE is not a valid CeedQFunction for this call");                  \
  } while (0)
#define CEED_QF_CHECK_OUT(qf, ptr, what)                                                                             \
  CeedCheck((ptr) != nullptr, (qf)->header.ceed, CEED_ERROR_INCOMPATIBLE, "Output pointer for " what " of CeedQFunction %s is NULL", \
            ceed::QFunctionName(qf))
