// src/plan/document_writer.h (private to the plan layer) — one interface for writing a
// document's fields, with two implementations: straight into JSON text (json_fields, the hot
// path of `plan -o json` and `explain -o json`), or into a document node (node_fields, for
// YAML through yaml-cpp).
//
// A function that writes a document's fields is a template over the interface and so makes
// both forms from one list of fields (report_fields.h, report_explain.cpp):
//   optional_text(key, text)  written unless the text is empty
//   text(key, text)           a string
//   flag(key, bool)
//   number(key, n)
//   child(key, node)          a value made elsewhere (a policy's parameters, as typed)
//   object(key, f)            a nested object: f(fields&) writes its fields
//   list(key, f)              a list: f(items&) writes its items, each items.text(text) or
//                             items.object(f)
// json_fields writes exactly the bytes write_json (document_model.h) writes for the node that
// node_fields builds from the same calls: keys in call order, two spaces per level.
#pragma once

#include <charconv>
#include <concepts>
#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "document_model.h"
#include "ordered_text.h"
#include "volpol/detail/zstring_view.h"

namespace volpol::plan::detail {

class json_items;

/// The fields of one JSON object, appended to `out`. `indent`: the object's level (its
/// closing brace is at indent × 2 spaces, its fields one level deeper).
class json_fields {
 public:
  json_fields(std::string& out, int indent) : out_(out), indent_(indent) {}

  /// The object itself: `{`, the fields `write(*this)` writes, `}` (or `{}`).
  template <class Write>
  void write_object(Write&& write) {
    out_ += '{';
    write(*this);
    close('}');
  }

  void optional_text(std::string_view k, std::string_view v) {
    if (!v.empty()) text(k, v);
  }
  /// A record's name: empty is known without counting its size.
  template <std::same_as<zstring_view> Z>
  void optional_text(std::string_view k, Z v) {
    if (!v.empty()) text(k, v.view());
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
    append_number(out_, v);
  }
  void child(std::string_view k, const node& n) {
    key(k);
    write_json(n, out_, indent_ + 1);
  }
  template <class Write>
  void object(std::string_view k, Write&& write) {
    key(k);
    json_fields(out_, indent_ + 1).write_object(std::forward<Write>(write));
  }
  template <class Write>
  void list(std::string_view k, Write&& write);

  static void append_number(std::string& out, std::size_t v) {
    char digits[24];
    const auto end = std::to_chars(digits, digits + sizeof digits, v).ptr;
    out.append(digits, end);
  }

 private:
  friend class json_items;
  void key(std::string_view k) {
    separate();
    append_json_string(out_, k);
    out_ += ": ";
  }
  /// Before a member or item: a newline (and a comma after the first), then its indent.
  void separate() {
    out_ += written_ ? ",\n" : "\n";
    written_ = true;
    out_.append(static_cast<std::size_t>(indent_ + 1) * 2, ' ');
  }
  /// After the members or items: nothing was written gives `{}` / `[]`.
  void close(char bracket) {
    if (written_) {
      out_ += '\n';
      out_.append(static_cast<std::size_t>(indent_) * 2, ' ');
    }
    out_ += bracket;
  }

  std::string& out_;
  int indent_;
  bool written_ = false;
};

/// The items of one JSON list (json_fields::list).
class json_items {
 public:
  json_items(std::string& out, int indent) : at_(out, indent) {}
  void text(std::string_view v) {
    at_.separate();
    append_json_string(at_.out_, v);
  }
  template <class Write>
  void object(Write&& write) {
    at_.separate();
    json_fields(at_.out_, at_.indent_ + 1).write_object(std::forward<Write>(write));
  }
  void close() { at_.close(']'); }

 private:
  json_fields at_;  // the list's own layout: items one level deeper, `]` at its level
};

template <class Write>
void json_fields::list(std::string_view k, Write&& write) {
  key(k);
  out_ += '[';
  json_items items(out_, indent_ + 1);
  write(items);
  items.close();
}

class node_items;

/// The same fields, into a document node (take()).
class node_fields {
 public:
  void optional_text(std::string_view k, std::string_view v) {
    if (!v.empty()) text(k, v);
  }
  template <std::same_as<zstring_view> Z>
  void optional_text(std::string_view k, Z v) {
    if (!v.empty()) text(k, v.view());
  }
  void text(std::string_view k, std::string_view v) { f_.emplace_back(std::string(k), str(v)); }
  void flag(std::string_view k, bool v) { f_.emplace_back(std::string(k), boolean(v)); }
  void number(std::string_view k, std::size_t v) { f_.emplace_back(std::string(k), num(v)); }
  void child(std::string_view k, node n) { f_.emplace_back(std::string(k), std::move(n)); }
  template <class Write>
  void object(std::string_view k, Write&& write) {
    node_fields inner;
    write(inner);
    f_.emplace_back(std::string(k), inner.take());
  }
  template <class Write>
  void list(std::string_view k, Write&& write);
  [[nodiscard]] node take() { return detail::object(std::move(f_)); }

 private:
  fields f_;
};

/// The items of one list, into a node.
class node_items {
 public:
  void text(std::string_view v) { items_.push_back(str(v)); }
  template <class Write>
  void object(Write&& write) {
    node_fields inner;
    write(inner);
    items_.push_back(inner.take());
  }
  [[nodiscard]] node take() { return detail::list(std::move(items_)); }

 private:
  std::vector<node> items_;
};

template <class Write>
void node_fields::list(std::string_view k, Write&& write) {
  node_items items;
  write(items);
  f_.emplace_back(std::string(k), items.take());
}

/// A report's last member, a list of `count` objects, and the report's closing brace, as
/// write_json writes them one level in: `"key": [` is already in `b`; `write(i, fields)` writes
/// object i's fields (json_fields at indent 2). The objects are made on `threads` threads, in
/// chunks, and written in order (ordered_text.h).
template <class Write>
void append_json_objects_and_close(buffered& b, std::size_t count, unsigned threads, Write&& write) {
  ordered_text(
      count, threads,
      [&write](std::size_t i, std::string& chunk) {
        chunk += i == 0 ? "\n    " : ",\n    ";
        json_fields(chunk, 2).write_object([&](json_fields& f) { write(i, f); });
      },
      [&b](const std::string& chunk) { b.append(chunk); });
  b.text() += count == 0 ? "]\n}\n" : "\n  ]\n}\n";
}

}  // namespace volpol::plan::detail
