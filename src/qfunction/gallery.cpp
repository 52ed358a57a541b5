// The built-in gallery QFunctions (spec 05 §4): their sources are the headers in
// include/ceed/jit-source/gallery, compiled here for the host and recorded by relative path for JIT.
#include <cstddef>
#include <cstring>

#include "qfunction/qfunction.hpp"

// clang-format off
#include <ceed/jit-source/gallery/ceed-identity.h>
#include <ceed/jit-source/gallery/ceed-identity-to-scalar.h>
#include <ceed/jit-source/gallery/ceed-mass1dbuild.h>
#include <ceed/jit-source/gallery/ceed-mass2dbuild.h>
#include <ceed/jit-source/gallery/ceed-mass3dbuild.h>
#include <ceed/jit-source/gallery/ceed-massapply.h>
#include <ceed/jit-source/gallery/ceed-vectormassapply.h>
#include <ceed/jit-source/gallery/ceed-poisson1dbuild.h>
#include <ceed/jit-source/gallery/ceed-poisson2dbuild.h>
#include <ceed/jit-source/gallery/ceed-poisson3dbuild.h>
#include <ceed/jit-source/gallery/ceed-poisson1dapply.h>
#include <ceed/jit-source/gallery/ceed-poisson2dapply.h>
#include <ceed/jit-source/gallery/ceed-poisson3dapply.h>
#include <ceed/jit-source/gallery/ceed-vectorpoisson1dapply.h>
#include <ceed/jit-source/gallery/ceed-vectorpoisson2dapply.h>
#include <ceed/jit-source/gallery/ceed-vectorpoisson3dapply.h>
#include <ceed/jit-source/gallery/ceed-scale.h>
#include <ceed/jit-source/gallery/ceed-scale-scalar.h>
// clang-format on

