// Fixture for jit-source-test: a QFunction source with every kind of include the loader handles.
#pragma once
#include <ceed/types.h>
#include <ceed.h>
#include <math.h>
#include <fake-sys-include.h>
#include "sub/qf-helper.h"
#include "qf-shared.h"

CEED_QFUNCTION(FixtureScale)(void *ctx, CeedInt Q, const CeedScalar *const *in, CeedScalar *const *out) {
  for (CeedInt i = 0; i < Q; i++) out[0][i] = FixtureHelper(in[0][i]) + FIXTURE_SHARED;
  return 0;
}
