// Faults of /cpu/self/gen's compiler and of the kernel cache (issue 16). Each case runs in a child process (a
// fresh library: kernels loaded by one case are not in the next one's process), with fake compilers
// (CEEDRT_JIT_CXX pointing at a shell script) or a cache folder that cannot be used, and checks the documented
// outcome (docs/backends.md, "/cpu/self/gen" and "Kernel cache"), that the error message names the problem, that the
// operator and the context are still usable or destroyable, that /cpu/self/ref/serial keeps working in the same
// process, and (AddressSanitizer builds) that nothing leaked:
//  - a compiler that exits 1: CEED_ERROR_BACKEND with its output; nothing recorded in the cache (a broken
//    compiler says nothing about the QFunction source), and the same operator compiles once the compiler works;
//  - a compiler that exits 0 but writes a file that is not a library, or a truncated one: CEED_ERROR_BACKEND
//    naming the loader's reason, the entry removed; an unloadable entry found in the cache is rebuilt;
//  - a compiler that disappears during a session: kernels already built keep working, a new one fails with
//    "cannot run"; a compiler name not found in PATH fails CeedInit of /cpu/self/gen and /cpu/self falls back;
//  - a cache folder that cannot be written (mode 0500 as a user, a read-only mount as root): refused with
//    the reason, kernels built in the private folder, results right;
//  - a full disk (RLIMIT_FSIZE, and a 64 KiB tmpfs where mounts are allowed): an error naming it, no temporary
//    file left, and the operator applies once there is room; a size bound of one byte (CEEDRT_CACHE_MAX_SIZE);
//  - the cache folder deleted between processes and during a session: made again.
#include <ceed.h>
#include <ceed/backend.h>
#include <gtest/gtest.h>
#include <sched.h>
#include <signal.h>
#include <sys/mount.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

#include "test-problems.hpp"

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/lsan_interface.h>
#define CEEDRT_TEST_LEAK_CHECK 1
#endif

#ifndef CEEDRT_TEST_CXX
#error "CEEDRT_TEST_CXX (the C++ compiler the JIT uses by default) must be defined"
#endif

namespace fs = std::filesystem;

