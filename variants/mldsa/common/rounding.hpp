// High/low-order bits and hints, FIPS 204 Section 7.4 (Algorithms 35-40), per coefficient.
// Everything the signer runs is branch-free and division-free; UseHint runs only in
// verification, on public data.
#pragma once
#include <cstdint>

#include "mldsa/common/reduce.hpp"
#include "sigspace/ct.hpp"

namespace sigspace::mldsa {

// Algorithm 35 for r in [0, q): r0 = r mod+- 2^d in (-2^12, 2^12], r1 = (r - r0) / 2^d.
inline void power2round(std::int32_t r, std::int32_t& r1, std::int32_t& r0) {
  r1 = (r + (1 << (kD - 1)) - 1) >> kD;  // lines 2-3: ceil((r - 2^12) / 2^13)
  r0 = r - (r1 << kD);
}

// Algorithm 36 for r in [0, q) (line 1 is the caller's freeze).
// r1 = ceil((r - gamma2) / (2 gamma2)) makes r0 = r - 2 gamma2 r1 land in (-gamma2, gamma2]
// (line 2); the quotient is a multiply and shift by a 48-bit reciprocal, exact because
// r + gamma2 < 2^24 and the reciprocal's error times 2^24 stays below 2^48.
template <std::int32_t Gamma2>
inline void decompose(std::int32_t r, std::int32_t& r1, std::int32_t& r0) {
  constexpr std::int64_t two_g2 = 2 * std::int64_t{Gamma2};
  constexpr std::uint64_t recip = ((std::uint64_t{1} << 48) + two_g2 - 1) / two_g2;
  constexpr std::uint32_t top = (kQ - 1) / two_g2;  // r1 value that wraps to 0 (line 3)
  const auto x = static_cast<std::uint64_t>(r + Gamma2 - 1);
  r1 = static_cast<std::int32_t>((x * recip) >> 48);
  r0 = r - r1 * static_cast<std::int32_t>(two_g2);
  const std::uint32_t wrap = ct::eq_mask(static_cast<std::uint32_t>(r1), top);
  r0 -= static_cast<std::int32_t>(wrap & 1u);       // line 5
  r1 &= static_cast<std::int32_t>(~wrap);           // lines 4, 6
}

template <std::int32_t Gamma2>
inline std::int32_t high_bits(std::int32_t r) {  // Algorithm 37
  std::int32_t r1, r0;
  decompose<Gamma2>(r, r1, r0);
  return r1;
}

template <std::int32_t Gamma2>
inline std::int32_t low_bits(std::int32_t r) {  // Algorithm 38
  std::int32_t r1, r0;
  decompose<Gamma2>(r, r1, r0);
  return r0;
}

// Algorithm 39: 1 when adding z changes the high bits of r, else 0. r and z are any
// representatives with |r|, |r + z| < 2^31 - 2^22; both are reduced into [0, q) here.
template <std::int32_t Gamma2>
inline std::int32_t make_hint(std::int32_t z, std::int32_t r) {
  const std::int32_t r1 = high_bits<Gamma2>(freeze(r));      // line 1
  const std::int32_t v1 = high_bits<Gamma2>(freeze(r + z));  // line 2
  return static_cast<std::int32_t>(ct::nonzero_mask(static_cast<std::uint32_t>(r1 ^ v1)) & 1u);
}

// Algorithm 40 for r in [0, q). Verification only (public inputs), so it may branch.
template <std::int32_t Gamma2>
inline std::int32_t use_hint(std::int32_t h, std::int32_t r) {
  constexpr std::int32_t m = (kQ - 1) / (2 * Gamma2);  // line 1
  std::int32_t r1, r0;
  decompose<Gamma2>(r, r1, r0);                        // line 2
  if (h == 1 && r0 > 0) return r1 == m - 1 ? 0 : r1 + 1;   // line 3
  if (h == 1 && r0 <= 0) return r1 == 0 ? m - 1 : r1 - 1;  // line 4
  return r1;                                               // line 5
}

}  // namespace sigspace::mldsa
