// GPU backends: operators applied factor by factor on the device, out += E^T B^T D B E in.
//
// Set up on the first application: per field an E-vector ([elem][comp][node], the restriction's
// E-layout) and a Q-vector ([elem][q_comp*comp][point]) in device memory; quadrature weights are
// computed once. Each application restricts the inputs, interpolates them to the quadrature points,
// runs the QFunction kernel over all points of all elements at once (blocks of num_qpts points, one
// block per element), applies the transposed bases and sums the output E-vectors into the L-vectors
// (atomics, or the deterministic transpose map on /gpu/<vendor>/ref/det). EVAL_NONE fields hand the
// E-vector to the QFunction directly.
#include <new>
#include <vector>

#include "ceed-gpu.hpp"

namespace ceed::gpu {
namespace {

struct Field {
  CeedEvalMode        eval_mode = CEED_EVAL_NONE;
  CeedInt             size = 0, num_comp = 1, num_nodes = 0;  // QFunction field size; basis components and nodes
  CeedElemRestriction rstr  = nullptr;  // references (sentinels allowed)
  CeedBasis           basis = nullptr;
  CeedVector          vec   = nullptr;
  CeedVector          e_vec = nullptr;  // owned: E-vector of the field's restriction
  CeedVector          q_vec = nullptr;  // owned: Q-vector (NULL for EVAL_NONE, which uses e_vec)
  CeedVector          fp32_values = nullptr;  // owned: a passive input preferring fp32, its fp32 values alone
};

struct OperatorGpu {
  CeedInt            num_elem = 0, num_qpts = 0;
  std::vector<Field> inputs, outputs;
};

int FieldDestroy(Field &f) {
  CeedCall(CeedVectorDestroy(&f.fp32_values));
  CeedCall(CeedVectorDestroy(&f.q_vec));
  CeedCall(CeedVectorDestroy(&f.e_vec));
  CeedCall(CeedVectorDestroy(&f.vec));
  CeedCall(CeedBasisDestroy(&f.basis));
  CeedCall(CeedElemRestrictionDestroy(&f.rstr));
  return CEED_ERROR_SUCCESS;
}

int DataDestroy(OperatorGpu *d) {
  if (!d) return CEED_ERROR_SUCCESS;
  int ierr = CEED_ERROR_SUCCESS;
  for (auto *fields : {&d->inputs, &d->outputs}) {
    for (Field &f : *fields) {
      int e = FieldDestroy(f);
      if (!ierr) ierr = e;
    }
  }
  delete d;
  return ierr;
}

// Strides of E-vectors ([elem][comp][node]) and Q-vectors ([elem][q_comp*comp][point]) of a field.
void Strides(const Field &f, CeedInt num_qpts, CeedSize node_strides[3], CeedSize point_strides[3]) {
  node_strides[0]  = static_cast<CeedSize>(f.num_comp) * f.num_nodes;
  node_strides[1]  = f.num_nodes;
  node_strides[2]  = 1;
  point_strides[0] = static_cast<CeedSize>(f.size) * num_qpts;
  point_strides[1] = num_qpts;
  point_strides[2] = 1;
}

int FieldSetup(Ceed ceed, const OperatorGpu &d, CeedOperatorField op_field, CeedQFunctionField qf_field, Field &f) {
  CeedCallBackend(CeedOperatorFieldGetData(op_field, nullptr, &f.rstr, &f.basis, &f.vec));
  CeedCallBackend(CeedOperatorFieldGetEvalMode(op_field, &f.eval_mode));
  CeedCallBackend(CeedQFunctionFieldGetSize(qf_field, &f.size));
  if (f.rstr != CEED_ELEMRESTRICTION_NONE) {
    CeedInt elem_size = 0, num_comp = 0, layout[3];
    CeedCallBackend(CeedElemRestrictionGetElementSize(f.rstr, &elem_size));
    CeedCallBackend(CeedElemRestrictionGetNumComponents(f.rstr, &num_comp));
    CeedCallBackend(CeedElemRestrictionGetELayout(f.rstr, layout));
    CeedCheck(layout[0] == 1 && layout[1] == elem_size && layout[2] == elem_size * num_comp, ceed, CEED_ERROR_BACKEND,
              "CeedOperator on a GPU backend needs E-vectors laid out [elem][comp][node] (E-layout {1, %d, %d}), the field's restriction has "
              "{%d, %d, %d}",
              elem_size, elem_size * num_comp, layout[0], layout[1], layout[2]);
    CeedCallBackend(CeedElemRestrictionCreateVector(f.rstr, nullptr, &f.e_vec));
    f.num_comp  = num_comp;
    f.num_nodes = elem_size;
  }
  if (f.eval_mode == CEED_EVAL_NONE) return CEED_ERROR_SUCCESS;
  if (f.basis != CEED_BASIS_NONE) {
    CeedCallBackend(CeedBasisGetNumComponents(f.basis, &f.num_comp));
    CeedCallBackend(CeedBasisGetNumNodes(f.basis, &f.num_nodes));
  }
  CeedCallBackend(CeedVectorCreate(ceed, static_cast<CeedSize>(d.num_elem) * d.num_qpts * f.size, &f.q_vec));
  if (f.eval_mode != CEED_EVAL_WEIGHT) return CEED_ERROR_SUCCESS;
  // Quadrature weights do not change between applications.
  CeedSize    node_strides[3], point_strides[3];
  CeedScalar *w = nullptr;
  Strides(f, d.num_qpts, node_strides, point_strides);
  CeedCallBackend(CeedVectorGetArrayWrite(f.q_vec, CEED_MEM_DEVICE, &w));
  const int ierr = BasisApplyDevice(f.basis, d.num_elem, CEED_NOTRANSPOSE, CEED_EVAL_WEIGHT, node_strides, point_strides, nullptr, w, false);
  CeedCallBackend(CeedVectorRestoreArray(f.q_vec, &w));
  return ierr;
}

int Setup(CeedOperator op, OperatorGpu *&data) {
  CeedCallBackend(CeedOperatorGetData(op, &data));
  bool done = false;
  CeedCallBackend(CeedOperatorIsSetupDone(op, &done));
  if (done) return CEED_ERROR_SUCCESS;
  Ceed ceed = CeedOperatorReturnCeed(op);  // operators at points are applied by the core's default
  auto *d = new (std::nothrow) OperatorGpu();
  CeedCheck(d, ceed, CEED_ERROR_MAJOR, "Out of memory setting up a CeedOperator");
  CeedInt            num_in = 0, num_out = 0, qf_num_in = 0, qf_num_out = 0;
  CeedOperatorField *op_in = nullptr, *op_out = nullptr;
  CeedQFunctionField *qf_in = nullptr, *qf_out = nullptr;
  CeedQFunction       qf = nullptr;
  int                 ierr = CeedOperatorGetFields(op, &num_in, &op_in, &num_out, &op_out);
  if (!ierr) ierr = CeedOperatorGetQFunction(op, &qf);
  if (!ierr) ierr = CeedQFunctionGetFields(qf, &qf_num_in, &qf_in, &qf_num_out, &qf_out);
  if (!ierr) ierr = CeedOperatorGetNumElements(op, &d->num_elem);
  if (!ierr) ierr = CeedOperatorGetNumQuadraturePoints(op, &d->num_qpts);
  if (!ierr) {
    try {
      d->inputs.resize(num_in);
      d->outputs.resize(num_out);
    } catch (...) {
      ierr = CeedError(ceed, CEED_ERROR_MAJOR, "Out of memory setting up a CeedOperator");
    }
  }
  for (CeedInt i = 0; i < num_in && !ierr; i++) ierr = FieldSetup(ceed, *d, op_in[i], qf_in[i], d->inputs[i]);
  for (CeedInt i = 0; i < num_out && !ierr; i++) ierr = FieldSetup(ceed, *d, op_out[i], qf_out[i], d->outputs[i]);
  if (ierr) {
    DataDestroy(d);
    return ierr > 0 ? CEED_ERROR_BACKEND : ierr;
  }
  data = d;
  CeedCallBackend(CeedOperatorSetData(op, d));
  return CeedOperatorSetSetupDone(op);
}

inline CeedVector LVector(const Field &f, CeedVector active) { return f.vec == CEED_VECTOR_ACTIVE ? active : f.vec; }

// The L-vector E reads for input f: passive inputs in their preferred precision (docs/multiprecision.md). For one
// preferring fp32, its device fp32 copy goes alone into fp32_values, which the fp64 restriction reads converted
// exactly (its fp64 copy, where valid, may hold other values).
int InputLVector(Ceed ceed, Field &f, CeedVector active, CeedVector *l_vec) {
  *l_vec = LVector(f, active);
  if (f.vec == CEED_VECTOR_ACTIVE || f.vec == CEED_VECTOR_NONE) return CEED_ERROR_SUCCESS;
  CeedScalarType preferred = CEED_SCALAR_FP64;
  CeedCallBackend(CeedVectorGetPreferredScalarType(f.vec, &preferred));
  if (preferred == CEED_SCALAR_FP64) return CEED_ERROR_SUCCESS;
  if (!f.fp32_values) {
    CeedSize length = 0;
    CeedCallBackend(CeedVectorGetLength(f.vec, &length));
    CeedCallBackend(CeedVectorCreate(ceed, length, &f.fp32_values));
  }
  const void *device_fp32 = nullptr;
  CeedCallBackend(CeedVectorGetArrayReadTyped(f.vec, CEED_MEM_DEVICE, CEED_SCALAR_FP32, &device_fp32));
  int ierr = CeedVectorSetArrayTyped(f.fp32_values, CEED_MEM_DEVICE, CEED_SCALAR_FP32, CEED_COPY_VALUES, const_cast<void *>(device_fp32));
  const int ierr_restore = CeedVectorRestoreArrayReadTyped(f.vec, &device_fp32);
  CeedCallBackend(ierr ? ierr : ierr_restore);
  *l_vec = f.fp32_values;
  return CEED_ERROR_SUCCESS;
}

// Device arrays of the QFunction's arguments, released in all cases.
struct QFunctionArrays {
  OperatorGpu     &d;
  const CeedScalar *in[CEED_FIELD_MAX]  = {nullptr};
  CeedScalar       *out[CEED_FIELD_MAX] = {nullptr};
  bool              in_taken[CEED_FIELD_MAX] = {false}, out_taken[CEED_FIELD_MAX] = {false};

