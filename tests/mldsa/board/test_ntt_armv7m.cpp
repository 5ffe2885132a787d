// sigspace_mldsa_ntt_armv7m / sigspace_mldsa_invntt_armv7m (variants/mldsa/arch/armv7m/ntt.S,
// board builds on Armv7E-M and Armv8-M Mainline only) against ntt_layers / invntt_layers, which
// the KAT tests pin through every operating point: equal outputs, coefficient by coefficient,
// for the three shapes the callers use, (top, base) = (128, 0), (64, 0), (64, 128), on
// SHAKE128-drawn inputs across |a| < q, on inputs at the edges +-(q - 1), and on the widest
// inputs the portable code takes without overflow; the kernels write nothing beside their
// coefficients and stay within their stack budget.
#include <cstdint>
#include <cstdio>
#include <cstring>

#include "board.hpp"
#include "minitest.hpp"
#include "mldsa/arch/armv7m/ntt_armv7m.hpp"
#include "mldsa/common/poly.hpp"
#include "word_stream.hpp"

#if !defined(SIGSPACE_HAVE_MLDSA_NTT_ARMV7M)
#error "mldsa_ntt_armv7m is built only where sigspace_mldsa has the kernels (tests/mldsa/board)"
#endif

namespace {

using sigspace::mldsa::kN;
using sigspace::mldsa::kQ;

struct Shape {
  int top, base;
};
constexpr Shape kShapes[] = {{128, 0}, {64, 0}, {64, 128}};
constexpr int kPolys = 200;  // random polynomials per shape, operation and input range

// Pseudo-random words: SHAKE128("mldsa-ntt-armv7m").
struct WordStream : minitest::WordStream {
  WordStream() : minitest::WordStream("mldsa-ntt-armv7m") {}
  // Uniform enough in [-bound, bound] (bound < 2^31 - 1; the modulo bias does not matter here).
  std::int32_t centered(std::int32_t bound) {
    const std::uint32_t span = 2u * static_cast<std::uint32_t>(bound) + 1u;
    return static_cast<std::int32_t>(next() % span) - bound;
  }
};

// The kernel on a buffer framed by guard words, so a store outside the 2 top coefficients
// shows; the portable code on a copy. True when both give the same coefficients.
constexpr std::int32_t kGuard = 0x5A3C0F1E;
std::int32_t g_framed[kN + 2];
std::int32_t g_ref[kN];

bool same_layers(bool inverse, const Shape& s, const std::int32_t* in) {
  const int n = 2 * s.top;
  g_framed[0] = g_framed[n + 1] = kGuard;
  std::memcpy(g_framed + 1, in, sizeof(std::int32_t) * n);
  std::memcpy(g_ref, in, sizeof(std::int32_t) * n);
  if (inverse) {
    sigspace::mldsa::invntt_layers_armv7m(g_framed + 1, s.base, s.top);
    sigspace::mldsa::invntt_layers(g_ref, s.base, s.top);
  } else {
    sigspace::mldsa::ntt_layers_armv7m(g_framed + 1, s.base, s.top);
    sigspace::mldsa::ntt_layers(g_ref, s.base, s.top);
  }
  return std::memcmp(g_framed + 1, g_ref, sizeof(std::int32_t) * n) == 0 &&
         g_framed[0] == kGuard && g_framed[n + 1] == kGuard;
}

// kPolys random inputs with |a| <= bound(shape) through both codes; the number that differ.
template <class Bound>
unsigned random_mismatches(bool inverse, WordStream& w, Bound bound) {
  unsigned bad = 0;
  std::int32_t in[kN];
  for (const Shape& s : kShapes) {
    const std::int32_t b = bound(s);
    for (int i = 0; i < kPolys; ++i) {
      for (int j = 0; j < 2 * s.top; ++j) in[j] = w.centered(b);
      if (!same_layers(inverse, s, in)) ++bad;
    }
  }
  return bad;
}

// Layers of a shape: log2(top) + 1.
int layers(const Shape& s) { return s.top == 128 ? 8 : 7; }

void forward_random() {  // the contract of ntt(): |a| < q
  WordStream w;
  MT_CHECK(random_mismatches(false, w, [](const Shape&) { return kQ - 1; }) == 0);
}

void inverse_random() {  // the contract of invntt(): |a| < q
  WordStream w;
  for (int i = 0; i < 1000; ++i) (void)w.next();  // other words than the forward's
  MT_CHECK(random_mismatches(true, w, [](const Shape&) { return kQ - 1; }) == 0);
}

// The widest inputs the portable code takes without int32 overflow, which it then computes
// exactly like the kernel: forward, each layer adds |t| < q, so |a| < 2^31 - 9q; inverse, the
// sums double every layer, so |a| < 2^(31 - layers).
void wide_inputs() {
  WordStream w;
  for (int i = 0; i < 2000; ++i) (void)w.next();
  MT_CHECK(random_mismatches(false, w, [](const Shape&) { return 0x7FFFFFFF - 9 * kQ; }) == 0);
  MT_CHECK(random_mismatches(true, w, [](const Shape& s) {
             return static_cast<std::int32_t>((1u << (31 - layers(s))) - 1);
           }) == 0);
}

// +-(q - 1) and 0: constant, alternating, and drawn at random among the three.
void edges() {
  WordStream w;
  for (int i = 0; i < 3000; ++i) (void)w.next();
  const std::int32_t e = kQ - 1;
  std::int32_t in[kN];
  unsigned bad = 0, cases = 0;
  for (const bool inverse : {false, true}) {
    for (const Shape& s : kShapes) {
      const int n = 2 * s.top;
      for (int pattern = 0; pattern < 6 + 64; ++pattern) {
        for (int j = 0; j < n; ++j) {
          switch (pattern) {
            case 0: in[j] = e; break;
            case 1: in[j] = -e; break;
            case 2: in[j] = (j & 1) ? -e : e; break;
            case 3: in[j] = (j & 1) ? e : -e; break;
            case 4: in[j] = j < n / 2 ? e : -e; break;
            case 5: in[j] = 0; break;
            default: {
              const std::uint32_t r = w.next() % 3;
              in[j] = r == 0 ? e : r == 1 ? -e : 0;
            }
          }
        }
        if (!same_layers(inverse, s, in)) ++bad;
        ++cases;
      }
    }
  }
  MT_CHECK(bad == 0);
  MT_CHECK(cases == 2 * 3 * 70);
}

// A whole transform through the kernels: NTT then inverse (and the scaling of invntt) gives the
// input back times 2^32 mod q, as the portable pair does; and the halves as the memory floor
// composes them give the whole polynomial's NTT.
void round_trip() {
  WordStream w;
  for (int i = 0; i < 4000; ++i) (void)w.next();
  std::int32_t a[kN], b[kN], h[kN];
  for (int i = 0; i < 20; ++i) {
    for (auto& x : a) x = w.centered(kQ - 1);
    std::memcpy(b, a, sizeof a);
    sigspace::mldsa::ntt_layers_armv7m(b, 0, 128);
    // The memory floor's split: layer len 128 by hand, then each half on its own.
    const std::int64_t z = sigspace::mldsa::ntt_zeta(1);
    for (int j = 0; j < 128; ++j) {
      const std::int32_t t = sigspace::mldsa::montgomery_reduce(z * a[j + 128]);
      h[j] = a[j] + t;
      h[j + 128] = a[j] - t;
    }
    sigspace::mldsa::ntt_layers_armv7m(h, 0, 64);
    sigspace::mldsa::ntt_layers_armv7m(h + 128, 128, 64);
    MT_CHECK(std::memcmp(b, h, sizeof b) == 0);
    sigspace::mldsa::invntt_layers_armv7m(b, 0, 128);
    unsigned bad = 0;
    for (int j = 0; j < kN; ++j) {
      const std::int64_t back = sigspace::mldsa::invntt_scale(b[j]);
      const std::int64_t want = std::int64_t{a[j]} * (std::int64_t{1} << 32) % kQ;
      if (((back - want) % kQ + kQ) % kQ != 0) ++bad;
    }
    MT_CHECK(bad == 0);
  }
}

std::int32_t g_stack_poly[kN];
int g_stack_top = 128;
bool g_stack_inverse = false;

void stack_budget() {  // painted: 52 bytes of saved registers and a 44-byte frame
  for (const bool inverse : {false, true}) {
    for (const int top : {128, 64}) {
      g_stack_inverse = inverse;
      g_stack_top = top;
      const std::size_t used = sigspace::stack_measure(
          [](void*) {
            if (g_stack_inverse)
              sigspace::mldsa::invntt_layers_armv7m(g_stack_poly, 0, g_stack_top);
            else
              sigspace::mldsa::ntt_layers_armv7m(g_stack_poly, 0, g_stack_top);
          },
          nullptr);
      std::printf("  %s top=%d stack: %lu bytes\n", inverse ? "invntt" : "ntt", top,
                  static_cast<unsigned long>(used));
      MT_CHECK(used <= 96);
    }
  }
}

}  // namespace

int main() {
  const minitest::Case cases[] = {{"forward_random", forward_random},
                                  {"inverse_random", inverse_random},
                                  {"wide_inputs", wide_inputs},
                                  {"edges", edges},
                                  {"round_trip", round_trip},
                                  {"stack_budget", stack_budget}};
  return minitest::run("mldsa_ntt_armv7m", cases, sizeof cases / sizeof cases[0]);
}
