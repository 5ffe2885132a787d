// Memory-floor key generation (FIPS 204 Algorithm 6) and verification (Algorithm 8), one row of
// A_hat at a time with a single packed accumulator row.
#pragma once
#include "mldsa/memory_floor/memory_floor.hpp"
#include "sigspace/ct_declassify.hpp"

namespace sigspace::mldsa::memory_floor {

// ML-DSA.KeyGen_internal, Algorithm 6. s1 and s2 are written into sk first and read back from
// there; t1 of each row goes to pk (when given) and into the tr sponge, so load_signing_key can
// expand a seed without a public-key buffer.
template <class P, unsigned F>
Status keygen_internal(const std::uint8_t xi[32], std::uint8_t* pk, std::uint8_t* sk, Arena& ws) {
  Scratch<P, F> s(ws, 1, false, false);
  if (!s.ok) {
    ws.wipe();
    return Status::workspace_too_small;
  }
  using K = SkLayout<P>;
  {  // the seeds' scope ends before the rows, so their 128 bytes are not under the rows' sponges
    std::uint8_t seeds[128];  // rho || rho' || K
    expand_seed<P, Xof256<kPermutation<F>>>(seeds, xi);           // line 1
    SIGSPACE_CT_DECLASSIFY(seeds, 32);  // rho is published in pk (tests/ct/README.md, D1)
    std::memcpy(sk + K::rho, seeds, 32);                             // Alg. 24, line 1
    std::memcpy(sk + K::key, seeds + 96, 32);
    if (pk != nullptr) std::memcpy(pk + PkLayout<P>::rho, seeds, 32);  // Alg. 22, line 1
    for (int r = 0; r < P::l + P::k; ++r)                            // line 4 (Alg. 33)
      bounded_poly_packed<P::eta, kPermutation<F>>(sk + K::s_poly(r), seeds + 32,
                                                   static_cast<std::uint16_t>(r));  // Alg. 24, 2-7
    ct::wipe(seeds, sizeof seeds);
  }
  const std::uint8_t* rho = sk + K::rho;                             // read back from sk

  Xof256<kPermutation<F>> tr;                                      // line 9, streamed over pk
  tr.absorb(rho, 32);
  auto row = s.row(0);
  for (int i = 0; i < P::k; ++i) {
    row.zero_poly();
    for (int j = 0; j < P::l; ++j)                                   // line 5: A_hat o NTT(s1)
      acc_entry<P, F>(s, row, rho, i, j, sk + K::s_poly(j), P::eta_bits, P::eta);
    invntt_row<Scratch<P, F>::parts, kNttOn<F>>(row, s.work);
    BitReader s2(sk + K::s_poly(P::l + i), 0);
    BitWriter t0w(sk + K::t0_poly(i));
    for (int m = 0; m < kN; m += 8) {  // t1 8 coefficients (kT1Bits bytes) at a time
      std::uint8_t t1_bytes[kT1Bits];
      BitWriter t1w(t1_bytes);
      for (int e = m; e < m + 8; ++e) {
        const std::int32_t t =
            freeze(row.get(e) + P::eta - static_cast<std::int32_t>(s2.take(P::eta_bits)));  // + s2
        std::int32_t t1, t0;
        power2round(t, t1, t0);                                      // line 6
        t1w.put(static_cast<std::uint32_t>(t1), kT1Bits);            // Alg. 22, line 3
        t0w.put(static_cast<std::uint32_t>(kT0Half - t0), kD);       // Alg. 24, line 9
      }
      tr.absorb(t1_bytes, sizeof t1_bytes);
      if (pk != nullptr)                                             // line 8
        std::memcpy(pk + PkLayout<P>::t1_poly(i) + m / 8 * kT1Bits, t1_bytes, sizeof t1_bytes);
    }
  }
  tr.finalize();
  tr.squeeze(sk + K::tr, kTrBytes);                                  // lines 9-10
  ws.wipe();
  return Status::ok;
}

// tr = H(pk) and mu (Algorithm 8, lines 6-7) into tr_mu (128 bytes of the working buffer,
// idle until the first row), before the commitment sponge exists: neither sponge nor buffer of
// this step is on the stack under the rows.
template <KeccakPermutation Perm>
[[gnu::noinline]] Status tr_and_mu(std::uint8_t* tr_mu, Bytes pk, const MessageInput& msg) {
  {
    Xof256<Perm> h;
    h.absorb(pk);
    h.finalize();
    h.squeeze(tr_mu, kTrBytes);
  }
  return compute_mu_with<Perm>(tr_mu, msg, tr_mu + kTrBytes);
}

// Lines 8-12 of Algorithm 8 once mu (in s.work) is known; c_tilde' is compared in place.
template <class P, unsigned F>
[[gnu::noinline]] bool verify_rows(Scratch<P, F>& s, Bytes pk, Bytes sig) {
  constexpr int n = Scratch<P, F>::part_n;
  Xof256<kPermutation<F>> hash;
  hash.absorb(reinterpret_cast<const std::uint8_t*>(s.work) + kTrBytes, kMuBytes);  // line 7
  const std::uint8_t* z_enc = sig.data() + P::ctilde_bytes;
  const std::uint8_t* h_enc = z_enc + P::l * P::poly_z_bytes;
  ChallengeMul<P, F> c(s);
  c.init(sig.data());                                                // line 8
  auto row = s.row(0);
  int hint = 0;
  for (int i = 0; i < P::k; ++i) {
    row.zero_poly();
    for (int j = 0; j < P::l; ++j)                                   // line 9: A_hat o NTT(z)
      acc_entry<P, F>(s, row, pk.data(), i, j, z_enc + j * P::poly_z_bytes, P::z_bits, P::gamma1);
    invntt_row<Scratch<P, F>::parts, kNttOn<F>>(row, s.work);
    const int hint_end = h_enc[P::omega + i];
    for (int h = 0; h < Scratch<P, F>::parts; ++h) {
      for (int m = 0; m < n; ++m) s.work[m] = row.get(h * n + m);
      c.acc(s.work, h * n, pk.data() + PkLayout<P>::t1_poly(i), kT1Bits, 0, kD);  // - c t1 2^d
      for (int m = 0; m < n; m += 8) {                               // lines 10, 12: w1Encode
        std::uint8_t w1[P::w1_bits];
        BitWriter w(w1);
        for (int e = m; e < m + 8; ++e) {
          const bool hit = hint < hint_end && h_enc[hint] == h * n + e;
          hint += hit ? 1 : 0;
          w.put(static_cast<std::uint32_t>(use_hint<P::gamma2>(hit, freeze(s.work[e]))), P::w1_bits);
        }
        hash.absorb(w1, sizeof w1);
      }
    }
  }
  hash.finalize();
  std::uint8_t* ctilde = reinterpret_cast<std::uint8_t*>(s.work);   // idle again: c_tilde' there
  hash.squeeze(ctilde, P::ctilde_bytes);                             // line 12
  return ct::compare(Bytes(ctilde, P::ctilde_bytes), Bytes(sig.data(), P::ctilde_bytes)) == 0;
}

// ML-DSA.Verify_internal, Algorithm 8. Public inputs only, so it branches freely.
template <class P, unsigned F>
Status verify_internal(Bytes pk, const MessageInput& msg, Bytes sig, Arena& ws) {
  if (pk.size() != P::pk_bytes) return Status::invalid_input;
  if (sig.size() != P::sig_bytes) return Status::invalid_signature;
  Scratch<P, F> s(ws, 1, true, false);
  if (!s.ok) {
    ws.wipe();
    return Status::workspace_too_small;
  }
  std::uint8_t* tr_mu = reinterpret_cast<std::uint8_t*>(s.work);
  if (const Status st = tr_and_mu<kPermutation<F>>(tr_mu, pk, msg); st != Status::ok) {  // lines 6-7
    ws.wipe();
    return st;
  }
  const std::uint8_t* z_enc = sig.data() + P::ctilde_bytes;         // lines 2-4, read in place
  const std::uint8_t* h_enc = z_enc + P::l * P::poly_z_bytes;
  bool valid = hint_encoding_valid(h_enc, P::k, P::omega);        // Alg. 21, checks
  for (int j = 0; valid && j < P::l; ++j) {                          // line 13: ||z|| < gamma1 - beta
    BitReader r(z_enc + j * P::poly_z_bytes, 0);
    for (int m = 0; m < kN; ++m) {
      const std::int32_t z = P::gamma1 - static_cast<std::int32_t>(r.take(P::z_bits));
      valid = valid && z < P::gamma1 - P::beta && -z < P::gamma1 - P::beta;
    }
  }
  valid = valid && verify_rows<P, F>(s, pk, sig);                   // line 13: c_tilde = c_tilde'
  ws.wipe();
  return valid ? Status::ok : Status::invalid_signature;
}

}  // namespace sigspace::mldsa::memory_floor
