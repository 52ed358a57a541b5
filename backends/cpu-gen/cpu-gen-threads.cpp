// /cpu/self/gen: the workers of a context with threads=N (see cpu-gen-threads.hpp).
#include "cpu-gen-threads.hpp"

#include <unistd.h>

#include <system_error>

namespace ceed_cpu_gen {

ThreadPool::~ThreadPool() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stop_ = true;
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
  unsigned seen = 0;
  for (;;) {
    std::unique_lock<std::mutex> lock(mutex_);
    wake_.wait(lock, [&] { return stop_ || generation_ != seen; });
    if (stop_) return;
    seen                                  = generation_;
    const std::function<void(int)> *job = job_;
    lock.unlock();
    (*job)(t);
    lock.lock();
    if (--pending_ == 0) done_.notify_one();
  }
}

ThreadPool::Session::Session(ThreadPool *pool) : pool_(pool), hold_(pool->session_mutex_, std::try_to_lock) {
  if (!hold_.owns_lock()) return;  // another thread is applying with the workers
  if (!pool_->started_) pool_->Start();
  if (pool_->owner_ == getpid()) workers_ = (int)pool_->workers_.size();
}

void ThreadPool::Session::Run(const std::function<void(int)> &job) {
  if (workers_ > 0) {
    {
      std::lock_guard<std::mutex> lock(pool_->mutex_);
      pool_->job_     = &job;
      pool_->pending_ = workers_;
      pool_->generation_++;
    }
    pool_->wake_.notify_all();
  }
  job(0);
  if (workers_ > 0) {
    std::unique_lock<std::mutex> lock(pool_->mutex_);
    pool_->done_.wait(lock, [&] { return pool_->pending_ == 0; });
  }
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

}  // namespace ceed_cpu_gen
