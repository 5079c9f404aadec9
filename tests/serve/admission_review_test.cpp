// Parsing AdmissionReview requests and writing responses.
#include "volpol/detail/serve/admission_review.h"

#include <gtest/gtest.h>

#include "admission_review_fixtures.h"

namespace volpol::serve {
namespace {

using testing::backup_label;
using testing::config_map_review;

TEST(admission_review, reads_the_request_and_the_config_map) {
  auto r = parse_admission_review(config_map_review("version: v1\n", backup_label, "UPDATE"));
  ASSERT_TRUE(r.ok()) << r.error()->to_string();
  EXPECT_EQ(r->uid, "705ab4f5-6393-11e8-b7cc-42010a800002");
  EXPECT_TRUE(r->is_config_map());
  EXPECT_EQ(r->operation, admission_operation::update);
  EXPECT_EQ(r->operation_text, "UPDATE");
  EXPECT_EQ(r->name, "backup-policy");
  EXPECT_EQ(r->namespace_, "velero");
  EXPECT_FALSE(r->dry_run);
  ASSERT_TRUE(r->has_object);
  ASSERT_NE(r->config_map.label("volpol.io/resource-policy"), nullptr);
  EXPECT_EQ(*r->config_map.label("volpol.io/resource-policy"), "backup");
  ASSERT_EQ(r->config_map.data.size(), 1u);
  EXPECT_EQ(r->config_map.data[0].first, "policy.yaml");
  EXPECT_EQ(r->config_map.data[0].second, "version: v1\n");
  EXPECT_NE(r->config_map.json.find(R"("kind":"ConfigMap")"), std::string::npos) << r->config_map.json;
}

TEST(admission_review, delete_has_no_object) {
  const std::string body =
      R"({"apiVersion":"admission.k8s.io/v1","kind":"AdmissionReview","request":{"uid":"u2",)"
      R"("kind":{"group":"","version":"v1","kind":"ConfigMap"},"operation":"DELETE","name":"p","namespace":"velero",)"
      R"("object":null,"oldObject":{"kind":"ConfigMap"}}})";
  auto r = parse_admission_review(body);
  ASSERT_TRUE(r.ok()) << r.error()->to_string();
  EXPECT_EQ(r->operation, admission_operation::delete_);
  EXPECT_FALSE(r->has_object);
}

struct bad_case {
  const char* body;
  const char* path;
  const char* message_part;
};

class admission_review_errors : public ::testing::TestWithParam<bad_case> {};

TEST_P(admission_review_errors, name_the_problem) {
  auto r = parse_admission_review(GetParam().body);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error()->where.path, GetParam().path);
  EXPECT_NE(r.error()->message.find(GetParam().message_part), std::string::npos) << r.error()->message;
}

INSTANTIATE_TEST_SUITE_P(
    bodies, admission_review_errors,
    ::testing::Values(
        bad_case{"{\"apiVersion\": ", "", "not JSON"}, bad_case{"", "", "not JSON"},
        bad_case{"[1,2]", "", "expected an AdmissionReview object, got an array"},
        bad_case{R"({"apiVersion":"admission.k8s.io/v1beta1","kind":"AdmissionReview","request":{"uid":"u"}})",
                 "apiVersion", "admission.k8s.io/v1beta1"},
        bad_case{R"({"apiVersion":"admission.k8s.io/v1","kind":"Pod"})", "kind", "got `Pod`"},
        bad_case{R"({"apiVersion":"admission.k8s.io/v1","kind":"AdmissionReview"})", "request", "no `request`"},
        bad_case{R"({"apiVersion":"admission.k8s.io/v1","kind":"AdmissionReview","request":{"uid":""}})", "request.uid",
                 "no `uid`"},
        bad_case{R"({"apiVersion":"admission.k8s.io/v1","kind":"AdmissionReview","request":{"uid":7}})", "request.uid",
                 "got a number"},
        bad_case{R"({"apiVersion":"admission.k8s.io/v1","kind":"AdmissionReview","request":{"uid":"u",)"
                 R"("kind":{"group":"","version":"v1","kind":"ConfigMap"},"operation":"CREATE",)"
                 R"("object":{"data":{"policy.yaml":{"version":"v1"}}}}})",
                 "request.object.data.policy.yaml", "expected a string value, got an object"},
        bad_case{R"({"apiVersion":"admission.k8s.io/v1","kind":"AdmissionReview","request":{"uid":"u",)"
                 R"("kind":{"group":"","version":"v1","kind":"ConfigMap"},"operation":"CREATE",)"
                 R"("object":{"metadata":{"labels":["a"]}}}})",
                 "request.object.metadata.labels", "got an array"}));

TEST(admission_review, a_body_over_the_limit_is_refused_before_parsing) {
  const std::string big(max_admission_review_bytes + 1, ' ');
  auto r = parse_admission_review(big);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error()->message.find("3145729 bytes, more than the limit of 3145728"), std::string::npos)
      << r.error()->message;
}

TEST(admission_review, response_json_allowed_and_denied) {
  admission_response ok;
  ok.uid = "u1";
  EXPECT_EQ(admission_review_json(ok),
            R"({"apiVersion":"admission.k8s.io/v1","kind":"AdmissionReview","response":{"uid":"u1","allowed":true}})");
  admission_response no;
  no.uid = "u2";
  no.allowed = false;
  no.status_code = 422;
  no.status_reason = "Invalid";
  no.message = "line one\nsays \"x\"";
  no.warnings = {"w1", "w\\2"};
  EXPECT_EQ(admission_review_json(no),
            R"({"apiVersion":"admission.k8s.io/v1","kind":"AdmissionReview","response":{"uid":"u2","allowed":false,)"
            R"("status":{"code":422,"reason":"Invalid","message":"line one\nsays \"x\""},"warnings":["w1","w\\2"]}})");
}

TEST(admission_review, strings_are_written_as_go_writes_them) {
  admission_response no;
  no.uid = "u\x01";
  no.allowed = false;
  no.status_code = 422;
  no.status_reason = "Invalid";
  no.message = "bad \xff <end>";
  EXPECT_EQ(admission_review_json(no),
            R"({"apiVersion":"admission.k8s.io/v1","kind":"AdmissionReview","response":{"uid":"u\u0001",)"
            R"("allowed":false,"status":{"code":422,"reason":"Invalid","message":"bad \ufffd <end>"}}})");
}

}  // namespace
}  // namespace volpol::serve
