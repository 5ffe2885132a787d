// sigspace_mldsa_fold_armv7m (variants/mldsa/arch/armv7m/fold.S, board builds on Armv7E-M and
// Armv8-M Mainline only) against the portable step it replaces in the memory floor's A_hat
// product (memory_floor::acc_matrix_entry): row_m = freeze(row_m + montgomery_reduce(a b_m)) on
// a 23-bit packed row, for batches of 0-8 accepted coefficients anywhere in the row, on
// SHAKE128-drawn rows, candidates a < q and any int32 b, and on their edge values; the kernel
// writes nothing outside its fields (the row's slack and a guard stay as they were) and stays
// within its stack budget. sigspace_mldsa_fold_lanes_armv7m, the same step fused with the
// sampler's acceptance of eight candidates from 24 output bytes, against RejNTTPoly's
// acceptance (four_candidates, the portable gather) followed by the portable step.
#include <cstdint>
#include <cstdio>
#include <cstring>

#include "board.hpp"
#include "minitest.hpp"
#include "mldsa/arch/armv7m/fold_armv7m.hpp"
#include "mldsa/common/bits.hpp"
#include "mldsa/common/reduce.hpp"
#include "mldsa/common/sample.hpp"
#include "word_stream.hpp"

#if !defined(SIGSPACE_HAVE_MLDSA_FOLD_ARMV7M)
#error "mldsa_fold_armv7m is built only where sigspace_mldsa has the kernel (tests/mldsa/board)"
#endif

