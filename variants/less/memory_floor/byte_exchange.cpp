#include "less/memory_floor/byte_exchange.hpp"

#include "less/common/codes.hpp"
#include "less/common/ct_permute.hpp"
#include "less/common/exchange.hpp"
#include "less/common/fq.hpp"
#include "sigspace/bytes.hpp"
#include "sigspace/ct.hpp"

namespace sigspace::less::byte_exchange {
namespace {

constexpr std::uint32_t kEven = 0x00ff00ffu, kLow7 = 0x007f007fu, kLow9 = 0x01ff01ffu;

// Entries stay below 254. A visit adds f * u~ <= 126 * 126 = 15,876 to an entry, so a 16-bit
// lane holds at most 253 + 15,876 < 2^14, and one fold of 2^7 = 1 (mod 127), x -> (x & 127) +
// (x >> 7), brings it back to at most 127 + 126 = 253: it fits its byte again.
inline std::uint32_t fold(std::uint32_t x) { return (x & kLow7) + ((x >> 7) & kLow9); }

// Quad q of a k-byte column (alignment-safe loads); the last one of a k % 4 = 2 column has
// two bytes and zero lanes above them. Which case applies is public (q and k).
inline std::uint32_t load_quad(const std::uint8_t* col, unsigned q, unsigned k) {
  const std::uint8_t* p = col + 4 * q;
  return 4 * q + 4 <= k ? load_le32(p) : (p[0] | (std::uint32_t{p[1]} << 8));
}
inline void store_quad(std::uint8_t* col, unsigned q, unsigned k, std::uint32_t v) {
  std::uint8_t* p = col + 4 * q;
  if (4 * q + 4 <= k) return store_le32(p, v);
  p[0] = static_cast<std::uint8_t>(v), p[1] = static_cast<std::uint8_t>(v >> 8);
}

// col += f * u~ (mod 127): the even and odd bytes as two 16-bit lanes each, one multiply per
// two entries, one fold, packed back.
inline std::uint32_t update(std::uint32_t v, std::uint32_t f, std::uint32_t ue, std::uint32_t uo) {
  return fold((v & kEven) + f * ue) | (fold(((v >> 8) & kEven) + f * uo) << 8);
}
void axpy(std::uint8_t* __restrict col, const std::uint32_t* __restrict ut, std::uint32_t f, unsigned k) {
  const unsigned full = k / 4, q = quads(k);
  const std::uint32_t *ue = ut, *uo = ut + q;
  for (unsigned w = 0; w < full; ++w) store_le32(col + 4 * w, update(load_le32(col + 4 * w), f, ue[w], uo[w]));
  if (full < q) store_quad(col, full, k, update(load_quad(col, full, k), f, ue[full], uo[full]));
}

// The entry at the one-hot row (zero when the mask is empty), reduced.
std::uint32_t gather(const std::uint8_t* col, const std::uint8_t* onehot, unsigned k) {
  std::uint32_t acc = 0;
  for (unsigned q = 0; q < quads(k); ++q) acc |= load_quad(col, q, k) & load_quad(onehot, q, k);
  return fq_red((acc | (acc >> 8) | (acc >> 16) | (acc >> 24)) & 0xffu);
}

// exchange.cpp's choose on bytes: the eligible row with the latest destination, its one-hot
// mask and u~ = u - e_r in lanes; inv = 1 / u[r] (0 when the column is dependent).
struct Pivot {
  std::uint32_t row, go, inv;
};
Pivot choose(Tableau& t, const std::uint8_t* u, std::uint32_t d) {
  const unsigned k = t.k, q = quads(k);
  std::uint32_t best = 0, row = 0;
  for (unsigned r = 0; r < k; ++r) {
    const std::uint32_t eligible = ct::lt_mask(d, t.row_dest[r]) & ct::nonzero_mask(u[r]);
    const std::uint32_t cand = t.row_dest[r] & eligible;
    const std::uint32_t better = ct::lt_mask(best, cand);
    best = ct::select(better, cand, best);
    row = ct::select(better, r, row);
  }
  const std::uint32_t go = ct::nonzero_mask(best);
  for (unsigned r = 0; r < k; ++r) t.onehot[r] = static_cast<std::uint8_t>(ct::eq_mask(r, row) & go);
  for (unsigned w = 0; w < q; ++w) {  // u[r] >= 1 at the pivot row: no borrow
    const std::uint32_t v = load_quad(u, w, k) - (load_quad(t.onehot, w, k) & 0x01010101u);
    t.utilde[w] = v & kEven, t.utilde[q + w] = (v >> 8) & kEven;
  }
  return {row, go, fq_inv(gather(u, t.onehot, k))};
}

inline std::uint32_t minus_s(std::uint32_t entry, std::uint32_t inv) {
  return fq_cond_sub(static_cast<std::uint8_t>(kQ - fq_mul(entry, inv)));
}

// exchange.cpp's finish: the entering column's slot holds the leaving basic column, and the two
// swap destinations. The pivot row's new destination is the visit's, below every later visit's,
// so the row is never eligible again (exchange.cpp zeroes it instead).
void finish(Tableau& t, unsigned p, std::uint8_t* u, const Pivot& v) {
  const std::uint32_t entering = t.col_dest[p];
  std::uint32_t leaving = entering;
  for (unsigned r = 0; r < t.k; ++r) {
    const std::uint32_t fresh = ct::select(ct::nonzero_mask(t.onehot[r]), v.inv, fq_mul(v.inv, fq_sub(0, u[r])));
    u[r] = static_cast<std::uint8_t>(ct::select(v.go, fresh, u[r]));
    const std::uint32_t hit = ct::eq_mask(r, v.row) & v.go;
    leaving = ct::select(hit, t.row_dest[r], leaving);
    t.row_dest[r] = static_cast<std::uint16_t>(ct::select(hit, entering, t.row_dest[r]));
  }
  t.col_dest[p] = static_cast<std::uint16_t>(leaving);
}

void visit(Tableau& t, unsigned p) {
  const unsigned k = t.k;
  std::uint8_t* u = t.cols + std::size_t{p} * k;
  for (unsigned r = 0; r < k; ++r) u[r] = static_cast<std::uint8_t>(fq_red(u[r]));
  const Pivot v = choose(t, u, t.col_dest[p]);
  for (unsigned j = 0; j < t.m; ++j) {
    if (j == p) continue;  // public: the visit order is fixed
    std::uint8_t* col = t.cols + std::size_t{j} * k;
    axpy(col, t.utilde, minus_s(gather(col, t.onehot, k), v.inv), k);
  }
  finish(t, p, u, v);
}

}  // namespace

void load(Tableau& t) { ct_sort_rows(t.col_dest, t.cols, t.m, t.k); }

void run(Tableau& t, unsigned from, unsigned to) {
  for (unsigned p = from; p < to; ++p) visit(t, p);
}

std::uint32_t complete_after(const Tableau& t, unsigned steps) {
  return steps >= t.m ? ~0u : exchange::basis_settled(t.row_dest, t.k, t.col_dest[steps]);
}

void store_in_place(Tableau& t) {
  const std::size_t size = std::size_t{t.k} * t.m;
  for (std::size_t i = 0; i < size; ++i) t.cols[i] = static_cast<std::uint8_t>(fq_red(t.cols[i]));
  transpose_square(t.cols, t.k);  // column-major m x k is the transpose of the row-major block
}

void pivot_map(const Tableau& t, unsigned n, std::uint8_t* map) {
  for (unsigned b = 0; b < (n + 7) / 8; ++b) {
    std::uint32_t byte = 0;
    for (unsigned r = 0; r < t.k; ++r) {
      const std::uint32_t d = t.row_dest[r];
      byte |= ct::eq_mask(d >> 3, b) & (1u << (d & 7));
    }
    map[b] = static_cast<std::uint8_t>(byte);
  }
}

}  // namespace sigspace::less::byte_exchange
