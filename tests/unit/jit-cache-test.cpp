// Unit tests of the persistent kernel cache (ceed/backend.h, "Kernel cache"): content-addressed keys
// with known SHA-256 answers (computed independently with Python's hashlib), round trips, detection of
// corrupt and truncated entries, the disabled mode, and several processes storing one key at once.
#include <ceed.h>
#include <ceed/backend.h>
#include <gtest/gtest.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

class KernelCache : public ::testing::Test {
 protected:
  void SetUp() override {
    setenv("CEED_ERROR_HANDLER", "store", 1);
    unsetenv("CEEDRT_CACHE");
    char pattern[] = "/tmp/ceedrt-cache-test-XXXXXX";
    ASSERT_NE(mkdtemp(pattern), nullptr);
    dir = pattern;
    setenv("CEEDRT_CACHE_DIR", dir.c_str(), 1);
    ASSERT_EQ(CeedInit("/cpu/self/ref/serial", &ceed), 0);
  }
  void TearDown() override {
    EXPECT_EQ(CeedDestroy(&ceed), 0);
    unsetenv("CEEDRT_CACHE_DIR");
    unsetenv("CEEDRT_CACHE");
    fs::remove_all(dir);
  }
  static CeedKernelCacheStats Stats() {
    CeedKernelCacheStats s{};
    EXPECT_EQ(CeedKernelCacheGetStats(&s), 0);
    return s;
  }
  std::string LookupBytes(const char *key, const char *ext, bool *found) {
    void  *bytes = nullptr;
    size_t n     = 0;
    EXPECT_EQ(CeedKernelCacheLookupBytes(ceed, key, ext, &bytes, &n), 0);
    *found = bytes != nullptr;
    std::string s(static_cast<char *>(bytes) ? static_cast<char *>(bytes) : "", n);
    CeedFree(&bytes);
    return s;
  }
  Ceed        ceed = nullptr;
  std::string dir;
};

std::string Key(std::initializer_list<const char *> parts) {
  std::vector<const char *> v(parts);
  char                      key[CEED_KERNEL_CACHE_KEY_SIZE];
  EXPECT_EQ(CeedKernelCacheComputeKey((CeedInt)v.size(), v.data(), key), 0);
  return key;
}

