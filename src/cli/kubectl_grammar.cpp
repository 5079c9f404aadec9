// kubectl_grammar.cpp — see kubectl_grammar.h. kubectl's grammar is pflag's
// (github.com/spf13/pflag flag.go: parseLongArg, parseShortArg) under cobra's command lookup
// (cobra command.go: findSuggestions, "unknown command ... Did you mean this?").
#include "kubectl_grammar.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <regex>
#include <sstream>

#include "suggest.h"

namespace volpol::cli {

namespace {

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

bool is_bool_word(const std::string& s) {
  const std::string l = lower(s);
  return l == "true" || l == "false";
}

/// A flag: an option that takes no value (CLI11's add_flag).
bool is_flag(const CLI::Option* o) { return o->get_expected_max() == 0 && !o->get_positional(); }

/// -o/--output (and --color) take their value in any case, and yml for yaml (as kubectl's printers do not,
/// but users type it).
bool lowers_its_value(const CLI::Option* o) { return o->check_lname("output") || o->check_lname("color"); }
std::string output_value(const std::string& v) {
  std::string l = lower(v);
  return l == "yml" ? "yaml" : l;
}

/// The subcommands a user may name (hidden ones, like `man`, included: they are typed too).
std::vector<std::string> command_names(const CLI::App& app) {
  std::vector<std::string> names;
  for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; }))
    names.push_back(sub->get_name());
  return names;
}

/// Every flag name of `cmd` as typed: `--policy`, `-f`, ...
std::vector<std::string> flag_names(const CLI::App& cmd) {
  std::vector<std::string> names;
  for (const CLI::Option* o : cmd.get_options()) {
    if (o->get_positional()) continue;
    for (const std::string& l : o->get_lnames()) names.push_back("--" + l);
    for (const std::string& s : o->get_snames()) names.push_back("-" + s);
  }
  return names;
}

bool looks_like_number(const std::string& s) {
  return s.size() >= 2 && s[0] == '-' && (std::isdigit(static_cast<unsigned char>(s[1])) || s[1] == '.');
}

}  // namespace

void take_one_value_per_flag(CLI::App& app) {
  for (CLI::Option* o : app.get_options()) {
    if (o->get_positional() || is_flag(o)) continue;
    // An option whose value is optional (--features, --features=none) keeps taking at most one.
    if (o->get_expected_min() == 0) continue;
    if (o->get_expected_max() > 1) o->allow_extra_args(false);
    // A flag given twice takes its last value, as pflag's (kubectl -o json -o yaml).
    else o->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
  }
  for (CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; })) take_one_value_per_flag(*sub);
}

