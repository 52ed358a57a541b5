// The kernel cache never loads code another user could have written (docs/security.md).
//
// Each scenario prepares a cache folder, plants a shared library whose constructor writes a marker file under
// the exact names of the kernels that /cpu/self/gen will look up (with valid trailers, so only the trust rules
// can stop it), runs cache-trust-victim (one operator on /cpu/self/gen) in a new process with
// CEED_DEBUG on, and checks that the marker never appears, that the volume is right, and that the reason is
// shown. A control scenario plants the same library as an entry of our own, trusted folder and checks that it
// is loaded there, which shows that the planted entries would run if the rules let them through. Folders and
// files of another user need root (CI runs as root); elsewhere the tests are skipped.
#include <ceed.h>
#include <ceed/backend.h>
#include <fcntl.h>
#include <gtest/gtest.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

extern char **environ;

namespace {

namespace fs = std::filesystem;

const uid_t kNobody = 65534;
const fs::path kWork = CEEDRT_CACHE_TRUST_WORK_DIR;

std::string ReadText(const fs::path &path) {
  std::ifstream     in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// Runs the victim with the environment changed by set (name -> value; an empty value unsets it); returns its exit
// status and its output (stdout and stderr together).
int RunVictim(const std::map<std::string, std::string> &set, std::string *output) {
  std::map<std::string, std::string> env;
  for (char **e = environ; *e; e++) {
    const std::string entry = *e;
    const size_t      eq    = entry.find('=');
    if (eq != std::string::npos) env[entry.substr(0, eq)] = entry.substr(eq + 1);
  }
  for (const auto &[name, value] : set) {
    if (value.empty()) env.erase(name);
    else env[name] = value;
  }
  std::vector<std::string> entries;
  for (const auto &[name, value] : env) entries.push_back(name + "=" + value);
  std::vector<char *> envp;
  for (auto &e : entries) envp.push_back(e.data());
  envp.push_back(nullptr);

  const fs::path             log = kWork / "victim-output.txt";
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  posix_spawn_file_actions_adddup2(&actions, 1, 2);
  char *argv[] = {const_cast<char *>(CEEDRT_CACHE_TRUST_VICTIM), nullptr};
  pid_t pid    = -1;
  int   status = -1;
  if (posix_spawn(&pid, argv[0], &actions, nullptr, argv, envp.data()) == 0) waitpid(pid, &status, 0);
  posix_spawn_file_actions_destroy(&actions);
  *output = ReadText(log);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

class CacheTrust : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    if (geteuid() != 0) return;
    fs::remove_all(kWork);
    fs::create_directories(kWork);
    fs::permissions(kWork, fs::perms::owner_all);
    // The library to plant: its constructor writes the marker file named in the environment.
    std::ofstream(kWork / "planted.c") << "#include <stdio.h>\n#include <stdlib.h>\n"
                                          "__attribute__((constructor)) static void planted(void) {\n"
                                          "  const char *marker = getenv(\"CEEDRT_TEST_MARKER\");\n"
                                          "  FILE *f = marker ? fopen(marker, \"w\") : NULL;\n"
                                          "  if (f) { fputs(\"foreign code ran\\n\", f); fclose(f); }\n}\n";
    const std::string compile = std::string(CEEDRT_TEST_C_COMPILER) + " -shared -fPIC -o " + (kWork / "planted.so").string() + " " +
                                (kWork / "planted.c").string();
    ASSERT_EQ(std::system(compile.c_str()), 0) << compile;
    // The names the victim's kernels are cached under: one run in a folder of our own.
    std::string output;
    ASSERT_EQ(RunVictim({{"CEEDRT_CACHE_DIR", (kWork / "seed").string()}, {"CEEDRT_CACHE", ""}}, &output), 0) << output;
    for (const auto &entry : fs::directory_iterator(kWork / "seed")) {
      if (entry.path().extension() == ".so") keys().push_back(entry.path().stem().string());
    }
    ASSERT_FALSE(keys().empty()) << "the victim stored no kernel in " << (kWork / "seed");
  }

  void SetUp() override {
    if (geteuid() != 0) GTEST_SKIP() << "needs root to create files of another user (CI runs as root)";
    ASSERT_FALSE(keys().empty());
    marker_ = kWork / (std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()) + ".marker");
    fs::remove(marker_);
  }

  static std::vector<std::string> &keys() {
    static std::vector<std::string> list;
    return list;
  }

