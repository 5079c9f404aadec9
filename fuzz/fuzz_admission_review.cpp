// An AdmissionReview request body (what `volpol serve` reads at POST /validate): parsed, decided
// and answered, as the server does for every request.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "volpol/detail/serve/admission_review.h"
#include "volpol/serve/admission.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view body(reinterpret_cast<const char*>(data), size);
  const auto parsed = volpol::serve::parse_admission_review(body);
  if (const volpol::diagnostic* e = parsed.error()) {
    (void)e->to_string();
    return 0;
  }
  volpol::serve::review_options options;
  for (const bool deny : {false, true}) {
    options.deny_warnings = deny;
    const auto decision = volpol::serve::review(parsed.value(), options);
    (void)volpol::serve::admission_review_json(volpol::serve::respond(parsed.value(), decision, options));
  }
  return 0;
}
