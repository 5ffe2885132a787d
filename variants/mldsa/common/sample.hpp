// Pseudorandom sampling, FIPS 204 Section 7.3: one polynomial per call, so an operating point
// can expand a whole matrix (reference) or one entry at a time (low-memory points).
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "mldsa/common/params.hpp"
#include "mldsa/common/poly.hpp"
#include "sigspace/bytes.hpp"
#include "sigspace/ct_declassify.hpp"
#include "sigspace/keccak.hpp"

namespace sigspace::mldsa {

// The samplers are templated on their sponge (stack-bound points pass the compact one; the
// output is the same), and those whose output a point may keep packed or fold into a product
// hand each value to emit instead of storing it. They read the sponge a block at a time
// through squeeze_block, in place, unless the sponge is a SqueezedXof. Those with an emit are
// always inlined, so emit is inlined into their loops.

// Xof whose output is only ever copied out by squeeze (a lane or a block at a time), as the
// official reference code does: the reference point's sponges, so that it costs what that code
// costs (reading in place would save the copy: under 2 % of ML-DSA-44 key generation on M4).
template <class Xof>
struct SqueezedXof : Xof {
  static constexpr bool squeezed = true;
};

// A SqueezedXof that hands out blocks squeezed into a buffer of its own, as the official code
// squeezes blocks into a stack buffer for its rejection samplers.
template <class Xof>
class BufferedXof : public SqueezedXof<Xof> {
 public:
  const std::uint8_t* squeeze_block() {
    Xof::squeeze(buf_, Xof::rate);
    return buf_;
  }
  void wipe() {
    Xof::wipe();
    ct::wipe(buf_, sizeof buf_);
  }