normalized_args normalize_args(const CLI::App& app, std::vector<std::string> args) {
  normalized_args n;
  std::size_t i = 0;
  // volpol's own flags come before the command: --version, --help.
  for (; i < args.size() && !args[i].empty() && args[i][0] == '-'; ++i) {
    if (args[i] == "--version" || args[i] == "--help" || args[i] == "-h") continue;
    n.error = fmt::format("unknown flag `{}`", args[i].substr(0, args[i].find('=')));
    const std::string near = closest_word(args[i], {"--version", "--help"});
    n.help = near.empty() ? "flags go after the command: `volpol plan -f PATH`"
                          : fmt::format("did you mean `{}`?", near);
    return n;
  }
  const CLI::App* cmd = &app;
  if (i < args.size()) {
    const std::vector<std::string> names = command_names(app);
    if (std::find(names.begin(), names.end(), args[i]) == names.end()) {
      n.error = fmt::format("unknown command `{}`", args[i]);
      const std::string near = closest_word(args[i], names);
      n.help = near.empty() ? "the commands are " + backticked_list(names, "and")
                            : fmt::format("did you mean `{}`?", near);
      return n;
    }
    n.command = args[i];
    cmd = app.get_subcommand(args[i]);
    ++i;
  }
  std::vector<std::string> out(args.begin(), args.begin() + static_cast<std::ptrdiff_t>(i));
  for (; i < args.size(); ++i) {
    std::string a = args[i];
    if (a == "--") {
      out.insert(out.end(), args.begin() + static_cast<std::ptrdiff_t>(i), args.end());
      break;
    }
    if (a.size() < 2 || a[0] != '-' || looks_like_number(a)) {
      out.push_back(std::move(a));
      continue;
    }
    const bool long_form = a[1] == '-';
    std::string name = a;
    std::string value;
    bool has_value = false;
    bool short_attached = false;  // -fdump.yaml or -Af: what follows the letter
    if (const std::size_t eq = a.find('='); long_form && eq != std::string::npos) {
      name = a.substr(0, eq);
      value = a.substr(eq + 1);
      has_value = true;
    } else if (!long_form && a.size() > 2) {
      // -f=dump.yaml (pflag drops the `=`), -fdump.yaml, -Af (two flags)
      name = a.substr(0, 2);
      short_attached = a[2] != '=';
      value = a.substr(short_attached ? 2 : 3);
      has_value = true;
    }
    if (name == "--help" || name == "-h") {
      out.push_back(std::move(a));
      continue;
    }
    const CLI::Option* o = cmd->get_option_no_throw(name);
    if (o == nullptr) {
      n.error = cmd == &app ? fmt::format("unknown flag `{}`", name)
                            : fmt::format("unknown flag `{}` for `volpol {}`", name, cmd->get_name());
      const std::string near = closest_word(name, flag_names(*cmd));
      if (!near.empty()) n.help = fmt::format("did you mean `{}`?", near);
      return n;
    }
    // The name as CLI11 knows it: a short flag given with `=` becomes its long name.
    const std::string flag_name = !long_form && !o->get_lnames().empty() ? "--" + o->get_lnames()[0] : name;
    if (is_flag(o)) {
      if (short_attached) {  // -Af: -A, then -f as its own argument
        out.push_back(name);
        args.insert(args.begin() + static_cast<std::ptrdiff_t>(i) + 1, "-" + value);
        continue;
      }
      if (!has_value && i + 1 < args.size() && is_bool_word(args[i + 1])) {
        value = lower(args[++i]);
        has_value = true;
      } else if (has_value && is_bool_word(value)) {
        value = lower(value);
      }
      if (has_value && value.empty()) {
        n.error = fmt::format("{}: an empty value", name);
        n.help = fmt::format("give {0}, {0}=true or {0}=false", flag_name);
        return n;
      }
      out.push_back(has_value ? flag_name + "=" + value : name);
      continue;
    }
    if (!has_value && o->get_expected_min() > 0 && i + 1 < args.size()) {
      value = args[++i];
      has_value = true;
    }
    // An empty value (`--policy "$UNSET"`) is refused: CLI11 would take the next argument.
    if (has_value && value.empty() && o->get_expected_min() > 0) {
      n.error = fmt::format("{} needs a value, and it is empty", name);
      return n;
    }
    if (has_value && lowers_its_value(o)) value = output_value(value);
    if (!has_value) {
      out.push_back(name);
    } else if (o->get_expected_min() == 0 || long_form) {
      out.push_back(flag_name + "=" + value);  // an optional value is only ever given with `=`
    } else {
      out.push_back(name);
      out.push_back(value);
    }
  }
  n.args = std::move(out);
  return n;
}

namespace {

struct rewrite {
  const char* pattern;
  const char* message;  ///< $1, $2 ... as std::regex_replace takes them
};

/// CLI11's messages (CLI/Error.hpp, CLI/Validators.hpp at 2.1) and volpol's words for them.
const rewrite rewrites[] = {
    {R"(^(--\S+) is required$)", "$1 is required: give it"},
    {R"(^(\S+) is required$)", "missing $1"},
    {R"(^(\S+): 1 required .+ missing$)", "$1 needs a value"},
    {R"(^(\S+): (\d+) required .+ missing$)", "$1 needs $2 values"},
    {R"(^Expected exactly 1 arguments to (\S+), got 0$)", "$1 needs a value"},
    {R"(^Expected exactly (\d+) arguments to (\S+), got (\d+)$)", "$2 takes $1 values, not $3"},
    {R"(^(\S+): At Most (\d+) required but received (\d+)$)", "$1 takes at most $2 values, not $3"},
    {R"(^(\S+): At least (\d+) required but received (\d+)$)", "$1 needs at least $2 values, not $3"},
    {R"(^(\S+): too many inputs for a flag$)", "$1 is given too many values"},
    {R"(^(\S+): Should be true/false or a number$)", "$1 takes true or false"},
    {R"(^Could not convert: (\S+) = (.*)$)", "$1: `$2` is not a valid value"},
    {R"(^The value (.*) is not an allowed value for (\S+)$)", "$2: `$1` is not a valid value"},
    {R"(^(\S+): Value (\S+) not in range \[?(\S+) - (\S+?)\]?$)", "$1: `$2` is not a number from $3 to $4"},
    {R"(^(\S+): Value (\S+) not in range (\S+) to (\S+)$)", "$1: `$2` is not a number from $3 to $4"},
    {R"(^(\S+): (\S+) not in \{(.*)\}$)", "$1: `$2` is not one of $3"},
    {R"(^(\S+): Check (\S+) not in \{(.*)\} failed$)", "$1: `$2` is not one of $3"},
    {R"(^(\S+) excludes (\S+)$)", "$1 and $2 cannot go together"},
    {R"(^(\S+) requires (\S+)$)", "$1 needs $2"},
    {R"(^The following arguments? (?:was|were) not expected: (.*)$)", "unexpected argument `$1`"},
    {R"(^Requires at most 1 options be given from \[(.*)\]$)", "give only one of $1"},
    {R"(^Exactly 1 option from \[(.*)\].*$)", "give exactly one of $1"},
    {R"(^A subcommand is required$)", "name a command"},
};

/// CLI11 reports the extras in the reverse of the order given (volpol parses a reversed vector).
std::string reversed_words(const std::string& s) {
  std::istringstream in(s);
  std::vector<std::string> words;
  for (std::string w; in >> w;) words.push_back(w);
  std::string r;
  for (auto it = words.rbegin(); it != words.rend(); ++it) r += (r.empty() ? "" : " ") + *it;
  return r;
}

}  // namespace

