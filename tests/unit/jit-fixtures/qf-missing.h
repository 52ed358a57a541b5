#include <ceed/types.h>

#include "no-such-header.h"
