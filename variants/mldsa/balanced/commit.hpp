// Phase 1 of the balanced signer and the state it reads: the retained entries of A_hat next to
// the encoded key, and w = NTT^-1(A_hat o NTT(y)) accumulated column by column, then packed in
// place and hashed into c_tilde (FIPS 204 Algorithm 7, lines 11-15).
#pragma once
#include <cstdint>

#include "mldsa/common/encode.hpp"
#include "mldsa/common/key_layout.hpp"
#include "mldsa/balanced/sample.hpp"
#include "sigspace/ct_declassify.hpp"

namespace sigspace::mldsa::balanced {

// Retained entries of A_hat: what the 20 KB budget leaves after the encoded key and the signing
// stack of the full point (its region plus ~0.8 KB of sponge, mu, rho'' and frames, measured on
// Cortex-M4): 16 of 16, 11 of 30, 7 of 56. Ablations keep the point's count.
inline constexpr std::size_t kBudget = 20480, kFrames = 830;
template <class P>
inline constexpr int kRetained = static_cast<int>(std::min<std::size_t>(
    P::k * P::l, (kBudget - P::sk_bytes - 4 - kFrames -
                  Layout<P, kPackedW | fast::kDecomposeOnce>::bytes) / kAEntryBytes));
static_assert(kRetained<P44> == 16 && kRetained<P65> == 11 && kRetained<P87> == 7);

// The retained state: [A_hat entries][encoded sk][4 bytes of slack for the word reads of Fields].
template <class P, unsigned T>
struct Key {
  static constexpr int entries = (T & fast::kRetainedA) != 0 ? kRetained<P> : 0;
  static constexpr std::size_t bytes = entries * kAEntryBytes + P::sk_bytes + 4;
  const std::uint8_t* a;   // entry e (column e / k, row e % k) at e * kAEntryBytes
  const std::uint8_t* sk;  // Algorithm 25's fields, read in place
  explicit Key(const std::uint8_t* state) : a(state), sk(state + entries * kAEntryBytes) {}
};

// a * b * 2^-32 mod q in (-q, q) for |a b| < 2^31 q: Montgomery reduction with the negated
// inverse, so the correction is added and Cortex-M4 runs smull, mul, smlal (reduce.hpp's
// subtracting form compiles to eight instructions). It can differ from montgomery_reduce by q.
inline std::int32_t mont_mul(std::int32_t a, std::int32_t b) {
  const std::int64_t p = static_cast<std::int64_t>(a) * b;
  const auto t = static_cast<std::int32_t>(static_cast<std::uint32_t>(p) * (0u - kQinv));
  return static_cast<std::int32_t>((p + static_cast<std::int64_t>(t) * kQ) >> 32);
}

// acc += A_hat[i][j] o y_hat (Algorithm 48, one term), from the state or from SHAKE128.
template <class P, unsigned T>
void acc_entry(Poly& acc, const Key<P, T>& key, int i, int j, const Poly& y_hat) {
  const int e = j * P::k + i;
  auto add = [&](int m, std::uint32_t a) {
    acc.c[m] += mont_mul(static_cast<std::int32_t>(a), y_hat.c[m]);
  };
  if (e < Key<P, T>::entries) {
    const Fields<kABits> f{const_cast<std::uint8_t*>(key.a + e * kAEntryBytes)};
    for (int m = 0; m < kN; ++m) add(m, f.get(m));
  } else {
    rej_ntt_entry<T>(key.sk + SkLayout<P>::rho, i, j, add);
  }
}

// Row i of w = NTT^-1(A_hat o NTT(y)) (Algorithm 7, line 12) from its accumulator, packed in
// place: with decompose-once line 13 runs here, w1 to w1Encode's bytes (Algorithm 28) and
// gamma2 - w0 to the row; otherwise the row keeps w.
template <class P, unsigned T>
void pack_row(std::uint8_t* r, int i) {
  using L = Layout<P, T>;
  Poly& w = poly_at(r, i * L::poly);
  poly_reduce(w);
  fast::invntt<T>(w);
  poly_freeze(w);
  const Fields<L::w_bits> out{r + i * L::row};
  const Fields<P::w1_bits> w1{r + L::w1 + i * P::poly_w1_bytes};
  for (int m = 0; m < kN; ++m) {
    const std::int32_t x = w.c[m];
    if constexpr (L::once) {
      std::int32_t r1, r0;
      decompose<P::gamma2>(x, r1, r0);
      w1.put(m, static_cast<std::uint32_t>(r1));
      out.put(m, static_cast<std::uint32_t>(P::gamma2 - r0));
    } else {  // HighBits for the hash, in hash_w1
      out.put(m, static_cast<std::uint32_t>(x));
    }
  }
}

// c_tilde = H(mu || w1Encode(w1), lambda/4) into sig (Algorithm 7, line 15; Algorithm 26,
// line 1). Without decompose-once only one row of w1 is kept, so the rows are re-derived here.
template <class P, unsigned T>
[[gnu::noinline]] void hash_w1(std::uint8_t* sig, const std::uint8_t mu[64], std::uint8_t* r) {
  using L = Layout<P, T>;
  Xof256<T> h;
  h.absorb(mu, kMuBytes);
  if constexpr (L::once) {
    h.absorb(r + L::w1, L::w1_bytes);
  } else {
    const Fields<P::w1_bits> w1{r + L::w1};
    for (int i = 0; i < P::k; ++i) {
      const Fields<L::w_bits> w{r + i * L::row};
      for (int m = 0; m < kN; ++m) {
        const auto x = static_cast<std::int32_t>(w.get(m));
        w1.put(m, static_cast<std::uint32_t>(high_bits<P::gamma2>(x)));
      }
      h.absorb(r + L::w1, P::poly_w1_bytes);
    }
  }
  h.finalize();
  h.squeeze(sig, P::ctilde_bytes);
  SIGSPACE_CT_DECLASSIFY(sig, P::ctilde_bytes);  // c_tilde (tests/ct/README.md, D3)
  h.wipe();
}

// Phase 1, Algorithm 7 lines 11-15: the k accumulators column by column, each row packed, then
// c_tilde into sig.
template <class P, unsigned T>
[[gnu::noinline]] void commit(const Key<P, T>& key, const std::uint8_t mu[64],
                              const std::uint8_t rho2[64], int kappa, std::uint8_t* r,
                              std::uint8_t* sig) {
  using L = Layout<P, T>;
  Poly& y_hat = poly_at(r, L::yhat);
  for (int i = 0; i < P::k; ++i) for (auto& x : poly_at(r, i * L::poly).c) x = 0;
  for (int j = 0; j < P::l; ++j) {                                     // line 12, by column
    std::uint8_t* slot = sig + P::ctilde_bytes + j * P::poly_z_bytes;
    squeeze_y<P, T>(slot, rho2, kappa + j);                            // line 11
    unpack_fields<P::z_bits>(y_hat, slot, P::gamma1);
    fast::ntt<T>(y_hat);
    for (int i = 0; i < P::k; ++i) acc_entry<P, T>(poly_at(r, i * L::poly), key, i, j, y_hat);
  }
  for (int i = 0; i < P::k; ++i) pack_row<P, T>(r, i);
  hash_w1<P, T>(sig, mu, r);
}

}  // namespace sigspace::mldsa::balanced
