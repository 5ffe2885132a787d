#include "less/common/exchange.hpp"

#include <algorithm>
#include <cstring>
#include <utility>

#include "less/arch/armv7m/lanes_armv7m.hpp"
#include "less/common/codes.hpp"
#include "less/common/ct_permute.hpp"
#include "less/common/fq.hpp"
#include "sigspace/ct.hpp"

namespace sigspace::less::exchange {
namespace {

constexpr std::uint32_t kLow7 = 0x007f007fu;

// Lazy reduction of two 16-bit lanes. Each visit adds at most 126 * 126 = 15,876 to a lane
// (f and u~ are reduced). One fold of 2^7 = 1 (mod 127) maps x to (x & 127) + (x >> 7). With
// a fold every visit, lanes stay <= 255 (255 + 15,876 < 2^14). With a fold every fourth visit
// (lazy-fold): if a lane is <= B after a fold, it is <= B + 63,504 before the next, which fits
// 16 bits for B <= 2,031, and the fold brings it back to <= 127 + (B + 63,504) / 128 <= 639; so
// lanes stay <= 64,143 and no product carries into the lane above. Readers reduce with fq_red.
inline std::uint32_t fold(std::uint32_t x) { return fq_fold_lanes(x); }

// col[i] += f * u[i] (mod 127, lazily) over k/2 words: two products per multiply, folded or not.
void axpy_swar(std::uint32_t* __restrict col, const std::uint32_t* __restrict u, std::uint32_t f,
               unsigned words, bool fold_now) {
  if (fold_now)
    for (unsigned w = 0; w < words; ++w) col[w] = fold(col[w] + f * u[w]);
  else
    for (unsigned w = 0; w < words; ++w) col[w] += f * u[w];
}

// The same, one element at a time with the reference's byte arithmetic (the ablation).
void axpy_scalar(std::uint32_t* __restrict col, const std::uint32_t* __restrict u, std::uint32_t f,
                 unsigned words) {
  for (unsigned w = 0; w < words; ++w) {
    const std::uint32_t lo = fq_red((col[w] & 0xffffu) + f * (u[w] & 0xffffu));
    const std::uint32_t hi = fq_red((col[w] >> 16) + f * (u[w] >> 16));
    col[w] = lo | (hi << 16);
  }
}

// The masked gather of one column's entry at the one-hot row: at most one lane survives.
inline std::uint32_t gather(const std::uint32_t* col, const std::uint32_t* onehot, unsigned words) {
  std::uint32_t acc = 0;
  for (unsigned w = 0; w < words; ++w) acc |= col[w] & onehot[w];
  return fq_red((acc & 0xffffu) | (acc >> 16));
}

// Lane tests on two 16-bit lanes holding values below 2^15: x | 2^15 minus y borrows from no
// lane above, and keeps bit 15 exactly where x >= y. Masks are 0xffff per lane.
constexpr std::uint32_t kHigh = 0x80008000u, kOnes = 0x00010001u;
inline std::uint32_t ge_lanes(std::uint32_t x, std::uint32_t y) { return ((((x | kHigh) - y) & kHigh) >> 15) * 0xffffu; }
inline std::uint32_t max_lanes(std::uint32_t x, std::uint32_t y) { return x ^ ((x ^ y) & ge_lanes(y, x)); }
inline std::uint32_t row_pair(const std::uint16_t* a, unsigned w) {  // entries 2w, 2w + 1
  std::uint32_t x;
  std::memcpy(&x, a + 2 * w, 4);
  return x;
}

// The pivot of one visit: the eligible rows hold a basic column not chosen yet (destination
// after d) and a nonzero in u; the pivot is the one with the latest destination (the nonzero
// destinations are distinct, so at most one lane holds the greatest). Two rows per word: the
// candidates' lane-wise maximum, then the lane equal to it. Writes the one-hot row mask (zero
// when the column is dependent) and u~ = u - e_r, with which col_j - s_j u~ has s_j (the new
// row-r entry) at row r and the eliminated values elsewhere, s_j = T[r][j] / a.
struct Pivot {
  std::uint32_t go, inv;
};
Pivot choose(const Tableau& t, const std::uint32_t* u, std::uint32_t d, std::uint32_t* onehot,
             std::uint32_t* utilde) {
  const unsigned words = t.k / 2;
  const std::uint32_t after_d = (d + 1) * kOnes;
  std::uint32_t best = 0;
  for (unsigned w = 0; w < words; ++w) {
    const std::uint32_t dest = row_pair(t.row_dest, w);
    onehot[w] = dest & ge_lanes(dest, after_d) & ge_lanes(u[w], kOnes);  // the candidates
    best = max_lanes(best, onehot[w]);
  }
  best = max_lanes(best & 0xffffu, best >> 16);
  const std::uint32_t go = ct::nonzero_mask(best);  // independent: the column enters
  for (unsigned w = 0; w < words; ++w) {
    onehot[w] = ~ge_lanes(onehot[w] ^ (best * kOnes), kOnes) & go;
    utilde[w] = u[w] - (onehot[w] & kOnes);
  }
  return {go, fq_inv(gather(u, onehot, words))};  // inv 0 when dependent
}

void reduce_column(std::uint32_t* u, unsigned words) {
  for (unsigned w = 0; w < words; ++w) u[w] = fq_red_lanes(u[w]);
}

// -s for s = T[r][j] / a from an entry (any lane value, reduced or not: < 2^18): entry
// (127 - a^-1) mod 127, 0 when s = 0 and when dependent (inv 0).
inline std::uint32_t minus_s(std::uint32_t entry, std::uint32_t inv) { return fq_mod(entry * (kQ - inv)); }

// The entering column's slot now holds the leaving basic column: -u / a, and 1 / a at row r;
// and the row's basic column is chosen. u is reduced (lanes <= 126): (127 - u) a^-1 <= 16,002
// per lane, one fold leaves it <= 252, within the lazy bound (bounds at fold).
void finish(Tableau& t, unsigned p, std::uint32_t* u, const std::uint32_t* onehot, const Pivot& v) {
  const unsigned words = t.k / 2;
  for (unsigned w = 0; w < words; ++w) {  // onehot is zero when the column is dependent
    const std::uint32_t fresh = ct::select(onehot[w], v.inv * kOnes, fold((kLow7 - u[w]) * v.inv));
    u[w] = ct::select(v.go, fresh, u[w]);
    const std::uint32_t dest = row_pair(t.row_dest, w) & ~onehot[w];
    std::memcpy(t.row_dest + 2 * w, &dest, 4);
    t.row_kept[2 * w] = static_cast<std::uint8_t>(t.row_kept[2 * w] & ~onehot[w]);
    t.row_kept[2 * w + 1] = static_cast<std::uint8_t>(t.row_kept[2 * w + 1] & ~(onehot[w] >> 16));
  }
  t.entered[p] = static_cast<std::uint8_t>(v.go);
}

// One visit (the column at sorted position p): choose the pivot row with masks, then exchange,
// or leave T as it is when the column is dependent.
void visit(Tableau& t, unsigned p, Lanes lanes, bool fold_now) {
  const unsigned words = t.k / 2;
  std::uint32_t* u = t.cols + std::size_t{p} * words;
  reduce_column(u, words);  // canonical, for the zero tests and the pivot value
  const Pivot v = choose(t, u, t.col_dest[p], t.onehot, t.utilde);
  for (unsigned j = 0; j < t.m; ++j) {
    if (j == p) continue;  // public: the visit order is fixed
    std::uint32_t* col = t.cols + std::size_t{j} * words;
    const std::uint32_t f = minus_s(gather(col, t.onehot, words), v.inv);
    if (lanes != Lanes::scalar)
      axpy_swar(col, t.utilde, f, words, fold_now);
    else
      axpy_scalar(col, t.utilde, f, words);
  }
  finish(t, p, u, t.onehot, v);
}

// The rank-2 pass's factors for one column from its two gathered lanes (unreduced): f1 for the
// first exchange, and f2 from the second pivot row's entry after the first exchange.
struct Factors {
  std::uint32_t f1, f2;
};
inline Factors pair_factors(std::uint32_t lane1, std::uint32_t lane2, const Pivot& v1, const Pivot& v2,
                            std::uint32_t ut1_at_r2) {
  const std::uint32_t f1 = minus_s(lane1, v1.inv);  // lanes < 2^16, f1 and ut1_at_r2 <= 126
  return {f1, minus_s(lane2 + f1 * ut1_at_r2, v2.inv)};
}

// Two exchanges to one column in one pass (rank-2): both pivot rows gathered from the column
// before it changes (the second corrected by the first exchange's u~1 at its row, ut1_at_r2),
// then col += f1 u~1 + f2 u~2, folded or not (bounds at fold).
void pair_update(std::uint32_t* col, unsigned words, const std::uint32_t* oh1, const std::uint32_t* oh2,
                 const std::uint32_t* ut1, const std::uint32_t* ut2, const Pivot& v1, const Pivot& v2,
                 std::uint32_t ut1_at_r2, bool fold_now) {
  std::uint32_t acc1 = 0, acc2 = 0;
  for (unsigned w = 0; w < words; ++w) acc1 |= col[w] & oh1[w], acc2 |= col[w] & oh2[w];
  const auto [f1, f2] = pair_factors((acc1 & 0xffffu) | (acc1 >> 16), (acc2 & 0xffffu) | (acc2 >> 16), v1, v2,
                                     ut1_at_r2);
  if (fold_now)
    for (unsigned w = 0; w < words; ++w) col[w] = fold(col[w] + f1 * ut1[w] + f2 * ut2[w]);
  else
    for (unsigned w = 0; w < words; ++w) col[w] += f1 * ut1[w] + f2 * ut2[w];
}

// The same through the platform's column pass (lanes.S) where the build has one: the pivot rows
// as unit vectors (e1, e2: to_units), read by multiplication. Same lanes as pair_update.
#if defined(SIGSPACE_HAVE_LESS_LANES_ARMV7M)
constexpr bool kHaveKernel = true;
void pair_update_kernel(std::uint32_t* col, unsigned words, const std::uint32_t* e1, const std::uint32_t* e2,
                        const std::uint32_t* ut1, const std::uint32_t* ut2, const Pivot& v1, const Pivot& v2,
                        std::uint32_t ut1_at_r2, bool fold_now) {
  const std::uint64_t lanes = sigspace_less_gather2_armv7m(col, e1, e2, words);
  const auto [f1, f2] = pair_factors(static_cast<std::uint32_t>(lanes), static_cast<std::uint32_t>(lanes >> 32),
                                     v1, v2, ut1_at_r2);
  (fold_now ? sigspace_less_update2_fold_armv7m : sigspace_less_update2_armv7m)(col, ut1, ut2, words, f1, f2);
}

// The one-hot row masks (0xffff in the pivot's lane) as the kernel's unit vectors (1 there),
// and back: both pivots' k words.
void to_units(std::uint32_t* onehot, unsigned k) {
  for (unsigned w = 0; w < k; ++w) onehot[w] &= 0x00010001u;
}
void to_masks(std::uint32_t* onehot, unsigned k) {
  for (unsigned w = 0; w < k; ++w) onehot[w] *= 0xffffu;
}
#else
constexpr bool kHaveKernel = false;
#endif

// One rank-2 pass over the columns that take both exchanges (take(j)), portable or through
// the kernel.
template <class Take>
void pair_pass(Tableau& t, const Pivot& v1, const Pivot& v2, std::uint32_t ut1_at_r2, bool fold_now,
               bool kernel, Take take) {
  const unsigned words = t.k / 2;
  const std::uint32_t *oh1 = t.onehot, *oh2 = t.onehot + words, *ut1 = t.utilde, *ut2 = t.utilde + words;
#if defined(SIGSPACE_HAVE_LESS_LANES_ARMV7M)
  if (kernel) {
    to_units(t.onehot, t.k);
    for (unsigned j = 0; j < t.m; ++j)
      if (take(j))  // public
        pair_update_kernel(t.cols + std::size_t{j} * words, words, oh1, oh2, ut1, ut2, v1, v2, ut1_at_r2, fold_now);
    to_masks(t.onehot, t.k);
    return;
  }
#else
  (void)kernel;  // no kernel in this build: run() and run_public() pass false
#endif
  for (unsigned j = 0; j < t.m; ++j)
    if (take(j)) pair_update(t.cols + std::size_t{j} * words, words, oh1, oh2, ut1, ut2, v1, v2, ut1_at_r2, fold_now);
}

// Visits p and p + 1 in one pass over the other columns (rank-2): the second pivot row's
// entries after the first exchange are T[r2][j] + f1_j u~1[r2], so both rows are gathered from
// the same column before it is updated by f1 u~1 + f2 u~2. Columns p and p + 1 take their
// updates one at a time first.
void visit_pair(Tableau& t, unsigned p, bool fold_now, bool kernel) {
  const unsigned words = t.k / 2;
  std::uint32_t* u1 = t.cols + std::size_t{p} * words;
  std::uint32_t* u2 = u1 + words;
  std::uint32_t* oh1 = t.onehot;
  std::uint32_t* oh2 = t.onehot + words;
  std::uint32_t* ut1 = t.utilde;
  std::uint32_t* ut2 = t.utilde + words;
  reduce_column(u1, words);
  const Pivot v1 = choose(t, u1, t.col_dest[p], oh1, ut1);
  axpy_swar(u2, ut1, minus_s(gather(u2, oh1, words), v1.inv), words, true);
  reduce_column(u2, words);
  finish(t, p, u1, oh1, v1);  // row r1 is chosen before the second pivot is picked
  const Pivot v2 = choose(t, u2, t.col_dest[p + 1], oh2, ut2);
  axpy_swar(u1, ut2, minus_s(gather(u1, oh2, words), v2.inv), words, true);
  const std::uint32_t ut1_at_r2 = gather(ut1, oh2, words);
  pair_pass(t, v1, v2, ut1_at_r2, fold_now, kernel, [p](unsigned j) { return j != p && j != p + 1; });
  finish(t, p + 1, u2, oh2, v2);
}


// The sorted byte columns in t.bytes widened to 16-bit lanes, from the last byte down: byte s
// goes to bytes 2s..2s+3 and later ones are read first, so t.bytes may be the start of t.cols
// itself (the balanced point's one buffer). No column has entered yet.
void widen(Tableau& t) {
  const unsigned k = t.k, m = t.m;
  for (unsigned j = m; j-- > 0;) {
    const std::uint8_t* src = t.bytes + std::size_t{j} * k;
    std::uint32_t* col = t.cols + std::size_t{j} * (k / 2);
    for (unsigned w = k / 2; w-- > 0;) {
      const std::uint32_t lo = src[2 * w], hi = src[2 * w + 1];
      col[w] = lo | (hi << 16);
    }
  }
  std::memset(t.entered, 0, m);
  std::memset(t.row_kept, 0xff, k);
}

}  // namespace

void load(Tableau& t, const std::uint8_t* cols_mxk, Lanes lanes) {
  const unsigned k = t.k, m = t.m;
  if (cols_mxk != t.bytes) std::memcpy(t.bytes, cols_mxk, std::size_t{m} * k);
  for (unsigned j = 0; j < m; ++j) t.keys[j] = t.col_dest[j];
  ct_sort_rows(t.keys, t.bytes, m, k, lanes == Lanes::swar_kernel);
  ct_sort_pairs(t.col_dest, t.col_src, m);
  widen(t);
}

void run(Tableau& t, unsigned from, unsigned to, Lanes lanes, bool lazy_fold, bool rank2) {
  if (lanes != Lanes::scalar && rank2) {
    // Folds: every pair when not lazy; else at the pair holding a visit 3 (mod 4) and at the
    // single visit that may end the run: at most four visits between folds (bounds at fold).
    unsigned p = from;
    const bool kernel = lanes == Lanes::swar_kernel && kHaveKernel;
    for (; p + 1 < to; p += 2) visit_pair(t, p, !lazy_fold || p % 4 >= 2, kernel);
    if (p < to) visit(t, p, lanes, true);
    return;
  }
  for (unsigned p = from; p < to; ++p)
    visit(t, p, lanes, lanes != Lanes::scalar && (!lazy_fold || p % 4 == 3));  // p is public
}

void load_public(Tableau& t, const std::uint8_t* cols_mxk) {
  const unsigned k = t.k, m = t.m;
  if (cols_mxk != t.bytes) std::memcpy(t.bytes, cols_mxk, std::size_t{m} * k);
  for (unsigned j = 0; j < m; ++j) {  // each column's rank among the (distinct) destinations
    unsigned rank = 0;
    for (unsigned i = 0; i < m; ++i) rank += t.col_dest[i] < t.col_dest[j] ? 1u : 0u;
    t.keys[j] = static_cast<std::uint16_t>(rank);
  }
  for (unsigned j = 0; j < m; ++j)  // every column to its rank, cycle by cycle, in place
    while (t.keys[j] != j) {
      const unsigned r = t.keys[j];
      std::swap_ranges(t.bytes + std::size_t{j} * k, t.bytes + std::size_t{j + 1} * k,
                       t.bytes + std::size_t{r} * k);
      std::swap(t.col_dest[j], t.col_dest[r]), std::swap(t.col_src[j], t.col_src[r]);
      std::swap(t.keys[j], t.keys[r]);
    }
  widen(t);
}

void run_public(Tableau& t, Lanes lanes) {
  const bool kernel = lanes == Lanes::swar_kernel && kHaveKernel;
  const unsigned k = t.k, m = t.m, words = k / 2;
  auto column = [&](unsigned j) { return t.cols + std::size_t{j} * words; };
  std::uint32_t *oh1 = t.onehot, *oh2 = t.onehot + words, *ut1 = t.utilde, *ut2 = t.utilde + words;
  // One exchange to one column, folded (the pair passes fold every second time: lanes take at
  // most four products between folds, the bound at fold above).
  auto single = [&](std::uint32_t* col, const std::uint32_t* oh, const std::uint32_t* ut, const Pivot& v) {
    axpy_swar(col, ut, minus_s(gather(col, oh, words), v.inv), words, true);
  };
  unsigned pairs = 0;
  for (unsigned p = 0; p < m;) {
    Pivot v1{};
    for (; p < m; ++p) {  // the next column that enters; a dependent one changes nothing
      reduce_column(column(p), words);
      v1 = choose(t, column(p), t.col_dest[p], oh1, ut1);
      if (v1.go != 0) break;
    }
    if (p == m) return;
    const unsigned a = p;
    std::uint32_t* ua = column(a);
    finish(t, a, ua, oh1, v1);  // column a now holds the leaving basic column
    Pivot v2{};
    unsigned b = a + 1;
    for (; b < m; ++b) {  // the one after it, each candidate given exchange a first
      single(column(b), oh1, ut1, v1);
      reduce_column(column(b), words);
      v2 = choose(t, column(b), t.col_dest[b], oh2, ut2);
      if (v2.go != 0) break;
    }
    // A column found dependent is final: it is zero in every row whose basic column was not
    // chosen at its visit, and every later pivot row is one of those, so no later exchange
    // changes it. Only the entered columns and those not visited yet take updates.
    if (b == m) {  // exchange a alone: the columns before it (those after it have it)
      for (unsigned j = 0; j < a; ++j)
        if (t.entered[j] != 0) single(column(j), oh1, ut1, v1);
      return;
    }
    single(ua, oh2, ut2, v2);  // the columns strictly between a and b are dependent: final
    const std::uint32_t ut1_at_r2 = gather(ut1, oh2, words);
    const bool fold_now = ++pairs % 2 == 0;
    pair_pass(t, v1, v2, ut1_at_r2, fold_now, kernel, [&](unsigned j) {  // the rest, as visit_pair
      return !(j >= a && j <= b) && !(j < a && t.entered[j] == 0);
    });
    finish(t, b, column(b), oh2, v2);
    p = b + 1;
  }
}

std::uint32_t complete_after(const Tableau& t, unsigned steps) {
  if (steps >= t.m) return ~0u;
  // Complete when no row still waits for its basic column beyond the next visit's destination.
  return basis_settled(t.row_dest, t.k, t.col_dest[steps]);
}

void store(const Tableau& t, std::uint8_t* rows_kxm) {
  const unsigned k = t.k, m = t.m;
  for (unsigned j = 0; j < m; ++j) {
    const std::uint32_t* col = t.cols + std::size_t{j} * (k / 2);
    for (unsigned w = 0; w < k / 2; ++w) {
      const std::uint32_t x = fq_red_lanes(col[w]);
      rows_kxm[std::size_t{2 * w} * m + j] = static_cast<std::uint8_t>(x);
      rows_kxm[std::size_t{2 * w + 1} * m + j] = static_cast<std::uint8_t>(x >> 16);
    }
  }
}

void store_columns(const Tableau& t) {
  const unsigned k = t.k, m = t.m;
  // Lane (j, r) sits at bytes 2(jk + r) and goes to byte jk + r, so every byte written belongs
  // to a lane already read.
  auto* out = reinterpret_cast<std::uint8_t*>(t.cols);
  for (unsigned j = 0; j < m; ++j) {
    const std::uint32_t* col = t.cols + std::size_t{j} * (k / 2);
    for (unsigned w = 0; w < k / 2; ++w) {  // lanes 2w and 2w + 1 as two bytes: one store
      const std::uint32_t x = fq_red_lanes(col[w]);
      const auto pair = static_cast<std::uint16_t>(x | (x >> 8));
      std::memcpy(out + std::size_t{j} * k + 2 * w, &pair, 2);
    }
  }
}

void store_in_place(const Tableau& t) {
  store_columns(t);  // column-major first, then the square transpose makes it row-major
  transpose_square(reinterpret_cast<std::uint8_t*>(t.cols), t.k);
}

void pivot_flags(Tableau& t, std::uint8_t* out) {
  const unsigned k = t.k, m = t.m;
  std::memcpy(out, t.row_kept, k);
  for (unsigned j = 0; j < m; ++j) t.keys[j] = t.entered[j];  // payload: the entered flags
  ct_sort_pairs(t.col_src, t.keys, m);  // back to label order (col_src is a permutation of 0..m)
  for (unsigned j = 0; j < m; ++j) out[k + j] = static_cast<std::uint8_t>(t.keys[j]);
}

}  // namespace sigspace::less::exchange
