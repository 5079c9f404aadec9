// Conformance ops for the podvolume area (see corpus.h).
#include "corpus.h"

namespace volpol::conformance {

void register_podvolume_ops(op_table& ops) { (void)ops; }

}  // namespace volpol::conformance
