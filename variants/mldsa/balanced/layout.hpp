// Storage of the balanced signer: where each buffer of an attempt sits in its one working region
// (packed rows are the common Fields, one word access a coefficient). Phase 1 (w = A_hat o NTT(y))
// needs k int32 accumulators and NTT(y_j); afterwards w shrinks to packed rows, and the two
// polynomials of the challenge products (c_hat and one product) move into the space it frees.
#pragma once
#include <algorithm>
#include <cstdint>
#include <cstring>

#include "mldsa/common/bits.hpp"
#include "mldsa/common/fast.hpp"
#include "mldsa/common/poly.hpp"

namespace sigspace::mldsa::balanced {

// Techniques of this point besides those of common/fast.hpp (bits 0-4). Each changes how a value
// is computed or where it is kept, never the value.
inline constexpr unsigned kYInSig = 1u << 8;    // "y-in-signature": y_j kept in its z slot
inline constexpr unsigned kCompactKeccak = 1u << 9;  // "compact-keccak": the in-place permutation
inline constexpr unsigned kPackedW = 1u << 10;  // "packed-w": w packed after phase 1, room reused
inline constexpr unsigned kR0First = 1u << 11;  // "r0-first": the likelier rejection checked first

inline constexpr int kABits = 23;  // an entry of A_hat: 256 coefficients in [0, q), 736 bytes
inline constexpr std::size_t kAEntryBytes = kABits * kN / 8;

// Byte offsets in the region of one attempt. Phase 1: accumulator rows 0..k-1, then NTT(y_j).
// After it, row i of w (gamma2 - w0 with decompose-once, else w itself) at i * row: field m
// of it ends before coefficient m + 1 of accumulator row i starts, so each row packs in place.
// w1Encode(w1) at w1, in the room of NTT(y_j); one product at u and c_hat at c. Without
// packed-w nothing moves: w stays int32 in the accumulators and w1, u, c follow them. The
// region ends with 4 bytes of slack for the word accesses of Fields.
template <class P, unsigned T>
struct Layout {
  static constexpr bool packed = (T & kPackedW) != 0;
  static constexpr bool once = (T & fast::kDecomposeOnce) != 0;
  static constexpr int w0_bits = bitlen(static_cast<std::uint32_t>(2 * P::gamma2 - 1));
  static constexpr int w_bits = !packed ? 32 : once ? w0_bits : kABits;
  static constexpr std::size_t poly = sizeof(Poly);
  static constexpr std::size_t row = static_cast<std::size_t>(w_bits) * kN / 8;
  // w1 of every row with decompose-once (MakeHint reads it); otherwise one row, for the hash.
  static constexpr std::size_t w1_bytes = (once ? P::k : 1) * P::poly_w1_bytes;
  static constexpr std::size_t yhat = P::k * poly;
  static constexpr std::size_t w1 = packed ? (P::k + 1) * poly - w1_bytes : (P::k + 1) * poly;
  static constexpr std::size_t u = packed ? P::k * row : w1 + w1_bytes;
  static constexpr std::size_t c = u + poly;
  static constexpr std::size_t bytes = std::max(c + poly, w1 + w1_bytes) + 4;
  static_assert(row <= poly && w1_bytes <= poly && u % 4 == 0);
  // With decompose-once w1 lives until the hints, so it may not meet c_hat; else it is gone.
  static_assert(!packed || !once || c + poly <= w1);
};

inline Poly& poly_at(std::uint8_t* region, std::size_t offset) {
  return *reinterpret_cast<Poly*>(region + offset);  // offsets are multiples of 4
}

}  // namespace sigspace::mldsa::balanced
