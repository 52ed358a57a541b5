// CeedQFunction: creation (with the source-string rules, spec 01 §5), fields, context, FLOP estimate, application, views,
// destruction (spec 05 §2).
#include "qfunction/qfunction.hpp"

#include <filesystem>
#include <string>
#include <system_error>
#include <utility>

namespace {

// The CEED_QFUNCTION_NONE sentinel: no Ceed, not reference counted, never freed.
CeedQFunction_private qfunction_none = [] {
  CeedQFunction_private qf;
  qf.header.ref_count = 0;
  return qf;
}();

const char *EvalModeName(CeedEvalMode mode) {
  const char *name = (mode >= CEED_EVAL_NONE && mode <= CEED_EVAL_WEIGHT) ? CeedEvalModes[mode] : nullptr;
  return name ? name : "unknown";
}

bool IsValidEvalMode(CeedEvalMode mode) {
  switch (mode) {
    case CEED_EVAL_NONE:
    case CEED_EVAL_INTERP:
    case CEED_EVAL_GRAD:
    case CEED_EVAL_DIV:
    case CEED_EVAL_CURL:
    case CEED_EVAL_WEIGHT:
      return true;
  }
  return false;
}

// Whether field_name is already used by an input or output field.
bool FieldNameTaken(CeedQFunction qf, const char *field_name) {
  for (CeedInt i = 0; i < qf->num_input_fields; i++) {
    if (qf->input_fields[i]->name == field_name) return true;
  }
  for (CeedInt i = 0; i < qf->num_output_fields; i++) {
    if (qf->output_fields[i]->name == field_name) return true;
  }
  return false;
}

int QFunctionViewObject(CeedObject obj, FILE *stream) { return CeedQFunctionView(reinterpret_cast<CeedQFunction>(obj), stream); }
int QFunctionDestroyObject(CeedObject *obj) { return CeedQFunctionDestroy(reinterpret_cast<CeedQFunction *>(obj)); }

// Frees everything a QFunction owns; its backend data must already be gone.
void QFunctionFree(CeedQFunction qf) {
  for (CeedInt i = 0; i < qf->num_input_fields; i++) delete qf->input_fields[i];
  for (CeedInt i = 0; i < qf->num_output_fields; i++) delete qf->output_fields[i];
  ceed::ObjectReleaseCeed(qf->header);
  delete qf;
}

}  // namespace

extern "C" const CeedQFunction CEED_QFUNCTION_NONE = &qfunction_none;

namespace {

bool IsRegularFile(const std::filesystem::path &p) {
  std::error_code ec;
  return std::filesystem::is_regular_file(p, ec);
}

}  // namespace

namespace ceed {

bool QFunctionSplitSource(Ceed ceed, const char *source, std::string &path, std::string &kernel_name) {
  path.clear();
  kernel_name.clear();
  if (!source || !source[0]) return true;
  const char *colon = std::strrchr(source, ':');
  if (!colon) return false;
  kernel_name = colon + 1;
  path.assign(source, static_cast<size_t>(colon - source));
  if (path.empty() || path[0] == '/') return true;  // absolute paths are stored as given

  // A relative path that exists below a JIT source root keeps its relative form (that is how JIT
  // compilers find it, through -I<root>); one that only exists relative to the working directory is
  // made absolute so that it stays valid if the directory changes.
  if (ceed) {
    for (const std::string &root : ceed::RootCeed(ceed)->jit_source_roots) {
      if (IsRegularFile(std::filesystem::path(root) / path)) return true;
    }
  }
  if (IsRegularFile(path)) {
    std::error_code ec;
    std::filesystem::path absolute = std::filesystem::absolute(path, ec);
    if (!ec) path = absolute.lexically_normal().string();
  }
  return true;
}


int QFunctionSetGallery(CeedQFunction qf, const char *gallery_name) {
  qf->gallery_name = gallery_name;
  qf->is_gallery   = true;
  return CEED_ERROR_SUCCESS;
}

int QFunctionSetMinimumFields(CeedQFunction qf, CeedInt num_inputs, CeedInt num_outputs) {
  qf->min_input_fields  = num_inputs;
  qf->min_output_fields = num_outputs;
  return CEED_ERROR_SUCCESS;
}

int QFunctionCheckMinimumFields(CeedQFunction qf) {
  CeedCheck(qf->num_input_fields >= qf->min_input_fields && qf->num_output_fields >= qf->min_output_fields, qf->header.ceed,
            CEED_ERROR_INCOMPLETE,
            "CeedQFunction %s reads %" CeedInt_FMT " input and writes %" CeedInt_FMT " output fields, but has %" CeedInt_FMT " and %" CeedInt_FMT
            ": add them with CeedQFunctionAddInput and CeedQFunctionAddOutput",
            QFunctionName(qf), qf->min_input_fields, qf->min_output_fields, qf->num_input_fields, qf->num_output_fields);
  return CEED_ERROR_SUCCESS;
}

}  // namespace ceed

