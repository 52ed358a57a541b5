// Persistent kernel cache shared by every backend, thread and process (include/ceed/backend.h, "Kernel
// cache"). An entry is one file <key>.<ext>: the artefact's bytes followed by a trailer
//   "CEEDRTKC" | format version (u32) | reserved (u32) | payload size (u64) | SHA-256 of the payload
// so that a lookup detects truncation and corruption without trusting the writer. Writers create a
// uniquely named temporary file in the same folder and rename it into place: readers see either no
// entry or a complete one, and concurrent writers of the same key (MPI ranks compiling the same kernel)
// both succeed, the last rename winning. ELF loaders ignore bytes after the last section, so a shared
// object entry is dlopen-able as it is.
//
// Trust (docs/security.md): the cache holds code that is loaded into the process, so it is used only in a
// folder that no other user can change (CeedCheckPrivateDirectory), else a private folder made for this process
// replaces it; every entry is opened without following links and checked (a regular file of ours that nobody
// else can write) before its bytes are read, and backends load a shared object from that same open file
// (CeedKernelCacheOpenEntry).
#include <ceed/backend.h>
#include <fcntl.h>
#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>

#include <limits.h>
#include <stdlib.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "core/ceed-impl.hpp"
#include "jit/jit-hash.hpp"

namespace {

constexpr char     kMagic[8]     = {'C', 'E', 'E', 'D', 'R', 'T', 'K', 'C'};
constexpr uint32_t kFormat       = 1;
constexpr size_t   kTrailerBytes = 8 + 4 + 4 + 8 + 32;

std::atomic<uint64_t> num_hits{0}, num_misses{0}, num_stores{0}, num_discarded{0}, num_temporaries{0};

// The private folder used while persistence is off: created once, its entries removed at exit.
std::mutex               private_mutex;
std::string              private_dir;
std::vector<std::string> private_entries;
// Configured folders that were refused, with the reason (reported once under CEED_DEBUG, and by
// CeedKernelCacheGetRefusedDirectory).
std::map<std::string, std::string> refused_dirs;

void RemovePrivateEntries() {
  std::lock_guard<std::mutex> lock(private_mutex);
  for (const std::string &path : private_entries) unlink(path.c_str());
  if (!private_dir.empty()) rmdir(private_dir.c_str());  // kept when diagnostics (failed sources) remain
}

bool CacheDisabled() {
  const char *v = std::getenv("CEEDRT_CACHE");
  if (!v) return false;
  for (const char *off : {"off", "OFF", "0", "false", "no"}) {
    if (!std::strcmp(v, off)) return true;
  }
  return false;
}

// mkdir -p with mode 0700 for the folders created here.
bool MakeDirectories(const std::string &path) {
  struct stat st;
  if (stat(path.c_str(), &st) == 0) return S_ISDIR(st.st_mode);
  const size_t slash = path.find_last_of('/');
  if (slash != std::string::npos && slash > 0 && !MakeDirectories(path.substr(0, slash))) return false;
  return mkdir(path.c_str(), 0700) == 0 || errno == EEXIST;
}

std::string Octal(mode_t mode) {
  char text[8];
  std::snprintf(text, sizeof(text), "%04o", (unsigned)(mode & 07777));
  return text;
}

// Why another user could change what is in folder (empty if nobody can): the folder itself must be ours and
// writable by nobody else; each ancestor must belong to us or root and, if others may write it, carry the
// sticky bit (as /tmp does), so that nobody else can rename our folder away and put another in its place.
std::string UntrustedBecause(const std::string &folder) {
  const uid_t me = geteuid();
  struct stat st;
  if (stat(folder.c_str(), &st) != 0) return folder + ": " + std::strerror(errno);
  if (!S_ISDIR(st.st_mode)) return folder + " is not a folder";
  if (st.st_uid != me) return folder + " is owned by uid " + std::to_string(st.st_uid) + ", not by this user (uid " + std::to_string(me) + ")";
  if (st.st_mode & (S_IWGRP | S_IWOTH)) return folder + " is writable by " + (st.st_mode & S_IWOTH ? "others" : "its group") + " (mode " + Octal(st.st_mode) + ")";
  for (std::string parent = folder; parent.size() > 1;) {
    const size_t slash = parent.find_last_of('/');
    parent             = slash == 0 ? "/" : parent.substr(0, slash);
    if (stat(parent.c_str(), &st) != 0) return parent + ": " + std::strerror(errno);
    if (st.st_uid != me && st.st_uid != 0) return "its parent " + parent + " is owned by uid " + std::to_string(st.st_uid);
    if ((st.st_mode & (S_IWGRP | S_IWOTH)) && !(st.st_mode & S_ISVTX))
      return "its parent " + parent + " is writable by others without the sticky bit (mode " + Octal(st.st_mode) + ")";
  }
  return "";
}

// The private folder of this process (mkdtemp, mode 0700), whose entries are removed at exit.
int PrivateFolder(Ceed ceed, std::string *dir) {
  std::lock_guard<std::mutex> lock(private_mutex);
  if (private_dir.empty()) {
    const char *tmp     = std::getenv("TMPDIR");
    std::string pattern = std::string(tmp && *tmp == '/' ? tmp : "/tmp") + "/ceedrt-kernels-XXXXXX";
    std::vector<char> buf(pattern.begin(), pattern.end());
    buf.push_back('\0');
    CeedCheck(mkdtemp(buf.data()), ceed, CEED_ERROR_MAJOR, "Cannot create a private kernel folder %s: %s", pattern.c_str(), std::strerror(errno));
    private_dir = buf.data();
    std::atexit(RemovePrivateEntries);
  }
  *dir = private_dir;
  return CEED_ERROR_SUCCESS;
}

// The folder asked for: CEEDRT_CACHE_DIR, $XDG_CACHE_HOME/ceedrt, ~/.cache/ceedrt, else $TMPDIR (or /tmp)
// /ceedrt-cache-<uid>, which is predictable and so trusted only if it passes the checks like any other.
std::string ConfiguredFolder() {
  std::string dir;
  if (const char *env = std::getenv("CEEDRT_CACHE_DIR"); env && *env) {
    dir = env;
  } else if (const char *xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg == '/') {
    dir = std::string(xdg) + "/ceedrt";
  } else if (const char *home = std::getenv("HOME"); home && *home == '/') {
    dir = std::string(home) + "/.cache/ceedrt";
  } else {
    const char *tmp = std::getenv("TMPDIR");
    dir             = std::string(tmp && *tmp == '/' ? tmp : "/tmp") + "/ceedrt-cache-" + std::to_string(geteuid());
  }
  while (dir.size() > 1 && dir.back() == '/') dir.pop_back();
  return dir;
}

// The cache folder: the configured one (resolved) when it is trusted and writable (created if missing, so a
// folder deleted between or during runs is made again); otherwise, and with CEEDRT_CACHE=off, the private folder of
// this process (*is_persistent false: lookups miss, entries go at exit).
int Directory(Ceed ceed, std::string *dir, bool *is_persistent) {
  *is_persistent = false;
  if (CacheDisabled()) return PrivateFolder(ceed, dir);
  const std::string configured = ConfiguredFolder();
  std::string       reason;
  char              resolved[PATH_MAX];
  if (!MakeDirectories(configured)) {
    reason = "it cannot be created: " + std::string(std::strerror(errno));
  } else if (!realpath(configured.c_str(), resolved)) {
    reason = "it cannot be resolved: " + std::string(std::strerror(errno));
  } else {
    reason = UntrustedBecause(resolved);
    // A folder of ours that we cannot write (mode 0500, a read-only file system) would fail every build; its
    // kernels go to the private folder instead. (Root writes whatever the mode says, except on read-only mounts.)
    if (reason.empty() && faccessat(AT_FDCWD, resolved, W_OK | X_OK, AT_EACCESS) != 0) reason = "it is not writable: " + std::string(std::strerror(errno));
  }
  if (reason.empty()) {
    *dir           = resolved;
    *is_persistent = true;
    return CEED_ERROR_SUCCESS;
  }
  bool first = false;
  {
    std::lock_guard<std::mutex> lock(private_mutex);
    first = refused_dirs.emplace(configured, reason).second;
  }
  CeedCall(PrivateFolder(ceed, dir));
  if (first) {
    CeedDebug(ceed, "Kernel cache: not using %s, because %s; kernels of this process go to the private folder %s instead", configured.c_str(),
              reason.c_str(), dir->c_str());
    ceed::NoticeOnce("kernel-cache-refused", "kernel cache folder " + configured + " not used, because " + reason +
                                           ": every process compiles its kernels again. Fix: set CEEDRT_CACHE_DIR to a folder of yours "
                                           "that nobody else can write (unset, ~/.cache/ceedrt is used)");
  }
  return CEED_ERROR_SUCCESS;
}

bool ValidName(const char *s, size_t max_len) {
  if (!s || !*s || std::strlen(s) > max_len) return false;
  for (; *s; s++) {
    if (!(std::isalnum((unsigned char)*s) || *s == '-' || *s == '_' || *s == '.')) return false;
  }
  return true;
}

int CheckKeyAndExt(Ceed ceed, const char *key, const char *ext, const char *func) {
  CeedCheck(ValidName(key, 128), ceed, CEED_ERROR_INCOMPATIBLE, "%s: kernel cache key \"%s\" must be 1-128 characters [A-Za-z0-9._-]", func,
            key ? key : "(null)");
  CeedCheck(ValidName(ext, 16), ceed, CEED_ERROR_INCOMPATIBLE, "%s: kernel cache extension \"%s\" must be 1-16 characters [A-Za-z0-9._-]",
            func, ext ? ext : "(null)");
  return CEED_ERROR_SUCCESS;
}

std::string TemporaryName(const std::string &final_path) {
  return final_path + ".tmp-" + std::to_string(getpid()) + "-" + std::to_string(std::hash<std::thread::id>()(std::this_thread::get_id()) % 1000000) +
         "-" + std::to_string(num_temporaries++);
}

bool WriteAll(int fd, const void *data, size_t n) {
  const char *p = static_cast<const char *>(data);
  while (n > 0) {
    ssize_t w = write(fd, p, n);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) return false;
    p += w, n -= (size_t)w;
  }
  return true;
}

