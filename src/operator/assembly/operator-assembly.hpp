// CeedOperator assembly: core-internal data and helpers shared by the assembly files (spec 06 §6-§8).
//
// Every assembly method has a default here in the core, written against the public and backend API
// only (restriction and basis application, basis matrices, restriction index data, QFunction
// application), so it works on any backend; a backend may override a method per operator through the
// optional members of CeedOperatorBackendOps. The building blocks:
//   - the assembled QFunction D (operator-assembly.cpp): for every element and point, the derivatives of
//     the active outputs with respect to the active inputs, found by applying the QFunction to unit
//     inputs; cached in the operator with build-or-update semantics;
//   - OperatorAssemblyData (operator-assembly-data.cpp): the active restrictions of each side, each with
//     the stacked basis matrices of the active fields that use it;
//   - ElementAssembler (operator-assembly-data.cpp): entries, diagonals and blocks of the element matrices
//     T_out^T B_out^T D_e B_in T_in, with T the orientation transform of the restrictions.
#pragma once

#include <array>
#include <memory>
#include <vector>

#include "operator/operator.hpp"

namespace ceed {

// Owns one reference to a ceed object handle and releases it on scope exit.
template <class T, int (*Destroy)(T *)>
class Owned {
 public:
  Owned() = default;
  Owned(const Owned &)            = delete;
  Owned &operator=(const Owned &) = delete;
  ~Owned() { Destroy(&handle_); }
  operator T() const { return handle_; }
  T   get() const { return handle_; }
  T  *out() { return &handle_; }  // for creation functions (the handle must be empty)
  T   release() {
    T h     = handle_;
    handle_ = nullptr;
    return h;
  }

 private:
  T handle_ = nullptr;
};
using OwnedVector    = Owned<CeedVector, CeedVectorDestroy>;
using OwnedRstr      = Owned<CeedElemRestriction, CeedElemRestrictionDestroy>;
using OwnedBasis     = Owned<CeedBasis, CeedBasisDestroy>;
using OwnedQFunction = Owned<CeedQFunction, CeedQFunctionDestroy>;
using OwnedOperator  = Owned<CeedOperator, CeedOperatorDestroy>;
using OwnedContext   = Owned<CeedQFunctionContext, CeedQFunctionContextDestroy>;

// Access to a vector's values in one memory type (host unless asked), restored on scope exit.
class VectorRead {
 public:
  VectorRead() = default;
  VectorRead(const VectorRead &)            = delete;
  VectorRead &operator=(const VectorRead &) = delete;
  ~VectorRead() { Restore(); }
  int Get(CeedVector vec, CeedMemType mem_type = CEED_MEM_HOST) {
    vec_ = vec;
    return CeedVectorGetArrayRead(vec, mem_type, &data_);
  }
  int Restore() { return data_ ? CeedVectorRestoreArrayRead(vec_, &data_) : CEED_ERROR_SUCCESS; }
  const CeedScalar *data() const { return data_; }

 private:
  CeedVector        vec_  = nullptr;
  const CeedScalar *data_ = nullptr;
};

class VectorWrite {
 public:
  VectorWrite() = default;
  VectorWrite(const VectorWrite &)            = delete;
  VectorWrite &operator=(const VectorWrite &) = delete;
  ~VectorWrite() { Restore(); }
  // keep: read-write access (values kept); otherwise write-only access (values undefined).
  int Get(CeedVector vec, bool keep, CeedMemType mem_type = CEED_MEM_HOST) {
    vec_ = vec;
    return keep ? CeedVectorGetArray(vec, mem_type, &data_) : CeedVectorGetArrayWrite(vec, mem_type, &data_);
  }
  int Restore() { return data_ ? CeedVectorRestoreArray(vec_, &data_) : CEED_ERROR_SUCCESS; }
  CeedScalar *data() const { return data_; }

