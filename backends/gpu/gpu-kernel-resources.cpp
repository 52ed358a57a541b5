// Fused kernel resources from ptxas's report and launch bounds from them (see gpu-kernel-resources.hpp).
#include "gpu-kernel-resources.hpp"

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <sstream>

#include "gpu-compile.hpp"

namespace ceed::gpu {

namespace {

// The number just before `unit` in line (e.g. "24 bytes spill stores"), or -1.
int NumberBefore(const std::string &line, const std::string &unit) {
  const size_t at = line.find(unit);
  if (at == std::string::npos || at == 0) return -1;
  size_t start = at - 1;
  while (start > 0 && line[start - 1] >= '0' && line[start - 1] <= '9') start--;
  return std::atoi(line.c_str() + start);
}

// The compile of a fused kernel's unit for target ("sm_90": CUBIN, "compute_90": PTX).
CompileRequest ReportRequest(const Compiler &compiler, const std::vector<std::string> &options, const std::string &source, const std::string &target,
                             const std::string &code_suffix) {
  CompileRequest request;
  request.compiler           = &compiler;
  request.source             = source;
  request.program_name       = "ceedrt-kernel-report";
  request.kernel_names       = {"CeedGenOperatorKernel"};
  request.options            = options;
  request.target.name        = target;
  request.target.options     = {"-arch=" + target};
  request.target.code_suffix = code_suffix;
  return request;
}

// PTX opcodes (the part before the first '.') that the floating-point pipes execute; on .f64 operands the FP64 pipe.
bool IsFloatArithmetic(const std::string &op) {
  static const char *const kOps[] = {"add", "sub", "mul", "fma", "mad",  "div", "rcp",   "sqrt",
                                     "rsqrt", "neg", "abs", "min", "max", "setp", "testp", "copysign"};
  for (const char *k : kOps) {
    if (op == k) return true;
  }
  return false;
}

}  // namespace

bool ParsePtxasInfo(const std::string &log, const std::string &entry, KernelResources *r) {
  // ptxas: "Function properties for <entry>", then "N bytes stack frame, S bytes spill stores, L bytes spill
  // loads" and "Used R registers, used 1 barriers, M bytes smem, ..." (smem only when there is some).
  const size_t start = log.find("Function properties for " + entry);
  if (start == std::string::npos) return false;
  bool   found_registers = false, found_spills = false;
  size_t pos             = log.find('\n', start);
  for (int lines = 0; pos != std::string::npos && lines < 3; lines++) {
    const size_t      end  = log.find('\n', pos + 1);
    const std::string line = log.substr(pos + 1, end == std::string::npos ? std::string::npos : end - pos - 1);
    if (line.find("spill stores") != std::string::npos) {
      r->spill_store_bytes = NumberBefore(line, " bytes spill stores");
      r->spill_load_bytes  = NumberBefore(line, " bytes spill loads");
      found_spills         = r->spill_store_bytes >= 0 && r->spill_load_bytes >= 0;
    }
    if (line.find("Used ") != std::string::npos) {
      r->registers           = NumberBefore(line, " registers");
      const int smem         = NumberBefore(line, " bytes smem");
      r->static_shared_bytes = smem > 0 ? smem : 0;
      found_registers        = r->registers >= 0;
    }
    pos = end;
  }
  return found_registers && found_spills;
}

namespace {

// Fills *r from ptxas's verbose report (log) of the kernel built from layout for limits.arch, with the block the
// backend launches: the most resident threads among blocks of whole elements (occupancy API on a device, the same
// model here).
bool ResourcesFromReport(const std::string &log, const ceed::gen::OperatorDesc &desc, const ceed::gen::ThreadLayout &layout, const SmLimits &limits,
                         KernelResources *r, std::string *error) {
  *r                  = KernelResources();
  r->target           = limits.arch;
  r->max_block        = layout.max_block;
  r->min_blocks       = layout.min_blocks;
  r->threads_per_elem = layout.threads_per_elem;
  if (!ParsePtxasInfo(log, "CeedGenOperatorKernel", r)) {
    *error = "the compiler's log has no ptxas resource lines for CeedGenOperatorKernel:\n" + log;
    return false;
  }
  const int elem_shared_bytes = layout.shared_values_per_elem * (desc.compute == CEED_SCALAR_FP32 ? 4 : 8);
  auto      resident          = [&](int block, int shared, int *blocks) {
    *blocks = ResidentBlocks(limits, block, r->registers, shared + r->static_shared_bytes);
    return 0;
  };
  BlockChoice choice;
  ChooseElementBlock(layout.threads_per_elem, layout.max_block, elem_shared_bytes, limits.max_block_shared - r->static_shared_bytes, resident, &choice);
  if (layout.fixed_block) {
    choice.block        = layout.max_block;
    choice.shared_bytes = layout.max_block / layout.threads_per_elem * elem_shared_bytes;
    resident(choice.block, choice.shared_bytes, &choice.resident_blocks);
  }
  r->threads              = choice.block;
  r->dynamic_shared_bytes = choice.shared_bytes;
  r->resident_blocks      = choice.resident_blocks;
  r->occupancy            = Occupancy(limits, choice.block, choice.resident_blocks);
  return true;
}

bool LimitsOrError(const std::string &arch, SmLimits *limits, std::string *error) {
  if (SmLimitsFor(arch, limits)) return true;
  *error = "no multiprocessor limits known for " + arch + " (known: sm_80, sm_86, sm_89, sm_90)";
  return false;
}

}  // namespace

bool MeasureKernelResources(const Compiler &compiler, const std::vector<std::string> &options, const std::string &source,
                            const ceed::gen::OperatorDesc &desc, const ceed::gen::ThreadLayout &layout, const std::string &arch, KernelResources *r,
                            std::string *error, std::string *code, bool *compiled) {
  SmLimits limits;
  if (!LimitsOrError(arch, &limits, error)) return false;
  CompileRequest request = ReportRequest(compiler, options, source, arch, "cubin");
  request.options.push_back("--ptxas-options=-v");
  const CompileResult result = Compile(request);
  if (!result.ok) {
    *error = result.message;
    return false;
  }
  if (!ResourcesFromReport(result.log, desc, layout, limits, r, error)) return false;
  if (code) *code = result.code;
  if (compiled) *compiled = !result.from_cache;
  return true;
}

bool MoreBlocksFit(const KernelResources &r) {
  SmLimits limits;
  if (!SmLimitsFor(r.target, &limits)) return true;
  // The fewest registers a thread can have: what stops more blocks then is shared memory, warps or the block count.
  return ResidentBlocks(limits, r.threads, 1, r.static_shared_bytes + r.dynamic_shared_bytes) > r.resident_blocks;
}

bool BuildFusedKernel(const Compiler &compiler, const std::vector<std::string> &options, const std::string &source,
                      const ceed::gen::OperatorDesc &desc, const ceed::gen::ThreadLayout &layout, const std::string &arch, bool tune,
                      const GenerateKernelSource &generate, FusedKernelBuild *build, std::string *error) {
  using Clock      = std::chrono::steady_clock;
  const auto start = Clock::now();
  *build           = FusedKernelBuild();
  std::vector<std::string> codes;  // per step, the kernel as generated first
  auto measure = [&](const LaunchBounds &b, KernelResources *r) {
    ceed::gen::ThreadLayout tried = layout;
    tried.max_block               = b.max_block;
    tried.min_blocks              = b.min_blocks;
    const bool  as_generated      = b.max_block == layout.max_block && b.min_blocks == layout.min_blocks;
    std::string text, code;
    bool        compiled = false;
    if (!as_generated && !generate(tried, &text)) return false;
    if (!MeasureKernelResources(compiler, options, as_generated ? source : text, desc, tried, arch, r, error, &code, &compiled)) return false;
    build->compiles += compiled;
    codes.push_back(std::move(code));
    return true;
  };
  const LaunchBounds first = {layout.max_block, layout.min_blocks};
  int                best  = 0;
  bool               ok    = measure(first, &build->resources);
  build->bounds            = first;
  if (ok && tune) ok = TuneLaunchBounds(first, measure, &build->resources, &build->bounds, nullptr, &best);
  if (ok) build->code = std::move(codes[best]);
  build->seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return ok;
}

bool CountPtxInstructions(const std::string &ptx, PtxCounts *counts) {
  *counts = PtxCounts();
  std::istringstream lines(ptx);
  std::string        line;
  bool               any = false;
  while (std::getline(lines, line)) {
    // An instruction: "[@[!]%p] opcode operands;" after indentation; directives start with '.', labels end with ':'.
    std::istringstream words(line);
    std::string        opcode;
    if (!(words >> opcode)) continue;
    if (opcode[0] == '@' && !(words >> opcode)) continue;
    if (opcode[0] == '.' || opcode[0] == '/' || opcode.back() == ':' || line.find(';') == std::string::npos) continue;
    any = true;
    // Dot-separated parts of the opcode: ld.volatile.shared.v2.f64 -> ld, volatile, shared, v2, f64.
    const std::string parts = opcode + ".";
    const bool        shared = parts.find(".shared.") != std::string::npos || parts.find(".shared::cta.") != std::string::npos;
    if (opcode.rfind("ld.", 0) == 0 && shared) counts->shared_loads++;
    else if (opcode.rfind("st.", 0) == 0 && shared) counts->shared_stores++;
    else if (opcode.rfind("bar.sync", 0) == 0 || opcode.rfind("barrier.sync", 0) == 0) counts->barriers++;
    const bool f64 = parts.find(".f64.") != std::string::npos;
    if (opcode.rfind("cvt.", 0) == 0) {
      counts->fp64_conversions += f64;
      continue;
    }
    if (opcode.rfind("fma.", 0) == 0) {
      counts->fp64_fmas += f64;
      counts->fp32_fmas += parts.find(".f32.") != std::string::npos;
    }
    if (f64 && IsFloatArithmetic(opcode.substr(0, opcode.find('.')))) counts->fp64_arithmetic++;
  }
  return any;
}

bool MeasurePtxCounts(const Compiler &compiler, const std::vector<std::string> &options, const std::string &source, const std::string &arch,
                      PtxCounts *counts, std::string *error) {
  if (arch.rfind("sm_", 0) != 0) {
    *error = "PTX counts need an NVIDIA architecture (sm_XY), not " + arch;
    return false;
  }
  const CompileRequest request = ReportRequest(compiler, options, source, "compute_" + arch.substr(3), "ptx");
  const CompileResult  result  = Compile(request);
  if (!result.ok) {
    *error = result.message;
    return false;
  }
  if (!CountPtxInstructions(result.code, counts)) {
    *error = "the PTX of CeedGenOperatorKernel for " + request.target.name + " has no instructions";
    return false;
  }
  return true;
}

}  // namespace ceed::gpu
