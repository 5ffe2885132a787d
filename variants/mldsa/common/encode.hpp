// Key and signature encodings, FIPS 204 Section 7.2 (Algorithms 22-28), per parameter set.
#pragma once
#include <cstdint>
#include <cstring>

#include "mldsa/common/bits.hpp"
#include "mldsa/common/key_layout.hpp"
#include "mldsa/common/pack.hpp"
#include "mldsa/common/params.hpp"
#include "mldsa/common/poly.hpp"

namespace sigspace::mldsa {

inline constexpr int kT1Bits = 23 - kD;  // bitlen(q - 1) - d
inline constexpr std::int32_t kT0Half = 1 << (kD - 1);

template <class P>
void pk_encode(std::uint8_t* pk, const std::uint8_t rho[32], const PolyVec<P::k>& t1) {
  using L = PkLayout<P>;
  std::memcpy(pk + L::rho, rho, 32);                                         // Alg. 22, line 1
  for (int i = 0; i < P::k; ++i)                                             // line 2
    simple_bit_pack(pk + L::t1_poly(i), t1.p[i], kT1Bits);                   // line 3
}

template <class P>
void pk_decode(const std::uint8_t* pk, std::uint8_t rho[32], PolyVec<P::k>& t1) {
  using L = PkLayout<P>;
  std::memcpy(rho, pk + L::rho, 32);                                         // Alg. 23, line 1
  for (int i = 0; i < P::k; ++i)                                             // line 2
    simple_bit_unpack(t1.p[i], pk + L::t1_poly(i), kT1Bits);                 // line 3
}

template <class P>
void sk_encode(std::uint8_t* sk, const std::uint8_t rho[32], const std::uint8_t key[32],
               const std::uint8_t tr[64], const PolyVec<P::l>& s1, const PolyVec<P::k>& s2,
               const PolyVec<P::k>& t0) {
  using L = SkLayout<P>;
  std::memcpy(sk + L::rho, rho, 32);                                         // Alg. 24, line 1
  std::memcpy(sk + L::key, key, 32);
  std::memcpy(sk + L::tr, tr, kTrBytes);
  std::uint8_t* p = sk + L::s1;
  for (int i = 0; i < P::l; ++i, p += P::poly_eta_bytes)                     // lines 2-4
    bit_pack(p, s1.p[i], P::eta, P::eta_bits);
  for (int i = 0; i < P::k; ++i, p += P::poly_eta_bytes)                     // lines 5-7
    bit_pack(p, s2.p[i], P::eta, P::eta_bits);
  for (int i = 0; i < P::k; ++i, p += kPolyT0Bytes)                          // lines 8-10
    bit_pack(p, t0.p[i], kT0Half, kD);
}

// Algorithm 25. Returns all-ones when a coefficient of s1 or s2 lies outside [-eta, eta]: the
// standard leaves such keys undefined, FIPS 204 Section 7.2 asks importers to check, and
// Wycheproof's InvalidPrivateKey cases expect rejection. Every coefficient is read (the
// verdict is the only thing a caller branches on).
template <class P>
std::uint32_t sk_decode(const std::uint8_t* sk, std::uint8_t rho[32], std::uint8_t key[32],
                        std::uint8_t tr[64], PolyVec<P::l>& s1, PolyVec<P::k>& s2,
                        PolyVec<P::k>& t0) {
  using L = SkLayout<P>;
  std::memcpy(rho, sk + L::rho, 32);                                         // line 1
  std::memcpy(key, sk + L::key, 32);
  std::memcpy(tr, sk + L::tr, kTrBytes);
  const std::uint8_t* p = sk + L::s1;
  for (int i = 0; i < P::l; ++i, p += P::poly_eta_bytes)                     // lines 2-4
    bit_unpack(s1.p[i], p, P::eta, P::eta_bits);
  for (int i = 0; i < P::k; ++i, p += P::poly_eta_bytes)                     // lines 5-7
    bit_unpack(s2.p[i], p, P::eta, P::eta_bits);
  for (int i = 0; i < P::k; ++i, p += kPolyT0Bytes)                          // lines 8-10
    bit_unpack(t0.p[i], p, kT0Half, kD);
  return vec_exceeds(s1, P::eta + 1) | vec_exceeds(s2, P::eta + 1);
}

// The range check of Algorithm 25 alone, on the encoded key in place: all-ones when some
// coefficient of s1 or s2 lies outside [-eta, eta] (its field above 2 eta). Every field is read.
template <class P>
[[gnu::always_inline]] inline std::uint32_t sk_s_out_of_range(const std::uint8_t* sk) {
  std::uint32_t bad = 0;
  for (int r = 0; r < P::l + P::k; ++r) {                                    // lines 2-7
    BitReader in(sk + SkLayout<P>::s_poly(r), 0);
    for (int m = 0; m < kN; ++m) bad |= ~ct::lt_mask(in.take(P::eta_bits), 2 * P::eta + 1);
  }
  return bad;
}

template <class P>
void sig_encode(std::uint8_t* sig, const std::uint8_t* ctilde, const PolyVec<P::l>& z,
                const PolyVec<P::k>& h) {
  std::memcpy(sig, ctilde, P::ctilde_bytes);                                 // Alg. 26, line 1
  std::uint8_t* p = sig + P::ctilde_bytes;
  for (int i = 0; i < P::l; ++i, p += P::poly_z_bytes)                       // lines 2-4
    bit_pack(p, z.p[i], P::gamma1, P::z_bits);
  hint_bit_pack(p, h.p, P::k, P::omega);                                     // line 5
}

// Algorithm 27; false when HintBitUnpack (Algorithm 21) rejects the hint encoding.
template <class P>
bool sig_decode(const std::uint8_t* sig, std::uint8_t* ctilde, PolyVec<P::l>& z,
                PolyVec<P::k>& h) {
  std::memcpy(ctilde, sig, P::ctilde_bytes);                                 // line 1
  const std::uint8_t* p = sig + P::ctilde_bytes;
  for (int i = 0; i < P::l; ++i, p += P::poly_z_bytes)                       // lines 2-4
    bit_unpack(z.p[i], p, P::gamma1, P::z_bits);
  return hint_bit_unpack(h.p, p, P::k, P::omega);                            // line 5
}

template <class P>
void w1_encode(std::uint8_t* out, const PolyVec<P::k>& w1) {                 // Algorithm 28
  for (int i = 0; i < P::k; ++i)                                             // lines 2-4
    simple_bit_pack(out + i * P::poly_w1_bytes, w1.p[i], P::w1_bits);
}

}  // namespace sigspace::mldsa
