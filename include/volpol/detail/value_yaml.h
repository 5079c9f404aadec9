// volpol/detail/value_yaml.h — a value (value.h) from a yaml-cpp node, typed as Go's yaml.v3
// types `any`. The one core header that names a yaml-cpp type: converting one is its purpose.
#pragma once

#include "volpol/core/result.h"
#include "volpol/core/value.h"

namespace YAML {
class Node;
}

namespace volpol {

/// Converts a yaml-cpp node to a value with yaml.v3's typing for `any` targets (go-yaml
/// resolve.go `resolve`): plain scalars resolve as null (`~`, `null`, `Null`, `NULL`, empty),
/// bool (`true`, `True`, `TRUE`, `false`, `False`, `FALSE` only: `yes`/`on` stay strings),
/// int (Go `strconv.ParseInt(s, 0, 64)` after removing `_`: decimal, `0x1F`, `0o17`, `017`,
/// `0b101`, signed), float (`1.5`, `1e3`, `.5`, `.inf`, `-.Inf`, `.nan`; a float that
/// overflows stays a string), else string. Quoted and block scalars, `!!str` and unknown
/// `!tags` are strings; `!!int`, `!!float`, `!!bool`, `!!null` force the type; `!!binary` is
/// base64-decoded. Mapping keys keep their text; a null key drops its entry (as Go does for
/// `map[string]any`). Marks (value and key positions) come from the node, 1-based.
///
/// Known differences from Go, all rare: timestamps (`2001-12-14`) stay strings (Go gives
/// time.Time); integers above int64 become float64 (Go gives uint64); YAML merge keys (`<<`)
/// are ordinary keys.
///     value_from_yaml(YAML::Load("{a: 1, b: '1', c: true, d: 1.5}"))
///         // mapping {a: int 1, b: string "1", c: bool true, d: float64 1.5}
/// @return the value, or a diagnostic with the offending position: a key written twice in
///         one mapping (yaml.v3 rejects it: `mapping key "a" already defined at line 1`), a
///         list or mapping used as a key, a scalar that does not fit its explicit tag
///         (`!!int abc`), invalid `!!binary` data, or a document nested or aliased too deeply.
[[nodiscard]] result<value> value_from_yaml(const YAML::Node& node);

/// Mends what yaml-cpp decodes differently from YAML 1.2 and Go's yaml.v3: the escapes `\N`
/// (U+0085) and `\_` (U+00A0) of a double-quoted scalar come out of yaml-cpp as the single
/// bytes 0x85 and 0xA0, not as UTF-8. Every scalar (and key) under `node` that has such a byte
/// where UTF-8 does not continue a sequence gets the character's UTF-8 instead, so that
/// `capacity: "\_10Gi,20Gi"` trims as Go's strings.TrimSpace trims it. Call it on nodes of
/// text that was checked to be UTF-8 (then such a byte can only come from these escapes).
/// Quoted scalars stay quoted (their tag `!` is kept). `text` is the text `node` was loaded
/// from: when it holds no `\N` or `\_` (may_hold_yaml_escapes), nothing is walked. The walk
/// meets at most 2,000,000 nodes (aliases counted each time), as value_from_yaml does.
void repair_yaml_escapes(YAML::Node& node, std::string_view text);

/// Whether `text` has a backslash before `N` or `_` (a `\N` or `\_` escape may be in it).
[[nodiscard]] bool may_hold_yaml_escapes(std::string_view text);

}  // namespace volpol
