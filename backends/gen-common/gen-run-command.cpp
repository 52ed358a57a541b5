// Running the host compiler (shared by /cpu/self/gen and the /gpu/emu test backend).
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <new>

#include "ceed-gen.hpp"

extern char **environ;

namespace ceed::gen {

// Runs argv (searched in PATH), collecting stdout and stderr together.
// Everything that can throw (allocations) happens before the pipe is made or after the child was waited for, so
// that no descriptor, spawn attribute or child is left behind.
bool RunCommand(const std::vector<std::string> &argv, std::string *output, int *exit_status) {
  output->clear();
  *exit_status = -1;
  std::vector<char *> args;
  for (const std::string &a : argv) args.push_back(const_cast<char *>(a.c_str()));
  args.push_back(nullptr);
  std::string collected;
  collected.reserve(1 << 16);
  int fds[2];
  if (pipe(fds) != 0) {
    *output = std::string("cannot run ") + argv[0] + ": pipe: " + std::strerror(errno);
    return false;
  }
  posix_spawn_file_actions_t actions;
  int                        err = posix_spawn_file_actions_init(&actions);
  pid_t                      pid = 0;
  if (!err) {
    err = posix_spawn_file_actions_adddup2(&actions, fds[1], 1);
    if (!err) err = posix_spawn_file_actions_adddup2(&actions, fds[1], 2);
    if (!err) err = posix_spawn_file_actions_addclose(&actions, fds[0]);
    if (!err) err = posix_spawn_file_actions_addclose(&actions, fds[1]);
    if (!err) err = posix_spawnp(&pid, args[0], &actions, nullptr, args.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
  }
  close(fds[1]);
  bool lost_output = false;  // beyond what could be kept in memory: drained, not kept
  if (err == 0) {
    char    buf[4096];
    ssize_t n;
    while ((n = read(fds[0], buf, sizeof(buf))) != 0) {
      if (n < 0 && errno == EINTR) continue;
      if (n < 0) break;
      if (lost_output) continue;
      try {
        collected.append(buf, (size_t)n);
      } catch (const std::bad_alloc &) {
        lost_output = true;
      }
    }
  }
  close(fds[0]);
  int status = 0;
  while (err == 0 && waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) {
      *output = std::string("cannot wait for ") + argv[0] + ": " + std::strerror(errno);
      return false;
    }
  }
  if (err != 0) {
    *output = std::string("cannot run ") + argv[0] + ": " + std::strerror(err);
    return false;
  }
  *output = std::move(collected);
  if (lost_output) *output += "\n[output truncated: out of memory]";
  *exit_status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
  return true;
}

}  // namespace ceed::gen