namespace {

// ---- Set-up --------------------------------------------------------------------------------------------------

// A temporary folder, removed with everything in it.
struct Scratch {
  std::string dir;
  Scratch() {
    char pattern[] = "/tmp/ceedrt-fault-jit-XXXXXX";
    EXPECT_NE(mkdtemp(pattern), nullptr);
    dir = pattern;
  }
  ~Scratch() {
    std::error_code ec;
    for (const auto &entry : fs::recursive_directory_iterator(dir, ec)) chmod(entry.path().c_str(), 0700);
    chmod(dir.c_str(), 0700);
    fs::remove_all(dir, ec);
  }
  std::string operator/(const std::string &name) const { return dir + "/" + name; }
};

// A compiler script: answers --version like a compiler (its first line names it in the kernels' keys), and runs
// body for a compile ("$@" are the compiler's arguments, $out the -o file).
void WriteCompiler(const std::string &path, const std::string &body) {
  const std::string tmp = path + ".new";  // replaced atomically: a running shell never reads a half-written script
  {
    std::ofstream script(tmp);
    script << "#!/bin/sh\n"
              "if [ \"$1\" = --version ]; then echo 'ceedrt-test fake compiler 1.0'; exit 0; fi\n"
              "out=\n"
              "prev=\n"
              "for a in \"$@\"; do [ \"$prev\" = -o ] && out=$a; prev=$a; done\n"
           << body << "\n";
  }
  chmod(tmp.c_str(), 0755);
  rename(tmp.c_str(), path.c_str());
}

const std::string kRealCompiler = std::string("exec ") + CEEDRT_TEST_CXX + " \"$@\"";

std::vector<std::string> Files(const std::string &dir, const std::string &extension = "") {
  std::vector<std::string> names;
  std::error_code          ec;
  for (const auto &entry : fs::directory_iterator(dir, ec)) {
    if (extension.empty() || entry.path().extension() == extension) names.push_back(entry.path().filename().string());
  }
  return names;
}

bool HasTemporaryFiles(const std::string &dir) {
  for (const std::string &name : Files(dir)) {
    if (name.find(".tmp-") != std::string::npos) return true;
  }
  return false;
}

// Runs body in a child process and fails the test if the child's checks failed, it crashed or (AddressSanitizer)
// leaked. Returns the child's exit status: 0, or 77 when it skipped (GTEST_SKIP in body).
int InChild(const std::function<void()> &body) {
  std::fflush(stdout);
  const pid_t pid = fork();
  if (pid == 0) {
    body();
    int code = ::testing::Test::HasFailure() ? 1 : ::testing::Test::IsSkipped() ? 77 : 0;
#ifdef CEEDRT_TEST_LEAK_CHECK
    if (__lsan_do_recoverable_leak_check()) code = 2;
#endif
    std::fflush(stdout);
    _exit(code);
  }
  int status = 0;
  EXPECT_EQ(waitpid(pid, &status, 0), pid);
  EXPECT_TRUE(WIFEXITED(status)) << "the child was killed by signal " << WTERMSIG(status);
  const int code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  EXPECT_NE(code, 1) << "checks failed in the child (above)";
  EXPECT_NE(code, 2) << "LeakSanitizer found leaks in the child (above)";
  return code;
}

// Prints what a fault gave (the test log then shows each case's observed message).
void Observed(const char *fault, const std::string &message) {
  std::string line = message.substr(0, 400);
  for (char &c : line) c = c == '\n' ? ' ' : c;
  std::printf("[ observed ] %s: %s\n", fault, line.c_str());
  std::fflush(stdout);
}

std::string ErrorMessage(Ceed ceed) {
  const char *msg = nullptr;
  CeedGetErrorMessage(ceed, &msg);
  std::string text = msg ? msg : "";
  CeedResetErrorMessage(ceed, &msg);
  return text;
}

// ---- The operators ------------------------------------------------------------------------------------------

// A 1D mass operator (P nodes, P quadrature points, three elements, unit quadrature data): every kernel it needs
// is one fused kernel, and each P gives its own.
struct Mass {
  Objects                 o;
  CeedOperator            op = nullptr;
  CeedVector              u = nullptr, v = nullptr;
  Mass(Ceed ceed, CeedInt P) {
    o.ceed = ceed;
    Box                 box(1, P, {3});
    CeedElemRestriction rstr_u = o.Offsets(box.num_elem, box.elem_size, 1, 1, box.num_nodes, box.Offsets(1));
    CeedBasis           basis  = o.Tensor(1, 1, P, P, CEED_GAUSS);
    CeedElemRestriction rstr_q = o.Strided(box.num_elem, P, 1, CEED_STRIDES_BACKEND);
    CeedVector          q_data = o.Vector((CeedSize)box.num_elem * P, [](CeedSize) { return 1.0; });
    op = o.Operator(o.Gallery("MassApply"), {{"u", rstr_u, basis, CEED_VECTOR_ACTIVE}, {"qdata", rstr_q, CEED_BASIS_NONE, q_data},
                                             {"v", rstr_u, basis, CEED_VECTOR_ACTIVE}});
    u  = o.Vector(box.num_nodes, TestFunction);
    v  = o.Vector(box.num_nodes, [](CeedSize) { return 0.0; });
  }
  int Apply() { return CeedOperatorApply(op, u, v, CEED_REQUEST_IMMEDIATE); }
  std::vector<CeedScalar> Result() { return Values(v); }
};

// The result of the mass operator of degree P on /cpu/self/ref/serial (which needs no compiler), computed in the
// calling process: it also shows that the other backends keep working after a fault.
std::vector<CeedScalar> Reference(CeedInt P) {
  Ceed ceed = nullptr;
  EXPECT_EQ(CeedInit("/cpu/self/ref/serial", &ceed), 0);
  std::vector<CeedScalar> out;
  {
    Mass mass(ceed, P);
    EXPECT_EQ(mass.Apply(), 0) << ErrorMessage(ceed);
    out = mass.Result();
  }
  EXPECT_EQ(CeedDestroy(&ceed), 0);
  return out;
}

// Applies the mass operator of degree P on a new /cpu/self/gen context: 0 and the right result, or the error code
// with its message.
int ApplyOnGen(CeedInt P, std::string *message = nullptr) {
  Ceed ceed = nullptr;
  EXPECT_EQ(CeedInit("/cpu/self/gen", &ceed), 0) << ErrorMessage(NULL);
  if (!ceed) return -1;
  int ierr = 0;
  {
    Mass mass(ceed, P);
    ierr = mass.Apply();
    if (ierr && message) *message = ErrorMessage(ceed);
    if (!ierr) {
      EXPECT_LE(RelativeDifference(mass.Result(), Reference(P)), 1e-12);
    }
  }
  EXPECT_EQ(CeedDestroy(&ceed), 0);
  return ierr;
}

class FaultJit : public ::testing::Test {
 protected:
  void SetUp() override {
    setenv("CEED_ERROR_HANDLER", "store", 1);
    unsetenv("CEEDRT_CACHE");
    unsetenv("CEEDRT_CACHE_MAX_SIZE");
    unsetenv("CEEDRT_JIT_CXX");
    unsetenv("CEEDRT_JIT_CXXFLAGS");
    setenv("CEEDRT_CACHE_DIR", (scratch / "cache").c_str(), 1);
    setenv("TMPDIR", scratch.dir.c_str(), 1);  // private kernel folders of children that do not run atexit
  }
  void TearDown() override {
    unsetenv("CEEDRT_CACHE_DIR");
    unsetenv("CEEDRT_JIT_CXX");
    unsetenv("CEEDRT_CACHE_MAX_SIZE");
    unsetenv("TMPDIR");
    setenv("PATH", path.c_str(), 1);
  }
  std::string Cache() const { return scratch / "cache"; }
  Scratch     scratch;
  std::string path = std::getenv("PATH") ? std::getenv("PATH") : "/usr/bin:/bin";
};

// ---- Compilers ------------------------------------------------------------------------------------------------

TEST_F(FaultJit, CompilerExitingWithOneFailsTheApplicationAndRecordsNothing) {
  const std::string compiler = scratch / "c++";
  WriteCompiler(compiler, "echo 'fake compiler: refusing to compile on purpose' >&2; exit 1");
  setenv("CEEDRT_JIT_CXX", compiler.c_str(), 1);
  InChild([&] {
    Ceed ceed = nullptr;
    ASSERT_EQ(CeedInit("/cpu/self/gen", &ceed), 0) << ErrorMessage(NULL);
    {
      Mass mass(ceed, 2);
      EXPECT_EQ(mass.Apply(), CEED_ERROR_BACKEND);
      const std::string message = ErrorMessage(ceed);
      Observed("compiler exits 1", message);
      for (const char *expected : {"Compiling a /cpu/self/gen kernel failed (exit status 1)", "refusing to compile on purpose", "Source kept at",
                                   compiler.c_str()}) {
        EXPECT_NE(message.find(expected), std::string::npos) << "missing \"" << expected << "\" in: " << message;
      }
      EXPECT_TRUE(Files(Cache(), ".failed").empty()) << "a failing compiler must not mark the QFunction source as uncompilable";
      EXPECT_TRUE(Files(Cache(), ".so").empty());
      EXPECT_FALSE(HasTemporaryFiles(Cache()));
      // Other backends keep working; then the compiler works again and the same operator applies.
      EXPECT_FALSE(Reference(2).empty());
      WriteCompiler(compiler, kRealCompiler);
      EXPECT_EQ(mass.Apply(), 0) << ErrorMessage(ceed);
      EXPECT_LE(RelativeDifference(mass.Result(), Reference(2)), 1e-12);
      EXPECT_TRUE(Files(Cache(), ".failed").empty());
      EXPECT_EQ(Files(Cache(), ".so").size(), 1u) << "the fused kernel with the QFunction's source";
    }
    EXPECT_EQ(CeedDestroy(&ceed), 0);
  });
}

TEST_F(FaultJit, CompilerWritingACorruptLibraryFailsAndLeavesNoEntry) {
  const std::string compiler = scratch / "c++";
  setenv("CEEDRT_JIT_CXX", compiler.c_str(), 1);
  // Not a library at all, then a real library cut after its first 2000 bytes.
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"echo 'this is not an ELF file' > \"$out\"; exit 0", "not a loadable kernel"},
      {std::string(CEEDRT_TEST_CXX) + " \"$@\" || exit 1; head -c 2000 \"$out\" > \"$out.cut\" && mv \"$out.cut\" \"$out\"; exit 0",
       "not a loadable kernel"},
  };
  for (const auto &[body, expected] : cases) {
    SCOPED_TRACE(body);
    WriteCompiler(compiler, body);
    InChild([&] {
      Ceed ceed = nullptr;
      ASSERT_EQ(CeedInit("/cpu/self/gen", &ceed), 0) << ErrorMessage(NULL);
      {
        Mass mass(ceed, 2);
        EXPECT_EQ(mass.Apply(), CEED_ERROR_BACKEND);
        const std::string message = ErrorMessage(ceed);
        Observed("compiler writes a corrupt library", message);
        EXPECT_NE(message.find(expected), std::string::npos) << message;
        EXPECT_NE(message.find("cannot be loaded"), std::string::npos) << "the loader's reason: " << message;
        EXPECT_TRUE(Files(Cache(), ".so").empty()) << "the unloadable entry is removed";
        EXPECT_FALSE(HasTemporaryFiles(Cache()));
        EXPECT_FALSE(Reference(2).empty());
        WriteCompiler(compiler, kRealCompiler);
        EXPECT_EQ(mass.Apply(), 0) << ErrorMessage(ceed);
        EXPECT_LE(RelativeDifference(mass.Result(), Reference(2)), 1e-12);
      }
      EXPECT_EQ(CeedDestroy(&ceed), 0);
    });
    fs::remove_all(Cache());
  }
}

