#  pragma   once
# include "../qf-shared.h"
CEED_QFUNCTION_HELPER CeedScalar FixtureHelper(CeedScalar x) { return FIXTURE_SHARED * x; }
