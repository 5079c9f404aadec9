// The JSON stream reader: top-level values one after the other; a list's `items` are split by
// the byte scanner (json_loader_scan.h) and each parsed alone with simdjson On-Demand, in the
// chunk buffer, so a huge list never sits in memory whole.
#include <fmt/format.h>

#include <cstring>

#include <algorithm>
#include <cctype>
#include <string>
#include <vector>

#include "json_adapter.h"
#include "json_loader_scan.h"
#include "loader_parallel.h"
#include "loader_stream.h"

namespace volpol::k8s::detail {

namespace {

/// Holds one value's problems until the value is read, to name the object when the reader
/// could not (the error came before `metadata`), then passes them on.
class element_sink final : public object_sink {
 public:
  explicit element_sink(object_sink& next) : next_(next) {}
  void object(object_fields& f, const classification& c, object_origin origin) override {
    next_.object(f, c, std::move(origin));
  }
  void problem(diagnostic d) override { held_.push_back(std::move(d)); }
  [[nodiscard]] bool accepts_built() const override { return next_.accepts_built(); }
  void built(any_object o) override { next_.built(std::move(o)); }
  std::vector<diagnostic>& held() { return held_; }
  void flush() {
    for (auto& d : held_) next_.problem(std::move(d));
    held_.clear();
  }

 private:
  object_sink& next_;
  std::vector<diagnostic> held_;
};

constexpr std::size_t npos = static_cast<std::size_t>(-1);

/// Reads one value split off the stream (an object, a list, or an array of them) with
/// simdjson On-Demand: on the stream's thread, or on a worker (json_batch).
struct json_value_reader {
  shared_string file;  ///< shared by the origins of the stream's objects
  read_options options;
  std::uint32_t max_depth = 512;

  /// `text` (`size` bytes, `capacity` readable: at least size + SIMDJSON_PADDING) starts at
  /// byte `offset` of the stream. `index`: its index in a list's `items` (`items`) or a
  /// top-level array, npos for a top-level value. Problems are held in `sink` (with the
  /// object named where the reader could not), for the caller to pass on.
  void read(simdjson::ondemand::parser& parser, const char* text, std::size_t size, std::size_t capacity,
            std::uint64_t offset, std::string_view hint, std::size_t index, bool items, element_sink& sink) const {
    const simdjson::padded_string_view padded(text, size, capacity);
    json_adapter a;
    a.base = text;
    a.length = size;
    a.base_offset = offset;
    a.file = file;
    a.max_depth = max_depth;
    simdjson::ondemand::document doc;
    if (auto e = parser.iterate(padded).get(doc)) {
      a.fail(e);
      sink.problem(located(offset, a.parse_error()));
    } else {
      a.doc = &doc;
      simdjson::ondemand::value v;
      if (auto e2 = doc.get_value().get(v)) {
        sink.problem(scalar_value(doc, e2, offset, index, items));
      } else {
        object_reader<json_adapter> reader(a, sink, options);
        if (index == npos) {
          (void)reader.read_document(v, hint);
        } else {
          (void)reader.read_list_item(v, hint, index, items);
        }
      }
    }
    std::size_t prefix = 0;
    if (index != npos) prefix = fmt::format("{}[{}]", items ? "items" : "", index).size();
    name_objects(parser, sink, padded, prefix);
  }

  diagnostic located(std::uint64_t offset, std::string message) const {
    diagnostic d;
    d.where.file = std::string(file);
    d.where.offset = offset;
    d.where.has_offset = true;
    d.message = std::move(message);
    return d;
  }

 private:
  /// A value that is no object or array (simdjson reads a scalar document apart).
  diagnostic scalar_value(simdjson::ondemand::document& doc, simdjson::error_code e, std::uint64_t offset,
                          std::size_t index, bool items) const {
    simdjson::ondemand::json_type t;
    if (e != simdjson::SCALAR_DOCUMENT_AS_VALUE || doc.type().get(t))
      return located(offset, json_error_message(e, max_depth));
    const char* what = t == simdjson::ondemand::json_type::string    ? "a string"
                       : t == simdjson::ondemand::json_type::number  ? "a number"
                       : t == simdjson::ondemand::json_type::boolean ? "a boolean"
                                                                     : "null";
    diagnostic d = located(offset, fmt::format("expected an object, got {}", what));
    if (index != npos) d.where.path = fmt::format("{}[{}]", items ? "items" : "", index);
    return d;
  }

