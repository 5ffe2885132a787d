// Canonical form and blinding of LESS v2.0 (less-v2.0.md sections 6 and 6.5; the reference's
// compute_canonical_form_type5_popcnt and blind). The canonical form is data-dependent by
// design; in sign its input is blinded first.
#pragma once
#include <cstddef>
#include <cstdint>

#include "sigspace/keccak.hpp"

namespace sigspace::less {

// Scratch of the canonical form for a k x m input (on the caller's stack in the reference point).
struct CfScratch {
  std::uint8_t* best;      // k*m: best candidate so far
  std::uint8_t* cand;      // k*m: the candidate being built
  std::uint8_t* hist_or_t; // max(k*128, m*k): row histograms, then the transposed candidate
  std::uint16_t* row_idx;  // k
  std::uint16_t* col_idx;  // m
  std::uint16_t* rows_j;   // k: rows with the maximal zero count
};

// Section 6: replaces a (k x m) by its canonical form; false on failure (sign retries, verify rejects).
bool canonical_form(std::uint8_t* a, unsigned k, unsigned m, const CfScratch& ws);

// Section 6.5: a <- Left * a * Right with monomials drawn from the blinding XOF. tmp is k*m
// bytes, keys/payload m words each. Secret rows and columns move through sorting networks.
void blind(std::uint8_t* a, unsigned k, unsigned m, KeccakSponge& blinding_xof, std::uint8_t* tmp,
           std::uint8_t* coef, std::uint16_t* perm, std::uint16_t* keys);

// Bytes of the histogram/transpose scratch the canonical form borrows from its caller.
constexpr std::size_t cf_borrowed_bytes(unsigned k, unsigned m) {
  return k * 128u > std::size_t{m} * k ? k * 128u : std::size_t{m} * k;
}

// Wrappers sized by the parameter set. The best and candidate matrices live in this frame; the
// histogram/transpose scratch is borrowed from the caller (a matrix that is dead while the
// canonical form runs), which keeps the peak near the reference's, whose scratch is static.
template <unsigned K, unsigned M>
[[gnu::noinline]] bool canonical_form(std::uint8_t* a, std::uint8_t* borrowed) {
  std::uint8_t best[K * M], cand[K * M];
  std::uint16_t row_idx[K], col_idx[M], rows_j[K];
  return canonical_form(a, K, M, {best, cand, borrowed, row_idx, col_idx, rows_j});
}
// tmp: k*m bytes borrowed from the caller (the reference keeps this matrix static).
template <unsigned K, unsigned M>
[[gnu::noinline]] void blind(std::uint8_t* a, KeccakSponge& blinding_xof, std::uint8_t* tmp) {
  static_assert(K == M, "blinding shares its vectors between the two sides");
  std::uint8_t coef[M];
  std::uint16_t perm[M], keys[M];
  blind(a, K, M, blinding_xof, tmp, coef, perm, keys);
}

}  // namespace sigspace::less
