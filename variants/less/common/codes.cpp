#include "less/common/codes.hpp"

#include <cstring>

#include "less/common/fq.hpp"
#include "less/common/ctperm.hpp"
#include "less/common/sampler.hpp"
#include "sigspace/ct.hpp"

namespace sigspace::less {

void g0_sample_v(KeccakSponge& g0_xof, std::uint8_t* v, unsigned k, unsigned m) {
  for (unsigned r = 0; r < k; ++r) sample_fq_vector(g0_xof, v + std::size_t{r} * m, m, 0, 126);
}

void g0_monomial_transposed(const std::uint8_t* v, unsigned k, unsigned n, const std::uint8_t* coef,
                            const std::uint16_t* perm, std::uint8_t* t_out, std::uint16_t* keys) {
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

void monomial_inverse(const std::uint8_t* coef, const std::uint16_t* perm, unsigned n,
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

void transpose(const std::uint8_t* src, unsigned rows, unsigned cols, std::uint8_t* dst) {
  constexpr unsigned B = 16;  // blocked for the cache; byte accesses, so no alignment faults
  for (unsigned r0 = 0; r0 < rows; r0 += B)
    for (unsigned c0 = 0; c0 < cols; c0 += B)
      for (unsigned r = r0; r < r0 + B && r < rows; ++r)
        for (unsigned c = c0; c < c0 + B && c < cols; ++c)
          dst[std::size_t{c} * rows + r] = src[std::size_t{r} * cols + c];
}

namespace {

// row[j] += add[j] * f (mod 127) for j in [0, len), f <= 127. x <= 16255, one fold of
// 2^7 = 1 (mod 127) leaves x <= 253, which fits a byte, and min(x, x - 127) finishes (see
// row_add_masked); the last step then runs in 8-bit lanes. No division instruction anywhere.
void row_axpy(std::uint8_t* __restrict row, const std::uint8_t* __restrict add, std::uint16_t f,
              unsigned len) {
  for (unsigned j = 0; j < len; ++j) {
    const std::uint16_t x = static_cast<std::uint16_t>(row[j] + add[j] * f);
    const std::uint8_t b = static_cast<std::uint8_t>((x & 127u) + (x >> 7));
    const std::uint8_t y = static_cast<std::uint8_t>(b - kQ);
    row[j] = y < b ? y : b;
  }
}

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
bool rref(std::uint8_t* g, unsigned k, unsigned n, std::uint8_t* pivots) {
  std::memset(pivots, 0, n);
  unsigned r = 0;
  for (unsigned c = 0; c < n && r < k; ++c) {
    std::uint8_t* pr = g + std::size_t{r} * n;
    const unsigned len = n - c;  // rows r.. are zero left of c; rows above need no update there
    for (unsigned i = r + 1; i < k; ++i) {
      const std::uint8_t mask = static_cast<std::uint8_t>(ct::eq_mask(pr[c], 0));
      row_add_masked(pr + c, g + std::size_t{i} * n + c, mask, len);
    }
    if (pr[c] == 0) continue;  // no pivot in column c (documented data-dependent branch)
    pivots[c] = 1;
    const std::uint8_t inv = fq_inv(pr[c]);
    for (unsigned j = c; j < n; ++j) pr[j] = fq_mul(pr[j], inv);
    for (unsigned i = 0; i < k; ++i) {
      if (i == r) continue;  // public index
      std::uint8_t* gi = g + std::size_t{i} * n;
      row_axpy(gi + c, pr + c, static_cast<std::uint16_t>(kQ - gi[c]), len);
    }
    ++r;
  }
  return r == k;
}

// Data-dependent on the pivot set only (see rref).
void non_pivot_columns(const std::uint8_t* g, unsigned k, unsigned n, const std::uint8_t* pivots,
                       std::uint8_t* a_out) {
  const unsigned m = n - k;
  for (unsigned r = 0; r < k; ++r) {
    const std::uint8_t* gr = g + std::size_t{r} * n;
    std::uint8_t* ar = a_out + std::size_t{r} * m;
    unsigned out = 0;
    for (unsigned c = 0; c < n && out < m; ++c)
      if (!pivots[c]) ar[out++] = gr[c];
  }
}

void pack_rref(const std::uint8_t* g, unsigned k, unsigned n, const std::uint8_t* pivots,
               std::uint8_t* out) {
  const unsigned n8 = (n + 7) / 8;
  std::memset(out, 0, n8);
  for (unsigned c = 0; c < n; ++c) out[c / 8] |= static_cast<std::uint8_t>(pivots[c] << (c % 8));
  std::uint8_t* stream = out + n8;
  const std::size_t stream_bytes = (std::size_t{7} * k * (n - k) + 7) / 8;
  std::memset(stream, 0, stream_bytes);
  std::size_t bit = 0;
  for (unsigned r = 0; r < k; ++r)
    for (unsigned c = 0; c < n; ++c) {
      if (pivots[c]) continue;  // public: the pivot set is part of the public key
      const unsigned v = g[std::size_t{r} * n + c];
      stream[bit / 8] |= static_cast<std::uint8_t>(v << (bit % 8));
      if (bit % 8 > 1) stream[bit / 8 + 1] |= static_cast<std::uint8_t>(v >> (8 - bit % 8));
      bit += 7;
    }
}

namespace {
unsigned read7(const std::uint8_t* stream, std::size_t bit) {
  unsigned v = stream[bit / 8] >> (bit % 8);
  if (bit % 8 > 1) v |= static_cast<unsigned>(stream[bit / 8 + 1]) << (8 - bit % 8);
  return v & 0x7f;
}
}  // namespace

bool packed_rref_valid(const std::uint8_t* in, unsigned k, unsigned n) {
  const unsigned n8 = (n + 7) / 8;
  unsigned weight = 0;
  for (unsigned c = 0; c < 8 * n8; ++c) {
    const unsigned b = (in[c / 8] >> (c % 8)) & 1u;
    if (c >= n && b) return false;  // padding bit set
    weight += b;
  }
  if (weight != k) return false;
  const std::uint8_t* stream = in + n8;
  const std::size_t values = std::size_t{k} * (n - k);
  for (std::size_t i = 0; i < values; ++i)
    if (read7(stream, 7 * i) == 127) return false;
  const std::size_t bits = 7 * values;
  if (bits % 8 != 0 && (stream[bits / 8] >> (bits % 8)) != 0) return false;  // padding bits
  return true;
}

void unpack_rref(const std::uint8_t* in, unsigned k, unsigned n, std::uint8_t* g) {
  const unsigned n8 = (n + 7) / 8;
  const std::uint8_t* stream = in + n8;
  std::memset(g, 0, std::size_t{k} * n);
  unsigned pivot_row = 0;
  std::size_t bit = 0;
  for (unsigned c = 0; c < n; ++c)
    if ((in[c / 8] >> (c % 8)) & 1u) g[std::size_t{pivot_row++} * n + c] = 1;
  for (unsigned r = 0; r < k; ++r)
    for (unsigned c = 0; c < n; ++c) {
      if ((in[c / 8] >> (c % 8)) & 1u) continue;
      g[std::size_t{r} * n + c] = static_cast<std::uint8_t>(read7(stream, bit));
      bit += 7;
    }
}

}  // namespace sigspace::less
