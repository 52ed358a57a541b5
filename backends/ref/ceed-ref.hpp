// Reference CPU backend: shared declarations of the plugin's object files.
#pragma once

#include <ceed.h>
#include <ceed/backend.h>

namespace ceed::ref {

// Context data: /cpu/self/ref/serial applies operators one element at a time, /cpu/self/ref/blocked
// processes blocks of kBlockSize elements (interleaved E- and Q-vectors, element index fastest).
constexpr CeedInt kBlockSize = 8;
struct CeedRef {
  CeedInt block_size;
};

// Block size of the backend that owns ceed's operators (1 when the context is not a ref context).
CeedInt BlockSize(Ceed ceed);

int ElemRestrictionCreate(CeedElemRestriction rstr);
int BasisCreate(CeedBasis basis);
int QFunctionCreate(CeedQFunction qf);
int OperatorCreate(CeedOperator op);

}  // namespace ceed::ref
