// CeedBasisView: printed format of spec 07 §8.3 (compared byte for byte by the tests).
#include <cmath>
#include <string>

#include "basis/basis.hpp"

namespace {

// Matrix printer: one line "name:" + values when m == 1, else a header line and one "[i]" row per line.
void PrintMatrix(FILE *stream, const std::string &indent, const char *name, CeedInt m, CeedInt n, const CeedScalar *a) {
  auto print_values = [&](const CeedScalar *row) {
    for (CeedInt j = 0; j < n; j++) {
      const double v = std::fabs(static_cast<double>(row[j])) <= 1e-14 ? 0.0 : static_cast<double>(row[j]);
      std::fprintf(stream, "\t% 12.8f", v);
    }
    std::fputc('\n', stream);
  };
  if (m == 1) {
    const std::string label = std::string(name) + ":";
    std::fprintf(stream, "%s  %-10s", indent.c_str(), label.c_str());
    print_values(a);
    return;
  }
  std::fprintf(stream, "%s  %s:\n", indent.c_str(), name);
  for (CeedInt i = 0; i < m; i++) {
    std::fprintf(stream, "%s    [%" CeedInt_FMT "]", indent.c_str(), i);
    print_values(a + static_cast<size_t>(i) * n);
  }
}

}  // namespace

int CeedBasisView(CeedBasis basis, FILE *stream) {
  const char *func = __func__;
  CeedCall(ceed::BasisCheckHandle(func, basis));
  Ceed ceed = basis->header.ceed;
  CEED_API_TRY
  if (!stream) return CEED_BASIS_ERROR(ceed, CEED_ERROR_INCOMPATIBLE, "Cannot view CeedBasis: stream is NULL");
  const std::string T = ceed::Indent(basis->header.num_view_tabs);
  const bool        tensor = basis->is_tensor;
  std::fprintf(stream, "%sCeedBasis in a %s on a %s element\n", T.c_str(), CeedFESpaces[basis->fe_space], CeedElemTopologies[basis->topo]);
  std::fprintf(stream, "%s  P: %" CeedInt_FMT "\n", T.c_str(), tensor ? basis->P_1d : basis->P);
  std::fprintf(stream, "%s  Q: %" CeedInt_FMT "\n", T.c_str(), tensor ? basis->Q_1d : basis->Q);
  std::fprintf(stream, "%s  dimension: %" CeedInt_FMT "\n", T.c_str(), basis->dim);
  std::fprintf(stream, "%s  field components: %" CeedInt_FMT "\n", T.c_str(), basis->num_comp);
  if (tensor) {
    PrintMatrix(stream, T, "qref1d", 1, basis->Q_1d, basis->q_ref_1d.data());
    PrintMatrix(stream, T, "qweight1d", 1, basis->Q_1d, basis->q_weight_1d.data());
    PrintMatrix(stream, T, "interp1d", basis->Q_1d, basis->P_1d, basis->interp_1d.data());
    PrintMatrix(stream, T, "grad1d", basis->Q_1d, basis->P_1d, basis->grad_1d.data());
    return CEED_ERROR_SUCCESS;
  }
  const CeedInt Q = basis->Q, P = basis->P, dim = basis->dim;
  PrintMatrix(stream, T, "qref", 1, Q * dim, basis->q_ref.data());
  PrintMatrix(stream, T, "qweight", 1, Q, basis->q_weight.data());
  PrintMatrix(stream, T, "interp", ceed::BasisQComp(basis, CEED_EVAL_INTERP) * Q, P, basis->interp.data());
  if (!basis->grad.empty()) PrintMatrix(stream, T, "grad", dim * Q, P, basis->grad.data());
  if (!basis->div.empty()) PrintMatrix(stream, T, "div", Q, P, basis->div.data());
  if (!basis->curl.empty()) PrintMatrix(stream, T, "curl", ceed::BasisCurlComponents(dim) * Q, P, basis->curl.data());
  return CEED_ERROR_SUCCESS;
  CEED_API_CATCH(ceed)
}
