// The YAML reader's shortcut past unread fields (yaml_unread_fields.h): a line-by-line walk of
// the block structure of one kubectl-style object, blanking the value lines of the fields the
// object reader (loader_reader.h) does not read for the object's kind.
#include "yaml_unread_fields.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>

#include "loader_fields.h"
#include "loader_values.h"
#include "yaml_lines.h"

namespace volpol::k8s::detail {
namespace {

using yaml_lines::is_dash;
using yaml_lines::is_line_end;
using yaml_lines::kind_value;
using yaml_lines::skip_spaces;

/// What becomes of a field's value.
enum class rule : std::uint8_t {
  keep,  ///< copied as it is
  drop,  ///< its lines below the key are blanked
  /// Nothing of it is read, not even that it is there: the key line is blanked too, unless it
  /// is its mapping's first key (the mapping then stays a mapping, never null) or stands after
  /// a `- ` (the sequence keeps its item); then as drop.
  remove,
  mapping,      ///< a mapping whose keys have rules of their own (key_rule::child)
  elements,     ///< a sequence of mappings whose keys have rules of their own
  annotations,  ///< metadata.annotations: what the annotation filter drops is dropped
  kind,         ///< the object's kind: its rules become the rules of this mapping's other keys
  give_up,      ///< the filter does not follow (a second `kind`): the text is parsed as it is
};

struct rule_set;

struct key_rule {
  std::string_view key;
  rule what = rule::keep;
  const rule_set* child = nullptr;  ///< mapping, elements
};

/// The rules of one mapping's keys; `other` for the keys not listed.
struct rule_set {
  rule other = rule::keep;
  std::span<const key_rule> keys;