  // Entries <key>.so holding the planted library with a valid trailer, written through the cache's own API into
  // folder (made 0700 first if missing).
  static void PlantEntries(const fs::path &folder) {
    fs::create_directories(folder);
    const fs::path staging = kWork / "staging";
    fs::create_directories(staging);
    fs::permissions(staging, fs::perms::owner_all);
    setenv("CEEDRT_CACHE_DIR", staging.c_str(), 1);
    Ceed ceed = nullptr;
    ASSERT_EQ(CeedInit("/cpu/self/ref/serial", &ceed), 0);
    for (const std::string &key : keys()) {
      const fs::path copy = staging / "planted-copy.so";
      fs::copy_file(kWork / "planted.so", copy, fs::copy_options::overwrite_existing);
      char *path = nullptr;
      ASSERT_EQ(CeedKernelCacheStoreFile(ceed, key.c_str(), "so", copy.c_str(), &path), 0);
      fs::rename(path, folder / (key + ".so"));
      CeedFree(&path);
    }
    CeedDestroy(&ceed);
  }

  static void Chown(const fs::path &path, uid_t uid) { ASSERT_EQ(lchown(path.c_str(), uid, uid), 0) << path; }

  // Runs the victim and checks the outcome every refusal must have: no foreign code, a right result, the reason.
  void ExpectRefusedAndCorrect(const std::map<std::string, std::string> &env, const std::vector<std::string> &reasons) {
    std::map<std::string, std::string> all = env;
    all["CEED_DEBUG"]          = "1";
    all["CEED_ERROR_HANDLER"]  = "store";
    all["CEEDRT_TEST_MARKER"] = marker_.string();
    all["CEEDRT_CACHE"]        = "";
    std::string output;
    EXPECT_EQ(RunVictim(all, &output), 0) << output;
    EXPECT_FALSE(fs::exists(marker_)) << "foreign code was loaded:\n" << output;
    EXPECT_NE(output.find("result ok"), std::string::npos) << output;
    for (const std::string &reason : reasons) EXPECT_NE(output.find(reason), std::string::npos) << "missing \"" << reason << "\" in:\n" << output;
  }

  fs::path marker_;
};

// Control: entries in a folder of our own are trusted and loaded (here the planted one, which is no kernel).
TEST_F(CacheTrust, ControlOwnEntriesAreLoaded) {
  const fs::path folder = kWork / "control";
  fs::remove_all(folder);
  PlantEntries(folder);
  std::string output;
  RunVictim({{"CEEDRT_CACHE_DIR", folder.string()}, {"CEEDRT_CACHE", ""}, {"CEED_ERROR_HANDLER", "store"},
             {"CEEDRT_TEST_MARKER", marker_.string()}},
            &output);
  EXPECT_TRUE(fs::exists(marker_)) << "the planted entry was not loaded from a trusted folder, so the scenarios prove nothing:\n" << output;
}

TEST_F(CacheTrust, WorldWritableFolderOfAnotherUserIsRefused) {
  const fs::path folder = kWork / "foreign-world-writable";
  fs::remove_all(folder);
  PlantEntries(folder);
  for (const auto &entry : fs::directory_iterator(folder)) Chown(entry.path(), kNobody);
  Chown(folder, kNobody);
  fs::permissions(folder, fs::perms::all);
  ExpectRefusedAndCorrect({{"CEEDRT_CACHE_DIR", folder.string()}},
                          {"Kernel cache: not using " + folder.string(), "owned by uid 65534", "refused: " + folder.string()});
  EXPECT_EQ(std::distance(fs::directory_iterator(folder), fs::directory_iterator()), (long)keys().size()) << "something was written there";
}

TEST_F(CacheTrust, GroupWritableFolderOfOursIsRefused) {
  const fs::path folder = kWork / "own-group-writable";
  fs::remove_all(folder);
  PlantEntries(folder);
  fs::permissions(folder, fs::perms::owner_all | fs::perms::group_all);
  ExpectRefusedAndCorrect({{"CEEDRT_CACHE_DIR", folder.string()}}, {"writable by its group (mode 0770)", "refused: " + folder.string()});
  // Without CEED_DEBUG the refusal is still told, once per process, with its cause and fix; CEEDRT_QUIET=1 silences it.
  const std::string notice = "ceedrt: kernel cache folder " + folder.string() + " not used, because " + folder.string() + " is writable by its group";
  std::string       output;
  EXPECT_EQ(RunVictim({{"CEEDRT_CACHE_DIR", folder.string()}, {"CEEDRT_CACHE", ""}, {"CEEDRT_QUIET", ""}, {"CEEDRT_TEST_MARKER", marker_.string()}}, &output), 0);
  const size_t at = output.find(notice);
  EXPECT_NE(at, std::string::npos) << output;
  EXPECT_EQ(output.find(notice, at + 1), std::string::npos) << "told more than once:\n" << output;
  EXPECT_NE(output.find("Fix: set CEEDRT_CACHE_DIR"), std::string::npos) << output;
  EXPECT_EQ(RunVictim({{"CEEDRT_CACHE_DIR", folder.string()}, {"CEEDRT_CACHE", ""}, {"CEEDRT_QUIET", "1"}, {"CEEDRT_TEST_MARKER", marker_.string()}}, &output), 0);
  EXPECT_EQ(output.find("ceedrt: kernel cache folder"), std::string::npos) << output;
}

