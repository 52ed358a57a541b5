// The bake-off operators' fused GPU kernels without a GPU (see gpu-bake-off-kernels.hpp).
#include "gpu-bake-off-kernels.hpp"
#include "gpu-kernel-resources.hpp"
#include "gpu-runtime.hpp"

#include <ceed/backend.h>

#include <numeric>

namespace ceed::gpu {

std::string BakeOffProblemName(const BakeOffCase &c) { return c.bp > 0 ? "bp" + std::to_string(c.bp) : c.bp == 0 ? "mass1d" : "poisson2d"; }

const char *BakeOffKernelName(const BakeOffCase &c) { return c.setup ? "setup" : "apply"; }

namespace {

// Owners of the objects an operator keeps references to: destroyed on every return.
struct Objects {
  CeedElemRestriction rstr_u = nullptr, rstr_x = nullptr, rstr_q = nullptr;
  CeedBasis           basis_u = nullptr, basis_x = nullptr;
  CeedQFunction       qf     = nullptr;
  CeedVector          q_data = nullptr;
  ~Objects() {
    CeedVectorDestroy(&q_data);
    CeedQFunctionDestroy(&qf);
    CeedBasisDestroy(&basis_u);
    CeedBasisDestroy(&basis_x);
    CeedElemRestrictionDestroy(&rstr_u);
    CeedElemRestrictionDestroy(&rstr_x);
    CeedElemRestrictionDestroy(&rstr_q);
  }
};

int Build(Ceed ceed, const BakeOffCase &c, CeedOperator *op) {
  const int  dim = c.bp > 0 ? 3 : c.bp == 0 ? 1 : 2, P = c.p + 1, Q = c.bp >= 5 ? P : P + 1, num_elem = 2;
  const bool mass = c.bp == 1 || c.bp == 2 || c.bp == 0, vector = c.bp == 2 || c.bp == 4 || c.bp == 6;
  const int  ncomp = vector ? 3 : 1, qsize = mass ? 1 : dim * (dim + 1) / 2;
  int        elem_size = 1, nq = 1;
  for (int d = 0; d < dim; d++) elem_size *= P, nq *= Q;
  std::vector<CeedInt> offsets((size_t)num_elem * elem_size);
  std::iota(offsets.begin(), offsets.end(), 0);
  const CeedSize l_size = (CeedSize)num_elem * elem_size;
  Objects        o;
  CeedCall(CeedElemRestrictionCreate(ceed, num_elem, elem_size, ncomp, l_size, ncomp * l_size, CEED_MEM_HOST, CEED_COPY_VALUES, offsets.data(), &o.rstr_u));
  CeedCall(CeedElemRestrictionCreate(ceed, num_elem, elem_size, dim, l_size, dim * l_size, CEED_MEM_HOST, CEED_COPY_VALUES, offsets.data(), &o.rstr_x));
  CeedCall(CeedElemRestrictionCreateStrided(ceed, num_elem, nq, qsize, (CeedSize)num_elem * nq * qsize, CEED_STRIDES_BACKEND, &o.rstr_q));
  const CeedQuadMode quad = c.bp >= 5 ? CEED_GAUSS_LOBATTO : CEED_GAUSS;
  CeedCall(CeedBasisCreateTensorH1Lagrange(ceed, dim, ncomp, P, Q, quad, &o.basis_u));
  CeedCall(CeedBasisCreateTensorH1Lagrange(ceed, dim, dim, P, Q, quad, &o.basis_x));
  if (c.setup) {
    const std::string name = std::string(mass ? "Mass" : "Poisson") + std::to_string(dim) + "DBuild";
    CeedCall(CeedQFunctionCreateInteriorByName(ceed, name.c_str(), &o.qf));
    CeedCall(CeedOperatorCreate(ceed, o.qf, CEED_QFUNCTION_NONE, CEED_QFUNCTION_NONE, op));
    CeedCall(CeedOperatorSetField(*op, "dx", o.rstr_x, o.basis_x, CEED_VECTOR_ACTIVE));
    CeedCall(CeedOperatorSetField(*op, "weights", CEED_ELEMRESTRICTION_NONE, o.basis_x, CEED_VECTOR_NONE));
    CeedCall(CeedOperatorSetField(*op, "qdata", o.rstr_q, CEED_BASIS_NONE, CEED_VECTOR_ACTIVE));
    return CEED_ERROR_SUCCESS;
  }
  const std::string name = mass ? (vector ? "Vector3MassApply" : "MassApply") : std::string(vector ? "Vector3Poisson" : "Poisson") + std::to_string(dim) + "DApply";
  CeedCall(CeedElemRestrictionCreateVector(o.rstr_q, &o.q_data, nullptr));
  CeedCall(CeedQFunctionCreateInteriorByName(ceed, name.c_str(), &o.qf));
  CeedCall(CeedOperatorCreate(ceed, o.qf, CEED_QFUNCTION_NONE, CEED_QFUNCTION_NONE, op));
  CeedCall(CeedOperatorSetField(*op, mass ? "u" : "du", o.rstr_u, o.basis_u, CEED_VECTOR_ACTIVE));
  CeedCall(CeedOperatorSetField(*op, "qdata", o.rstr_q, CEED_BASIS_NONE, o.q_data));
  CeedCall(CeedOperatorSetField(*op, mass ? "v" : "dv", o.rstr_u, o.basis_u, CEED_VECTOR_ACTIVE));
  return CEED_ERROR_SUCCESS;
}

// The operator's last error message, or the code when the context has none.
std::string Message(Ceed ceed, int ierr) {
  const char *message = nullptr;
  if (ceed && CeedGetErrorMessage(ceed, &message) == 0 && message && message[0]) return message;
  return "error " + std::to_string(ierr);
}

}  // namespace

int BuildBakeOffOperator(Ceed ceed, const BakeOffCase &c, CeedOperator *op) {
  *op        = nullptr;
  const int ierr = Build(ceed, c, op);
  if (ierr) CeedOperatorDestroy(op);
  return ierr;
}

namespace {

// The capabilities of the family a tool generates kernels for without its runtime (ceed-info --kernels --target).
const Capabilities &FamilyCapabilities(const std::string &family) {
  if (family == "cuda") return kCudaCapabilities;
  if (family == "hip") return kHipCapabilities;
  return kEmulatedCapabilities;
}

}  // namespace

int GenerateBakeOffKernel(const BakeOffCase &c, const std::string &vendor, int wavefront, const LaunchBounds &bounds, BakeOffKernel *kernel,
                          std::string *error, const std::vector<std::string> &jit_defines) {
  const std::string what = BakeOffProblemName(c) + " p=" + std::to_string(c.p) + " " + BakeOffKernelName(c);
  Ceed              ceed = nullptr;
  int               ierr = CeedInit("/cpu/self/ref/serial", &ceed);
  if (ierr) {
    *error = what + ": CeedInit(/cpu/self/ref/serial) failed";
    return ierr;
  }
  CeedSetErrorHandler(ceed, CeedErrorStore);
  CeedOperator op      = nullptr;
  char        *qf_text = nullptr;
  std::string  why_not;
  auto         run = [&]() -> int {
    for (const std::string &define : jit_defines) CeedCall(CeedAddJitDefine(ceed, define.c_str()));
    CeedCall(BuildBakeOffOperator(ceed, c, &op));
    CeedCall(ceed::gen::DescribeOperator(op, &kernel->desc, &why_not));
    if (!why_not.empty()) return CEED_ERROR_UNSUPPORTED;
    CeedCall(ceed::gen::SetFieldPrecisions(c.precision, &kernel->desc));
    ceed::gen::ReadPassiveInputsInComputePrecision(&kernel->desc);
    CeedCall(ceed::gen::ReadGpuSwitches(ceed, FamilyCapabilities(vendor).rolled_slice_loops, &kernel->desc));
    kernel->layout = ceed::gen::ChooseThreadLayout(kernel->desc, wavefront, &why_not);
    if (!why_not.empty()) return CEED_ERROR_UNSUPPORTED;
    if (bounds.max_block > 0) kernel->layout.max_block = bounds.max_block;
    if (bounds.min_blocks > 0) kernel->layout.min_blocks = bounds.min_blocks;
    CeedCall(CeedLoadSourceToBuffer(ceed, kernel->desc.qf_source_path.c_str(), &qf_text));
    ceed::gen::KernelSource source;
    CeedCall(ceed::gen::GenerateKernelSource(ceed, kernel->desc, *ceed::gen::CreateGpuDialect(kernel->layout, vendor, DialectOptions(FamilyCapabilities(vendor))), qf_text, &source));
    // The defines a backend passes to its compiler (-D), here in the unit itself: the same kernel for every tool.
    kernel->source.clear();
    for (const std::string &define : jit_defines) {
      std::string name, value;
      ceed::gen::SplitJitDefine(define, &name, &value);
      kernel->source += "#define " + name + " " + value + "\n";
    }
    kernel->source += source.text;
    return CEED_ERROR_SUCCESS;
  };
  ierr = run();
  if (ierr) *error = what + ": " + (why_not.empty() ? Message(ceed, ierr) : "not fused: " + why_not);
  CeedFree(&qf_text);
  CeedOperatorDestroy(&op);
  CeedDestroy(&ceed);
  return ierr;
}

}  // namespace ceed::gpu