  /// Names the object in errors that could not (unless the error is in a list nested in the
  /// value: the value's name would be the wrong one).
  static void name_objects(simdjson::ondemand::parser& parser, element_sink& sink, simdjson::padded_string_view text,
                           std::size_t prefix) {
    for (diagnostic& p : sink.held()) {
      const std::string& path = p.where.path;
      const bool nested = path.find("items[", prefix) != std::string::npos ||
                          (path.size() > prefix && path[prefix] == '[');
      if (p.level == severity::error && p.object.find(' ') == std::string::npos && !nested) {
        std::string who = recover_identity(parser, text);
        if (!who.empty()) p.object = std::move(who);
      }
    }
  }
};

/// Values read on a worker (loader_parallel.h), where they are: in a block of the stream's
/// window that the window no longer writes to (chunk_buffer::share).
class json_batch final : public batch_job {
 public:
  json_batch(const json_value_reader& reader, std::string_view hint, bool items)
      : reader_(reader), hint_(hint), items_(items) {}

  void run(worker_scratch& scratch, object_sink& out) override {
    for (const value& v : values_) {
      element_sink sink(out);
      reader_.read(scratch.json, block_.get() + v.at, v.size, allocated_ - v.at, v.offset, hint_, v.index, items_,
                   sink);
      sink.flush();
    }
  }

  [[nodiscard]] bool same_list(std::string_view hint, bool items) const { return hint == hint_ && items == items_; }
  /// The value at [at, at + size) of the window's block, at byte `offset` of the stream.
  void add(std::size_t at, std::size_t size, std::uint64_t offset, std::size_t index) {
    values_.push_back({at, size, offset, index});
    bytes_ += size;
  }
  [[nodiscard]] std::size_t bytes() const { return bytes_; }
  /// The block every value is in, and its readable bytes (chunk_buffer::allocated()).
  void attach(std::shared_ptr<const char> block, std::size_t allocated) {
    block_ = std::move(block);
    allocated_ = allocated;
  }

 private:
  struct value {
    std::size_t at, size;
    std::uint64_t offset;
    std::size_t index;
  };
  json_value_reader reader_;
  std::string hint_;
  bool items_;
  std::size_t bytes_ = 0;
  std::shared_ptr<const char> block_;
  std::size_t allocated_ = 0;
  std::vector<value> values_;
};

class json_stream {
 public:
  json_stream(stream_context& ctx, simdjson::ondemand::parser& parser) : ctx_(ctx), buf_(ctx.buffer), parser_(parser) {
    reader_.file = ctx.file;
    reader_.options = ctx.options;
    reader_.max_depth = ctx.limits.max_depth;
  }

  ~json_stream() { pass_on_values(); }

  /// The loader has filled the buffer's first chunk (to tell JSON from YAML).
  void run() {
    skip_bom();
    for (;;) {
      keep_ = pos_;
      const int c = skip_space(true);
      if (c < 0) return report_read_error();
      keep_ = pos_;
      bool ok = false;
      if (c == '{') {
        ok = top_object();
      } else if (c == '[') {
        ok = top_array(ctx_.kind_hint, false);
      } else {
        stops_at(pos_, fmt::format("invalid JSON: expected an object or an array, got `{}`", static_cast<char>(c)));
      }
      if (!ok) return;
    }
  }

 private:
  // ---- buffer ---------------------------------------------------------------------------

  const char* d() const { return buf_.data(); }
  std::size_t end() const { return buf_.size(); }

  bool fill() {
    // The values gathered for the workers go before the window can move: they are read
    // where they are, in the block the window leaves behind.
    submit_batch();
    std::size_t shift = 0;
    const bool got = buf_.refill(keep_, shift);
    pos_ -= shift;
    keep_ -= shift;
    return got;
  }

  void skip_bom() {
    if (end() - pos_ >= 3 && d()[pos_] == '\xEF' && d()[pos_ + 1] == '\xBB' && d()[pos_ + 2] == '\xBF') pos_ += 3;
  }

