// The YAML stream reader: split on document markers, and a top-level block `items:` sequence
// split on its items, so yaml-cpp (slow, and a whole tree in memory) parses one object at a
// time. See loader.h for the limits of the split. Each piece is parsed by libyaml into a
// yaml_tree (yaml_tree.h) and read through yaml_tree_adapter.h.
#include <fmt/format.h>

#include <cstring>
#include <string>

#include "loader_parallel.h"
#include "loader_stream.h"
#include "volpol/detail/yaml_check.h"
#include "yaml_lines.h"
#include "yaml_tree.h"
#include "yaml_tree_adapter.h"
#include "yaml_unread_fields.h"

namespace volpol::k8s::detail {
namespace {

using yaml_lines::blank_or_comment;
using yaml_lines::indent_of;
using yaml_lines::is_dash;
using yaml_lines::is_line_end;
using yaml_lines::kind_value;

/// `---` / `...` at column 0, alone or followed by a space.
bool is_marker(std::string_view line, std::string_view marker) {
  // Most lines are indented: the first byte settles them without a compare.
  if (line.size() < 3 || line[0] != marker[0] || line[1] != marker[1] || line[2] != marker[2]) return false;
  return is_line_end(line, 3) || line[3] == ' ' || line[3] == '\t';
}

/// `items:` at column 0 with nothing after it but spaces or a comment.
bool is_items_key(std::string_view line) {
  if (!line.starts_with("items:")) return false;
  const std::string_view rest = line.substr(6);
  return blank_or_comment(rest);
}

/// Blanks `metadata.managedFields` (a quarter of a kubectl dump, read by nothing) before
/// yaml-cpp sees it: the key line and its block value (lines more indented, or `- ` items at
/// the key's indentation) become empty lines, so line numbers stay. Only a block-style
/// `managedFields:` directly inside a block-style `metadata:` is touched.
class managed_fields_filter {
 public:
  /// True when `line` is to be blanked.
  bool skip(std::string_view line) {
    if (blank_or_comment(line)) return skipping_;
    const std::size_t indent = indent_of(line);
    if (skipping_) {
      if (indent > key_indent_ || (indent == key_indent_ && is_dash(line, indent))) return true;
      skipping_ = false;
    }
    // The key of this line, after a `- ` that opens a list item.
    std::size_t k = indent;
    while (is_dash(line, k)) {
      k += 1;
      while (k < line.size() && line[k] == ' ') ++k;
    }
    if (metadata_indent_ != npos && indent <= metadata_indent_ && k <= metadata_indent_) metadata_indent_ = npos;
    const std::string_view key = line.substr(k);
    if (is_key_only(key, "metadata:")) {
      metadata_indent_ = k;
      return false;
    }
    if (metadata_indent_ != npos && k == metadata_indent_ + 2 && k == indent && is_key_only(key, "managedFields:")) {
      skipping_ = true;
      key_indent_ = k;
      return true;
    }
    return false;
  }
  void reset() {
    skipping_ = false;
    metadata_indent_ = npos;
  }

 private:
  static constexpr std::size_t npos = static_cast<std::size_t>(-1);
  static bool is_key_only(std::string_view s, std::string_view key) {
    return !s.empty() && s[0] == key[0] && s.starts_with(key) && blank_or_comment(s.substr(key.size()));
  }
  bool skipping_ = false;
  std::size_t key_indent_ = 0;
  std::size_t metadata_indent_ = npos;
};

/// One piece of a YAML stream, split off by yaml_stream, to read on its own.
struct yaml_piece {
  enum class what : std::uint8_t {
    document,  ///< a whole document
    item,      ///< one `- ` entry of a top-level `items:` (the text is a one-element sequence)
    trailer,   ///< text after a list's items: checked, nothing read
  };
  what type = what::document;
  std::uint32_t first_line = 1;  ///< the text's first line in the file
  std::size_t index = 0;         ///< item: its index in `items`
  std::string hint;              ///< the kind to assume for objects without one
  std::string text;
};

/// Parses pieces and reads their objects (on the stream's thread or a worker).
struct yaml_piece_reader {
  shared_string file;  ///< shared by the origins of the stream's objects
  read_options options;
  yaml_limits limits;

