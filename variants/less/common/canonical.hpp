// Canonical form and blinding of LESS v2.0 (less-v2.0.md sections 6 and 6.5; the reference's
// compute_canonical_form_type5_popcnt and blind). The canonical form is data-dependent by
// design; in sign its input is blinded first. Neither is constant-time here.
#pragma once
#include <cstddef>
#include <cstdint>

#include "sigspace/ct.hpp"
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
// The same result from one candidate build instead of several (canonical.cpp says why).
bool canonical_form_two_pass(std::uint8_t* a, unsigned k, unsigned m, const CfScratch& ws);

// Section 6.5: a <- Left * a * Right with monomials drawn from the blinding XOF, by direct
// (secret-indexed) moves as the official reference; ct_blind.hpp has the constant-time form.
// tmp is k*m bytes; the monomials are m entries each (k = m).
void blind(std::uint8_t* a, unsigned k, unsigned m, KeccakSponge& blinding_xof, std::uint8_t* tmp,
           std::uint8_t* coef_r, std::uint16_t* perm_r, std::uint8_t* coef_l, std::uint16_t* perm_l);

// Wrappers sized by the parameter set. The best matrix and the histogram/transpose scratch live
// in this frame, as the reference's M and SortRows/SortCols frames; the candidate matrix (static
// in the reference) is borrowed from the caller, from a k x n matrix that is dead meanwhile.
template <unsigned K, unsigned M, bool TwoPass = false>
[[gnu::noinline]] bool canonical_form(std::uint8_t* a, std::uint8_t* borrowed_cand) {
  std::uint8_t best[K * M], hist_or_t[K * 128 > K * M ? K * 128 : K * M];
  std::uint16_t row_idx[K], col_idx[M], rows_j[K];
  const CfScratch ws{best, borrowed_cand, hist_or_t, row_idx, col_idx, rows_j};
  const bool ok = TwoPass ? canonical_form_two_pass(a, K, M, ws) : canonical_form(a, K, M, ws);
  // The canonical form is a function of the blinded matrix; its scratch is wiped all the same
  // (issue 16: the best and candidate matrices stayed on the stack).
  ct::wipe(best, sizeof best), ct::wipe(hist_or_t, sizeof hist_or_t);
  ct::wipe(row_idx, sizeof row_idx), ct::wipe(col_idx, sizeof col_idx), ct::wipe(rows_j, sizeof rows_j);
  return ok;
}
// tmp: k*m bytes borrowed from the caller (the reference keeps this matrix static).
template <unsigned K, unsigned M>
[[gnu::noinline]] void blind(std::uint8_t* a, KeccakSponge& blinding_xof, std::uint8_t* tmp) {
  static_assert(K == M, "the two blinding monomials have the same size");
  std::uint8_t coef_r[M], coef_l[K];
  std::uint16_t perm_r[M], perm_l[K];
  blind(a, K, M, blinding_xof, tmp, coef_r, perm_r, coef_l, perm_l);
  // The blinding monomials are secret: with the blinded matrix they give back the unblinded one.
  ct::wipe(coef_r, sizeof coef_r), ct::wipe(coef_l, sizeof coef_l);
  ct::wipe(perm_r, sizeof perm_r), ct::wipe(perm_l, sizeof perm_l);
}

}  // namespace sigspace::less
