// CUDA vendor layer: run-time compilation with NVRTC, to a CUBIN for the device's architecture or to PTX.
#include <nvrtc.h>

#include "cuda-runtime.hpp"

namespace ceed::gpu::cuda {

namespace {

class NvrtcCompiler final : public Compiler {
 public:
  NvrtcCompiler()
      : Compiler("NVRTC " + std::to_string(NvrtcVersion() / 1000) + "." + std::to_string(NvrtcVersion() % 1000 / 10),
                 {"-std=c++17", "-default-device", "-DCEED_RUNNING_JIT_PASS=1", "-Dint32_t=int"}, ".cu") {}

  bool Compile(const std::string &source, const std::string &program_name, const std::vector<std::string> &options, std::string *code,
               std::string *log, std::string *error) const override {
    nvrtcProgram program = nullptr;
    nvrtcResult  status  = nvrtcCreateProgram(&program, source.c_str(), (program_name + ".cu").c_str(), 0, nullptr, nullptr);
    if (status != NVRTC_SUCCESS) {
      *error = std::string("nvrtcCreateProgram: ") + nvrtcGetErrorString(status);
      return false;
    }
    std::vector<const char *> option_ptrs;
    bool                      ptx = false;
    for (const std::string &o : options) {
      option_ptrs.push_back(o.c_str());
      if (o.rfind("-arch=compute_", 0) == 0) ptx = true;
    }
    status = nvrtcCompileProgram(program, static_cast<int>(option_ptrs.size()), option_ptrs.data());
    size_t log_size = 0;
    if (nvrtcGetProgramLogSize(program, &log_size) == NVRTC_SUCCESS && log_size > 1) {
      log->resize(log_size);
      nvrtcGetProgramLog(program, &(*log)[0]);
      log->resize(log_size - 1);  // drop the terminating NUL
    }
    bool ok = status == NVRTC_SUCCESS;
    if (!ok) *error = nvrtcGetErrorString(status);
    size_t size = 0;
    if (ok) {
      nvrtcResult get = ptx ? nvrtcGetPTXSize(program, &size) : nvrtcGetCUBINSize(program, &size);
      if (get == NVRTC_SUCCESS) {
        code->resize(size);
        get = ptx ? nvrtcGetPTX(program, &(*code)[0]) : nvrtcGetCUBIN(program, &(*code)[0]);
      }
      if (get != NVRTC_SUCCESS) *error = std::string("could not return the code: ") + nvrtcGetErrorString(get);
      ok = get == NVRTC_SUCCESS;
      // PTX is text: drop the terminating NUL (the loader gets code.c_str()).
      if (ok && ptx && !code->empty() && code->back() == '\0') code->pop_back();
    }
    nvrtcDestroyProgram(&program);
    return ok;
  }
};

}  // namespace

const Compiler &Nvrtc() {
  static const NvrtcCompiler compiler;
  return compiler;
}

int NvrtcVersion() {
  int major = 0, minor = 0;
  if (nvrtcVersion(&major, &minor) != NVRTC_SUCCESS) return 0;
  return major * 1000 + minor * 10;
}

std::vector<int> NvrtcSupportedArchs() {
  int num = 0;
  if (nvrtcGetNumSupportedArchs(&num) != NVRTC_SUCCESS || num <= 0) return {};
  std::vector<int> archs(static_cast<size_t>(num));
  if (nvrtcGetSupportedArchs(archs.data()) != NVRTC_SUCCESS) return {};
  return archs;
}

bool ChooseTarget(int device_arch, Target *target) {
  int best = 0;
  bool exact = false;
  for (int a : NvrtcSupportedArchs()) {
    if (a == device_arch) exact = true;
    if (a < device_arch && a > best) best = a;
  }
  if (!exact && !best) return false;
  const std::string arch = std::to_string(exact ? device_arch : best);
  target->name        = (exact ? "sm_" : "compute_") + arch;
  target->options     = {"-arch=" + target->name};
  target->code_suffix = exact ? "cubin" : "ptx";
  target->fixed_ref_block = 0;
  target->wavefront       = 32;
  return true;
}

}  // namespace ceed::gpu::cuda
