#include "less/common/ct_permute.hpp"

#include <algorithm>
#include <cstring>

#include "less/arch/armv7m/lanes_armv7m.hpp"
#include "sigspace/ct.hpp"

namespace sigspace::less {
namespace {

// Masked swap of two distinct rows, four bytes per step: rows start anywhere, so the words go
// through memcpy (single loads and stores, which the Cortex-M4 and M33 allow unaligned; never
// the LDRD/LDM that fault); __restrict lets the host run the loop in vector lanes.
void swap_rows(std::uint8_t* __restrict a, std::uint8_t* __restrict b, unsigned len, std::uint8_t mask) {
  const std::uint32_t wide = 0x01010101u * mask;
  unsigned c = 0;
  for (; c + 4 <= len; c += 4) {
    std::uint32_t x, y;
    std::memcpy(&x, a + c, 4), std::memcpy(&y, b + c, 4);
    const std::uint32_t d = (x ^ y) & wide;
    x ^= d, y ^= d;
    std::memcpy(a + c, &x, 4), std::memcpy(b + c, &y, 4);
  }
  for (; c < len; ++c) {
    const std::uint8_t d = static_cast<std::uint8_t>((a[c] ^ b[c]) & mask);
    a[c] = static_cast<std::uint8_t>(a[c] ^ d);
    b[c] = static_cast<std::uint8_t>(b[c] ^ d);
  }
}

// Batcher's merge exchange for any n (Knuth, TAOCP vol. 3, 5.2.2, Algorithm M), by loops
// alone: the network's recursive forms put a frame per level on the stack (14 levels at
// n = 128), which the memory floor cannot spare. Which pairs meet depends on n only. Each
// comparator (i < j) leaves keys[i] <= keys[j] and passes its swap mask to move(i, j, mask),
// which moves what travels with the keys (a template, so each caller's comparator is one loop
// body with no per-comparator test of what it carries).
template <class Move>
void merge_exchange(std::uint16_t* keys, unsigned n, Move move) {
  if (n < 2) return;
  auto compare = [&](unsigned i, unsigned j) {
    const std::uint32_t x = keys[i], y = keys[j];
    const std::uint32_t swap = ct::lt_mask(y, x), dk = (x ^ y) & swap;
    keys[i] = static_cast<std::uint16_t>(x ^ dk);
    keys[j] = static_cast<std::uint16_t>(y ^ dk);
    move(i, j, swap);
  };
  unsigned t = 1;
  while ((1u << t) < n) ++t;  // t = ceil(lg n)
  for (unsigned p = 1u << (t - 1); p > 0; p >>= 1) {  // M1, M5
    for (unsigned q = 1u << (t - 1), r = 0, d = p;;) {  // M2
      // M3: every i with (i & p) == r, i.e. i mod 2p in [r, r + p). The comparators of one
      // step are disjoint, so any order gives the same result: runs of p for large p, and for
      // small p one stride-2p loop per offset (long loops either way).
      if (p >= 8)
        for (unsigned b = r; b + d < n; b += 2 * p)
          for (unsigned i = b, end = std::min(b + p, n - d); i < end; ++i) compare(i, i + d);
      else
        for (unsigned o = r; o < r + p; ++o)
          for (unsigned i = o; i + d < n; i += 2 * p) compare(i, i + d);
      if (q == p) break;  // M4
      d = q - p, q >>= 1, r = p;
    }
  }
}

}  // namespace

void ct_sort_rows(std::uint16_t* keys, std::uint8_t* rows, unsigned count, unsigned row_len, bool kernel) {
  auto row = [=](unsigned i) { return rows + std::size_t{i} * row_len; };
#if defined(SIGSPACE_HAVE_LESS_LANES_ARMV7M)
  if (kernel && row_len % 2 == 0)  // the row-exchange kernel takes even lengths
    return merge_exchange(keys, count, [=](unsigned i, unsigned j, std::uint32_t swap) {
      sigspace_less_cswap_rows_armv7m(row(i), row(j), row_len, swap);
    });
#else
  (void)kernel;
#endif
  merge_exchange(keys, count, [=](unsigned i, unsigned j, std::uint32_t swap) {
    swap_rows(row(i), row(j), row_len, static_cast<std::uint8_t>(swap));
  });
}

void ct_sort_pairs(std::uint16_t* keys, std::uint16_t* payload, unsigned count) {
  merge_exchange(keys, count, [=](unsigned i, unsigned j, std::uint32_t swap) {
    const std::uint32_t dp = (payload[i] ^ payload[j]) & swap;
    payload[i] = static_cast<std::uint16_t>(payload[i] ^ dp);
    payload[j] = static_cast<std::uint16_t>(payload[j] ^ dp);
  });
}

std::uint16_t ct_lookup_u16(const std::uint16_t* a, unsigned n, std::uint32_t idx) {
  std::uint32_t v = 0;
  for (unsigned j = 0; j < n; ++j) v |= a[j] & ct::eq_mask(j, idx);
  return static_cast<std::uint16_t>(v);
}

std::uint32_t ct_find_u16(const std::uint16_t* a, unsigned n, std::uint32_t value) {
  std::uint32_t idx = 0;
  for (unsigned j = 0; j < n; ++j) idx |= j & ct::eq_mask(a[j], value);
  return idx;
}

}  // namespace sigspace::less