  /// `blanked`: scratch space for the piece with its unread fields blanked.
  void read(const yaml_piece& p, yaml_tree& tree, std::string& blanked, object_sink& sink) const {
    // The blanked copy when it parses; else the text itself, whose problems are reported.
    const bool shortcut = options.blank_unread_yaml && p.type != yaml_piece::what::trailer &&
                          blank_unread_fields(p.text, options.annotations, limits, blanked) &&
                          !parse_yaml_tree(blanked, limits, tree).has_value();
    if (!shortcut && !load(p.text, p.first_line, tree, sink)) return;
    if (p.type == yaml_piece::what::trailer) return;
    yaml_tree_adapter a{tree, file, p.first_line - 1};
    object_reader<yaml_tree_adapter> reader(a, sink, options);
    yaml_tree_adapter::node root{0};
    if (p.type == yaml_piece::what::document) {
      (void)reader.read_document(root, p.hint);
      return;
    }
    std::size_t index = p.index;
    (void)a.elements(root, [&](yaml_tree_adapter::node& e) {
      (void)reader.read_list_item(e, p.hint, index++, true);
      return true;
    });
  }

  /// Parses `text` (which starts at line `first_line` of the file) into `out`; reports a
  /// problem. The text is checked as yaml.v3 reads it (yaml_check.h): characters, syntax,
  /// depth, node count, and no aliases (kubectl never writes them; see loader.h).
  bool load(const std::string& text, std::uint32_t first_line, yaml_tree& out, object_sink& sink) const {
    const auto p = parse_yaml_tree(text, limits, out);
    if (!p) return true;
    diagnostic d;
    d.where.file = std::string(file);
    d.where.line = first_line + p->line - 1;
    d.where.column = p->column;
    d.message = fmt::format("invalid YAML: {}", message_in_file(*p, first_line));
    if (p->what == yaml_problem::kind::depth) d.message += " (raise with --max-depth)";
    if (p->what == yaml_problem::kind::nodes) d.message += " (raise with --max-yaml-nodes)";
    sink.problem(std::move(d));
    return false;
  }
};

/// Pieces read on a worker (loader_parallel.h).
class yaml_batch final : public batch_job {
 public:
  explicit yaml_batch(const yaml_piece_reader& reader) : reader_(reader) {}
  void run(worker_scratch& scratch, object_sink& out) override {
    for (const yaml_piece& p : pieces) reader_.read(p, scratch.yaml, scratch.yaml_text, out);
  }
  std::vector<yaml_piece> pieces;
  std::size_t bytes = 0;

 private:
  yaml_piece_reader reader_;
};

class yaml_stream {
 public:
  explicit yaml_stream(stream_context& ctx) : ctx_(ctx), buf_(ctx.buffer) {
    reader_.file = ctx.file;
    reader_.options = ctx.options;
    reader_.limits.max_depth = ctx.limits.max_depth;
    reader_.limits.max_nodes = ctx.limits.max_yaml_nodes;
    reader_.limits.aliases = false;
  }

  void run() {
    std::string_view line;
    while (next_line(line)) {
      if (line_no_ == 0 && line.starts_with("\xEF\xBB\xBF")) line.remove_prefix(3);
      ++line_no_;
      on_line(line);
    }
    finish_document();
    flush_batch(true);
    if (workers_) workers_->drain();
    if (!buf_.error().empty()) {
      diagnostic d;
      d.where.file = std::string(ctx_.file);
      d.message = fmt::format("cannot read: {}", buf_.error());
      ctx_.sink.problem(std::move(d));
    }
  }

 private:
  enum class state { header, items_pending, items, trailer, plain };

