// Small pieces shared by ceed-bench and ceed-info.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace tools {

// The "KEY = value" lines of CeedGetBuildConfiguration as a JSON object (empty if unavailable).
nlohmann::ordered_json LibraryBuildConfiguration();

// A value with a decimal SI prefix and unit, 3 significant digits: Quantity(1.5e9, "B") == "1.5 GB".
std::string Quantity(double value, const char *unit);

}  // namespace tools
