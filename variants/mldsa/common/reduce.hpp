// Modular reduction mod q without division (constant time on every target we build for):
// Montgomery reduction for products, a shift-based Barrett step for sums, a masked add for
// the final canonical representative.
#pragma once
#include <cstdint>

#include "mldsa/common/params.hpp"

namespace sigspace::mldsa {

// q^-1 mod 2^32 by Newton iteration (each step doubles the correct low bits).
constexpr std::uint32_t inverse_mod_2_32(std::uint32_t a) {
  std::uint32_t x = a;  // correct to 3 bits for odd a
  for (int i = 0; i < 5; ++i) x *= 2u - a * x;
  return x;
}
inline constexpr std::uint32_t kQinv = inverse_mod_2_32(static_cast<std::uint32_t>(kQ));
static_assert(kQinv * static_cast<std::uint32_t>(kQ) == 1u);

// Returns r = a * 2^-32 mod q with |r| < q, for |a| < 2^31 * q.
// On Arm it is the three instructions MUL, SMLAL after the product's SMULL, as the official
// reference compiles to with -O3: GCC -O2 otherwise turns the multiplication by q^-1 into three
// shift-and-adds and the accumulation into a second SMULL with a 64-bit add (17 instructions a
// butterfly against 11). Same value either way.
inline std::int32_t montgomery_reduce(std::int64_t a) {
#if defined(__arm__)
  std::uint32_t lo = static_cast<std::uint32_t>(a), t;
  auto hi = static_cast<std::int32_t>(a >> 32);
  asm("mul %0, %1, %2" : "=r"(t) : "r"(lo), "r"(kQinv));            // t = a q^-1 mod 2^32
  asm("smlal %0, %1, %2, %3" : "+r"(lo), "+r"(hi) : "r"(t), "r"(-kQ));  // (a - t q) / 2^32
  return hi;
#else
  const auto t = static_cast<std::int32_t>(static_cast<std::uint32_t>(a) * kQinv);
  return static_cast<std::int32_t>((a - static_cast<std::int64_t>(t) * kQ) >> 32);
#endif
}

// Returns r = a mod q with -6283009 <= r <= 6283008, for a <= 2^31 - 2^22 - 1.
// 2^23 is close enough to q that one multiple-of-q subtraction lands near zero.
inline std::int32_t reduce32(std::int32_t a) {
  const std::int32_t t = (a + (1 << 22)) >> 23;
  return a - t * kQ;
}

// Adds q when a is negative (mask from the sign bit, no branch).
inline std::int32_t caddq(std::int32_t a) { return a + ((a >> 31) & kQ); }

// The representative of a mod q in [0, q).
inline std::int32_t freeze(std::int32_t a) { return caddq(reduce32(a)); }

}  // namespace sigspace::mldsa
