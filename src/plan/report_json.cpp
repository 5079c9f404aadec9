// JSON and YAML renderings of a plan: one document model, two writers.
#include <fmt/format.h>

#include <cstdio>
#include <cstdlib>
#include <yaml-cpp/yaml.h>

#include "volpol/plan/report.h"

namespace volpol::plan {

namespace {

void append_json_string(std::string& out, std::string_view s) {
  // JSON text is UTF-8: bytes that are not (a file name from the command line) are escaped.
  if (!is_valid_utf8(s)) return append_json_string(out, escape_text(s, true));
  out += '"';
  std::size_t run = 0;  // start of the current run of characters that need no escaping
  for (std::size_t i = 0; i < s.size(); ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c >= 0x20 && c != '"' && c != '\\') continue;
    out.append(s.data() + run, i - run);
    run = i + 1;
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default: out += fmt::format("\\u{:04x}", c);
    }
  }
  out.append(s.data() + run, s.size() - run);
  out += '"';
}

std::string json_string(std::string_view s) {
  std::string out;
  append_json_string(out, s);
  return out;
}

// ---- a small document model shared by both writers -----------------------------------
struct node;
struct field;  // not std::pair<std::string, node>: a pair of a still-incomplete type (clang)
using fields = std::vector<field>;
struct node {
  enum class kind { null, boolean, number, string, list, object } k = kind::null;
  bool b = false;
  std::string text;  // number (already formatted) or string
  std::vector<node> items;
  fields members;
};
struct field {
  field(std::string f, node s) : first(std::move(f)), second(std::move(s)) {}
  std::string first;
  node second;
};
node str(std::string_view s) { node n; n.k = node::kind::string; n.text = std::string(s); return n; }
node num(std::size_t v) { node n; n.k = node::kind::number; n.text = std::to_string(v); return n; }
node boolean(bool v) { node n; n.k = node::kind::boolean; n.b = v; return n; }
node object(fields f) { node n; n.k = node::kind::object; n.members = std::move(f); return n; }
node list(std::vector<node> items) { node n; n.k = node::kind::list; n.items = std::move(items); return n; }

node from_value(const value& v) {
  switch (v.type()) {
    case value::kind::null: return {};
    case value::kind::boolean: return boolean(v.as_bool());
    case value::kind::integer: { node n; n.k = node::kind::number; n.text = std::to_string(v.as_int()); return n; }
    case value::kind::floating: { node n; n.k = node::kind::number; n.text = fmt::format("{}", v.as_float()); return n; }
    case value::kind::string: return str(v.as_string());
    case value::kind::sequence: {
      std::vector<node> items;
      for (const value& i : v.items()) items.push_back(from_value(i));
      return list(std::move(items));
    }
    case value::kind::mapping: {
      fields f;
      for (const auto& [k, i] : v.entries()) f.emplace_back(k, from_value(i));
      return object(std::move(f));
    }
  }
  return {};
}

node policy_node(const volume_record& r) {
  const policy::volume_policy& vp = *r.policy;
  fields p;
  p.emplace_back("index", num(vp.index));
  p.emplace_back("document", str(vp.origin == policy::policy_origin::global ? "global" : "backup"));
  if (vp.mark.line > 0) p.emplace_back("line", num(vp.mark.line));
  p.emplace_back("conditions", str(vp.raw_conditions.is_null() ? "{}" : vp.raw_conditions.to_string()));
  p.emplace_back("action", str(policy_action(r)));
  if (!vp.act.parameters.is_null()) p.emplace_back("parameters", from_value(vp.act.parameters));
  return object(std::move(p));
}

void write_json(const node& n, std::string& out, int indent);