bool ReadAllFd(int fd, std::string *bytes) {
  bytes->clear();
  char    chunk[1 << 16];
  ssize_t r;
  while ((r = read(fd, chunk, sizeof(chunk))) != 0) {
    if (r < 0 && errno == EINTR) continue;
    if (r < 0) break;
    bytes->append(chunk, (size_t)r);
  }
  return r == 0;
}

bool ReadAll(const std::string &path, std::string *bytes) {
  int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  const bool ok = ReadAllFd(fd, bytes);
  close(fd);
  return ok;
}

// Opens an entry without following a symbolic link and checks that it is a regular file of this user that
// nobody else can write: the descriptor, or -1 with why (empty when the entry does not exist).
int OpenTrustedEntry(const std::string &path, std::string *why) {
  why->clear();
  int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
  if (fd < 0) {
    if (errno == ELOOP) *why = "it is a symbolic link";
    else if (errno != ENOENT) *why = std::string("it cannot be opened: ") + std::strerror(errno);
    return -1;
  }
  struct stat st;
  if (fstat(fd, &st) != 0) *why = std::string("fstat failed: ") + std::strerror(errno);
  else if (!S_ISREG(st.st_mode)) *why = "it is not a regular file";
  else if (st.st_uid != geteuid()) *why = "it is owned by uid " + std::to_string(st.st_uid) + ", not by this user";
  else if (st.st_mode & (S_IWGRP | S_IWOTH)) *why = "it is writable by others (mode " + Octal(st.st_mode) + ")";
  if (!why->empty()) {
    close(fd);
    return -1;
  }
  return fd;
}

