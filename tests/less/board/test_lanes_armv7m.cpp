// The LESS exchange's Thumb-2 column pass (variants/less/arch/armv7m/lanes.S, board builds on
// Armv7E-M and Armv8-M Mainline only) against the portable loops of exchange.cpp's
// pair_update, written out here as the contract: gather2 returns the column's lanes at the two
// unit vectors' rows (what the masked OR of the one-hot masks reads), update2 adds
// f1 ut1 + f2 ut2 word by word modulo 2^32, update2_fold then folds each 16-bit lane once. On
// SHAKE128-drawn words at every word count the sets use (63, 100, 137) and the tails (0-9),
// pivot rows in either lane, in one word, or absent (a dependent visit); the kernels write
// nothing beside the column and stay within their stack budget. And the sorting network's row
// exchange (cswap_rows) against a plain swap, and the sampler's pass (swap_scan).
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <utility>

#include "board.hpp"
#include "less/arch/armv7m/lanes_armv7m.hpp"
#include "minitest.hpp"
#include "word_stream.hpp"

#if !defined(SIGSPACE_HAVE_LESS_LANES_ARMV7M)
#error "less_lanes_armv7m is built only where sigspace_less has the kernel (tests/less)"
#endif

namespace {

constexpr unsigned kMaxWords = 137;  // LESS-5: k = 274
constexpr unsigned kCounts[] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 63, 100, 137};
constexpr std::uint32_t kGuard = 0x5A3C0F1Eu;

// SHAKE128("less-lanes-armv7m") words.
struct WordStream : minitest::WordStream {
  WordStream() : minitest::WordStream("less-lanes-armv7m") {}
};

// A pivot row as the kernel's unit vector (1 in its lane) and as exchange.cpp's one-hot mask
// (0xffff there); row < 0: a dependent visit, both all zero.
void pivot_row(int row, unsigned words, std::uint32_t* unit, std::uint32_t* mask) {
  for (unsigned w = 0; w < words; ++w) {
    const bool here = row >= 0 && static_cast<unsigned>(row) / 2 == w;
    unit[w] = here ? (row % 2 == 0 ? 0x1u : 0x10000u) : 0u;
    mask[w] = unit[w] * 0xffffu;
  }
}

std::uint32_t masked_lane(const std::uint32_t* col, const std::uint32_t* mask, unsigned words) {
  std::uint32_t acc = 0;
  for (unsigned w = 0; w < words; ++w) acc |= col[w] & mask[w];
  return (acc & 0xffffu) | (acc >> 16);
}

int random_row(WordStream& s, unsigned words) {  // one in eight dependent
  const std::uint32_t r = s.next();
  if (words == 0 || r % 8 == 0) return -1;
  return static_cast<int>((r >> 3) % (2 * words));
}

void gather_random() {
  WordStream s;
  std::uint32_t col[kMaxWords], e1[kMaxWords], e2[kMaxWords], m1[kMaxWords], m2[kMaxWords];
  unsigned bad = 0, cases = 0;
  for (const unsigned words : kCounts)
    for (int i = 0; i < 200; ++i) {
      for (unsigned w = 0; w < words; ++w) col[w] = s.next();  // any lanes below 2^16
      const int r1 = random_row(s, words);
      const int r2 = i % 5 == 0 ? r1 : random_row(s, words);  // sometimes the same row
      pivot_row(r1, words, e1, m1);
      pivot_row(r2, words, e2, m2);
      const std::uint64_t got = sigspace_less_gather2_armv7m(col, e1, e2, words);
      if (static_cast<std::uint32_t>(got) != masked_lane(col, m1, words) ||
          static_cast<std::uint32_t>(got >> 32) != masked_lane(col, m2, words))
        ++bad;
      ++cases;
    }
  MT_CHECK(bad == 0);
  MT_CHECK(cases == 13 * 200);
}

std::uint32_t g_framed[kMaxWords + 2];

void update_random() {
  WordStream s;
  for (int i = 0; i < 5000; ++i) (void)s.next();  // other words than the gather's
  std::uint32_t want[kMaxWords], ut1[kMaxWords], ut2[kMaxWords];
  unsigned bad = 0, cases = 0;
  for (const bool fold : {false, true})
    for (const unsigned words : kCounts)
      for (int i = 0; i < 100; ++i) {
        for (unsigned w = 0; w < words; ++w) want[w] = s.next(), ut1[w] = s.next(), ut2[w] = s.next();
        // f1, f2 in [0, 126] as the exchange gives them, and now and then any word.
        const std::uint32_t f1 = i % 10 == 9 ? s.next() : s.next() % 127;
        const std::uint32_t f2 = i % 10 == 9 ? s.next() : s.next() % 127;
        g_framed[0] = g_framed[words + 1] = kGuard;
        std::memcpy(g_framed + 1, want, sizeof(std::uint32_t) * words);
        (fold ? sigspace_less_update2_fold_armv7m : sigspace_less_update2_armv7m)(g_framed + 1, ut1, ut2, words,
                                                                                 f1, f2);
        for (unsigned w = 0; w < words; ++w) {
          const std::uint32_t x = want[w] + f1 * ut1[w] + f2 * ut2[w];
          want[w] = fold ? (x & 0x007f007fu) + ((x >> 7) & 0x01ff01ffu) : x;
        }
        if (std::memcmp(g_framed + 1, want, sizeof(std::uint32_t) * words) != 0 || g_framed[0] != kGuard ||
            g_framed[words + 1] != kGuard)
          ++bad;
        ++cases;
      }
  MT_CHECK(bad == 0);
  MT_CHECK(cases == 2 * 13 * 100);
}