  static CeedVector QData(const Field &f) { return f.q_vec ? f.q_vec : f.e_vec; }
  int Acquire() {
    for (size_t i = 0; i < d.inputs.size(); i++) {
      CeedCallBackend(CeedVectorGetArrayRead(QData(d.inputs[i]), CEED_MEM_DEVICE, &in[i]));
      in_taken[i] = true;
    }
    for (size_t i = 0; i < d.outputs.size(); i++) {
      CeedCallBackend(CeedVectorGetArrayWrite(QData(d.outputs[i]), CEED_MEM_DEVICE, &out[i]));
      out_taken[i] = true;
    }
    return CEED_ERROR_SUCCESS;
  }
  int Release() {
    int ierr = CEED_ERROR_SUCCESS;
    for (size_t i = 0; i < d.inputs.size(); i++) {
      if (!in_taken[i]) continue;
      in_taken[i] = false;
      int e       = CeedVectorRestoreArrayRead(QData(d.inputs[i]), &in[i]);
      if (!ierr) ierr = e;
    }
    for (size_t i = 0; i < d.outputs.size(); i++) {
      if (!out_taken[i]) continue;
      out_taken[i] = false;
      int e        = CeedVectorRestoreArray(QData(d.outputs[i]), &out[i]);
      if (!ierr) ierr = e;
    }
    return ierr;
  }
  ~QFunctionArrays() { Release(); }
};

// Applies a field's basis between its E- and Q-vectors (NOTRANSPOSE: E -> Q, TRANSPOSE: Q -> E).
int FieldBasis(const OperatorGpu &d, const Field &f, CeedTransposeMode t_mode) {
  CeedSize node_strides[3], point_strides[3];
  Strides(f, d.num_qpts, node_strides, point_strides);
  const bool        transpose = t_mode == CEED_TRANSPOSE;
  CeedVector        src_vec = transpose ? f.q_vec : f.e_vec, dst_vec = transpose ? f.e_vec : f.q_vec;
  const CeedScalar *src = nullptr;
  CeedScalar       *dst = nullptr;
  CeedCallBackend(CeedVectorGetArrayRead(src_vec, CEED_MEM_DEVICE, &src));
  int ierr = CeedVectorGetArrayWrite(dst_vec, CEED_MEM_DEVICE, &dst);
  if (!ierr) {
    ierr = BasisApplyDevice(f.basis, d.num_elem, t_mode, f.eval_mode, node_strides, point_strides, src, dst, false);
    const int e = CeedVectorRestoreArray(dst_vec, &dst);
    if (!ierr) ierr = e;
  }
  const int e = CeedVectorRestoreArrayRead(src_vec, &src);
  CeedCall(ierr);
  return e;
}

int ApplyAdd(CeedOperator op, CeedVector in, CeedVector out, CeedRequest *) {
  OperatorGpu *d = nullptr;
  CeedCall(Setup(op, d));
  if (d->num_elem == 0) return CEED_ERROR_SUCCESS;
  CeedQFunction qf = nullptr;
  CeedCallBackend(CeedOperatorGetQFunction(op, &qf));
  // E and B for the inputs.
  for (Field &f : d->inputs) {
    if (f.e_vec) {
      CeedVector l_vec = nullptr;
      CeedCall(InputLVector(CeedOperatorReturnCeed(op), f, in, &l_vec));
      CeedCallBackend(CeedElemRestrictionApply(f.rstr, CEED_NOTRANSPOSE, l_vec, f.e_vec, CEED_REQUEST_IMMEDIATE));
    }
    if (f.eval_mode != CEED_EVAL_NONE && f.eval_mode != CEED_EVAL_WEIGHT) CeedCall(FieldBasis(*d, f, CEED_NOTRANSPOSE));
  }
  // D at every quadrature point of every element.
  {
    QFunctionArrays arrays{*d};
    CeedCall(arrays.Acquire());
    CeedCall(QFunctionApplyDevice(qf, static_cast<CeedSize>(d->num_elem) * d->num_qpts, d->num_qpts, arrays.in, arrays.out, false));
    CeedCallBackend(arrays.Release());
  }
  // B^T and E^T for the outputs.
  for (Field &f : d->outputs) {
    if (f.eval_mode != CEED_EVAL_NONE) CeedCall(FieldBasis(*d, f, CEED_TRANSPOSE));
    CeedCallBackend(CeedElemRestrictionApply(f.rstr, CEED_TRANSPOSE, f.e_vec, LVector(f, out), CEED_REQUEST_IMMEDIATE));
  }
  return CEED_ERROR_SUCCESS;
}

int Destroy(CeedOperator op) {
  OperatorGpu *d = nullptr;
  CeedCallBackend(CeedOperatorGetData(op, &d));
  CeedCallBackend(DataDestroy(d));
  return CeedOperatorSetData(op, nullptr);
}

}  // namespace

int OperatorCreate(CeedOperator op) {
  CeedOperatorBackendOps ops{};
  ops.size     = sizeof(ops);
  ops.ApplyAdd = ApplyAdd;
  ops.Destroy  = Destroy;
  return CeedOperatorSetBackendOps(op, &ops);
}

}  // namespace ceed::gpu
