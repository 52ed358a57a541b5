// Resource options ("/cpu/self/gen:threads=4,lanes=8"): checked against what the serving plugin's manifest
// declares before its init runs, so that a typo such as thread=4 is an error instead of a silent default.
#include <cstdlib>
#include <string>
#include <vector>

#include "core/registry.hpp"

namespace {

struct OptionSpec {
  std::string name, kind;
};

// "threads:count lanes:count" -> {(threads, count), (lanes, count)}; a word without ':' takes any text.
std::vector<OptionSpec> ParseSpecs(const std::string &text) {
  std::vector<OptionSpec> specs;
  size_t                  pos = 0;
  while (pos < text.size()) {
    const size_t start = text.find_first_not_of(' ', pos);
    if (start == std::string::npos) break;
    size_t end = text.find(' ', start);
    if (end == std::string::npos) end = text.size();
    const std::string word  = text.substr(start, end - start);
    const size_t      colon = word.find(':');
    specs.push_back(colon == std::string::npos ? OptionSpec{word, "text"} : OptionSpec{word.substr(0, colon), word.substr(colon + 1)});
    pos = end;
  }
  return specs;
}

std::string KindText(const std::string &kind) {
  if (kind == "count") return "an integer from 1";
  if (kind == "index") return "an integer from 0";
  if (kind == "flag") return "0 or 1";
  return "a non-empty value";
}

bool ValueFits(const std::string &kind, const std::string &value) {
  if (value.empty()) return false;
  if (kind == "count" || kind == "index") {
    if (value.find_first_not_of("0123456789") != std::string::npos || value.size() > 9) return false;
    return kind == "index" || std::atol(value.c_str()) >= 1;
  }
  if (kind == "flag") return value == "0" || value == "1";
  return true;
}

}  // namespace

namespace ceed {

std::vector<std::pair<std::string, std::string>> ResourceOptions(const std::string &resource) {
  std::vector<std::pair<std::string, std::string>> options;
  size_t                                           pos = resource.find(':');
  while (pos != std::string::npos) {
    const size_t      next = resource.find_first_of(":,", pos + 1);
    const std::string item = resource.substr(pos + 1, next == std::string::npos ? std::string::npos : next - pos - 1);
    const size_t      eq   = item.find('=');
    if (!item.empty()) options.emplace_back(item.substr(0, eq), eq == std::string::npos ? std::string() : item.substr(eq + 1));
    pos = next;
  }
  return options;
}

bool CheckResourceOptions(const CeedBackendEntry *entry, const std::string &resource, std::string *in_force, std::string *error) {
  in_force->clear();
  const auto options = ResourceOptions(resource);
  if (RegistryTakesAnyOption(entry)) return true;
  const std::vector<OptionSpec> specs = ParseSpecs(RegistryOptions(entry));
  std::string                   valid;
  for (const OptionSpec &s : specs) valid += (valid.empty() ? "" : ", ") + s.name + "=<" + KindText(s.kind) + ">";
  if (valid.empty()) valid = "none";
  for (const auto &[key, value] : options) {
    const OptionSpec *spec = nullptr;
    for (const OptionSpec &s : specs) {
      if (s.name == key) spec = &s;
    }
    const std::string where = "in resource " + resource + ": " + RegistryPrefix(entry) + " (" + RegistryOrigin(entry) + ") takes these options: " + valid;
    if (!spec) {
      *error = "Unknown option '" + key + "' " + where;
      return false;
    }
    if (!ValueFits(spec->kind, value)) {
      *error = "Invalid value '" + value + "' of option " + key + " (" + KindText(spec->kind) + ") " + where;
      return false;
    }
    *in_force += (in_force->empty() ? "" : ", ") + key + "=" + value;
  }
  return true;
}

}  // namespace ceed