TEST(KernelCacheKey, KnownAnswers) {
  EXPECT_EQ(Key({}), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");  // SHA-256 of nothing
  // SHA-256 of the 8-byte little-endian length 3 followed by "abc".
  EXPECT_EQ(Key({"abc"}), "ce91dc5eec0139adf091900d225971d6ad246a845bad791b5693a9d0d55dd391");
  // Several parts spanning many 64-byte blocks, one of them empty.
  const std::string long_part(1000, 'x');
  EXPECT_EQ(Key({long_part.c_str(), "compiler g++ 12", ""}), "8eedac1bf93cb08c9ffd1ad992c37079861c52a54acf36727a052850798969a9");
}

TEST(KernelCacheKey, PartBoundariesMatter) {
  EXPECT_NE(Key({"ab", "c"}), Key({"a", "bc"}));
  EXPECT_NE(Key({"source", "-O3"}), Key({"source", "-O2"}));
  EXPECT_EQ(Key({"source", "-O3"}), Key({"source", "-O3"}));
}

TEST_F(KernelCache, StoreAndLookupRoundTrip) {
  const std::string key = Key({"kernel text", "compiler"});
  bool              found = true;
  const CeedKernelCacheStats before = Stats();
  LookupBytes(key.c_str(), "bin", &found);
  EXPECT_FALSE(found);
  EXPECT_EQ(Stats().misses, before.misses + 1);

  const std::string payload = std::string("\x7f" "ELF binary\0data", 16) + std::string(70000, 'k');
  char             *path    = nullptr;
  ASSERT_EQ(CeedKernelCacheStoreBytes(ceed, key.c_str(), "bin", payload.data(), payload.size(), &path), 0);
  ASSERT_NE(path, nullptr);
  EXPECT_EQ(std::string(path), dir + "/" + key + ".bin");
  CeedFree(&path);
  EXPECT_EQ(Stats().stores, before.stores + 1);

  EXPECT_EQ(LookupBytes(key.c_str(), "bin", &found), payload);
  EXPECT_TRUE(found);
  ASSERT_EQ(CeedKernelCacheLookupFile(ceed, key.c_str(), "bin", &path), 0);
  ASSERT_NE(path, nullptr);
  // The entry file starts with the payload (loadable as it is) and carries a trailer after it.
  std::ifstream file(path, std::ios::binary);
  std::string   contents((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  EXPECT_EQ(contents.substr(0, payload.size()), payload);
  EXPECT_GT(contents.size(), payload.size());
  CeedFree(&path);
  EXPECT_EQ(Stats().hits, before.hits + 2);
  // Another extension under the same key is another entry.
  LookupBytes(key.c_str(), "ptx", &found);
  EXPECT_FALSE(found);
}

TEST_F(KernelCache, StoreFileConsumesTheFile) {
  const std::string key = Key({"file kernel"});
  char             *tmp = nullptr;
  ASSERT_EQ(CeedKernelCacheGetTemporaryPath(ceed, key.c_str(), "so", &tmp), 0);
  EXPECT_EQ(std::string(tmp).rfind(dir + "/" + key + ".so", 0), 0u) << tmp;
  std::ofstream(tmp) << "compiled object";
  char *path = nullptr;
  ASSERT_EQ(CeedKernelCacheStoreFile(ceed, key.c_str(), "so", tmp, &path), 0);
  EXPECT_FALSE(fs::exists(tmp));
  bool found = false;
  EXPECT_EQ(LookupBytes(key.c_str(), "so", &found), "compiled object");
  EXPECT_TRUE(found);
  CeedFree(&tmp);
  CeedFree(&path);
}

TEST_F(KernelCache, CorruptAndTruncatedEntriesAreDiscarded) {
  const std::string key     = Key({"to corrupt"});
  const std::string payload(5000, 'p');
  char             *path    = nullptr;
  for (int mode = 0; mode < 3; mode++) {
    ASSERT_EQ(CeedKernelCacheStoreBytes(ceed, key.c_str(), "so", payload.data(), payload.size(), &path), 0);
    const uintmax_t size = fs::file_size(path);
    if (mode == 0) {
      fs::resize_file(path, size / 2);  // truncated (an interrupted copy)
    } else if (mode == 1) {
      std::fstream f(path, std::ios::in | std::ios::out | std::ios::binary);  // one flipped payload byte
      f.seekp(1234);
      f.put('q');
    } else {
      fs::resize_file(path, 0);  // empty file
    }
    const CeedKernelCacheStats before = Stats();
    bool                       found  = true;
    LookupBytes(key.c_str(), "so", &found);
    EXPECT_FALSE(found) << "mode " << mode;
    EXPECT_EQ(Stats().discarded, before.discarded + 1) << "mode " << mode;
    EXPECT_FALSE(fs::exists(path)) << "a bad entry must be deleted so that it is rebuilt";
    CeedFree(&path);
  }
}

TEST_F(KernelCache, SideFilesAreWrittenVerbatim) {
  const std::string key  = Key({"source kept"});
  const char        text[] = "int main() { return 0; }\n";
  char             *path = nullptr;
  ASSERT_EQ(CeedKernelCacheWriteFile(ceed, key.c_str(), "cpp", text, sizeof(text) - 1, &path), 0);
  std::ifstream file(path);
  std::string   contents((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  EXPECT_EQ(contents, text);
  CeedFree(&path);
}

TEST_F(KernelCache, DisabledCacheNeverHits) {
  setenv("CEEDRT_CACHE", "off", 1);
  char *folder     = nullptr;
  bool  persistent = true;
  ASSERT_EQ(CeedKernelCacheGetDirectory(ceed, &folder, &persistent), 0);
  EXPECT_FALSE(persistent);
  EXPECT_NE(std::string(folder), dir);
  const std::string key = Key({"uncached"});
  char             *path = nullptr;
  ASSERT_EQ(CeedKernelCacheStoreBytes(ceed, key.c_str(), "so", "x", 1, &path), 0);
  EXPECT_EQ(std::string(path).rfind(std::string(folder) + "/", 0), 0u) << "entries go to the private folder";
  EXPECT_TRUE(fs::exists(path));
  bool found = true;
  LookupBytes(key.c_str(), "so", &found);
  EXPECT_FALSE(found);
  EXPECT_TRUE(fs::is_empty(dir)) << "nothing is written to the persistent folder";
  CeedFree(&path);
  CeedFree(&folder);
}

// The folder stays under CEEDRT_CACHE_MAX_SIZE: after a store, the files of the least recently used keys go
// first (a hit counts as a use; an entry and its side files share the key), never those of the key stored.
TEST_F(KernelCache, SizeBoundEvictsLeastRecentlyUsedKeys) {
  setenv("CEEDRT_CACHE_MAX_SIZE", "10K", 1);
  const std::string payload(3000, 'k');  // 3000 bytes + trailer per entry
  std::vector<std::string> keys;
  for (int i = 0; i < 3; i++) {
    keys.push_back(Key({"bounded", std::to_string(i).c_str()}));
    ASSERT_EQ(CeedKernelCacheStoreBytes(ceed, keys[i].c_str(), "so", payload.data(), payload.size(), nullptr), 0);
    ASSERT_EQ(CeedKernelCacheWriteFile(ceed, keys[i].c_str(), "cpp", "x", 1, nullptr), 0);
    // Distinct, increasing times of last use: 0 is the oldest.
    const struct timespec times[2] = {{1000000 + i * 10, 0}, {1000000 + i * 10, 0}};
    for (const char *ext : {".so", ".cpp"}) ASSERT_EQ(utimensat(AT_FDCWD, (dir + "/" + keys[i] + ext).c_str(), times, 0), 0);
  }
  bool found = false;
  LookupBytes(keys[0].c_str(), "so", &found);  // 0 is now the most recently used
  ASSERT_TRUE(found);
  keys.push_back(Key({"bounded", "3"}));
  ASSERT_EQ(CeedKernelCacheStoreBytes(ceed, keys[3].c_str(), "so", payload.data(), payload.size(), nullptr), 0);
  // 4 entries of ~3 KB exceed 10 KB: key 1, the least recently used, goes with its side file.
  EXPECT_FALSE(fs::exists(dir + "/" + keys[1] + ".so"));
  EXPECT_FALSE(fs::exists(dir + "/" + keys[1] + ".cpp"));
  for (int i : {0, 2, 3}) EXPECT_TRUE(fs::exists(dir + "/" + keys[i] + ".so")) << i;
  uintmax_t total = 0;
  for (const auto &entry : fs::directory_iterator(dir)) total += entry.file_size();
  EXPECT_LE(total, 10u * 1024u);

  setenv("CEEDRT_CACHE_MAX_SIZE", "lots", 1);
  EXPECT_EQ(CeedKernelCacheStoreBytes(ceed, keys[1].c_str(), "so", payload.data(), payload.size(), nullptr), CEED_ERROR_INCOMPATIBLE);
  const char *msg = nullptr;
  CeedGetErrorMessage(ceed, &msg);
  EXPECT_NE(std::string(msg).find("CEEDRT_CACHE_MAX_SIZE=lots"), std::string::npos) << msg;
  CeedResetErrorMessage(ceed, &msg);
  setenv("CEEDRT_CACHE_MAX_SIZE", "0", 1);  // no bound
  ASSERT_EQ(CeedKernelCacheStoreBytes(ceed, keys[1].c_str(), "so", payload.data(), payload.size(), nullptr), 0);
  for (int i = 0; i < 4; i++) EXPECT_TRUE(fs::exists(dir + "/" + keys[i] + ".so")) << i;
  unsetenv("CEEDRT_CACHE_MAX_SIZE");
}

TEST_F(KernelCache, RejectsBadKeysAndExtensions) {
  char *path = nullptr;
  EXPECT_NE(CeedKernelCacheLookupFile(ceed, "../escape", "so", &path), 0);
  const char *msg = nullptr;
  CeedGetErrorMessage(ceed, &msg);
  EXPECT_NE(std::string(msg).find("../escape"), std::string::npos) << msg;
  CeedResetErrorMessage(ceed, &msg);
  EXPECT_NE(CeedKernelCacheStoreBytes(ceed, "abc", "s/o", "x", 1, nullptr), 0);
  CeedGetErrorMessage(ceed, &msg);
  EXPECT_NE(std::string(msg).find("s/o"), std::string::npos) << msg;
  CeedResetErrorMessage(ceed, &msg);
  EXPECT_EQ(path, nullptr);
}

// Several processes store the same key at the same moment while others read it: every one succeeds,
// readers see either nothing or the complete entry, and no temporary file is left behind.
TEST_F(KernelCache, ConcurrentProcessesStoringOneKey) {
  const std::string key = Key({"raced kernel"});
  std::string       payload(200000, 'r');
  for (size_t i = 0; i < payload.size(); i += 97) payload[i] = (char)('a' + i % 26);
  constexpr int kProcesses = 6;
  pid_t         pids[kProcesses];
  for (int p = 0; p < kProcesses; p++) {
    pids[p] = fork();
    ASSERT_GE(pids[p], 0);
    if (pids[p] == 0) {
      int failures = 0;
      for (int round = 0; round < 20; round++) {
        if (p % 2 == 0) {
          failures += CeedKernelCacheStoreBytes(ceed, key.c_str(), "so", payload.data(), payload.size(), nullptr) != 0;
        } else {
          void  *bytes = nullptr;
          size_t n     = 0;
          failures += CeedKernelCacheLookupBytes(ceed, key.c_str(), "so", &bytes, &n) != 0;
          if (bytes) failures += n != payload.size() || std::string(static_cast<char *>(bytes), n) != payload;
          CeedFree(&bytes);
        }
      }
      _exit(failures == 0 ? 0 : 1);
    }
  }
  for (int p = 0; p < kProcesses; p++) {
    int status = 0;
    ASSERT_EQ(waitpid(pids[p], &status, 0), pids[p]);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << "process " << p;
  }
  bool found = false;
  EXPECT_EQ(LookupBytes(key.c_str(), "so", &found), payload);
  EXPECT_TRUE(found);
  size_t num_files = 0;
  for (const auto &entry : fs::directory_iterator(dir)) num_files += entry.is_regular_file();
  EXPECT_EQ(num_files, 1u) << "temporary files left in " << dir;
}

}  // namespace