  [[nodiscard]] const key_rule* find(std::string_view key) const {
    for (const key_rule& k : keys)
      if (k.key == key) return &k;
    return nullptr;
  }
};

// What object_reader reads (loader_reader.h: metadata, spec, pv_spec_field, status, containers).
constexpr key_rule metadata_keys[] = {{"name", rule::keep, nullptr},
                                      {"namespace", rule::keep, nullptr},
                                      {"deletionTimestamp", rule::keep, nullptr},
                                      {"labels", rule::keep, nullptr},
                                      {"annotations", rule::annotations, nullptr}};
constexpr rule_set metadata_rules{rule::remove, metadata_keys};

constexpr key_rule container_keys[] = {{"volumeMounts", rule::keep, nullptr}, {"volumeDevices", rule::keep, nullptr}};
constexpr rule_set container_rules{rule::remove, container_keys};

// Of a volume's sources, object_reader reads the fields of PVC, hostPath, local, secret, nfs,
// csi, ephemeral and the cloud disks; of the others only that they are set (an object, not
// null). Of those, the ones that fill a kubectl dump (the kube-api-access projected volume of
// every pod, configMap items) keep their own keys, so they stay objects, and lose the lines
// below them.
constexpr rule_set presence_only_rules{rule::remove, {}};
constexpr key_rule secret_source_keys[] = {{"secretName", rule::keep, nullptr}};
constexpr rule_set secret_source_rules{rule::remove, secret_source_keys};
constexpr key_rule volume_keys[] = {{"projected", rule::mapping, &presence_only_rules},
                                    {"configMap", rule::mapping, &presence_only_rules},
                                    {"downwardAPI", rule::mapping, &presence_only_rules},
                                    {"secret", rule::mapping, &secret_source_rules}};
constexpr rule_set volume_rules{rule::keep, volume_keys};

// initContainers is read for its presence only (the pod's shape): its value is dropped, its key
// line stays.
constexpr key_rule pod_spec_keys[] = {{"initContainers", rule::drop, nullptr},
                                      {"volumes", rule::elements, &volume_rules},
                                      {"nodeName", rule::keep, nullptr},
                                      {"containers", rule::elements, &container_rules}};
constexpr rule_set pod_spec_rules{rule::remove, pod_spec_keys};

constexpr key_rule phase_keys[] = {{"phase", rule::keep, nullptr}};
constexpr rule_set phase_only_rules{rule::remove, phase_keys};

constexpr key_rule pvc_spec_keys[] = {{"storageClassName", rule::keep, nullptr},
                                      {"volumeMode", rule::keep, nullptr},
                                      {"accessModes", rule::keep, nullptr},
                                      {"volumeName", rule::keep, nullptr},
                                      {"resources", rule::keep, nullptr}};
constexpr rule_set pvc_spec_rules{rule::remove, pvc_spec_keys};

constexpr key_rule pvc_status_keys[] = {{"phase", rule::keep, nullptr}, {"capacity", rule::keep, nullptr}};
constexpr rule_set pvc_status_rules{rule::remove, pvc_status_keys};

// A PV's spec holds its volume source under one of some thirty names: everything is kept but
// the two large fields no decision reads.
constexpr key_rule pv_spec_keys[] = {{"nodeAffinity", rule::drop, nullptr}, {"mountOptions", rule::drop, nullptr}};
constexpr rule_set pv_spec_rules{rule::keep, pv_spec_keys};

constexpr key_rule pod_keys[] = {{"kind", rule::give_up, nullptr},
                                 {"metadata", rule::mapping, &metadata_rules},
                                 {"spec", rule::mapping, &pod_spec_rules},
                                 {"status", rule::mapping, &phase_only_rules}};
constexpr key_rule pvc_keys[] = {{"kind", rule::give_up, nullptr},
                                 {"metadata", rule::mapping, &metadata_rules},
                                 {"spec", rule::mapping, &pvc_spec_rules},
                                 {"status", rule::mapping, &pvc_status_rules}};
constexpr key_rule pv_keys[] = {{"kind", rule::give_up, nullptr},
                                {"metadata", rule::mapping, &metadata_rules},
                                {"spec", rule::mapping, &pv_spec_rules},
                                {"status", rule::mapping, &phase_only_rules}};
constexpr rule_set pod_rules{rule::keep, pod_keys};
constexpr rule_set pvc_rules{rule::keep, pvc_keys};
constexpr rule_set pv_rules{rule::keep, pv_keys};

/// The object's top level until its `kind` is known: apiVersion and kind only.
constexpr key_rule before_kind_keys[] = {{"apiVersion", rule::keep, nullptr}, {"kind", rule::kind, nullptr}};
constexpr rule_set before_kind{rule::give_up, before_kind_keys};

/// A character of a plain key the filter follows: Kubernetes field names, label and
/// annotation keys (`backup.velero.io/backup-volumes`).
bool is_key_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '/' ||
         c == '-' || c == '_';
}

/// A line may be blanked: only printable ASCII before its end (`\n` or `\r\n`), so blanking
/// it hides no character error, and nested well within `max_depth`, which libyaml would check
/// on it. Block nesting adds at most a level per column (a sequence at its key's column, then
/// its items' mappings two columns in), and each dash or bracket on the line one more: twice
/// the indentation, those, and a margin bound the line's depth from above.
bool blankable(std::string_view line, std::size_t indent, std::uint64_t max_depth) {
  if (line.ends_with('\n')) line.remove_suffix(line.ends_with("\r\n") ? 2 : 1);
  std::uint64_t depth = 2 * static_cast<std::uint64_t>(indent) + 16;
  for (const char c : line) {
    const auto u = static_cast<unsigned char>(c);
    if (u < 0x20 || u >= 0x7F) return false;
    depth += c == '[' || c == '{' || c == '-';
  }
  return depth < max_depth;
}

/// Bytes the filter does not follow. libyaml breaks lines at `\r`, NEL (U+0085), LS (U+2028)
/// and PS (U+2029) too, where the filter follows `\n` (and `\r\n`); a tab may separate a key's
/// `:` from its value, or a comment from what precedes it, where the filter looks for a space.
bool unfollowed_bytes(std::string_view text) {
  const std::size_t n = text.size();
  // Eight bytes at a time; only words holding a `\r`, a tab or a non-ASCII byte are looked at
  // closely (a zero byte of w ^ crs or w ^ tabs is a `\r` or a tab).
  constexpr std::uint64_t ones = 0x0101010101010101ULL, highs = 0x8080808080808080ULL, crs = 0x0D0D0D0D0D0D0D0DULL,
                          tabs = 0x0909090909090909ULL;
  for (std::size_t at = 0; at < n; at += 8) {
    if (at + 8 <= n) {
      std::uint64_t w = 0;
      std::memcpy(&w, text.data() + at, 8);
      const std::uint64_t x = w ^ crs, t = w ^ tabs;
      if (((w | ((x - ones) & ~x) | ((t - ones) & ~t)) & highs) == 0) continue;
    }
    for (std::size_t i = at; i < at + 8 && i < n; ++i) {
      const auto c = static_cast<unsigned char>(text[i]);
      if (c == '\t') return true;
      if (c == '\r' && (i + 1 >= n || text[i + 1] != '\n')) return true;
      if (c == 0xC2 && i + 1 < n && static_cast<unsigned char>(text[i + 1]) == 0x85) return true;
      if (c == 0xE2 && i + 2 < n && static_cast<unsigned char>(text[i + 1]) == 0x80 &&
          (static_cast<unsigned char>(text[i + 2]) == 0xA8 || static_cast<unsigned char>(text[i + 2]) == 0xA9))
        return true;
    }
  }
  return false;
}

/// How a value that starts at column v of a line ends.
enum class value_end : std::uint8_t {
  on_line,       ///< nothing, a comment, a plain scalar, or a quoted or flow value closed on this line
  block_scalar,  ///< `|` or `>`: the more indented lines that follow are its text
  unfollowed,    ///< a quoted or flow value running on, a tag, anchor or alias: give up
};

/// The quoted scalar opening at line[i] closes on the line: the index past it, or npos.
std::size_t past_quoted(std::string_view line, std::size_t i) {
  const char q = line[i];
  for (std::size_t j = i + 1; j < line.size(); ++j) {
    const char c = line[j];
    if (c == '\n' || c == '\r') return std::string_view::npos;
    if (q == '"' && c == '\\') {
      ++j;  // the escaped character
      continue;
    }
    if (c != q) continue;
    if (q == '\'' && j + 1 < line.size() && line[j + 1] == '\'') {
      ++j;  // '' is a quote inside a single-quoted scalar
      continue;
    }
    return j + 1;
  }
  return std::string_view::npos;
}

value_end value_at(std::string_view line, std::size_t v) {
  if (is_line_end(line, v) || line[v] == '#') return value_end::on_line;
  switch (line[v]) {
    case '"':
    case '\'': return past_quoted(line, v) == std::string_view::npos ? value_end::unfollowed : value_end::on_line;
    case '{':
    case '[': {
      int depth = 0;
      for (std::size_t j = v; !is_line_end(line, j);) {
        const char c = line[j];
        if (c == '"' || c == '\'') {
          j = past_quoted(line, j);
          if (j == std::string_view::npos) return value_end::unfollowed;
          continue;
        }
        // A comment (its brackets are text: the flow may go on below), an anchor, alias or tag.
        if (c == '#' || c == '&' || c == '*' || c == '!') return value_end::unfollowed;
        if (c == '{' || c == '[') ++depth;
        if ((c == '}' || c == ']') && --depth == 0) return value_end::on_line;
        ++j;
      }
      return value_end::unfollowed;
    }
    case '|':
    case '>': return value_end::block_scalar;
    case '!':
    case '&':
    case '*':
    case '?':
    case '%':
    case '@':
    case '`': return value_end::unfollowed;
    default: return value_end::on_line;
  }
}

/// How a line inside a kept or blanked value ends (its dashes, its key if it has one, its
/// value); `node_column` is set to the column of the node a block scalar belongs to.
value_end line_end(std::string_view line, std::size_t i, std::size_t& node_column) {
  std::size_t p = i;
  node_column = i;
  while (is_dash(line, p)) {
    node_column = p;
    p = skip_spaces(line, p + 1);
  }
  if (is_line_end(line, p) || line[p] == '#') return value_end::on_line;
  const char c = line[p];
  if (c == '"' || c == '\'') {
    const std::size_t q = past_quoted(line, p);
    if (q == std::string_view::npos) return value_end::unfollowed;
    const std::size_t colon = skip_spaces(line, q);
    if (colon < line.size() && line[colon] == ':') {  // a quoted key
      node_column = p;
      return value_at(line, skip_spaces(line, colon + 1));
    }
    return value_end::on_line;
  }
  if (c == '{' || c == '[' || c == '|' || c == '>' || c == '!' || c == '&' || c == '*' || c == '?' || c == '%' ||
      c == '@' || c == '`')
    return value_at(line, p);
  // A plain scalar, or a plain key: it ends at the first `: ` (a plain scalar holds none).
  for (std::size_t j = p; !is_line_end(line, j); ++j) {
    if (line[j] == '#' && line[j - 1] == ' ') return value_end::on_line;  // a comment
    if (line[j] == ':' && (is_line_end(line, j + 1) || line[j + 1] == ' ')) {
      node_column = p;
      return value_at(line, skip_spaces(line, j + 1));
    }
  }
  return value_end::on_line;
}

class filter {
 public:
  filter(std::string_view text, annotation_filter annotations, const yaml_limits& limits, std::string& out)
      : text_(text), annotations_(annotations), limits_(limits), out_(out) {}

