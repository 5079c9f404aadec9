// Forwarding header: value is a core type (volpol/core/value.h). Kept while the object loader
// still includes this path.
#pragma once

#include "volpol/core/value.h"
