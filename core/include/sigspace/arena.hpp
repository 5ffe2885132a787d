// Workspace arena: the caller hands an operation a block of scratch; the operation carves it up
// with bump allocation. The arena tracks its peak (the workspace contract of ARCHITECTURE.md:
// an operation run in an arena of exactly its published size must peak at exactly that size)
// and zeroises what it handed out when asked.
#pragma once
#include <cstddef>
#include <cstdint>

namespace sigspace {

class Arena {
 public:
  constexpr Arena() = default;
  constexpr Arena(std::uint8_t* base, std::size_t size) : base_(base), size_(size) {}

  // Returns size bytes aligned to align (a power of two), or nullptr when they do not fit.
  // Callers check for nullptr and fail with Status::workspace_too_small.
  void* allocate(std::size_t size, std::size_t align = alignof(std::max_align_t));
  template <class T>
  T* allocate_array(std::size_t count) {
    return static_cast<T*>(allocate(sizeof(T) * count, alignof(T)));
  }

  // A mark and release pair scopes temporary allocations (LIFO).
  std::size_t mark() const { return used_; }
  void release(std::size_t mark);  // zeroises what is released

  std::size_t used() const { return used_; }
  std::size_t peak() const { return peak_; }
  std::size_t capacity() const { return size_; }
  // Zeroise the whole block and reset the bump pointer. The peak is kept, so that a caller can
  // read it after the operation has wiped its scratch.
  void wipe();

 private:
  std::uint8_t* base_ = nullptr;
  std::size_t size_ = 0;
  std::size_t used_ = 0;
  std::size_t peak_ = 0;
};

}  // namespace sigspace
