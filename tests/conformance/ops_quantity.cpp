// Conformance ops for the quantity area (see corpus.h).
#include "corpus.h"

namespace volpol::conformance {

void register_quantity_ops(op_table& ops) { (void)ops; }

}  // namespace volpol::conformance
