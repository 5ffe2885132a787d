// Constant-time helpers: no branch, index or division depends on the data they take.
#pragma once
#include <cstddef>
#include <cstdint>

#include "sigspace/bytes.hpp"

namespace sigspace::ct {

// All-ones when x != 0, else zero.
inline std::uint32_t nonzero_mask(std::uint32_t x) {
  return static_cast<std::uint32_t>(0) - ((x | (static_cast<std::uint32_t>(0) - x)) >> 31);
}
inline std::uint32_t eq_mask(std::uint32_t a, std::uint32_t b) { return ~nonzero_mask(a ^ b); }
// All-ones when a < b (as unsigned 32-bit values).
inline std::uint32_t lt_mask(std::uint32_t a, std::uint32_t b) {
  return static_cast<std::uint32_t>(0) - static_cast<std::uint32_t>((static_cast<std::uint64_t>(a) - b) >> 63);
}
inline std::uint32_t select(std::uint32_t mask, std::uint32_t a, std::uint32_t b) {
  return b ^ (mask & (a ^ b));  // mask all-ones -> a, zero -> b
}

// Returns 0 when equal, nonzero otherwise; always reads every byte.
std::uint8_t compare(Bytes a, Bytes b);
// dst = src when mask is 0xFF, unchanged when 0x00.
void cmov(MutBytes dst, Bytes src, std::uint8_t mask);
// Zeroise memory in a way the compiler does not elide.
void wipe(void* p, std::size_t n);

// x mod d for a secret x and a public d < 2^16, without a division instruction (UDIV/SDIV and
// x86 DIV take operand-dependent time): restoring long division with masks.
inline std::uint32_t mod_public(std::uint32_t x, std::uint32_t d) {
  std::uint32_t r = 0;
  for (int bit = 31; bit >= 0; --bit) {
    r = (r << 1) | ((x >> bit) & 1u);
    r -= d & ~lt_mask(r, d);
  }
  return r;
}

}  // namespace sigspace::ct