 private:
  CeedVector  vec_  = nullptr;
  CeedScalar *data_ = nullptr;
};

struct ProbeOperator;  // operator-qfunction-probe.cpp

// The assembled QFunction of a single operator and its reuse state (06 §6). Shared by a fine operator
// and the coarse operators created from it (same QFunction and passive fields).
struct QFAssemblyData {
  bool                           reuse         = false;
  bool                           update_needed = true;
  CeedVector                     vec           = nullptr;
  CeedElemRestriction            rstr          = nullptr;
  std::shared_ptr<ProbeOperator> probe;  // built on the first assembly by probes
  ~QFAssemblyData() {
    CeedVectorDestroy(&vec);
    CeedElemRestrictionDestroy(&rstr);
  }
};

// Assembled QFunction of a single operator that is not at points, computed by applications of a probe
// operator on the operator's backend (operator-qfunction-probe.cpp); assembled has the layout of 06 §6.
int AssembleQFunctionWithProbes(CeedOperator op, CeedVector assembled);

// The operator's QFunction assembly data, created on first use (inline: every assembly file and the probes use it).
inline QFAssemblyData &OperatorQFAssembly(CeedOperator op) {
  if (!op->qf_assembly) op->qf_assembly = std::make_shared<QFAssemblyData>();
  return *op->qf_assembly;
}

// Assembled QFunction of a ready single operator, computed on first use and recomputed when the reuse
// flags ask for it. The handles are borrowed from the operator's cache.
int OperatorQFAssemblyGet(CeedOperator op, CeedVector *assembled, CeedElemRestriction *rstr, CeedRequest *request, const char *func);

// One active field, as seen by the element matrices.
struct AssemblyField {
  CeedBasis    basis         = nullptr;  // borrowed; CEED_BASIS_NONE for CEED_EVAL_NONE
  CeedEvalMode eval_mode     = CEED_EVAL_NONE;
  CeedInt      q_comp        = 1;  // quadrature components of the eval mode (1 for NONE)
  CeedInt      first_unknown = 0;  // index of the field's first value among the QFunction's active unknowns
  CeedInt      first_mode    = 0;  // first row block of the field in AssemblyRstr::B
};

// Basis matrices of a group that factor into 1D matrices (tensor H1 bases, INTERP and GRAD): mode m is
// the product over directions d of factors[m][d] ([Q_1d][P_1d]), direction 0 fastest in node and point
// numbering. Lets element diagonals be computed by sum factorization (operator-tensor-diagonal.cpp).
struct TensorModes {
  CeedInt                                      dim = 0, P_1d = 0, Q_1d = 0;  // dim 0: the group does not factor
  std::vector<std::array<const CeedScalar *, 3>> factors;                     // borrowed from the bases
};

// One distinct active restriction of one side (input or output) of a single operator, with every active
// field that uses it. Mode row m of the stacked basis matrix belongs to QFunction unknown
// mode_unknown[m] + c for component c.
struct AssemblyRstr {
  CeedElemRestriction rstr = nullptr;  // borrowed from the operator field
  CeedRestrictionType type = CEED_RESTRICTION_STANDARD;
  bool                use_signs = true, use_orients = true;
  CeedInt             num_comp = 1, elem_size = 0, comp_stride = 1;
  std::vector<AssemblyField> fields;
  CeedInt                    num_modes = 0;
  std::vector<CeedInt>       mode_unknown;
  std::vector<CeedScalar>    B;  // [num_modes][num_qpts][elem_size]; at points: per element (ElementAssembler)
  TensorModes                tensor;
};

// Fills g.tensor when every mode of g factors into 1D matrices that reproduce g.B (checked entry by entry).
int FactorTensorModes(AssemblyRstr &g, CeedInt num_qpts);
// sum[k] += sum_q D[q] B_out[mo](q, k) B_in[mi](q, k) for the nodes k of an element, by sum factorization;
// work holds at least TensorDiagonalWorkSize(in) values.
inline CeedSize TensorDiagonalWorkSize(const TensorModes &t) {
  CeedSize size = 1;
  for (CeedInt d = 0; d < t.dim; d++) size *= t.P_1d > t.Q_1d ? t.P_1d : t.Q_1d;
  return 2 * size + static_cast<CeedSize>(t.dim) * t.P_1d * t.Q_1d;
}
void AddTensorModeDiagonal(const TensorModes &out, CeedInt mo, const TensorModes &in, CeedInt mi, const CeedScalar *D, CeedScalar *work,
                           CeedScalar *sum);

struct OperatorAssemblyData {
  bool                      is_at_points = false;
  CeedInt                   num_elem = 0, num_qpts = 0, num_in = 0, num_out = 0;  // num_in/out: S_in, S_out of 06 §6
  std::vector<AssemblyRstr> in, out;
};

// Assembly data of a ready single operator (cached; the operator becomes immutable). func names the
// public function in error messages: operators without active fields, active restrictions at points or
// blocked, and bases whose matrices are unavailable are reported there.
int OperatorGetAssemblyData(CeedOperator op, const OperatorAssemblyData **data, const char *func);

// Element matrices of a single operator, one element at a time: Init, then SetElement(e) before asking
// for entries of element e. Group indices refer to OperatorAssemblyData::in/out.
class ElementAssembler {
 public:
  ElementAssembler() = default;
  ElementAssembler(const ElementAssembler &)            = delete;
  ElementAssembler &operator=(const ElementAssembler &) = delete;
  ~ElementAssembler();

  int Init(CeedOperator op, CeedRequest *request, const char *func);
  int SetElement(CeedInt e);
  const OperatorAssemblyData &data() const { return *data_; }

