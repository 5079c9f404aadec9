// check_yaml: libyaml's event parser over the text, counting depth, nodes (aliases expanded)
// and aliases. yaml.v3 (go-yaml v3 readerc.go, scannerc.go, parserc.go) is a line-by-line port
// of this C code, so what it rejects here Velero rejects too.
#include "volpol/detail/yaml_check.h"

#include <yaml.h>

#include <fmt/format.h>

#include <algorithm>
#include <string>
#include <unordered_map>
#include <vector>

#include "loader/yaml_tree.h"
#include "volpol/core/result.h"

namespace volpol::k8s {
namespace {

struct parser_guard {
  yaml_parser_t p;
  parser_guard() { yaml_parser_initialize(&p); }
  ~parser_guard() { yaml_parser_delete(&p); }
  parser_guard(const parser_guard&) = delete;
  parser_guard& operator=(const parser_guard&) = delete;
};

struct event_guard {
  yaml_event_t e{};
  bool live = false;
  ~event_guard() {
    if (live) yaml_event_delete(&e);
  }
};

/// 1-based line and column of byte `offset` (a reader error gives only the offset).
void position_of(std::string_view text, std::size_t offset, std::uint32_t& line, std::uint32_t& column) {
  offset = std::min(offset, text.size());
  line = 1;
  std::size_t start = 0;
  for (std::size_t i = 0; i < offset; ++i)
    if (text[i] == '\n') {
      ++line;
      start = i + 1;
    }
  column = static_cast<std::uint32_t>(offset - start + 1);
}

std::uint64_t saturating_add(std::uint64_t a, std::uint64_t b) { return a > UINT64_MAX - b ? UINT64_MAX : a + b; }

class checker {
 public:
  checker(std::string_view text, const yaml_limits& limits, detail::yaml_tree* tree = nullptr)
      : text_(text), limits_(limits), tree_(tree) {}

  std::optional<yaml_problem> run() {
    parser_guard g;
    yaml_parser_set_input_string(&g.p, reinterpret_cast<const unsigned char*>(text_.data()), text_.size());
    for (;;) {
      event_guard ev;
      if (!yaml_parser_parse(&g.p, &ev.e)) return parse_error(g.p);
      ev.live = true;
      switch (ev.e.type) {
        case YAML_STREAM_END_EVENT:
          if (tree_ != nullptr && tree_->nodes.empty()) tree_->nodes.push_back({});  // no document: null
          return std::nullopt;
        case YAML_DOCUMENT_START_EVENT:
          anchors_.clear();
          nodes_ = 0;
          ++documents_;
          break;
        case YAML_DOCUMENT_END_EVENT:
          if (limits_.first_document_only) return after_first(g.p);
          break;
        case YAML_ALIAS_EVENT:
          if (auto p = on_alias(ev.e)) return p;
          break;
        case YAML_SCALAR_EVENT:
          if (auto p = on_scalar(ev.e)) return p;
          break;
        case YAML_SEQUENCE_START_EVENT:
        case YAML_MAPPING_START_EVENT:
          if (auto p = on_collection_start(ev.e)) return p;
          break;
        case YAML_SEQUENCE_END_EVENT:
        case YAML_MAPPING_END_EVENT: on_collection_end(); break;
        default: break;
      }
    }
  }

 private:
  struct frame {
    std::uint64_t nodes;  ///< nodes of this collection so far (itself included)
    std::string anchor;
    std::uint32_t tree_index;  ///< the collection's node in tree_ (when building)
  };

  // The events of run() that count nodes, check limits or build the tree.
  /// An alias: accepted only when the limits allow aliases, counted as the nodes it refers to.
  std::optional<yaml_problem> on_alias(const yaml_event_t& e) {
    const yaml_mark_t& at = e.start_mark;
    const std::string name = reinterpret_cast<const char*>(e.data.alias.anchor);
    if (!limits_.aliases)
      return problem(at, yaml_problem::kind::alias,
                     fmt::format("YAML aliases are not accepted here (`*{}`): object dumps are "
                                 "read as kubectl writes them, without anchors and aliases",
                                 escape_text(name)));
    const auto it = anchors_.find(name);
    if (it == anchors_.end())
      return problem(at, yaml_problem::kind::syntax, fmt::format("unknown anchor `{}` referenced", escape_text(name)));
    if (auto p = add_nodes(at, it->second)) return p;
    done(it->second, nullptr);
    return std::nullopt;
  }

