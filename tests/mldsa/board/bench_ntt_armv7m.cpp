// Measurement firmware (not a test) for results/kernels/mldsa-ntt-armv7m.md: instructions per
// call and painted stack of ntt_layers, invntt_layers and the Thumb-2 kernels
// sigspace_mldsa_ntt_armv7m / sigspace_mldsa_invntt_armv7m on the board, at (top, base) =
// (128, 0) and (64, 0). Run under qemu-run with the icount plugin: windows 1 and 10 are empty
// (the markers' overhead, cold and warm), windows 2-9 hold one call each, in the order printed.
// Under qemu-run --icount 10 the board timer gives a second reading of the same counts
// (TOOLCHAIN.md section 3): ticks * 1e9 / (clock_hz * 2^10), less an empty window.
#include <cstdint>
#include <cstdio>

#include "board.hpp"
#include "mldsa/arch/armv7m/ntt_armv7m.hpp"
#include "mldsa/common/poly.hpp"

#if !defined(SIGSPACE_HAVE_MLDSA_NTT_ARMV7M)
#error "bench_ntt_armv7m needs the ML-DSA NTT kernels (Armv7E-M / Armv8-M Mainline)"
#endif

namespace {

using Layers = void (*)(std::int32_t*, int, int);

struct Op {
  const char* name;
  Layers f;
  int top;
};

const Op kOps[] = {{"ntt_layers", sigspace::mldsa::ntt_layers, 128},
                   {"ntt_layers_armv7m", sigspace::mldsa::ntt_layers_armv7m, 128},
                   {"invntt_layers", sigspace::mldsa::invntt_layers, 128},
                   {"invntt_layers_armv7m", sigspace::mldsa::invntt_layers_armv7m, 128},
                   {"ntt_layers", sigspace::mldsa::ntt_layers, 64},
                   {"ntt_layers_armv7m", sigspace::mldsa::ntt_layers_armv7m, 64},
                   {"invntt_layers", sigspace::mldsa::invntt_layers, 64},
                   {"invntt_layers_armv7m", sigspace::mldsa::invntt_layers_armv7m, 64}};

std::int32_t g_poly[sigspace::mldsa::kN];
const Op* g_op;

// Inputs within the transforms' contract (|a| < q); the counts do not depend on them.
void fill() {
  std::uint32_t x = 12345;
  for (auto& c : g_poly) {
    x = x * 1664525u + 1013904223u;
    c = static_cast<std::int32_t>(x % (2u * sigspace::mldsa::kQ - 1u)) - (sigspace::mldsa::kQ - 1);
  }
}

constexpr std::uint32_t kShift = 10;  // qemu-run --icount 10

// Timer ticks of one call of op (nullptr: nothing), converted to instructions (x1000).
std::uint64_t timer_milli_insns(const Op* op) {
  sigspace::board::timer_start();
  const std::uint32_t t0 = sigspace::board::timer_ticks();
  if (op != nullptr) op->f(g_poly, 0, op->top);
  const std::uint32_t t1 = sigspace::board::timer_ticks();
  return static_cast<std::uint64_t>(t1 - t0) * 1000000000000ull /
         (static_cast<std::uint64_t>(sigspace::board::clock_hz()) << kShift);
}

}  // namespace

int main() {
  bench_start();  // window 1: empty (cold)
  bench_stop();
  for (const Op& op : kOps) {
    fill();
    op.f(g_poly, 0, op.top);  // warm: QEMU translates the code before the counted run
    fill();
    bench_start();
    op.f(g_poly, 0, op.top);
    bench_stop();
    g_op = &op;
    fill();
    const std::size_t stack =
        sigspace::stack_measure([](void*) { g_op->f(g_poly, 0, g_op->top); }, nullptr);
    fill();
    (void)timer_milli_insns(&op);  // the first timer window of a block is retranslated
    (void)timer_milli_insns(nullptr);
    const std::uint64_t empty = timer_milli_insns(nullptr);
    fill();
    const std::uint64_t full = timer_milli_insns(&op);
    std::printf("sigspace-ntt op=%s top=%d base=0 stack=%lu timer_insn=%lu.%03lu\n", op.name,
                op.top, static_cast<unsigned long>(stack),
                static_cast<unsigned long>((full - empty) / 1000),
                static_cast<unsigned long>((full - empty) % 1000));
  }
  bench_start();  // window 10: empty (warm)
  bench_stop();
  return 0;
}
