// The speed ceiling's kernels against the reference's (issue 17): the basis exchange on the
// tableau (less/common/exchange.hpp) gives the reference RREF's pivot set and, up to the order
// and scale of rows and columns, its non-pivot block, which the canonical form checks; every
// way of running it (lanes, lazy folds, rank-2 passes, visits split at any point, and the
// variable-time forms that public verification uses) gives the same tableau; and the two-pass and in-place canonical forms equal the one-pass one. Sparse V makes
// the first k destinations dependent often, so the greedy's slow path is exercised (counted).
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "less/common/canonical.hpp"
#include "less/common/canonical_in_place.hpp"
#include "less/common/canonical_rows.hpp"
#include "less/common/codes.hpp"
#include "less/common/exchange.hpp"
#include "less/common/fq.hpp"
#include "less/common/rref.hpp"
#include "less/memory_floor/byte_exchange.hpp"

namespace {

using namespace sigspace::less;

struct Engine {
  unsigned k, m;
  std::vector<std::uint32_t> cols, onehot, utilde;
  std::vector<std::uint16_t> row_dest, col_dest, col_src, keys;
  std::vector<std::uint8_t> entered, row_kept, bytes;
  Engine(unsigned k_, unsigned m_)
      : k(k_), m(m_), cols(m_ * k_ / 2), onehot(k_), utilde(k_), row_dest(k_), col_dest(m_),
        col_src(m_), keys(m_), entered(m_), row_kept(k_), bytes(m_ * k_) {}
  exchange::Tableau tableau() {
    return {k, m, cols.data(), row_dest.data(), col_dest.data(), col_src.data(), entered.data(),
            row_kept.data(), onehot.data(), utilde.data(), bytes.data(), keys.data()};
  }
  // The tableau with V's destinations for the permutation (G0 * mu: rows first, then columns).
  exchange::Tableau destined(const std::vector<std::uint16_t>& perm) {
    for (unsigned i = 0; i < k; ++i) row_dest[i] = perm[i];
    for (unsigned c = 0; c < m; ++c) col_dest[c] = perm[k + c], col_src[c] = static_cast<std::uint16_t>(c);
    return tableau();
  }
  // Loads V's tableau for the permutation, visits [0, split) and, if not complete, the rest.
  std::vector<std::uint8_t> run(const std::vector<std::uint8_t>& vt, const std::vector<std::uint16_t>& perm,
                                unsigned split, exchange::Lanes lanes, bool lazy, bool rank2,
                                std::vector<std::uint8_t>* flags, bool* complete_early) {
    exchange::Tableau t = destined(perm);
    exchange::load(t, vt.data());
    exchange::run(t, 0, split, lanes, lazy, rank2);
    *complete_early = exchange::complete_after(t, split) != 0;
    if (!*complete_early) exchange::run(t, split, m, lanes, lazy, rank2);
    return stored(t, flags);
  }
  // The block (row-major) and the pivot flags by label.
  std::vector<std::uint8_t> stored(exchange::Tableau& t, std::vector<std::uint8_t>* flags) {
    std::vector<std::uint8_t> a(k * m);
    exchange::store(t, a.data());
    flags->assign(k + m, 0);
    exchange::pivot_flags(t, flags->data());
    return a;
  }
  // The variable-time forms (verification's public-verify): the same block and pivot flags.
  std::vector<std::uint8_t> run_public(const std::vector<std::uint8_t>& vt, const std::vector<std::uint16_t>& perm,
                                       std::vector<std::uint8_t>* flags) {
    exchange::Tableau t = destined(perm);
    exchange::load_public(t, vt.data());
    exchange::run_public(t);
    return stored(t, flags);
  }
  // The same in the tableau's own buffer (the balanced point): V's columns loaded from the
  // start of cols, the block stored there; public_forms: the variable-time forms.
  std::vector<std::uint8_t> run_in_place(const std::vector<std::uint8_t>& vt, const std::vector<std::uint16_t>& perm,
                                         bool public_forms = false) {
    exchange::Tableau t = destined(perm);
    t.bytes = reinterpret_cast<std::uint8_t*>(cols.data());
    std::copy(vt.begin(), vt.end(), t.bytes);
    if (public_forms) {
      exchange::load_public(t, t.bytes);
      exchange::run_public(t);
    } else {
      exchange::load(t, t.bytes);
      exchange::run(t, 0, m, exchange::Lanes::swar, true, true);
    }
    exchange::store_in_place(t);
    return {t.bytes, t.bytes + std::size_t{k} * m};
  }
};

// With row keys (the balanced point) or without (the memory floor).
bool cf_in_place(std::vector<std::uint8_t>& a, unsigned k, unsigned m, bool row_keys = true) {
  std::vector<std::uint8_t> d(m), line(m);
  std::vector<std::uint16_t> rows(k), col_idx(m);
  std::vector<std::uint64_t> keys(k);
  const CfInPlaceScratch ws{d.data(), line.data(), rows.data(), col_idx.data(), row_keys ? keys.data() : nullptr};
  return canonical_form_in_place(a.data(), k, m, ws);
}

bool cf(std::vector<std::uint8_t>& a, unsigned k, unsigned m, bool two_pass) {
  std::vector<std::uint8_t> best(k * m), cand(k * m), hist(std::max(k * 128, k * m));
  std::vector<std::uint16_t> row_idx(k), col_idx(m), rows_j(k);
  const CfScratch ws{best.data(), cand.data(), hist.data(), row_idx.data(), col_idx.data(), rows_j.data()};
  return two_pass ? canonical_form_two_pass(a.data(), k, m, ws) : canonical_form(a.data(), k, m, ws);
}

// The rows (and the columns) of a matrix as a sorted list of sorted vectors: equal for two
// matrices that differ only in the order of their rows and columns.
std::vector<std::string> lines(const std::vector<std::uint8_t>& a, unsigned k, unsigned m, bool columns) {
  std::vector<std::string> out(columns ? m : k);
  for (unsigned r = 0; r < k; ++r)
    for (unsigned j = 0; j < m; ++j) out[columns ? j : r].push_back(static_cast<char>(a[r * m + j]));
  for (auto& line : out) std::sort(line.begin(), line.end());
  std::sort(out.begin(), out.end());
  return out;
}

// Sparse V (zero_percent > 0) makes ties in the canonical form likely (equal row multisets),
// where its result follows the input order; there the block is compared with unit
// coefficients, as rows and columns up to order, and the canonical form only when dense.
template <unsigned K>
void check_against_rref(unsigned trials, unsigned zero_percent, unsigned seed, bool dense) {
  constexpr unsigned n = 2 * K, m = K;
  std::mt19937 rng(seed);
  Engine e(K, m);
  unsigned degenerate = 0, early = 0;
  for (unsigned trial = 0; trial < trials; ++trial) {
    std::vector<std::uint8_t> v(K * m), vt(m * K), g0(K * n), g(K * n), piv(n), coef(n);
    std::vector<std::uint16_t> perm(n);
    for (auto& x : v) x = rng() % 100 < zero_percent ? 0 : static_cast<std::uint8_t>(1 + rng() % 126);
    for (unsigned i = 0; i < n; ++i)
      perm[i] = static_cast<std::uint16_t>(i), coef[i] = dense ? static_cast<std::uint8_t>(1 + rng() % 126) : 1;
    std::shuffle(perm.begin(), perm.end(), rng);
    g0_expand(v.data(), K, n, g0.data());
    monomial_apply<K, n>(g0.data(), coef.data(), perm.data(), g.data());
    ASSERT_TRUE((rref<K, n>(g.data(), piv.data())));
    std::vector<std::uint8_t> want(K * m), src_flags(n);
    non_pivot_columns(g.data(), K, n, piv.data(), want.data());
    for (unsigned j = 0; j < n; ++j) src_flags[j] = piv[perm[j]] ? 0xff : 0;
    for (unsigned c = 0; c < K; ++c) degenerate += piv[c] == 0;

    transpose(v.data(), K, m, vt.data());
    std::vector<std::uint8_t> flags, first;
    bool complete = false;
    const unsigned split = static_cast<unsigned>(rng() % (m + 1));
    first = e.run(vt, perm, m, exchange::Lanes::swar, true, true, &flags, &complete);
    ASSERT_EQ(flags, src_flags) << "pivot set, trial " << trial;
    struct Way { exchange::Lanes lanes; bool lazy, rank2; };
    for (const Way w : {Way{exchange::Lanes::scalar, false, false}, Way{exchange::Lanes::swar, false, false},
                        Way{exchange::Lanes::swar, true, false}, Way{exchange::Lanes::swar, false, true},
                        Way{exchange::Lanes::swar, true, true}}) {
      const auto other = e.run(vt, perm, split, w.lanes, w.lazy, w.rank2, &flags, &complete);
      early += complete;
      ASSERT_EQ(other, first) << "trial " << trial << " split " << split;
      ASSERT_EQ(flags, src_flags);
    }
    ASSERT_EQ(e.run_public(vt, perm, &flags), first) << "variable time, trial " << trial;
    ASSERT_EQ(flags, src_flags) << "variable time, trial " << trial;
    if (!dense) {
      ASSERT_EQ(lines(first, K, m, false), lines(want, K, m, false)) << "trial " << trial;
      ASSERT_EQ(lines(first, K, m, true), lines(want, K, m, true)) << "trial " << trial;
      continue;
    }
    std::vector<std::uint8_t> ours = first, theirs = want, ours2 = first;
    const bool ok = cf(theirs, K, m, false);
    ASSERT_EQ(cf(ours, K, m, false), ok) << "trial " << trial;
    ASSERT_EQ(cf(ours2, K, m, true), ok) << "trial " << trial;
    if (ok) {
      ASSERT_EQ(ours, theirs) << "trial " << trial;
      ASSERT_EQ(ours2, theirs) << "trial " << trial;
    }
  }
  if (!dense) {
    EXPECT_GT(degenerate, 0u) << "no trial reached the slow path (first k destinations dependent)";
  }
  EXPECT_GT(early, 0u);
  std::printf("k = %u: %u trials, %u with dependent leading destinations, %u early completions\n",
              K, trials, degenerate, early);
}

// The balanced point's one-buffer load and store give the same block as separate buffers.
TEST(LessExchange, InPlaceLoadAndStoreMatch) {
  std::mt19937 rng(7);
  for (const unsigned k : {8u, 40u, 126u}) {
    Engine e(k, k);
    for (unsigned trial = 0; trial < 50; ++trial) {
      std::vector<std::uint8_t> vt(k * k), flags;
      std::vector<std::uint16_t> perm(2 * k);
      for (auto& x : vt) x = static_cast<std::uint8_t>(rng() % 127);
      for (unsigned i = 0; i < 2 * k; ++i) perm[i] = static_cast<std::uint16_t>(i);
      std::shuffle(perm.begin(), perm.end(), rng);
      bool complete = false;
      const auto apart = e.run(vt, perm, k, exchange::Lanes::swar, true, true, &flags, &complete);
      ASSERT_EQ(e.run_in_place(vt, perm), apart) << "k " << k << " trial " << trial;
      ASSERT_EQ(e.run_in_place(vt, perm, true), apart) << "variable time, k " << k << " trial " << trial;
    }
  }
}

// The memory floor's byte-lane tableau (less/memory_floor/byte_exchange.hpp) gives the same
// block as the 16-bit lanes and the same pivot set (by destination), visits split at any point,
// columns of k % 4 = 0 and 2 bytes, sparse V (the slow path) and dense. Its destinations after
// the run put the block in RREF order (key generation relies on that; the KATs check it).
struct ByteEngine {
  unsigned k, m;
  std::vector<std::uint8_t> cols, onehot;
  std::vector<std::uint16_t> dest;
  std::vector<std::uint32_t> utilde;
  explicit ByteEngine(unsigned k_) : k(k_), m(k_), onehot(k_), dest(2 * k_), utilde(2 * byte_exchange::quads(k_)) {}
  std::vector<std::uint8_t> run(const std::vector<std::uint8_t>& vt, const std::vector<std::uint16_t>& perm,
                                unsigned split, std::vector<std::uint8_t>* map) {
    dest = perm;
    cols = vt;
    byte_exchange::Tableau t{k, m, cols.data(), dest.data(), dest.data() + k, onehot.data(), utilde.data()};
    byte_exchange::load(t);
    byte_exchange::run(t, 0, split);
    if (byte_exchange::complete_after(t, split) == 0) byte_exchange::run(t, split, m);
    byte_exchange::store_in_place(t);
    map->assign((2 * k + 7) / 8, 0);
    byte_exchange::pivot_map(t, 2 * k, map->data());
    return cols;
  }
};

TEST(LessExchange, ByteLanesMatchSixteenBitLanes) {
  std::mt19937 rng(11);
  for (const unsigned k : {8u, 10u, 40u, 126u, 200u}) {
    Engine wide(k, k);
    ByteEngine bytes(k);
    for (unsigned trial = 0; trial < (k > 100 ? 6u : 200u); ++trial) {
      const unsigned zero = trial % 2 == 0 ? 0 : 60;
      std::vector<std::uint8_t> vt(k * k), src_flags, map;
      std::vector<std::uint16_t> perm(2 * k);
      for (auto& x : vt) x = rng() % 100 < zero ? 0 : static_cast<std::uint8_t>(1 + rng() % 126);
      for (unsigned i = 0; i < 2 * k; ++i) perm[i] = static_cast<std::uint16_t>(i);
      std::shuffle(perm.begin(), perm.end(), rng);
      bool complete = false;
      const auto want = wide.run(vt, perm, k, exchange::Lanes::swar, true, true, &src_flags, &complete);
      std::vector<std::uint8_t> want_map((2 * k + 7) / 8, 0);
      for (unsigned x = 0; x < 2 * k; ++x)
        if (src_flags[x] != 0) want_map[perm[x] / 8] = static_cast<std::uint8_t>(want_map[perm[x] / 8] | (1u << (perm[x] % 8)));
      const auto split = static_cast<unsigned>(rng() % (k + 1));
      ASSERT_EQ(bytes.run(vt, perm, split, &map), want) << "k " << k << " trial " << trial;
      ASSERT_EQ(map, want_map) << "k " << k << " trial " << trial;
    }
  }
}

TEST(LessExchange, MatchesReferenceRrefSmallSparse) { check_against_rref<8>(3000, 60, 1, false); }
TEST(LessExchange, MatchesReferenceRrefMediumSparse) { check_against_rref<16>(600, 50, 2, false); }
TEST(LessExchange, MatchesReferenceRrefDense) { check_against_rref<40>(150, 0, 3, true); }
TEST(LessExchange, MatchesReferenceRrefCategoryOne) { check_against_rref<126>(6, 0, 4, true); }

// Two-pass canonical form = one pass on random matrices, many of them failing normalisation
// or building several candidates (small sizes, many zeros).
TEST(LessCanonical, TwoPassEqualsOnePass) {
  std::mt19937 rng(5);
  unsigned failed = 0;
  for (unsigned trial = 0; trial < 20000; ++trial) {
    const auto k = static_cast<unsigned>(2 + rng() % 11), zero = static_cast<unsigned>(rng() % 60);
    std::vector<std::uint8_t> a(k * k);
    for (auto& x : a) x = rng() % 100 < zero ? 0 : static_cast<std::uint8_t>(1 + rng() % 126);
    std::vector<std::uint8_t> one = a, two = a, in_place = a, keyless = a;
    const bool ok = cf(one, k, k, false);
    ASSERT_EQ(cf(two, k, k, true), ok) << "trial " << trial;
    ASSERT_EQ(two, one) << "trial " << trial;
    ASSERT_EQ(cf_in_place(in_place, k, k), ok) << "trial " << trial;
    ASSERT_EQ(in_place, one) << "trial " << trial;
    ASSERT_EQ(cf_in_place(keyless, k, k, false), ok) << "trial " << trial;
    ASSERT_EQ(keyless, one) << "trial " << trial;
    failed += !ok;
  }
  EXPECT_GT(failed, 0u);
}

// scale_normalise = the reference's steps (fq_mul by d, all_equal, normalise) on random rows,
// rows of few values (zero sums, rows that do not normalise) and rows that scale to one value.
TEST(LessCanonical, ScaleNormaliseMatchesTheReferenceSteps) {
  std::mt19937 rng(8);
  unsigned equal = 0, failed = 0;
  for (unsigned trial = 0; trial < 30000; ++trial) {
    const auto m = static_cast<unsigned>(1 + rng() % 274), values = static_cast<unsigned>(1 + rng() % 4);
    std::vector<std::uint8_t> src(m), d(m), want(m), got(m, 0xee);
    for (auto& x : d) x = static_cast<std::uint8_t>(1 + rng() % 126);
    const auto c = static_cast<std::uint8_t>(rng() % 127);
    for (unsigned j = 0; j < m; ++j)
      src[j] = trial % 5 == 0   ? fq_mul(c, fq_inv(d[j]))  // all c once scaled
               : trial % 5 == 1 ? static_cast<std::uint8_t>(rng() % 127)
                                : static_cast<std::uint8_t>(rng() % values);
    const bool keep_equal = trial % 2 == 0;
    for (unsigned j = 0; j < m; ++j) want[j] = fq_mul(src[j], d[j]);
    const bool all = keep_equal && cf_rows::all_equal(want.data(), m);
    const bool ok = all || cf_rows::normalise(want.data(), m);
    ASSERT_EQ(cf_rows::scale_normalise(src.data(), d.data(), m, keep_equal, got.data()), ok) << "trial " << trial;
    if (ok) {
      ASSERT_EQ(got, want) << "trial " << trial;
    }
    equal += all, failed += !ok;
  }
  EXPECT_GT(equal, 1000u);
  EXPECT_GT(failed, 100u);
}

// The in-place form = one pass on dense category-1 blocks (k = m = 126), tall and wide blocks
// with ties from few distinct values, the sizes of categories 3 and 5, and blocks of mostly ones
// (over 255 copies of one value wrap the byte histograms, in both forms; with m = 260 fewer than
// eight values are left to count).
TEST(LessCanonical, InPlaceEqualsOnePass) {
  std::mt19937 rng(6);
  const unsigned shapes[][4] = {{126, 126, 0, 0},   {126, 126, 2, 0}, {6, 20, 30, 0},
                                {20, 6, 30, 0},     {200, 200, 1, 0}, {274, 274, 1, 0},
                                {274, 274, 1, 97},  {260, 260, 1, 98}};  // k, m, % zeros, % forced ones
  for (const auto& [k, m, zero, ones] : shapes)
    for (unsigned trial = 0; trial < (k > 100 ? 8u : 3000u); ++trial) {
      std::vector<std::uint8_t> a(k * m);
      // Few values make equal row multisets (ties) likely.
      const unsigned values = k > 100 ? 126 : 1 + static_cast<unsigned>(rng() % 3);
      for (auto& x : a) {
        const auto roll = rng() % 100;
        const auto value = roll < zero ? 0 : roll < zero + ones ? 1 : 1 + rng() % values;
        x = static_cast<std::uint8_t>(value);
      }
      std::vector<std::uint8_t> one = a, in_place = a, keyless = a;
      const bool ok = cf(one, k, m, false);
      ASSERT_EQ(cf_in_place(in_place, k, m), ok) << k << "x" << m << " trial " << trial;
      ASSERT_EQ(in_place, one) << k << "x" << m << " trial " << trial;
      ASSERT_EQ(cf_in_place(keyless, k, m, false), ok) << k << "x" << m << " trial " << trial;
      ASSERT_EQ(keyless, one) << k << "x" << m << " trial " << trial;
    }
}

}  // namespace
