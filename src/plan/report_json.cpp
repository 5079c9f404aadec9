// `plan -o json`: the plan report as JSON, each record streamed straight into the output
// buffer (no whole-document tree).
#include <charconv>
#include <cstdio>
#include <string>
#include <string_view>

#include "document_model.h"
#include "ordered_text.h"
#include "report_fields.h"
#include "volpol/plan/report.h"

namespace volpol::plan {

namespace detail {
namespace {

/// record_fields as a JSON object, straight into `out` (the hot path of -o json: no
/// intermediate tree).
class record_writer {
 public:
  record_writer(std::string& out, int indent) : out_(out), pad_(static_cast<std::size_t>(indent) * 2, ' ') {}
  void write(const volume_record& r, const plan_result& plan) {
    out_ += '{';
    record_fields(r, plan, *this);
    out_ += '\n';
    out_ += pad_;
    out_ += '}';
  }
  void optional_text(std::string_view k, std::string_view v) {
    if (!v.empty()) text(k, v);
  }
  void text(std::string_view k, std::string_view v) {
    key(k);
    append_json_string(out_, v);
  }
  void flag(std::string_view k, bool v) {
    key(k);
    out_ += v ? "true" : "false";
  }
  void number(std::string_view k, std::size_t v) {
    key(k);
    char digits[24];
    const auto end = std::to_chars(digits, digits + sizeof digits, v).ptr;
    out_.append(digits, end);
  }
  void child(std::string_view k, const node& n) {
    key(k);
    write_json(n, out_, indent() + 1);
  }
  /// A nested object, written as write_json writes a node: its fields one level deeper.
  template <class Write>
  void object(std::string_view k, Write&& write) {
    key(k);
    record_writer inner(out_, indent() + 1);
    out_ += '{';
    write(inner);
    if (inner.first_) {
      out_ += '}';
      return;
    }
    out_ += '\n';
    out_ += inner.pad_;
    out_ += '}';
  }

 private:
  void key(std::string_view k) {
    out_ += first_ ? "\n" : ",\n";
    first_ = false;
    out_ += pad_;
    out_ += "  \"";
    out_ += k;
    out_ += "\": ";
  }
  [[nodiscard]] int indent() const { return static_cast<int>(pad_.size() / 2); }

  std::string& out_;
  std::string pad_;
  bool first_ = true;
};

}  // namespace
}  // namespace detail

void write_json(const plan_result& plan, const report_context& ctx, std::FILE* out) {
  detail::buffered b(out);
  std::string& text = b.text();
  text += "{\n";
  for (const auto& [key, value] : detail::report_header(plan, ctx)) {
    text += "  " + detail::json_string(key) + ": ";
    detail::write_json(value, text, 1);
    text += ",\n";
  }
  text += "  \"volumes\": [";
  // One record at a time (no whole-document tree), in chunks on ctx.threads threads.
  detail::ordered_text(
      plan.volumes.size(), detail::output_threads(ctx.threads),
      [&plan](std::size_t i, std::string& chunk) {
        chunk += i == 0 ? "\n    " : ",\n    ";
        detail::record_writer(chunk, 2).write(plan.volumes[i], plan);
      },
      [&b](const std::string& chunk) { b.append(chunk); });
  b.text() += plan.volumes.empty() ? "]\n}\n" : "\n  ]\n}\n";
}

}  // namespace volpol::plan
