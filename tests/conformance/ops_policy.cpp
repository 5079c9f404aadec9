// Conformance ops for the policy area (see corpus.h).
#include "corpus.h"

namespace volpol::conformance {

void register_policy_ops(op_table& ops) { (void)ops; }

}  // namespace volpol::conformance
