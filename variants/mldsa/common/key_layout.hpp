// Where each field of the FIPS 204 keys sits, per parameter set: pkEncode (Algorithm 22) and
// skEncode (Algorithm 24) write them in this order, and points that read an encoded key in
// place (the balanced and memory-floor signers) take their offsets from here.
#pragma once
#include <cstddef>

#include "mldsa/common/params.hpp"

namespace sigspace::mldsa {

template <class P>
struct PkLayout {
  static constexpr std::size_t rho = 0;                              // Algorithm 22, line 1
  static constexpr std::size_t t1 = 32;                              // lines 2-4
  static constexpr std::size_t t1_poly(int i) { return t1 + i * kPolyT1Bytes; }
  static constexpr std::size_t bytes = t1_poly(P::k);
  static_assert(bytes == P::pk_bytes);
};

template <class P>
struct SkLayout {
  static constexpr std::size_t rho = 0, key = 32, tr = 64;           // Algorithm 24, line 1
  static constexpr std::size_t s1 = tr + kTrBytes;                   // lines 2-4
  static constexpr std::size_t s2 = s1 + P::l * P::poly_eta_bytes;   // lines 5-7
  static constexpr std::size_t t0 = s2 + P::k * P::poly_eta_bytes;   // lines 8-10
  // Polynomial r of s1 || s2 (s1[r] for r < l, else s2[r - l]): both are BitPack(., eta, eta).
  static constexpr std::size_t s_poly(int r) { return s1 + r * P::poly_eta_bytes; }
  static constexpr std::size_t t0_poly(int i) { return t0 + i * kPolyT0Bytes; }
  static constexpr std::size_t bytes = t0_poly(P::k);
  static_assert(bytes == P::sk_bytes);
};

}  // namespace sigspace::mldsa
