#include "less/common/ct_codes.hpp"

#include <cstddef>
#include <cstring>

#include "less/common/ct_permute.hpp"
#include "less/common/fq.hpp"
#include "sigspace/ct.hpp"
#include "sigspace/ct_declassify.hpp"

namespace sigspace::less {

void ct_g0_monomial_transposed(const std::uint8_t* v, unsigned k, unsigned n,
                               const std::uint8_t* coef, const std::uint16_t* perm,
                               std::uint8_t* t_out, std::uint16_t* keys) {
  const unsigned m = n - k;
  // Column j < k of G0 is e_j (public position); column j >= k is column j-k of V.
  std::memset(t_out, 0, std::size_t{n} * k);
  for (unsigned j = 0; j < k; ++j) t_out[std::size_t{j} * k + j] = coef[j];
  for (unsigned r = 0; r < k; ++r) {
    const std::uint8_t* vr = v + std::size_t{r} * m;
    for (unsigned j = 0; j < m; ++j) t_out[std::size_t{k + j} * k + r] = fq_mul(vr[j], coef[k + j]);
  }
  for (unsigned j = 0; j < n; ++j) keys[j] = perm[j];
  ct_sort_rows(keys, t_out, n, k);
}

void ct_monomial_inverse(const std::uint8_t* coef, const std::uint16_t* perm, unsigned n,
                         std::uint8_t* coef_inv, std::uint16_t* perm_inv) {
  for (unsigned d = 0; d < n; ++d) {
    std::uint32_t j_of_d = 0, c = 0;
    for (unsigned j = 0; j < n; ++j) {
      const std::uint32_t hit = ct::eq_mask(perm[j], d);
      j_of_d |= j & hit;
      c |= coef[j] & hit;
    }
    perm_inv[d] = static_cast<std::uint16_t>(j_of_d);
    coef_inv[d] = fq_inv(c);
  }
}

namespace {

// row[j] += add[j] & mask (mod 127): a + b <= 252 fits a byte, and min(x, x - 127) reduces it
// (x - 127 wraps above x exactly when x < 127), so the loop runs in 8-bit lanes.
void row_add_masked(std::uint8_t* __restrict row, const std::uint8_t* __restrict add,
                    std::uint8_t mask, unsigned len) {
  for (unsigned j = 0; j < len; ++j) {
    const std::uint8_t x = static_cast<std::uint8_t>(row[j] + (add[j] & mask));
    const std::uint8_t y = static_cast<std::uint8_t>(x - kQ);
    row[j] = y < x ? y : x;
  }
}

}  // namespace

// Gauss-Jordan elimination. The pivot search is masked: every lower row is added to the pivot
// row while the pivot entry is still zero, so which row held the nonzero is not revealed.
// Data-dependent path: whether column c has a pivot at all (the loop skips it otherwise), i.e.
// the pivot-column set, leaks through timing, as in the reference. For the sign-side matrices
// G0*mu the pivot set is the first k columns except with probability about 1/q.
bool ct_rref(std::uint8_t* g, unsigned k, unsigned n, std::uint8_t* pivots) {
  std::memset(pivots, 0, n);
  unsigned r = 0;
  for (unsigned c = 0; c < n && r < k; ++c) {
    std::uint8_t* pr = g + std::size_t{r} * n;
    const unsigned len = n - c;  // rows r.. are zero left of c; rows above need no update there
    for (unsigned i = r + 1; i < k; ++i) {
      const std::uint8_t mask = static_cast<std::uint8_t>(ct::eq_mask(pr[c], 0));
      row_add_masked(pr + c, g + std::size_t{i} * n + c, mask, len);
    }
    // No pivot in column c: the pivot set decides this branch. ct_rref serves key generation,
    // where the pivot set is published in the public key (section 3; D11).
    bool no_pivot = pr[c] == 0;
    SIGSPACE_CT_DECLASSIFY(&no_pivot, sizeof no_pivot);
    if (no_pivot) continue;
    pivots[c] = 1;
    const std::uint8_t inv = fq_inv(pr[c]);
    for (unsigned j = c; j < n; ++j) pr[j] = fq_mul(pr[j], inv);
    for (unsigned i = 0; i < k; ++i) {
      if (i == r) continue;  // public index
      std::uint8_t* gi = g + std::size_t{i} * n;
      fq_row_axpy(gi + c, pr + c, static_cast<std::uint16_t>(kQ - gi[c]), len);
    }
    ++r;
  }
  return r == k;
}

}  // namespace sigspace::less
