// Streaming building blocks of the memory-floor point: the 23-bit packed store of w (on the
// common bit fields), SHAKE128 coefficients of A_hat folded straight into a product,
// the mask y squeezed a few bytes at a time, and the challenge c kept as tau (position, sign)
// pairs. None of them holds more than a few dozen bytes besides its sponge.
#pragma once
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "mldsa/arch/armv7m/fold_armv7m.hpp"
#include "mldsa/common/bits.hpp"
#include "mldsa/common/ntt_kernel.hpp"
#include "mldsa/common/poly.hpp"
#include "mldsa/common/rounding.hpp"
#include "mldsa/common/sample.hpp"
#include "sigspace/ct.hpp"
#include "sigspace/keccak.hpp"

namespace sigspace::mldsa::memory_floor {

// Every sponge of this point runs on permutation F: keccak_f1600_compact, whose frame sits
// under the deepest call of each operation (the unrolled permutation's two lane copies cost
// ~300 bytes more there), or with keccak-kernel the platform's kernel where the build has one
// (memory_floor.hpp, kPermutation). The outputs are the same; only speed and stack differ.
template <KeccakPermutation F>
using Xof128 = BasicShake128<F>;
template <KeccakPermutation F>
using Xof256 = BasicShake256<F>;

// One polynomial of w (or of an accumulator) with coefficients in [0, q): 23 bits each, 736
// bytes instead of 1 KB, when Packed (the packed-w technique). Random access, because A_hat is
// accumulated into it while its entries stream out of SHAKE128. Every value stored is in
// [0, q), so stores go through put_in_range. The rows need 4 bytes of slack after the last.
template <bool Packed>
using WRow = Fields<Packed ? 23 : 32, std::int32_t>;

// Fields m in [lo, lo + n) of a BitPack encoding (Algorithm 17 layout: a_m = offset - field_m,
// `bits` bits each, scaled by 2^shift) into out[0, n).
void unpack_part(std::int32_t* out, int lo, int n, const std::uint8_t* base, int bits,
                 std::int32_t offset, int shift = 0);
// out[0, n) as fields [lo, lo + n) of a BitPack encoding at base (lo * bits a multiple of 8).
void pack_part(std::uint8_t* base, int lo, int n, const std::int32_t* in, int bits,
               std::int32_t offset);
// out[m] += offset - field_{lo + m} for m < n: unpack_part added in.
void unpack_add_part(std::int32_t* out, int lo, int n, const std::uint8_t* base, int bits,
                     std::int32_t offset);

// Part h of NTT(a) (Algorithm 41), for a given by its packed encoding as above: with Parts = 1
// the whole transform; with Parts = 2 the coefficients [128 h, 128 h + 128), computed from the
// first layer (len 128, the only one that mixes the halves) read straight off the encoding and
// the other seven layers on the half alone. Same values as ntt() on the whole polynomial.
// Kernel: the layers on the platform's kernel (ntt-kernel, common/ntt_kernel.hpp).
template <int Parts, bool Kernel>
void ntt_part(std::int32_t* out, int h, const std::uint8_t* base, int bits, std::int32_t offset) {
  static_assert(Parts == 1 || Parts == 2);
  if constexpr (Parts == 1) {
    unpack_part(out, 0, kN, base, bits, offset);
    ntt_layers_on<Kernel>(out, 0, kN / 2);
  } else {
    constexpr int half = kN / 2;
    const std::int64_t z = ntt_zeta(1);                  // Alg. 41, lines 9-10 for len 128
    unpack_part(out, 0, half, base, bits, offset);       // a_j, then lines 11-14, one side kept
    std::int32_t* lo = out - half;                       // lo[j + 128] is a_j's slot
    const auto t = [z, offset](std::uint32_t f) {
      return montgomery_reduce(z * (offset - static_cast<std::int32_t>(f)));
    };
    if (h == 0) {                                        // h is public (which half)
      for_each_field(base, half, half, bits, [lo, t](int j, std::uint32_t f) { lo[j] += t(f); });
    } else {
      for_each_field(base, half, half, bits, [lo, t](int j, std::uint32_t f) { lo[j] -= t(f); });
    }
    ntt_layers_on<Kernel>(out, h * half, half / 2);
  }
}

// row = NTT^-1(row) in place (Algorithm 42), through work (256 / Parts coefficients); every
// coefficient leaves in [0, q). With two parts the seven inner layers run per half and the
// last one (len 128) with the scaling straight on the row.
template <int Parts, bool Kernel, class Row>
void invntt_row(Row row, std::int32_t* work) {
  constexpr int n = kN / Parts;
  for (int h = 0; h < Parts; ++h) {
    for (int m = 0; m < n; ++m) work[m] = row.get(h * n + m);
    invntt_layers_on<Kernel>(work, h * n, Parts == 1 ? kN / 2 : n / 2);
    for (int m = 0; m < n; ++m)
      row.put_in_range(h * n + m, freeze(Parts == 1 ? invntt_scale(work[m]) : work[m]));
  }
  if constexpr (Parts == 2) {
    const std::int64_t z = -ntt_zeta(1);                 // Alg. 42, lines 9-10 for len 128
    for (int j = 0; j < n; ++j) {                        // lines 11-15, then 21-24
      const std::int32_t t = row.get(j), u = row.get(j + n);
      row.put_in_range(j, freeze(invntt_scale(t + u)));
      row.put_in_range(j + n, freeze(invntt_scale(montgomery_reduce(z * (t - u)))));
    }
  }
}

// The same with the two halves in two buffers of 128 coefficients, lo and hi (ntt-in-y-slot
// lends y_(l-1)'s slot for hi once w is made): the last layer (len 128) and the scaling run on
// 32-bit values instead of the packed row, so every field is read and written once.
template <bool Kernel, class Row>
void invntt_row_split(Row row, std::int32_t* lo, std::int32_t* hi) {
  constexpr int n = kN / 2;
  for (int m = 0; m < n; ++m) {
    lo[m] = row.get(m);
    hi[m] = row.get(n + m);
  }
  invntt_layers_on<Kernel>(lo, 0, n / 2);
  invntt_layers_on<Kernel>(hi, n, n / 2);
  const std::int64_t z = -ntt_zeta(1);                   // Alg. 42, lines 9-10 for len 128
  for (int j = 0; j < n; ++j) {                          // lines 11-15, then 21-24
    const std::int32_t t = lo[j], u = hi[j];
    row.put_in_range(j, freeze(invntt_scale(t + u)));
    row.put_in_range(j + n, freeze(invntt_scale(montgomery_reduce(z * (t - u)))));
  }
}

// row += A_hat[r][s] o b_hat (FIPS 204 Algorithm 48, line 4, one term), with A_hat[r][s] drawn
// by RejNTTPoly (Algorithm 30, on rho || s || r: Algorithm 32, line 3) one coefficient at a
// time, so the entry never exists as a polynomial. b_hat comes in Parts pieces: part(h) returns
// its coefficients [256 h / Parts, ...), made while the sponge waits. Each sum is reduced into
// [0, q) for the store.
// Kernel (matrix-kernel): where the build has fold_armv7m, the row is packed at 23 bits and the
// sponge is the framed one, and the caller has both parts at once (whole: part(1) leaves
// part(0) as it was), each step's accepted coefficients go to the kernel together.
// Never inlined: its sponge must not join a caller's frame, which outlives the entry.
template <int Parts, KeccakPermutation F, bool Kernel = false, class Row, class Part>
[[gnu::noinline]] void acc_matrix_entry(Row row, const std::uint8_t rho[32], int r, int s, Part&& part,
                      [[maybe_unused]] bool whole = false) {
  constexpr int n = kN / Parts;
  const auto cs = static_cast<std::uint8_t>(s), cr = static_cast<std::uint8_t>(r);
#if defined(SIGSPACE_HAVE_MLDSA_FOLD_ARMV7M)
  constexpr bool framed = requires(Xof128<F> g, std::uint32_t* w) { g.squeeze_three_lanes(w); };
  if constexpr (Kernel && framed && std::is_same_v<Row, Fields<23, std::int32_t>>) {
    if (whole) {
      const std::int32_t* lo = part(0);
      const std::int32_t* hi = lo;                       // b[m] for m >= 128
      if constexpr (Parts == 2) hi = part(1) - n;
      constexpr int half = kN / 2;                       // j is public, as every count is
      Xof128<F> g;                                       // Algorithm 30, lines 2-3
      absorb_matrix_seed(g, rho, cs, cr);
      for (int j = 0; j < kN;) {                         // lines 1, 4-9, 24 bytes a step
        std::uint32_t w[7];                              // the kernel reads a byte past 24
        g.squeeze_three_lanes(w);
        w[6] = 0;
        if (j + 8 <= half || (j >= half && j + 8 <= kN)) {  // all eight in one half
          j = sigspace_mldsa_fold_lanes_armv7m(row.p, j < half ? lo : hi,
                                               reinterpret_cast<const std::uint8_t*>(w), j);
          continue;
        }
        std::uint32_t z[8];                              // near a half's end: the batch step
        int c = accepted_of_words(w, z);
        c = c < kN - j ? c : kN - j;
        const int first = j >= half ? 0 : (c < half - j ? c : half - j);
        if (first > 0) sigspace_mldsa_fold_armv7m(row.p, lo, z, j, first);
        if (first < c) sigspace_mldsa_fold_armv7m(row.p, hi, z + first, j + first, c - first);
        j += c;
      }
      return;
    }
  }
#endif
  const std::int32_t* b = part(0);                       // coefficients base, base + 1, ...
  int base = 0;
  const auto fold = [&](int j, std::uint32_t z) {
    if constexpr (Parts == 2) {
      if (j == n) {                                      // the second half of b_hat
        b = part(1);
        base = n;
      }
    }
    // z < q fits an int32_t: a signed product is one SMULL (an unsigned z makes it three)
    const auto a = static_cast<std::int64_t>(static_cast<std::int32_t>(z));
    row.put_in_range(j, freeze(row.get(j) + montgomery_reduce(a * b[j - base])));
  };
  if constexpr (requires(Xof128<F> g, std::uint32_t* w) { g.squeeze_three_lanes(w); }) {
    rej_ntt_sample_lanes<Xof128<F>>(rho, cs, cr, fold);  // the framed sponge (keccak-kernel)
  } else {
    rej_ntt_sample<Xof128<F>>(rho, cs, cr, fold);
  }
}

// s_r of Algorithm 33 by RejBoundedPoly (Algorithm 31) on the compact sponge, each coefficient
// written straight into its BitPack(s_r, eta, eta) field at out (Algorithm 24, lines 2-7): no
// polynomial is ever held.
template <int Eta, KeccakPermutation F>
void bounded_poly_packed(std::uint8_t* out, const std::uint8_t rho[64], std::uint16_t r) {
  BitWriter w(out);
  rej_bounded_sample<Eta, Xof256<F>>(rho, r, [&w](int, std::uint32_t field) {
    w.put(field, bitlen(2 * Eta));
  });
}

// The challenge c of Algorithm 29 as its tau nonzero positions and a sign mask (bit t set:
// coefficient -1): 72 bytes instead of a 1 KB polynomial. Like the reference's SampleInBall,
// the positions are functions of c_tilde alone and are used as memory offsets and loop bounds:
// c_tilde is public in every attempt, rejected ones included (tests/ct/README.md, D3).
struct Challenge {
  std::uint8_t pos[64];
  std::uint64_t neg;
  int n;
};
// Not inlined: its sponge must not share a frame with challenge_acc's chunk (112 bytes more
// at the deepest point of signing and verification on Cortex-M4 when they did).
template <KeccakPermutation F>
[[gnu::noinline]] void sample_challenge(Challenge& c, Bytes ctilde, int tau);

// out[m - lo] += (c a)[m] for m in [lo, lo + n): the negacyclic product of c (sum over its
// (p, sign) pairs of sign * X^p) with a read as packed fields a_i = offset - field_i (BitPack
// layout, Algorithm 17) of `bits` bits at `base`, each scaled by 2^shift.
// c is given by its `terms` positions and sign mask.
void challenge_acc(std::int32_t* out, int lo, int n, const std::uint8_t* pos, std::uint64_t neg,
                   int terms, const std::uint8_t* base, int bits, std::int32_t offset, int shift);

// out[0, n) = (c a)[lo, lo + n) for a small a (s1, s2: a_i = eta - field_i, bits <= 4, eta <= 4),
// four coefficients a word in 8-bit lanes (swar-challenge). out's own 4n bytes hold a and the
// lanes while it runs, so it needs no stack beyond its frame: n >= 128 and at most (4n - 256) / n
// groups of 127 / eta terms (n = 128: tau * eta <= 254).
void challenge_product_small(std::int32_t* out, int lo, int n, const std::uint8_t* pos,
                             std::uint64_t neg, int terms, const std::uint8_t* base, int bits,
                             int eta);

// The same with c re-sampled in the call's frame (as challenge_acc_from), or in the flat form below.
template <KeccakPermutation F>
[[gnu::noinline]] void challenge_product_small_from(std::int32_t* out, int lo, int n, Bytes ctilde,
                                                    int tau, const std::uint8_t* base, int bits,
                                                    int eta);
void challenge_product_small_flat(std::int32_t* out, int lo, int n, const std::uint8_t* flat,
                                  int tau, const std::uint8_t* base, int bits, int eta);

// The sparse form stored flat in `tau + 8` bytes (challenge-in-signature keeps it in the
// signature's hint slot, which nothing else uses until the hints are packed): the tau positions,
// then the sign mask, little-endian.
template <KeccakPermutation F>
[[gnu::noinline]] void sample_challenge_flat(std::uint8_t* flat, Bytes ctilde, int tau);
// challenge_acc with c in that flat form.
void challenge_acc_flat(std::int32_t* out, int lo, int n, const std::uint8_t* flat, int tau,
                        const std::uint8_t* base, int bits, std::int32_t offset, int shift);
// challenge_acc for a with |a_i| <= 2^12 (t0) given whole as 16-bit values, two coefficients
// a word in 16-bit lanes (swar-ct0), kHalvesLanes lanes at a time in acc (n a multiple of
// them); unpack_halves makes a from a BitPack encoding (a_m = offset - field_m). a and acc are
// the caller's: the memory floor lends them a consumed row of w (sign.hpp).
inline constexpr int kHalvesLanes = 64;
void unpack_halves(std::int16_t* a, const std::uint8_t* base, int bits, std::int32_t offset);
void challenge_acc_halves(std::int32_t* out, int lo, int n, const std::uint8_t* pos,
                          std::uint64_t neg, int terms, const std::int16_t* a, std::int16_t* acc);
void challenge_acc_halves_flat(std::int32_t* out, int lo, int n, const std::uint8_t* flat,
                               int tau, const std::int16_t* a, std::int16_t* acc);
// The same product with c re-sampled from c_tilde in this call's own frame, so callers keep
// only the c_tilde pointer and the 80-byte sparse form never sits under their deeper calls.
// Instantiated for the permutations kPermutation may pick (stream.cpp).
template <KeccakPermutation F>
[[gnu::noinline]] void challenge_acc_from(std::int32_t* out, int lo, int n, Bytes ctilde, int tau,
                                          const std::uint8_t* base, int bits, std::int32_t offset,
                                          int shift);

}  // namespace sigspace::mldsa::memory_floor
