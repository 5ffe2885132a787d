// The hot generator-matrix kernels of LESS v2.0 in the official reference's form, as templates
// over the dimensions: the reference has N and K as compile-time constants, and so its compiled
// loops (and instruction counts) depend on knowing them. Not constant-time: the monomial is
// applied by secret-indexed column moves and the RREF searches its pivots with branches; the
// constant-time kernels are in ct_codes.hpp.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "less/common/fq.hpp"

namespace sigspace::less {
namespace rref_detail {

template <unsigned N>
void swap_rows(std::uint8_t* a, std::uint8_t* b) {
  std::uint8_t tmp[N];
  std::memcpy(tmp, a, N), std::memcpy(a, b, N), std::memcpy(b, tmp, N);
}

// generator_RREF's pivot search: from (row, col) = (r, r), the first row at or below r with a
// nonzero in the leftmost column that has one. False when no column has one.
template <unsigned K, unsigned N>
bool find_pivot(const std::uint8_t* g, unsigned r, unsigned* row, unsigned* col) {
  for (unsigned c = r; c < N; ++c)
    for (unsigned i = r; i < K; ++i)
      if (g[std::size_t{i} * N + c] != 0) {
        *row = i, *col = c;
        return true;
      }
  return false;
}

// Normalises pivot row r at column c, then eliminates column c from every other row over the
// whole row, as the reference (which does not skip the zero prefix left of c).
template <unsigned K, unsigned N>
void eliminate(std::uint8_t* g, unsigned r, unsigned c) {
  std::uint8_t* pr = g + std::size_t{r} * N;
  const std::uint8_t inv = kFqInv.v[pr[c]];
  for (unsigned j = c; j < N; ++j) pr[j] = fq_mul(pr[j], inv);
  for (unsigned i = 0; i < K; ++i) {
    if (i == r) continue;
    std::uint8_t* gi = g + std::size_t{i} * N;
    const std::uint8_t f = gi[c];
    for (unsigned j = 0; j < N; ++j) gi[j] = fq_sub(gi[j], fq_mul(f, pr[j]));
  }
}

}  // namespace rref_detail

// Section 2.3 (generator_monomial_mul): out = G * M for the k x n matrix G and the monomial
// M = (coef, perm): column j of G times coef[j] lands at column perm[j].
template <unsigned K, unsigned N>
void monomial_apply(const std::uint8_t* g, const std::uint8_t* coef, const std::uint16_t* perm,
                    std::uint8_t* out) {
  for (unsigned j = 0; j < N; ++j) {  // column by column, as the reference
    const unsigned d = perm[j];
    const std::uint8_t c = coef[j];
    for (unsigned r = 0; r < K; ++r) out[std::size_t{r} * N + d] = fq_mul(g[std::size_t{r} * N + j], c);
  }
}

// Section 4 (generator_RREF): reduced row-echelon form in place, pivots normalised to 1, pivot =
// leftmost column with a nonzero at or below the current row, pivot row = first such row,
// swapped up. pivots[c] = 1 for pivot columns (N bytes, cleared here). False when rank < K.
template <unsigned K, unsigned N>
bool rref(std::uint8_t* g, std::uint8_t* pivots) {
  std::memset(pivots, 0, N);
  for (unsigned r = 0; r < K; ++r) {
    unsigned row = 0, col = 0;
    if (!rref_detail::find_pivot<K, N>(g, r, &row, &col)) return false;
    pivots[col] = 1;
    if (row != r) rref_detail::swap_rows<N>(g + std::size_t{r} * N, g + std::size_t{row} * N);
    rref_detail::eliminate<K, N>(g, r, col);
  }
  return true;
}

// Sections 5 and 9 (generator_RREF_pivot_reuse): the RREF above, except that up to `limit`
// pivot columns that were unit columns before (was_pivot[c] = 1, c < K) are taken as they are:
// their rows are neither normalised nor eliminated with. The canonical form is invariant under
// row scaling, so the digest input is unchanged (less-v2.0.md section 6). was_pivot is updated as
// the reference does, including its quirk of clearing the entry indexed by the swapped-in row.
template <unsigned K, unsigned N>
bool rref_pivot_reuse(std::uint8_t* g, std::uint8_t* pivots, std::uint8_t* was_pivot,
                      unsigned limit) {
  std::memset(pivots, 0, N);
  if (limit != 0) {
    // Move each former unit column's nonzero (its last one) onto the diagonal, right to left.
    for (unsigned c = K; c-- > 0;) {
      if (was_pivot[c] != 1) continue;
      unsigned at = K;
      for (unsigned i = 0; i < K; ++i)
        if (g[std::size_t{i} * N + c] != 0) at = i;
      if (at != K && at != c)
        rref_detail::swap_rows<N>(g + std::size_t{c} * N, g + std::size_t{at} * N);
    }
  }
  unsigned reused = 0;
  for (unsigned r = 0; r < K; ++r) {
    unsigned row = 0, col = 0;
    if (!rref_detail::find_pivot<K, N>(g, r, &row, &col)) return false;
    pivots[col] = 1;
    if (row != r) {
      was_pivot[row] = 0;  // the reference's bookkeeping: indexed by the row, kept as it is
      rref_detail::swap_rows<N>(g + std::size_t{r} * N, g + std::size_t{row} * N);
    }
    if (was_pivot[col] == 1 && reused < limit && col < K) {
      ++reused;
      continue;
    }
    rref_detail::eliminate<K, N>(g, r, col);
  }
  return true;
}

}  // namespace sigspace::less
