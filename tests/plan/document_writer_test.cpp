// document_writer.h: json_fields writes the same bytes write_json writes for the node that
// node_fields builds from the same calls (the JSON and YAML reports share one list of fields).
#include "../../src/plan/document_writer.h"

#include <gtest/gtest.h>

#include <string>

namespace volpol::plan::detail {
namespace {

/// A document with every kind of call: nested objects and lists (empty and not), escapes,
/// numbers, a child node made elsewhere, an optional text left out.
template <class Fields>
void sample(Fields& f) {
  f.text("kind", "Sample");
  f.optional_text("empty", "");
  f.optional_text("quote", "say \"hi\"\n\ttab");
  f.flag("yes", true);
  f.flag("no", false);
  f.number("zero", 0);
  f.number("big", 18446744073709551615ULL);
  f.child("parameters", object({field("a", num(1)), field("b", list({str("x"), boolean(false)}))}));
  f.object("empty object", [](auto&) {});
  f.object("nested", [](auto& n) {
    n.text("a", "1");
    n.object("deeper", [](auto& d) { d.number("level", 3); });
  });
  f.list("none", [](auto&) {});
  f.list("texts", [](auto& items) {
    items.text("one");
    items.text("t\xc3\xa9l\xc3\xa9");
  });
  f.list("objects", [](auto& items) {
    items.object([](auto& o) { o.text("name", "first"); });
    items.object([](auto&) {});
    items.object([](auto& o) { o.list("inner", [](auto& in) { in.object([](auto& x) { x.flag("deep", true); }); }); });
  });
}

TEST(document_writer, json_fields_writes_what_write_json_writes_for_the_node) {
  for (const int indent : {0, 1, 2, 5}) {
    node_fields built;
    sample(built);
    std::string expected;
    write_json(built.take(), expected, indent);

    std::string streamed;
    json_fields(streamed, indent).write_object([](json_fields& f) { sample(f); });
    EXPECT_EQ(streamed, expected) << "indent " << indent;
  }
}

TEST(document_writer, empty_object_and_exact_layout) {
  std::string out;
  json_fields(out, 0).write_object([](json_fields&) {});
  EXPECT_EQ(out, "{}");
  out.clear();
  json_fields(out, 1).write_object([](json_fields& f) {
    f.number("n", 42);
    f.list("l", [](json_items& items) { items.text("a"); });
  });
  EXPECT_EQ(out, "{\n    \"n\": 42,\n    \"l\": [\n      \"a\"\n    ]\n  }");
}

}  // namespace
}  // namespace volpol::plan::detail
