// CeedQFunctionContext and CeedContextFieldLabel: private structs and core-internal helpers.
//
// A context is a byte buffer with the same storage model as vectors (vector.hpp): one ceed::Buffer per
// memory space (bytes have no precision), each owned, borrowed or empty, with validity flags and the
// access-lock protocol of spec 00 §6 (errors with code CEED_ERROR_MINOR).
//
// Field labels: a context owns the labels registered on it. A composite operator owns the labels it hands
// out (is_composite), which the context functions refuse; operator-context.cpp resolves them by name in
// each sub-operator context.
#pragma once

#include <string>
#include <vector>

#include "vector/vector.hpp"

struct CeedContextFieldLabel_private {
  std::string          name;
  std::string          description;
  CeedContextFieldType type       = CEED_CONTEXT_FIELD_DOUBLE;
  size_t               offset     = 0;  // byte offset in the context data
  size_t               num_values = 0;
  size_t               size       = 0;  // bytes: num_values * sizeof(double | int32_t | bool)
  bool                 is_composite = false;
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

}  // namespace ceed
