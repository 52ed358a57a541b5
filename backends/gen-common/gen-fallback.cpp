// Helpers of gen backends around the generator: the delegate clone of operators a backend does not fuse
// (sharing the QFunction, restrictions, bases and vectors), the helper contexts made in a backend's init, and the
// check that a QFunction has source.
#include <filesystem>

#include "ceed-gen.hpp"

namespace ceed::gen {

namespace {

int CopyJitStrings(Ceed ceed, std::vector<std::string> *out, int (*get)(Ceed, CeedInt *, const char ***), int (*restore)(Ceed, const char ***)) {
  CeedInt      num  = 0;
  const char **list = nullptr;
  out->clear();
  CeedCallBackend(get(ceed, &num, &list));
  try {
    out->assign(list, list + num);
  } catch (...) {
    restore(ceed, &list);
    throw;
  }
  CeedCallBackend(restore(ceed, &list));
  return CEED_ERROR_SUCCESS;
}

int BuildDelegateOperator(CeedOperator op, Ceed delegate, CeedOperator *clone) {
  CeedQFunction qf           = nullptr;
  bool          is_at_points = false;
  CeedCallBackend(CeedOperatorGetQFunction(op, &qf));
  CeedCallBackend(CeedOperatorIsAtPoints(op, &is_at_points));
  if (is_at_points) CeedCallBackend(CeedOperatorCreateAtPoints(delegate, qf, CEED_QFUNCTION_NONE, CEED_QFUNCTION_NONE, clone));
  else CeedCallBackend(CeedOperatorCreate(delegate, qf, CEED_QFUNCTION_NONE, CEED_QFUNCTION_NONE, clone));
  CeedInt            num_in = 0, num_out = 0;
  CeedOperatorField *in = nullptr, *out = nullptr;
  CeedCallBackend(CeedOperatorGetFields(op, &num_in, &in, &num_out, &out));
  for (CeedInt i = 0; i < num_in + num_out; i++) {
    const char         *name  = nullptr;
    CeedElemRestriction rstr  = nullptr;
    CeedBasis           basis = nullptr;
    CeedVector          vec   = nullptr;
    CeedCallBackend(CeedOperatorFieldGetData(i < num_in ? in[i] : out[i - num_in], &name, &rstr, &basis, &vec));
    int ierr = CeedOperatorSetField(*clone, name, rstr, basis, vec);
    CeedElemRestrictionDestroy(&rstr);  // GetData's references; the clone holds its own
    CeedBasisDestroy(&basis);
    CeedVectorDestroy(&vec);
    CeedCallBackend(ierr);
  }
  if (is_at_points) {
    CeedElemRestriction rstr_points = nullptr;
    CeedVector          coords      = nullptr;
    CeedCallBackend(CeedOperatorAtPointsGetPoints(op, &rstr_points, &coords));
    int ierr = CeedOperatorAtPointsSetPoints(*clone, rstr_points, coords);
    CeedElemRestrictionDestroy(&rstr_points);
    CeedVectorDestroy(&coords);
    CeedCallBackend(ierr);
  }
  return CEED_ERROR_SUCCESS;
}

}  // namespace

int CopyJitSourceRoots(Ceed ceed, std::vector<std::string> *roots) {
  return CopyJitStrings(ceed, roots, CeedGetJitSourceRoots, CeedRestoreJitSourceRoots);
}

int CopyJitDefines(Ceed ceed, std::vector<std::string> *defines) { return CopyJitStrings(ceed, defines, CeedGetJitDefines, CeedRestoreJitDefines); }

int LoadSourceText(Ceed ceed, const std::string &path, std::string *text) {
  char *buffer = nullptr;
  CeedCall(CeedLoadSourceToBuffer(ceed, path.c_str(), &buffer));
  try {
    *text = buffer;
  } catch (...) {
    CeedFree(&buffer);
    throw;
  }
  return CeedFree(&buffer);
}

int CreateDelegateOperator(CeedOperator op, Ceed delegate, CeedOperator *clone) {
  *clone = nullptr;
  int ierr = CEED_ERROR_MAJOR;
  try {
    ierr = BuildDelegateOperator(op, delegate, clone);
  } catch (...) {
    CeedOperatorDestroy(clone);
    throw;
  }
  if (ierr) CeedOperatorDestroy(clone);
  return ierr;
}

int InitHelperContext(Ceed ceed, const char *resource, Ceed *context) {
  *context         = nullptr;
  const int   ierr = CeedInit(resource, context);
  const char *why  = nullptr;
  if (ierr) CeedGetErrorMessage(NULL, &why);  // the reason, where CEED_ERROR_HANDLER=store kept it
  return ierr ? CeedError(ceed, ierr, "initialising its helper context %s failed: %s", resource, why ? why : "no reason given") : CEED_ERROR_SUCCESS;
}

bool QFunctionSourceExists(Ceed ceed, const std::string &path) {
  if (path.empty()) return false;
  std::error_code ec;
  if (std::filesystem::is_regular_file(path, ec)) return true;
  if (std::filesystem::path(path).is_absolute()) return false;
  std::vector<std::string> roots;
  if (CopyJitSourceRoots(ceed, &roots)) return false;
  for (const std::string &root : roots) {
    if (std::filesystem::is_regular_file(std::filesystem::path(root) / path, ec)) return true;
  }
  return false;
}

}  // namespace ceed::gen