std::string Trailer(const void *payload, uint64_t size) {
  ceed::Sha256 sha;
  sha.Update(payload, size);
  const auto digest = sha.Finish();
  std::string t(kMagic, 8);
  const uint32_t header[2] = {kFormat, 0};
  t.append(reinterpret_cast<const char *>(header), sizeof(header));
  t.append(reinterpret_cast<const char *>(&size), sizeof(size));
  t.append(reinterpret_cast<const char *>(digest.data()), digest.size());
  return t;
}

// Reads an open entry and verifies its trailer: true with the payload in *bytes.
bool VerifyEntryFd(int fd, std::string *bytes) {
  if (!ReadAllFd(fd, bytes) || bytes->size() < kTrailerBytes) return false;
  const size_t payload = bytes->size() - kTrailerBytes;
  uint64_t     size    = 0;
  std::memcpy(&size, bytes->data() + payload + 16, sizeof(size));
  if (std::memcmp(bytes->data() + payload, kMagic, 8) != 0 || size != payload) return false;
  if (Trailer(bytes->data(), payload) != bytes->substr(payload)) return false;
  bytes->resize(payload);
  return true;
}

// Opens, checks and verifies an entry: the open descriptor with the payload, or -1 for a miss; *bad says why
// an existing entry was rejected (untrusted, truncated or corrupt), and it is then removed.
int OpenEntry(Ceed ceed, const std::string &path, std::string *payload, std::string *bad) {
  int fd = OpenTrustedEntry(path, bad);
  if (fd >= 0 && !VerifyEntryFd(fd, payload)) {
    *bad = "it is truncated or corrupt";
    close(fd);
    fd = -1;
  }
  if (!bad->empty()) {
    // Unlinking may race with a writer that just renamed a good entry into place; that only costs a rebuild.
    unlink(path.c_str());
    num_discarded++;
    CeedDebug(ceed, "Kernel cache: discarded entry %s: %s", path.c_str(), bad->c_str());
  }
  return fd;
}