 private:
  std::uint8_t buf_[Xof::rate];
};

// The next n output bytes into out (a block boundary first): squeezed for a SqueezedXof or a
// sponge whose state does not hold its output bytes (the framed one), else copied from the
// state block by block.
template <class Xof>
[[gnu::always_inline]] inline void squeeze_out(Xof& h, std::uint8_t* out, std::size_t n) {
  if constexpr (requires { Xof::squeezed; } || !requires { h.squeeze_block(); }) {
    h.squeeze(out, n);
  } else {
    for (std::size_t at = 0; at < n; at += Xof::rate)
      std::memcpy(out + at, h.squeeze_block(), n - at < Xof::rate ? n - at : Xof::rate);
  }
}

// Algorithm 30, line 3: the seed rho || s || r of Algorithm 32, line 3 into the fresh XOF g,
// which is then ready to squeeze.
template <class Xof>
[[gnu::always_inline]] inline void absorb_matrix_seed(Xof& g, const std::uint8_t rho[32],
                                                      std::uint8_t s, std::uint8_t r) {
  g.absorb(rho, 32);
  const std::uint8_t idx[2] = {s, r};
  g.absorb(idx, 2);
  g.finalize();
}

// Algorithm 30 (RejNTTPoly) on the seed rho || s || r of Algorithm 32, line 3: entry
// A_hat[r][s], coefficient j to emit(j, a) for j = 0, 1, ..., 255 in order. The rejections
// depend only on the public seed rho, so they may branch.
template <class Xof = Shake128, class Emit>
[[gnu::always_inline]] inline void rej_ntt_sample(const std::uint8_t rho[32], std::uint8_t s,
                                                  std::uint8_t r, Emit&& emit) {
  Xof g;                                                 // line 2
  absorb_matrix_seed(g, rho, s, r);                      // line 3
  for (int j = 0; j < kN;) {                             // lines 1, 4
    const std::uint8_t* b = g.squeeze_block();           // line 5, a block at a time
    for (unsigned i = 0; i + 3 <= Xof::rate && j < kN; i += 3) {
      // Algorithm 14 (CoeffFromThreeBytes): lines 1-4 clear the top bit of b2, line 5.
      const std::uint32_t a = b[i] | std::uint32_t{b[i + 1]} << 8 |
                              std::uint32_t{b[i + 2] & 0x7Fu} << 16;
      if (a < static_cast<std::uint32_t>(kQ)) emit(j++, a);                     // lines 6-9
    }
  }
}

// Algorithm 14 (CoeffFromThreeBytes) on the four candidates in 12 output bytes held as three
// little-endian words (bytes 3t..3t+2 are candidate t; lines 1-4 keep 23 bits), each handed to
// take in order.
template <class Take>
[[gnu::always_inline]] inline void four_candidates(std::uint32_t w0, std::uint32_t w1,
                                                   std::uint32_t w2, Take&& take) {
  constexpr std::uint32_t mask = 0x7FFFFFu;
  take(w0 & mask);
  take((w0 >> 24 | w1 << 8) & mask);
  take((w1 >> 16 | w2 << 16) & mask);
  take((w2 >> 8) & mask);
}

// Algorithm 30, lines 4-9 for 24 output bytes (six little-endian words; three lanes of the
// framed sponge), or for the next 24 of g's output: the accepted candidates of the eight into
// z, in order; returns how many.
[[gnu::always_inline]] inline int accepted_of_words(const std::uint32_t w[6], std::uint32_t z[8]) {
  int n = 0;
  const auto keep = [z, &n](std::uint32_t c) {           // lines 6-9
    z[n] = c;
    n += c < static_cast<std::uint32_t>(kQ) ? 1 : 0;
  };
  four_candidates(w[0], w[1], w[2], keep);
  four_candidates(w[3], w[4], w[5], keep);
  return n;
}
template <class Xof>
[[gnu::always_inline]] inline int accepted_of_three_lanes(Xof& g, std::uint32_t z[8]) {
  std::uint32_t w[6];
  g.squeeze_three_lanes(w);
  return accepted_of_words(w, z);
}

// Algorithm 30 as rej_ntt_sample, the output read four candidates (12 bytes, three word
// loads) at a time: a block of 168 bytes is 14 such groups, so no candidate straddles a block.
// The same coefficients in the same order (the points that are free to differ from the
// official code's byte loop: the speed ceiling; on Cortex-M4 about half the instructions).
template <class Xof, class Emit>
[[gnu::always_inline]] inline void rej_ntt_sample_words(const std::uint8_t rho[32], std::uint8_t s,
                                                        std::uint8_t r, Emit&& emit) {
  static_assert(Xof::rate % 12 == 0, "SHAKE128's 168-byte block");
  Xof g;                                                 // line 2
  absorb_matrix_seed(g, rho, s, r);                      // line 3
  int j = 0;
  const auto take = [&](std::uint32_t z) {               // lines 6-9
    if (z < static_cast<std::uint32_t>(kQ) && j < kN) emit(j++, z);
  };
  while (j < kN) {                                       // lines 1, 4
    const std::uint8_t* b = g.squeeze_block();           // line 5, a block at a time
    for (unsigned i = 0; i < Xof::rate && j < kN; i += 12) {
      std::uint32_t w[3];
      std::memcpy(w, b + i, sizeof w);
      four_candidates(w[0], w[1], w[2], take);
    }
  }
}

// Algorithm 30 on a sponge that hands its output out three lanes at a time
// (squeeze_three_lanes: the framed sponge of sigspace/keccak_frames.hpp, whose state never
// holds the output bytes): eight candidates at a time; 168 = 7 x 24, so no candidate straddles a
// block, and no output buffer is needed. The same coefficients in the same order (the memory
// floor's A_hat).
template <class Xof, class Emit>
[[gnu::always_inline]] inline void rej_ntt_sample_lanes(const std::uint8_t rho[32], std::uint8_t s,
                                                        std::uint8_t r, Emit&& emit) {
  static_assert(Xof::rate % 24 == 0, "SHAKE128's 168-byte block");
  Xof g;                                                 // line 2
  absorb_matrix_seed(g, rho, s, r);                      // line 3
  int j = 0;
  while (j < kN) {                                       // lines 1, 4-5: 24 bytes at a time
    std::uint32_t z[8];
    const int n = accepted_of_three_lanes(g, z);        // first (public: rho is), so emit
    for (int t = 0; t < n && j < kN; ++t) emit(j++, z[t]);  // has one call site
  }
}

// The field f = eta - s_j that BitPack(s, eta, eta) stores (Algorithm 17, line 3) for an
// accepted nibble b of Algorithm 15 (CoeffFromHalfByte: s_j = 2 - (b mod 5) for eta 2, line 1;
// 4 - b for eta 4, line 3). b mod 5 is b - 5 * floor(205 b / 1024), exact for b < 15, so no
// division runs on secret data.
template <int Eta>
constexpr std::uint32_t eta_field_of_half_byte(std::uint32_t b) {
  if constexpr (Eta == 2) return b - 5 * ((205 * b) >> 10);
  else return b;
}

// Algorithm 31 (RejBoundedPoly) on the seed rho' || IntegerToBytes(r, 2) of Algorithm 33,
// lines 2 and 5: coefficient j goes to emit(j, f) as its BitPack field f = eta - s_j, in order,
// so a point may store s_j or write the key's encoding (Algorithm 24, lines 2-7) straight away.
// Which nibbles are rejected depends on the secret seed; as in the FIPS 204 pseudocode and the
// reference implementations, the rejection itself branches. It reveals only positions of
// discarded nibbles, which are independent of the accepted values. The sponge is wiped.
template <int Eta, class Xof = Shake256, class Emit>
[[gnu::always_inline]] inline void rej_bounded_sample(const std::uint8_t rho[64], std::uint16_t r,
                                                      Emit&& emit) {
  static_assert(Eta == 2 || Eta == 4);
  constexpr std::uint32_t limit = Eta == 2 ? 15 : 9;     // Algorithm 15, lines 1 and 3
  Xof h;                                                 // line 2
  h.absorb(rho, 64);                                     // line 3
  const std::uint8_t idx[2] = {static_cast<std::uint8_t>(r), static_cast<std::uint8_t>(r >> 8)};
  h.absorb(idx, 2);
  h.finalize();
  for (int j = 0; j < kN;) {                             // lines 1, 4
    const std::uint8_t* b = h.squeeze_block();           // line 5, a block at a time
    for (unsigned i = 0; i < Xof::rate && j < kN; ++i) {
      const std::uint32_t z0 = b[i] & 15u, z1 = b[i] >> 4u;                       // lines 6-7
      bool take[2] = {z0 < limit, z1 < limit};
      SIGSPACE_CT_DECLASSIFY(take, sizeof take);  // the rejection pattern (D2)
      if (take[0]) emit(j++, eta_field_of_half_byte<Eta>(z0));                   // lines 8-11
      if (take[1] && j < kN) emit(j++, eta_field_of_half_byte<Eta>(z1));         // lines 12-15
    }
  }
  h.wipe();
}

// Algorithm 34, line 3: rho'' || IntegerToBytes(kappa, 2) into the caller's sponge h, then
// ready to squeeze.
template <class Xof>
[[gnu::always_inline]] inline void absorb_mask_seed(Xof& h, const std::uint8_t rho2[64],
                                                    std::uint16_t kappa) {
  h.absorb(rho2, 64);
  const std::uint8_t idx[2] = {static_cast<std::uint8_t>(kappa),
                               static_cast<std::uint8_t>(kappa >> 8)};
  h.absorb(idx, 2);
  h.finalize();
}

// Algorithm 34, lines 3-4 for one polynomial: the 32c bytes H(rho'' || IntegerToBytes(kappa, 2))
// into out, on the caller's sponge h (fresh or reset; wiped on return), where kappa already
// includes the row offset r. They are BitPack(y, gamma1 - 1, gamma1), line 5 read backwards, and
// so already the encoding of z's slot in the signature (Algorithm 26, line 3): points may keep
// y packed. rho'' may lie inside out: it is absorbed whole before the output overwrites it.
template <std::int32_t Gamma1, class Xof>
[[gnu::always_inline]] inline void expand_mask_bytes(Xof& h, std::uint8_t* out,
                                                     const std::uint8_t rho2[64],
                                                     std::uint16_t kappa) {
  constexpr std::size_t bytes = 32 * (1 + bitlen(Gamma1 - 1));   // line 1: 32c
  absorb_mask_seed(h, rho2, kappa);                      // line 3
  squeeze_out(h, out, bytes);                            // line 4
  h.wipe();
}

// Algorithm 34, lines 3-5 for one polynomial: y = BitUnpack(expand_mask_bytes, gamma1 - 1,
// gamma1), on SqueezedXof<BasicShake256<F>>. F: keccak_f1600 (the reference) or, on board
// builds, keccak_f1600_armv7m (the keccak-kernel technique); sample.cpp instantiates both.
template <std::int32_t Gamma1, KeccakPermutation F = &keccak_f1600>
void expand_mask_poly(Poly& y, const std::uint8_t rho[64], std::uint16_t kappa);

// Algorithm 30 into a polynomial (the points that hold A_hat whole), on
// BufferedXof<BasicShake128<F>>, F as above; Words: rej_ntt_sample_words, else the byte loop.
template <KeccakPermutation F = &keccak_f1600, bool Words = false>
void rej_ntt_poly(Poly& a, const std::uint8_t rho[32], std::uint8_t s, std::uint8_t r);

// Algorithm 31 into a polynomial, on BufferedXof<Shake256>.
template <int Eta>
void rej_bounded_poly(Poly& a, const std::uint8_t rho[64], std::uint16_t r);

// rho'' = H(K || rnd || mu, 64), Algorithm 7, line 7, on the caller's sponge h (fresh or reset).
template <class Xof>
[[gnu::always_inline]] inline void derive_rho2_on(Xof& h, std::uint8_t rho2[64],
                                                  const std::uint8_t key[32],
                                                  const std::uint8_t rnd[32],
                                                  const std::uint8_t mu[64]) {
  h.absorb(key, 32);
  h.absorb(rnd, kRndBytes);
  h.absorb(mu, kMuBytes);
  h.finalize();
  h.squeeze(rho2, 64);
}

// The same on a sponge of its own, in its own frame (so it never sits under the signer's
// deeper calls), wiped afterwards: it has absorbed K.
template <class Xof = Shake256>
[[gnu::noinline]] void derive_rho2(std::uint8_t rho2[64], const std::uint8_t key[32],
                                   const std::uint8_t rnd[32], const std::uint8_t mu[64]) {
  Xof h;
  derive_rho2_on(h, rho2, key, rnd, mu);
  h.wipe();
}

// Algorithm 29: the challenge with tau coefficients +-1 from the commitment hash c_tilde, on
// the sponge Xof (stack-bound points pass the compact one; the output is the same). The index j
// and the loop on it are functions of c_tilde only, which is public in every attempt, rejected
// ones included (tests/ct/README.md, D3).
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

// Algorithm 32 (full matrix, as the FIPS 204 pseudocode keeps it), on permutation F, with
// the sampler rej_ntt_poly<F, Words>.
template <class P, KeccakPermutation F = &keccak_f1600, bool Words = false>
void expand_a(Poly (&a)[P::k][P::l], const std::uint8_t rho[32]) {
  for (int r = 0; r < P::k; ++r)      // line 1
    for (int s = 0; s < P::l; ++s)    // line 2
      rej_ntt_poly<F, Words>(a[r][s], rho, static_cast<std::uint8_t>(s),
                             static_cast<std::uint8_t>(r));
}

// Algorithm 33.
template <class P>
void expand_s(PolyVec<P::l>& s1, PolyVec<P::k>& s2, const std::uint8_t rho[64]) {
  for (int r = 0; r < P::l; ++r)  // lines 1-2
    rej_bounded_poly<P::eta>(s1.p[r], rho, static_cast<std::uint16_t>(r));
  for (int r = 0; r < P::k; ++r)  // lines 4-5
    rej_bounded_poly<P::eta>(s2.p[r], rho, static_cast<std::uint16_t>(r + P::l));
}

// Algorithm 34 (lines 2-5 over all l polynomials), on permutation F.
template <class P, KeccakPermutation F = &keccak_f1600>
void expand_mask(PolyVec<P::l>& y, const std::uint8_t rho[64], int kappa) {
  for (int r = 0; r < P::l; ++r)
    expand_mask_poly<P::gamma1, F>(y.p[r], rho, static_cast<std::uint16_t>(kappa + r));
}

}  // namespace sigspace::mldsa
