// ML-DSA memory-floor operating point: FIPS 204 Algorithms 6-8 rearranged so that no more than
// one working polynomial, the packed commitment w and a sponge or two are alive at a time.
// Techniques (compile-time policy bits, each one switchable off for an ablation build):
//   packed-w         w (and each accumulator) stored at 23 bits per coefficient, not 32;
//   streamed-A       entries of A_hat folded into the product as SHAKE128 yields them;
//   sparse-challenge c kept as tau (position, sign) pairs, products with c taken in the normal
//                    domain straight from the packed key (no c_hat, no NTT of s1, s2, t0, t1);
//   recomputed-rho2  rho'' re-derived (one Keccak call) wherever y is needed, not kept;
//   hints-in-w       the hint bitmap of row i overwrites the consumed part of w's row i;
//   y-in-signature   y_j is squeezed once per attempt into the signature's z slot j (the
//                    caller's output buffer, which its bytes already encode) and read back for
//                    w and z_j; switched off, the same bytes sit in the workspace;
//   half-poly        the working polynomial is half a polynomial (512 bytes): NTTs are made a
//                    half at a time from packed inputs (the first layer read straight off the
//                    encoding), inverse NTTs run in place on the packed row, and products and
//                    checks go half by half. Costs an NTT per matrix entry instead of per column.
//   keccak-kernel    every sponge on the platform's Keccak-f[1600] kernel where the build has
//                    one (Cortex-M4/M33: keccak_f1600_armv7m, 80 bytes of stack against the
//                    compact permutation's 128), A_hat's on its framed sponge read three lanes
//                    at a time, and signing's masks y and commitment hash on the framed sponge
//                    too (they squeeze or absorb bytes, never a block in place); elsewhere, and
//                    switched off, keccak_f1600_compact.
//   ntt-kernel       the NTT and inverse NTT layers on the platform's kernel where the build has
//                    one (Cortex-M4/M33: arch/armv7m/ntt.S, the same values); elsewhere, and
//                    switched off, the portable layers.
//   challenge-in-signature  (with sparse-challenge, in signing) c's sparse form sampled once an
//                    attempt into the signature's hint slot (tau + 8 <= omega + k bytes, written
//                    only when the hints are packed), not re-sampled by each product half: one
//                    SHAKE256 call per attempt instead of 2 (l + 2k).
//   swar-challenge   (with sparse-challenge) c s1 and c s2 four coefficients a word in 8-bit
//                    lanes, inside the working polynomial's own bytes (stream.hpp,
//                    challenge_product_small); switched off, one 32-bit add a coefficient.
//   ntt-in-y-slot    (with half-poly, in signing) NTT(y_j) made once a column, not once an
//                    entry: its second half waits in y_(l-1)'s slot (the signature's last z
//                    slot, or its place in the workspace), which holds nothing until z. So
//                    y_(l-1) is never stored during w: its mask is streamed straight into its
//                    NTT's first layer, and squeezed again into its slot for z_(l-1) (sign.hpp).
//                    One ExpandMask more an attempt instead of (k - 1) l NTTs. The same slot
//                    then holds the second half of each row's inverse NTT (invntt_row_split).
//   swar-ct0         (with sparse-challenge and challenge-in-signature) c t0 two coefficients
//                    a word in 16-bit lanes, seven terms a pass (stream.cpp,
//                    challenge_acc_halves; SADD16/SSUB16 on the boards), t0_i unpacked whole
//                    into the consumed row i - 1 of w (past its hint bitmap), which nothing
//                    reads again; row 0, and switched off, one 32-bit add a coefficient and term.
//   matrix-kernel    (with streamed-A, packed-w and keccak-kernel) A_hat's accepted
//                    coefficients folded into the packed row eight at a time by the platform's
//                    kernel where the build has one (Cortex-M4/M33: arch/armv7m/fold.S, the
//                    same values), when both halves of NTT(y_j) are at hand (ntt-in-y-slot, or
//                    half-poly off); elsewhere, and switched off, the portable loop.
// Structural (always on): the signing key stays in its FIPS 204 encoding and is read field by
// field; w is accumulated column by column; c_tilde, z (packed straight into the signature),
// the r0 and ct0 checks and the hints are computed polynomial by polynomial (or half by half);
// keygen and verify go row by row, verify absorbing w1' into the hash as each row is done.
#pragma once
#include <cstdint>
#include <cstring>

