// Fuzz target: QFunction context fields: registration (double, int32, boolean) with fuzzed names, offsets,
// counts and descriptions, lookup by name on contexts, operators and composite operators, typed reads and
// writes through labels, data set/get/take, contexts swapped under operators.
// Input: a first byte choosing the resource, then up to 96 commands of one opcode byte and its arguments
// (fuzz::Input decodes bounded values). Labels held by the program are dropped whenever a context, QFunction
// or operator is replaced or destroyed, as an application must, except those of the composite operator.
#include <ceed/backend.h>

#include <cstring>
#include <vector>

#include "fuzz-common.hpp"

namespace {

constexpr int kSlots = 3;

struct State {
  Ceed                  ceed = nullptr;
  CeedQFunctionContext  ctx[kSlots]{};
  CeedQFunction         qf[kSlots]{};
  CeedOperator          op[kSlots]{};
  CeedOperator          composite = nullptr;
  CeedContextFieldLabel labels[8]{};
  CeedOperator          label_op[8]{};  // the operator a label was obtained from (NULL: from a context)
  alignas(8) unsigned char storage[kSlots][1024]{};  // CEED_USE_POINTER data, alive for the whole input
  alignas(8) unsigned char values[1024]{};

  // Labels of contexts and single operators die with their context; the composite's own labels stay valid
  // while it lives, also across contexts replaced under its sub-operators.
  void DropLabels() {
    for (int i = 0; i < 8; i++) {
      if (composite && label_op[i] == composite) continue;
      labels[i]   = nullptr;
      label_op[i] = nullptr;
    }
  }
};

std::string Name(fuzz::Input &in) {
  static const char *pool[] = {"a", "b", "scale", "size", "time", "x y", "a.b", ""};
  const uint8_t      b      = in.Byte();
  if (b < 224) return pool[b % 8];
  return in.String(12, '\0');
}

FILE *DevNull() {
  static FILE *f = std::fopen("/dev/null", "w");
  return f;
}

// Reads and writes a label's values through the context or the operator it came from.
void UseLabel(State &s, fuzz::Input &in) {
  const int             slot  = in.Range(0, 7);
  CeedContextFieldLabel label = s.labels[slot];
  CeedOperator          op    = s.label_op[slot];
  const char           *name  = nullptr, *description = nullptr;
  size_t                offset = 0, num_values = 0;
  CeedContextFieldType  type   = CEED_CONTEXT_FIELD_DOUBLE;
  if (label) CeedContextFieldLabelGetDescription(label, &name, &offset, &num_values, &description, &type);
  // The caller passes num_values values: only labels whose values fit the program's buffer are written.
  const bool fits   = num_values * 8 <= sizeof(s.values);
  const int  action = in.Range(0, 5);
  CeedQFunctionContext ctx = s.ctx[in.Range(0, kSlots - 1)];
  auto *d = reinterpret_cast<double *>(s.values);
  auto *i = reinterpret_cast<int32_t *>(s.values);
  auto *b = reinterpret_cast<bool *>(s.values);
  const double base = in.Double();
  for (size_t k = 0; k < sizeof(s.values) / 8; k++) d[k] = base + static_cast<double>(k);
  size_t         n = 0;
  const double  *rd = nullptr;
  const int32_t *ri = nullptr;
  const bool    *rb = nullptr;
  switch (action) {
    case 0:
      if (!fits) break;
      if (op) CeedOperatorSetContextDouble(op, label, d);
      else CeedQFunctionContextSetDouble(ctx, label, d);
      break;
    case 1:
      if (!fits) break;
      if (op) CeedOperatorSetContextInt32(op, label, i);
      else CeedQFunctionContextSetInt32(ctx, label, i);
      break;
    case 2:
      if (!fits) break;
      for (size_t k = 0; k < sizeof(s.values); k++) s.values[k] &= 1;
      if (op) CeedOperatorSetContextBoolean(op, label, b);
      else CeedQFunctionContextSetBoolean(ctx, label, b);
      break;
    case 3:
      if (op) {
        if (!CeedOperatorGetContextDoubleRead(op, label, &n, &rd)) CeedOperatorRestoreContextDoubleRead(op, label, &rd);
      } else if (!CeedQFunctionContextGetDoubleRead(ctx, label, &n, &rd)) {
        CeedQFunctionContextRestoreDoubleRead(ctx, label, &rd);
      }
      break;
    case 4:
      if (op) {
        if (!CeedOperatorGetContextInt32Read(op, label, &n, &ri)) CeedOperatorRestoreContextInt32Read(op, label, &ri);
      } else if (!CeedQFunctionContextGetInt32Read(ctx, label, &n, &ri)) {
        CeedQFunctionContextRestoreInt32Read(ctx, label, &ri);
      }
      break;
    case 5:
      if (op) {
        if (!CeedOperatorGetContextBooleanRead(op, label, &n, &rb)) CeedOperatorRestoreContextBooleanRead(op, label, &rb);
      } else if (!CeedQFunctionContextGetBooleanRead(ctx, label, &n, &rb)) {
        CeedQFunctionContextRestoreBooleanRead(ctx, label, &rb);
      }
      break;
  }
}

void Step(State &s, fuzz::Input &in) {
  const int k = in.Range(0, kSlots - 1);
  switch (in.Range(0, 13)) {
    case 0: {  // register a field
      const std::string name        = Name(in);
      const int64_t     offset      = in.Size(160);
      const int64_t     num         = in.Size(24);
      const std::string description = in.Bool() ? in.String(16, '\0') : std::string();
      const int         type        = in.Range(0, 2);
      const char       *n           = in.Byte() == 255 ? nullptr : name.c_str();
      const size_t      o = static_cast<size_t>(offset), v = static_cast<size_t>(num);
      if (type == 0) CeedQFunctionContextRegisterDouble(s.ctx[k], n, o, v, description.c_str());
      if (type == 1) CeedQFunctionContextRegisterInt32(s.ctx[k], n, o, v, description.c_str());
      if (type == 2) CeedQFunctionContextRegisterBoolean(s.ctx[k], n, o, v, description.c_str());
      break;
    }
    case 1: {  // look a field up on a context
      const int         slot = in.Range(0, 7);
      const std::string name = Name(in);
      s.labels[slot]         = nullptr;
      s.label_op[slot]       = nullptr;
      CeedQFunctionContextGetFieldLabel(s.ctx[k], name.c_str(), &s.labels[slot]);
      break;
    }
    case 2: {  // look a field up on an operator or the composite
      const int         slot = in.Range(0, 7);
      const std::string name = Name(in);
      CeedOperator      op   = in.Bool() ? s.composite : s.op[k];
      s.labels[slot]         = nullptr;
      s.label_op[slot]       = nullptr;
      if (!CeedOperatorGetContextFieldLabel(op, name.c_str(), &s.labels[slot]) && s.labels[slot]) s.label_op[slot] = op;
      break;
    }
    case 3:
      UseLabel(s, in);
      break;
    case 4: {  // all labels and their descriptions
      const CeedContextFieldLabel *labels = nullptr;
      CeedInt                      num    = 0;
      if (!CeedQFunctionContextGetAllFieldLabels(s.ctx[k], &labels, &num)) {
        for (CeedInt j = 0; j < num; j++) {
          const char          *name = nullptr, *description = nullptr;
          size_t               offset = 0, num_values = 0;
          CeedContextFieldType type;
          CeedContextFieldLabelGetDescription(labels[j], &name, &offset, &num_values, &description, &type);
        }
      }
      break;
    }
    case 5: {  // set data
      const int64_t size = in.Size(160);
      const int     mode = in.Range(0, 2);
      if (size < 0 || size > 1024) break;  // the caller's buffer holds size bytes
      for (int64_t j = 0; j < size; j++) s.values[j] = in.Byte();
      if (mode == 0) CeedQFunctionContextSetData(s.ctx[k], CEED_MEM_HOST, CEED_COPY_VALUES, static_cast<size_t>(size), s.values);
      if (mode == 1) CeedQFunctionContextSetData(s.ctx[k], CEED_MEM_HOST, CEED_USE_POINTER, static_cast<size_t>(size), s.storage[k]);
      if (mode == 2) CeedQFunctionContextSetData(s.ctx[k], in.Bool() ? CEED_MEM_DEVICE : CEED_MEM_HOST, CEED_COPY_VALUES, static_cast<size_t>(size), nullptr);
      break;
    }
    case 6: {  // access and take data
      void  *data = nullptr;
      size_t size = 0;
      CeedQFunctionContextGetContextSize(s.ctx[k], &size);
      const CeedMemType mem = in.Bool() ? CEED_MEM_DEVICE : CEED_MEM_HOST;
      switch (in.Range(0, 2)) {
        case 0:
          if (!CeedQFunctionContextGetData(s.ctx[k], mem, &data)) {
            if (data && mem == CEED_MEM_HOST && size) std::memset(data, in.Byte(), size);
            CeedQFunctionContextRestoreData(s.ctx[k], &data);
          }
          break;
        case 1:
          if (!CeedQFunctionContextGetDataRead(s.ctx[k], mem, &data)) CeedQFunctionContextRestoreDataRead(s.ctx[k], &data);
          break;
        case 2:
          CeedQFunctionContextTakeData(s.ctx[k], mem, &data);  // only borrowed data can be taken: storage[k]
          break;
      }
      break;
    }
    case 7: {  // a fresh context in slot k
      s.DropLabels();
      CeedQFunctionContextDestroy(&s.ctx[k]);
      CeedQFunctionContextCreate(s.ceed, &s.ctx[k]);
      break;
    }
    case 8: {  // a QFunction using context k (or none)
      s.DropLabels();
      const int q = in.Range(0, kSlots - 1);
      if (!s.qf[q]) CeedQFunctionCreateIdentity(s.ceed, in.Range(1, 3), CEED_EVAL_INTERP, CEED_EVAL_INTERP, &s.qf[q]);
      CeedQFunctionSetContext(s.qf[q], in.Bool() ? nullptr : s.ctx[k]);
      CeedQFunctionSetContextWritable(s.qf[q], in.Bool());
      break;
    }
    case 9: {  // an operator of QFunction k
      s.DropLabels();
      CeedOperatorDestroy(&s.op[k]);
      CeedOperatorCreate(s.ceed, s.qf[k], CEED_QFUNCTION_NONE, CEED_QFUNCTION_NONE, &s.op[k]);
      break;
    }
    case 10:  // the composite: created on first use, then sub-operators added
      if (!s.composite) CeedOperatorCreateComposite(s.ceed, &s.composite);
      else CeedOperatorCompositeAddSub(s.composite, s.op[k]);
      break;
    case 11: {  // queries and views
      size_t   size  = 0;
      bool     valid = false;
      uint64_t state = 0;
      CeedQFunctionContextGetContextSize(s.ctx[k], &size);
      CeedQFunctionContextHasValidData(s.ctx[k], &valid);
      CeedQFunctionContextGetState(s.ctx[k], &state);
      if (DevNull()) CeedQFunctionContextView(s.ctx[k], DevNull());
      if (DevNull() && s.op[k]) CeedOperatorView(s.op[k], DevNull());
      break;
    }
    case 12: {  // the operator's context, as a new reference
      CeedQFunctionContext ctx = nullptr;
      CeedOperatorGetContext(in.Bool() ? s.composite : s.op[k], &ctx);
      CeedQFunctionContextDestroy(&ctx);
      break;
    }
    case 13: {  // a reference copy of one context into another slot
      s.DropLabels();
      CeedQFunctionContextReferenceCopy(s.ctx[k], &s.ctx[in.Range(0, kSlots - 1)]);
      break;
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fuzz::Input in(data, size);
  State       s;
  s.ceed = fuzz::InitOrNull(in.Bool() ? "/cpu/test/device-emulation" : "/cpu/self/ref/serial");
  if (!s.ceed) s.ceed = fuzz::InitOrNull("/cpu/self/ref/serial");
  if (!s.ceed) std::abort();
  for (auto &ctx : s.ctx) CeedQFunctionContextCreate(s.ceed, &ctx);
  fuzz::RunProgram(s.ceed, in, 96, [&] { Step(s, in); });
  // Everything is destroyed; every destroy must succeed (no lock is left held by the program).
  int ierr = CeedOperatorDestroy(&s.composite);
  for (auto &op : s.op) ierr |= CeedOperatorDestroy(&op);
  for (auto &qf : s.qf) ierr |= CeedQFunctionDestroy(&qf);
  for (auto &ctx : s.ctx) ierr |= CeedQFunctionContextDestroy(&ctx);
  ierr |= CeedDestroy(&s.ceed);
  if (ierr) std::abort();
  return 0;
}
