// The error-path sweep's objects and table (tests/unit/error-sweep-test.cpp, rows in error-sweep-rows.cpp).
#pragma once

#include <ceed.h>
#include <ceed/backend.h>

#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace sweep {

// A fresh set of objects: a 1D mass operator (4 linear elements, 3 Gauss points) whose QFunction scales by a
// context field, its restrictions, basis and vectors (x = 1, y = 0.25, qdata q = 0.1 valid in fp64 and fp32).
struct World {
  Ceed                  ceed   = nullptr;
  CeedVector            x      = nullptr, y = nullptr, q = nullptr;
  CeedElemRestriction   rstr_u = nullptr, rstr_q = nullptr;
  CeedBasis             basis  = nullptr;
  CeedQFunctionContext  ctx    = nullptr;
  CeedQFunction         qf     = nullptr;
  CeedOperator          op     = nullptr;
  CeedContextFieldLabel scale  = nullptr;
  double                ctx_data[2] = {2.0, 0.0};  // "scale" (double) and "count" (int32 at byte 8)
  // A composite of op and a second operator with its own context (made by rows that need it).
  CeedOperator          composite = nullptr, other = nullptr;
  CeedQFunction         other_qf  = nullptr;
  CeedQFunctionContext  other_ctx = nullptr;
  CeedContextFieldLabel composite_scale = nullptr;
  void MakeComposite();
  void MakeMassOperator(CeedQFunctionContext *new_ctx, CeedQFunction *new_qf, CeedOperator *new_op);
  // Scratch a row's setup and cleanup share (held arrays).
  CeedScalar           *held   = nullptr;
  const CeedScalar     *held_read = nullptr;
  World();
  ~World();
  World(const World &)            = delete;
  World &operator=(const World &) = delete;
  std::string Snapshot();
  void        CheckUsable(const std::string &row);
  std::string Message();  // the stored messages (the context's and the thread's), reset
};

// The QFunction of the operators: v = scale u qdata, scale the context's first double.
int MassWithScale(void *ctx, const CeedInt Q, const CeedScalar *const *in, CeedScalar *const *out);

// While on, every host allocation of the core fails (the library's fault injection, docs/internals.md).
void FailAllocations(bool on);

struct Row {
  const char                      *function;  // as declared in ceed.h
  const char                      *how;       // the way it is made to fail
  int                              code;      // the error code expected
  const char                      *says;      // the offending value the message must contain
  std::function<int(World &)>      call;
  std::function<void(World &)>     setup   = nullptr;
  std::function<void(World &)>     cleanup = nullptr;
  const char                      *object  = nullptr;  // the object the message names, when not the function's
};

// A row whose message names another object than the function's: an allocation failing deep inside the call
// is reported by the object that ran out.
inline Row Naming(Row row, const char *object) {
  row.object = object;
  return row;
}

const std::vector<Row> &Rows();
// The rows of QFunctions, contexts and operators (error-sweep-rows-operator.cpp).
std::vector<Row> MoreRows();
// Functions that cannot fail, with why.
const std::vector<std::pair<const char *, const char *>> &CannotFail();

// A row whose call is the expression after the offending value; w is the World.
#define ROW(fn, how, code, says, ...) Row{#fn, how, code, says, [](World &w) -> int { (void)w; return __VA_ARGS__; }}
// The same with a setup and a cleanup (functions of World &).
#define ROW_HELD(fn, how, code, says, setup, cleanup, ...) \
  Row{#fn, how, code, says, [](World &w) -> int { (void)w; return __VA_ARGS__; }, setup, cleanup}

// A row whose call runs with every core allocation failing.
#define ROW_FAULT(fn, how, code, says, ...)                                        \
  Row{#fn, how, code, says, [](World &w) -> int {                                 \
        (void)w;                                                                  \
        FailAllocations(true);                                                    \
        const int ierr = __VA_ARGS__;                                             \
        FailAllocations(false);                                                   \
        return ierr;                                                              \
      }}

// Setups and cleanups: holding and releasing x's access lock.
inline void HoldWriteX(World &w) { CeedVectorGetArray(w.x, CEED_MEM_HOST, &w.held); }
inline void ReleaseWriteX(World &w) { CeedVectorRestoreArray(w.x, &w.held); }
inline void HoldReadX(World &w) { CeedVectorGetArrayRead(w.x, CEED_MEM_HOST, &w.held_read); }
inline void ReleaseReadX(World &w) { CeedVectorRestoreArrayRead(w.x, &w.held_read); }
}  // namespace sweep