  std::optional<yaml_problem> on_scalar(const yaml_event_t& e) {
    if (auto p = add_nodes(e.start_mark, 1)) return p;
    if (building()) add_scalar(e);
    done(1, e.data.scalar.anchor);
    return std::nullopt;
  }

  /// A sequence or mapping opens: one level deeper (limits_.max_depth), one node more.
  std::optional<yaml_problem> on_collection_start(const yaml_event_t& e) {
    const yaml_mark_t& at = e.start_mark;
    if (open_.size() >= limits_.max_depth)
      return problem(at, yaml_problem::kind::depth, fmt::format("nested more than {} levels", limits_.max_depth));
    if (auto p = add_nodes(at, 1)) return p;
    const yaml_char_t* anchor = e.type == YAML_SEQUENCE_START_EVENT ? e.data.sequence_start.anchor
                                                                    : e.data.mapping_start.anchor;
    open_.push_back({1, anchor ? std::string(reinterpret_cast<const char*>(anchor)) : std::string(),
                     building() ? start_collection(e) : 0});
    return std::nullopt;
  }

  /// A sequence or mapping closes: its nodes count in its parent and under its anchor.
  void on_collection_end() {
    frame f = std::move(open_.back());
    open_.pop_back();
    if (building()) tree_->nodes[f.tree_index].end = static_cast<std::uint32_t>(tree_->nodes.size());
    done(f.nodes, f.anchor.empty() ? nullptr : reinterpret_cast<const yaml_char_t*>(f.anchor.c_str()));
  }

  /// Building the tree: of the first document only (what YAML::Load returns).
  [[nodiscard]] bool building() const { return tree_ != nullptr && documents_ == 1; }

  static detail::yaml_tree::node node_at(const yaml_mark_t& m, detail::yaml_tree::kind k) {
    detail::yaml_tree::node n;
    n.type = k;
    n.line = static_cast<std::uint32_t>(m.line);
    n.column = static_cast<std::uint32_t>(m.column);
    return n;
  }

  std::uint32_t start_collection(const yaml_event_t& e) {
    const auto k = e.type == YAML_MAPPING_START_EVENT ? detail::yaml_tree::kind::mapping
                                                      : detail::yaml_tree::kind::sequence;
    tree_->nodes.push_back(node_at(e.start_mark, k));
    return static_cast<std::uint32_t>(tree_->nodes.size() - 1);
  }

  /// yaml-cpp's typing (yaml_tree::kind): null words only plain and untagged; quoted and block
  /// scalars, and the explicit non-specific tag `!`, are strings.
  void add_scalar(const yaml_event_t& e) {
    using kind = detail::yaml_tree::kind;
    const auto& s = e.data.scalar;
    const std::string_view value(reinterpret_cast<const char*>(s.value), s.length);
    const char* tag = reinterpret_cast<const char*>(s.tag);
    kind k = kind::plain;
    if (tag == nullptr) {
      if (s.style != YAML_PLAIN_SCALAR_STYLE) k = kind::quoted;
      else if (value.empty() || value == "~" || value == "null" || value == "Null" || value == "NULL") k = kind::null;
    } else if (std::string_view(tag) == "!") {
      k = kind::quoted;
    }
    detail::yaml_tree::node n = node_at(e.start_mark, k);
    n.end = static_cast<std::uint32_t>(tree_->nodes.size() + 1);
    if (k != kind::null) {
      n.text = static_cast<std::uint32_t>(tree_->chars.size());
      n.size = static_cast<std::uint32_t>(value.size());
      tree_->chars.append(value);
    }
    tree_->nodes.push_back(n);
  }

