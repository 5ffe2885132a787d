// ML-DSA balanced operating point: the best signing speed in about 20 KB (painted stack +
// retained state on Cortex-M4). The state is the encoded secret key and, with retained-A, the
// first entries of A_hat packed at 23 bits (all 16 for ML-DSA-44; the rest of the budget for
// ML-DSA-65/87, whose other entries are re-sampled per attempt). Per attempt one region holds
// w (k int32 rows while A_hat o NTT(y) accumulates, packed afterwards); y sits in the
// signature's z slots; s1, s2 and t0 are unpacked one polynomial at a time.
#pragma once
#include <cstdint>

#include "mldsa/common/message.hpp"
#include "mldsa/common/public_decision.hpp"
#include "mldsa/common/sample.hpp"
#include "mldsa/balanced/commit.hpp"

namespace sigspace::mldsa::balanced {

// NTT^-1(c_hat o NTT(s)) for one packed polynomial s of the key: the exact product c * s.
template <class P, unsigned T>
void key_times_c(Poly& out, const Poly& c_hat, const std::uint8_t* packed, bool is_t0) {
  if (is_t0) unpack_fields<kD>(out, packed, kT0Half);
  else unpack_fields<P::eta_bits>(out, packed, P::eta);
  fast::ntt<T>(out);
  fast::challenge_times<T>(out, c_hat, out);
}

// For the n packed key polynomials s_i at first + i * stride: u = c * s_i (key_times_c), then
// row(i) turns u into the value whose norm line 23 or 28 bounds (z, r0 or ct0) and stores what
// it keeps; the bound check is or-ed into reject. With early-reject the first failure of a
// line-23 check (z or r0) ends the attempt (public: tests/ct/README.md, D5); the ct0 checks of
// line 28 (is_t0) never end it early, line 28 is decided once (D4).
template <class P, unsigned T, class Row>
bool products(const std::uint8_t* first, std::size_t stride, int n, bool is_t0,
              std::int32_t bound, const Poly& c, Poly& u, std::uint32_t& reject, Row row) {
  for (int i = 0; i < n; ++i) {
    key_times_c<P, T>(u, c, first + i * stride, is_t0);
    row(i);
    reject |= poly_exceeds(u, bound);
    if ((T & fast::kEarlyReject) != 0 && !is_t0 && failed_norm_check(reject)) return false;
  }
  return true;
}

// One attempt of Algorithm 7, lines 11-29, writing c_tilde and z into sig as they appear;
// true when every check passes (then the hints are packed too).
template <class P, unsigned T>
bool attempt(const Key<P, T>& key, const std::uint8_t mu[64], const std::uint8_t rho2[64],
             int kappa, std::uint8_t* r, std::uint8_t* sig) {
  using L = Layout<P, T>;
  commit<P, T>(key, mu, rho2, kappa, r, sig);
  Poly& c = poly_at(r, L::c);
  Poly& u = poly_at(r, L::u);
  mldsa::sample_in_ball<Xof256<T>>(c, Bytes(sig, P::ctilde_bytes), P::tau);  // line 16
  fast::ntt<T>(c);                                                     // line 17
  std::uint32_t reject = 0;
  auto z_row = [&](int j) {                                            // lines 18, 20
    std::uint8_t* slot = sig + P::ctilde_bytes + j * P::poly_z_bytes;
    if constexpr ((T & kYInSig) == 0) squeeze_y<P, T>(slot, rho2, kappa + j);  // line 11 again
    const Fields<P::z_bits> y{slot};
    for (int m = 0; m < kN; ++m) u.c[m] += P::gamma1 - static_cast<std::int32_t>(y.get(m));
    pack_fields<P::z_bits>(slot, u, P::gamma1);                        // Alg. 26, line 3
  };
  auto r0_row = [&](int i) {                          // lines 19, 21; r0 kept in w's row
    const Fields<L::w_bits> w{r + i * L::row};
    for (int m = 0; m < kN; ++m) {
      if constexpr (L::once) {  // r0 = w0 - cs2, equal to LowBits(w - cs2) whenever it passes
        u.c[m] = P::gamma2 - static_cast<std::int32_t>(w.get(m)) - u.c[m];
        w.put(m, static_cast<std::uint32_t>(P::gamma2 - u.c[m]));
      } else {
        const std::int32_t x = freeze(static_cast<std::int32_t>(w.get(m)) - u.c[m]);
        w.put(m, static_cast<std::uint32_t>(x));
        u.c[m] = low_bits<P::gamma2>(x);
      }
    }
  };
  std::uint32_t ones = 0;
  auto hint_row = [&](int i) {  // line 26: h = MakeHint(-ct0, w - cs2 + ct0), a bitmap over
    const Fields<L::w_bits> w{r + i * L::row};  // the start of the row once r0 is read
    const Fields<P::w1_bits> w1{r + L::w1 + i * P::poly_w1_bytes};
    std::uint32_t word = 0;
    for (int m = 0; m < kN; ++m) {
      const std::int32_t x = static_cast<std::int32_t>(w.get(m)), ct0 = u.c[m];
      std::int32_t h;
      if constexpr (L::once)  // x = gamma2 - r0
        h = fast::make_hint_w0<P::gamma2>(P::gamma2 - x + ct0,
                                          static_cast<std::int32_t>(w1.get(m)));
      else  // x = w - cs2 in [0, q)
        h = make_hint<P::gamma2>(-ct0, x + ct0);
      ones += static_cast<std::uint32_t>(h);
      word |= static_cast<std::uint32_t>(h) << (m & 31);
      if ((m & 31) == 31) {  // bytes 4 (m / 32) on: behind the fields still to be read
        std::memcpy(r + i * L::row + (m >> 3) - 3, &word, 4);
        word = 0;
      }
    }
  };
  using K = SkLayout<P>;
  const std::uint8_t* s1 = key.sk + K::s1;
  const std::uint8_t* s2 = key.sk + K::s2;
  auto z_ok = [&] {
    return products<P, T>(s1, P::poly_eta_bytes, P::l, false, P::gamma1 - P::beta, c, u,
                          reject, z_row);
  };
  auto r0_ok = [&] {
    return products<P, T>(s2, P::poly_eta_bytes, P::k, false, P::gamma2 - P::beta, c, u,
                          reject, r0_row);
  };
  // Line 23. The order of the checks matters only to rejected attempts: r0 fails more often
  // (at ML-DSA-44 about 57 % of attempts against 46 % for z, by FIPS 204 Table 1's bounds),
  // so with r0-first fewer challenge products are computed before a restart.
  const bool passed = (T & kR0First) != 0 ? r0_ok() && z_ok() : z_ok() && r0_ok();
  if (!passed || restart_decision(reject)) return false;
  products<P, T>(key.sk + K::t0, kPolyT0Bytes, P::k, true, P::gamma2, c, u, reject,
                 hint_row);                                            // lines 25-28
  reject |= ct::lt_mask(static_cast<std::uint32_t>(P::omega), ones);   // line 28, weight
  if (restart_decision(reject)) return false;
  // Alg. 26, line 5, from row i's bitmap at the start of its slot (public once accepted)
  hint_bit_pack_bitmap(sig + P::ctilde_bytes + P::l * P::poly_z_bytes, r, L::row, P::k, P::omega);
  return true;
}

// The rejection loop of Algorithm 7 (lines 8-10, 30) in its own frame, so that the region
// never sits above compute_mu's.
template <class P, unsigned T>
[[gnu::noinline]] void sign_loop(const Key<P, T>& key, const std::uint8_t mu[64],
                                 const std::uint8_t rho2[64], std::uint8_t* sig) {
  alignas(8) std::uint8_t region[Layout<P, T>::bytes];
  for (int kappa = 0; !attempt<P, T>(key, mu, rho2, kappa, region, sig); kappa += P::l) {
  }
  wipe_all(region);
}

// ML-DSA.Sign_internal, FIPS 204 Algorithm 7, from the retained state.
template <class P, unsigned T>
Status sign(const std::uint8_t* state, const MessageInput& msg, const std::uint8_t rnd[32],
            std::uint8_t* sig) {
  const Key<P, T> key(state);
  std::uint8_t mu[kMuBytes];
  using K = SkLayout<P>;
  if (const Status st = compute_mu_with<kPermutation<T>>(key.sk + K::tr, msg, mu); st != Status::ok)
    return st;                                                         // line 6
  std::uint8_t rho2[64];
  derive_rho2<Xof256<T>>(rho2, key.sk + K::key, rnd, mu);              // line 7
  sign_loop<P, T>(key, mu, rho2, sig);
  wipe_all(rho2);
  return Status::ok;
}

}  // namespace sigspace::mldsa::balanced
