// /cpu/self/gen with threads=N: the workers of a context, kept from one application to the next, and the
// barrier that separates the phases of a threaded application.
#pragma once

#include <atomic>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include <sys/types.h>

namespace ceed::cpu_gen {

// N - 1 worker threads, started by the first threaded application of the context and joined when it is
// destroyed: starting threads at every application cost 0.24 ms of a 7.9 ms BP3 application on two cores
// (a VM), and grows with N. An application holds the pool for its duration (Session); one that finds it held
// by another user thread applying at the same time gets no workers and runs on its own thread. Threads the
// system refuses to start, and the workers of a parent process in a forked child, are simply not there: the
// application stands in for them. Between applications a worker keeps polling for the next one for 0.2 ms
// before it sleeps, and the application polls for its workers' end instead of sleeping: on two cores that
// made BP3/BP5 p = 4 at 10^5 DOFs 8-11% faster than workers that sleep (docs/cpu-gen-performance.md).
class ThreadPool {
 public:
  explicit ThreadPool(int threads) : threads_(threads) {}
  ~ThreadPool();
  ThreadPool(const ThreadPool &)            = delete;
  ThreadPool &operator=(const ThreadPool &) = delete;
  // Destroys pool, except in a process forked after its workers started: there its condition variables still
  // count the parent's waiting workers, which do not exist in the child, and destroying or signalling them
  // would wait for those forever (glibc). Such a pool is kept, unused, until the child exits.
  static void Dispose(std::unique_ptr<ThreadPool> pool);

  class Session {
   public:
    explicit Session(ThreadPool *pool);
    // Workers running job(t) for t = 1..Workers() in Run; the caller runs job(0).
    int  Workers() const { return workers_; }
    void Run(const std::function<void(int)> &job);

   private:
    ThreadPool                  *pool_;
    std::unique_lock<std::mutex> hold_;
    int                          workers_ = 0;
  };

 private:
  void Start();
  void Work(int t);

  const int                         threads_;
  std::mutex                        session_mutex_;  // held by the application using the workers
  std::mutex                        mutex_;
  std::condition_variable           wake_;
  std::vector<std::thread>          workers_;
  pid_t                             owner_   = 0;  // the process that started the workers
  bool                              started_ = false;
  std::atomic<bool>                 stop_{false};
  std::atomic<unsigned>             generation_{0};  // applications published to the workers
  std::atomic<int>                  pending_{0};     // workers still running the current one
  const std::function<void(int)>   *job_        = nullptr;
};

// Threads wait for each other between the phases of a threaded application.
class Barrier {
 public:
  explicit Barrier(int count) : count_(count) {}
  void Wait();

 private:
  std::mutex              mutex_;
  std::condition_variable cv_;
  int                     count_;
  int                     waiting_    = 0;
  unsigned                generation_ = 0;
};

}  // namespace ceed::cpu_gen