void report_parse_error(const CLI::ParseError& e, const std::string& command, std::FILE* err) {
  std::string help;
  const std::string message = volpol_message(e, command, help);
  std::fprintf(err, "error: %s\n", message.c_str());
  if (!help.empty()) std::fprintf(err, "  help: %s\n", help.c_str());
  std::fprintf(err, "see `volpol %s--help`\n", command.empty() ? "" : (command + " ").c_str());
}

std::string volpol_message(const CLI::ParseError& e, const std::string& command, std::string& help) {
  std::string text = e.what();
  std::string message;
  if (dynamic_cast<const CLI::ExtrasError*>(&e) != nullptr) {
    const std::size_t colon = text.find(": ");
    const std::string words = colon == std::string::npos ? text : reversed_words(text.substr(colon + 2));
    message = fmt::format("unexpected argument{} `{}`{}", words.find(' ') == std::string::npos ? "" : "s", words,
                          command.empty() ? "" : fmt::format(" for `volpol {}`", command));
    help = "each flag takes one value (`-f a -f b`, or `-f a,b`)";
  } else {
    for (const rewrite& r : rewrites) {
      const std::regex re(r.pattern);
      if (std::regex_match(text, re)) {
        message = std::regex_replace(text, re, r.message, std::regex_constants::format_first_only);
        break;
      }
    }
    if (message.empty()) {
      message = text;
      if (!message.empty()) message[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(message[0])));
    }
  }
  // CLI11 lists the allowed values as {a,b,c}: volpol's voice separates them with ", ".
  if (const std::size_t one_of = message.find(" is not one of "); one_of != std::string::npos) {
    std::string listed;
    for (const char c : message.substr(one_of + 15)) listed += c == ',' ? std::string(", ") : std::string(1, c);
    message = message.substr(0, one_of + 15) + listed;
  }
  return message;
}

namespace {

/// CLI11's Formatter with volpol's notation for an option's names and value.
class volpol_formatter : public CLI::Formatter {
 public:
  std::string make_option_name(const CLI::Option* o, bool is_positional) const override {
    if (is_positional) return o->get_name(true, false);
    std::string s;
    for (const std::string& n : o->get_snames()) s += (s.empty() ? "-" : ", -") + n;
    for (const std::string& n : o->get_lnames()) s += (s.empty() ? "--" : ", --") + n;
    return s;
  }

  std::string make_option_opts(const CLI::Option* o) const override {
    if (o->get_positional() || is_flag(o)) return "";
    std::string type = o->get_type_name();
    if (const std::size_t cut = type.find_first_of(" :"); cut != std::string::npos) type.resize(cut);
    if (o->check_lname("output")) type = "FORMAT";
    else if (o->check_lname("filename")) type = "PATH";
    else if (o->check_lname("policy") || o->check_lname("global-policy") || o->check_lname("kubeconfig") ||
             o->check_lname("tls-cert") || o->check_lname("tls-key"))
      type = "FILE";
    else if (type == "TEXT" || type.empty()) type = "VALUE";
    else if (type == "UINT" || type == "INT" || type == "NUMBER" || type == "POSITIVE" || type == "NONNEGATIVE")
      type = "N";
    else if (type == "FLOAT") type = "NUMBER";
    return o->get_expected_min() == 0 ? "[=" + type + "]" : " " + type;
  }

  /// The description, then the values a closed set allows and the default, in words.
  std::string make_option_desc(const CLI::Option* o) const override {
    std::string s = o->get_description();
    const std::string type = o->get_type_name();
    const std::size_t open = type.find(":{");
    const std::size_t close = type.find('}', open == std::string::npos ? 0 : open);
    std::string extra;
    if (open != std::string::npos && close != std::string::npos) {
      for (const char c : type.substr(open + 2, close - open - 2))
        extra += c == ',' ? std::string(", ") : std::string(1, c);
      extra = "one of " + extra;
    }
    if (!o->get_default_str().empty() && !o->get_positional() && !is_flag(o))
      extra += (extra.empty() ? "default " : "; default ") + o->get_default_str();
    if (!extra.empty()) s += " (" + extra + ")";
    return s;
  }
};

}  // namespace

void use_volpol_help_format(CLI::App& app) { app.formatter(std::make_shared<volpol_formatter>()); }

}  // namespace volpol::cli
