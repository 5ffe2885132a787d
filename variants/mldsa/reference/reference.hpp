// ML-DSA reference operating point: FIPS 204 Algorithms 6-8 read straight off the page.
// Memory behaviour follows the pseudocode and the official reference: the whole matrix A_hat
// and every vector live on the stack for the duration of the operation (no workspace), in the
// official code's buffers (t1 overwrites t, the signer's z and h double as temporaries), and the
// signer decodes the encoded secret key on every call.
#pragma once
#include <cstdint>

#include "mldsa/common/encode.hpp"
#include "mldsa/common/message.hpp"
#include "mldsa/common/rounding.hpp"
#include "mldsa/common/sample.hpp"
#include "sigspace/ct.hpp"
#include "sigspace/ct_declassify.hpp"
#include "sigspace/keccak.hpp"

namespace sigspace::mldsa::reference {

template <class P>
using Matrix = Poly[P::k][P::l];

// w_hat = A_hat o v_hat (Algorithm 48), each coefficient the sum of l Montgomery products
// (|w_hat| < l q), not yet reduced.
template <class P>
void matrix_times_ntt(PolyVec<P::k>& w_hat, const Matrix<P>& a, const PolyVec<P::l>& v_hat) {
  for (int i = 0; i < P::k; ++i) {
    for (auto& x : w_hat.p[i].c) x = 0;
    for (int j = 0; j < P::l; ++j) poly_pointwise_acc(w_hat.p[i], a[i][j], v_hat.p[j]);
  }
}

// w = NTT^-1(A_hat o v_hat) (Algorithm 48 then 42), |w| < q.
template <class P>
void matrix_times(PolyVec<P::k>& w, const Matrix<P>& a, const PolyVec<P::l>& v_hat) {
  matrix_times_ntt<P>(w, a, v_hat);
  for (auto& p : w.p) {
    poly_reduce(p);
    invntt(p);
  }
}

template <int N>
void vec_ntt(PolyVec<N>& v) {
  for (auto& p : v.p) ntt(p);
}

// NTT^-1(c_hat o v_hat) per polynomial: the exact small product c * v (|c v| <= beta or
// tau 2^12), as a centered integer because reduce32 is the identity below 2^21 in magnitude.
template <int N>
void challenge_times(PolyVec<N>& out, const Poly& c_hat, const PolyVec<N>& v_hat) {
  for (int i = 0; i < N; ++i) {
    poly_pointwise(out.p[i], c_hat, v_hat.p[i]);
    invntt(out.p[i]);
    poly_reduce(out.p[i]);
  }
}

// c_tilde = H(mu || w1Encode(w1), lambda/4) (Algorithm 7, line 15; Algorithm 8, line 12), on
// sponge Xof (the speed ceiling's keccak-kernel passes the platform's).
template <class P, class Xof = Shake256>
void commitment_hash(std::uint8_t* ctilde, const std::uint8_t mu[kMuBytes], const PolyVec<P::k>& w1) {
  std::uint8_t w1_bytes[P::k * P::poly_w1_bytes];
  w1_encode<P>(w1_bytes, w1);
  Xof h;
  h.absorb(mu, kMuBytes);
  h.absorb(w1_bytes, sizeof w1_bytes);
  h.finalize();
  h.squeeze(ctilde, P::ctilde_bytes);
  SIGSPACE_CT_DECLASSIFY(ctilde, P::ctilde_bytes);  // c_tilde (D3)
}

// ML-DSA.KeyGen_internal, FIPS 204 Algorithm 6.
template <class P>
void keygen_internal(const std::uint8_t xi[32], std::uint8_t* pk, std::uint8_t* sk) {
  std::uint8_t seeds[128];  // rho (32) || rho' (64) || K (32)
  expand_seed<P>(seeds, xi);                                           // line 1
  const std::uint8_t* rho = seeds;
  SIGSPACE_CT_DECLASSIFY(rho, 32);  // rho is published in pk (D1)
  const std::uint8_t* rho_prime = seeds + 32;
  const std::uint8_t* key = seeds + 96;

  Matrix<P> a;
  expand_a<P>(a, rho);                                                 // line 3
  PolyVec<P::l> s1, s1_hat;
  PolyVec<P::k> s2, t1, t0;
  expand_s<P>(s1, s2, rho_prime);                                      // line 4
  s1_hat = s1;
  vec_ntt(s1_hat);
  PolyVec<P::k>& t = t1;  // t1 replaces t coefficient by coefficient (line 6), as in the official code
  matrix_times<P>(t, a, s1_hat);                                       // line 5
  for (int i = 0; i < P::k; ++i) {
    poly_add(t.p[i], t.p[i], s2.p[i]);
    poly_freeze(t.p[i]);
    for (int j = 0; j < kN; ++j) power2round(t.p[i].c[j], t1.p[i].c[j], t0.p[i].c[j]);  // line 6
  }
  pk_encode<P>(pk, rho, t1);                                           // line 8
  std::uint8_t tr[kTrBytes];
  shake256(Bytes(pk, P::pk_bytes), MutBytes(tr, sizeof tr));           // line 9
  sk_encode<P>(sk, rho, key, tr, s1, s2, t0);                          // line 10

  wipe_all(seeds, s1, s1_hat, s2, t0);
}

// Number of set hints, counted without branching on them (Algorithm 7, line 27).
template <int N>
std::uint32_t hint_weight(const PolyVec<N>& h) {
  std::uint32_t n = 0;
  for (const auto& p : h.p)
    for (const auto x : p.c) n += static_cast<std::uint32_t>(x);
  return n;
}

// ML-DSA.Sign_internal, FIPS 204 Algorithm 7, from an encoded secret key that load_signing_key
// has validated, with mu computed from the MessageInput (line 6) by compute_mu.
template <class P>
Status sign_internal(const std::uint8_t* sk, const MessageInput& msg, const std::uint8_t rnd[32],
                     std::uint8_t* sig) {
  std::uint8_t mu[kMuBytes];
  if (const Status st = compute_mu(sk + SkLayout<P>::tr, msg, mu); st != Status::ok)
    return st;                                                         // line 6

  std::uint8_t rho[32], key[32], tr[kTrBytes];
  PolyVec<P::l> s1_hat;
  PolyVec<P::k> s2_hat, t0_hat;
  (void)sk_decode<P>(sk, rho, key, tr, s1_hat, s2_hat, t0_hat);         // line 1
  vec_ntt(s1_hat);                                                     // line 2
  vec_ntt(s2_hat);                                                     // line 3
  vec_ntt(t0_hat);                                                     // line 4
  Matrix<P> a;
  expand_a<P>(a, rho);                                                 // line 5

  std::uint8_t rho2[64];                                               // rho''
  derive_rho2(rho2, key, rnd, mu);                                     // line 7

  // The official code's buffers: z also holds NTT(y), then c s1, then z; hint also holds c s2,
  // then c t0, which MakeHint then replaces coefficient by coefficient.
  PolyVec<P::l> y, z;
  PolyVec<P::k> w, w1, hint;
  std::uint8_t ctilde[P::ctilde_bytes];
  Poly c;
  for (int kappa = 0;; kappa += P::l) {                                // lines 8-10, 30
    expand_mask<P>(y, rho2, kappa);                                    // line 11
    z = y;
    vec_ntt(z);
    matrix_times<P>(w, a, z);                                          // line 12
    for (int i = 0; i < P::k; ++i) {
      poly_freeze(w.p[i]);
      for (int j = 0; j < kN; ++j) w1.p[i].c[j] = high_bits<P::gamma2>(w.p[i].c[j]);  // line 13
    }
    commitment_hash<P>(ctilde, mu, w1);                                // line 15
    sample_in_ball(c, Bytes(ctilde, sizeof ctilde), P::tau);           // line 16
    ntt(c);                                                            // line 17
    challenge_times(z, c, s1_hat);                                     // line 18: c s1
    for (int i = 0; i < P::l; ++i) poly_add(z.p[i], y.p[i], z.p[i]);   // line 20
    challenge_times(hint, c, s2_hat);                                  // line 19: c s2
    // w - cs2 stays in w (frozen into [0, q)) for MakeHint; r0 = LowBits of it (line 21).
    std::uint32_t reject = vec_exceeds(z, P::gamma1 - P::beta);
    for (int i = 0; i < P::k; ++i) {
      poly_sub(w.p[i], w.p[i], hint.p[i]);
      poly_freeze(w.p[i]);
      for (int j = 0; j < kN; ++j) w1.p[i].c[j] = low_bits<P::gamma2>(w.p[i].c[j]);
    }
    reject |= vec_exceeds(w1, P::gamma2 - P::beta);                    // line 23
    SIGSPACE_CT_DECLASSIFY(&reject, sizeof reject);  // the restart decision (D4)
    if (reject != 0) continue;  // the public restart decision
    challenge_times(hint, c, t0_hat);                                  // line 25: c t0
    reject = vec_exceeds(hint, P::gamma2);                             // line 27, first half
    for (int i = 0; i < P::k; ++i)                                     // line 26
      for (int j = 0; j < kN; ++j) {
        const std::int32_t ct0 = hint.p[i].c[j];
        hint.p[i].c[j] = make_hint<P::gamma2>(-ct0, w.p[i].c[j] + ct0);
      }
    reject |= ct::lt_mask(static_cast<std::uint32_t>(P::omega), hint_weight(hint));  // line 27
    SIGSPACE_CT_DECLASSIFY(&reject, sizeof reject);  // the restart decision (D4)
    if (reject != 0) continue;
    sig_encode<P>(sig, ctilde, z, hint);                               // line 32
    break;
  }

  wipe_all(key, rho2, s1_hat, s2_hat, t0_hat, y, z, hint, w, w1);
  return Status::ok;
}

// ML-DSA.Verify_internal, FIPS 204 Algorithm 8, behind the length checks and the M' of
// Algorithms 3 and 5. All inputs are public, so it branches freely.
template <class P>
Status verify_internal(Bytes pk, const MessageInput& msg, Bytes sig) {
  if (pk.size() != P::pk_bytes) return Status::invalid_input;
  if (sig.size() != P::sig_bytes) return Status::invalid_signature;
  std::uint8_t tr[kTrBytes], mu[kMuBytes];
  shake256(pk, MutBytes(tr, sizeof tr));                               // line 6
  if (const Status st = compute_mu(tr, msg, mu); st != Status::ok) return st;  // line 7

  std::uint8_t rho[32];
  PolyVec<P::k> t1, hint;
  PolyVec<P::l> z;
  std::uint8_t ctilde[P::ctilde_bytes];
  pk_decode<P>(pk.data(), rho, t1);                                    // line 1
  if (!sig_decode<P>(sig.data(), ctilde, z, hint))                     // lines 2-4
    return Status::invalid_signature;
  if (vec_exceeds(z, P::gamma1 - P::beta) != 0)                        // line 13, checked early
    return Status::invalid_signature;

  Matrix<P> a;
  expand_a<P>(a, rho);                                                 // line 5
  Poly c;
  sample_in_ball(c, Bytes(ctilde, sizeof ctilde), P::tau);             // line 8
  ntt(c);
  vec_ntt(z);
  PolyVec<P::k> w;
  matrix_times_ntt<P>(w, a, z);                                        // line 9: A_hat o NTT(z)
  for (int i = 0; i < P::k; ++i) {                                     // ... - NTT(c) o NTT(t1 2^d)
    for (auto& x : t1.p[i].c) x <<= kD;
    ntt(t1.p[i]);
    poly_pointwise(t1.p[i], c, t1.p[i]);
    poly_sub(w.p[i], w.p[i], t1.p[i]);  // |w_hat| < (l + 1) q
    poly_reduce(w.p[i]);
    invntt(w.p[i]);                                                    // ... one NTT^-1 of both
    poly_freeze(w.p[i]);
    for (int j = 0; j < kN; ++j)                                       // line 10
      w.p[i].c[j] = use_hint<P::gamma2>(hint.p[i].c[j], w.p[i].c[j]);
  }
  std::uint8_t ctilde2[P::ctilde_bytes];
  commitment_hash<P>(ctilde2, mu, w);                                  // line 12
  return ct::compare(Bytes(ctilde, sizeof ctilde), Bytes(ctilde2, sizeof ctilde2)) == 0
             ? Status::ok : Status::invalid_signature;                 // line 13
}

}  // namespace sigspace::mldsa::reference
