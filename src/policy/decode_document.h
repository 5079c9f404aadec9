// src/policy/decode_document.h — internal: the pieces of decoding a policy document, shared by
// the document, ConfigMap and file readers. Not a public header.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "decode_node.h"
#include "volpol/policy/document.h"

namespace volpol::policy::detail {

/// The first YAML document of `text`; nullopt (reported) when the text is not YAML or holds
/// no document.
[[nodiscard]] std::optional<YAML::Node> parse_first_document(std::string_view text, node_decoder& d);

/// Decodes a parsed document (`ResourcePolicies`).
[[nodiscard]] resource_policies decode_document_node(const YAML::Node& root, const text_origin& origin,
                                                     node_decoder& d);

/// The sections of decode_filters.cpp.
[[nodiscard]] std::optional<include_exclude_policy> decode_include_exclude(const YAML::Node& n, const std::string& path,
                                                                           value_mark m, node_decoder& d);
[[nodiscard]] std::optional<cluster_scoped_filter_policy> decode_cluster_scoped_filter(const YAML::Node& n,
                                                                                       const std::string& path,
                                                                                       value_mark m, node_decoder& d);
[[nodiscard]] std::vector<namespaced_filter_policy> decode_namespaced_filters(const YAML::Node& n,
                                                                              const std::string& path, value_mark m,
                                                                              node_decoder& d);

}  // namespace volpol::policy::detail
