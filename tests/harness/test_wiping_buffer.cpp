// The host layer's buffers are wiped before their memory is freed (issue 16: secret keys,
// seeds and signing states in host_ops and the Python module were freed unwiped). The base
// allocator here keeps the blocks instead of freeing them, so the test can read what the
// wiping allocator left in them.
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "ops/host_ops.hpp"

namespace {

std::vector<std::vector<unsigned char>*> kept;  // blocks "freed" by the vectors under test

template <class T>
struct KeepingAllocator {
  using value_type = T;
  KeepingAllocator() = default;
  template <class U>
  KeepingAllocator(const KeepingAllocator<U>&) {}
  T* allocate(std::size_t n) {
    auto* block = new std::vector<unsigned char>(n * sizeof(T));
    kept.push_back(block);
    return reinterpret_cast<T*>(block->data());
  }
  void deallocate(T*, std::size_t) {}
};

TEST(WipingBuffer, FreedBlocksHoldOnlyZeros) {
  kept.clear();
  {
    std::vector<unsigned char, sigspace::host::WipingAllocator<unsigned char,
                                                               KeepingAllocator<unsigned char>>>
        secret(64, 0xA5);
    secret.resize(4096, 0x5A);  // reallocates: the first block is freed on the way
  }
  ASSERT_GE(kept.size(), 2u);
  for (const auto* block : kept)
    EXPECT_TRUE(std::all_of(block->begin(), block->end(), [](unsigned char b) { return b == 0; }));
  for (auto* block : kept) delete block;
}

TEST(WipingBuffer, HostBuffersAreWiping) {
  static_assert(std::is_same_v<sigspace::host::Buffer::allocator_type,
                               sigspace::host::WipingAllocator<std::uint8_t>>);
  SUCCEED();
}

}  // namespace
