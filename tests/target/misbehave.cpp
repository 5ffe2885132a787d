// Firmware that goes wrong on purpose, one way per build (MISBEHAVE): the board layer must
// turn each into a clear nonzero end of the run, never a hang or a pass.
#include <cstdint>
#include <cstdio>

#include "board.hpp"

namespace {
[[gnu::noinline]] std::uint32_t recurse(std::uint32_t n) {
  volatile std::uint32_t pad[64];
  pad[0] = n;
  return n == 0 ? pad[0] : recurse(n - 1) + pad[0];
}
}  // namespace

int main() {
#if MISBEHAVE == 1  // load from unmapped memory: BusFault
  std::printf("reading unmapped memory\n");
  return static_cast<int>(*reinterpret_cast<volatile std::uint32_t*>(0x70000000u));
#elif MISBEHAVE == 2  // hang: only the runner's timeout ends it
  std::printf("hanging\n");
  for (;;) __asm__ volatile("" ::: "memory");
#elif MISBEHAVE == 3  // unbounded recursion: stack overflow (the M33's MSPLIM faults)
  return static_cast<int>(recurse(1u << 30));
#elif MISBEHAVE == 4  // static data larger than the part: must fail to link
  static volatile std::uint8_t big[630 * 1024];
  big[0] = 1;
  return big[0];
#else
#error "MISBEHAVE must be 1..4"
#endif
}
