// `plan -o json`: the plan report as JSON, each record streamed straight into the output
// buffer (no whole-document tree).
#include <cstdio>
#include <string>
#include <string_view>

#include "document_model.h"
#include "document_writer.h"
#include "report_fields.h"
#include "volpol/plan/report.h"

namespace volpol::plan {

void write_json(const plan_result& plan, const report_context& ctx, std::FILE* out) {
  detail::buffered b(out);
  std::string& text = b.text();
  text += "{\n";
  for (const auto& [key, value] : detail::report_header(plan, ctx)) {
    text += "  " + detail::json_string(key) + ": ";
    detail::write_json(value, text, 1);
    text += ",\n";
  }
  text += "  \"volumes\": [";
  // One record at a time (no whole-document tree), in chunks on ctx.threads threads.
  detail::append_json_objects_and_close(b, plan.volumes.size(), detail::output_threads(ctx.threads),
                                        [&plan](std::size_t i, detail::json_fields& f) {
                                          if (i + detail::prefetch_distance < plan.volumes.size())
                                            detail::prefetch_names(plan.volumes[i + detail::prefetch_distance]);
                                          detail::record_fields(plan.volumes[i], plan, f);
                                        });
}

}  // namespace volpol::plan
