/* The test QFunctions as exported symbols of a shared library that Python loads with ctypes. */
#include <ceed.h>
#undef CEED_QFUNCTION
#define CEED_QFUNCTION(name) extern int name

#include "mass-1d.h"