// Lookup shared by the file and bytes variants: the entry's path and payload, or a miss.
int Lookup(Ceed ceed, const char *key, const char *ext, std::string *path, std::string *payload, bool *found, const char *func) {
  CeedCall(CheckKeyAndExt(ceed, key, ext, func));
  *found = false;
  std::string dir;
  bool        is_persistent = false;
  CeedCall(Directory(ceed, &dir, &is_persistent));
  *path = dir + "/" + key + "." + ext;
  if (!is_persistent) {
    num_misses++;
    return CEED_ERROR_SUCCESS;
  }
  std::string bad;
  const int   fd = OpenEntry(ceed, *path, payload, &bad);
  *found         = fd >= 0;
  if (*found) {
    futimens(fd, nullptr);  // its modification time is its last use: the size bound evicts the oldest first
    close(fd);
  }
  (*found ? num_hits : num_misses)++;
  CeedDebug(ceed, "Kernel cache: %s %s", *found ? "hit" : "miss", path->c_str());
  return CEED_ERROR_SUCCESS;
}

// Writes bytes (plus a trailer for entries) to a temporary file beside final_path and renames it into place.
int WriteAtomically(Ceed ceed, const std::string &final_path, const void *bytes, size_t num_bytes, bool with_trailer) {
  const std::string tmp = TemporaryName(final_path);
  int               fd  = open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  CeedCheck(fd >= 0, ceed, CEED_ERROR_MAJOR, "Kernel cache: cannot create %s: %s", tmp.c_str(), std::strerror(errno));
  bool ok = WriteAll(fd, bytes, num_bytes);
  if (ok && with_trailer) {
    const std::string trailer = Trailer(bytes, num_bytes);
    ok                        = WriteAll(fd, trailer.data(), trailer.size());
  }
  ok = close(fd) == 0 && ok;
  if (ok) ok = rename(tmp.c_str(), final_path.c_str()) == 0;
  if (!ok) {
    const int err = errno;
    unlink(tmp.c_str());
    return CeedError(ceed, CEED_ERROR_MAJOR, "Kernel cache: cannot write %s: %s", final_path.c_str(), std::strerror(err));
  }
  return CEED_ERROR_SUCCESS;
}

// CEEDRT_CACHE_MAX_SIZE: bytes, with an optional K, M or G suffix (powers of 1024); 0 for no bound. 1 GiB
// by default. Fails on a value that is not of that form.
int MaxCacheBytes(Ceed ceed, uint64_t *max_bytes) {
  *max_bytes      = uint64_t(1) << 30;
  const char *env = std::getenv("CEEDRT_CACHE_MAX_SIZE");
  if (!env || !*env) return CEED_ERROR_SUCCESS;
  char                    *end   = nullptr;
  errno                          = 0;
  const unsigned long long value = std::strtoull(env, &end, 10);
  uint64_t                 scale = 1;
  if (*end == 'K' || *end == 'k') scale = uint64_t(1) << 10, end++;
  else if (*end == 'M' || *end == 'm') scale = uint64_t(1) << 20, end++;
  else if (*end == 'G' || *end == 'g') scale = uint64_t(1) << 30, end++;
  CeedCheck(end != env && !*end && errno == 0 && env[0] != '-' && value <= UINT64_MAX / scale, ceed, CEED_ERROR_INCOMPATIBLE,
            "CEEDRT_CACHE_MAX_SIZE=%s is not a size in bytes (with an optional K, M or G suffix; 0 for no bound)", env);
  *max_bytes = value * scale;
  return CEED_ERROR_SUCCESS;
}

