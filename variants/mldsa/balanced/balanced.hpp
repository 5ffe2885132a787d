// ML-DSA balanced operating point: signing in about 20 KB. The retained state is the encoded
// secret key; per attempt only w = A o NTT(y) is held whole (k polynomials, later w0 and then
// the hints), while A_hat entries, y, s1, s2 and t0 pass through two polynomial buffers.
// Speed comes from the flags of common/fast.hpp; T is the set switched on.
#pragma once
#include <cstdint>

#include "../common/fast.hpp"
#include "../reference/reference.hpp"

namespace sigspace::mldsa::balanced {

template <class P>
struct Work {
  PolyVec<P::k> w;  // A o NTT(y); then w0 (decompose-once) or w; then the hints
  Poly c, t, u;
  std::uint8_t w1_bytes[P::k * P::poly_w1_bytes];  // w1Encode(w1), kept for MakeHint
};

template <class P>
const std::uint8_t* s_poly(const std::uint8_t* sk, int r) {  // Algorithm 25, lines 2-7
  return sk + 128 + r * P::poly_eta_bytes;
}
template <class P>
const std::uint8_t* t0_poly(const std::uint8_t* sk, int i) {  // Algorithm 25, lines 8-10
  return sk + 128 + (P::l + P::k) * P::poly_eta_bytes + i * kPolyT0Bytes;
}

// NTT^-1(NTT(c) o NTT(s)) for one packed polynomial s of the key: the exact product c * s.
template <class P, unsigned T>
void key_times_c(Poly& out, const Poly& c_hat, const std::uint8_t* packed, bool is_t0) {
  if (is_t0) bit_unpack(out, packed, kT0Half, kD);
  else bit_unpack(out, packed, P::eta, P::eta_bits);
  fast::ntt<T>(out);
  fast::challenge_times<T>(out, c_hat, out);
}

// One attempt of Algorithm 7, lines 11-29, writing c_tilde and z into sig as they appear;
// true when every check passes (then the hints are packed too).
template <class P, unsigned T>
bool attempt(const std::uint8_t* sk, const std::uint8_t mu[64], const std::uint8_t rho2[64],
             int kappa, Work<P>& s, std::uint8_t* sig) {
  constexpr bool early = (T & fast::kEarlyReject) != 0;
  constexpr bool once = (T & fast::kDecomposeOnce) != 0;
  for (auto& p : s.w.p) for (auto& x : p.c) x = 0;
  for (int j = 0; j < P::l; ++j) {                                     // line 12, by column
    expand_mask_poly<P::gamma1>(s.t, rho2, static_cast<std::uint16_t>(kappa + j));  // line 11
    fast::ntt<T>(s.t);
    for (int i = 0; i < P::k; ++i) {
      rej_ntt_poly(s.u, sk, static_cast<std::uint8_t>(j), static_cast<std::uint8_t>(i));  // Alg. 32
      poly_pointwise_acc(s.w.p[i], s.u, s.t);
    }
  }
  Shake256 h;                                                          // line 15, streamed
  h.absorb(mu, kMuBytes);
  for (int i = 0; i < P::k; ++i) {
    poly_reduce(s.w.p[i]);
    fast::invntt<T>(s.w.p[i]);
    poly_freeze(s.w.p[i]);
    for (int n = 0; n < kN; ++n) {                                     // line 13
      if constexpr (once) decompose<P::gamma2>(s.w.p[i].c[n], s.t.c[n], s.w.p[i].c[n]);
      else s.t.c[n] = high_bits<P::gamma2>(s.w.p[i].c[n]);
    }
    simple_bit_pack(s.w1_bytes + i * P::poly_w1_bytes, s.t, P::w1_bits);  // Algorithm 28
  }
  h.absorb(s.w1_bytes, sizeof s.w1_bytes);
  h.finalize();
  h.squeeze(sig, P::ctilde_bytes);                                     // Alg. 26, line 1
  sample_in_ball(s.c, Bytes(sig, P::ctilde_bytes), P::tau);            // line 16
  fast::ntt<T>(s.c);                                                   // line 17
  std::uint32_t reject = 0;
  for (int j = 0; j < P::l; ++j) {                                     // lines 18, 20
    key_times_c<P, T>(s.u, s.c, s_poly<P>(sk, j), false);
    expand_mask_poly<P::gamma1>(s.t, rho2, static_cast<std::uint16_t>(kappa + j));
    poly_add(s.t, s.t, s.u);
    reject |= poly_exceeds(s.t, P::gamma1 - P::beta);                  // line 23, z part
    if (early && reject != 0) return false;
    bit_pack(sig + P::ctilde_bytes + j * P::poly_z_bytes, s.t, P::gamma1, P::z_bits);  // Alg. 26
  }
  for (int i = 0; i < P::k; ++i) {                                     // lines 19, 21
    key_times_c<P, T>(s.u, s.c, s_poly<P>(sk, P::l + i), false);
    poly_sub(s.w.p[i], s.w.p[i], s.u);
    if constexpr (once) {  // r0 = w0 - cs2, equal to LowBits(w - cs2) whenever it passes
      reject |= poly_exceeds(s.w.p[i], P::gamma2 - P::beta);
    } else {
      poly_freeze(s.w.p[i]);
      for (int n = 0; n < kN; ++n) s.t.c[n] = low_bits<P::gamma2>(s.w.p[i].c[n]);
      reject |= poly_exceeds(s.t, P::gamma2 - P::beta);
    }
    if (early && reject != 0) return false;
  }
  if (reject != 0) return false;
  std::uint32_t ones = 0;
  for (int i = 0; i < P::k; ++i) {
    key_times_c<P, T>(s.u, s.c, t0_poly<P>(sk, i), true);              // line 25
    if constexpr (once) simple_bit_unpack(s.t, s.w1_bytes + i * P::poly_w1_bytes, P::w1_bits);
    for (int n = 0; n < kN; ++n) {                                     // line 26, into w
      std::int32_t& x = s.w.p[i].c[n];
      if constexpr (once) x = fast::make_hint_w0<P::gamma2>(x + s.u.c[n], s.t.c[n]);
      else x = make_hint<P::gamma2>(-s.u.c[n], x + s.u.c[n]);
    }
    reject |= poly_exceeds(s.u, P::gamma2);                            // line 28, ct0 part
    ones += fast::hint_count(s.w.p[i]);
    if (early && reject != 0) return false;
  }
  reject |= ct::lt_mask(static_cast<std::uint32_t>(P::omega), ones);   // line 28, weight
  if (reject != 0) return false;
  hint_bit_pack(sig + P::ctilde_bytes + P::l * P::poly_z_bytes, s.w.p, P::k, P::omega);  // line 5
  return true;
}

// ML-DSA.Sign_internal, FIPS 204 Algorithm 7, from the encoded secret key.
template <class P, unsigned T>
Status sign(const std::uint8_t* sk, const MessageInput& msg, const std::uint8_t rnd[32],
            std::uint8_t* sig) {
  std::uint8_t mu[kMuBytes];
  if (const Status st = compute_mu(sk + 64, msg, mu); st != Status::ok) return st;  // line 6
  std::uint8_t rho2[64];
  Shake256 h;                                                          // line 7
  h.absorb(sk + 32, 32);
  h.absorb(rnd, 32);
  h.absorb(mu, sizeof mu);
  h.finalize();
  h.squeeze(rho2, sizeof rho2);
  h.wipe();
  Work<P> s;
  for (int kappa = 0; !attempt<P, T>(sk, mu, rho2, kappa, s, sig); kappa += P::l) {  // 8-10, 30
  }
  wipe_all(rho2, s);
  return Status::ok;
}

}  // namespace sigspace::mldsa::balanced
