// Arithmetic in F_127 (less-v2.0.md section 2; elements are stored one per byte in [0,126]).
// Everything here is constant-time: reductions fold 2^7 = 1 (mod 127) with shifts and masks.
#pragma once
#include <cstdint>

namespace sigspace::less {

inline constexpr unsigned kQ = 127;

// x < 2^16 -> x mod 127.
constexpr std::uint32_t fq_red(std::uint32_t x) {
  x = (x & 127u) + (x >> 7);  // < 640
  x = (x & 127u) + (x >> 7);  // < 133
  const std::uint32_t t = x - 127u;
  return t + ((0u - (t >> 31)) & 127u);  // t wrapped (x < 127) -> add 127 back
}
// Two 16-bit lanes of a word at once: one fold of 2^7 = 1 (mod 127) per lane, x -> (x & 127) +
// (x >> 7), and fq_red on both (lanes < 2^16): after two folds a lane is <= 131, and adding 1
// sets its bit 7 exactly when it is >= 127.
constexpr std::uint32_t fq_fold_lanes(std::uint32_t x) { return (x & 0x007f007fu) + ((x >> 7) & 0x01ff01ffu); }
constexpr std::uint32_t fq_red_lanes(std::uint32_t x) {
  x = fq_fold_lanes(fq_fold_lanes(x));
  return x - kQ * (((x + 0x00010001u) >> 7) & 0x00010001u);
}

// x < 2^25 -> x mod 127 by one multiply-high (no division): with M = ceil(2^32 / 127), whose
// 127 M = 2^32 + 111, x M / 2^32 exceeds x / 127 by x 111 / (127 2^32) < 1/127, which carries
// no fraction part r/127 (r <= 126) past the next integer. For sums and products kept
// unreduced (126^3 < 2^21).
constexpr std::uint32_t fq_mod(std::uint32_t x) {
  const auto q = static_cast<std::uint32_t>((std::uint64_t{x} * 33818641u) >> 32);
  return x - kQ * q;
}
static_assert(33818641ull * 127 == (1ull << 32) + 111);
// x < 254 -> x mod 127 with a mask (the reference's fq_cond_sub).
constexpr std::uint8_t fq_cond_sub(std::uint8_t x) {
  const std::uint8_t s = static_cast<std::uint8_t>(x - kQ);
  const std::uint8_t mask = static_cast<std::uint8_t>(0u - (s >> 7));  // x < 127: s wrapped
  return static_cast<std::uint8_t>((mask & kQ) + s);
}
// a * b mod 127 for a * b < 16256: one fold of 2^7 = 1 (mod 127), then a conditional
// subtraction, the reference's fq_mul (so that its instruction mix is the reference's too).
constexpr std::uint8_t fq_mul(std::uint32_t a, std::uint32_t b) {
  const std::uint16_t x = static_cast<std::uint16_t>(a * b);  // 16-bit lanes, as the reference
  return fq_cond_sub(static_cast<std::uint8_t>((x >> 7) + (static_cast<std::uint8_t>(x) & kQ)));
}
// x - y mod 127 for x, y < 127 (the reference's fq_sub).
constexpr std::uint8_t fq_sub(std::uint8_t x, std::uint8_t y) {
  return fq_cond_sub(static_cast<std::uint8_t>(x + kQ - y));
}
// a^125 = a^-1 by a fixed chain (0 maps to 0, as the specification's table does).
constexpr std::uint8_t fq_inv(std::uint32_t a) {
  const std::uint32_t a2 = fq_mul(a, a), a4 = fq_mul(a2, a2), a8 = fq_mul(a4, a4);
  const std::uint32_t a16 = fq_mul(a8, a8), a32 = fq_mul(a16, a16), a64 = fq_mul(a32, a32);
  return fq_mul(fq_mul(fq_mul(a64, a32), fq_mul(a16, a8)), fq_mul(a4, a));  // 64+32+16+8+4+1
}

// row[j] += add[j] * f (mod 127) for j in [0, len), f <= 127. x <= 16255, one fold of
// 2^7 = 1 (mod 127) leaves x <= 253, which fits a byte, and min(x, x - 127) finishes (x - 127
// wraps above x exactly when x < 127), so the last step runs in 8-bit lanes. No division.
inline void fq_row_axpy(std::uint8_t* __restrict row, const std::uint8_t* __restrict add,
                        std::uint16_t f, unsigned len) {
  for (unsigned j = 0; j < len; ++j) {
    const std::uint16_t x = static_cast<std::uint16_t>(row[j] + add[j] * f);
    const std::uint8_t b = static_cast<std::uint8_t>((x & 127u) + (x >> 7));
    const std::uint8_t y = static_cast<std::uint8_t>(b - kQ);
    row[j] = y < b ? y : b;
  }
}

// Inverse table for public or deliberately data-dependent code (canonical form, verify).
struct FqInvTable {
  std::uint8_t v[128];
  constexpr FqInvTable() : v{} {
    for (unsigned i = 0; i < 128; ++i) v[i] = i < kQ ? fq_inv(i) : 0;
  }
};
inline constexpr FqInvTable kFqInv{};

static_assert(fq_mod((1u << 25) - 1) == ((1u << 25) - 1) % 127 && fq_mod(127u * 264000) == 0);
static_assert(fq_inv(3) * 3 % 127 == 1 && fq_inv(126) == 126 && fq_inv(0) == 0);
static_assert(fq_mul(126, 127) == 0 && fq_mul(126, 126) == 1 && fq_sub(0, 126) == 1);

}  // namespace sigspace::less