extern "C" {

int CeedQFunctionCreateInterior(Ceed ceed, CeedInt vec_length, CeedQFunctionUser f, const char *source, CeedQFunction *qf) {
  CeedCheck(ceed != nullptr, nullptr, CEED_ERROR_INCOMPATIBLE, "Cannot create CeedQFunction: Ceed handle is NULL");
  CEED_API_TRY
  CeedCheck(qf != nullptr, ceed, CEED_ERROR_INCOMPATIBLE, "Cannot create CeedQFunction: output pointer is NULL");
  CeedCheck(vec_length >= 1, ceed, CEED_ERROR_DIMENSION, "Cannot create CeedQFunction with vector length %" CeedInt_FMT ", must be positive",
            vec_length);
  CeedCheck(f != nullptr, ceed, CEED_ERROR_INCOMPATIBLE, "Cannot create CeedQFunction \"%s\": user function is NULL", source ? source : "");
  std::string path, kernel_name;
  CeedCheck(ceed::QFunctionSplitSource(ceed, source, path, kernel_name), ceed, CEED_ERROR_INCOMPLETE,
            "Provided path to source does not include function name: \"%s\" (expected \"<file path>:<function name>\")", source);

  Ceed backend = ceed::FindBackend(ceed, "QFunction", [](const CeedBackendOps &o) { return o.QFunctionCreate != nullptr; });
  CeedCheck(backend, ceed, CEED_ERROR_UNSUPPORTED, "Backend does not implement QFunctionCreate");

  auto *q = new CeedQFunction_private();
  {
    int ierr = ceed::ObjectInit(q->header, backend, QFunctionViewObject, QFunctionDestroyObject);
    if (ierr) {
      delete q;
      return ierr;
    }
  }
  q->vec_length  = vec_length;
  q->function    = f;
  q->source_path = std::move(path);
  q->kernel_name = std::move(kernel_name);
  {
    int ierr = backend->ops.QFunctionCreate(q);
    if (ierr) {
      if (q->ops.Destroy) q->ops.Destroy(q);
      QFunctionFree(q);
      return ierr;
    }
  }
  *qf = q;
  return CEED_ERROR_SUCCESS;
  CEED_API_CATCH(ceed)
}

int CeedQFunctionReferenceCopy(CeedQFunction qf, CeedQFunction *qf_copy) {
  CeedCheck(qf != nullptr, nullptr, CEED_ERROR_INCOMPATIBLE, "CeedQFunction handle is NULL");
  CeedCheck(qf_copy != nullptr, qf->header.ceed, CEED_ERROR_INCOMPATIBLE, "Destination of CeedQFunction reference copy is NULL");
  if (qf != CEED_QFUNCTION_NONE) qf->header.ref_count++;
  int ierr = CeedQFunctionDestroy(qf_copy);
  if (ierr) {
    if (qf != CEED_QFUNCTION_NONE) qf->header.ref_count--;
    return ierr;
  }
  *qf_copy = qf;
  return CEED_ERROR_SUCCESS;
}

int CeedQFunctionAddInput(CeedQFunction qf, const char *field_name, CeedInt size, CeedEvalMode eval_mode) {
  CEED_QF_CHECK(qf);
  Ceed ceed = qf->header.ceed;
  CEED_API_TRY
  CeedCheck(field_name != nullptr, ceed, CEED_ERROR_INCOMPATIBLE, "CeedQFunction %s: input field name is NULL", ceed::QFunctionName(qf));
  CeedCheck(!qf->is_immutable, ceed, CEED_ERROR_MAJOR,
            "QFunction cannot be changed after set as immutable (CeedQFunction %s, input field \"%s\")", ceed::QFunctionName(qf), field_name);
  CeedCheck(qf->num_input_fields < CEED_FIELD_MAX, ceed, CEED_ERROR_MINOR,
            "Can only add %d input fields (CeedQFunction %s, input field \"%s\")", CEED_FIELD_MAX, ceed::QFunctionName(qf), field_name);
  CeedCheck(IsValidEvalMode(eval_mode), ceed, CEED_ERROR_INCOMPATIBLE, "CeedQFunction %s: invalid evaluation mode %d for input field \"%s\"",
            ceed::QFunctionName(qf), static_cast<int>(eval_mode), field_name);
  CeedCheck(eval_mode != CEED_EVAL_WEIGHT || size == 1, ceed, CEED_ERROR_DIMENSION,
            "CEED_EVAL_WEIGHT should have size 1, got size %" CeedInt_FMT " for input field \"%s\" of CeedQFunction %s", size, field_name,
            ceed::QFunctionName(qf));
  CeedCheck(size >= 1, ceed, CEED_ERROR_DIMENSION, "CeedQFunction %s: input field \"%s\" has size %" CeedInt_FMT ", must be positive",
            ceed::QFunctionName(qf), field_name, size);
  CeedCheck(!FieldNameTaken(qf, field_name), ceed, CEED_ERROR_MINOR,
            "CeedQFunction field names must be unique: \"%s\" is already a field of CeedQFunction %s", field_name, ceed::QFunctionName(qf));
  auto *field      = new CeedQFunctionField_private();
  field->name      = field_name;
  field->size      = size;
  field->eval_mode = eval_mode;
  qf->input_fields[qf->num_input_fields++] = field;
  return CEED_ERROR_SUCCESS;
  CEED_API_CATCH(ceed)
}

int CeedQFunctionAddOutput(CeedQFunction qf, const char *field_name, CeedInt size, CeedEvalMode eval_mode) {
  CEED_QF_CHECK(qf);
  Ceed ceed = qf->header.ceed;
  CEED_API_TRY
  CeedCheck(field_name != nullptr, ceed, CEED_ERROR_INCOMPATIBLE, "CeedQFunction %s: output field name is NULL", ceed::QFunctionName(qf));
  CeedCheck(!qf->is_immutable, ceed, CEED_ERROR_MAJOR,
            "QFunction cannot be changed after set as immutable (CeedQFunction %s, output field \"%s\")", ceed::QFunctionName(qf), field_name);
  CeedCheck(qf->num_output_fields < CEED_FIELD_MAX, ceed, CEED_ERROR_MINOR,
            "Can only add %d output fields (CeedQFunction %s, output field \"%s\")", CEED_FIELD_MAX, ceed::QFunctionName(qf), field_name);
  CeedCheck(IsValidEvalMode(eval_mode), ceed, CEED_ERROR_INCOMPATIBLE, "CeedQFunction %s: invalid evaluation mode %d for output field \"%s\"",
            ceed::QFunctionName(qf), static_cast<int>(eval_mode), field_name);
  CeedCheck(eval_mode != CEED_EVAL_WEIGHT, ceed, CEED_ERROR_DIMENSION,
            "Cannot create CeedQFunction output with CEED_EVAL_WEIGHT (output field \"%s\" of CeedQFunction %s)", field_name, ceed::QFunctionName(qf));
  CeedCheck(size >= 1, ceed, CEED_ERROR_DIMENSION, "CeedQFunction %s: output field \"%s\" has size %" CeedInt_FMT ", must be positive",
            ceed::QFunctionName(qf), field_name, size);
  CeedCheck(!FieldNameTaken(qf, field_name), ceed, CEED_ERROR_MINOR,
            "CeedQFunction field names must be unique: \"%s\" is already a field of CeedQFunction %s", field_name, ceed::QFunctionName(qf));
  auto *field      = new CeedQFunctionField_private();
  field->name      = field_name;
  field->size      = size;
  field->eval_mode = eval_mode;
  qf->output_fields[qf->num_output_fields++] = field;
  return CEED_ERROR_SUCCESS;
  CEED_API_CATCH(ceed)
}

int CeedQFunctionGetFields(CeedQFunction qf, CeedInt *num_input_fields, CeedQFunctionField **input_fields, CeedInt *num_output_fields,
                           CeedQFunctionField **output_fields) {
  CEED_QF_CHECK(qf);
  qf->is_immutable = true;
  if (num_input_fields) *num_input_fields = qf->num_input_fields;
  if (input_fields) *input_fields = qf->input_fields;
  if (num_output_fields) *num_output_fields = qf->num_output_fields;
  if (output_fields) *output_fields = qf->output_fields;
  return CEED_ERROR_SUCCESS;
}

int CeedQFunctionFieldGetName(CeedQFunctionField qf_field, const char **field_name) {
  CeedCheck(qf_field != nullptr, nullptr, CEED_ERROR_INCOMPATIBLE, "CeedQFunctionField handle is NULL");
  CeedCheck(field_name != nullptr, nullptr, CEED_ERROR_INCOMPATIBLE, "Output pointer for the name of CeedQFunctionField \"%s\" is NULL",
            qf_field->name.c_str());
  *field_name = qf_field->name.c_str();
  return CEED_ERROR_SUCCESS;
}

int CeedQFunctionFieldGetSize(CeedQFunctionField qf_field, CeedInt *size) {
  CeedCheck(qf_field != nullptr, nullptr, CEED_ERROR_INCOMPATIBLE, "CeedQFunctionField handle is NULL");
  CeedCheck(size != nullptr, nullptr, CEED_ERROR_INCOMPATIBLE, "Output pointer for the size of CeedQFunctionField \"%s\" is NULL",
            qf_field->name.c_str());
  *size = qf_field->size;
  return CEED_ERROR_SUCCESS;
}

int CeedQFunctionFieldGetEvalMode(CeedQFunctionField qf_field, CeedEvalMode *eval_mode) {
  CeedCheck(qf_field != nullptr, nullptr, CEED_ERROR_INCOMPATIBLE, "CeedQFunctionField handle is NULL");
  CeedCheck(eval_mode != nullptr, nullptr, CEED_ERROR_INCOMPATIBLE,
            "Output pointer for the evaluation mode of CeedQFunctionField \"%s\" is NULL", qf_field->name.c_str());
  *eval_mode = qf_field->eval_mode;
  return CEED_ERROR_SUCCESS;
}

int CeedQFunctionFieldGetData(CeedQFunctionField qf_field, const char **field_name, CeedInt *size, CeedEvalMode *eval_mode) {
  CeedCheck(qf_field != nullptr, nullptr, CEED_ERROR_INCOMPATIBLE, "CeedQFunctionField handle is NULL");
  if (field_name) *field_name = qf_field->name.c_str();
  if (size) *size = qf_field->size;
  if (eval_mode) *eval_mode = qf_field->eval_mode;
  return CEED_ERROR_SUCCESS;
}

int CeedQFunctionSetContext(CeedQFunction qf, CeedQFunctionContext ctx) {
  CEED_QF_CHECK(qf);
  if (ctx == qf->ctx) return CEED_ERROR_SUCCESS;
  if (!ctx) return CeedQFunctionContextDestroy(&qf->ctx);
  // ReferenceCopy retains ctx before releasing the previous context, so qf is unchanged on error.
  return CeedQFunctionContextReferenceCopy(ctx, &qf->ctx);
}

int CeedQFunctionSetContextWritable(CeedQFunction qf, bool is_writable) {
  CEED_QF_CHECK(qf);
  qf->is_context_writable = is_writable;
  return CEED_ERROR_SUCCESS;
}

int CeedQFunctionSetUserFlopsEstimate(CeedQFunction qf, CeedSize flops) {
  CEED_QF_CHECK(qf);
  CeedCheck(flops >= 0, qf->header.ceed, CEED_ERROR_INCOMPATIBLE, "Must set non-negative FLOPs estimate, got %" CeedSize_FMT " for CeedQFunction %s",
            flops, ceed::QFunctionName(qf));
  qf->user_flops = flops;
  return CEED_ERROR_SUCCESS;
}

int CeedQFunctionApply(CeedQFunction qf, CeedInt Q, CeedVector *u, CeedVector *v) {
  CEED_QF_CHECK(qf);
  Ceed ceed = qf->header.ceed;
  CeedCheck(Q >= 0, ceed, CEED_ERROR_DIMENSION, "Number of quadrature points %" CeedInt_FMT " must be non-negative (CeedQFunction %s)", Q,
            ceed::QFunctionName(qf));
  CeedCheck(Q % qf->vec_length == 0, ceed, CEED_ERROR_DIMENSION,
            "Number of quadrature points %" CeedInt_FMT " must be a multiple of %" CeedInt_FMT " (vector length of CeedQFunction %s)", Q,
            qf->vec_length, ceed::QFunctionName(qf));
  CeedCheck(qf->num_input_fields == 0 || u != nullptr, ceed, CEED_ERROR_INCOMPATIBLE,
            "CeedQFunction %s has %" CeedInt_FMT " input fields but the input vector array is NULL", ceed::QFunctionName(qf), qf->num_input_fields);
  CeedCheck(qf->num_output_fields == 0 || v != nullptr, ceed, CEED_ERROR_INCOMPATIBLE,
            "CeedQFunction %s has %" CeedInt_FMT " output fields but the output vector array is NULL", ceed::QFunctionName(qf), qf->num_output_fields);
  for (CeedInt k = 0; k < qf->num_input_fields + qf->num_output_fields; k++) {
    const bool         is_input = k < qf->num_input_fields;
    const CeedInt      i        = is_input ? k : k - qf->num_input_fields;
    CeedQFunctionField field    = is_input ? qf->input_fields[i] : qf->output_fields[i];
    CeedVector         vec      = is_input ? u[i] : v[i];
    const char        *kind     = is_input ? "Input" : "Output";

    CeedCheck(vec != nullptr && vec != CEED_VECTOR_ACTIVE && vec != CEED_VECTOR_NONE, ceed, CEED_ERROR_INCOMPATIBLE,
              "%s vector %" CeedInt_FMT " (field \"%s\") of CeedQFunction %s must be a real CeedVector, got %s", kind, i, field->name.c_str(),
              ceed::QFunctionName(qf), vec == nullptr ? "NULL" : (vec == CEED_VECTOR_ACTIVE ? "CEED_VECTOR_ACTIVE" : "CEED_VECTOR_NONE"));
    CeedSize length = 0;
    CeedCall(CeedVectorGetLength(vec, &length));
    const CeedSize needed = static_cast<CeedSize>(field->size) * Q;
    CeedCheck(length >= needed, ceed, CEED_ERROR_DIMENSION,
              "%s vector %" CeedInt_FMT " (field \"%s\") of CeedQFunction %s has length %" CeedSize_FMT ", needs at least %" CeedSize_FMT
              " = %" CeedInt_FMT " x %" CeedInt_FMT " points",
              kind, i, field->name.c_str(), ceed::QFunctionName(qf), length, needed, field->size, Q);
  }
  CeedCall(ceed::QFunctionCheckMinimumFields(qf));
  CeedCheck(qf->ops.Apply != nullptr, ceed, CEED_ERROR_UNSUPPORTED, "Backend does not implement CeedQFunctionApply");
  qf->is_immutable = true;
  return qf->ops.Apply(qf, Q, u, v);
}

int CeedQFunctionGetCeed(CeedQFunction qf, Ceed *ceed) {
  CEED_QF_CHECK(qf);
  CEED_QF_CHECK_OUT(qf, ceed, "the Ceed");
  *ceed = nullptr;
  return CeedReferenceCopy(qf->header.ceed, ceed);
}

Ceed CeedQFunctionReturnCeed(CeedQFunction qf) { return qf ? qf->header.ceed : nullptr; }

int CeedQFunctionSetNumViewTabs(CeedQFunction qf, CeedInt num_tabs) {
  CEED_QF_CHECK(qf);
  CeedCheck(num_tabs >= 0, qf->header.ceed, CEED_ERROR_MINOR,
            "Number of view tabs must be non-negative, got %" CeedInt_FMT " for CeedQFunction %s", num_tabs, ceed::QFunctionName(qf));
  qf->header.num_view_tabs = num_tabs;
  return CEED_ERROR_SUCCESS;
}

int CeedQFunctionGetNumViewTabs(CeedQFunction qf, CeedInt *num_tabs) {
  CEED_QF_CHECK(qf);
  CEED_QF_CHECK_OUT(qf, num_tabs, "the number of view tabs");
  *num_tabs = qf->header.num_view_tabs;
  return CEED_ERROR_SUCCESS;
}

int CeedQFunctionView(CeedQFunction qf, FILE *stream) {
  CEED_QF_CHECK(qf);
  CeedCheck(stream != nullptr, qf->header.ceed, CEED_ERROR_INCOMPATIBLE, "Cannot view CeedQFunction %s: stream is NULL", ceed::QFunctionName(qf));
  CEED_API_TRY
  const std::string t = ceed::Indent(qf->header.num_view_tabs);
  std::string       out;
  auto              line = [&out, &t](const std::string &text) { out += t + text + "\n"; };
  auto              fields = [&line](const char *kind, const char *kind_cap, CeedInt n, const CeedQFunctionField *list) {
    line("  " + std::to_string(n) + " " + kind + " field" + (n > 1 ? "s" : "") + ":");
    for (CeedInt i = 0; i < n; i++) {
      line(std::string("    ") + kind_cap + " field " + std::to_string(i) + ":");
      line("      Name: \"" + list[i]->name + "\"");
      line("      Size: " + std::to_string(list[i]->size));
      line(std::string("      EvalMode: \"") + EvalModeName(list[i]->eval_mode) + "\"");
    }
  };
  line(std::string(qf->is_gallery ? "Gallery " : "User ") + "CeedQFunction - " + ceed::QFunctionName(qf));
  fields("input", "Input", qf->num_input_fields, qf->input_fields);
  fields("output", "Output", qf->num_output_fields, qf->output_fields);
  CeedCheck(std::fwrite(out.data(), 1, out.size(), stream) == out.size(), qf->header.ceed, CEED_ERROR_MAJOR,
            "Writing the view of CeedQFunction %s failed", ceed::QFunctionName(qf));
  return CEED_ERROR_SUCCESS;
  CEED_API_CATCH(qf->header.ceed)
}

int CeedQFunctionDestroy(CeedQFunction *qf) {
  CeedCheck(qf != nullptr, nullptr, CEED_ERROR_INCOMPATIBLE, "Pointer to CeedQFunction handle is NULL");
  CeedQFunction q = *qf;
  if (!q || q == CEED_QFUNCTION_NONE) {
    *qf = nullptr;
    return CEED_ERROR_SUCCESS;
  }
  if (q->header.ref_count > 1) {
    q->header.ref_count--;
    *qf = nullptr;
    return CEED_ERROR_SUCCESS;
  }
  // Release the context first: if that fails (its last reference is locked) the QFunction is unchanged.
  CeedCall(CeedQFunctionContextDestroy(&q->ctx));
  if (q->ops.Destroy) CeedCall(q->ops.Destroy(q));
  q->ops  = CeedQFunctionBackendOps{};
  q->data = nullptr;
  QFunctionFree(q);
  *qf = nullptr;
  return CEED_ERROR_SUCCESS;
}

}  // extern "C"
