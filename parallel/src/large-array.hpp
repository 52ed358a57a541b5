// Large host arrays on transparent huge pages. A fresh 4 KiB page costs a fault on first touch, and in a
// virtual machine those faults, not the memory traffic, dominate filling arrays of tens of megabytes (the LOR
// matrix's columns, values and scatter positions): 2 MiB pages take 512 times fewer faults.
#pragma once

#include <sys/mman.h>

#include <cstddef>
#include <algorithm>
#include <new>
#include <type_traits>
#include <utility>
#include <vector>

namespace ceedrt {
namespace parallel {
namespace lor {

/// std::allocator for small arrays; arrays of 4 MiB or more are mapped on their own (rounded up to whole
/// 2 MiB pages; the kernel backs the 2 MiB-aligned parts of the mapping with huge pages) and marked for huge
/// pages (a hint: without them the kernel uses small pages).
template <typename T>
struct HugePageAllocator {
  using value_type = T;
  static constexpr std::size_t huge_page = std::size_t(2) << 20, threshold = std::size_t(4) << 20;

  HugePageAllocator() = default;
  template <typename U>
  HugePageAllocator(const HugePageAllocator<U> &) {}

  T *allocate(std::size_t n) {
    const std::size_t bytes = n * sizeof(T);
    if (bytes < threshold) return std::allocator<T>().allocate(n);
    void *p = mmap(nullptr, Rounded(bytes), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) throw std::bad_alloc();
    madvise(p, Rounded(bytes), MADV_HUGEPAGE);
    return static_cast<T *>(p);
  }
  void deallocate(T *p, std::size_t n) {
    const std::size_t bytes = n * sizeof(T);
    if (bytes < threshold) return std::allocator<T>().deallocate(p, n);
    munmap(p, Rounded(bytes));
  }
  static std::size_t Rounded(std::size_t bytes) { return (bytes + huge_page - 1) / huge_page * huge_page; }
  // Elements are default-initialized (resize leaves numbers unset: the callers write them all, or use
  // assign or Zeros), so that no pass touches the pages before their first real use.
  template <typename U>
  void construct(U *p) {
    ::new (static_cast<void *>(p)) U;
  }
  template <typename U, typename... Args>
  void construct(U *p, Args &&...args) {
    ::new (static_cast<void *>(p)) U(std::forward<Args>(args)...);
  }
};
template <typename T, typename U>
bool operator==(const HugePageAllocator<T> &, const HugePageAllocator<U> &) { return true; }
template <typename T, typename U>
bool operator!=(const HugePageAllocator<T> &, const HugePageAllocator<U> &) { return false; }

/// A vector of a large array.
template <typename T>
using LargeArray = std::vector<T, HugePageAllocator<T>>;

/// n zeros of an arithmetic type. A mapped array is zero already (fresh anonymous memory), so its pages are
/// first touched where the numbers are first used, not by a filling pass.
template <typename T>
LargeArray<T> Zeros(std::size_t n) {
  static_assert(std::is_arithmetic<T>::value, "Zeros: numbers only");
  LargeArray<T> zeros;
  zeros.resize(n);  // from empty: exactly n elements
  if (n * sizeof(T) < HugePageAllocator<T>::threshold) std::fill(zeros.begin(), zeros.end(), T{});
  return zeros;
}

}  // namespace lor
}  // namespace parallel
}  // namespace ceedrt