// Keeps the folder under CEEDRT_CACHE_MAX_SIZE: the files of the least recently used keys go first (an entry and
// its side files share the key), never those of keep_key. Temporary files of writers in progress are left alone.
// Another process may still be loading an entry removed here: it has it open, and the next lookup rebuilds it.
int EvictLeastRecentlyUsed(Ceed ceed, const std::string &dir, const std::string &keep_key) {
  uint64_t max_bytes = 0;
  CeedCall(MaxCacheBytes(ceed, &max_bytes));
  if (max_bytes == 0) return CEED_ERROR_SUCCESS;
  struct KeyUse {
    struct timespec          last_use {};
    uint64_t                 bytes = 0;
    std::vector<std::string> files;
  };
  std::map<std::string, KeyUse> keys;
  uint64_t                      total = 0;
  std::unique_ptr<DIR, int (*)(DIR *)> folder(opendir(dir.c_str()), closedir);  // closed on every way out
  DIR                                 *d = folder.get();
  if (!d) return CEED_ERROR_SUCCESS;
  while (dirent *e = readdir(d)) {
    const std::string name = e->d_name;
    const size_t      dot  = name.find('.');
    struct stat       st;
    if (dot == std::string::npos || dot == 0 || name.find(".tmp-") != std::string::npos) continue;
    if (fstatat(dirfd(d), name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0 || !S_ISREG(st.st_mode)) continue;
    KeyUse &use = keys[name.substr(0, dot)];
    use.files.push_back(name);
    use.bytes += (uint64_t)st.st_size;
    if (std::make_pair(st.st_mtim.tv_sec, st.st_mtim.tv_nsec) > std::make_pair(use.last_use.tv_sec, use.last_use.tv_nsec)) use.last_use = st.st_mtim;
    total += (uint64_t)st.st_size;
  }
  folder.reset();
  if (total <= max_bytes) return CEED_ERROR_SUCCESS;
  std::vector<std::pair<const std::string, KeyUse> *> order;
  for (auto &entry : keys) {
    if (entry.first != keep_key) order.push_back(&entry);
  }
  std::sort(order.begin(), order.end(), [](const auto *a, const auto *b) {
    return std::make_pair(a->second.last_use.tv_sec, a->second.last_use.tv_nsec) < std::make_pair(b->second.last_use.tv_sec, b->second.last_use.tv_nsec);
  });
  for (size_t i = 0; i < order.size() && total > max_bytes; i++) {
    for (const std::string &file : order[i]->second.files) unlink((dir + "/" + file).c_str());
    total -= order[i]->second.bytes;
    CeedDebug(ceed, "Kernel cache: evicted %s (%zu files, %llu bytes) to stay under %llu bytes", order[i]->first.c_str(), order[i]->second.files.size(),
              (unsigned long long)order[i]->second.bytes, (unsigned long long)max_bytes);
  }
  return CEED_ERROR_SUCCESS;
}

int FinishStore(Ceed ceed, const std::string &final_path, bool is_persistent, char **path) {
  num_stores++;
  if (is_persistent) {
    const size_t slash = final_path.find_last_of('/'), dot = final_path.find('.', slash);
    CeedCall(EvictLeastRecentlyUsed(ceed, final_path.substr(0, slash), final_path.substr(slash + 1, dot - slash - 1)));
  }
  if (!is_persistent) {
    std::lock_guard<std::mutex> lock(private_mutex);
    private_entries.push_back(final_path);
  }
  CeedDebug(ceed, "Kernel cache: stored %s", final_path.c_str());
  if (path) CeedCall(CeedStringAllocCopy(final_path.c_str(), path));
  return CEED_ERROR_SUCCESS;
}

}  // namespace

