// Memory-floor signing, FIPS 204 Algorithm 7, from the encoded secret key (the retained state).
// Per attempt: w = A_hat NTT(y) column by column into k packed rows; c_tilde hashed from them;
// then z, r0 and ct0/hints one polynomial at a time, each check deciding after a full scan.
#pragma once
#include "mldsa/common/public_decision.hpp"
#include "mldsa/memory_floor/memory_floor.hpp"

namespace sigspace::mldsa::memory_floor {

// y_kappa (Algorithm 7, line 11) by the one sponge of this frame, as ExpandMask's bytes into
// `out` (the signature's z slot with y-in-signature, else the workspace), which they already
// encode: Algorithm 34's BitUnpack and Algorithm 26's BitPack share the gamma1 - y layout.
// With recomputed-rho2 rho'' is re-derived first (line 7) into the last 64 bytes of out, which
// the mask absorbs whole before its output overwrites them.
template <class P, unsigned F>
[[gnu::noinline]] void sample_y(std::uint8_t* out, const std::uint8_t key[32],
                                const std::uint8_t rnd[32], const std::uint8_t mu[64],
                                const std::uint8_t* kept_rho2, int kappa) {
  Xof256<kMatrixPermutation<F>> h;
  const std::uint8_t* rho2 = kept_rho2;
  if constexpr ((F & kRecomputeRho2) != 0) {
    std::uint8_t* tail = out + P::poly_z_bytes - 64;
    derive_rho2_on(h, tail, key, rnd, mu);
    h.reset();  // same rate and domain: H again, now for ExpandMask
    rho2 = tail;
  }
  expand_mask_bytes<P::gamma1>(h, out, rho2, static_cast<std::uint16_t>(kappa));
}

// NTT(y_kappa) (Algorithm 7, lines 11-12; Algorithm 41) as its two halves, lo (coefficients
// [0, 128)) and hi ([128, 256)), with y_kappa's ExpandMask bytes (Algorithm 34, lines 3-4)
// read eight fields at a time as they are squeezed, never stored: y_m for m < 128 goes to lo,
// and each later y_m meets lo[m - 128] in the first layer (Algorithm 41, lines 11-14, len 128),
// exactly as ntt_part makes it from the encoding; the other seven layers run on each half.
// With recomputed-rho2, rho'' is re-derived into lo's first 64 bytes, absorbed whole before
// the first field overwrites them.
template <class P, unsigned F>
[[gnu::noinline]] void sample_y_ntt(std::int32_t* lo, std::int32_t* hi, const std::uint8_t key[32],
                                    const std::uint8_t rnd[32], const std::uint8_t mu[64],
                                    const std::uint8_t* kept_rho2, int kappa) {
  constexpr int half = kN / 2;
  Xof256<kMatrixPermutation<F>> h;
  const std::uint8_t* rho2 = kept_rho2;
  if constexpr ((F & kRecomputeRho2) != 0) {
    auto* tail = reinterpret_cast<std::uint8_t*>(lo);
    derive_rho2_on(h, tail, key, rnd, mu);
    h.reset();  // same rate and domain: H again, now for ExpandMask
    rho2 = tail;
  }
  absorb_mask_seed(h, rho2, static_cast<std::uint16_t>(kappa));  // Algorithm 34, line 3
  const std::int64_t z = ntt_zeta(1);
  std::uint8_t group[P::z_bits];                         // eight fields
  for (int g = 0; g < kN / 8; ++g) {
    h.squeeze(group, sizeof group);                      // line 4, in order
    for_each_field(group, 0, 8, P::z_bits, [&](int e, std::uint32_t f) {
      const int m = 8 * g + e;                           // g is public: a branch on the half
      const std::int32_t y = P::gamma1 - static_cast<std::int32_t>(f);  // Algorithm 19, line 4
      if (m < half) {
        lo[m] = y;
      } else {
        const std::int32_t t = montgomery_reduce(z * y), a = lo[m - half];
        lo[m - half] = a + t;
        hi[m - half] = a - t;
      }
    });
  }
  ct::wipe(group, sizeof group);
  h.wipe();
  ntt_layers_on<kNttOn<F>>(lo, 0, half / 2);
  ntt_layers_on<kNttOn<F>>(hi, half, half / 2);
}

// c_tilde = H(mu || w1Encode(HighBits(w)), lambda/4): Algorithm 7, lines 13 and 15, reading w
// from its rows 8 coefficients (w1_bits bytes) at a time.
template <class P, KeccakPermutation Perm, class Row>
[[gnu::noinline]] void commitment_hash(std::uint8_t* ctilde, const std::uint8_t mu[64],
                                       const std::uint8_t* rows) {
  Xof256<Perm> h;
  h.absorb(mu, 64);
  for (int i = 0; i < P::k; ++i) {
    const Row row{const_cast<std::uint8_t*>(rows) + i * Row::poly_bytes};
    for (int m = 0; m < kN; m += 8) {
      std::uint8_t w1[P::w1_bits];
      BitWriter w(w1);
      for (int e = m; e < m + 8; ++e)
        w.put(static_cast<std::uint32_t>(high_bits<P::gamma2>(row.get(e))), P::w1_bits);
      h.absorb(w1, sizeof w1);
    }
  }
  h.finalize();
  h.squeeze(ctilde, P::ctilde_bytes);
  SIGSPACE_CT_DECLASSIFY(ctilde, P::ctilde_bytes);  // c_tilde (tests/ct/README.md, D3)
}

// Algorithm 7, lines 25-28 on r = w - c s2 in the rows: ct0 (line 25), ||ct0|| < gamma2 and
// h = MakeHint(-ct0, r + ct0) into row i's bitmap at hint_rows + i * hint_stride (line 26), and
// the weight bound (line 28). Returns the rejection mask, decided by the caller (D4). Its own
// frame, so its locals never sit under the w phase's deeper calls.
template <class P, unsigned F>
[[gnu::noinline]] std::uint32_t hints(const Scratch<P, F>& s, ChallengeMul<P, F>& c,
                                      const std::uint8_t* sk, std::uint8_t* hint_rows,
                                      std::size_t hint_stride) {
  using Row = typename Scratch<P, F>::Row;
  using K = SkLayout<P>;
  constexpr int n = Scratch<P, F>::part_n;
  std::uint32_t reject = 0, weight = 0;
  for (int i = 0; i < P::k; ++i) {
    const auto row = s.row(i);
    // hints-in-w: byte b of the bitmap is written after coefficient 8b+7 has been read, and
    // it overlaps only coefficients <= 8b+7 of the 23-bit (or 32-bit) row.
    std::uint8_t* bits = hint_rows + i * hint_stride;
    // swar-ct0: row i - 1 is consumed; past its bitmap (kN / 8 bytes) it lends 2 kN bytes
    // to t0_i as 16-bit values and 2 kHalvesLanes to the lanes (4-byte aligned).
    std::int16_t* spare = nullptr;
    if constexpr (kSwarT0On<F>) {
      static_assert(kN / 8 + 2 * kN + 2 * kHalvesLanes <= Row::poly_bytes);
      if (i > 0) {
        spare = reinterpret_cast<std::int16_t*>(s.rows + (i - 1) * Row::poly_bytes + kN / 8);
        unpack_halves(spare, sk + K::t0_poly(i), kD, kT0Half);
      }
    }
    for (int h = 0; h < Scratch<P, F>::parts; ++h) {
      for (int m = 0; m < n; ++m) s.work[m] = 0;
      c.acc_t0(s.work, h * n, sk + K::t0_poly(i), spare);
      reject |= exceeds(s.work, n, P::gamma2);
      std::uint32_t byte = 0;
      for (int m = 0; m < n; ++m) {
        const std::int32_t ct0 = s.work[m];
        const int e = h * n + m;
        const auto hint = static_cast<std::uint32_t>(make_hint<P::gamma2>(-ct0, row.get(e) + ct0));
        weight += hint;
        byte |= hint << (e & 7);
        if ((e & 7) == 7) {
          bits[e >> 3] = static_cast<std::uint8_t>(byte);
          byte = 0;
        }
      }
    }
  }
  return reject | ct::lt_mask(static_cast<std::uint32_t>(P::omega), weight);
}

template <class P, unsigned F>
Status sign_internal(const std::uint8_t* sk, const MessageInput& msg, const std::uint8_t rnd[32],
                     std::uint8_t* sig, Arena& ws) {
  using S = Scratch<P, F>;
  using Row = typename S::Row;
  constexpr int n = S::part_n;                                       // coefficients in s.work
  S s(ws, P::k, true, true);
  if (!s.ok) {
    ws.wipe();
    return Status::workspace_too_small;
  }
  std::uint8_t mu[kMuBytes];
  using K = SkLayout<P>;
  if (const Status st = compute_mu_with<kPermutation<F>>(sk + K::tr, msg, mu); st != Status::ok) {  // line 6
    ws.wipe();
    return st;
  }
  const std::uint8_t* rho = sk + K::rho;                             // line 1, fields in place
  const std::uint8_t* key = sk + K::key;
  constexpr bool recompute = (F & kRecomputeRho2) != 0;
  std::uint8_t rho2[recompute ? 1 : 64];
  if constexpr (!recompute) derive_rho2<Xof256<kPermutation<F>>>(rho2, key, rnd, mu);  // line 7
  std::uint8_t* z_out = sig + P::ctilde_bytes;
  std::uint8_t* ys = (F & kYInSig) ? z_out : s.ys;                   // y_j at ys + j * poly_z_bytes
  std::uint8_t* hint_rows = (F & kHintsInW) ? s.rows : s.hints;
  const std::size_t hint_stride = (F & kHintsInW) ? Row::poly_bytes : kN / 8;
  ChallengeMul<P, F> c(s);

  // ntt-in-y-slot: the second half of NTT(y_j), word-aligned inside y_(l-1)'s slot.
  constexpr bool spill = (F & kNttInYSlot) != 0 && S::parts == 2;
  std::uint8_t* last_y = ys + (P::l - 1) * P::poly_z_bytes;
  static_assert(kN / 2 * sizeof(std::int32_t) + 3 <= P::poly_z_bytes);
  auto* hi = reinterpret_cast<std::int32_t*>(
      last_y + ((4 - reinterpret_cast<std::uintptr_t>(last_y) % 4) % 4));

  for (int kappa = 0;; kappa += P::l) {                              // lines 8-10, 30
    for (int i = 0; i < P::k; ++i) s.row(i).zero_poly();
    for (int j = 0; j < P::l; ++j) {                                 // line 12, column by column
      std::uint8_t* y = ys + j * P::poly_z_bytes;
      if constexpr (spill) {                                         // line 11, NTT(y_j) once
        if (j + 1 < P::l) {
          sample_y<P, F>(y, key, rnd, mu, rho2, kappa + j);
          ntt_part<2, kNttOn<F>>(s.work, 0, y, P::z_bits, P::gamma1);
          ntt_part<2, kNttOn<F>>(hi, 1, y, P::z_bits, P::gamma1);
        } else {
          sample_y_ntt<P, F>(s.work, hi, key, rnd, mu, rho2, kappa + j);
        }
        for (int i = 0; i < P::k; ++i)
          acc_entry<P, F, true>(s, s.row(i), rho, i, j, y, P::z_bits, P::gamma1, false, hi);
      } else {
        sample_y<P, F>(y, key, rnd, mu, rho2, kappa + j);            // line 11
        for (int i = 0; i < P::k; ++i)
          acc_entry<P, F>(s, s.row(i), rho, i, j, y, P::z_bits, P::gamma1, i > 0);
      }
    }
    for (int i = 0; i < P::k; ++i) {                                // w = NTT^-1(w_hat)
      if constexpr (spill) invntt_row_split<kNttOn<F>>(s.row(i), s.work, hi);
      else invntt_row<S::parts, kNttOn<F>>(s.row(i), s.work);
    }
    commitment_hash<P, kMatrixPermutation<F>, Row>(sig, mu, s.rows);                       // lines 13-15, c_tilde in place
    c.init(sig, z_out + P::l * P::poly_z_bytes);                     // lines 16-17; the hint slot

    // Lines 18, 20, 23: z_j = y_j + c s1_j, checked, then packed into the signature (Alg. 26)
    // part by part; with y-in-signature over y_j itself, a part read before it is written.
    // A failed polynomial ends the attempt (public: tests/ct/README.md, D5).
    std::uint32_t reject = 0;
    for (int j = 0; j < P::l && !failed_norm_check(reject); ++j) {
      if (spill && j + 1 == P::l)                                    // y_(l-1) again, for z
        sample_y<P, F>(last_y, key, rnd, mu, rho2, kappa + j);
      for (int h = 0; h < S::parts; ++h) {
        c.set_small(s.work, h * n, sk + K::s_poly(j));
        unpack_add_part(s.work, h * n, n, ys + j * P::poly_z_bytes, P::z_bits, P::gamma1);
        reject |= exceeds(s.work, n, P::gamma1 - P::beta);          // full scan, then decide
        pack_part(z_out + j * P::poly_z_bytes, h * n, n, s.work, P::z_bits, P::gamma1);
      }
    }
    if (failed_norm_check(reject)) continue;  // z failed: restart (D5)

    // Lines 19, 21, 23: r = w - c s2 replaces w in its row; ||LowBits(r)|| < gamma2 - beta.
    for (int i = 0; i < P::k && !failed_norm_check(reject); ++i) {
      auto row = s.row(i);
      for (int h = 0; h < S::parts; ++h) {
        c.set_small(s.work, h * n, sk + K::s_poly(P::l + i));
        for (int m = 0; m < n; ++m) {
          const std::int32_t r = freeze(row.get(h * n + m) - s.work[m]);
          const std::int32_t r0 = low_bits<P::gamma2>(r);
          const std::int32_t sgn = r0 >> 31;
          reject |= ~ct::lt_mask(static_cast<std::uint32_t>((r0 ^ sgn) - sgn),
                                 static_cast<std::uint32_t>(P::gamma2 - P::beta));
          row.put_in_range(h * n + m, r);
        }
      }
    }
    if (restart_decision(reject)) continue;                          // line 23 (D4)

    // Lines 25-28: ct0, ||ct0|| < gamma2, h = MakeHint(-ct0, r + ct0) into a bitmap, weight;
    // decided once, after every polynomial (D4).
    reject |= hints<P, F>(s, c, sk, hint_rows, hint_stride);
    if (restart_decision(reject)) continue;                          // line 28 (D4)
    hint_bit_pack_bitmap(z_out + P::l * P::poly_z_bytes, hint_rows, hint_stride, P::k,
                         P::omega);                                      // line 32
    break;
  }
  ct::wipe(mu, sizeof mu);
  ct::wipe(rho2, sizeof rho2);
  ws.wipe();
  return Status::ok;
}

}  // namespace sigspace::mldsa::memory_floor
