// /cpu/self/memcheck: shared declarations of the plugin's object files.
#pragma once

#include <ceed.h>
#include <ceed/backend.h>

#include <cstddef>
#include <cstring>
#include <map>
#include <mutex>
#include <vector>

namespace ceed::memcheck {

int QFunctionCreate(CeedQFunction qf);

// Vectors (memcheck-vector.cpp) and QFunction contexts (memcheck-context.cpp) held read-only: a copy is kept
// from the grant to the restore, when any difference is an error.
int VectorReadGranted(CeedVector vec, const void *host_array, size_t bytes);
int VectorReadRestored(CeedVector vec);
int ContextReadGranted(CeedQFunctionContext ctx, const void *host_data, size_t bytes);
int ContextReadRestored(CeedQFunctionContext ctx);

// Copies of data held read-only, by object. Objects of any context of the process share one table (an object
// is in it only while it is held, and its address is unique while it lives).
class ReadOnlySnapshots {
 public:
  void Take(const void *object, const void *data, size_t bytes) {
    std::lock_guard<std::mutex> lock(mutex_);
    Snapshot &s = snapshots_[object];
    s.data      = data;
    s.copy.assign(static_cast<const unsigned char *>(data), static_cast<const unsigned char *>(data) + bytes);
  }
  // Forgets object's copy; an error on ceed when the data differs from it. message is libCEED's sentence (which
  // its test harness looks for), kind the object's type name.
  int CheckRestored(const void *object, Ceed ceed, const char *message, const char *kind) {
    size_t               bytes   = 0;
    const std::ptrdiff_t changed = Compare(object, &bytes);
    CeedCheck(changed < 0, ceed, CEED_ERROR_BACKEND, "%s (%s of %zu bytes, first changed byte at offset %td)", message, kind, bytes, changed);
    return CEED_ERROR_SUCCESS;
  }

 private:
  // Forgets object's copy; returns the offset of the first byte that differs, or -1 if none (or no copy).
  std::ptrdiff_t Compare(const void *object, size_t *bytes) {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = snapshots_.find(object);
    if (it == snapshots_.end()) return -1;
    const Snapshot s = std::move(it->second);
    snapshots_.erase(it);
    *bytes                  = s.copy.size();
    const unsigned char *now = static_cast<const unsigned char *>(s.data);
    for (size_t i = 0; i < s.copy.size(); i++) {
      if (now[i] != s.copy[i]) return static_cast<std::ptrdiff_t>(i);
    }
    return -1;
  }

  struct Snapshot {
    const void                *data = nullptr;
    std::vector<unsigned char> copy;
  };
  std::mutex                         mutex_;
  std::map<const void *, Snapshot>   snapshots_;
};

}  // namespace ceed::memcheck
