// Small pieces shared by ceed-bench, ceed-info and ceed-solve.
#pragma once

#include <cstring>
#include <nlohmann/json.hpp>
#include <string>

namespace tools {

// The "KEY = value" lines of CeedGetBuildConfiguration as a JSON object (empty if unavailable).
nlohmann::ordered_json LibraryBuildConfiguration();

// A value with a decimal SI prefix and unit, 3 significant digits: Quantity(1.5e9, "B") == "1.5 GB".
std::string Quantity(double value, const char *unit);

// libCEED's examples spell the resource option "-ceed": the tools take it as well as "--ceed" (before parsing).
inline void AcceptSingleDashCeed(int argc, char **argv) {
  for (int a = 1; a < argc; a++) {
    if (!std::strcmp(argv[a], "-ceed")) argv[a] = const_cast<char *>("--ceed");
  }
}

}  // namespace tools