namespace {

using sigspace::mldsa::kN;
using sigspace::mldsa::kQ;
using Row = sigspace::mldsa::Fields<23, std::int32_t>;

constexpr std::size_t kRowBytes = Row::poly_bytes + 3 + 4;  // the slack, then a guard word
std::uint8_t g_kernel[kRowBytes], g_ref[kRowBytes];
std::int32_t g_b[kN];
std::uint32_t g_a[8];

struct WordStream : minitest::WordStream {
  WordStream() : minitest::WordStream("mldsa-fold-armv7m") {}
  std::uint32_t below(std::uint32_t n) { return next() % n; }  // bias is irrelevant here
};

// The portable step, as acc_matrix_entry's fold does it.
void portable(std::uint8_t* row, int j, int n) {
  const Row r{row};
  for (int t = 0; t < n; ++t) {
    const auto a = static_cast<std::int64_t>(static_cast<std::int32_t>(g_a[t]));
    r.put_in_range(j + t, sigspace::mldsa::freeze(r.get(j + t) +
                                                  sigspace::mldsa::montgomery_reduce(a * g_b[j + t])));
  }
}

// Both codes on copies of the current row; true when every byte (slack and guard too) agrees.
bool same_batch(int j, int n) {
  std::memcpy(g_ref, g_kernel, kRowBytes);
  sigspace_mldsa_fold_armv7m(g_kernel, g_b, g_a, j, n);
  portable(g_ref, j, n);
  return std::memcmp(g_kernel, g_ref, kRowBytes) == 0;
}

void fill_row(WordStream& w) {
  const Row r{g_kernel};
  for (int m = 0; m < kN; ++m) r.put_in_range(m, static_cast<std::int32_t>(w.below(kQ)));
  for (std::size_t i = Row::poly_bytes; i < kRowBytes; ++i)
    g_kernel[i] = static_cast<std::uint8_t>(w.next());
}

// Whole rows filled batch by batch as the sampler hands them over (0-8 at a time, to 256),
// 200 rows; each batch compared.
void random_rows() {
  WordStream w;
  unsigned bad = 0, batches = 0;
  for (int row = 0; row < 200; ++row) {
    fill_row(w);
    for (auto& b : g_b) b = static_cast<std::int32_t>(w.next());
    for (int j = 0; j < kN;) {
      int n = static_cast<int>(w.below(9));
      n = n < kN - j ? n : kN - j;
      for (int t = 0; t < n; ++t) g_a[t] = w.below(kQ);
      if (!same_batch(j, n)) ++bad;
      ++batches;
      j += n;
    }
  }
  MT_CHECK(bad == 0);
  MT_CHECK(batches > 200 * kN / 8);
}

// Row fields, candidates and b at their extremes: 0 and q - 1; b also +-(2^31 - 1) and -2^31.
void edges() {
  WordStream w;
  for (int i = 0; i < 1000; ++i) (void)w.next();
  const std::int32_t fields[] = {0, 1, kQ - 1};
  const std::uint32_t as[] = {0, 1, kQ - 1};
  const std::int32_t bs[] = {0, 1, -1, kQ - 1, -(kQ - 1), 0x7FFFFFFF, -0x7FFFFFFF - 1};
  unsigned bad = 0, cases = 0;
  const Row r{g_kernel};
  for (const std::int32_t f : fields) {
    for (const std::uint32_t a : as) {
      for (const std::int32_t b : bs) {
        fill_row(w);
        const int j = static_cast<int>(w.below(kN - 8));
        for (int t = 0; t < 8; ++t) {
          r.put_in_range(j + t, f);
          g_a[t] = a;
          g_b[j + t] = b;
        }
        if (!same_batch(j, 8)) ++bad;
        ++cases;
      }
    }
  }
  MT_CHECK(bad == 0);
  MT_CHECK(cases == 3 * 3 * 7);
}

// Painted: the kernel's 36 bytes of saved registers under the calling lambda's 16-byte frame,
// which holds the fifth argument.
// Whole rows filled 24 random output bytes at a time through the fused kernel, within one half
// of b (as the memory floor calls it), each step against acceptance then the portable step;
// candidates near q drawn often enough that both sides of the bound occur.
void random_lanes() {
  WordStream w;
  for (int i = 0; i < 3000; ++i) (void)w.next();
  unsigned bad = 0, steps = 0, rejected = 0;
  for (int row = 0; row < 100; ++row) {
    fill_row(w);
    for (auto& b : g_b) b = static_cast<std::int32_t>(w.next());
    for (int half = 0; half < 2; ++half) {
      for (int j = 128 * half; j + 8 <= 128 * (half + 1);) {
        std::uint32_t bytes[7];
        for (auto& x : bytes) x = w.next();
        if (w.below(4) == 0) bytes[w.below(6)] |= 0x7F7F7F7Fu;   // high candidates
        std::uint32_t z[8];
        const int n = sigspace::mldsa::accepted_of_words(bytes, z);
        rejected += 8 - static_cast<unsigned>(n);
        std::memcpy(g_a, z, sizeof z);
        std::memcpy(g_ref, g_kernel, kRowBytes);
        portable(g_ref, j, n);
        const int next = sigspace_mldsa_fold_lanes_armv7m(
            g_kernel, g_b, reinterpret_cast<const std::uint8_t*>(bytes), j);
        if (next != j + n || std::memcmp(g_kernel, g_ref, kRowBytes) != 0) ++bad;
        ++steps;
        j = next;
      }
    }
  }
  MT_CHECK(bad == 0);
  MT_CHECK(steps > 100 * 2 * 120 / 8);
  MT_CHECK(rejected > 0);
}

void stack_budget() {
  const std::size_t used = sigspace::stack_measure(
      [](void*) { sigspace_mldsa_fold_armv7m(g_kernel, g_b, g_a, 100, 8); }, nullptr);
  std::printf("  fold stack: %lu bytes\n", static_cast<unsigned long>(used));
  MT_CHECK(used <= 52);
}

}  // namespace

int main() {
  const minitest::Case cases[] = {{"random_rows", random_rows},
                                  {"random_lanes", random_lanes},
                                  {"edges", edges},
                                  {"stack_budget", stack_budget}};
  return minitest::run("mldsa_fold_armv7m", cases, sizeof cases / sizeof cases[0]);
}