TEST_F(FaultJit, UnloadableEntryInTheCacheIsRebuilt) {
  InChild([&] { EXPECT_EQ(ApplyOnGen(2), 0); });
  const std::vector<std::string> entries = Files(Cache(), ".so");
  ASSERT_EQ(entries.size(), 1u);
  // The entry's bytes replaced by garbage with a valid checksum (as an older, broken compiler would have left).
  InChild([&] {
    Ceed ceed = nullptr;
    ASSERT_EQ(CeedInit("/cpu/self/ref/serial", &ceed), 0);
    const std::string key = entries[0].substr(0, entries[0].find('.')), garbage = "garbage, not a shared object";
    EXPECT_EQ(CeedKernelCacheStoreBytes(ceed, key.c_str(), "so", garbage.data(), garbage.size(), nullptr), 0) << ErrorMessage(ceed);
    EXPECT_EQ(CeedDestroy(&ceed), 0);
  });
  InChild([&] {
    EXPECT_EQ(ApplyOnGen(2), 0);
    CeedKernelCacheStats stats{};
    EXPECT_EQ(CeedKernelCacheGetStats(&stats), 0);
    EXPECT_GE(stats.stores, 1u) << "rebuilt and stored";
  });
  InChild([&] {
    EXPECT_EQ(ApplyOnGen(2), 0);
    CeedKernelCacheStats stats{};
    EXPECT_EQ(CeedKernelCacheGetStats(&stats), 0);
    EXPECT_EQ(stats.misses, 0u) << "the rebuilt entry is used";
  });
}

