// render_table's layout (table_options): the reason cut to a terminal's width with "…", never
// on a pipe (width 0), whole in -o wide; rows only with no_headers.
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "volpol/k8s/loader.h"
#include "volpol/plan/planner.h"
#include "volpol/plan/report.h"

using namespace volpol;
using namespace volpol::plan;

namespace {

constexpr const char* objects = R"(apiVersion: v1
kind: PersistentVolumeClaim
metadata: {name: data, namespace: shop}
spec: {storageClassName: gp2}
---
apiVersion: v1
kind: Pod
metadata: {name: app, namespace: shop}
spec:
  nodeName: n1
  containers: [{name: c}]
  volumes:
  - {name: host, hostPath: {path: /var/log}}
status: {phase: Running}
)";

std::vector<std::string> lines_of(const std::string& s) {
  std::vector<std::string> out;
  std::istringstream in(s);
  for (std::string l; std::getline(in, l);) out.push_back(l);
  return out;
}

/// Columns the line takes on a terminal (one per UTF-8 code point).
std::size_t columns(const std::string& s) {
  std::size_t n = 0;
  for (const char c : s) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  return n;
}

TEST(report_table, reason_cut_to_the_terminal_width_only) {
  const k8s::load_result loaded = k8s::load_text(objects, "objects.yaml");
  ASSERT_TRUE(loaded.problems.empty());
  plan_input in;
  in.cluster = &loaded.objects;
  auto planned = make_plan(in);
  ASSERT_TRUE(planned.ok());
  const plan_result& plan = planned.value();
  const report_context ctx;

  const std::vector<std::string> whole = lines_of(render_table(plan, ctx));
  ASSERT_GE(whole.size(), 3u);
  EXPECT_EQ(whole[0].rfind("NAMESPACE  VOLUME    METHOD   POLICY  REASON", 0), 0u) << whole[0];
  EXPECT_EQ(whole[1], "shop       app/host  skipped  -       no fs-backup: hostPath volumes are never fs-backed-up");

  table_options narrow;
  narrow.width = 62;
  const std::vector<std::string> cut = lines_of(render_table(plan, ctx, narrow));
  EXPECT_EQ(cut[1], "shop       app/host  skipped  -       no fs-backup: hostPath \u2026");
  EXPECT_EQ(columns(cut[1]), 62u);
  EXPECT_EQ(cut[0], whole[0]);  // a header shorter than the width is not cut

  table_options too_narrow;  // 38 columns before the reason: with fewer than 24 left, no cut
  too_narrow.width = 61;
  EXPECT_EQ(lines_of(render_table(plan, ctx, too_narrow)), whole);

  narrow.wide = true;  // -o wide shows the whole reason whatever the width
  const std::vector<std::string> wide = lines_of(render_table(plan, ctx, narrow));
  EXPECT_NE(wide[0].find("POD/VOLUME"), std::string::npos);
  EXPECT_NE(wide[1].find("hostPath volumes are never fs-backed-up"), std::string::npos) << wide[1];

  table_options rows_only;
  rows_only.no_headers = true;
  const std::string rows = render_table(plan, ctx, rows_only);
  EXPECT_EQ(lines_of(rows).size(), plan.volumes.size());
  EXPECT_EQ(lines_of(rows)[0], "shop  app/host  skipped  -  no fs-backup: hostPath volumes are never fs-backed-up");
}

}  // namespace
