// /cpu/self/gen: the workers of a context with threads=N (see cpu-gen-threads.hpp).
#include "cpu-gen-threads.hpp"

#include <unistd.h>

#include <chrono>
#include <system_error>

namespace ceed::cpu_gen {

ThreadPool::~ThreadPool() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stop_.store(true);
  }
  wake_.notify_all();
  for (std::thread &w : workers_) w.join();
}

void ThreadPool::Dispose(std::unique_ptr<ThreadPool> pool) {
  if (pool && pool->started_ && pool->owner_ != getpid()) {
    static std::mutex                mutex;
    static std::vector<ThreadPool *> *kept = new std::vector<ThreadPool *>();
    std::lock_guard<std::mutex>      lock(mutex);
    kept->push_back(pool.release());
  }
}

void ThreadPool::Start() {
  started_ = true;
  owner_   = getpid();
  workers_.reserve(threads_ - 1);
  try {
    for (int t = 1; t < threads_; t++) workers_.emplace_back(&ThreadPool::Work, this, t);
  } catch (const std::system_error &) {
    // Fewer workers than asked: the applications stand in for the others.
  }
}

void ThreadPool::Work(int t) {
  using Clock   = std::chrono::steady_clock;
  unsigned seen = 0;
  for (;;) {
    // The next application usually comes within a fraction of a millisecond (an iterative solver's vector
    // operations in between): polled for first, slept for after.
    const Clock::time_point until = Clock::now() + std::chrono::microseconds(200);
    for (int i = 0; generation_.load(std::memory_order_acquire) == seen && !stop_.load(std::memory_order_relaxed); i++) {
      if (i % 64 == 63 && Clock::now() > until) break;
    }
    if (generation_.load(std::memory_order_acquire) == seen) {
      std::unique_lock<std::mutex> lock(mutex_);
      wake_.wait(lock, [&] { return stop_.load() || generation_.load() != seen; });
    }
    if (stop_.load()) return;
    seen = generation_.load(std::memory_order_acquire);
    (*job_)(t);
    pending_.fetch_sub(1, std::memory_order_release);
  }
}

ThreadPool::Session::Session(ThreadPool *pool) : pool_(pool), hold_(pool->session_mutex_, std::try_to_lock) {
  if (!hold_.owns_lock()) return;  // another thread is applying with the workers
  if (!pool_->started_) pool_->Start();
  if (pool_->owner_ == getpid()) workers_ = (int)pool_->workers_.size();
}

void ThreadPool::Session::Run(const std::function<void(int)> &job) {
  if (workers_ > 0) {
    pool_->job_ = &job;
    pool_->pending_.store(workers_, std::memory_order_relaxed);
    {
      // Under the lock: a worker deciding to sleep checks the generation under it too, and cannot miss this.
      std::lock_guard<std::mutex> lock(pool_->mutex_);
      pool_->generation_.fetch_add(1, std::memory_order_release);
    }
    pool_->wake_.notify_all();
  }
  job(0);
  while (pool_->pending_.load(std::memory_order_acquire) > 0) std::this_thread::yield();
}

void Barrier::Wait() {
  std::unique_lock<std::mutex> lock(mutex_);
  const unsigned               generation = generation_;
  if (++waiting_ == count_) {
    waiting_ = 0;
    generation_++;
    cv_.notify_all();
  } else {
    cv_.wait(lock, [&] { return generation != generation_; });
  }
}

}  // namespace ceed::cpu_gen
