// volpol/core/zstring_view.h: printing.
#include "volpol/core/zstring_view.h"

#include <ostream>

namespace volpol {

std::ostream& operator<<(std::ostream& out, zstring_view s) { return out << s.view(); }

}  // namespace volpol
