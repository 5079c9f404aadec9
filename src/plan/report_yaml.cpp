// `plan -o yaml`: the plan report through yaml-cpp, one record at a time.
#include <yaml-cpp/yaml.h>

#include <cstdio>

#include "document_model.h"
#include "ordered_text.h"
#include "report_fields.h"
#include "volpol/plan/report.h"

namespace volpol::plan {

void write_yaml(const plan_result& plan, const report_context& ctx, std::FILE* out) {
  detail::buffered b(out);
  {
    YAML::Emitter e;
    e << YAML::BeginMap;
    for (const auto& [key, value] : detail::report_header(plan, ctx)) {
      e << YAML::Key << key << YAML::Value;
      detail::write_yaml(value, e);
    }
    e << YAML::EndMap;
    b.text() += e.c_str();
  }
  b.text() += plan.volumes.empty() ? "\nvolumes: []\n" : "\nvolumes:\n";
  detail::ordered_text(
      plan.volumes.size(), detail::output_threads(ctx.threads),
      [&plan](std::size_t i, std::string& chunk) {
        detail::append_yaml_item(detail::volume_node(plan.volumes[i], plan), chunk);
      },
      [&b](const std::string& chunk) { b.append(chunk); });
}

}  // namespace volpol::plan
