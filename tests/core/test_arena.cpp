// The workspace arena: alignment, exhaustion, peak tracking, and zeroisation on release/wipe.
#include <cstdint>
#include <cstring>

#include "minitest.hpp"
#include "sigspace/arena.hpp"

namespace {

using sigspace::Arena;

bool all_zero(const std::uint8_t* p, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i)
    if (p[i] != 0) return false;
  return true;
}

bool aligned(const void* p, std::size_t a) { return reinterpret_cast<std::uintptr_t>(p) % a == 0; }

void alignment() {
  alignas(64) std::uint8_t block[512];
  Arena a(block + 1, sizeof block - 1);  // a misaligned base: alignment is of the address
  void* p1 = a.allocate(3, 1);
  MT_CHECK(p1 == block + 1);
  void* p8 = a.allocate(8, 8);
  MT_CHECK(p8 != nullptr && aligned(p8, 8));
  MT_CHECK(p8 == block + 8);
  void* p64 = a.allocate(1, 64);
  MT_CHECK(p64 == block + 64);
  auto* words = a.allocate_array<std::uint64_t>(4);
  MT_CHECK(words != nullptr && aligned(words, alignof(std::uint64_t)));
  void* pdef = a.allocate(1);
  MT_CHECK(pdef != nullptr && aligned(pdef, alignof(std::max_align_t)));
  MT_CHECK(a.used() == static_cast<std::size_t>(static_cast<std::uint8_t*>(pdef) + 1 - (block + 1)));
}

void exhaustion() {
  alignas(16) std::uint8_t block[64];
  Arena a(block, sizeof block);
  MT_CHECK(a.allocate(65, 1) == nullptr);
  MT_CHECK(a.used() == 0);
  MT_CHECK(a.allocate(64, 1) == block);  // exactly the capacity fits
  MT_CHECK(a.allocate(1, 1) == nullptr);
  MT_CHECK(a.allocate(0, 1) != nullptr);  // nothing more needed, nothing more taken
  MT_CHECK(a.used() == 64);

  Arena b(block, sizeof block);
  MT_CHECK(b.allocate(60, 1) == block);
  MT_CHECK(b.allocate(4, 8) == nullptr);  // fits unaligned, not with the padding
  MT_CHECK(b.used() == 60);
  MT_CHECK(b.allocate(static_cast<std::size_t>(-1), 1) == nullptr);  // no wrap-around
  MT_CHECK(b.allocate(static_cast<std::size_t>(-8), 8) == nullptr);

  Arena empty;
  MT_CHECK(empty.allocate(0, 1) == nullptr);
  MT_CHECK(empty.allocate(1, 1) == nullptr);
  MT_CHECK(empty.capacity() == 0);
}

void peak_tracking() {
  alignas(16) std::uint8_t block[256];
  Arena a(block, sizeof block);
  a.allocate(32, 1);
  const std::size_t m = a.mark();
  a.allocate(100, 1);
  MT_CHECK(a.peak() == 132);
  a.release(m);
  MT_CHECK(a.used() == 32);
  MT_CHECK(a.peak() == 132);  // the peak survives the release
  a.allocate(50, 1);
  MT_CHECK(a.peak() == 132);
  a.allocate(60, 1);
  MT_CHECK(a.peak() == 142);
  MT_CHECK(a.capacity() == 256);
}

void release_zeroises() {
  alignas(16) std::uint8_t block[128];
  std::memset(block, 0x5A, sizeof block);
  Arena a(block, sizeof block);
  auto* keep = static_cast<std::uint8_t*>(a.allocate(16, 1));
  std::memset(keep, 0xAA, 16);
  const std::size_t m = a.mark();
  auto* tmp = static_cast<std::uint8_t*>(a.allocate(40, 1));
  std::memset(tmp, 0xBB, 40);
  a.release(m);
  MT_CHECK(all_zero(block + 16, 40));
  MT_CHECK(keep[0] == 0xAA && keep[15] == 0xAA);  // below the mark stays
  MT_CHECK(block[56] == 0x5A);                    // never handed out, not touched
  a.release(a.used() + 10);                       // a mark above use is a no-op
  MT_CHECK(a.used() == 16);
  // Released space is handed out again.
  MT_CHECK(a.allocate(40, 1) == block + 16);
}

void wipe_resets() {
  alignas(16) std::uint8_t block[96];
  Arena a(block, sizeof block);
  std::memset(a.allocate(96, 1), 0xCC, 96);
  a.wipe();
  MT_CHECK(all_zero(block, sizeof block));
  MT_CHECK(a.used() == 0);
  MT_CHECK(a.allocate(96, 1) == block);
}

}  // namespace

int main() {
  const minitest::Case cases[] = {
      {"alignment", alignment},
      {"exhaustion", exhaustion},
      {"peak_tracking", peak_tracking},
      {"release_zeroises", release_zeroises},
      {"wipe_resets", wipe_resets},
  };
  return minitest::run("core_arena", cases, sizeof cases / sizeof cases[0]);
}
