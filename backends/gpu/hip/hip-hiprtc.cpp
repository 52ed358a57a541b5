// HIP vendor layer: run-time compilation with hipRTC to AMD code objects, and the targets it accepts.
#include <algorithm>

#include "hip-api.hpp"
#include "hip-runtime.hpp"

namespace ceed::gpu::hip {

namespace {

class HipRtcCompiler final : public Compiler {
 public:
  // hipRTC predefines the fixed-width integers but not ptrdiff_t (ceed/types.h: CeedSize); clang names its type.
  explicit HipRtcCompiler(const Api &api)
      : Compiler(VersionName(api), {"-std=c++17", "-O3", "-DCEED_RUNNING_JIT_PASS=1", "-Dptrdiff_t=__PTRDIFF_TYPE__"}, ".hip"), api_(api) {}

  bool Compile(const std::string &source, const std::string &program_name, const std::vector<std::string> &options, std::string *code,
               std::string *log, std::string *error) const override {
    hiprtcProgram program = nullptr;
    hiprtcResult  status  = api_.hiprtcCreateProgram(&program, source.c_str(), (program_name + ".hip").c_str(), 0, nullptr, nullptr);
    if (status != HIPRTC_SUCCESS) {
      *error = std::string("hiprtcCreateProgram: ") + api_.hiprtcGetErrorString(status);
      return false;
    }
    std::vector<const char *> option_ptrs;
    for (const std::string &o : options) option_ptrs.push_back(o.c_str());
    status          = api_.hiprtcCompileProgram(program, static_cast<int>(option_ptrs.size()), option_ptrs.data());
    size_t log_size = 0;
    if (api_.hiprtcGetProgramLogSize(program, &log_size) == HIPRTC_SUCCESS && log_size > 1) {
      log->assign(log_size, '\0');
      api_.hiprtcGetProgramLog(program, &(*log)[0]);
      while (!log->empty() && log->back() == '\0') log->pop_back();
    }
    bool ok = status == HIPRTC_SUCCESS;
    if (!ok) *error = api_.hiprtcGetErrorString(status);
    size_t size = 0;
    if (ok && (status = api_.hiprtcGetCodeSize(program, &size)) == HIPRTC_SUCCESS) {
      code->assign(size, '\0');
      status = api_.hiprtcGetCode(program, &(*code)[0]);
    }
    if (ok && status != HIPRTC_SUCCESS) {
      *error = std::string("could not return the code: ") + api_.hiprtcGetErrorString(status);
      ok     = false;
    }
    api_.hiprtcDestroyProgram(&program);
    return ok;
  }

 private:
  // hipRTC reports its compiler's version; the HIP release tells the libraries apart.
  static std::string VersionName(const Api &api) {
    int major = 0, minor = 0, runtime = 0;
    if (api.hiprtcVersion(&major, &minor) != HIPRTC_SUCCESS) major = minor = 0;
    if (api.hipRuntimeGetVersion(&runtime) != hipSuccess) runtime = HIP_VERSION;
    return "hipRTC " + std::to_string(major) + "." + std::to_string(minor) + " (HIP " + std::to_string(runtime / 10000000) + "." +
           std::to_string(runtime / 100000 % 100) + "." + std::to_string(runtime % 100000) + ")";
  }
  const Api &api_;
};

}  // namespace

const Compiler *HipRtc(std::string *reason) {
  const Api *api = LoadApi(reason);
  if (!api) return nullptr;
  static const HipRtcCompiler compiler(*api);
  return &compiler;
}

bool HasHardwareFp64Atomics(const std::string &processor) { return processor == "gfx90a" || processor.rfind("gfx94", 0) == 0; }

bool MakeTarget(const std::string &processor, int unsafe_atomics, Target *target, std::string *error) {
  std::string                    reason;
  const std::vector<std::string> known = ComgrProcessors(&reason);
  if (known.empty()) {
    *error = "cannot check the target " + processor + " against comgr's processor list: " + reason;
    return false;
  }
  if (std::find(known.begin(), known.end(), processor) == known.end()) {
    std::string list;
    for (const std::string &p : known) list += (list.empty() ? "" : " ") + p;
    *error = "hipRTC of this HIP installation cannot compile for " + processor + " (it would abort the process); supported targets: " + list;
    return false;
  }
  const bool unsafe   = unsafe_atomics < 0 ? HasHardwareFp64Atomics(processor) : unsafe_atomics != 0;
  target->name        = processor;
  target->options     = {"--offload-arch=" + processor};
  if (unsafe) target->options.push_back("-munsafe-fp-atomics");
  target->code_suffix = "hsaco";
  // Fixed before compiling: every kernel carries __launch_bounds__ of the block it is launched with.
  target->fixed_ref_block = 256;
  // RDNA (gfx10, gfx11) runs wave32 by default, CDNA and GCN wave64.
  target->wavefront = processor.rfind("gfx10", 0) == 0 || processor.rfind("gfx11", 0) == 0 ? 32 : 64;
  return true;
}

}  // namespace ceed::gpu::hip
