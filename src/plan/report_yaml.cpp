// `plan -o yaml`: the plan report through yaml-cpp, one record at a time.
#include <yaml-cpp/yaml.h>

#include <cstdio>

#include "document_model.h"
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
  for (const volume_record& r : plan.volumes) {
    YAML::Emitter e;
    e << YAML::BeginSeq;
    detail::write_yaml(detail::volume_node(r, plan), e);
    e << YAML::EndSeq;
    b.text() += e.c_str();
    b.text() += '\n';
    b.maybe_flush();
  }
}

}  // namespace volpol::plan
