// Fused kernel resources from hipRTC's code object (see hip-kernel-report.hpp).
#include "hip-kernel-report.hpp"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <sstream>

#include "gpu-compile.hpp"
#include "hip-runtime.hpp"

namespace ceed::gpu::hip {

bool ParseCodeObjectNotes(const std::string &notes, AmdKernelResources *r) {
  // Kernel-level keys of the metadata are indented four spaces: ".vgpr_count:     40".
  std::istringstream lines(notes);
  int                found = 0;
  auto               value = [](const std::string &line) { return std::atoi(line.c_str() + line.find(':') + 1); };
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("    .vgpr_count:", 0) == 0) r->vgprs = value(line), found++;
    if (line.rfind("    .agpr_count:", 0) == 0) r->agprs = value(line);
    if (line.rfind("    .sgpr_count:", 0) == 0) r->sgprs = value(line), found++;
    if (line.rfind("    .private_segment_fixed_size:", 0) == 0) r->scratch_bytes = value(line), found++;
    if (line.rfind("    .group_segment_fixed_size:", 0) == 0) r->lds_bytes = value(line), found++;
  }
  return found == 4;
}

bool MeasureFusedKernel(const std::string &source, const ceed::gen::OperatorDesc &desc, const ceed::gen::ThreadLayout &layout,
                        const std::string &processor, AmdKernelResources *r, std::string *error) {
  const Compiler *hiprtc = HipRtc(error);
  if (!hiprtc) return false;
  CompileRequest request;
  request.compiler     = hiprtc;
  request.source       = source;
  request.program_name = "ceedrt-kernel-report";
  request.kernel_names = {"CeedGenOperatorKernel"};
  request.options      = hiprtc->BaseOptions();
  if (!MakeTarget(processor, -1, &request.target, error)) return false;
  const CompileResult result = Compile(request);
  if (!result.ok) {
    *error = result.message;
    return false;
  }
  // llvm-readelf reads a file: the code object goes to a private temporary one.
  char path[] = "/tmp/ceedrt-kernel-report-XXXXXX";
  const int fd = mkstemp(path);
  if (fd < 0 || write(fd, result.code.data(), result.code.size()) != (ssize_t)result.code.size()) {
    if (fd >= 0) close(fd), unlink(path);
    *error = "cannot write the code object to a temporary file";
    return false;
  }
  close(fd);
  std::string notes;
  int         status = 0;
  const bool  ran    = ceed::gen::RunCommand({"llvm-readelf-15", "--notes", path}, &notes, &status);
  unlink(path);
  if (!ran || status != 0) {
    *error = "llvm-readelf-15 --notes failed (Debian: llvm-15): " + notes;
    return false;
  }
  *r        = AmdKernelResources();
  r->target = processor;
  if (!ParseCodeObjectNotes(notes, r)) {
    *error = "the code object's notes have no register counts for CeedGenOperatorKernel";
    return false;
  }
  r->threads           = layout.max_block;
  r->dynamic_lds_bytes = layout.max_block / std::max(layout.threads_per_elem, 1) * layout.shared_values_per_elem * (desc.compute == CEED_SCALAR_FP32 ? 4 : 8);
  // .vgpr_count is what the waves per SIMD are computed from: on gfx90a's unified register file it already counts
  // the AGPRs (BP4 p=8 before the sliced columns: vgpr_count 328 = 256 + agpr_count 72), so they are not added again.
  const int registers  = (r->vgprs + 7) / 8 * 8;
  r->waves_per_simd    = std::min(8, 512 / std::max(registers, 8));
  return true;
}

}  // namespace ceed::gpu::hip