  bool run() {
    out_.clear();
    // A node takes a byte of text at least (no aliases in object dumps): a text of fewer than
    // half as many bytes as the node limit cannot reach it, blanked or not.
    if (2 * static_cast<std::uint64_t>(text_.size()) + 2 >= limits_.max_nodes || unfollowed_bytes(text_)) return false;
    out_.reserve(text_.size());
    std::size_t pos = 0;
    bool first = true;
    while (pos < text_.size()) {
      std::size_t end = text_.find('\n', pos);
      end = end == std::string_view::npos ? text_.size() : end + 1;
      const std::string_view line = text_.substr(pos, end - pos);
      pos = end;
      if (first) {
        first = false;
        const opening o = start(line);
        if (o == opening::unfollowed) return false;
        if (o == opening::marker) {
          emit(line);
          continue;
        }
      }
      if (!on_line(line)) return false;
    }
    return blanked_;  // only a known kind's rules blank anything
  }

 private:
  struct frame {
    std::size_t column = 0;  ///< where this mapping's keys (or this sequence's dashes) stand
    bool sequence = false;
    const rule_set* rules = nullptr;  ///< the keys' rules (a sequence: its elements' keys')
    bool annotations = false;         ///< the keys are metadata.annotations
    bool has_key = false;             ///< a key line of this mapping is in the copy
  };

