#include "ceed-handle.hpp"

#include <cstdlib>

namespace bench {

CeedOwned InitCeed(const std::string &resource) {
  CeedOwned ceed;
  // Errors raised before a context exists follow CEED_ERROR_HANDLER; "store" keeps their message for us.
  setenv("CEED_ERROR_HANDLER", "store", 1);
  BENCH_CALL(nullptr, CeedInit(resource.c_str(), ceed.out()));
  BENCH_CALL(ceed, CeedSetErrorHandler(ceed, CeedErrorStore));
  return ceed;
}

HostRead::HostRead(CeedVector vec) : vec_(vec) { BENCH_CALL(CeedVectorReturnCeed(vec), CeedVectorGetArrayRead(vec, CEED_MEM_HOST, &data_)); }
HostRead::~HostRead() { CeedVectorRestoreArrayRead(vec_, &data_); }

HostWrite::HostWrite(CeedVector vec) : vec_(vec) { BENCH_CALL(CeedVectorReturnCeed(vec), CeedVectorGetArrayWrite(vec, CEED_MEM_HOST, &data_)); }
HostWrite::~HostWrite() { CeedVectorRestoreArray(vec_, &data_); }

void Synchronize(CeedVector vec) {
  Ceed        ceed = CeedVectorReturnCeed(vec);
  CeedMemType mem  = CEED_MEM_HOST;
  BENCH_CALL(ceed, CeedGetPreferredMemType(ceed, &mem));
  if (mem == CEED_MEM_HOST) {
    HostRead wait(vec);
  } else {
    CeedScalar norm = 0.0;
    BENCH_CALL(ceed, CeedVectorNorm(vec, CEED_NORM_MAX, &norm));
  }
}

}  // namespace bench
