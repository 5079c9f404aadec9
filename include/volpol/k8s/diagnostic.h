// Forwarding header: diagnostic and result<T> are core types (volpol/core/diagnostic.h,
// volpol/core/result.h). Kept while the object loader still includes this path.
#pragma once

#include "volpol/core/result.h"