  // diag[n] (+)= (T_out^T B_out^T D_e B_in T_in)[(n, co), (n, ci)] for every node n of the element; the
  // two groups must use restrictions of the same element size.
  void AddNodeDiagonal(CeedInt gi, CeedInt go, CeedInt ci, CeedInt co, CeedScalar *diag) const;
  // block[a * P_in + b] = (T_out^T B_out^T D_e B_in T_in)[(a, co), (b, ci)].
  void Block(CeedInt gi, CeedInt go, CeedInt ci, CeedInt co, CeedScalar *block);

 private:
  // One nonzero T(i, n) of column n of an element's orientation transform.
  struct TEntry {
    CeedInt    row;
    CeedScalar value;
  };
  int         ColumnOfT(const AssemblyRstr &g, size_t group, CeedInt n, TEntry *col) const;  // returns the count
  const CeedScalar *BasisMatrix(bool is_input, CeedInt g) const;
  const CeedScalar *D(CeedInt r, CeedInt s) const { return d_e_ + (static_cast<CeedSize>(r) * data_->num_out + s) * num_pts_; }
  bool        DIsZero(CeedInt r, CeedInt s) const { return d_zero_[static_cast<size_t>(r) * data_->num_out + s]; }
  CeedScalar  RawEntry(CeedInt gi, CeedInt go, CeedInt ci, CeedInt co, CeedInt i, CeedInt j) const;
  int         EvaluateBasisAtPoints(bool is_input, CeedInt g);

  CeedOperator                op_   = nullptr;
  const OperatorAssemblyData *data_ = nullptr;
  CeedInt                     elem_ = -1, num_pts_ = 0;
  // Assembled QFunction.
  CeedVector        qf_vec_ = nullptr;  // borrowed from the operator's cache
  VectorRead          qf_read_;
  const CeedScalar *d_e_ = nullptr;
  std::vector<CeedScalar> d_scratch_;  // at points: element values gathered to [r * S_out + s][point]
  std::vector<char>       d_zero_;     // whether D(r, s) vanishes at every point of the element
  // Orientation data of each group (input groups first, then output groups).
  struct Orientation {
    CeedElemRestriction rstr         = nullptr;
    const bool         *orients      = nullptr;
    const CeedInt8     *curl_orients = nullptr;
  };
  std::vector<Orientation> orientations_;
  // Operators at points.
  const CeedInt          *point_offsets_ = nullptr;
  CeedElemRestriction     rstr_points_   = nullptr;
  CeedVector              point_coords_ = nullptr;
  OwnedVector             x_ref_, unit_, values_;
  std::vector<std::vector<CeedScalar>> b_in_, b_out_;  // per group, this element's matrices
  std::vector<CeedScalar>              work_;
  mutable std::vector<CeedScalar>      diag_scratch_;  // AddNodeDiagonal
};

// Element matrices computed by the backend (CeedBackendOps::AssembleElements) in its preferred memory,
// with the kernels of <ceed/jit-source/assembly/ceed-element-assembly.h>: the basis matrices, the
// orientation transforms and the assembled QFunction stay in that memory. For single operators that are
// not at points; the defaults use ElementAssembler on the host for the others.
class BackendElementAssembler {
 public:
  static bool Available(CeedOperator op, const OperatorAssemblyData &data);
  int         Init(CeedOperator op, CeedRequest *request, const char *func);
  CeedMemType mem_type() const { return mem_type_; }
  // Runs every item of kind for input group gi and output group go (same restriction for diagonals):
  // values in mem_type(), with the E-vector layout e_layout (diagonals) or from entry values_offset (MATRIX).
  int Run(int kind, CeedInt gi, CeedInt go, CeedScalar *values, const CeedInt *e_layout, CeedSize values_offset) const;

 private:
  struct GroupArrays {
    OwnedVector       B, T;  // T: NULL for the identity
    VectorRead        B_read, T_read;
    const CeedScalar *b = nullptr, *t = nullptr;
  };
  int Upload(const AssemblyRstr &g, GroupArrays &arrays);

  CeedOperator                   op_   = nullptr;
  const OperatorAssemblyData    *data_ = nullptr;
  CeedMemType                    mem_type_ = CEED_MEM_HOST;
  VectorRead                     qf_read_;
  std::unique_ptr<GroupArrays[]> in_, out_;
};

// Validates handle and operator for an assembly entry point: non-NULL, ready; marks it immutable.
int OperatorAssemblyCheck(CeedOperator op, const char *func);
// The same without freezing the operator: for functions that check their other arguments first and then call
// OperatorMarkImmutable, so that a refused call leaves the operator changeable.
int OperatorAssemblyCheckReady(CeedOperator op, const char *func);

// Gallery "Scale" QFunction: output = input * scale, num_comp values per point for each field, with the
// given eval modes of input and output (scale is CEED_EVAL_NONE). Used by multigrid transfers and FDM.
int CreateScaleQFunction(Ceed ceed, CeedInt num_comp, CeedEvalMode input_mode, CeedEvalMode output_mode, CeedQFunction *qf);

}  // namespace ceed
