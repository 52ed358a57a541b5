#include "tool-common.hpp"

#include <ceed.h>

#include <cstdio>
#include <sstream>

namespace tools {

nlohmann::ordered_json LibraryBuildConfiguration() {
  nlohmann::ordered_json build = nlohmann::ordered_json::object();
#ifdef CEED_BENCH_PEER
  int major = 0, minor = 0, patch = 0;
  if (CeedGetVersion(&major, &minor, &patch, nullptr) == CEED_ERROR_SUCCESS) {
    build["library"] = "libCEED " + std::to_string(major) + "." + std::to_string(minor) + "." + std::to_string(patch);
  }
  return build;  // ceedrt's CeedGetBuildConfiguration is not part of the libCEED API
#else
  const char *text = nullptr;
  if (CeedGetBuildConfiguration(&text) || !text) return build;
  std::istringstream lines(text);
  std::string        line;
  while (std::getline(lines, line)) {
    const size_t eq = line.find(" = ");
    if (eq != std::string::npos) build[line.substr(0, eq)] = line.substr(eq + 3);
  }
  return build;
#endif
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