TEST_F(CacheTrust, EntryOfAnotherUserIsRebuilt) {
  const fs::path folder = kWork / "foreign-entries";
  fs::remove_all(folder);
  PlantEntries(folder);
  fs::permissions(folder, fs::perms::owner_all);
  for (const auto &entry : fs::directory_iterator(folder)) Chown(entry.path(), kNobody);
  ExpectRefusedAndCorrect({{"CEEDRT_CACHE_DIR", folder.string()}}, {"discarded entry", "owned by uid 65534, not by this user"});
  // The rebuilt entries are ours now.
  for (const std::string &key : keys()) {
    struct stat st;
    ASSERT_EQ(lstat((folder / (key + ".so")).c_str(), &st), 0);
    EXPECT_EQ(st.st_uid, geteuid()) << key;
  }
}

TEST_F(CacheTrust, EntryThatIsASymbolicLinkIsRebuilt) {
  const fs::path folder = kWork / "linked-entries", elsewhere = kWork / "linked-targets";
  fs::remove_all(folder);
  fs::remove_all(elsewhere);
  PlantEntries(elsewhere);
  fs::create_directories(folder);
  fs::permissions(folder, fs::perms::owner_all);
  for (const std::string &key : keys()) fs::create_symlink(elsewhere / (key + ".so"), folder / (key + ".so"));
  ExpectRefusedAndCorrect({{"CEEDRT_CACHE_DIR", folder.string()}}, {"discarded entry", "it is a symbolic link"});
  for (const std::string &key : keys()) EXPECT_FALSE(fs::is_symlink(folder / (key + ".so"))) << key;
}

// Without CEEDRT_CACHE_DIR, XDG_CACHE_HOME and HOME the folder is the predictable $TMPDIR/ceedrt-cache-<uid>:
// created beforehand by another user, it is refused, and a private folder serves the process.
TEST_F(CacheTrust, PredictableTemporaryFolderCreatedByAnotherUserIsRefused) {
  const fs::path tmp = kWork / "tmp", folder = tmp / ("ceedrt-cache-" + std::to_string(geteuid()));
  fs::remove_all(tmp);
  fs::create_directories(tmp);
  fs::permissions(tmp, fs::perms::all | fs::perms::sticky_bit);  // like /tmp
  PlantEntries(folder);
  for (const auto &entry : fs::directory_iterator(folder)) Chown(entry.path(), kNobody);
  Chown(folder, kNobody);
  fs::permissions(folder, fs::perms::all);
  ExpectRefusedAndCorrect({{"CEEDRT_CACHE_DIR", ""}, {"XDG_CACHE_HOME", ""}, {"HOME", ""}, {"TMPDIR", tmp.string()}},
                          {"Kernel cache: not using " + folder.string(), "owned by uid 65534", "private folder " + tmp.string() + "/ceedrt-kernels-"});
  // The private folder is gone with the process.
  for (const auto &entry : fs::directory_iterator(tmp)) EXPECT_EQ(entry.path(), folder) << "left behind: " << entry.path();
}

// A folder of ours whose parent others can write without the sticky bit is refused too: they could rename it.
TEST_F(CacheTrust, FolderInAWorldWritableParentWithoutStickyBitIsRefused) {
  const fs::path parent = kWork / "open-parent", folder = parent / "cache";
  fs::remove_all(parent);
  PlantEntries(folder);
  fs::permissions(folder, fs::perms::owner_all);
  fs::permissions(parent, fs::perms::all);
  ExpectRefusedAndCorrect({{"CEEDRT_CACHE_DIR", folder.string()}}, {"its parent " + parent.string() + " is writable by others without the sticky bit"});
}

}  // namespace