node volume_node(const volume_record& r) {
  fields f;
  auto opt = [&](const char* key, std::string_view s) { if (!s.empty()) f.emplace_back(key, str(s)); };
  opt("pvcName", r.pvc_name);
  opt("pvcNamespace", r.pvc_namespace);
  opt("pvName", r.pv_name);
  opt("backupMethod", std::string(to_string(r.method == backup_method::custom ? backup_method::none : r.method)));
  f.emplace_back("snapshotDataMoved", boolean(r.snapshot_data_moved));
  f.emplace_back("skipped", boolean(r.skipped));
  opt("skippedReason", r.skipped_reason);
  f.emplace_back("method", str(method_label(r)));
  opt("podNamespace", r.pod_namespace);
  opt("podName", r.pod_name);
  opt("podVolume", r.pod_volume);
  opt("storageClass", r.storage_class);
  opt("volumeType", r.volume_type);
  if (r.policy != nullptr) f.emplace_back("policy", policy_node(r));
  opt("dataMover", r.data_mover);
  opt("snapshotClass", r.snapshot_class);
  opt("reason", r.reason);
  if (r.error) f.emplace_back("error", str(r.error_message));
  return object(std::move(f));
}

/// Writes one record as a JSON object straight into `out` (the hot path of -o json: no
/// intermediate tree). Same fields, same order as volume_node().
class record_writer {
 public:
  record_writer(std::string& out, int indent) : out_(out), pad_(static_cast<std::size_t>(indent) * 2, ' ') {}
  void write(const volume_record& r) {
    out_ += '{';
    text("pvcName", r.pvc_name);
    text("pvcNamespace", r.pvc_namespace);
    text("pvName", r.pv_name);
    text("backupMethod", to_string(r.method == backup_method::custom ? backup_method::none : r.method));
    boolean_field("snapshotDataMoved", r.snapshot_data_moved);
    boolean_field("skipped", r.skipped);
    text("skippedReason", r.skipped_reason);
    text("method", method_label(r));
    text("podNamespace", r.pod_namespace);
    text("podName", r.pod_name);
    text("podVolume", r.pod_volume);
    text("storageClass", r.storage_class);
    text("volumeType", r.volume_type);
    if (r.policy != nullptr) {
      key("policy");
      write_json(policy_node(r), out_, static_cast<int>(pad_.size() / 2) + 1);
    }
    text("dataMover", r.data_mover);
    text("snapshotClass", r.snapshot_class);
    text("reason", r.reason);
    if (r.error) {
      key("error");
      append_json_string(out_, r.error_message);
    }
    out_ += '\n';
    out_ += pad_;
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
  void text(std::string_view k, std::string_view v) {
    if (v.empty()) return;
    key(k);
    append_json_string(out_, v);
  }
  void boolean_field(std::string_view k, bool v) {
    key(k);
    out_ += v ? "true" : "false";
  }
  std::string& out_;
  std::string pad_;
  bool first_ = true;
};

fields header(const plan_result& plan, const report_context& ctx) {
  const plan_summary& s = plan.summary;
  fields summary = {{"volumes", num(s.volumes)},          {"fsBackup", num(s.pod_volume_backup)},
                    {"csiSnapshot", num(s.csi_snapshot)}, {"csiSnapshotDataMovement", num(s.csi_data_movement)},
                    {"nativeSnapshot", num(s.native_snapshot)}, {"custom", num(s.custom)},
                    {"skipped", num(s.skipped)},          {"errors", num(s.errors)}};
  std::vector<node> notes, problems;
  for (const std::string& n : plan.notes) notes.push_back(str(n));
  for (const diagnostic& d : ctx.input_problems) problems.push_back(str(d.to_string()));
  fields top;
  top.emplace_back("kind", str("VolumeBackupPlan"));
  if (!ctx.policy_file.empty()) top.emplace_back("policy", str(ctx.policy_file));
  if (!ctx.global_policy_file.empty()) top.emplace_back("globalPolicy", str(ctx.global_policy_file));
  top.emplace_back("summary", object(std::move(summary)));
  top.emplace_back("notes", list(std::move(notes)));
  top.emplace_back("problems", list(std::move(problems)));
  return top;
}

/// Buffers output and hands it to the FILE in large writes.
class buffered {
 public:
  explicit buffered(std::FILE* out) : out_(out) { buf_.reserve(1 << 20); }
  ~buffered() { flush(); }
  std::string& text() { return buf_; }
  void maybe_flush() {
    if (buf_.size() >= (1u << 20)) flush();
  }
  void flush() {
    std::fwrite(buf_.data(), 1, buf_.size(), out_);
    buf_.clear();
  }