TEST_F(FaultJit, CompilerDisappearingDuringASession) {
  const std::string compiler = scratch / "c++";
  WriteCompiler(compiler, kRealCompiler);
  setenv("CEEDRT_JIT_CXX", compiler.c_str(), 1);
  InChild([&] {
    Ceed ceed = nullptr;
    ASSERT_EQ(CeedInit("/cpu/self/gen", &ceed), 0) << ErrorMessage(NULL);
    {
      Mass built(ceed, 2);
      EXPECT_EQ(built.Apply(), 0) << ErrorMessage(ceed);
      unlink(compiler.c_str());
      Mass same(ceed, 2), other(ceed, 3);
      EXPECT_EQ(same.Apply(), 0) << "a kernel built before needs no compiler: " << ErrorMessage(ceed);
      EXPECT_LE(RelativeDifference(same.Result(), Reference(2)), 1e-12);
      EXPECT_EQ(other.Apply(), CEED_ERROR_BACKEND);
      const std::string message = ErrorMessage(ceed);
      Observed("compiler removed during the session", message);
      EXPECT_NE(message.find("cannot run " + compiler), std::string::npos) << message;
      EXPECT_NE(message.find("No such file or directory"), std::string::npos) << message;
      EXPECT_FALSE(HasTemporaryFiles(Cache()));
      EXPECT_FALSE(Reference(3).empty());
      WriteCompiler(compiler, kRealCompiler);
      EXPECT_EQ(other.Apply(), 0) << ErrorMessage(ceed);
      EXPECT_LE(RelativeDifference(other.Result(), Reference(3)), 1e-12);
    }
    EXPECT_EQ(CeedDestroy(&ceed), 0);
  });
}

