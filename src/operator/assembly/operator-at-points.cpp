// CeedOperator: default application of operators at points, out += E^T B^T D B E in with B evaluated at
// each element's points (spec 06 §5), for backends without CeedOperatorBackendOps::ApplyAddAtPoints.
//
// On the host, every element at once when possible (operator-at-points-host.cpp); otherwise
// element by element through the public API, in the backend's preferred memory: fields with a
// restriction to element nodes are restricted once for all elements into an E-vector and each element's
// slice is borrowed (CEED_USE_POINTER) by a wrapper vector for CeedBasisApplyAtPoints at the element's
// reference coordinates; fields with a restriction at points are restricted element by element; the
// QFunction runs on the element's points. Output slices are summed into the L-vectors with E^T once.
#include <algorithm>

#include "operator/assembly/operator-assembly.hpp"

namespace ceed {

struct AtPointsField {
  CeedOperatorField field     = nullptr;  // borrowed from the operator
  bool              is_points = false;    // restriction at points: restricted element by element
  OwnedVector       e_vec;                // restriction to element nodes: E-vector of every element
  CeedSize          e_stride = 0;         // entries of one element in e_vec
  OwnedVector       e_wrap;               // borrows one element's slice of e_vec
  OwnedVector       q_vec;                // the field's values at the points of one element
};

struct AtPointsApplyData {
  CeedMemType                mem_type   = CEED_MEM_HOST;
  CeedInt                    max_points = 0;
  OwnedVector                x_ref;  // reference coordinates of one element's points
  std::unique_ptr<AtPointsField[]> inputs, outputs;
  std::vector<CeedVector>    q_in, q_out;
};

namespace {

CeedVector LVector(const AtPointsField &f, CeedVector active) { return f.field->vec == CEED_VECTOR_ACTIVE ? active : f.field->vec; }

int SetupField(CeedOperator op, const AtPointsApplyData &d, CeedOperatorField field, AtPointsField &f) {
  Ceed ceed = op->header.ceed;
  f.field   = field;
  if (field->rstr != CEED_ELEMRESTRICTION_NONE) CeedCall(CeedElemRestrictionIsAtPoints(field->rstr, &f.is_points));
  if (field->eval_mode == CEED_EVAL_NONE && !f.is_points)
    return CeedError(ceed, CEED_ERROR_INCOMPATIBLE, "EVAL_NONE field '%s' of an operator at points needs a CeedElemRestriction at points",
                     field->name.c_str());
  if (field->rstr != CEED_ELEMRESTRICTION_NONE && !f.is_points) {
    CeedInt elem_size = 0, num_comp = 0;
    CeedCall(CeedElemRestrictionGetElementSize(field->rstr, &elem_size));
    CeedCall(CeedElemRestrictionGetNumComponents(field->rstr, &num_comp));
    // Element slices are borrowed as [comp][node] arrays: the E-vector must hold elements one after another.
    CeedInt layout[3];
    CeedCall(CeedElemRestrictionGetELayout(field->rstr, layout));
    if (layout[0] != 1 || layout[1] != elem_size || layout[2] != elem_size * num_comp)
      return CeedError(ceed, CEED_ERROR_BACKEND,
                       "Operator at points: field '%s' has E-vector layout {%d, %d, %d}; the default application needs {1, %d, %d} "
                       "([elem][comp][node])",
                       field->name.c_str(), layout[0], layout[1], layout[2], elem_size, elem_size * num_comp);
    f.e_stride = static_cast<CeedSize>(elem_size) * num_comp;
    CeedCall(CeedElemRestrictionCreateVector(field->rstr, nullptr, f.e_vec.out()));
    CeedCall(CeedVectorCreate(ceed, f.e_stride, f.e_wrap.out()));
  }
  CeedCall(CeedVectorCreate(ceed, static_cast<CeedSize>(field->size) * std::max<CeedInt>(d.max_points, 1), f.q_vec.out()));
  return CeedVectorSetValue(f.q_vec, field->eval_mode == CEED_EVAL_WEIGHT ? 1.0 : 0.0);
}

int Setup(CeedOperator op, std::shared_ptr<AtPointsApplyData> &data) {
  if (data) return CEED_ERROR_SUCCESS;
  Ceed ceed = op->header.ceed;
  auto d    = std::make_shared<AtPointsApplyData>();
  CeedCall(CeedGetPreferredMemType(ceed, &d->mem_type));
  CeedInt dim = 0;
  CeedCall(CeedElemRestrictionGetMaxPointsInElement(op->rstr_points, &d->max_points));
  CeedCall(CeedElemRestrictionGetNumComponents(op->rstr_points, &dim));
  CeedCall(CeedVectorCreate(ceed, static_cast<CeedSize>(dim) * std::max<CeedInt>(d->max_points, 1), d->x_ref.out()));
  const size_t num_in = op->input_fields.size(), num_out = op->output_fields.size();
  d->inputs.reset(new AtPointsField[num_in]);
  d->outputs.reset(new AtPointsField[num_out]);
  for (size_t i = 0; i < num_in; i++) {
    CeedCall(SetupField(op, *d, op->input_fields[i], d->inputs[i]));
    d->q_in.push_back(d->inputs[i].q_vec);
  }
  for (size_t i = 0; i < num_out; i++) {
    CeedCall(SetupField(op, *d, op->output_fields[i], d->outputs[i]));
    d->q_out.push_back(d->outputs[i].q_vec);
  }
  data = d;
  return CEED_ERROR_SUCCESS;
}

// Points the wrapper of f at element e's slice of its E-vector data.
int BorrowSlice(const AtPointsApplyData &d, AtPointsField &f, CeedScalar *e_data, CeedInt e) {
  return CeedVectorSetArray(f.e_wrap, d.mem_type, CEED_USE_POINTER, e_data + static_cast<CeedSize>(e) * f.e_stride);
}

int ApplyElements(CeedOperator op, AtPointsApplyData &d, CeedVector in, CeedVector out, const std::vector<CeedScalar *> &in_data,
                  const std::vector<CeedScalar *> &out_data) {
  const size_t num_in = op->input_fields.size(), num_out = op->output_fields.size();
  for (CeedInt e = 0; e < op->shape.num_elem; e++) {
    CeedInt n = 0;
    CeedCall(CeedElemRestrictionGetNumPointsInElement(op->rstr_points, e, &n));
    if (n == 0) {
      for (size_t i = 0; i < num_out; i++) {
        if (!out_data[i]) continue;
        CeedCall(BorrowSlice(d, d.outputs[i], out_data[i], e));
        CeedCall(CeedVectorSetValue(d.outputs[i].e_wrap, 0.0));
        CeedCall(CeedVectorSyncArray(d.outputs[i].e_wrap, d.mem_type));
      }
      continue;
    }
    CeedCall(CeedElemRestrictionApplyAtPointsInElement(op->rstr_points, e, CEED_NOTRANSPOSE, op->point_coords, d.x_ref, CEED_REQUEST_IMMEDIATE));
    for (size_t i = 0; i < num_in; i++) {
      AtPointsField &f = d.inputs[i];
      if (f.field->eval_mode == CEED_EVAL_WEIGHT) continue;
      if (f.is_points) {
        CeedCall(CeedElemRestrictionApplyAtPointsInElement(f.field->rstr, e, CEED_NOTRANSPOSE, LVector(f, in), f.q_vec, CEED_REQUEST_IMMEDIATE));
        continue;
      }
      CeedCall(BorrowSlice(d, f, in_data[i], e));
      CeedCall(CeedBasisApplyAtPoints(f.field->basis, 1, &n, CEED_NOTRANSPOSE, f.field->eval_mode, d.x_ref, f.e_wrap, f.q_vec));
    }
    CeedCall(CeedQFunctionApply(op->qf, n, d.q_in.data(), d.q_out.data()));
    for (size_t i = 0; i < num_out; i++) {
      AtPointsField &f = d.outputs[i];
      if (f.is_points) {
        CeedCall(CeedElemRestrictionApplyAtPointsInElement(f.field->rstr, e, CEED_TRANSPOSE, f.q_vec, LVector(f, out), CEED_REQUEST_IMMEDIATE));
        continue;
      }
      CeedCall(BorrowSlice(d, f, out_data[i], e));
      CeedCall(CeedBasisApplyAtPoints(f.field->basis, 1, &n, CEED_TRANSPOSE, f.field->eval_mode, d.x_ref, f.q_vec, f.e_wrap));
      // The basis may have written a host copy: the borrowed slice must hold the values before the next element.
      CeedCall(CeedVectorSyncArray(f.e_wrap, d.mem_type));
    }
  }
  return CEED_ERROR_SUCCESS;
}

}  // namespace

int OperatorApplyAddAtPointsDefault(CeedOperator op, CeedVector in, CeedVector out) {
  bool applied = false;
  CeedCall(OperatorApplyAddAtPointsOnHost(op, in, out, &applied));
  if (applied) return CEED_ERROR_SUCCESS;
  CeedCall(Setup(op, op->at_points_apply));
  AtPointsApplyData &d      = *op->at_points_apply;
  const size_t       num_in = op->input_fields.size(), num_out = op->output_fields.size();
  for (size_t i = 0; i < num_in; i++) {
    const AtPointsField &f = d.inputs[i];
    if (f.e_vec) CeedCall(CeedElemRestrictionApply(f.field->rstr, CEED_NOTRANSPOSE, LVector(f, in), f.e_vec, CEED_REQUEST_IMMEDIATE));
  }
  {
    std::vector<VectorRead>  in_read(num_in);
    std::vector<VectorWrite> out_write(num_out);
    std::vector<CeedScalar *> in_data(num_in, nullptr), out_data(num_out, nullptr);
    for (size_t i = 0; i < num_in; i++) {
      if (!d.inputs[i].e_vec) continue;
      CeedCall(in_read[i].Get(d.inputs[i].e_vec, d.mem_type));
      in_data[i] = const_cast<CeedScalar *>(in_read[i].data());  // only read, through the wrapper
    }
    for (size_t i = 0; i < num_out; i++) {
      if (!d.outputs[i].e_vec) continue;
      CeedCall(out_write[i].Get(d.outputs[i].e_vec, false, d.mem_type));
      out_data[i] = out_write[i].data();
    }
    CeedCall(ApplyElements(op, d, in, out, in_data, out_data));
  }
  for (size_t i = 0; i < num_out; i++) {
    const AtPointsField &f = d.outputs[i];
    if (f.e_vec) CeedCall(CeedElemRestrictionApply(f.field->rstr, CEED_TRANSPOSE, f.e_vec, LVector(f, out), CEED_REQUEST_IMMEDIATE));
  }
  return CEED_ERROR_SUCCESS;
}

}  // namespace ceed