  /// Skips whitespace; the next byte, or -1 at the end of input. `release`: bytes before the
  /// current position may be dropped.
  int skip_space(bool release) {
    for (;;) {
      while (pos_ < end() && is_json_space(d()[pos_])) ++pos_;
      if (pos_ < end()) return static_cast<unsigned char>(d()[pos_]);
      if (release) keep_ = pos_;
      if (over_limit()) return -1;
      if (!fill()) return -1;
    }
  }

  /// Scans the value at pos_ (kept from keep_); pos_ ends one past it.
  bool scan_value() {
    value_scanner sc(ctx_.limits.max_depth, kernel_);
    for (;;) {
      std::size_t i = pos_;
      const auto st = sc.step(d(), i, end());
      pos_ = i;
      // A value found whole in the window is held to the limit too, not only one that
      // outgrows it: where the window happens to be cut must not decide.
      if (st == value_scanner::state::done) return !over_limit();
      if (st == value_scanner::state::too_deep) {
        too_deep_ = true;
        deep_at_ = pos_;
        return false;
      }
      if (over_limit()) return false;
      if (!fill()) return sc.complete_at_eof();
    }
  }

  // ---- structure ------------------------------------------------------------------------

  /// Where the reading of a top-level object stands. Until `items` shows it is a list, the
  /// whole object is kept in the window (keep_ at its first byte) to be parsed as one value;
  /// after, its own fields are scanned and released one by one (keep_ moves with them).
  struct object_scan {
    bool saw_items = false;
    std::string list_kind;  ///< `kind` met before `items` ("PodList" names the items' kind)
  };
  enum class step { more, done, failed };
  /// The scanner's error paths return false once they have reported: a failed step.
  static step failed(bool /*reported*/) { return step::failed; }

  /// An object: a list (its `items` streamed) or one object (kept whole, then parsed).
  bool top_object() {
    const std::uint64_t start = buf_.base() + pos_;
    ++pos_;
    object_scan o;
    for (;;) {
      step s = object_field(o);
      if (s == step::more) s = after_field(o);
      if (s == step::failed) return false;
      if (s == step::done) break;
    }
    if (!o.saw_items) element(keep_, pos_, ctx_.kind_hint, npos);
    keep_ = pos_;
    if (o.saw_items)
      if (std::string w = items_of_non_list_kind(o.list_kind); !w.empty()) warning_at(start, std::move(w));
    return true;
  }

  /// The input ended (or broke) inside the object.
  bool object_cut_short(const object_scan& o) { return truncated(o.saw_items ? pos_ : keep_, "object"); }

  /// One `"key": value` of a top-level object, or its closing `}` (done).
  step object_field(object_scan& o) {
    int c = skip_space(o.saw_items);
    if (c < 0) return failed(object_cut_short(o));
    if (c == '}') {
      ++pos_;
      return step::done;
    }
    if (c != '"') return failed(stops_at(pos_, "invalid JSON: expected a field name"));
    if (o.saw_items) keep_ = pos_;
    const std::size_t key_at = pos_ - keep_;
    if (!scan_value())
      return failed(o.saw_items ? truncated(keep_ + key_at, "field name") : truncated(keep_, "object"));
    // The key's text is in the window only until the next refill: decide on it now.
    const std::string_view key(d() + keep_ + key_at + 1, pos_ - (keep_ + key_at) - 2);
    const bool is_items = key == "items";
    const bool is_kind = key == "kind";
    c = skip_space(o.saw_items);
    if (c != ':') return failed(c < 0 ? object_cut_short(o) : stops_at(pos_, "invalid JSON: expected `:`"));
    ++pos_;
    c = skip_space(o.saw_items);
    if (c < 0) return failed(object_cut_short(o));
    // A second `items`: Go's decoder (kubectl, Velero) keeps the last array only; the first one's
    // objects are read already, so both are kept, and the list is reported.
    if (is_items && c == '[' && o.saw_items)
      (void)error_at(pos_,
                     "invalid List: a second `items`; kubectl and Velero (Go's JSON decoder) keep only the "
                     "last, volpol reads both");
    const bool ok = is_items && c == '[' ? list_items(o) : field_value(o, is_kind);
    return ok ? step::more : step::failed;
  }