TEST_F(FaultJit, CompilerNotInPathFailsGenAndCpuSelfFallsBack) {
  setenv("CEEDRT_JIT_CXX", "ceedrt-test-c++", 1);  // a name searched in PATH
  setenv("PATH", "/nonexistent/ceedrt-test", 1);
  InChild([&] {
    Ceed ceed = nullptr;
    EXPECT_EQ(CeedInit("/cpu/self/gen", &ceed), CEED_ERROR_UNSUPPORTED);
    const std::string message = ErrorMessage(NULL);
    Observed("compiler not in PATH", message);
    for (const char *expected : {"'ceedrt-test-c++ --version' does not run", "No such file or directory", "CEEDRT_JIT_CXX"}) {
      EXPECT_NE(message.find(expected), std::string::npos) << "missing \"" << expected << "\" in: " << message;
    }
    ASSERT_EQ(CeedInit("/cpu/self", &ceed), 0) << ErrorMessage(NULL);
    const char *resource = nullptr;
    CeedGetResource(ceed, &resource);
    EXPECT_STREQ(resource, "/cpu/self/ref/serial");
    {
      Mass mass(ceed, 2);
      EXPECT_EQ(mass.Apply(), 0) << ErrorMessage(ceed);
    }
    EXPECT_EQ(CeedDestroy(&ceed), 0);
  });
}

// ---- The cache folder -----------------------------------------------------------------------------------------

// Makes path a mount of its own in a new mount namespace of this (child) process: a tmpfs with the given options.
// Returns why not, or "" when done.
std::string MountTmpfs(const std::string &path, unsigned long flags, const char *options) {
  if (unshare(CLONE_NEWNS) != 0) return std::string("unshare(CLONE_NEWNS): ") + std::strerror(errno);
  if (mount("none", "/", nullptr, MS_REC | MS_PRIVATE, nullptr) != 0) return std::string("mount --make-rprivate /: ") + std::strerror(errno);
  if (mount("tmpfs", path.c_str(), "tmpfs", flags, options) != 0) return std::string("mount tmpfs: ") + std::strerror(errno);
  return "";
}

