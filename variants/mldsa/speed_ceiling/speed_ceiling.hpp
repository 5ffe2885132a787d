// ML-DSA speed-ceiling operating point: everything resident. load_signing_key expands the key
// once (A_hat, NTT(s1), NTT(s2), NTT(t0): Algorithm 7, lines 2-5 hoisted out of signing), and
// each attempt of the rejection loop computes only what depends on y. Techniques are the flags
// of common/fast.hpp; T is the set switched on.
#pragma once
#include <cstdint>
#include <new>

#include "mldsa/common/fast.hpp"
#include "mldsa/common/public_decision.hpp"
#include "mldsa/reference/reference.hpp"

namespace sigspace::mldsa::speed_ceiling {

// SHAKE256 on the point's permutation (keccak-kernel).
template <unsigned T>
using Xof256 = BasicShake256<fast::framed_permutation<T>>;

template <class P>
struct KeyCore {
  std::uint8_t rho[32];
  std::uint8_t key[32];
  std::uint8_t tr[kTrBytes];
  PolyVec<P::l> s1_hat;  // NTT(s1), Algorithm 7, line 2
  PolyVec<P::k> s2_hat;  // NTT(s2), line 3
  PolyVec<P::k> t0_hat;  // NTT(t0), line 4
};

// The retained state; with retained-A it also holds A_hat (line 5).
template <class P, unsigned T>
struct State : KeyCore<P> {};
template <class P, unsigned T>
  requires((T & fast::kRetainedA) != 0)
struct State<P, T> : KeyCore<P> {
  Poly a[P::k][P::l];
};

// Builds the state from an encoded secret key (Algorithm 7, lines 1-5). Returns all-ones when
// the key is malformed (sk_decode's range check); the state is then to be discarded.
template <class P, unsigned T>
std::uint32_t expand_key(State<P, T>& st, const std::uint8_t* sk) {
  const std::uint32_t bad =
      sk_decode<P>(sk, st.rho, st.key, st.tr, st.s1_hat, st.s2_hat, st.t0_hat);    // line 1
  for (auto& p : st.s1_hat.p) fast::ntt<T>(p);                                    // line 2
  for (auto& p : st.s2_hat.p) fast::ntt<T>(p);                                    // line 3
  for (auto& p : st.t0_hat.p) fast::ntt<T>(p);                                    // line 4
  if constexpr ((T & fast::kRetainedA) != 0)
    expand_a<P, fast::framed_permutation<T>, true>(st.a, st.rho);  // 5
  return bad;
}

// Working vectors of one signature (all on the stack: this point trades memory for speed).
template <class P>
struct Scratch {
  PolyVec<P::l> y, z;
  PolyVec<P::k> w, w1, h;  // w: w, then w0 / r0 (decompose-once) or w - cs2
  Poly c, t;
  std::uint8_t ctilde[P::ctilde_bytes];
};

// One attempt of the loop of Algorithm 7 (lines 11-29) for mask index kappa. Returns true
// when the candidate (c_tilde, z, h) in s passes every check. With early-reject the first
// failed bound of line 23 (z or r0) ends the attempt (public: tests/ct/README.md, D5); line 28
// is decided once, after every ct0 and hint (D4).
template <class P, unsigned T>
bool attempt(const KeyCore<P>& key, const Poly (&a)[P::k][P::l], const std::uint8_t mu[64],
             const std::uint8_t rho2[64], int kappa, Scratch<P>& s) {
  constexpr bool early = (T & fast::kEarlyReject) != 0;
  constexpr bool once = (T & fast::kDecomposeOnce) != 0;
  expand_mask<P, fast::framed_permutation<T>>(s.y, rho2, kappa);              // line 11
  for (int j = 0; j < P::l; ++j) {
    s.z.p[j] = s.y.p[j];
    fast::ntt<T>(s.z.p[j]);
  }
  for (int i = 0; i < P::k; ++i) {                                     // line 12
    fast::row_times<T>(s.w.p[i], a[i], s.z.p, P::l);
    fast::invntt<T>(s.w.p[i]);
    poly_freeze(s.w.p[i]);
    for (int n = 0; n < kN; ++n) {                                     // line 13
      if constexpr (once) decompose<P::gamma2>(s.w.p[i].c[n], s.w1.p[i].c[n], s.w.p[i].c[n]);
      else s.w1.p[i].c[n] = high_bits<P::gamma2>(s.w.p[i].c[n]);
    }
  }
  reference::commitment_hash<P, Xof256<T>>(s.ctilde, mu, s.w1);        // line 15
  sample_in_ball<Xof256<T>>(s.c, Bytes(s.ctilde, sizeof s.ctilde), P::tau);  // line 16
  fast::ntt<T>(s.c);                                                   // line 17
  std::uint32_t reject = 0;
  for (int j = 0; j < P::l; ++j) {                                     // lines 18, 20
    fast::challenge_times<T>(s.z.p[j], s.c, key.s1_hat.p[j]);
    poly_add(s.z.p[j], s.z.p[j], s.y.p[j]);
    reject |= poly_exceeds(s.z.p[j], P::gamma1 - P::beta);             // line 23, z part
    if (early && failed_norm_check(reject)) return false;
  }
  for (int i = 0; i < P::k; ++i) {                                     // lines 19, 21
    fast::challenge_times<T>(s.t, s.c, key.s2_hat.p[i]);
    poly_sub(s.w.p[i], s.w.p[i], s.t);
    if constexpr (once) {  // r0 = w0 - cs2, equal to LowBits(w - cs2) whenever it passes
      reject |= poly_exceeds(s.w.p[i], P::gamma2 - P::beta);          // line 23, r0 part
    } else {
      poly_freeze(s.w.p[i]);
      for (int n = 0; n < kN; ++n) s.t.c[n] = low_bits<P::gamma2>(s.w.p[i].c[n]);
      reject |= poly_exceeds(s.t, P::gamma2 - P::beta);
    }
    if (early && failed_norm_check(reject)) return false;
  }
  if (restart_decision(reject)) return false;                          // line 23
  std::uint32_t ones = 0;
  for (int i = 0; i < P::k; ++i) {
    fast::challenge_times<T>(s.t, s.c, key.t0_hat.p[i]);               // line 25
    for (int n = 0; n < kN; ++n) {                                     // line 26
      if constexpr (once)
        s.h.p[i].c[n] = fast::make_hint_w0<P::gamma2>(s.w.p[i].c[n] + s.t.c[n], s.w1.p[i].c[n]);
      else
        s.h.p[i].c[n] = make_hint<P::gamma2>(-s.t.c[n], s.w.p[i].c[n] + s.t.c[n]);
    }
    reject |= poly_exceeds(s.t, P::gamma2);                            // line 28, ct0 part
    ones += fast::hint_count(s.h.p[i]);
  }
  reject |= ct::lt_mask(static_cast<std::uint32_t>(P::omega), ones);   // line 28, hint weight
  return !restart_decision(reject);
}

// ML-DSA.Sign_internal, FIPS 204 Algorithm 7, on the expanded key.
template <class P, unsigned T>
Status sign_with(const KeyCore<P>& key, const Poly (&a)[P::k][P::l], const MessageInput& msg,
                 const std::uint8_t rnd[32], std::uint8_t* sig) {
  std::uint8_t mu[kMuBytes];
  if (const Status st = compute_mu_with<fast::framed_permutation<T>>(key.tr, msg, mu);
      st != Status::ok)
    return st;                                                         // line 6
  std::uint8_t rho2[64];
  derive_rho2<Xof256<T>>(rho2, key.key, rnd, mu);                      // line 7
  Scratch<P> s;
  for (int kappa = 0; !attempt<P, T>(key, a, mu, rho2, kappa, s); kappa += P::l) {  // 8-10, 30
  }
  sig_encode<P>(sig, s.ctilde, s.z, s.h);                              // line 32
  wipe_all(rho2, s);
  return Status::ok;
}

template <class P, unsigned T>
Status sign(const State<P, T>& st, const MessageInput& msg, const std::uint8_t rnd[32],
            std::uint8_t* sig) {
  if constexpr ((T & fast::kRetainedA) != 0) {
    return sign_with<P, T>(st, st.a, msg, rnd, sig);
  } else {  // ablation: A_hat expanded per signature, as the reference does
    reference::Matrix<P> a;
    expand_a<P, fast::framed_permutation<T>, true>(a, st.rho);
    return sign_with<P, T>(st, a, msg, rnd, sig);
  }
}

}  // namespace sigspace::mldsa::speed_ceiling
