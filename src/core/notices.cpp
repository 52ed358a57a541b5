// Notices: what a user would otherwise never learn (a slower path taken, a cache folder refused) told once per
// process on stderr, each with its cause and fix. CEEDRT_QUIET=1 silences them (CEED_DEBUG still shows them).
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <set>
#include <string>

#include "core/ceed-impl.hpp"

namespace ceed {

bool NoticesSilenced() {
  const char *quiet = std::getenv("CEEDRT_QUIET");
  return quiet && *quiet && std::strcmp(quiet, "0") != 0;
}

void NoticeOnce(const std::string &topic, const std::string &text) {
  static std::mutex            mutex;
  static std::set<std::string> told;
  if (NoticesSilenced()) return;
  {
    std::lock_guard<std::mutex> lock(mutex);
    if (!told.insert(topic).second) return;
  }
  std::fprintf(stderr, "ceedrt: %s (CEEDRT_QUIET=1 silences this notice)\n", text.c_str());
  std::fflush(stderr);
}

}  // namespace ceed