TEST_F(FaultJit, UnwritableCacheFolderIsRefusedAndKernelsStillBuild) {
  ASSERT_EQ(mkdir(Cache().c_str(), 0700), 0);
  const int status = InChild([&] {
    std::string how = "mode 0500";
    ASSERT_EQ(chmod(Cache().c_str(), 0500), 0);
    if (access(Cache().c_str(), W_OK) == 0) {  // root: the mode does not stop it, a read-only mount does
      const std::string why_not = MountTmpfs(Cache(), MS_RDONLY, "mode=0700");
      if (!why_not.empty()) GTEST_SKIP() << "running as root, where mode 0500 does not stop writes, and no read-only mount can be made here (" << why_not << ")";
      how = "a read-only mount";
    }
    SCOPED_TRACE(how);
    EXPECT_EQ(ApplyOnGen(2), 0);
    EXPECT_TRUE(Files(Cache()).empty()) << "nothing is written there";
    Ceed ceed = nullptr;
    ASSERT_EQ(CeedInit("/cpu/self/ref/serial", &ceed), 0);
    char *refused = nullptr, *reason = nullptr;
    EXPECT_EQ(CeedKernelCacheGetRefusedDirectory(ceed, &refused, &reason), 0);
    EXPECT_STREQ(refused ? refused : "", Cache().c_str());
    EXPECT_NE(std::string(reason ? reason : "").find("not writable"), std::string::npos) << (reason ? reason : "(no reason)");
    Observed(("cache folder not writable (" + how + ")").c_str(), std::string("refused: ") + (reason ? reason : ""));
    CeedFree(&refused);
    CeedFree(&reason);
    EXPECT_EQ(CeedDestroy(&ceed), 0);
  });
  if (status == 77) GTEST_SKIP() << "see the child's message above";
}

TEST_F(FaultJit, FullDiskFailsWithItsReasonAndTheOperatorAppliesOnceThereIsRoom) {
  InChild([&] {
    // Files of at most 4 KiB for this process and its compiler (the signal ignored, writes fail with EFBIG).
    signal(SIGXFSZ, SIG_IGN);
    struct rlimit saved {};
    getrlimit(RLIMIT_FSIZE, &saved);
    struct rlimit small = saved;
    small.rlim_cur      = 4096;
    ASSERT_EQ(setrlimit(RLIMIT_FSIZE, &small), 0);
    Ceed ceed = nullptr;
    ASSERT_EQ(CeedInit("/cpu/self/gen", &ceed), 0) << ErrorMessage(NULL);
    {
      Mass mass(ceed, 2);
      const int ierr = mass.Apply();
      EXPECT_NE(ierr, 0);
      const std::string message = ErrorMessage(ceed);
      Observed(("files limited to 4 KiB (RLIMIT_FSIZE), error " + std::to_string(ierr)).c_str(), message);
      EXPECT_NE(message.find("File too large"), std::string::npos) << message;
      EXPECT_FALSE(HasTemporaryFiles(Cache()));
      EXPECT_TRUE(Files(Cache(), ".so").empty());
      ASSERT_EQ(setrlimit(RLIMIT_FSIZE, &saved), 0);
      EXPECT_FALSE(Reference(2).empty());
      EXPECT_EQ(mass.Apply(), 0) << ErrorMessage(ceed);
      EXPECT_LE(RelativeDifference(mass.Result(), Reference(2)), 1e-12);
    }
    EXPECT_EQ(CeedDestroy(&ceed), 0);
  });
  // A 64 KiB file system, where mounts can be made: no space left for the source or the library.
  const std::string small = scratch / "small";
  ASSERT_EQ(mkdir(small.c_str(), 0700), 0);
  const int status = InChild([&] {
    const std::string why_not = MountTmpfs(small, 0, "size=64k,mode=0700");
    if (!why_not.empty()) GTEST_SKIP() << "no tmpfs can be mounted here (" << why_not << "); the RLIMIT_FSIZE case ran";
    setenv("CEEDRT_CACHE_DIR", small.c_str(), 1);
    Ceed ceed = nullptr;
    ASSERT_EQ(CeedInit("/cpu/self/gen", &ceed), 0) << ErrorMessage(NULL);
    {
      Mass mass(ceed, 4);
      EXPECT_NE(mass.Apply(), 0);
      const std::string message = ErrorMessage(ceed);
      Observed("cache on a full 64 KiB tmpfs", message);
      EXPECT_NE(message.find("No space left on device"), std::string::npos) << message;
      EXPECT_FALSE(HasTemporaryFiles(small));
      EXPECT_FALSE(Reference(4).empty());
      setenv("CEEDRT_CACHE_DIR", Cache().c_str(), 1);  // room elsewhere
      EXPECT_EQ(mass.Apply(), 0) << ErrorMessage(ceed);
      EXPECT_LE(RelativeDifference(mass.Result(), Reference(4)), 1e-12);
    }
    EXPECT_EQ(CeedDestroy(&ceed), 0);
  });
  if (status == 77) GTEST_SKIP() << "see the child's message above";
}