#include "mldsa/common/encode.hpp"
#include "mldsa/common/key_layout.hpp"
#include "mldsa/common/message.hpp"
#include "mldsa/common/sample.hpp"
#include "sigspace/arena.hpp"
#include "mldsa/memory_floor/stream.hpp"

namespace sigspace::mldsa::memory_floor {

enum : unsigned {
  kPackedW = 1u << 0,
  kStreamedA = 1u << 1,
  kSparseC = 1u << 2,
  kRecomputeRho2 = 1u << 3,
  kHintsInW = 1u << 4,
  kYInSig = 1u << 5,
  kHalfPoly = 1u << 6,
  kKeccakKernel = 1u << 7,
  kNttKernel = 1u << 8,
  kChallengeInSig = 1u << 9,
  kSwarChallenge = 1u << 10,
  kNttInYSlot = 1u << 11,
  kMatrixKernel = 1u << 12,
  kSwarT0 = 1u << 13,
};

// Whether c t0 goes through 16-bit lanes in signing (swar-ct0 and what it needs).
template <unsigned F>
inline constexpr bool kSwarT0On = (F & kSwarT0) != 0 && (F & kSparseC) != 0 && (F & kChallengeInSig) != 0;

// Whether the NTT layers run on the platform's kernel (stream.hpp, ntt_part and invntt_row).
template <unsigned F>
inline constexpr bool kNttOn = (F & kNttKernel) != 0;

// The permutation of every sponge of the point (stream.hpp).
template <unsigned F>
inline constexpr KeccakPermutation kPermutation =
    keccak_kernel_or<(F & kKeccakKernel) != 0, &keccak_f1600_compact>;
// A_hat's sponges, with keccak-kernel on the kernel's framed sponge where the build has it
// (sigspace/keccak_frames.hpp): they are read three lanes at a time (rej_ntt_sample_lanes), so
// the kernel's 25-lane conversions both ways become 21 lane reads a block. A_hat's
// regeneration is most of the point's signing (results/kernels/mldsa-44-m4-profile.md).
// Signing's ExpandMask and commitment-hash sponges run on it too (sign.hpp): they convert only
// the lanes they squeeze or absorb. (c's sampler stays on the plain kernel: on the framed one
// its frame sits 16 bytes deeper at signing's deepest point, for 0.05 % of the instructions.)
template <unsigned F>
inline constexpr KeccakPermutation kMatrixPermutation =
    keccak_kernel_or<(F & kKeccakKernel) != 0, &keccak_f1600_compact, true>;

// Published workspace of each operation (ARCHITECTURE.md, workspace contract): the working
// polynomial (or half of one) plus the rows of w, and what a switched-off technique costs.
template <class P, unsigned F>
struct Layout {
  using Row = WRow<(F & kPackedW) != 0>;
  static constexpr int parts = (F & kHalfPoly) ? 2 : 1;  // pieces of the working polynomial
  static constexpr std::size_t work = sizeof(Poly) / parts;
  static constexpr std::size_t rows(int n) { return n * Row::poly_bytes + 4; }  // 4: the get/put window
  static constexpr std::size_t extra_a = (F & kStreamedA) ? 0 : sizeof(Poly);
  static constexpr std::size_t extra_c = (F & kSparseC) ? 0 : 2 * sizeof(Poly);
  static constexpr std::size_t extra_h = (F & kHintsInW) ? 0 : P::k * kN / 8;
  static constexpr std::size_t extra_y = (F & kYInSig) ? 0 : P::l * P::poly_z_bytes;
  static constexpr std::size_t keygen = work + rows(1) + extra_a;
  static constexpr std::size_t sign = work + rows(P::k) + extra_a + extra_c + extra_h + extra_y;
  static constexpr std::size_t verify = work + rows(1) + extra_a + extra_c;
};

// The workspace carved into its parts; ok is false when the arena is too small.
template <class P, unsigned F>
struct Scratch {
  using L = Layout<P, F>;
  using Row = typename L::Row;
  static constexpr int parts = L::parts;
  static constexpr int part_n = kN / parts;  // coefficients in work
  std::int32_t* work = nullptr;
  std::uint8_t* rows = nullptr;
  Poly* a = nullptr;      // A_hat entry (streamed-A off)
  Poly* c_hat = nullptr;  // NTT(c) and a second polynomial (sparse-challenge off)
  Poly* aux = nullptr;
  std::uint8_t* hints = nullptr;  // hint bitmap (hints-in-w off)
  std::uint8_t* ys = nullptr;     // y, packed (y-in-signature off)
  bool ok = true;

