// Measurement firmware (not a test) for results/kernels/keccak-armv7m.md: instructions per
// Keccak-f[1600] permutation and painted stack of keccak_f1600, keccak_f1600_compact and
// keccak_f1600_armv7m on the board. Run under qemu-run with the icount plugin: windows 1 and 5
// are empty (the markers' overhead, cold and warm), windows 2-4 hold one permutation each, in
// the order printed. Under qemu-run --icount 10 the board timer gives a second reading of the
// same counts (TOOLCHAIN.md section 3): ticks * 1e9 / (clock_hz * 2^10), less an empty window.
#include <cstdint>
#include <cstdio>

#include "board.hpp"
#include "sigspace/keccak.hpp"

#if !defined(SIGSPACE_HAVE_KECCAK_F1600_ARMV7M)
#error "bench_keccak_armv7m needs keccak_f1600_armv7m (Armv7E-M / Armv8-M Mainline)"
#endif

namespace {

std::uint64_t g_state[25];

struct Perm {
  const char* name;
  sigspace::KeccakPermutation f;
};

const Perm kPerms[] = {{"keccak_f1600", sigspace::keccak_f1600},
                       {"keccak_f1600_compact", sigspace::keccak_f1600_compact},
                       {"keccak_f1600_armv7m", sigspace::keccak_f1600_armv7m}};

sigspace::KeccakPermutation g_f;

constexpr std::uint32_t kShift = 10;  // qemu-run --icount 10

// Timer ticks of one call of f (nullptr: nothing), converted to instructions (x1000).
std::uint64_t timer_milli_insns(sigspace::KeccakPermutation f) {
  sigspace::board::timer_start();
  const std::uint32_t t0 = sigspace::board::timer_ticks();
  if (f != nullptr) f(g_state);
  const std::uint32_t t1 = sigspace::board::timer_ticks();
  return static_cast<std::uint64_t>(t1 - t0) * 1000000000000ull /
         (static_cast<std::uint64_t>(sigspace::board::clock_hz()) << kShift);
}

}  // namespace

int main() {
  for (unsigned i = 0; i < 25; ++i) g_state[i] = 0x0123456789ABCDEFULL * (i + 1);
  bench_start();  // window 1: empty (cold)
  bench_stop();
  for (const Perm& p : kPerms) {
    p.f(g_state);  // warm: QEMU translates the code before the counted run
    bench_start();
    p.f(g_state);
    bench_stop();
    g_f = p.f;
    const std::size_t stack = sigspace::stack_measure([](void*) { g_f(g_state); }, nullptr);
    (void)timer_milli_insns(p.f);  // the first timer window of a block is retranslated
    (void)timer_milli_insns(nullptr);
    const std::uint64_t empty = timer_milli_insns(nullptr);
    const std::uint64_t full = timer_milli_insns(p.f);
    std::printf("sigspace-keccak perm=%s stack=%lu timer_insn=%lu.%03lu\n", p.name,
                static_cast<unsigned long>(stack),
                static_cast<unsigned long>((full - empty) / 1000),
                static_cast<unsigned long>((full - empty) % 1000));
  }
  bench_start();  // window 5: empty (warm)
  bench_stop();
  return 0;
}
