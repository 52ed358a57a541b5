// Binding an application's vectors and QFunction context to a fused kernel's arguments, shared by every gen
// backend (they differ only in the memory space the kernel reads).
#include "ceed-gen.hpp"

namespace ceed::gen {

int KernelArgsBinding::Bind(CeedOperator op, const OperatorDesc &desc, CeedVector in, CeedVector out, CeedMemType mem_type,
                            CeedGenArgs *args) {
  // Each distinct vector is accessed once: read-write if any output field writes it.
  auto slot = [&](const FieldDesc &f, bool is_input) -> int {
    if (f.eval_mode == CEED_EVAL_WEIGHT || f.host_interleaved) return -1;
    const CeedVector v = f.vec == CEED_VECTOR_ACTIVE ? (is_input ? in : out) : f.vec;
    for (size_t k = 0; k < access_.size(); k++) {
      if (access_[k].vec == v) {
        access_[k].write = access_[k].write || !is_input;
        return access_[k].storage == f.storage ? (int)k : -2;
      }
    }
    access_.push_back({v, f.storage, !is_input, nullptr, nullptr});
    return (int)access_.size() - 1;
  };
  std::vector<int> in_slot(desc.inputs.size()), out_slot(desc.outputs.size());
  for (size_t i = 0; i < in_slot.size(); i++) in_slot[i] = slot(desc.inputs[i], true);
  for (size_t i = 0; i < out_slot.size(); i++) out_slot[i] = slot(desc.outputs[i], false);
  for (const auto *slots : {&in_slot, &out_slot}) {
    for (int s : *slots) {
      CeedCheck(s != -2, CeedOperatorReturnCeed(op), CEED_ERROR_UNSUPPORTED,
                "A CeedVector given to two fields of this CeedOperator is read in two precisions by its fused kernel; give the fields vectors "
                "of the same preferred precision");
    }
  }

  for (VectorAccess &a : access_) {
    if (a.write) CeedCall(CeedVectorGetArrayTyped(a.vec, mem_type, a.storage, &a.write_array));
    else CeedCall(CeedVectorGetArrayReadTyped(a.vec, mem_type, a.storage, &a.read_array));
  }
  CeedCall(CeedOperatorGetQFunction(op, &qf_));
  CeedCall(CeedQFunctionGetContextData(qf_, mem_type, &args->qf_context));
  args_ = args;
  for (size_t i = 0; i < in_slot.size(); i++) {
    const VectorAccess *a     = in_slot[i] < 0 ? nullptr : &access_[in_slot[i]];
    args->input_vectors[i] = static_cast<const CeedScalar *>(a ? (a->write ? a->write_array : a->read_array) : nullptr);
  }
  for (size_t i = 0; i < out_slot.size(); i++) args->output_vectors[i] = static_cast<CeedScalar *>(access_[out_slot[i]].write_array);
  return CEED_ERROR_SUCCESS;
}

int KernelArgsBinding::Release(int ierr) {
  if (args_) {
    const int e = CeedQFunctionRestoreContextData(qf_, &args_->qf_context);
    if (!ierr) ierr = e;
    args_ = nullptr;
  }
  for (VectorAccess &a : access_) {
    int e = CEED_ERROR_SUCCESS;
    if (a.write_array) e = CeedVectorRestoreArrayTyped(a.vec, &a.write_array);
    if (a.read_array) e = CeedVectorRestoreArrayReadTyped(a.vec, &a.read_array);
    if (!ierr) ierr = e;
  }
  access_.clear();
  return ierr;
}

int SetFieldPrecisions(CeedOperatorPrecision precision, OperatorDesc *desc) {
  const bool fp32_vectors = precision == CEED_PRECISION_FP32 || precision == CEED_PRECISION_LOW_HIGH;
  desc->compute           = precision == CEED_PRECISION_FP32 || precision == CEED_PRECISION_HIGH_LOW ? CEED_SCALAR_FP32 : CEED_SCALAR_FP64;
  for (auto *fields : {&desc->inputs, &desc->outputs}) {
    for (FieldDesc &f : *fields) {
      if (f.vec == CEED_VECTOR_ACTIVE) f.storage = fp32_vectors ? CEED_SCALAR_FP32 : CEED_SCALAR_FP64;
      else if (f.vec && f.vec != CEED_VECTOR_NONE) CeedCall(CeedVectorGetPreferredScalarType(f.vec, &f.storage));
    }
  }
  return CEED_ERROR_SUCCESS;
}

void ReadPassiveInputsInComputePrecision(OperatorDesc *desc) {
  if (desc->compute != CEED_SCALAR_FP32) return;
  for (FieldDesc &f : desc->inputs) {
    if (f.vec == CEED_VECTOR_ACTIVE || f.vec == CEED_VECTOR_NONE || !f.vec || f.host_interleaved) continue;
    bool written = false;
    for (const FieldDesc &o : desc->outputs) written |= o.vec == f.vec;
    if (!written) f.storage = CEED_SCALAR_FP32;
  }
}

int ContextKeepsLayoutInFp32(CeedOperator op, bool *keeps, std::string *why) {
  CeedQFunction        qf  = nullptr;
  CeedQFunctionContext ctx = nullptr;
  CeedCallBackend(CeedOperatorGetQFunction(op, &qf));
  CeedCallBackend(CeedQFunctionGetContext(qf, &ctx));
  size_t size = 0;
  if (ctx) CeedCallBackend(CeedQFunctionContextGetContextSize(ctx, &size));
  *keeps = true;
  if (size == 0) return CEED_ERROR_SUCCESS;
  const CeedContextFieldLabel *labels     = nullptr;
  CeedInt                      num_labels = 0;
  CeedCallBackend(CeedQFunctionContextGetAllFieldLabels(ctx, &labels, &num_labels));
  std::vector<bool> covered(size, false);
  for (CeedInt i = 0; i < num_labels; i++) {
    const char          *name = nullptr, *description = nullptr;
    size_t               offset = 0, num_values = 0;
    CeedContextFieldType type = CEED_CONTEXT_FIELD_DOUBLE;
    CeedCallBackend(CeedContextFieldLabelGetDescription(labels[i], &name, &offset, &num_values, &description, &type));
    if (type == CEED_CONTEXT_FIELD_DOUBLE) continue;
    const size_t bytes = num_values * (type == CEED_CONTEXT_FIELD_INT32 ? sizeof(int32_t) : sizeof(bool));
    for (size_t b = offset; b < offset + bytes && b < size; b++) covered[b] = true;
  }
  for (size_t b = 0; b < size && *keeps; b++) *keeps = covered[b];
  if (!*keeps) {
    *why = "its QFunction context (" + std::to_string(size) +
           " bytes) is not made only of registered int32/boolean fields, and a context struct with CeedScalar members would be read with "
           "float layout by a kernel computing in fp32";
  }
  return CEED_ERROR_SUCCESS;
}

}  // namespace ceed::gen
