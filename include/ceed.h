/* ceedrt public entry header: the full API, or only the QFunction types during a JIT pass. */
#ifndef CEED_H
#define CEED_H

#ifdef CEED_RUNNING_JIT_PASS
#include "ceed/types.h"
#else
#include "ceed/ceed.h"
#endif

#endif /* CEED_H */
