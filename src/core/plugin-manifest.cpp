// Plugin manifest parsing (see plugin-manifest.hpp). The format, one JSON object per manifest:
//   {"name": "ref", "library": "libceedrt-ref.so", "entry": "CeedBackendPluginRef", "abi_version": 1,
//    "resources": [{"prefix": "/cpu/self/ref/serial", "priority": 50}, ...],
//    "description": "...", "delegate": "/cpu/self/ref/serial", "test_only": true, "fix": "...",
//    "options": "threads:count lanes:count"}   (the last five optional)
// A resource may carry "serves": "/cpu/self/gen", another prefix of the same manifest: a libCEED name that
// this backend answers as that one.
#include "core/plugin-manifest.hpp"

#include <ceed/backend.h>

#include <climits>
#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace ceed {

namespace {

// A manifest read event by event (nlohmann's SAX interface) into the few fields it may have: no document is built.
// (A document's destructor allocates, to destroy nested values without recursion; when memory runs out while
// parsing, unwinding through it ended the process.) Values of other types are remembered as such, so that the
// checks below report them; for repeated keys the last value counts, as in a document.
struct ManifestReader : nlohmann::json_sax<nlohmann::json> {
  enum class Kind { kMissing, kString, kUnsigned, kBool, kArray, kOther };
  struct Field {
    Kind        kind = Kind::kMissing;
    std::string text;
    uint64_t    number = 0;
  };
  struct Resource {
    bool  is_object = false;
    Field prefix, priority, serves;
  };
  bool                         root_is_object = false;
  std::map<std::string, Field> fields;     // members of the root object
  std::vector<Resource>        resources;  // elements of its "resources" array
  int                          depth = 0;  // 1 inside the root object, 2 inside "resources", 3 inside one of its objects
  int                          skip  = 0;  // nesting of a value being skipped
  bool                         in_resources = false;
  std::string                  member, resource_member;  // the keys of the values that come next

  // The field a value at the current place goes to, if any.
  Field *Target() {
    if (depth == 1) return &fields[member];
    if (depth == 3 && in_resources) {
      if (resource_member == "prefix") return &resources.back().prefix;
      if (resource_member == "priority") return &resources.back().priority;
      if (resource_member == "serves") return &resources.back().serves;
    }
    return nullptr;
  }
  bool Value(Kind kind, const std::string *text = nullptr, uint64_t number = 0) {
    if (skip) return true;
    if (depth == 2 && in_resources) resources.emplace_back();  // an element that is not an object
    if (Field *f = Target()) {
      f->kind   = kind;
      f->text   = text ? *text : std::string();
      f->number = number;
    }
    return true;
  }
  bool Open(bool object) {
    if (skip) return ++skip, true;
    if (depth == 0) {
      root_is_object = object;
      if (!object) return ++skip, true;
      depth = 1;
      return true;
    }
    if (depth == 1 && !object && member == "resources") {
      fields[member].kind = Kind::kArray;
      resources.clear();
      in_resources = true;
      depth        = 2;
      return true;
    }
    if (depth == 2 && in_resources && object) {
      resources.emplace_back().is_object = true;
      resource_member.clear();
      depth = 3;
      return true;
    }
    Value(Kind::kOther);
    return ++skip, true;
  }
  bool Close() {
    if (skip) return --skip, true;
    if (depth == 2) in_resources = false;
    depth = depth == 3 ? 2 : depth == 2 ? 1 : 0;
    return true;
  }
  bool null() override { return Value(Kind::kOther); }
  bool boolean(bool value) override { return Value(Kind::kBool, nullptr, value); }
  bool number_integer(number_integer_t) override { return Value(Kind::kOther); }
  bool number_unsigned(number_unsigned_t value) override { return Value(Kind::kUnsigned, nullptr, value); }
  bool number_float(number_float_t, const string_t &) override { return Value(Kind::kOther); }
  bool string(string_t &value) override { return Value(Kind::kString, &value); }
  bool binary(binary_t &) override { return Value(Kind::kOther); }
  bool start_object(std::size_t) override { return Open(true); }
  bool key(string_t &value) override {
    if (!skip && depth == 1) member = value;
    if (!skip && depth == 3) resource_member = value;
    return true;
  }
  bool end_object() override { return Close(); }
  bool start_array(std::size_t) override { return Open(false); }
  bool end_array() override { return Close(); }
  bool parse_error(std::size_t, const std::string &, const nlohmann::detail::exception &) override { return false; }
};

// A number that fits an unsigned int (a 64-bit value must not be truncated: abi_version 4294967297 is not version 1).
bool GetUnsigned(const ManifestReader::Field &field, unsigned *out) {
  if (field.kind != ManifestReader::Kind::kUnsigned || field.number > UINT_MAX) return false;
  *out = static_cast<unsigned>(field.number);
  return true;
}

std::string DirName(const std::string &path) {
  size_t slash = path.find_last_of('/');
  return slash == std::string::npos ? std::string(".") : path.substr(0, slash);
}

}  // namespace