  bool next_line(std::string_view& out) {
    for (;;) {
      const char* start = buf_.data() + pos_;
      const std::size_t avail = buf_.size() - pos_;
      if (const void* nl = std::memchr(start, '\n', avail)) {
        const std::size_t len = static_cast<std::size_t>(static_cast<const char*>(nl) - start) + 1;
        out = {start, len};
        pos_ += len;
        return true;
      }
      // A line longer than the largest object read ends the stream here, before the window
      // grows without bound (a stream with no newline: /dev/zero, a huge binary).
      if (avail > ctx_.limits.max_object_bytes) {
        diagnostic d;
        d.where.file = std::string(ctx_.file);
        d.where.line = line_no_ + 1;
        d.message = fmt::format(
            "line {} is longer than {} bytes (--max-object-bytes) from offset {}: the rest of the input is not read",
            line_no_ + 1, ctx_.limits.max_object_bytes, buf_.base() + pos_);
        ctx_.sink.problem(std::move(d));
        pos_ = buf_.size();
        return false;
      }
      std::size_t shift = 0;
      const bool more = buf_.refill(pos_, shift);
      pos_ -= shift;
      if (more) continue;
      if (pos_ >= buf_.size()) return false;
      out = {buf_.data() + pos_, buf_.size() - pos_};
      pos_ = buf_.size();
      return true;
    }
  }

  void on_line(std::string_view line) {
    if (is_marker(line, "---") || is_marker(line, "...")) managed_.reset();
    if (managed_.skip(line)) line = "\n";
    if (is_marker(line, "---")) {
      finish_document();
      doc_first_ = line_no_;
      grow(doc_, line, doc_over_);
      return;
    }
    if (is_marker(line, "...")) {
      finish_document();
      doc_first_ = line_no_ + 1;
      return;
    }
    switch (state_) {
      case state::header: return header_line(line);
      case state::items_pending: return pending_line(line);
      case state::items: return item_line(line);
      case state::trailer: grow(trailer_, line, trailer_over_); return;
      case state::plain: grow(doc_, line, doc_over_); return;
    }
  }

  void header_line(std::string_view line) {
    if (is_items_key(line)) {
      state_ = state::items_pending;
      items_key_.assign(line);
      pending_.clear();
      return;
    }
    if (const std::string_view k = kind_value(line); !k.empty()) list_kind_.assign(k);
    grow(doc_, line, doc_over_);
  }

  void pending_line(std::string_view line) {
    if (blank_or_comment(line)) {
      grow(pending_, line, doc_over_);
      return;
    }
    const std::size_t k = indent_of(line);
    if (is_dash(line, k)) {
      item_indent_ = k;
      state_ = state::items;
      begin_item(line);
      return;
    }
    // Not a block sequence (a flow `[...]` on the next line ...): one document after all.
    grow(doc_, items_key_, doc_over_);
    grow(doc_, pending_, doc_over_);
    grow(doc_, line, doc_over_);
    state_ = state::plain;
  }

  void item_line(std::string_view line) {
    const std::size_t k = indent_of(line);
    if (blank_or_comment(line) || k > item_indent_) {
      grow(item_, line, item_over_);
      return;
    }
    finish_item();
    if (k == item_indent_ && is_dash(line, k)) return begin_item(line);
    state_ = state::trailer;
    trailer_first_ = line_no_;
    grow(trailer_, line, trailer_over_);
  }

  void begin_item(std::string_view line) {
    item_.assign(line);
    item_first_ = line_no_;
  }

  void finish_item() {
    if (item_over_ != 0) {
      too_large(item_first_, "list item");
      item_over_ = 0;
      item_.clear();
      ++item_index_;
      return;
    }
    if (item_.empty()) return;
    const std::string_view hint = item_kind_of_list(list_kind_);
    // A piece that starts with `- ` at the items' indentation is exactly one entry.
    dispatch(yaml_piece::what::item, std::move(item_), item_first_, hint.empty() ? ctx_.kind_hint : hint,
             item_index_++);
    item_.clear();
  }

  void finish_document() {
    if (doc_over_ != 0) {
      too_large(doc_first_, "document");
      doc_.clear();  // the document's own text is not read; items already split off still are
    }
    if (trailer_over_ != 0) {
      too_large(trailer_first_, "text after the list's items");
      trailer_.clear();
    }
    doc_over_ = trailer_over_ = 0;
    switch (state_) {
      case state::header:
      case state::plain: read_document(doc_, doc_first_); break;
      case state::items_pending:
      case state::items:
      case state::trailer:
        finish_item();
        doc_.append("items: []\n");
        read_document(doc_, doc_first_);  // the list's own fields: validated, nothing emitted
        if (!trailer_.empty()) dispatch(yaml_piece::what::trailer, std::move(trailer_), trailer_first_, {}, 0);
        break;
    }
    state_ = state::header;
    doc_.clear();
    trailer_.clear();
    list_kind_.clear();
    item_index_ = 0;
    doc_first_ = line_no_ + 1;
  }

