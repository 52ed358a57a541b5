// CeedOperator assembly: element matrices computed by the backend's element assembly kernels
// (BackendElementAssembler, see operator-assembly.hpp). The core prepares the kernel arguments once per
// assembly call: the stacked basis matrices and the orientation transforms of every active restriction
// are uploaded as CeedVectors of the operator's backend, and the assembled QFunction is read where it lives.
#include <ceed/jit-source/assembly/ceed-element-assembly.h>

#include <cmath>

#include "core/ceed-impl.hpp"
#include "operator/assembly/operator-assembly.hpp"

namespace ceed {

bool BackendElementAssembler::Available(CeedOperator op, const OperatorAssemblyData &data) {
  if (!op->header.ceed->ops.AssembleElements || data.is_at_points) return false;
  for (const auto *side : {&data.in, &data.out})
    for (const AssemblyRstr &g : *side)
      if (g.num_modes > CEED_ELEMENT_ASSEMBLY_MAX_MODES) return false;
  return true;
}

// Column-wise orientation transform of a restriction ([e][n][3], see CeedElementAssemblyArgs), or none
// when the restriction applies no orientation.
static int OrientationTransform(const AssemblyRstr &g, CeedInt num_elem, std::vector<CeedScalar> &T) {
  T.clear();
  if (!g.use_orients) return CEED_ERROR_SUCCESS;
  const CeedInt  P = g.elem_size;
  const CeedSize n = static_cast<CeedSize>(num_elem) * P;
  if (g.type == CEED_RESTRICTION_ORIENTED && g.use_signs) {
    const bool *orients = nullptr;
    CeedCall(CeedElemRestrictionGetOrientations(g.rstr, CEED_MEM_HOST, &orients));
    T.assign(3 * n, 0.0);
    for (CeedSize k = 0; k < n; k++) T[3 * k + 1] = orients[k] ? -1.0 : 1.0;
    return CeedElemRestrictionRestoreOrientations(g.rstr, &orients);
  }
  if (g.type != CEED_RESTRICTION_CURL_ORIENTED) return CEED_ERROR_SUCCESS;
  // Row i of the curl orientations is [T(i, i-1), T(i, i), T(i, i+1)]; column n needs T(n-1, n), T(n, n), T(n+1, n).
  const CeedInt8 *rows = nullptr;
  CeedCall(CeedElemRestrictionGetCurlOrientations(g.rstr, CEED_MEM_HOST, &rows));
  auto value = [&](CeedSize k) { return g.use_signs ? static_cast<CeedScalar>(rows[k]) : std::fabs(static_cast<CeedScalar>(rows[k])); };
  T.assign(3 * n, 0.0);
  for (CeedInt e = 0; e < num_elem; e++) {
    const CeedSize row0 = static_cast<CeedSize>(e) * 3 * P;
    CeedScalar    *col  = T.data() + static_cast<CeedSize>(e) * 3 * P;
    for (CeedInt c = 0; c < P; c++) {
      if (c > 0) col[3 * c + 0] = value(row0 + 3 * (c - 1) + 2);
      col[3 * c + 1] = value(row0 + 3 * c + 1);
      if (c < P - 1) col[3 * c + 2] = value(row0 + 3 * (c + 1));
    }
  }
  return CeedElemRestrictionRestoreCurlOrientations(g.rstr, &rows);
}

// A backend vector holding a copy of host values, read in the assembler's memory type.
static int UploadArray(Ceed ceed, const std::vector<CeedScalar> &host, CeedMemType mem_type, OwnedVector &vec, VectorRead &read,
                       const CeedScalar **data) {
  CeedCall(CeedVectorCreate(ceed, static_cast<CeedSize>(host.size()), vec.out()));
  CeedCall(CeedVectorSetArray(vec, CEED_MEM_HOST, CEED_COPY_VALUES, const_cast<CeedScalar *>(host.data())));
  CeedCall(read.Get(vec, mem_type));
  *data = read.data();
  return CEED_ERROR_SUCCESS;
}

int BackendElementAssembler::Upload(const AssemblyRstr &g, GroupArrays &arrays) {
  Ceed ceed = op_->header.ceed;
  CeedCall(UploadArray(ceed, g.B, mem_type_, arrays.B, arrays.B_read, &arrays.b));
  std::vector<CeedScalar> T;
  CeedCall(OrientationTransform(g, data_->num_elem, T));
  if (!T.empty()) CeedCall(UploadArray(ceed, T, mem_type_, arrays.T, arrays.T_read, &arrays.t));
  return CEED_ERROR_SUCCESS;
}

int BackendElementAssembler::Init(CeedOperator op, CeedRequest *request, const char *func) {
  op_ = op;
  CeedCall(OperatorGetAssemblyData(op, &data_, func));
  CeedCall(CeedGetPreferredMemType(op->header.ceed, &mem_type_));
  CeedVector          qf_vec  = nullptr;
  CeedElemRestriction qf_rstr = nullptr;
  CeedCall(OperatorQFAssemblyGet(op, &qf_vec, &qf_rstr, request, func));
  CeedCall(qf_read_.Get(qf_vec, mem_type_));
  in_.reset(new GroupArrays[data_->in.size()]);
  out_.reset(new GroupArrays[data_->out.size()]);
  for (size_t g = 0; g < data_->in.size(); g++) CeedCall(Upload(data_->in[g], in_[g]));
  for (size_t g = 0; g < data_->out.size(); g++) CeedCall(Upload(data_->out[g], out_[g]));
  return CEED_ERROR_SUCCESS;
}

int BackendElementAssembler::Run(int kind, CeedInt gi, CeedInt go, CeedScalar *values, const CeedInt *e_layout, CeedSize values_offset) const {
  const AssemblyRstr     &in = data_->in[gi], &out = data_->out[go];
  CeedElementAssemblyArgs args{};
  args.kind          = kind;
  args.num_elem      = data_->num_elem;
  args.num_points    = data_->num_qpts;
  args.num_in        = data_->num_in;
  args.num_out       = data_->num_out;
  args.num_comp_in   = in.num_comp;
  args.num_comp_out  = out.num_comp;
  args.elem_size_in  = in.elem_size;
  args.elem_size_out = out.elem_size;
  args.num_modes_in  = in.num_modes;
  args.num_modes_out = out.num_modes;
  for (CeedInt m = 0; m < in.num_modes; m++) args.mode_unknown_in[m] = in.mode_unknown[m];
  for (CeedInt m = 0; m < out.num_modes; m++) args.mode_unknown_out[m] = out.mode_unknown[m];
  args.D     = qf_read_.data();
  args.B_in  = in_[gi].b;
  args.B_out = out_[go].b;
  args.T_in  = in_[gi].t;
  args.T_out = out_[go].t;
  args.values = values;
  if (e_layout) args.s_node = e_layout[0], args.s_comp = e_layout[1], args.s_elem = e_layout[2];
  args.values_offset = values_offset;
  Ceed ceed          = op_->header.ceed;
  return ceed->ops.AssembleElements(ceed, &args);
}

}  // namespace ceed
