#include "stored-bandwidth.hpp"

#ifndef CEED_BENCH_PEER
#include <ceed/backend.h>
#endif
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <functional>

namespace bench {

StoredBandwidth::StoredBandwidth(Ceed ceed, const Json &context) {
  const Json &machine = context.at("machine");
  identity_ = machine.value("cpu", std::string("?")) + " | " + std::to_string(machine.value("logical_cpus", 0u)) + " CPUs | " +
              std::to_string((long)std::lround(machine.value("memory_gb", 0.0))) + " GB | " + machine.value("host", std::string("?")) + " | " +
              context.value("backend", std::string("?"));
#ifndef CEED_BENCH_PEER
  char *dir        = nullptr;
  bool  persistent = false;
  if (CeedKernelCacheGetDirectory(ceed, &dir, &persistent) == CEED_ERROR_SUCCESS && dir && persistent) {
    char name[64];
    std::snprintf(name, sizeof(name), "/ceed-bench-bandwidth-%016zx.jsonl", std::hash<std::string>()(identity_));
    path_ = dir + std::string(name);
  }
  CeedFree(&dir);
#else
  (void)ceed;
#endif
}

std::vector<Json> StoredBandwidth::Load() const {
  std::vector<Json> records;
  std::ifstream     in(path_);
  std::string       line;
  if (path_.empty() || !std::getline(in, line)) return records;
  const Json head = Json::parse(line, nullptr, false);
  if (!head.is_object() || head.value("identity", std::string()) != identity_) return records;
  while (std::getline(in, line)) {
    Json r = Json::parse(line, nullptr, false);
    if (!r.is_object()) return {};
    r["stored_in"] = path_;
    records.push_back(r);
  }
  const bool valid_fit = !records.empty() && records.back().value("record", std::string()) == "bs-fit" && records.back().value("valid", false) &&
                         records.back().value("bandwidth_gbs", 0.0) > 0.0;
  return valid_fit ? records : std::vector<Json>();
}

bool StoredBandwidth::Save(const std::vector<Json> &records) const {
  if (path_.empty()) return false;
  const std::string tmp = path_ + ".tmp-" + std::to_string(getpid());
  {
    std::ofstream out(tmp);
    out << Json{{"identity", identity_}}.dump() << '\n';
    for (const Json &r : records) out << r.dump() << '\n';
    if (!out.flush()) {
      std::remove(tmp.c_str());
      return false;
    }
  }
  return std::rename(tmp.c_str(), path_.c_str()) == 0;
}

}  // namespace bench
