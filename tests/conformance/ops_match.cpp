// Conformance ops for the match area (see corpus.h).
#include "corpus.h"

namespace volpol::conformance {

void register_match_ops(op_table& ops) { (void)ops; }

}  // namespace volpol::conformance
