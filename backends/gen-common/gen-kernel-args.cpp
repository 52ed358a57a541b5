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
        return (int)k;
      }
    }
    access_.push_back({v, !is_input, nullptr, nullptr});
    return (int)access_.size() - 1;
  };
  std::vector<int> in_slot(desc.inputs.size()), out_slot(desc.outputs.size());
  for (size_t i = 0; i < in_slot.size(); i++) in_slot[i] = slot(desc.inputs[i], true);
  for (size_t i = 0; i < out_slot.size(); i++) out_slot[i] = slot(desc.outputs[i], false);

  for (VectorAccess &a : access_) {
    if (a.write) CeedCall(CeedVectorGetArray(a.vec, mem_type, &a.write_array));
    else CeedCall(CeedVectorGetArrayRead(a.vec, mem_type, &a.read_array));
  }
  CeedCall(CeedOperatorGetQFunction(op, &qf_));
  CeedCall(CeedQFunctionGetContextData(qf_, mem_type, &args->qf_context));
  args_ = args;
  for (size_t i = 0; i < in_slot.size(); i++) {
    const VectorAccess *a     = in_slot[i] < 0 ? nullptr : &access_[in_slot[i]];
    args->input_vectors[i] = a ? (a->write ? a->write_array : a->read_array) : nullptr;
  }
  for (size_t i = 0; i < out_slot.size(); i++) args->output_vectors[i] = access_[out_slot[i]].write_array;
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
    if (a.write_array) e = CeedVectorRestoreArray(a.vec, &a.write_array);
    if (a.read_array) e = CeedVectorRestoreArrayRead(a.vec, &a.read_array);
    if (!ierr) ierr = e;
  }
  access_.clear();
  return ierr;
}

}  // namespace ceed::gen