  /// `items: [...]`: the object is a list; each item is read alone.
  bool list_items(object_scan& o) {
    o.saw_items = true;
    keep_ = pos_;
    const std::string_view hint = item_kind_of_list(o.list_kind);
    return top_array(hint.empty() ? ctx_.kind_hint : hint, true);
  }

  /// Any other field's value: scanned over; `kind`'s string is kept for the items' hint.
  bool field_value(object_scan& o, bool is_kind) {
    if (o.saw_items) keep_ = pos_;
    const std::size_t value_at = pos_ - keep_;
    if (!scan_value()) return o.saw_items ? truncated(keep_ + value_at, "value") : truncated(keep_, "object");
    const std::string_view value(d() + keep_ + value_at, pos_ - keep_ - value_at);
    if (is_kind && value.size() >= 2 && value.front() == '"') o.list_kind.assign(value.substr(1, value.size() - 2));
    return true;
  }

  /// The `,` before the next field, or the object's `}` (done).
  step after_field(const object_scan& o) {
    const int c = skip_space(o.saw_items);
    if (c == ',') {
      ++pos_;
      return step::more;
    }
    if (c == '}') {
      ++pos_;
      return step::done;
    }
    return failed(c < 0 ? object_cut_short(o) : stops_at(pos_, "invalid JSON: expected `,` or `}`"));
  }

  /// An array of values at pos_; each is read alone. `items`: the `items` of a list.
  bool top_array(std::string_view hint, bool items) {
    const std::string hint_copy(hint);  // the list kind lives in the caller's string
    ++pos_;
    for (std::size_t index = 0;; ++index) {
      int c = skip_space(true);
      if (c < 0) return truncated(pos_, items ? "`items`" : "array");
      if (c == ']') {
        ++pos_;
        return true;
      }
      if (c == ',') return stops_at(pos_, "invalid JSON: expected a value");
      keep_ = pos_;
      if (!scan_value()) return truncated(keep_, items ? "item" : "value");
      element(keep_, pos_, hint_copy, index, items);
      keep_ = pos_;
      c = skip_space(true);
      if (c == ',') {
        ++pos_;
        continue;
      }
      if (c == ']') {
        ++pos_;
        return true;
      }
      return c < 0 ? truncated(pos_, items ? "`items`" : "array")
                   : stops_at(pos_, fmt::format("invalid JSON: expected `,` or `]` after {} {}",
                                                items ? "item" : "element", index));
    }
  }

  // ---- one value --------------------------------------------------------------------------

  /// Reads the value [from, to) of the window: here while the window still holds the stream
  /// from its first byte (so problems get lines, and a small input starts no threads), else
  /// on the workers (--threads).
  void element(std::size_t from, std::size_t to, std::string_view hint, std::size_t index, bool items = false) {
    if (ctx_.threads > 1 && buf_.base() != 0) {
      if (batch_ && !batch_->same_list(hint, items)) submit_batch();
      if (!batch_) batch_ = std::make_unique<json_batch>(reader_, hint, items);
      batch_->add(from, to - from, buf_.base() + from, index);
      if (batch_->bytes() >= ordered_workers::batch_bytes) submit_batch();
      return;
    }
    pass_on_values();
    element_sink sink(ctx_.sink);
    reader_.read(parser_, d() + from, to - from, buf_.allocated() - from, buf_.base() + from, hint, index, items, sink);
    for (diagnostic& p : sink.held()) add_line(p);
    sink.flush();
  }

  void submit_batch() {
    if (!batch_) return;
    batch_->attach(buf_.share(), buf_.allocated());
    if (!workers_) workers_ = std::make_unique<ordered_workers>(ctx_.sink, ctx_.threads);
    if (ctx_.worker_batches != nullptr) ++*ctx_.worker_batches;
    workers_->submit(std::move(batch_));
  }

  /// Every value handed to the workers is read and passed on (before the stream reports a
  /// problem of its own, and at its end).
  void pass_on_values() {
    submit_batch();
    if (workers_) workers_->drain();
  }