namespace {

struct GalleryField {
  const char  *name;
  CeedInt      size;
  CeedEvalMode eval_mode;
};

// One gallery entry: name, function, source file, fields and FLOPs per point (-1: not set); for the entries whose
// fields the user adds (none listed), how many inputs and outputs the function reads and writes.
struct GallerySpec {
  const char       *name;
  CeedQFunctionUser f;
  const char       *file;
  const char       *function;
  GalleryField      inputs[2];
  GalleryField      outputs[1];
  CeedSize          flops;
  CeedInt           user_inputs = 0, user_outputs = 0;
};

constexpr GalleryField kNone = {nullptr, 0, CEED_EVAL_NONE};

#define GALLERY_DIR "ceed/jit-source/gallery/"

// Registration order of 05 §4.
const GallerySpec kGallery[] = {
    {"Identity", Identity, GALLERY_DIR "ceed-identity.h", "Identity", {kNone, kNone}, {kNone}, 0, 1, 1},
    {"Identity to scalar", IdentityScalar, GALLERY_DIR "ceed-identity-to-scalar.h", "IdentityScalar", {kNone, kNone}, {kNone}, 0, 1, 1},
    {"Mass1DBuild",
     Mass1DBuild,
     GALLERY_DIR "ceed-mass1dbuild.h",
     "Mass1DBuild",
     {{"dx", 1, CEED_EVAL_GRAD}, {"weights", 1, CEED_EVAL_WEIGHT}},
     {{"qdata", 1, CEED_EVAL_NONE}},
     1},
    {"Mass2DBuild",
     Mass2DBuild,
     GALLERY_DIR "ceed-mass2dbuild.h",
     "Mass2DBuild",
     {{"dx", 4, CEED_EVAL_GRAD}, {"weights", 1, CEED_EVAL_WEIGHT}},
     {{"qdata", 1, CEED_EVAL_NONE}},
     4},
    {"Mass3DBuild",
     Mass3DBuild,
     GALLERY_DIR "ceed-mass3dbuild.h",
     "Mass3DBuild",
     {{"dx", 9, CEED_EVAL_GRAD}, {"weights", 1, CEED_EVAL_WEIGHT}},
     {{"qdata", 1, CEED_EVAL_NONE}},
     15},
    {"MassApply",
     MassApply,
     GALLERY_DIR "ceed-massapply.h",
     "MassApply",
     {{"u", 1, CEED_EVAL_INTERP}, {"qdata", 1, CEED_EVAL_NONE}},
     {{"v", 1, CEED_EVAL_INTERP}},
     1},
    {"Vector3MassApply",
     Vector3MassApply,
     GALLERY_DIR "ceed-vectormassapply.h",
     "Vector3MassApply",
     {{"u", 3, CEED_EVAL_INTERP}, {"qdata", 1, CEED_EVAL_NONE}},
     {{"v", 3, CEED_EVAL_INTERP}},
     3},
    {"Poisson1DBuild",
     Poisson1DBuild,
     GALLERY_DIR "ceed-poisson1dbuild.h",
     "Poisson1DBuild",
     {{"dx", 1, CEED_EVAL_GRAD}, {"weights", 1, CEED_EVAL_WEIGHT}},
     {{"qdata", 1, CEED_EVAL_NONE}},
     1},
    {"Poisson2DBuild",
     Poisson2DBuild,
     GALLERY_DIR "ceed-poisson2dbuild.h",
     "Poisson2DBuild",
     {{"dx", 4, CEED_EVAL_GRAD}, {"weights", 1, CEED_EVAL_WEIGHT}},
     {{"qdata", 3, CEED_EVAL_NONE}},
     17},
    {"Poisson3DBuild",
     Poisson3DBuild,
     GALLERY_DIR "ceed-poisson3dbuild.h",
     "Poisson3DBuild",
     {{"dx", 9, CEED_EVAL_GRAD}, {"weights", 1, CEED_EVAL_WEIGHT}},
     {{"qdata", 6, CEED_EVAL_NONE}},
     69},
    {"Poisson1DApply",
     Poisson1DApply,
     GALLERY_DIR "ceed-poisson1dapply.h",
     "Poisson1DApply",
     {{"du", 1, CEED_EVAL_GRAD}, {"qdata", 1, CEED_EVAL_NONE}},
     {{"dv", 1, CEED_EVAL_GRAD}},
     1},
    {"Poisson2DApply",
     Poisson2DApply,
     GALLERY_DIR "ceed-poisson2dapply.h",
     "Poisson2DApply",
     {{"du", 2, CEED_EVAL_GRAD}, {"qdata", 3, CEED_EVAL_NONE}},
     {{"dv", 2, CEED_EVAL_GRAD}},
     6},
    {"Poisson3DApply",
     Poisson3DApply,
     GALLERY_DIR "ceed-poisson3dapply.h",
     "Poisson3DApply",
     {{"du", 3, CEED_EVAL_GRAD}, {"qdata", 6, CEED_EVAL_NONE}},
     {{"dv", 3, CEED_EVAL_GRAD}},
     15},
    {"Vector3Poisson1DApply",
     Vector3Poisson1DApply,
     GALLERY_DIR "ceed-vectorpoisson1dapply.h",
     "Vector3Poisson1DApply",
     {{"du", 3, CEED_EVAL_GRAD}, {"qdata", 1, CEED_EVAL_NONE}},
     {{"dv", 3, CEED_EVAL_GRAD}},
     3},
    {"Vector3Poisson2DApply",
     Vector3Poisson2DApply,
     GALLERY_DIR "ceed-vectorpoisson2dapply.h",
     "Vector3Poisson2DApply",
     {{"du", 6, CEED_EVAL_GRAD}, {"qdata", 3, CEED_EVAL_NONE}},
     {{"dv", 6, CEED_EVAL_GRAD}},
     18},
    {"Vector3Poisson3DApply",
     Vector3Poisson3DApply,
     GALLERY_DIR "ceed-vectorpoisson3dapply.h",
     "Vector3Poisson3DApply",
     {{"du", 9, CEED_EVAL_GRAD}, {"qdata", 6, CEED_EVAL_NONE}},
     {{"dv", 9, CEED_EVAL_GRAD}},
     45},
    {"Scale", Scale, GALLERY_DIR "ceed-scale.h", "Scale", {kNone, kNone}, {kNone}, -1, 2, 1},
    {"Scale (scalar)", ScaleScalar, GALLERY_DIR "ceed-scale-scalar.h", "ScaleScalar", {kNone, kNone}, {kNone}, -1, 2, 1},
};

// The host build keeps the macro-generated "file:name" strings unused: sources are recorded relative
// to the JIT root instead. Referencing them keeps every compiler quiet about unused variables.
[[maybe_unused]] const char *const kLocations[] = {
    Identity_loc,         IdentityScalar_loc,        Mass1DBuild_loc,           Mass2DBuild_loc,          Mass3DBuild_loc,
    MassApply_loc,        Vector3MassApply_loc,      Poisson1DBuild_loc,        Poisson2DBuild_loc,       Poisson3DBuild_loc,
    Poisson1DApply_loc,   Poisson2DApply_loc,        Poisson3DApply_loc,        Vector3Poisson1DApply_loc, Vector3Poisson2DApply_loc,
    Vector3Poisson3DApply_loc, Scale_loc,           ScaleScalar_loc,
};

const GallerySpec *FindSpec(const char *name) {
  for (const auto &spec : kGallery) {
    if (!std::strcmp(spec.name, name)) return &spec;
  }
  return nullptr;
}

// Context of "Identity": IdentityCtx {size = 1} with the registered Int32 field "size".
int IdentityAddContext(Ceed ceed, CeedQFunction qf) {
  CeedQFunctionContext ctx   = nullptr;
  IdentityCtx          value = {1};
  int                  ierr  = CeedQFunctionContextCreate(ceed, &ctx);
  if (!ierr) ierr = CeedQFunctionContextSetData(ctx, CEED_MEM_HOST, CEED_COPY_VALUES, sizeof(value), &value);
  if (!ierr) {
    ierr = CeedQFunctionContextRegisterInt32(ctx, "size", offsetof(IdentityCtx, size), 1, "number of values per point copied by the identity");
  }
  if (!ierr) ierr = CeedQFunctionSetContext(qf, ctx);
  // The identity only reads its context: applying it takes read-only access.
  if (!ierr) ierr = CeedQFunctionSetContextWritable(qf, false);
  int ierr_destroy = CeedQFunctionContextDestroy(&ctx);
  return ierr ? ierr : ierr_destroy;
}

// Setup shared by every built-in entry: fields, context and FLOPs from the table.
int GalleryInit(Ceed ceed, const char *requested, CeedQFunction qf) {
  const GallerySpec *spec = FindSpec(requested);
  CeedCheck(spec, ceed, CEED_ERROR_UNSUPPORTED, "No suitable gallery CeedQFunction: \"%s\" is not a built-in gallery entry", requested);
  for (const auto &field : spec->inputs) {
    if (field.name) CeedCall(CeedQFunctionAddInput(qf, field.name, field.size, field.eval_mode));
  }
  for (const auto &field : spec->outputs) {
    if (field.name) CeedCall(CeedQFunctionAddOutput(qf, field.name, field.size, field.eval_mode));
  }
  if (spec->user_inputs || spec->user_outputs) CeedCall(ceed::QFunctionSetMinimumFields(qf, spec->user_inputs, spec->user_outputs));
  if (spec->f == Identity) CeedCall(IdentityAddContext(ceed, qf));
  if (spec->flops >= 0) CeedCall(CeedQFunctionSetUserFlopsEstimate(qf, spec->flops));
  return CEED_ERROR_SUCCESS;
}

}  // namespace

namespace ceed {

int GalleryRegisterBuiltins(decltype(&QFunctionRegisterEntry) add) {
  for (const auto &spec : kGallery) {
    const std::string source = std::string(spec.file) + ":" + spec.function;
    CeedCall(add(spec.name, source.c_str(), 1, spec.f, GalleryInit));
  }
  return CEED_ERROR_SUCCESS;
}

}  // namespace ceed
