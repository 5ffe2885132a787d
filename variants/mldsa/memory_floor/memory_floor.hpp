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
//                    z_j, instead of being sampled again.
// Structural (always on): the signing key stays in its FIPS 204 encoding and is read field by
// field; w is accumulated column by column (one NTT per y_j); c_tilde, z (packed straight into
// the signature), the r0 and ct0 checks and the hints are computed polynomial by polynomial;
// keygen and verify go row by row, verify absorbing w1' into the hash as each row is done.
#pragma once
#include <cstdint>
#include <cstring>

#include "../common/encode.hpp"
#include "../common/message.hpp"
#include "../common/sample.hpp"
#include "sigspace/arena.hpp"
#include "stream.hpp"

namespace sigspace::mldsa::memory_floor {

enum : unsigned {
  kPackedW = 1u << 0,
  kStreamedA = 1u << 1,
  kSparseC = 1u << 2,
  kRecomputeRho2 = 1u << 3,
  kHintsInW = 1u << 4,
  kYInSig = 1u << 5,
  kAll = (1u << 6) - 1,
};

// Published workspace of each operation (ARCHITECTURE.md, workspace contract): one working
// polynomial plus the rows of w, and what a switched-off technique costs.
template <class P, unsigned F>
struct Layout {
  using Row = WRow<(F & kPackedW) != 0>;
  static constexpr std::size_t rows(int n) { return n * Row::bytes + 4; }  // 4: the get/put window
  static constexpr std::size_t extra_a = (F & kStreamedA) ? 0 : sizeof(Poly);
  static constexpr std::size_t extra_c = (F & kSparseC) ? 0 : 2 * sizeof(Poly);
  static constexpr std::size_t extra_h = (F & kHintsInW) ? 0 : P::k * kN / 8;
  static constexpr std::size_t keygen = sizeof(Poly) + rows(1) + extra_a;
  static constexpr std::size_t sign = sizeof(Poly) + rows(P::k) + extra_a + extra_c + extra_h;
  static constexpr std::size_t verify = sizeof(Poly) + rows(1) + extra_a + extra_c;
};

// The workspace carved into its parts; ok is false when the arena is too small.
template <class P, unsigned F>
struct Scratch {
  using Row = typename Layout<P, F>::Row;
  Poly* tmp = nullptr;
  std::uint8_t* rows = nullptr;
  Poly* a = nullptr;      // A_hat entry (streamed-A off)
  Poly* c_hat = nullptr;  // NTT(c) and a second polynomial (sparse-challenge off)
  Poly* aux = nullptr;
  std::uint8_t* hints = nullptr;
  bool ok = true;

  Scratch(Arena& ws, int nrows, bool challenge, bool hint_area) {
    tmp = ws.allocate_array<Poly>(1);
    rows = static_cast<std::uint8_t*>(ws.allocate(Layout<P, F>::rows(nrows), 4));
    if constexpr (!(F & kStreamedA)) a = ws.allocate_array<Poly>(1);
    if (!(F & kSparseC) && challenge) {
      c_hat = ws.allocate_array<Poly>(1);
      aux = ws.allocate_array<Poly>(1);
      ok = c_hat != nullptr && aux != nullptr;
    }
    if (!(F & kHintsInW) && hint_area) {
      hints = static_cast<std::uint8_t*>(ws.allocate(Layout<P, F>::extra_h, 4));
      ok = ok && hints != nullptr;
    }
    ok = ok && tmp != nullptr && rows != nullptr && ((F & kStreamedA) || a != nullptr);
  }
  Row row(int i) const { return Row{rows + i * Row::bytes}; }
};

// row += A_hat[r][s] o b (Algorithm 48, line 4 for one entry; Algorithm 32, line 3).
template <class P, unsigned F>
void acc_entry(const Scratch<P, F>& s, typename Scratch<P, F>::Row row, const std::uint8_t rho[32],
               int r, int col, const Poly& b) {
  if constexpr ((F & kStreamedA) != 0) {
    acc_matrix_entry(row, rho, r, col, b);
  } else {
    rej_ntt_poly(*s.a, rho, static_cast<std::uint8_t>(col), static_cast<std::uint8_t>(r));
    for (int m = 0; m < kN; ++m)
      row.put(m, freeze(row.get(m) + montgomery_reduce(static_cast<std::int64_t>(s.a->c[m]) * b.c[m])));
  }
}

// Products with the challenge: out += 2^shift * c * a, a read from its packed encoding.
// sparse-challenge keeps only the c_tilde pointer and re-samples c inside each product (one
// SHAKE256 block), so c's sparse form is never alive under the caller's sponge calls.
template <class P, unsigned F>
struct ChallengeMul {
  const std::uint8_t* ctilde = nullptr;
  Poly* c_hat;
  Poly* aux;
  ChallengeMul(const Scratch<P, F>& s) : c_hat(s.c_hat), aux(s.aux) {}
  void init(const std::uint8_t* ct) {  // Algorithm 7, lines 16-17; Algorithm 8, line 8
    ctilde = ct;
    if constexpr ((F & kSparseC) == 0) {
      sample_in_ball(*c_hat, Bytes(ct, P::ctilde_bytes), P::tau);
      ntt(*c_hat);
    }
  }
  void acc(Poly& out, const std::uint8_t* base, int bits, std::int32_t offset, int shift) {
    if constexpr ((F & kSparseC) != 0) {
      challenge_acc_from(out, Bytes(ctilde, P::ctilde_bytes), P::tau, base, bits, offset, shift);
    } else {  // NTT^-1(c_hat o NTT(a)), exact as a centered integer (see the reference)
      BitReader r(base, 0);
      for (auto& x : aux->c) x = offset - static_cast<std::int32_t>(r.take(bits));
      ntt(*aux);
      poly_pointwise(*aux, *c_hat, *aux);
      invntt(*aux);
      poly_reduce(*aux);
      for (int m = 0; m < kN; ++m) out.c[m] += aux->c[m] * (std::int32_t{1} << shift);
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