extern "C" {

int CeedKernelCacheComputeKey(CeedInt num_parts, const char *const *parts, char key[CEED_KERNEL_CACHE_KEY_SIZE]) {
  CeedCheck(key && (parts || num_parts == 0), NULL, CEED_ERROR_INCOMPATIBLE, "CeedKernelCacheComputeKey: parts or key is NULL");
  CeedCheck(num_parts >= 0, NULL, CEED_ERROR_INCOMPATIBLE, "CeedKernelCacheComputeKey: number of parts %d is negative", num_parts);
  ceed::Sha256 sha;
  for (CeedInt i = 0; i < num_parts; i++) {
    CeedCheck(parts[i], NULL, CEED_ERROR_INCOMPATIBLE, "CeedKernelCacheComputeKey: part %d is NULL", i);
    // Length prefixes keep ("ab", "c") and ("a", "bc") apart.
    const uint64_t n = std::strlen(parts[i]);
    sha.Update(&n, sizeof(n));
    sha.Update(parts[i], n);
  }
  const auto        digest = sha.Finish();
  const std::string hex    = ceed::HexDigits(digest.data(), digest.size());
  std::memcpy(key, hex.c_str(), hex.size() + 1);
  return CEED_ERROR_SUCCESS;
}

int CeedKernelCacheGetDirectory(Ceed ceed, char **directory, bool *is_persistent) {
  CeedCheck(directory, ceed, CEED_ERROR_INCOMPATIBLE, "CeedKernelCacheGetDirectory: output pointer is NULL");
  CEED_API_TRY
  std::string dir;
  bool        persistent = false;
  CeedCall(Directory(ceed, &dir, &persistent));
  if (is_persistent) *is_persistent = persistent;
  return CeedStringAllocCopy(dir.c_str(), directory);
  CEED_API_CATCH(ceed)
}

int CeedKernelCacheGetTemporaryPath(Ceed ceed, const char *key, const char *ext, char **path) {
  CeedCheck(path, ceed, CEED_ERROR_INCOMPATIBLE, "CeedKernelCacheGetTemporaryPath: output pointer is NULL");
  CEED_API_TRY
  CeedCall(CheckKeyAndExt(ceed, key, ext, __func__));
  std::string dir;
  bool        is_persistent = false;
  CeedCall(Directory(ceed, &dir, &is_persistent));
  return CeedStringAllocCopy(TemporaryName(dir + "/" + key + "." + ext).c_str(), path);
  CEED_API_CATCH(ceed)
}

int CeedKernelCacheLookupFile(Ceed ceed, const char *key, const char *ext, char **path) {
  CeedCheck(path, ceed, CEED_ERROR_INCOMPATIBLE, "CeedKernelCacheLookupFile: output pointer is NULL");
  *path = nullptr;
  CEED_API_TRY
  std::string entry, payload;
  bool        found = false;
  CeedCall(Lookup(ceed, key, ext, &entry, &payload, &found, __func__));
  if (found) CeedCall(CeedStringAllocCopy(entry.c_str(), path));
  return CEED_ERROR_SUCCESS;
  CEED_API_CATCH(ceed)
}

int CeedKernelCacheLookupBytes(Ceed ceed, const char *key, const char *ext, void **bytes, size_t *num_bytes) {
  CeedCheck(bytes && num_bytes, ceed, CEED_ERROR_INCOMPATIBLE, "CeedKernelCacheLookupBytes: output pointer is NULL");
  *bytes     = nullptr;
  *num_bytes = 0;
  CEED_API_TRY
  std::string entry, payload;
  bool        found = false;
  CeedCall(Lookup(ceed, key, ext, &entry, &payload, &found, __func__));
  if (!found) return CEED_ERROR_SUCCESS;
  char *copy = nullptr;
  // The allocation's own error is stored without a Ceed: the caller's context must say what failed.
  CeedCheck(CeedMalloc(payload.size() + 1, &copy) == CEED_ERROR_SUCCESS, ceed, CEED_ERROR_MAJOR,
            "CeedKernelCacheLookupBytes: allocation of %zu bytes for cache entry %s.%s failed", payload.size() + 1, key, ext);
  std::memcpy(copy, payload.data(), payload.size());
  copy[payload.size()] = '\0';  // text artefacts (PTX) can be used as strings
  *bytes               = copy;
  *num_bytes           = payload.size();
  return CEED_ERROR_SUCCESS;
  CEED_API_CATCH(ceed)
}

int CeedKernelCacheStoreBytes(Ceed ceed, const char *key, const char *ext, const void *bytes, size_t num_bytes, char **path) {
  if (path) *path = nullptr;
  CEED_API_TRY
  CeedCall(CheckKeyAndExt(ceed, key, ext, __func__));
  CeedCheck(bytes || num_bytes == 0, ceed, CEED_ERROR_INCOMPATIBLE, "CeedKernelCacheStoreBytes: bytes is NULL");
  std::string dir;
  bool        is_persistent = false;
  CeedCall(Directory(ceed, &dir, &is_persistent));
  const std::string final_path = dir + "/" + key + "." + ext;
  CeedCall(WriteAtomically(ceed, final_path, bytes, num_bytes, true));
  return FinishStore(ceed, final_path, is_persistent, path);
  CEED_API_CATCH(ceed)
}

int CeedKernelCacheStoreFile(Ceed ceed, const char *key, const char *ext, const char *file_path, char **path) {
  if (path) *path = nullptr;
  CEED_API_TRY
  CeedCall(CheckKeyAndExt(ceed, key, ext, __func__));
  CeedCheck(file_path, ceed, CEED_ERROR_INCOMPATIBLE, "CeedKernelCacheStoreFile: file path is NULL");
  std::string bytes;
  CeedCheck(ReadAll(file_path, &bytes), ceed, CEED_ERROR_MAJOR, "Kernel cache: cannot read %s: %s", file_path, std::strerror(errno));
  std::string dir;
  bool        is_persistent = false;
  CeedCall(Directory(ceed, &dir, &is_persistent));
  const std::string final_path = dir + "/" + key + "." + ext;
  CeedCall(WriteAtomically(ceed, final_path, bytes.data(), bytes.size(), true));
  unlink(file_path);
  return FinishStore(ceed, final_path, is_persistent, path);
  CEED_API_CATCH(ceed)
}

int CeedKernelCacheWriteFile(Ceed ceed, const char *key, const char *ext, const void *bytes, size_t num_bytes, char **path) {
  if (path) *path = nullptr;
  CEED_API_TRY
  CeedCall(CheckKeyAndExt(ceed, key, ext, __func__));
  CeedCheck(bytes || num_bytes == 0, ceed, CEED_ERROR_INCOMPATIBLE, "CeedKernelCacheWriteFile: bytes is NULL");
  std::string dir;
  bool        is_persistent = false;
  CeedCall(Directory(ceed, &dir, &is_persistent));
  const std::string final_path = dir + "/" + key + "." + ext;
  CeedCall(WriteAtomically(ceed, final_path, bytes, num_bytes, false));
  if (path) CeedCall(CeedStringAllocCopy(final_path.c_str(), path));
  return CEED_ERROR_SUCCESS;
  CEED_API_CATCH(ceed)
}

int CeedKernelCacheOpenEntry(Ceed ceed, const char *path, int *fd) {
  CeedCheck(path && fd, ceed, CEED_ERROR_INCOMPATIBLE, "CeedKernelCacheOpenEntry: path or output pointer is NULL");
  *fd = -1;
  CEED_API_TRY
  std::string payload, bad;
  const int   opened = OpenEntry(ceed, path, &payload, &bad);
  CeedCheck(opened >= 0, ceed, CEED_ERROR_MAJOR, "Kernel cache: entry %s cannot be loaded: %s", path, bad.empty() ? "it does not exist" : bad.c_str());
  *fd = opened;
  return CEED_ERROR_SUCCESS;
  CEED_API_CATCH(ceed)
}

int CeedKernelCacheGetRefusedDirectory(Ceed ceed, char **directory, char **reason) {
  CeedCheck(directory && reason, ceed, CEED_ERROR_INCOMPATIBLE, "CeedKernelCacheGetRefusedDirectory: output pointer is NULL");
  *directory = nullptr;
  *reason    = nullptr;
  CEED_API_TRY
  std::string dir;
  bool        is_persistent = false;
  CeedCall(Directory(ceed, &dir, &is_persistent));
  if (is_persistent || CacheDisabled()) return CEED_ERROR_SUCCESS;
  const std::string configured = ConfiguredFolder();
  std::string       why;
  {
    std::lock_guard<std::mutex> lock(private_mutex);
    auto                        found = refused_dirs.find(configured);
    if (found == refused_dirs.end()) return CEED_ERROR_SUCCESS;
    why = found->second;
  }
  CeedCall(CeedStringAllocCopy(configured.c_str(), directory));
  return CeedStringAllocCopy(why.c_str(), reason);
  CEED_API_CATCH(ceed)
}

int CeedKernelCacheGetStats(CeedKernelCacheStats *stats) {
  CeedCheck(stats, NULL, CEED_ERROR_INCOMPATIBLE, "CeedKernelCacheGetStats: output pointer is NULL");
  stats->hits      = num_hits;
  stats->misses    = num_misses;
  stats->stores    = num_stores;
  stats->discarded = num_discarded;
  return CEED_ERROR_SUCCESS;
}

}  // extern "C"