  /// A kept or blanked value: the lines below its key (more indented, or `- ` items at the
  /// key's column when nothing follows the key).
  struct region {
    bool active = false;
    bool blank = false;
    std::size_t column = 0;
    bool key_only = false;
    /// Inside a block scalar whose node stands at `literal_column`: its lines are text.
    bool literal = false;
    std::size_t literal_column = 0;
  };

  /// A key with nothing after it whose value has rules of its own: the next line says
  /// whether the value is there (more indented) and where its keys stand.
  struct pending {
    bool active = false;
    std::size_t column = 0;
    rule what = rule::keep;
    const rule_set* rules = nullptr;
  };

  static constexpr std::size_t max_frames = 8;

  enum class opening : std::uint8_t { marker, content, unfollowed };

  /// The first line: a document's `---` or first line, or a `- ` list item.
  opening start(std::string_view line) {
    const std::size_t i = skip_spaces(line, 0);
    if (is_dash(line, i)) return push({i, true, &before_kind, false}) ? opening::content : opening::unfollowed;
    (void)push({0, false, &before_kind, false});
    if (i != 0 || !line.starts_with("---")) return opening::content;
    const std::size_t after = skip_spaces(line, 3);
    return is_line_end(line, after) || line[after] == '#' ? opening::marker : opening::unfollowed;  // `--- value`
  }

  bool push(const frame& f) {
    if (depth_ == max_frames) return false;
    frames_[depth_++] = f;
    return true;
  }

  void emit(std::string_view line) { out_.append(line); }

  bool on_line(std::string_view line) {
    const std::size_t i = skip_spaces(line, 0);
    const bool blank = is_line_end(line, i) || line[i] == '#';
    if (region_.active) {
      if (blank || i > region_.column || (region_.key_only && i == region_.column && is_dash(line, i)))
        return in_region(line, i, blank);
      region_.active = false;
    }
    if (blank) {
      emit(line);
      return true;
    }
    if (line[i] == '\t' || (i == 0 && (line.starts_with("---") || line.starts_with("...") || line[0] == '%')))
      return false;
    if (pending_.active && !open_pending(line, i)) return false;
    // Leave the mappings and sequences this line is left of.
    while (depth_ > 0) {
      const frame& top = frames_[depth_ - 1];
      if (top.column > i || (top.sequence && top.column == i && !is_dash(line, i))) {
        --depth_;
        continue;
      }
      break;
    }
    if (depth_ == 0 || frames_[depth_ - 1].column != i) return false;
    std::size_t k = i;
    if (frames_[depth_ - 1].sequence) {
      const frame seq = frames_[depth_ - 1];
      k = skip_spaces(line, i + 1);
      if (is_line_end(line, k) || is_dash(line, k) || line[k] == '#') return false;  // `-` alone, `- - x`
      if (!push({k, false, seq.rules, seq.annotations})) return false;
    }
    return key_line(line, k);
  }

