// The gpu dialect's switchable performance choices (GpuSwitches): read from the context's JIT defines, so that
// one build can time each choice against the default (tools/gpu-check.sh variants).
#include <cstdlib>

#include "ceed-gen.hpp"

namespace ceed::gen {

namespace {

struct Switch {
  const char *name;
  int         min, max;
  int GpuSwitches::*field;  // the switches the host side reads (shared-memory sizes), else null
};

// Every switch the gpu templates and glue know, with its accepted values.
constexpr Switch kSwitches[] = {
    {"CEED_GEN_VOLATILE_MATRICES", 0, 1, nullptr},
    {"CEED_GEN_ROLLED_SLICES", 0, 1, nullptr},
    {"CEED_GEN_HELD_ROW_MAX", 0, 16, nullptr},
    {"CEED_GEN_HELD_DERIVATIVE_ROWS", 0, 2, nullptr},
    {"CEED_GEN_GRAD_COMPONENTS_INNER", 0, 1, nullptr},
    {"CEED_GEN_Z_COLUMNS", 0, 1, &GpuSwitches::z_columns},
    {"CEED_GEN_EXCHANGE_BUFFERS", 1, 2, &GpuSwitches::exchange_buffers},
    {"CEED_GEN_WIDE_EXCHANGE", 0, 1, &GpuSwitches::wide_exchange},
    {"CEED_GEN_REGISTER_COLUMNS", 0, 1, &GpuSwitches::register_columns},
    {"CEED_GEN_CONSTANT_MATRICES", 0, 1, &GpuSwitches::constant_matrices},
    {"CEED_GEN_CONSTANT_DERIVATIVES", 0, 1, &GpuSwitches::constant_derivatives},
    {"CEED_GEN_ELEMENT_PADDING", 0, 1, &GpuSwitches::element_padding},
    {"CEED_GEN_BLOCK_ELEMENTS", 0, 1024, &GpuSwitches::block_elements},
};

}  // namespace

void SplitJitDefine(const std::string &define, std::string *name, std::string *value) {
  const size_t equals = define.find('=');
  *name               = define.substr(0, equals);
  *value              = equals == std::string::npos ? "1" : define.substr(equals + 1);
}

int ReadGpuSwitches(Ceed ceed, bool rolled_slice_loops, OperatorDesc *desc) {
  GpuSwitches &switches = desc->gpu;
  switches              = GpuSwitches{};
  std::vector<std::string> defines;
  CeedCall(CopyJitDefines(ceed, &defines));
  for (const std::string &define : defines) {
    std::string name, value;
    SplitJitDefine(define, &name, &value);
    for (const Switch &s : kSwitches) {
      if (name != s.name) continue;
      char      *end    = nullptr;
      const long number = std::strtol(value.c_str(), &end, 10);
      CeedCheck(!value.empty() && *end == '\0' && number >= s.min && number <= s.max, ceed, CEED_ERROR_INCOMPATIBLE,
                "JIT define %s: value '%s' is not an integer in %d..%d", s.name, value.c_str(), s.min, s.max);
      if (s.field) switches.*s.field = (int)number;
    }
  }
  if (!rolled_slice_loops) return CEED_ERROR_SUCCESS;
  // The defaults with rolled slice loops (hipRTC) for the switches not given: one exchange plane, no wide exchange;
  // no register columns (indexed by the slice, a rolled loop would put them in scratch); matrices in shared memory
  // only (constant copies not measured with hipRTC).
  if (switches.exchange_buffers == 0) switches.exchange_buffers = 1;
  for (int GpuSwitches::*off : {&GpuSwitches::wide_exchange, &GpuSwitches::register_columns, &GpuSwitches::constant_matrices,
                                &GpuSwitches::constant_derivatives}) {
    if (switches.*off < 0) switches.*off = 0;
  }
  return CEED_ERROR_SUCCESS;
}

bool WideExchange(const OperatorDesc &desc) {
  if (desc.gpu.wide_exchange >= 0) return desc.gpu.wide_exchange;
  for (const auto *fields : {&desc.inputs, &desc.outputs}) {
    for (const FieldDesc &f : *fields) {
      if (f.eval_mode == CEED_EVAL_GRAD || (f.basis_kind == BasisKind::kTensor && f.num_comp > 1)) return false;
    }
  }
  return true;
}

bool RegisterColumns(const OperatorDesc &desc) {
  if (desc.gpu.register_columns >= 0) return desc.gpu.register_columns;
  // Held by default for one-component value-only operators (BP1) with Q_1d <= 4, where the static counts on sm_90
  // are better at the same occupancy (BP1 p = 2: 16% fewer shared-memory bytes per thread). Longer columns save
  // 12-15% too, but live across the kernel they cost a block step at p = 3, 4 (tuned launch bounds) and up to 100
  // registers at p = 5..7 without them. Vector fields would unroll their component loops (BP2 p = 4: 64 -> 100
  // registers), so they keep shared columns.
  for (const auto *fields : {&desc.inputs, &desc.outputs}) {
    for (const FieldDesc &f : *fields) {
      if (f.eval_mode == CEED_EVAL_GRAD || (f.basis_kind == BasisKind::kTensor && (f.num_comp > 1 || f.Q_1d > 4))) return false;
    }
  }
  return true;
}

bool ConstantMatrices(const OperatorDesc &desc) {
  if (desc.gpu.constant_matrices >= 0) return desc.gpu.constant_matrices;
  // By default where the static counts on sm_90 are better at the same occupancy (tuned launch bounds): value-only
  // operators with vector fields (BP2 p = 2..8: 23-26% fewer shared loads per thread) or Q_1d <= 4 (BP1 p = 2: 31%),
  // one-component gradients with Q_1d >= 5 (BP3 p = 3..8: 10-12%). Elsewhere the FMAs' constant operands raised the
  // registers by a block step (BP1 p = 3..7, BP3 p = 2, BP4 p = 3..5).
  bool gradient = false, vector = false, short_columns = true;
  for (const auto *fields : {&desc.inputs, &desc.outputs}) {
    for (const FieldDesc &f : *fields) {
      gradient |= f.eval_mode == CEED_EVAL_GRAD;
      if (f.basis_kind != BasisKind::kTensor) continue;
      vector |= f.num_comp > 1;
      short_columns &= f.Q_1d <= 4;
    }
  }
  if (gradient) return !vector && !short_columns;
  return vector || short_columns;
}

bool ConstantDerivatives(const OperatorDesc &desc) {
  if (desc.gpu.constant_derivatives >= 0) return desc.gpu.constant_derivatives;
  // By default where the static counts on sm_90 (tuned launch bounds) drop at the same occupancy: every one-component
  // gradient (BP3 p = 2..8: 10-13% fewer shared bytes per thread, BP5: 20-27%), vector gradients on bases with their
  // nodes at the points (BP6 p = 2..8: 13-15%) and interpolating ones with 6 <= Q_1d <= 9 (BP4 p = 4..7: 9-10%). BP4
  // p = 2, 3 lose occupancy (50 -> 45.3%, 43.8 -> 37.5%) and p = 8 goes from 102 to 128 registers, the budget's edge.
  bool gradient = false, vector = false, interpolates = false, mid_columns = true;
  for (const auto *fields : {&desc.inputs, &desc.outputs}) {
    for (const FieldDesc &f : *fields) {
      if (f.eval_mode != CEED_EVAL_GRAD || f.basis_kind != BasisKind::kTensor) continue;
      gradient = true;
      vector |= f.num_comp > 1;
      interpolates |= !f.identity_interp;
      mid_columns &= f.Q_1d >= 6 && f.Q_1d <= 9;
    }
  }
  return gradient && (!vector || !interpolates || mid_columns);
}

int ExchangeBuffers(const OperatorDesc &desc) {
  if (desc.gpu.exchange_buffers > 0) return desc.gpu.exchange_buffers;
  for (const auto *fields : {&desc.inputs, &desc.outputs}) {
    for (const FieldDesc &f : *fields) {
      if (f.basis_kind == BasisKind::kTensor && f.num_comp > 1) return 1;
    }
  }
  return 2;
}

int ElementSharedValues(const OperatorDesc &desc, int threads_per_elem, int planes) {
  const int values = threads_per_elem * planes;
  if (!desc.gpu.element_padding) return values;
  const int row = 128 / (desc.compute == CEED_SCALAR_FP32 ? 4 : 8);  // values in a row of 32 four-byte banks
  return values + ((threads_per_elem - values) % row + row) % row;
}

}  // namespace ceed::gen
