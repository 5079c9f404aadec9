// Conformance ops for the helper area (see corpus.h).
#include "corpus.h"

namespace volpol::conformance {

void register_helper_ops(op_table& ops) { (void)ops; }

}  // namespace volpol::conformance
