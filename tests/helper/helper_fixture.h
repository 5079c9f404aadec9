// A cluster and policies for volume_helper tests, read from YAML text.
#pragma once

#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include <optional>
#include <string>
#include <type_traits>
#include <variant>

#include "volpol/detail/k8s/object_yaml.h"
#include "volpol/helper/volume_helper.h"
#include "volpol/k8s/cluster.h"
#include "volpol/policy/document.h"
#include "volpol/policy/policies.h"

namespace volpol::helper::testing {

/// Builds (without validating) a policy document, failing the test on error.
inline policy::policies build_policies(const std::string& text,
                                       policy::policy_scope scope = policy::policy_scope::backup) {
  auto doc = policy::decode_resource_policies(text);
  EXPECT_TRUE(doc.ok()) << (doc.error() ? doc.error()->to_string() : "");
  if (!doc.ok()) return {};
  auto built = policy::policies::build(doc.value(), scope);
  EXPECT_TRUE(built.ok()) << (built.error() ? built.error()->to_string() : "");
  return built.ok() ? std::move(built).value() : policy::policies{};
}

/// Adds every document of a multi-document YAML text to `c`.
inline void add_objects(k8s::cluster& c, const std::string& yaml) {
  for (const YAML::Node& n : YAML::LoadAll(yaml)) {
    auto obj = k8s::object_from_yaml(n);
    ASSERT_TRUE(obj.ok()) << obj.error()->to_string();
    std::visit(
        [&](auto&& x) {
          if constexpr (!std::is_same_v<std::decay_t<decltype(x)>, k8s::other_object>) {
            ASSERT_TRUE(c.add(std::move(x)));
          }
        },
        std::move(obj).value());
  }
}

}  // namespace volpol::helper::testing
