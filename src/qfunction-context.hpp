// CeedQFunctionContext and CeedContextFieldLabel: private structs and core-internal helpers.
//
// A context is a byte buffer with the same storage model as vectors (vector.hpp): one ceed::Buffer per
// memory space (bytes have no precision), each owned, borrowed or empty, with validity flags and the
// access-lock protocol of spec 00 §6 (errors with code CEED_ERROR_MINOR).
//
// Field labels: a context owns the labels registered on it (sub_labels empty). Composite labels, used by
// composite operators to address the same field in several sub-operator contexts, are created and
// destroyed by the operator code with ceed::ContextFieldLabelCreateComposite / ContextFieldLabelDestroy;
// they own only themselves, not their sub-labels (sub_labels[i] may be NULL where sub-operator i has no
// field of that name). The context functions that take a label (CeedQFunctionContextSetDouble, ...)
// accept only non-composite labels; operator code applies each sub-label to the matching sub-context.
#pragma once

#include <string>
#include <vector>

#include "vector.hpp"

struct CeedContextFieldLabel_private {
  std::string          name;
  std::string          description;
  CeedContextFieldType type       = CEED_CONTEXT_FIELD_DOUBLE;
  size_t               offset     = 0;  // byte offset in the context data
  size_t               num_values = 0;
  size_t               size       = 0;  // bytes: num_values * sizeof(double | int32_t | bool)
  // Composite label (owned by an operator): one entry per sub-operator, NULL where absent.
  std::vector<CeedContextFieldLabel> sub_labels;
  bool                               is_composite = false;
};

struct CeedQFunctionContext_private {
  CeedObjectHeader header;  // MUST be first
  size_t           size        = 0;
  uint64_t         state       = 0;  // odd while a writer holds the data
  CeedInt          num_readers = 0;
  ceed::Buffer     buffers[ceed::kNumMemTypes];
  CeedQFunctionContextDataDestroyUser data_destroy     = nullptr;
  CeedMemType                         data_destroy_mem = CEED_MEM_HOST;
  std::vector<CeedContextFieldLabel>  labels;  // owned, in registration order
};

namespace ceed {

// Byte size of one value of a context field type (0 for an invalid type).
size_t ContextFieldTypeSize(CeedContextFieldType type);

// Creates a composite label named name of type/num_values over sub_labels (entries may be NULL; the
// non-NULL ones must all have type and num_values). The caller owns the result and releases it with
// ContextFieldLabelDestroy. Errors are raised on ceed.
int ContextFieldLabelCreateComposite(Ceed ceed, const char *name, CeedContextFieldType type, size_t num_values,
                                     const std::vector<CeedContextFieldLabel> &sub_labels, CeedContextFieldLabel *label);

// Releases a composite label (never a label owned by a context); sets *label = NULL.
int ContextFieldLabelDestroy(CeedContextFieldLabel *label);

}  // namespace ceed
