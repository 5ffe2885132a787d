// Under qemu -icount the CMSDK timer counts instructions deterministically (TOOLCHAIN.md 3):
// a loop of a known instruction count reads the same ticks every (warm) time, and the ticks convert back
// to that count. Run with SIGSPACE_QEMU_ICOUNT=10 (one instruction = 1024 ns).
#include <cstdint>
#include <cstdio>

#include "board.hpp"
#include "minitest.hpp"

namespace {

constexpr std::uint32_t kShift = 10;
constexpr std::uint32_t kIterations = 1000;  // two instructions each: subs, bne

std::uint32_t loop_ticks() {
  sigspace::board::timer_start();
  const std::uint32_t t0 = sigspace::board::timer_ticks();
  bench_start();
  std::uint32_t n = kIterations;
  __asm__ volatile("1: subs %0, %0, #1\n bne 1b" : "+r"(n) : : "cc");
  bench_stop();
  return sigspace::board::timer_ticks() - t0;
}

void deterministic_and_exact() {
  // The first pass differs by a few instructions: QEMU retranslates a block that does I/O
  // the first time it runs it. Every later pass, and every run, reads the same.
  (void)loop_ticks();
  const std::uint32_t a = loop_ticks();
  const std::uint32_t b = loop_ticks();
  const std::uint64_t insns = static_cast<std::uint64_t>(a) * 1000000000u /
                              (static_cast<std::uint64_t>(sigspace::board::clock_hz()) << kShift);
  std::printf("  %s: ticks %lu then %lu, about %lu instructions\n", sigspace::board::machine(),
              static_cast<unsigned long>(a), static_cast<unsigned long>(b),
              static_cast<unsigned long>(insns));
  MT_CHECK(a == b);
  MT_CHECK(insns >= 2 * kIterations && insns <= 2 * kIterations + 40);
}

const minitest::Case cases[] = {{"deterministic_and_exact", deterministic_and_exact}};

}  // namespace

int main() { return minitest::run("timer_icount", cases, 1); }
