#include "less/common/canonical.hpp"

#include "sigspace/ct.hpp"

#include <algorithm>
#include <cstring>

#include "less/common/canonical_rows.hpp"
#include "less/common/codes.hpp"
#include "less/common/fq.hpp"
#include "less/common/sampler.hpp"

namespace sigspace::less {
namespace cf_rows {

// Everything in this file below blind() is data-dependent by design (section 6): its input is
// a blinded matrix, and the branches and sort orders follow its values.

bool hist_less(const std::uint8_t* a, const std::uint8_t* b) {
  for (unsigned v = 0; v < kQ; ++v)
    if (a[v] != b[v]) return a[v] > b[v];
  return false;
}

bool row_less(const std::uint8_t* hx, const std::uint8_t* hy, unsigned x, unsigned y) {
  for (unsigned v = 0; v < kQ; ++v)
    if (hx[v] != hy[v]) return hx[v] > hy[v];
  return x < y;
}

void histogram(const std::uint8_t* row, unsigned m, std::uint8_t* h) {
  std::memset(h, 0, 128);
  for (unsigned j = 0; j < m; ++j) ++h[row[j]];
}

bool normalise(std::uint8_t* row, unsigned m) {
  unsigned sum = 0;
  for (unsigned j = 0; j < m; ++j) sum += row[j];
  unsigned f = kFqInv.v[sum % kQ];
  if (sum % kQ == 0) {
    unsigned isum = 0;
    for (unsigned j = 0; j < m; ++j) isum += kFqInv.v[row[j]];
    f = isum % kQ;
    if (f == 0) return false;
  }
  for (unsigned j = 0; j < m; ++j) row[j] = fq_mul(row[j], f);
  return true;
}

namespace {
// scale_normalise with each value passed to put(j, value) instead of stored.
template <class Put>
bool scale_normalise_each(const std::uint8_t* src, const std::uint8_t* d, unsigned m, bool keep_equal, Put put) {
  std::uint32_t sum = 0;
  for (unsigned j = 0; j < m; ++j) sum += src[j] * d[j];
  const std::uint32_t c = fq_mod(src[0] * d[0]);
  // An all-equal row sums to m c: only then is every value compared.
  if (keep_equal && fq_mod(sum) == fq_mod(m * c)) {
    bool equal = true;
    for (unsigned j = 1; j < m; ++j) equal &= fq_mod(src[j] * d[j]) == c;
    if (equal) {
      for (unsigned j = 0; j < m; ++j) put(j, c);
      return true;
    }
  }
  std::uint32_t f = kFqInv.v[fq_mod(sum)];
  if (f == 0) {  // the sum is zero: the sum of inverses itself, unless it is zero too
    std::uint32_t isum = 0;
    for (unsigned j = 0; j < m; ++j) isum += kFqInv.v[fq_mod(src[j] * d[j])];
    f = fq_mod(isum);
    if (f == 0) return false;
  }
  for (unsigned j = 0; j < m; ++j) put(j, fq_mod(src[j] * d[j] * f));
  return true;
}
}  // namespace

bool scale_normalise(const std::uint8_t* src, const std::uint8_t* d, unsigned m, bool keep_equal, std::uint8_t* out) {
  return scale_normalise_each(src, d, m, keep_equal,
                              [out](unsigned j, std::uint32_t v) { out[j] = static_cast<std::uint8_t>(v); });
}

bool scaled_histogram(const std::uint8_t* src, const std::uint8_t* d, unsigned m, bool keep_equal, std::uint8_t* h) {
  std::memset(h, 0, 128);
  return scale_normalise_each(src, d, m, keep_equal, [h](unsigned, std::uint32_t v) { ++h[v]; });
}

bool all_equal(const std::uint8_t* row, unsigned m) {
  for (unsigned j = 1; j < m; ++j)
    if (row[j] != row[0]) return false;
  return true;
}

bool zero_free(const std::uint8_t* row, unsigned m) {
  bool has_zero = false;
  for (unsigned j = 0; j < m; ++j) has_zero |= row[j] == 0;
  return !has_zero;
}

unsigned max_zero_rows(const std::uint8_t* a, unsigned k, unsigned m, std::uint16_t* rows_j) {
  unsigned max_zeros = 0, nj = 0;
  for (unsigned r = 0; r < k; ++r) {
    const std::uint8_t* row = a + std::size_t{r} * m;
    unsigned z = 0;
    for (unsigned j = 0; j < m; ++j) z += row[j] == 0;
    if (z > max_zeros) max_zeros = z, nj = 0;
    if (z == max_zeros) rows_j[nj++] = static_cast<std::uint16_t>(r);
  }
  return nj;
}

bool precheck(const std::uint8_t* a, unsigned m, const std::uint8_t* d, const std::uint16_t* rows_j,
              unsigned nj, const std::uint8_t* lbest, std::uint8_t* row, std::uint8_t* h) {
  for (unsigned x = 0; x < nj; ++x) {
    const std::uint8_t* src = a + std::size_t{rows_j[x]} * m;
    for (unsigned j = 0; j < m; ++j) row[j] = fq_mul(src[j], d[j]);
    if (!normalise(row, m)) return false;
    histogram(row, m, h);
    if (hist_less(h, lbest)) return true;
  }
  return false;
}

bool candidate_key(const std::uint8_t* a, unsigned m, unsigned r, const std::uint16_t* rows_j, unsigned nj,
                   std::uint8_t* d, std::uint8_t* h, std::uint8_t* key) {
  const std::uint8_t* cand_row = a + std::size_t{r} * m;
  for (unsigned j = 0; j < m; ++j) d[j] = kFqInv.v[cand_row[j]];
  for (unsigned x = 0; x < nj; ++x) {
    if (!scaled_histogram(a + std::size_t{rows_j[x]} * m, d, m, false, h)) return false;
    if (x == 0 || hist_less(h, key)) std::memcpy(key, h, 128);
  }
  return true;
}

unsigned least_key(const std::uint8_t* a, unsigned k, unsigned m, const std::uint16_t* rows_j, unsigned nj,
                   std::uint8_t* d, std::uint8_t* h, std::uint8_t* key, std::uint8_t* least) {
  unsigned first = k;
  for (unsigned r = 0; r < k; ++r) {
    if (!zero_free(a + std::size_t{r} * m, m) || !candidate_key(a, m, r, rows_j, nj, d, h, key)) continue;
    if (first == k || hist_less(key, least)) std::memcpy(least, key, 128), first = r;  // strictly less
  }
  return first;
}

}  // namespace cf_rows
namespace {
using namespace cf_rows;

// Steps 4c-4e: scale columns by d, normalise rows, sort rows (multiset order) and columns
// (lexicographic). Writes the candidate's first-row histogram to l_new; false when rejected.
template <bool Fast>
bool build_candidate(const std::uint8_t* a, unsigned k, unsigned m, const std::uint8_t* d,
                     const std::uint8_t* lbest, const CfScratch& ws, std::uint8_t* l_new) {
  std::uint8_t* c = ws.cand;
  std::uint8_t* hist = ws.hist_or_t;
  unsigned max_zeros = 0;
  for (unsigned r = 0; r < k; ++r) {
    std::uint8_t* row = c + std::size_t{r} * m;
    const std::uint8_t* src = a + std::size_t{r} * m;
    if constexpr (Fast) {
      if (!scale_normalise(src, d, m, true, row)) return false;
    } else {  // the reference's steps, as its code runs them
      for (unsigned j = 0; j < m; ++j) row[j] = fq_mul(src[j], d[j]);
      if (!all_equal(row, m) && !normalise(row, m)) return false;
    }
    histogram(row, m, hist + std::size_t{r} * 128);
    max_zeros = std::max<unsigned>(max_zeros, hist[std::size_t{r} * 128]);
  }
  if (max_zeros < lbest[0]) return false;  // the reference's pruning test
  for (unsigned r = 0; r < k; ++r) ws.row_idx[r] = static_cast<std::uint16_t>(r);
  std::sort(ws.row_idx, ws.row_idx + k, [&](std::uint16_t x, std::uint16_t y) {
    return row_less(hist + std::size_t{x} * 128, hist + std::size_t{y} * 128, x, y);
  });
  std::memcpy(l_new, hist + std::size_t{ws.row_idx[0]} * 128, 128);
  std::uint8_t* t = ws.hist_or_t;  // histograms are dead now: reuse as the transpose
  for (unsigned r = 0; r < k; ++r) {
    const std::uint8_t* row = c + std::size_t{ws.row_idx[r]} * m;
    for (unsigned j = 0; j < m; ++j) t[std::size_t{j} * k + r] = row[j];
  }
  for (unsigned j = 0; j < m; ++j) ws.col_idx[j] = static_cast<std::uint16_t>(j);
  std::sort(ws.col_idx, ws.col_idx + m, [&](std::uint16_t x, std::uint16_t y) {
    return std::memcmp(t + std::size_t{x} * k, t + std::size_t{y} * k, k) < 0;
  });
  for (unsigned j = 0; j < m; ++j) {
    const std::uint8_t* col = t + std::size_t{ws.col_idx[j]} * k;
    for (unsigned r = 0; r < k; ++r) c[std::size_t{r} * m + j] = col[r];
  }
  return true;
}

}  // namespace

// Section 6, compute_canonical_form_type5_popcnt: candidates are the rows without zeros, in
// increasing order; each scales the columns by its inverse.
bool canonical_form(std::uint8_t* a, unsigned k, unsigned m, const CfScratch& ws) {
  const unsigned nj = max_zero_rows(a, k, m, ws.rows_j);
  // All rows tie: the reference's fallback (type5) dereferences NULL there; we fail instead.
  if (nj == m) return false;

  std::memset(ws.best, kQ - 1, std::size_t{k} * m);
  std::uint8_t lbest[128] = {}, l_new[128], d[512], row[512], h[128];
  bool touched = false;
  for (unsigned r = 0; r < k; ++r) {
    const std::uint8_t* cand_row = a + std::size_t{r} * m;
    if (!zero_free(cand_row, m)) continue;
    for (unsigned j = 0; j < m; ++j) d[j] = kFqInv.v[cand_row[j]];
    if (!precheck(a, m, d, ws.rows_j, nj, lbest, row, h)) continue;
    if (!build_candidate<false>(a, k, m, d, lbest, ws, l_new)) continue;
    if (std::memcmp(ws.cand, ws.best, std::size_t{k} * m) < 0) {
      std::memcpy(ws.best, ws.cand, std::size_t{k} * m);
      std::memcpy(lbest, l_new, 128);
      touched = true;
    }
  }
  if (touched) std::memcpy(a, ws.best, std::size_t{k} * m);
  ct::wipe(lbest, sizeof lbest), ct::wipe(l_new, sizeof l_new), ct::wipe(d, sizeof d);
  ct::wipe(row, sizeof row), ct::wipe(h, sizeof h);
  return touched;
}

// Section 6 in two passes (issue 17), the same output as canonical_form. The reference's result
// is the first candidate, in row order, whose build succeeds and whose key (its first row's
// histogram: the least, in the multiset order, of the maximal-zero rows scaled and normalised)
// is the least among the candidates whose builds succeed: a candidate is built only when its
// key is strictly below the best one's (precheck), and then it always wins the comparison,
// since its first row is smaller. So pass 1 finds the least key over the candidates whose
// maximal-zero rows all normalise (those whose precheck cannot fail on normalisation) and the
// first row that has it, and pass 2 builds, in row order from that row, only the candidates
// with that key, and keeps the first that succeeds; when none does (a later row fails to
// normalise, about 1 % of builds), the one-pass form decides. The reference builds about four candidates per round; this builds one.
bool canonical_form_two_pass(std::uint8_t* a, unsigned k, unsigned m, const CfScratch& ws) {
  const unsigned nj = max_zero_rows(a, k, m, ws.rows_j);
  if (nj == m) return false;  // all rows tie, as canonical_form

  std::uint8_t d[512], h[128], key[128], least[128], none[128] = {};
  const unsigned first = least_key(a, k, m, ws.rows_j, nj, d, h, key, least);  // pass 1
  bool done = false;
  for (unsigned r = first; r < k && !done; ++r) {  // pass 2, from the first row with the key
    if (!zero_free(a + std::size_t{r} * m, m) || !candidate_key(a, m, r, ws.rows_j, nj, d, h, key) ||
        std::memcmp(key, least, 128) != 0)
      continue;
    std::uint8_t l_new[128];
    done = build_candidate<true>(a, k, m, d, none, ws, l_new);  // d is this candidate's (candidate_key)
  }
  ct::wipe(d, sizeof d), ct::wipe(h, sizeof h);
  if (done) {
    std::memcpy(a, ws.cand, std::size_t{k} * m);
    return true;
  }
  return canonical_form(a, k, m, ws);
}

// Section 6.5 (blind): right then left monomial drawn first (coefficients, then the
// permutation, each side), then tmp[j][i] = cR[i] * a[j][pR[i]] and a[i] = cL[i] * tmp[pL[i]].
// Direct, secret-indexed moves as the official reference (ct_blind is the constant-time form).
void blind(std::uint8_t* a, unsigned k, unsigned m, KeccakSponge& blinding_xof, std::uint8_t* tmp,
           std::uint8_t* coef_r, std::uint16_t* perm_r, std::uint8_t* coef_l, std::uint16_t* perm_l) {
  sample_fq_vector(blinding_xof, coef_r, m, 1, 125);
  sample_blinding_perm(blinding_xof, perm_r, m);
  sample_fq_vector(blinding_xof, coef_l, k, 1, 125);
  sample_blinding_perm(blinding_xof, perm_l, k);
  for (unsigned i = 0; i < m; ++i) {
    const std::uint8_t c = coef_r[i];
    const unsigned src = perm_r[i];
    for (unsigned j = 0; j < k; ++j) tmp[std::size_t{j} * m + i] = fq_mul(a[std::size_t{j} * m + src], c);
  }
  for (unsigned i = 0; i < k; ++i) {
    const std::uint8_t c = coef_l[i];
    const std::uint8_t* src = tmp + std::size_t{perm_l[i]} * m;
    std::uint8_t* dst = a + std::size_t{i} * m;
    for (unsigned j = 0; j < m; ++j) dst[j] = fq_mul(src[j], c);
  }
}

}  // namespace sigspace::less