 private:
  std::FILE* out_;
  std::string buf_;
};

void write_json(const node& n, std::string& out, int indent) {
  const std::string pad(static_cast<std::size_t>(indent) * 2, ' ');
  const std::string inner(static_cast<std::size_t>(indent + 1) * 2, ' ');
  switch (n.k) {
    case node::kind::null: out += "null"; break;
    case node::kind::boolean: out += n.b ? "true" : "false"; break;
    case node::kind::number: out += n.text; break;
    case node::kind::string: append_json_string(out, n.text); break;
    case node::kind::list:
      if (n.items.empty()) { out += "[]"; break; }
      out += "[\n";
      for (std::size_t i = 0; i < n.items.size(); ++i) {
        out += inner;
        write_json(n.items[i], out, indent + 1);
        out += i + 1 < n.items.size() ? ",\n" : "\n";
      }
      out += pad + "]";
      break;
    case node::kind::object:
      if (n.members.empty()) { out += "{}"; break; }
      out += "{\n";
      for (std::size_t i = 0; i < n.members.size(); ++i) {
        out += inner + json_string(n.members[i].first) + ": ";
        write_json(n.members[i].second, out, indent + 1);
        out += i + 1 < n.members.size() ? ",\n" : "\n";
      }
      out += pad + "}";
      break;
  }
}

void write_yaml(const node& n, YAML::Emitter& e) {
  switch (n.k) {
    case node::kind::null: e << YAML::Null; break;
    case node::kind::boolean: e << n.b; break;
    case node::kind::number: e << n.text; break;
    case node::kind::string: e << YAML::DoubleQuoted << n.text; break;
    case node::kind::list:
      e << YAML::BeginSeq;
      for (const node& i : n.items) write_yaml(i, e);
      e << YAML::EndSeq;
      break;
    case node::kind::object:
      e << YAML::BeginMap;
      for (const auto& [k, v] : n.members) {
        e << YAML::Key << k << YAML::Value;
        write_yaml(v, e);
      }
      e << YAML::EndMap;
      break;
  }
}

}  // namespace

void write_json(const plan_result& plan, const report_context& ctx, std::FILE* out) {
  buffered b(out);
  std::string& text = b.text();
  text += "{\n";
  for (const auto& [key, value] : header(plan, ctx)) {
    text += "  " + json_string(key) + ": ";
    write_json(value, text, 1);
    text += ",\n";
  }
  text += "  \"volumes\": [";
  bool first = true;
  for (const volume_record& r : plan.volumes) {  // one record at a time: no whole-document tree
    text += first ? "\n    " : ",\n    ";
    first = false;
    record_writer(text, 2).write(r);
    b.maybe_flush();
  }
  text += first ? "]\n}\n" : "\n  ]\n}\n";
}

void write_yaml(const plan_result& plan, const report_context& ctx, std::FILE* out) {
  buffered b(out);
  {
    YAML::Emitter e;
    e << YAML::BeginMap;
    for (const auto& [key, value] : header(plan, ctx)) {
      e << YAML::Key << key << YAML::Value;
      write_yaml(value, e);
    }
    e << YAML::EndMap;
    b.text() += e.c_str();
  }
  b.text() += plan.volumes.empty() ? "\nvolumes: []\n" : "\nvolumes:\n";
  for (const volume_record& r : plan.volumes) {
    YAML::Emitter e;
    e << YAML::BeginSeq;
    write_yaml(volume_node(r), e);
    e << YAML::EndSeq;
    b.text() += e.c_str();
    b.text() += '\n';
    b.maybe_flush();
  }
}

namespace {
template <class Writer>
std::string to_text(Writer write, const plan_result& plan, const report_context& ctx) {
  char* buf = nullptr;
  std::size_t len = 0;
  std::FILE* mem = open_memstream(&buf, &len);
  write(plan, ctx, mem);
  std::fclose(mem);
  std::string text(buf, len);
  std::free(buf);
  return text;
}
}  // namespace

std::string render_json(const plan_result& plan, const report_context& ctx) {
  return to_text(static_cast<void (*)(const plan_result&, const report_context&, std::FILE*)>(&write_json), plan, ctx);
}

std::string render_yaml(const plan_result& plan, const report_context& ctx) {
  return to_text(static_cast<void (*)(const plan_result&, const report_context&, std::FILE*)>(&write_yaml), plan, ctx);
}

}  // namespace volpol::plan
