// The cpu dialect: a batch of Lanes() elements in the lanes of GCC/Clang vector types, element arrays
// in the scratch memory of the call, a plain C-linkage entry point, the QFunction called once per batch.
#include "ceed-gen.hpp"

namespace ceed::gen {
namespace {

class CpuDialect final : public Dialect {
 public:
  explicit CpuDialect(int lanes) : lanes_(lanes) {}
  std::string              Name() const override { return "cpu"; }
  std::vector<std::string> TemplateFiles() const override {
    return {"cpu/ceed-gen-cpu.h", "cpu/ceed-gen-cpu-restriction.h", "cpu/ceed-gen-cpu-basis.h", "ceed-gen-basis.h"};
  }
  std::string Preamble() const override {
    // QFunction sources are compiled as for any JIT pass (spec 01 §6), with the host math library in reach.
    // A source may define several QFunctions and the kernel calls one: the others must not raise warnings.
    return "#define CEED_RUNNING_JIT_PASS 1\n#define CEED_GEN_LANES " + std::to_string(lanes_) + "\n" + MaskedAddMin() +
           "#include <math.h>\n#include <stddef.h>\n#include <stdint.h>\n"
           // The masked loads and stores call the intrinsics' builtins where the compiler has them (ceed-gen-cpu.h).
           "#if defined(__has_builtin)\n#if __has_builtin(__builtin_ia32_loadupd512_mask) && __has_builtin(__builtin_ia32_storeups256_mask)\n"
           "#define CEED_GEN_MASK_BUILTINS 1\n#endif\n#endif\n"
           "#if defined(__x86_64__) && !defined(CEED_GEN_MASK_BUILTINS)\n#include <immintrin.h>\n#endif\n"
           "#define CEED_QFUNCTION(name) \\\n"
           "  __attribute__((unused)) static const char name##_loc[] = __FILE__ \":\" #name; \\\n"
           "  CEED_QFUNCTION_ATTR __attribute__((unused)) static int name\n";
  }
  int    Lanes() const override { return lanes_; }
  size_t ArrayLength(ArrayKind, size_t values_per_element) const override { return values_per_element; }
  size_t ArrayEntryBytes() const override { return (size_t)lanes_ * sizeof(CeedScalar); }
  void   DeclareArray(Writer &w, const std::string &name, ArrayKind, size_t offset, size_t length) const override {
    w.Line("CeedGenVec *const " + name + " = scratch + " + std::to_string(offset) + ";  // " + std::to_string(length) + " vectors");
  }
  void KernelBegin(Writer &w, const OperatorDesc &) const override {
    w.Line("extern \"C\" int CeedGenOperatorKernel(const CeedGenArgs *args) {");
    w.Indent();
    w.Line("CeedGenVec *const scratch = (CeedGenVec *)args->scratch;");
  }
  void ElementLoopBegin(Writer &w, const OperatorDesc &) const override {
    // A call works on all batches, or on the list a threaded application gives each thread.
    w.Line("const CeedInt num_batches = args->batches ? args->num_batches : (args->num_elem + CEED_GEN_LANES - 1) / CEED_GEN_LANES;");
    w.Line("for (CeedInt k = 0; k < num_batches; k++) {");
    w.Indent();
    w.Line("const CeedInt batch = args->batches ? args->batches[k] : k;");
    w.Line("const CeedInt remaining = args->num_elem - batch * CEED_GEN_LANES;");
    w.Line("const CeedGenElem elem = {batch, remaining < CEED_GEN_LANES ? remaining : CEED_GEN_LANES, args->num_elem};");
  }
  void ElementLoopEnd(Writer &w) const override {
    w.Dedent();
    w.Line("}");
  }
  void KernelEnd(Writer &w) const override {
    w.Line("return 0;");
    w.Dedent();
    w.Line("}");
  }
  void CallQFunction(Writer &w, const OperatorDesc &desc, bool inline_source, const std::vector<std::string> &in,
                     const std::vector<std::string> & /* read_at_point: never asked for */, const std::vector<std::string> &out) const override {
    std::string ins, outs;
    for (const std::string &a : in) ins += (ins.empty() ? "" : ", ") + std::string("(const CeedScalar *)") + a;
    for (const std::string &a : out) outs += (outs.empty() ? "" : ", ") + std::string("(CeedScalar *)") + a;
    w.Line("{");
    w.Indent();
    w.Line("const CeedScalar *const qf_in[] = {" + (ins.empty() ? std::string("NULL") : ins) + "};");
    w.Line("CeedScalar *const qf_out[] = {" + (outs.empty() ? std::string("NULL") : outs) + "};");
    const std::string fn = inline_source ? desc.qf_kernel_name : std::string("args->qf_user");
    w.Line("const int ierr = " + fn + "(args->qf_context, " + std::to_string(desc.num_qpts) + " * CEED_GEN_LANES, qf_in, qf_out);");
    w.Line("if (ierr) return ierr;");
    w.Dedent();
    w.Line("}");
  }

 private:
  // The shortest row of a transpose restriction added with masked instructions (ceed-gen-cpu.h), by the vendor
  // of the host's cores (the kernels are compiled for it): rows of 5 nodes (p = 4) are faster masked on an
  // Intel Xeon (BP1 p = 4 +12-25%, BP3 +5-14%, BP5 within noise), plain on AMD Zen 5 (+4-5%): the template's
  // default. The measurements are in docs/cpu-gen-performance.md.
  static std::string MaskedAddMin() {
#if defined(__x86_64__) && defined(__GNUC__)
    __builtin_cpu_init();
    if (__builtin_cpu_is("intel")) return "#ifndef CEED_GEN_MASKED_ADD_MIN\n#define CEED_GEN_MASKED_ADD_MIN 5\n#endif\n";
#endif
    return "";
  }
  int lanes_;
};

}  // namespace

std::unique_ptr<Dialect> CreateCpuDialect(int lanes) { return std::make_unique<CpuDialect>(lanes); }

}  // namespace ceed::gen
