// CeedOperator: private object layout shared by the operator*.cpp files (spec 06).
//
// A single operator binds one operator field (restriction, basis, vector) to every field of its
// QFunction; the field arrays are indexed like the QFunction's input/output fields and hold NULL until
// the field is set. Sizes that the fields imply (number of elements, quadrature points, active vector
// lengths) are recomputed from the fields whenever a field changes. A composite operator holds retained
// sub-operators and, for context access, labels that address a field in every sub-operator context.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/ceed-impl.hpp"
#include "qfunction/qfunction-context.hpp"

struct CeedOperatorField_private {
  std::string name;
  CeedElemRestriction rstr = nullptr;  // retained (sentinel allowed)
  CeedBasis basis = nullptr;           // retained (sentinel allowed)
  CeedVector vec = nullptr;            // retained (sentinel allowed)
  CeedEvalMode eval_mode = CEED_EVAL_NONE;
  CeedInt size = 0;  // QFunction field size
  bool is_input = true;
};

namespace ceed {

// A context label of a composite operator, owned by it: the handle given to the user, valid as long as the
// operator. It carries the field's name, type, count and description (from the first sub-operator that had
// the field when it was made); each access looks the field up by name in the sub-operators' current
// contexts, since a sub-QFunction's context may have been replaced since.
struct OperatorCompositeLabel {
  std::unique_ptr<CeedContextFieldLabel_private> label;
  size_t num_sub_operators = 0;  // when the label was made
};

struct QFAssemblyData;        // operator-assembly.hpp
struct OperatorAssemblyData;  // operator-assembly.hpp
struct AtPointsApplyData;     // operator-at-points.cpp
struct AtPointsHostData;      // operator-at-points-host.cpp

// What the set fields imply; recomputed by OperatorComputeShape.
struct OperatorShape {
  CeedInt num_fields = 0;
  bool has_num_elem = false;
  CeedInt num_elem = 0;
  bool has_num_qpts = false;
  CeedInt num_qpts = 0;
  CeedSize input_size = -1, output_size = -1;  // -1: no active field
  CeedElemRestriction points_rstr = nullptr;   // first at-points restriction of a field (borrowed)
};

}  // namespace ceed

struct CeedOperator_private {
  CeedObjectHeader header;  // MUST be first
  CeedQFunction qf = nullptr, dqf = nullptr, dqfT = nullptr;  // retained (dqf/dqfT may be NULL)
  std::vector<CeedOperatorField> input_fields, output_fields;  // owned; NULL until set
  ceed::OperatorShape shape;
  bool is_composite = false, is_at_points = false;
  bool is_immutable = false;  // no more fields, points or sub-operators
  bool is_ready = false;      // CeedOperatorCheckReady succeeded since the last change
  bool is_setup_done = false; // backend set up its data (CeedOperatorSetSetupDone)
  // Composite operators.
  std::vector<CeedOperator> sub_operators;  // retained
  bool is_sequential = false;
  std::vector<ceed::OperatorCompositeLabel> composite_labels;
  // At-points operators.
  CeedElemRestriction rstr_points = nullptr;  // retained
  CeedVector point_coords = nullptr;          // retained
  // Assembly caches (operator-assembly.hpp): the assembled QFunction with its reuse/update flags (shared
  // with the coarse operators of multigrid levels, which have the same pointwise operator) and the
  // active restrictions with their basis matrices. Created on first use; released by
  // CeedOperatorAssemblyDataStrip.
  std::shared_ptr<ceed::QFAssemblyData> qf_assembly;
  std::shared_ptr<ceed::OperatorAssemblyData> assembly_data;
  // Data of the core's default application of operators at points (operator-at-points.cpp).
  std::shared_ptr<ceed::AtPointsApplyData> at_points_apply;
  std::shared_ptr<ceed::AtPointsHostData>  at_points_host;  // its batched form on the host
  std::string name;
  CeedOperatorPrecision precision = CEED_PRECISION_FP64;  // multiprecision extension
  CeedOperatorBackendOps ops{};
  void *data = nullptr;  // backend data
};

namespace ceed {

// Raises an error through ceed's handler, reporting func (the public function) as the failing function.
#define CeedOperatorError(ceed, func, ecode, ...) \
  (CeedErrorImpl((ceed), __FILE__, __LINE__, (func), (ecode), __VA_ARGS__), (ecode))

// Recomputes op->shape from the set fields, skipping the field in slot skip (may be NULL).
void OperatorComputeShape(CeedOperator op, const CeedOperatorField *skip, OperatorShape &shape);

// Active lengths of a composite from its sub-operators' recorded shapes; false on incompatibility
// (bad_index receives the offending sub-operator).
bool OperatorCompositeLengths(CeedOperator op, CeedSize &input_size, CeedSize &output_size, CeedInt &bad_index);

// Releases an operator field and everything it retains.
int OperatorFieldDestroy(CeedOperatorField &field);

// out += A in for a single operator at points whose backend has no ApplyAddAtPoints (operator-at-points.cpp).
int OperatorApplyAddAtPointsDefault(CeedOperator op, CeedVector in, CeedVector out);
// Its batched form on the host (operator-at-points-host.cpp): *applied false when op needs the element-by-element one.
int OperatorApplyAddAtPointsOnHost(CeedOperator op, CeedVector in, CeedVector out, bool *applied);

// Zeroes the passive output vectors of op (of every sub-operator for composites).
int OperatorZeroPassiveOutputs(CeedOperator op);

// Marks the QFunction assembly data of op (and its sub-operators) as needing an update.
void OperatorMarkAssemblyUpdateNeeded(CeedOperator op);

// Stores NULL into a caller-provided request once an operation completed synchronously.
inline void OperatorCompleteRequest(CeedRequest *request) {
  if (request && request != CEED_REQUEST_IMMEDIATE && request != CEED_REQUEST_ORDERED) *request = nullptr;
}

// Marks op and its sub-operators immutable (their fields are in use by the backend or an assembly cache).
void OperatorMarkImmutable(CeedOperator op);

// Object callbacks (operator.cpp, operator-view.cpp).
int OperatorViewObject(CeedObject obj, FILE *stream);
int OperatorDestroyObject(CeedObject *obj);

}  // namespace ceed
