// src/policy/config_map.h — internal: decoding a parsed ConfigMap that holds a policy document.
#pragma once

#include <yaml-cpp/yaml.h>

#include <optional>
#include <string>
#include <string_view>

#include "volpol/policy/document.h"

namespace volpol::policy::detail {

/// `kind: ConfigMap` at the top of a mapping.
[[nodiscard]] bool is_config_map(const YAML::Node& root);

/// Decodes the policy document in `root`'s single data value; `file_text` is the text `root`
/// was parsed from (to map positions), `file` its name and limits.
[[nodiscard]] std::optional<resource_policies> decode_config_map_node(const YAML::Node& root,
                                                                      std::string_view file_text,
                                                                      const text_origin& file, diagnostics& out);

/// Decodes `text`, parsed once: a ConfigMap holding a policy document (is_config_map) or the
/// document itself, named by `origin`. What a policy file holds (load_policy_file), or a
/// policy given as text (check_policy_or_config_map_text).
[[nodiscard]] std::optional<resource_policies> decode_policy_or_config_map(std::string_view text,
                                                                           const text_origin& origin, diagnostics& out);

}  // namespace volpol::policy::detail