  std::optional<yaml_problem> add_nodes(const yaml_mark_t& at, std::uint64_t n) {
    nodes_ = saturating_add(nodes_, n);
    if (nodes_ <= limits_.max_nodes) return std::nullopt;
    return problem(at, yaml_problem::kind::nodes,
                   fmt::format("the document has more than {} nodes{}", limits_.max_nodes,
                               anchors_.empty() ? "" : " (aliases counted as the nodes they refer to)"));
  }

  /// A node of `n` nodes is complete: it counts in its parent, and under its anchor.
  void done(std::uint64_t n, const yaml_char_t* anchor) {
    if (!open_.empty()) open_.back().nodes = saturating_add(open_.back().nodes, n);
    if (anchor != nullptr) anchors_[reinterpret_cast<const char*>(anchor)] = n;
  }

  std::optional<yaml_problem> problem(const yaml_mark_t& at, yaml_problem::kind k, std::string message) const {
    yaml_problem p;
    p.line = static_cast<std::uint32_t>(at.line + 1);
    p.column = static_cast<std::uint32_t>(at.column + 1);
    p.message = std::move(message);
    p.what = k;
    return p;
  }

  /// The first document is complete: is there more?
  std::optional<yaml_problem> after_first(yaml_parser_t& p) const {
    event_guard ev;
    if (!yaml_parser_parse(&p, &ev.e)) {
      std::optional<yaml_problem> e = parse_error(p);
      e->what = yaml_problem::kind::after_first_document;
      e->message = "content after the first document is not read (" + e->message + ")";
      return e;
    }
    ev.live = true;
    if (ev.e.type == YAML_STREAM_END_EVENT) return std::nullopt;
    return problem(ev.e.start_mark, yaml_problem::kind::after_first_document,
                   "content after the first document is not read: Velero reads only the first");
  }

  std::optional<yaml_problem> parse_error(const yaml_parser_t& p) const {
    yaml_problem out;
    const std::string what = p.problem ? p.problem : "cannot parse";
    if (p.error == YAML_READER_ERROR) {
      out.what = yaml_problem::kind::characters;
      position_of(text_, p.problem_offset, out.line, out.column);
      out.message = p.problem_value >= 0 ? fmt::format("{} (0x{:02X})", what, p.problem_value) : what;
      return out;
    }
    out.what = yaml_problem::kind::syntax;
    out.line = static_cast<std::uint32_t>(p.problem_mark.line + 1);
    out.column = static_cast<std::uint32_t>(p.problem_mark.column + 1);
    out.message = p.context ? fmt::format("{} ({} at line {})", what, p.context, p.context_mark.line + 1) : what;
    out.problem = what;
    if (p.context != nullptr) {
      out.context = p.context;
      out.context_line = static_cast<std::uint32_t>(p.context_mark.line + 1);
    }
    if (p.error == YAML_MEMORY_ERROR) out.message = "out of memory";
    return out;
  }

  std::string_view text_;
  const yaml_limits& limits_;
  std::vector<frame> open_;
  std::unordered_map<std::string, std::uint64_t> anchors_;
  std::uint64_t nodes_ = 0;
  detail::yaml_tree* tree_ = nullptr;
  std::uint32_t documents_ = 0;
};

}  // namespace

std::optional<yaml_problem> check_yaml(std::string_view text, const yaml_limits& limits) {
  return checker(text, limits).run();
}

std::string message_in_file(const yaml_problem& p, std::uint32_t first_line) {
  if (p.context_line == 0 || p.what != yaml_problem::kind::syntax || p.message == "out of memory") return p.message;
  return fmt::format("{} ({} at line {})", p.problem, p.context, first_line + p.context_line - 1);
}

namespace detail {

std::optional<yaml_problem> parse_yaml_tree(std::string_view text, const yaml_limits& limits, yaml_tree& out) {
  out.clear();
  if (text.size() > UINT32_MAX) {
    yaml_problem p;
    p.line = 1;
    p.column = 1;
    p.message = "a YAML text of 4 GiB or more is not read";
    return p;
  }
  yaml_limits no_aliases = limits;
  no_aliases.aliases = false;
  out.chars.reserve(text.size() / 2);
  out.nodes.reserve(text.size() / 24);
  return checker(text, no_aliases, &out).run();
}

}  // namespace detail

}  // namespace volpol::k8s