  /// Line and column, when the buffer still holds the stream from its first byte. Lines are
  /// counted on from the last problem's offset (problems come in stream order), so 200,000
  /// warnings cost one pass over the text, not one pass each.
  void add_line(diagnostic& p) {
    if (!p.where.has_offset || p.where.line != 0 || buf_.base() != 0) return;
    const std::uint64_t limit = end();
    const std::uint64_t offset = std::min<std::uint64_t>(p.where.offset, limit);
    if (offset < counted_to_) counted_to_ = 0, line_ = 1, line_start_ = 0;  // out of order: from the start
    for (const char* q = d() + counted_to_;
         (q = static_cast<const char*>(std::memchr(q, '\n', static_cast<std::size_t>(d() + offset - q)))) != nullptr;
         ++q) {
      ++line_;
      line_start_ = static_cast<std::uint64_t>(q - d()) + 1;
    }
    counted_to_ = offset;
    p.where.line = static_cast<std::uint32_t>(line_);
    p.where.column = static_cast<std::uint32_t>(offset - line_start_ + 1);
  }
  std::uint64_t counted_to_ = 0, line_ = 1, line_start_ = 0;  // add_line's place in the text

  /// A warning at an offset from the stream's first byte (after every value before it).
  void warning_at(std::uint64_t absolute, std::string message) {
    pass_on_values();
    diagnostic d = reader_.located(absolute, std::move(message));
    d.level = severity::warning;
    add_line(d);  // only while the window starts at the stream's first byte
    ctx_.sink.problem(std::move(d));
  }

  bool error_at(std::size_t at, std::string message) {
    pass_on_values();
    diagnostic d = reader_.located(buf_.base() + at, std::move(message));
    add_line(d);
    ctx_.sink.problem(std::move(d));
    return false;
  }

  /// A syntax error between values, where the scanner cannot find the next value again: the
  /// stream stops, and the message says so (what was read before it is kept).
  bool stops_at(std::size_t at, std::string message) {
    return error_at(at, std::move(message) + "; the rest of the input is not read");
  }

  /// The value being read (from keep_) is larger than --max-object-bytes: it is not buffered
  /// further, and the rest of the stream is not read.
  bool over_limit() {
    if (too_large_ || pos_ - keep_ <= ctx_.limits.max_object_bytes) return too_large_;
    too_large_ = true;
    return true;
  }

  bool truncated(std::size_t at, std::string_view what) {
    if (too_deep_)
      return error_at(deep_at_ == 0 ? 0 : deep_at_ - 1,
                      fmt::format("invalid JSON: nested more than {} levels (raise with --max-depth); the rest "
                                  "of the input is not read",
                                  ctx_.limits.max_depth));
    if (too_large_)
      return error_at(keep_, fmt::format("not read: a value larger than {} bytes starts here (raise with "
                                         "--max-object-bytes); the rest of the input (from byte {}) is not read",
                                         ctx_.limits.max_object_bytes, buf_.base() + keep_));
    if (!buf_.error().empty()) return report_read_error(), false;
    return error_at(at, fmt::format("invalid JSON: the input ends (at byte {}) inside this {}; truncated file?",
                                    buf_.bytes_read(), what));
  }

  void report_read_error() {
    pass_on_values();
    if (buf_.error().empty()) return;
    diagnostic d;
    d.where.file = std::string(ctx_.file);
    d.message = fmt::format("cannot read: {}", buf_.error());
    ctx_.sink.problem(std::move(d));
  }

  stream_context& ctx_;
  chunk_buffer& buf_;
  simdjson::ondemand::parser& parser_;
  std::size_t pos_ = 0;
  std::size_t keep_ = 0;
  bool too_large_ = false;
  bool too_deep_ = false;
  std::size_t deep_at_ = 0;  ///< where the scanner found the value too deep
  json_value_reader reader_;
  const scan_kernel kernel_ = best_scan_kernel();  ///< chosen once, for every value of the stream
  std::unique_ptr<json_batch> batch_;              ///< values gathered for the workers
  std::unique_ptr<ordered_workers> workers_;       ///< started with the first batch
};

}  // namespace

void read_json_stream(stream_context& ctx, simdjson::ondemand::parser& parser) { json_stream(ctx, parser).run(); }

}  // namespace volpol::k8s::detail