  /// The line after a key whose value has rules of its own, at column i.
  bool open_pending(std::string_view line, std::size_t i) {
    pending_.active = false;
    const bool dash = is_dash(line, i);
    if (pending_.what == rule::elements) {
      if (dash && i >= pending_.column) return push({i, true, pending_.rules, false});
      return i <= pending_.column;  // no elements (null); a mapping instead is the reader's error
    }
    if (i <= pending_.column) return true;  // null
    if (dash) return false;                 // a sequence where a mapping is read: the reader's error
    return push({i, false, pending_.rules, pending_.what == rule::annotations});
  }

  /// A `key: ...` line of the mapping frames_[depth_-1], the key at column k.
  bool key_line(std::string_view line, std::size_t k) {
    std::size_t j = k;
    while (j < line.size() && is_key_char(line[j])) ++j;
    if (j == k || j >= line.size() || line[j] != ':' || !(is_line_end(line, j + 1) || line[j + 1] == ' ')) return false;
    const std::string_view key = line.substr(k, j - k);
    const std::size_t v = skip_spaces(line, j + 1);
    const value_end value = value_at(line, v);
    if (value == value_end::unfollowed) return false;
    const bool key_only = is_line_end(line, v) || line[v] == '#';
    frame& f = frames_[depth_ - 1];

    key_rule r;
    if (f.annotations) {
      r.what = keeps(annotations_, key) ? rule::keep : rule::remove;
    } else if (const key_rule* found = f.rules->find(key)) {
      r = *found;
    } else {
      r.what = f.rules->other;
    }
    if (r.what == rule::kind) {
      const rule_set* kind = kind_rules(kind_value(line.substr(k)));
      if (kind == nullptr) return false;  // not one of the three kinds: nothing to blank
      f.rules = kind;
      r.what = rule::keep;
    }
    if (r.what == rule::give_up) return false;
    if (r.what == rule::annotations && annotations_ == annotation_filter::all) r.what = rule::keep;
    if ((r.what == rule::mapping || r.what == rule::elements || r.what == rule::annotations) && !key_only)
      r.what = rule::keep;  // a value on the key's line (flow, scalar): kept whole
    if (r.what == rule::remove) {
      const bool after_dash = skip_spaces(line, 0) != k;
      if (f.has_key && !after_dash && blankable(line, k, limits_.max_depth)) {
        if (line.ends_with('\n')) out_.push_back('\n');  // the last line may have none
        blanked_ = true;
        region_ = {true, true, k, key_only, value == value_end::block_scalar, k};
        return true;
      }
      r.what = rule::drop;
    }
    emit(line);
    f.has_key = true;
    switch (r.what) {
      case rule::keep:
      case rule::drop:
        region_ = {true, r.what == rule::drop, k, key_only, value == value_end::block_scalar, k};
        return true;
      case rule::mapping:
      case rule::elements:
      case rule::annotations: pending_ = {true, k, r.what, r.child}; return true;
      case rule::kind:
      case rule::give_up:
      case rule::remove: break;
    }
    return false;
  }

  /// A line inside a kept or blanked value.
  bool in_region(std::string_view line, std::size_t i, bool blank) {
    if (region_.literal && !blank && i <= region_.literal_column) region_.literal = false;
    if (!region_.literal && !blank) {
      std::size_t node = 0;
      const value_end e = line_end(line, i, node);
      if (e == value_end::unfollowed) return false;
      if (e == value_end::block_scalar) {
        region_.literal = true;
        region_.literal_column = node;
      }
    }
    if (!region_.blank) {
      emit(line);
      return true;
    }
    if (!blankable(line, i, limits_.max_depth)) return false;
    if (line.ends_with('\n')) out_.push_back('\n');  // the last line may have none
    blanked_ = true;
    return true;
  }

  /// The rules of the object's kind (as the reader names kinds: kind_from_name); null for
  /// other kinds.
  static const rule_set* kind_rules(std::string_view kind) {
    switch (kind_from_name(kind)) {
      case object_kind::pod: return &pod_rules;
      case object_kind::persistent_volume_claim: return &pvc_rules;
      case object_kind::persistent_volume: return &pv_rules;
      default: return nullptr;
    }
  }

  std::string_view text_;
  annotation_filter annotations_;
  const yaml_limits& limits_;
  std::string& out_;
  std::array<frame, max_frames> frames_{};
  std::size_t depth_ = 0;
  region region_;
  pending pending_;
  bool blanked_ = false;
};

}  // namespace

bool blank_unread_fields(std::string_view text, annotation_filter annotations, const yaml_limits& limits,
                         std::string& out) {
  return filter(text, annotations, limits, out).run();
}

}  // namespace volpol::k8s::detail