// cswap_rows against swap_rows's contract: both rows exchanged under an all-ones mask, both
// left under zero, at every even length the sorts use (k and m: 126, 200, 274) and the tails
// (0-16), each row at either alignment mod 4; nothing outside the rows is written.
constexpr unsigned kMaxRow = 274;
std::uint8_t g_rows[2 * kMaxRow + 16];

void cswap_random() {
  WordStream s;
  for (int i = 0; i < 9000; ++i) (void)s.next();  // other words than the others'
  std::uint8_t before[sizeof g_rows], want[sizeof g_rows];
  unsigned bad = 0, cases = 0;
  for (unsigned len = 0; len <= kMaxRow; len += 2) {
    if (len > 16 && len != 126 && len != 200 && len != 274) continue;
    for (unsigned off_a = 0; off_a < 4; ++off_a)
      for (unsigned gap = 0; gap < 4; ++gap)
        for (const std::uint32_t mask : {0u, ~0u}) {
          for (auto& b : before) b = static_cast<std::uint8_t>(s.next());
          std::memcpy(g_rows, before, sizeof g_rows);
          std::memcpy(want, before, sizeof want);
          const unsigned a = off_a, b = off_a + len + gap;  // distinct, any alignment
          if (mask != 0)
            for (unsigned j = 0; j < len; ++j) std::swap(want[a + j], want[b + j]);
          sigspace_less_cswap_rows_armv7m(g_rows + a, g_rows + b, len, mask);
          if (std::memcmp(g_rows, want, sizeof want) != 0) ++bad;
          ++cases;
        }
  }
  MT_CHECK(bad == 0);
  MT_CHECK(cases == 12 * 4 * 4 * 2);
}

// swap_scan against ct_swap_at's contract: over count words of two entries (indices from
// 2 w0 on), the entry at pos comes back in its lane and perm[i]'s value is written there;
// nothing else changes. Lengths n = 252, 400, 548 and 126, 200, 274 from any first word, and
// the tails; entries 2-aligned, not 4.
constexpr unsigned kMaxEntries = 548;
alignas(4) std::uint16_t g_perm[kMaxEntries + 3];

void swap_scan_random() {
  WordStream s;
  for (int i = 0; i < 20000; ++i) (void)s.next();
  std::uint16_t want[kMaxEntries + 3];
  constexpr unsigned kLengths[] = {2, 4, 6, 8, 10, 12, 14, 16, 18, 126, 200, 252, 274, 400, 548};
  unsigned bad = 0, cases = 0;
  for (const unsigned n : kLengths)
    for (int rep = 0; rep < 40; ++rep) {
      for (unsigned j = 0; j < n + 3; ++j) g_perm[j] = static_cast<std::uint16_t>(s.next() % kMaxEntries);
      const unsigned from = s.next() % n, w0 = from / 2;
      const unsigned pos = from + s.next() % (n - from), at_i = s.next() % kMaxEntries;
      std::uint16_t* entries = g_perm + 1;  // 2 mod 4
      std::memcpy(want, entries, sizeof(std::uint16_t) * (n + 2));
      const std::uint32_t expect = pos % 2 == 0 ? want[pos] : static_cast<std::uint32_t>(want[pos]) << 16;
      want[pos] = static_cast<std::uint16_t>(at_i);
      const std::uint32_t got = sigspace_less_swap_scan_armv7m(
          reinterpret_cast<std::uint8_t*>(entries + 2 * w0), n / 2 - w0, (2 * w0) * 0x00010001u + 0x00010000u,
          pos * 0x00010001u, at_i * 0x00010001u);
      if (got != expect || std::memcmp(entries, want, sizeof(std::uint16_t) * (n + 2)) != 0) ++bad;
      ++cases;
    }
  MT_CHECK(bad == 0);
  MT_CHECK(cases == 15 * 40);
}

std::uint32_t g_col[kMaxWords], g_a[kMaxWords], g_b[kMaxWords];

// Painted: 36 bytes of saved registers and no frame; update2's f1 and f2 are stacked
// arguments in its caller's frame, which the measured lambda adds (52 bytes in all on the M4,
// 60 on the M33).
void stack_budget() {
  const std::size_t gather = sigspace::stack_measure(
      [](void*) { (void)sigspace_less_gather2_armv7m(g_col, g_a, g_b, kMaxWords); }, nullptr);
  const std::size_t update = sigspace::stack_measure(
      [](void*) { sigspace_less_update2_fold_armv7m(g_col, g_a, g_b, kMaxWords, 3, 5); }, nullptr);
  std::printf("  gather2 stack: %lu bytes, update2_fold: %lu bytes\n", static_cast<unsigned long>(gather),
              static_cast<unsigned long>(update));
  const std::size_t cswap = sigspace::stack_measure(
      [](void*) { sigspace_less_cswap_rows_armv7m(g_rows, g_rows + kMaxRow, kMaxRow, ~0u); }, nullptr);
  std::printf("  cswap_rows stack: %lu bytes\n", static_cast<unsigned long>(cswap));
  MT_CHECK(gather <= 40);
  MT_CHECK(update <= 64);
  const std::size_t scan = sigspace::stack_measure(
      [](void*) { (void)sigspace_less_swap_scan_armv7m(reinterpret_cast<std::uint8_t*>(g_perm), 274, 0x10000u, 3, 5); },
      nullptr);
  std::printf("  swap_scan stack: %lu bytes\n", static_cast<unsigned long>(scan));
  MT_CHECK(cswap <= 8);
  MT_CHECK(scan <= 48);
}

}  // namespace

int main() {
  const minitest::Case cases[] = {
      {"gather_random", gather_random},       {"update_random", update_random}, {"cswap_random", cswap_random},
      {"swap_scan_random", swap_scan_random}, {"stack_budget", stack_budget}};
  return minitest::run("less_lanes_armv7m", cases, sizeof cases / sizeof cases[0]);
}
