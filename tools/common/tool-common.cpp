#include "tool-common.hpp"

#include <ceed.h>

#include <cstdio>
#include <sstream>

namespace tools {

nlohmann::ordered_json LibraryBuildConfiguration() {
  nlohmann::ordered_json build = nlohmann::ordered_json::object();
  const char            *text  = nullptr;
  if (CeedGetBuildConfiguration(&text) || !text) return build;
  std::istringstream lines(text);
  std::string        line;
  while (std::getline(lines, line)) {
    const size_t eq = line.find(" = ");
    if (eq != std::string::npos) build[line.substr(0, eq)] = line.substr(eq + 3);
  }
  return build;
}

std::string Quantity(double value, const char *unit) {
  const char *prefix[] = {"", "k", "M", "G", "T"};
  int         k        = 0;
  while (value >= 1000.0 && k < 4) value /= 1000.0, k++;
  char buf[64];
  std::snprintf(buf, sizeof(buf), "%.3g %s%s", value, prefix[k], unit);
  return buf;
}

}  // namespace tools
