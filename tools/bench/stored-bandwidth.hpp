// The roofline bandwidth measured once per machine and backend: the bs2 records of that measurement kept in
// the kernel cache folder, under a name derived from the machine's identity (CPU, logical CPUs, memory,
// host name) and the backend; ceed-bench reuses them until --remeasure-bandwidth.
#pragma once

#include <ceed.h>

#include <string>
#include <vector>

#include "report.hpp"

namespace bench {

class StoredBandwidth {
 public:
  // No file when the cache folder is not persistent (refused, CEEDRT_CACHE=off) or the library is a peer's.
  StoredBandwidth(Ceed ceed, const Json &context);
  const std::string &path() const { return path_; }
  // The stored bs and bs-fit records, the valid fit last; empty when there are none for this identity.
  std::vector<Json> Load() const;
  // Replaces the stored records; false when nothing could be stored.
  bool Save(const std::vector<Json> &records) const;

 private:
  std::string identity_, path_;
};

}  // namespace bench
