#include "less/common/ct_permute.hpp"

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

struct Net {
  std::uint16_t* keys;
  std::uint8_t* rows;
  std::uint16_t* payload;
  unsigned row_len;
  bool kernel;  // row_len even and the build has the row-exchange kernel

  // Comparator (i < j): afterwards keys[i] <= keys[j].
  void compare(unsigned i, unsigned j) {
    const std::uint32_t a = keys[i], b = keys[j];
    const std::uint32_t swap = ct::lt_mask(b, a);
    const std::uint32_t dk = (a ^ b) & swap;
    keys[i] = static_cast<std::uint16_t>(a ^ dk);
    keys[j] = static_cast<std::uint16_t>(b ^ dk);
    if (payload != nullptr) {
      const std::uint32_t dp = (payload[i] ^ payload[j]) & swap;
      payload[i] = static_cast<std::uint16_t>(payload[i] ^ dp);
      payload[j] = static_cast<std::uint16_t>(payload[j] ^ dp);
    }
    std::uint8_t* row_i = rows + std::size_t{i} * row_len;
    std::uint8_t* row_j = rows + std::size_t{j} * row_len;
#if defined(SIGSPACE_HAVE_LESS_LANES_ARMV7M)
    if (kernel) return sigspace_less_cswap_rows_armv7m(row_i, row_j, row_len, swap);
#endif
    swap_rows(row_i, row_j, row_len, static_cast<std::uint8_t>(swap));
  }
  // Batcher's merge exchange for any n (Knuth, TAOCP vol. 3, 5.2.2, Algorithm M), by loops
  // alone: the network's recursive forms put a frame per level on the stack (14 levels at
  // n = 128), which the memory floor cannot spare. Which pairs meet depends on n only.
  void sort(unsigned n) {
    if (n < 2) return;
    unsigned t = 1;
    while ((1u << t) < n) ++t;  // t = ceil(lg n)
    for (unsigned p = 1u << (t - 1); p > 0; p >>= 1) {  // M1, M5
      for (unsigned q = 1u << (t - 1), r = 0, d = p;;) {  // M2
        for (unsigned i = 0; i + d < n; ++i)  // M3
          if ((i & p) == r) compare(i, i + d);
        if (q == p) break;  // M4
        d = q - p, q >>= 1, r = p;
      }
    }
  }
};

}  // namespace

void ct_sort_rows(std::uint16_t* keys, std::uint8_t* rows, unsigned count, unsigned row_len, bool kernel) {
  Net{keys, rows, nullptr, row_len, kernel && row_len % 2 == 0}.sort(count);
}

void ct_sort_pairs(std::uint16_t* keys, std::uint16_t* payload, unsigned count) {
  Net{keys, nullptr, payload, 0, false}.sort(count);
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