  Scratch(Arena& ws, int nrows, bool challenge, bool signing) {
    work = static_cast<std::int32_t*>(ws.allocate(L::work, 4));
    rows = static_cast<std::uint8_t*>(ws.allocate(L::rows(nrows), 4));
    if constexpr (!(F & kStreamedA)) a = ws.allocate_array<Poly>(1);
    if (!(F & kSparseC) && challenge) {
      c_hat = ws.allocate_array<Poly>(1);
      aux = ws.allocate_array<Poly>(1);
      ok = c_hat != nullptr && aux != nullptr;
    }
    if (!(F & kHintsInW) && signing) {
      hints = static_cast<std::uint8_t*>(ws.allocate(L::extra_h, 4));
      ok = ok && hints != nullptr;
    }
    if (!(F & kYInSig) && signing) {
      ys = static_cast<std::uint8_t*>(ws.allocate(L::extra_y, 4));
      ok = ok && ys != nullptr;
    }
    ok = ok && work != nullptr && rows != nullptr && ((F & kStreamedA) || a != nullptr);
  }
  Row row(int i) const { return Row{rows + i * Row::poly_bytes}; }
};

// row += A_hat[r][col] o NTT(b) (Algorithm 48, line 4 for one entry; Algorithm 32, line 3), b
// given by its packed encoding (b_i = offset - field_i, `bits` bits each): its NTT is made in
// s.work, one part at a time. A whole NTT (half-poly off) outlives the entry, so a caller going
// down a column passes reuse for every row after the first. Given hi (ntt-in-y-slot), NTT(b)
// is already made: its first half in s.work, its second at hi (Made: the caller passes one;
// only then, or with a whole working polynomial, is matrix-kernel's path compiled in).
template <class P, unsigned F, bool Made = false>
void acc_entry(const Scratch<P, F>& s, typename Scratch<P, F>::Row row, const std::uint8_t rho[32],
               int r, int col, const std::uint8_t* b, int bits, std::int32_t offset,
               bool reuse = false, const std::int32_t* hi = nullptr) {
  constexpr int parts = Scratch<P, F>::parts;
  auto part = [&s, b, bits, offset, reuse, hi](int h) {
    if (hi != nullptr) return h == 0 ? static_cast<const std::int32_t*>(s.work) : hi;
    if constexpr (parts == 2) {
      ntt_part<parts, kNttOn<F>>(s.work, h, b, bits, offset);
    } else if (!reuse) {
      ntt_part<parts, kNttOn<F>>(s.work, h, b, bits, offset);
    }
    return static_cast<const std::int32_t*>(s.work);
  };
  if constexpr ((F & kStreamedA) != 0) {
    acc_matrix_entry<parts, kMatrixPermutation<F>, (F & kMatrixKernel) != 0 && (parts == 1 || Made)>(
        row, rho, r, col, part, parts == 1 || hi != nullptr);
  } else {
    Poly& a = *s.a;
    rej_ntt_sample<Xof128<kPermutation<F>>>(
        rho, static_cast<std::uint8_t>(col), static_cast<std::uint8_t>(r),
        [&a](int j, std::uint32_t z) { a.c[j] = static_cast<std::int32_t>(z); });
    for (int h = 0; h < parts; ++h) {
      const std::int32_t* bh = part(h);
      for (int m = 0, j = h * s.part_n; m < s.part_n; ++m, ++j)
        row.put_in_range(j, freeze(row.get(j) + montgomery_reduce(static_cast<std::int64_t>(s.a->c[j]) * bh[m])));
    }
  }
}

// Products with the challenge: out[0, part_n) += (c a)[lo, lo + part_n), a read from its packed
// encoding (a_i = offset - field_i, scaled by 2^shift). sparse-challenge keeps only the c_tilde
// pointer and re-samples c inside each product (one SHAKE256 block), so c's sparse form is
// never alive under the caller's sponge calls; given a slot (signing, challenge-in-signature)
// it samples c once into it instead.
template <class P, unsigned F>
struct ChallengeMul {
  static_assert(P::tau + 8 <= P::omega + P::k, "the flat challenge must fit the hint slot");
  const std::uint8_t* ctilde = nullptr;
  std::uint8_t* flat = nullptr;
  Poly* c_hat;
  Poly* aux;
  ChallengeMul(const Scratch<P, F>& s) : c_hat(s.c_hat), aux(s.aux) {}
  // Algorithm 7, lines 16-17; Algorithm 8, line 8. slot: tau + 8 bytes free until the products
  // are done, or null.
  void init(const std::uint8_t* ct, std::uint8_t* slot = nullptr) {
    ctilde = ct;
    if constexpr ((F & kSparseC) != 0 && (F & kChallengeInSig) != 0) {
      if (slot != nullptr) {
        flat = slot;
        sample_challenge_flat<kPermutation<F>>(flat, Bytes(ct, P::ctilde_bytes), P::tau);
      }
    }
    if constexpr ((F & kSparseC) == 0) {
      sample_in_ball<Xof256<kPermutation<F>>>(*c_hat, Bytes(ct, P::ctilde_bytes), P::tau);
      ntt(*c_hat);
    }
  }
  // out[0, part_n) = (c a)[lo, lo + part_n) for a = s1_j or s2_i (Algorithm 7, lines 18-19).
  void set_small(std::int32_t* out, int lo, const std::uint8_t* base) {
    constexpr int n = Scratch<P, F>::part_n;
    if constexpr ((F & kSparseC) != 0 && (F & kSwarChallenge) != 0) {
      if (flat != nullptr)
        return challenge_product_small_flat(out, lo, n, flat, P::tau, base, P::eta_bits, P::eta);
      return challenge_product_small_from<kPermutation<F>>(out, lo, n, Bytes(ctilde, P::ctilde_bytes),
                                                           P::tau, base, P::eta_bits, P::eta);
    }
    for (int m = 0; m < n; ++m) out[m] = 0;
    acc(out, lo, base, P::eta_bits, P::eta, 0);
  }
  // out[0, part_n) += (c t0)[lo, lo + part_n) (Algorithm 7, line 25), t0 from its encoding;
  // or, given spare (swar-ct0: t0 already unpack_halves'd there, then kHalvesLanes lanes),
  // in 16-bit lanes.
  void acc_t0(std::int32_t* out, int lo, const std::uint8_t* t0, std::int16_t* spare) {
    if constexpr (kSwarT0On<F>) {
      if (spare != nullptr && flat != nullptr)
        return challenge_acc_halves_flat(out, lo, Scratch<P, F>::part_n, flat, P::tau, spare,
                                         spare + kN);
    }
    acc(out, lo, t0, kD, kT0Half, 0);
  }
  void acc(std::int32_t* out, int lo, const std::uint8_t* base, int bits, std::int32_t offset,
           int shift) {
    constexpr int n = Scratch<P, F>::part_n;
    if constexpr ((F & kSparseC) != 0) {
      if (flat != nullptr)
        return challenge_acc_flat(out, lo, n, flat, P::tau, base, bits, offset, shift);
      challenge_acc_from<kPermutation<F>>(out, lo, n, Bytes(ctilde, P::ctilde_bytes), P::tau, base, bits, offset,
                         shift);
    } else {  // NTT^-1(c_hat o NTT(a)), exact as a centered integer (see the reference)
      unpack_part(aux->c, 0, kN, base, bits, offset);
      ntt(*aux);
      poly_pointwise(*aux, *c_hat, *aux);
      invntt(*aux);
      poly_reduce(*aux);
      for (int m = 0; m < n; ++m) out[m] += aux->c[lo + m] * (std::int32_t{1} << shift);
    }
  }
};

template <class P, unsigned F>
Status keygen_internal(const std::uint8_t xi[32], std::uint8_t* pk, std::uint8_t* sk, Arena& ws);
template <class P, unsigned F>
Status sign_internal(const std::uint8_t* sk, const MessageInput& msg, const std::uint8_t rnd[32],
                     std::uint8_t* sig, Arena& ws);
template <class P, unsigned F>
Status verify_internal(Bytes pk, const MessageInput& msg, Bytes sig, Arena& ws);

}  // namespace sigspace::mldsa::memory_floor
