// Pseudorandom sampling, FIPS 204 Section 7.3: one polynomial per call, so an operating point
// can expand a whole matrix (reference) or one entry at a time (low-memory points).
#pragma once
#include <cstddef>
#include <cstdint>

#include "poly.hpp"
#include "sigspace/bytes.hpp"
#include "sigspace/keccak.hpp"

namespace sigspace::mldsa {

// Algorithm 30 on the seed rho || s || r of Algorithm 32, line 3: entry A_hat[r][s].
void rej_ntt_poly(Poly& a, const std::uint8_t rho[32], std::uint8_t s, std::uint8_t r);

// Algorithm 31 on the seed rho' || IntegerToBytes(r, 2) of Algorithm 33, lines 2 and 5.
template <int Eta>
void rej_bounded_poly(Poly& a, const std::uint8_t rho[64], std::uint16_t r);

// Algorithm 34, lines 3-5 for one polynomial: y = BitUnpack(H(rho'' || IntegerToBytes(kappa, 2),
// 32c), gamma1 - 1, gamma1) where kappa already includes the row offset r.
template <std::int32_t Gamma1>
void expand_mask_poly(Poly& y, const std::uint8_t rho[64], std::uint16_t kappa);

// Algorithm 29: the challenge with tau coefficients +-1 from the commitment hash c_tilde, on
// the sponge Xof (stack-bound points pass the compact one; the output is the same). c_tilde is
// published with the signature; the index j and the loop on it are functions of c_tilde only,
// and are treated as public as in the reference code.
template <class Xof = Shake256>
void sample_in_ball(Poly& c, Bytes ctilde, int tau) {
  for (auto& x : c.c) x = 0;                           // line 1
  Xof h;                                               // line 2
  h.absorb(ctilde);                                    // line 3
  h.finalize();
  std::uint64_t signs = 0;                             // lines 4-5: h = BytesToBits(s)
  for (int b = 0; b < 8; ++b) signs |= std::uint64_t{h.squeeze_byte()} << (8 * b);
  for (int i = kN - tau; i < kN; ++i) {                // line 6
    int j = h.squeeze_byte();                          // line 7
    while (j > i) j = h.squeeze_byte();                // lines 8-10
    c.c[i] = c.c[j];                                   // line 11
    const auto bit = static_cast<std::int32_t>((signs >> (i + tau - kN)) & 1);
    c.c[j] = 1 - 2 * bit;                              // line 12: (-1)^h[i+tau-256]
  }
}

// Algorithm 6, line 1: rho (32) || rho' (64) || K (32) = H(xi || k || l, 128) into seeds, on
// the sponge Xof (stack-bound points pass the compact one; the output is the same).
template <class P, class Xof = Shake256>
void expand_seed(std::uint8_t seeds[128], const std::uint8_t xi[32]) {
  Xof h;
  h.absorb(xi, 32);
  const std::uint8_t kl[2] = {P::k, P::l};
  h.absorb(kl, 2);
  h.finalize();
  h.squeeze(seeds, 128);
  h.wipe();
}

// Algorithm 32 (full matrix, as the FIPS 204 pseudocode keeps it).
template <class P>
void expand_a(Poly (&a)[P::k][P::l], const std::uint8_t rho[32]) {
  for (int r = 0; r < P::k; ++r)      // line 1
    for (int s = 0; s < P::l; ++s)    // line 2
      rej_ntt_poly(a[r][s], rho, static_cast<std::uint8_t>(s), static_cast<std::uint8_t>(r));
}

// Algorithm 33.
template <class P>
void expand_s(PolyVec<P::l>& s1, PolyVec<P::k>& s2, const std::uint8_t rho[64]) {
  for (int r = 0; r < P::l; ++r)  // lines 1-2
    rej_bounded_poly<P::eta>(s1.p[r], rho, static_cast<std::uint16_t>(r));
  for (int r = 0; r < P::k; ++r)  // lines 4-5
    rej_bounded_poly<P::eta>(s2.p[r], rho, static_cast<std::uint16_t>(r + P::l));
}

// Algorithm 34 (lines 2-5 over all l polynomials).
template <class P>
void expand_mask(PolyVec<P::l>& y, const std::uint8_t rho[64], int kappa) {
  for (int r = 0; r < P::l; ++r)
    expand_mask_poly<P::gamma1>(y.p[r], rho, static_cast<std::uint16_t>(kappa + r));
}

}  // namespace sigspace::mldsa