  void read_document(std::string& text, std::uint32_t first_line) {
    dispatch(yaml_piece::what::document, std::move(text), first_line, ctx_.kind_hint, 0);
  }

  /// Reads a piece: here when the stream is small (or --threads 1), else gathered into a
  /// batch for the workers, which start once a first batch is full.
  void dispatch(yaml_piece::what type, std::string&& text, std::uint32_t first_line, std::string_view hint,
                std::size_t index) {
    if (ctx_.threads <= 1) {
      const yaml_piece p{type, first_line, index, std::string(hint), std::move(text)};
      return reader_.read(p, tree_, blanked_, ctx_.sink);
    }
    if (!batch_) batch_ = std::make_unique<yaml_batch>(reader_);
    batch_->bytes += text.size();
    batch_->pieces.push_back({type, first_line, index, std::string(hint), std::move(text)});
    if (batch_->bytes >= ordered_workers::batch_bytes) flush_batch(false);
  }

  /// Hands the batch to the workers; `last`: the stream has ended (a batch that is the whole
  /// stream is read here, without starting threads).
  void flush_batch(bool last) {
    if (!batch_) return;
    if (last && !workers_) {
      for (const yaml_piece& p : batch_->pieces) reader_.read(p, tree_, blanked_, ctx_.sink);
      batch_.reset();
      return;
    }
    if (!workers_) workers_ = std::make_unique<ordered_workers>(ctx_.sink, ctx_.threads);
    if (ctx_.worker_batches != nullptr) ++*ctx_.worker_batches;
    workers_->submit(std::move(batch_));
  }

  /// Before the stream reports a problem of its own: everything read before it goes first.
  void pass_on_pieces() {
    if (!workers_) {
      flush_batch(true);
      return;
    }
    flush_batch(false);
    workers_->drain();
  }

  /// Appends a line to a document being collected, up to --max-object-bytes: past that the
  /// text is dropped and `over` keeps the line where it went past (reported by too_large).
  void grow(std::string& s, std::string_view line, std::uint32_t& over) {
    last_line_ = line_no_;
    if (over != 0) return;
    if (s.size() + line.size() > ctx_.limits.max_object_bytes) {
      over = line_no_;
      s.clear();
      s.shrink_to_fit();
      return;
    }
    s.append(line);
  }

  void too_large(std::uint32_t first_line, std::string_view what) {
    pass_on_pieces();
    diagnostic d;
    d.where.file = std::string(ctx_.file);
    d.where.line = first_line;
    d.message = fmt::format(
        "not read: a YAML {} larger than {} bytes, from line {} to line {} (raise with "
        "--max-object-bytes)",
        what, ctx_.limits.max_object_bytes, first_line, last_line_);
    ctx_.sink.problem(std::move(d));
  }

  stream_context& ctx_;
  chunk_buffer& buf_;
  managed_fields_filter managed_;
  std::size_t pos_ = 0;
  std::uint32_t line_no_ = 0;
  state state_ = state::header;
  std::string doc_;
  std::uint32_t doc_first_ = 1;
  std::string items_key_;
  std::string pending_;
  std::string item_;
  std::uint32_t item_first_ = 0;
  std::size_t item_indent_ = 0;
  std::size_t item_index_ = 0;
  std::string trailer_;
  std::uint32_t trailer_first_ = 0;
  std::uint32_t last_line_ = 0;  ///< the last line given to grow()
  std::uint32_t doc_over_ = 0;   ///< line where doc_ went past --max-object-bytes (0: not)
  std::uint32_t item_over_ = 0;
  std::uint32_t trailer_over_ = 0;
  std::string list_kind_;
  yaml_piece_reader reader_;
  yaml_tree tree_;                            ///< the piece being read here (reused: its arrays keep their capacity)
  std::string blanked_;                       ///< that piece with its unread fields blanked
  std::unique_ptr<yaml_batch> batch_;         ///< pieces gathered for the workers
  std::unique_ptr<ordered_workers> workers_;  ///< started with the first full batch
};

}  // namespace

void read_yaml_stream(stream_context& ctx) { yaml_stream(ctx).run(); }

}  // namespace volpol::k8s::detail
