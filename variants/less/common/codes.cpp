#include "less/common/codes.hpp"

#include <cstring>
#include <utility>

#include "less/common/fq.hpp"
#include "less/common/sampler.hpp"

namespace sigspace::less {

template <KeccakPermutation F>
void g0_sample_v(BasicKeccakSponge<F>& g0_xof, std::uint8_t* v, unsigned k, unsigned m) {
  for (unsigned r = 0; r < k; ++r) sample_fq_vector(g0_xof, v + std::size_t{r} * m, m, 0, 126);
}
template void g0_sample_v(KeccakSponge&, std::uint8_t*, unsigned, unsigned);
template void g0_sample_v(CompactKeccakSponge&, std::uint8_t*, unsigned, unsigned);

void g0_expand(const std::uint8_t* v, unsigned k, unsigned n, std::uint8_t* g) {
  const unsigned m = n - k;
  for (unsigned r = 0; r < k; ++r) {
    std::uint8_t* gr = g + std::size_t{r} * n;
    std::memset(gr, 0, k);
    gr[r] = 1;
    std::memcpy(gr + k, v + std::size_t{r} * m, m);
  }
}

void monomial_invert(const std::uint8_t* coef, const std::uint16_t* perm, unsigned n,
                     std::uint8_t* coef_inv, std::uint16_t* perm_inv) {
  for (unsigned j = 0; j < n; ++j) {
    perm_inv[perm[j]] = static_cast<std::uint16_t>(j);
    coef_inv[perm[j]] = kFqInv.v[coef[j]];
  }
}

namespace {

// 4 x 4 byte blocks as four words (one a row): loads and stores through memcpy, so any address
// is fine (single loads and stores, never the LDRD/LDM that fault unaligned on the Cortex-M4).
struct Block {
  std::uint32_t w[4];
  void load(const std::uint8_t* p, std::size_t stride) {
    for (unsigned i = 0; i < 4; ++i) std::memcpy(&w[i], p + i * stride, 4);
  }
  void store(std::uint8_t* p, std::size_t stride) const {
    for (unsigned i = 0; i < 4; ++i) std::memcpy(p + i * stride, &w[i], 4);
  }
  // Bytes swapped within 2 x 2 sub-blocks, then halfwords across them.
  void transpose() {
    const std::uint32_t t0 = (w[0] & 0x00ff00ffu) | ((w[1] << 8) & 0xff00ff00u);
    const std::uint32_t t1 = ((w[0] >> 8) & 0x00ff00ffu) | (w[1] & 0xff00ff00u);
    const std::uint32_t t2 = (w[2] & 0x00ff00ffu) | ((w[3] << 8) & 0xff00ff00u);
    const std::uint32_t t3 = ((w[2] >> 8) & 0x00ff00ffu) | (w[3] & 0xff00ff00u);
    w[0] = (t0 & 0xffffu) | (t2 << 16), w[2] = (t0 >> 16) | (t2 & 0xffff0000u);
    w[1] = (t1 & 0xffffu) | (t3 << 16), w[3] = (t1 >> 16) | (t3 & 0xffff0000u);
  }
};

}  // namespace

void transpose(const std::uint8_t* src, unsigned rows, unsigned cols, std::uint8_t* dst) {
  const unsigned rows4 = rows & ~3u, cols4 = cols & ~3u;
  for (unsigned r = 0; r < rows4; r += 4)
    for (unsigned c = 0; c < cols4; c += 4) {
      Block b;
      b.load(src + std::size_t{r} * cols + c, cols);
      b.transpose();
      b.store(dst + std::size_t{c} * rows + r, rows);
    }
  for (unsigned r = 0; r < rows; ++r)  // the edges: the last rows % 4 rows and cols % 4 columns
    for (unsigned c = r < rows4 ? cols4 : 0; c < cols; ++c) dst[std::size_t{c} * rows + r] = src[std::size_t{r} * cols + c];
}

// Element by element: the block form below keeps two blocks' words in registers, which spill
// on the Cortex-M4 (the balanced point's block-transpose candidate measures it).
void transpose_square(std::uint8_t* a, unsigned n) {
  for (unsigned r = 0; r < n; ++r)
    for (unsigned c = r + 1; c < n; ++c) std::swap(a[std::size_t{r} * n + c], a[std::size_t{c} * n + r]);
}

void transpose_square_blocks(std::uint8_t* a, unsigned n) {
  const unsigned n4 = n & ~3u;
  for (unsigned r = 0; r < n4; r += 4)
    for (unsigned c = r; c < n4; c += 4) {  // blocks (r, c) and (c, r) swapped, each transposed
      Block x, y;
      x.load(a + std::size_t{r} * n + c, n);
      y.load(a + std::size_t{c} * n + r, n);
      x.transpose(), y.transpose();
      x.store(a + std::size_t{c} * n + r, n);
      y.store(a + std::size_t{r} * n + c, n);
    }
  for (unsigned r = 0; r < n; ++r)  // the edges: every column from n4 on
    for (unsigned c = r + 1 > n4 ? r + 1 : n4; c < n; ++c) std::swap(a[std::size_t{r} * n + c], a[std::size_t{c} * n + r]);
}

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

namespace {
// Value v < 128 at stream bit `bit` (the stream zeroed first).
void put7(std::uint8_t* stream, std::size_t bit, unsigned v) {
  stream[bit / 8] |= static_cast<std::uint8_t>(v << (bit % 8));
  if (bit % 8 > 1) stream[bit / 8 + 1] |= static_cast<std::uint8_t>(v >> (8 - bit % 8));
}
std::uint8_t* clear_stream(std::uint8_t* out, unsigned k, unsigned n) {
  std::uint8_t* stream = out + (n + 7) / 8;
  std::memset(stream, 0, (std::size_t{7} * k * (n - k) + 7) / 8);
  return stream;
}
}  // namespace

void pack_rref(const std::uint8_t* g, unsigned k, unsigned n, const std::uint8_t* pivots,
               std::uint8_t* out) {
  std::memset(out, 0, (n + 7) / 8);
  for (unsigned c = 0; c < n; ++c) out[c / 8] |= static_cast<std::uint8_t>(pivots[c] << (c % 8));
  std::uint8_t* stream = clear_stream(out, k, n);
  std::size_t bit = 0;
  for (unsigned r = 0; r < k; ++r)
    for (unsigned c = 0; c < n; ++c) {
      if (pivots[c]) continue;  // public: the pivot set is part of the public key
      put7(stream, bit, g[std::size_t{r} * n + c]);
      bit += 7;
    }
}

void pack_rref_block(const std::uint8_t* block, unsigned k, unsigned n, const std::uint8_t* pivot_map,
                     std::uint8_t* out) {
  std::memcpy(out, pivot_map, (n + 7) / 8);
  std::uint8_t* stream = clear_stream(out, k, n);
  const std::size_t count = std::size_t{k} * (n - k);
  for (std::size_t i = 0; i < count; ++i) put7(stream, 7 * i, block[i]);
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

void unpack_rref(const std::uint8_t* in, unsigned k, unsigned n, std::uint8_t* g,
                 std::uint8_t* pivots) {
  const unsigned n8 = (n + 7) / 8;
  const std::uint8_t* stream = in + n8;
  std::memset(g, 0, std::size_t{k} * n);
  unsigned pivot_row = 0;
  std::size_t bit = 0;
  for (unsigned c = 0; c < n; ++c) {
    pivots[c] = (in[c / 8] >> (c % 8)) & 1u;
    if (pivots[c]) g[std::size_t{pivot_row++} * n + c] = 1;
  }
  for (unsigned r = 0; r < k; ++r)
    for (unsigned c = 0; c < n; ++c) {
      if (pivots[c]) continue;
      g[std::size_t{r} * n + c] = static_cast<std::uint8_t>(read7(stream, bit));
      bit += 7;
    }
}

void unpack_rref_block_columns(const std::uint8_t* in, unsigned k, unsigned n, std::uint8_t* cols_mxk) {
  const unsigned n8 = (n + 7) / 8;
  const std::uint8_t* stream = in + n8;
  std::size_t bit = 0;
  for (unsigned r = 0; r < k; ++r) {
    unsigned col = 0;
    for (unsigned c = 0; c < n; ++c) {
      if ((in[c / 8] >> (c % 8)) & 1u) continue;  // public: the pivot set is in the public key
      cols_mxk[std::size_t{col++} * k + r] = static_cast<std::uint8_t>(read7(stream, bit));
      bit += 7;
    }
  }
}

}  // namespace sigspace::less