TEST_F(FaultJit, CacheBoundOfOneByteKeepsOnlyTheLastKernel) {
  setenv("CEEDRT_CACHE_MAX_SIZE", "1", 1);
  InChild([&] {
    EXPECT_EQ(ApplyOnGen(2), 0);
    EXPECT_EQ(ApplyOnGen(3), 0);
  });
  // Every store evicts all other keys: the folder holds the files of one key (the last kernel's).
  std::vector<std::string> keys;
  for (const std::string &name : Files(Cache())) {
    const std::string key = name.substr(0, name.find('.'));
    if (std::find(keys.begin(), keys.end(), key) == keys.end()) keys.push_back(key);
  }
  EXPECT_EQ(keys.size(), 1u);
  EXPECT_EQ(Files(Cache(), ".so").size(), 1u);
  InChild([&] {
    EXPECT_EQ(ApplyOnGen(2), 0);  // evicted: built again
    CeedKernelCacheStats stats{};
    EXPECT_EQ(CeedKernelCacheGetStats(&stats), 0);
    EXPECT_GE(stats.misses, 1u);
  });
  unsetenv("CEEDRT_CACHE_MAX_SIZE");
}

TEST_F(FaultJit, CacheFolderDeletedBetweenAndDuringRunsIsMadeAgain) {
  InChild([&] { EXPECT_EQ(ApplyOnGen(2), 0); });
  ASSERT_FALSE(Files(Cache(), ".so").empty());
  fs::remove_all(Cache());
  InChild([&] {
    EXPECT_EQ(ApplyOnGen(2), 0);
    CeedKernelCacheStats stats{};
    EXPECT_EQ(CeedKernelCacheGetStats(&stats), 0);
    EXPECT_GE(stats.stores, 1u);
  });
  struct stat st {};
  ASSERT_EQ(stat(Cache().c_str(), &st), 0) << "the folder is made again";
  EXPECT_EQ(st.st_mode & 0777, 0700u);
  EXPECT_EQ(Files(Cache(), ".so").size(), 1u);
  InChild([&] {
    Ceed ceed = nullptr;
    ASSERT_EQ(CeedInit("/cpu/self/gen", &ceed), 0);
    {
      Mass before(ceed, 2);
      EXPECT_EQ(before.Apply(), 0) << ErrorMessage(ceed);
      fs::remove_all(Cache());  // during the session
      Mass after(ceed, 3);
      EXPECT_EQ(after.Apply(), 0) << ErrorMessage(ceed);
      EXPECT_LE(RelativeDifference(after.Result(), Reference(3)), 1e-12);
      EXPECT_EQ(before.Apply(), 0) << "loaded kernels do not need their files: " << ErrorMessage(ceed);
    }
    EXPECT_EQ(CeedDestroy(&ceed), 0);
  });
  EXPECT_EQ(Files(Cache(), ".so").size(), 1u);
}

}  // namespace
