// sigspace_mldsa_pointwise_armv7m and sigspace_mldsa_row_times_armv7m
// (variants/mldsa/arch/armv7m/pointwise.S, board builds on Armv7E-M and Armv8-M Mainline only)
// against poly_pointwise and row_times_lazy, which the KAT tests pin through every operating
// point: equal outputs, coefficient by coefficient, on SHAKE128-drawn inputs in the ranges the
// speed ceiling feeds them (NTT outputs |x| < 9q, A_hat in [0, q)), at their edges, for every
// row length n = 1..7, with the output in place of either input; nothing written beside the
// output, and within their stack budgets.
#include <cstdint>
#include <cstdio>
#include <cstring>

#include "board.hpp"
#include "minitest.hpp"
#include "mldsa/arch/armv7m/pointwise_armv7m.hpp"
#include "mldsa/common/ntt_merged.hpp"
#include "mldsa/common/poly.hpp"
#include "word_stream.hpp"

#if !defined(SIGSPACE_HAVE_MLDSA_POINTWISE_ARMV7M)
#error "mldsa_pointwise_armv7m is built only where sigspace_mldsa has the kernels (tests/mldsa/board)"
#endif

namespace {

using sigspace::mldsa::kN;
using sigspace::mldsa::kQ;
using sigspace::mldsa::Poly;

constexpr int kMaxN = 7;
constexpr std::int32_t kGuard = 0x5A3C0F1E;

struct WordStream : minitest::WordStream {
  WordStream() : minitest::WordStream("mldsa-pointwise-armv7m") {}
  std::int32_t centered(std::int32_t bound) {  // in [-bound, bound]; the bias does not matter
    return static_cast<std::int32_t>(next() % (2u * static_cast<std::uint32_t>(bound) + 1u)) - bound;
  }
};

Poly g_a[kMaxN], g_v[kMaxN], g_ref;
std::int32_t g_out[kN + 2];  // guard, 256 coefficients, guard

bool guards_intact() { return g_out[0] == kGuard && g_out[kN + 1] == kGuard; }

// pointwise into the framed buffer, or in place over a copy of a or of b.
bool same_pointwise(int where) {
  sigspace::mldsa::poly_pointwise(g_ref, g_a[0], g_v[0]);
  g_out[0] = g_out[kN + 1] = kGuard;
  std::int32_t* c = g_out + 1;
  if (where == 1) std::memcpy(c, g_a[0].c, sizeof g_ref.c);
  if (where == 2) std::memcpy(c, g_v[0].c, sizeof g_ref.c);
  sigspace_mldsa_pointwise_armv7m(c, where == 1 ? c : g_a[0].c, where == 2 ? c : g_v[0].c);
  return std::memcmp(c, g_ref.c, sizeof g_ref.c) == 0 && guards_intact();
}

bool same_row(int n) {
  sigspace::mldsa::row_times_lazy(g_ref, g_a, g_v, n);
  g_out[0] = g_out[kN + 1] = kGuard;
  sigspace_mldsa_row_times_armv7m(g_out + 1, g_a[0].c, g_v[0].c, n);
  return std::memcmp(g_out + 1, g_ref.c, sizeof g_ref.c) == 0 && guards_intact();
}

void fill(WordStream& w, bool matrix) {
  for (auto& p : g_a)
    for (auto& x : p.c) x = matrix ? static_cast<std::int32_t>(w.next() % kQ) : w.centered(9 * kQ);
  for (auto& p : g_v)
    for (auto& x : p.c) x = w.centered(9 * kQ);
}

void pointwise_random() {
  WordStream w;
  unsigned bad = 0;
  for (int i = 0; i < 60; ++i) {
    fill(w, false);
    for (int where = 0; where < 3; ++where) bad += same_pointwise(where) ? 0 : 1;
  }
  MT_CHECK(bad == 0);
}

void row_times_random() {
  WordStream w;
  for (int i = 0; i < 1000; ++i) (void)w.next();
  unsigned bad = 0;
  for (int i = 0; i < 20; ++i) {
    fill(w, true);
    for (int n = 1; n <= kMaxN; ++n) bad += same_row(n) ? 0 : 1;
  }
  MT_CHECK(bad == 0);
}

// Every input at +-(9q - 1), 0 or q - 1, constant and drawn at random among them.
void edges() {
  WordStream w;
  for (int i = 0; i < 2000; ++i) (void)w.next();
  const std::int32_t e[] = {9 * kQ - 1, -(9 * kQ - 1), 0, kQ - 1};
  unsigned bad = 0;
  for (int pattern = 0; pattern < 4 + 8; ++pattern) {
    for (int p = 0; p < kMaxN; ++p) {
      for (int m = 0; m < kN; ++m) {
        g_a[p].c[m] = pattern < 4 ? (pattern == 0 ? kQ - 1 : e[pattern]) : kQ - 1 - static_cast<std::int32_t>(w.next() % 2);
        g_v[p].c[m] = pattern < 4 ? e[pattern] : e[w.next() % 4];
      }
    }
    bad += same_row(kMaxN) ? 0 : 1;
    for (auto& x : g_a[0].c) x = e[w.next() % 4];
    bad += same_pointwise(0) ? 0 : 1;
  }
  MT_CHECK(bad == 0);
}

void stack_budget() {  // painted: 40 and 48 bytes (see pointwise.S)
  const std::size_t p = sigspace::stack_measure(
      [](void*) { sigspace_mldsa_pointwise_armv7m(g_out + 1, g_a[0].c, g_v[0].c); }, nullptr);
  const std::size_t r = sigspace::stack_measure(
      [](void*) { sigspace_mldsa_row_times_armv7m(g_out + 1, g_a[0].c, g_v[0].c, kMaxN); }, nullptr);
  std::printf("  pointwise stack: %lu bytes, row_times: %lu bytes\n",
              static_cast<unsigned long>(p), static_cast<unsigned long>(r));
  MT_CHECK(p <= 40);
  MT_CHECK(r <= 48);
}

}  // namespace

int main() {
  const minitest::Case cases[] = {{"pointwise_random", pointwise_random},
                                  {"row_times_random", row_times_random},
                                  {"edges", edges},
                                  {"stack_budget", stack_budget}};
  return minitest::run("mldsa_pointwise_armv7m", cases, sizeof cases / sizeof cases[0]);
}