void ParsePluginManifest(const std::string &text, const std::string &path, PluginManifest *manifest) {
  PluginManifest &m = *manifest;
  m                 = PluginManifest{};
  ManifestReader doc;
  if (!nlohmann::json::sax_parse(text, &doc) || !doc.root_is_object) {
    m.error = "manifest " + path + " is not a valid JSON object";
    return;
  }
  using Kind     = ManifestReader::Kind;
  auto str_field = [&](const char *key, std::string *out, bool required) {
    auto it = doc.fields.find(key);
    if (it == doc.fields.end() || it->second.kind != Kind::kString) {
      if (required && m.error.empty()) m.error = std::string("manifest ") + path + " lacks the string field \"" + key + "\"";
      return;
    }
    // A required field must also be non-empty: dlopen("") would return the program itself.
    if (required && it->second.text.empty()) {
      if (m.error.empty()) m.error = std::string("manifest ") + path + " has an empty \"" + key + "\"";
      return;
    }
    *out = it->second.text;
  };
  str_field("name", &m.name, true);
  str_field("library", &m.library_path, true);
  str_field("entry", &m.entry_symbol, true);
  str_field("description", &m.description, false);
  str_field("delegate", &m.delegate_resource, false);
  str_field("fix", &m.fix, false);
  str_field("options", &m.options, false);
  auto test_only = doc.fields.find("test_only");
  if (test_only != doc.fields.end()) {
    if (test_only->second.kind == Kind::kBool) m.test_only = test_only->second.number != 0;
    else if (m.error.empty()) m.error = "manifest " + path + " has a \"test_only\" that is not true or false";
  }
  auto abi = doc.fields.find("abi_version");
  if (abi == doc.fields.end() || !GetUnsigned(abi->second, &m.abi_version)) {
    if (m.error.empty()) m.error = "manifest " + path + " lacks a non-negative integer \"abi_version\" (at most " + std::to_string(UINT_MAX) + ")";
  } else if (m.abi_version != CEED_BACKEND_ABI_VERSION && m.error.empty()) {
    m.error = "manifest " + path + " declares backend ABI version " + std::to_string(m.abi_version) + " but this libceedrt provides version " +
              std::to_string(CEED_BACKEND_ABI_VERSION);
  }
  if (!m.library_path.empty() && m.library_path[0] != '/') m.library_path = DirName(path) + "/" + m.library_path;
  auto res = doc.fields.find("resources");
  if (res == doc.fields.end() || res->second.kind != Kind::kArray || doc.resources.empty()) {
    if (m.error.empty()) m.error = "manifest " + path + " lists no \"resources\"";
    return;
  }
  for (const ManifestReader::Resource &r : doc.resources) {
    unsigned value = 0;
    if (!r.is_object || r.prefix.kind != Kind::kString || r.prefix.text.empty() || r.prefix.text[0] != '/' || !GetUnsigned(r.priority, &value)) {
      if (m.error.empty()) m.error = "manifest " + path + " has a resource without a \"/...\" prefix and a non-negative priority";
      continue;
    }
    if (r.serves.kind != Kind::kMissing && r.serves.kind != Kind::kString) {
      if (m.error.empty()) m.error = "manifest " + path + " has a resource whose \"serves\" is not a prefix string";
      continue;
    }
    m.resources.push_back({r.prefix.text, value, r.serves.text});
  }
  // An alias serves a prefix of the same plugin (the backend's init sees that prefix), never another plugin's.
  for (const ManifestResource &r : m.resources) {
    if (r.serves.empty()) continue;
    bool found = false;
    for (const ManifestResource &target : m.resources) found |= target.serves.empty() && target.prefix == r.serves;
    if (!found && m.error.empty())
      m.error = "manifest " + path + ": resource " + r.prefix + " serves " + r.serves + ", which is not one of its own (non-alias) resources";
  }
}

}  // namespace ceed
