// Unit checks of variants/less/common: F_127 inverses, the RREF and packing round trips, pivot
// reuse against the plain RREF. The constant-time kernels are checked in ct_kernels_test.cpp.
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "less/common/codes.hpp"
#include "less/common/fq.hpp"
#include "less/common/rref.hpp"

namespace {

using namespace sigspace::less;

TEST(LessCommon, FieldInverseAndReduction) {
  for (unsigned a = 1; a < kQ; ++a) EXPECT_EQ(a * fq_inv(a) % kQ, 1u);
  for (std::uint32_t x = 0; x < (1u << 16); ++x) ASSERT_EQ(fq_red(x), x % kQ);
  for (std::uint32_t x = 0; x < (1u << 25); ++x) ASSERT_EQ(fq_mod(x), x % kQ);  // its whole domain
}

// The 4 x 4-block transposes = the element-wise definition, at every shape's edges.
TEST(LessCommon, TransposesMatchTheDefinition) {
  std::mt19937 rng(9);
  for (const unsigned rows : {1u, 3u, 4u, 5u, 8u, 11u, 126u, 200u, 274u})
    for (const unsigned cols : {1u, 2u, 4u, 7u, 12u, 126u, 200u, 274u}) {
      std::vector<std::uint8_t> a(rows * cols), want(rows * cols), got(rows * cols);
      for (auto& x : a) x = static_cast<std::uint8_t>(rng());
      for (unsigned r = 0; r < rows; ++r)
        for (unsigned c = 0; c < cols; ++c) want[c * rows + r] = a[r * cols + c];
      transpose(a.data(), rows, cols, got.data());
      ASSERT_EQ(got, want) << rows << " x " << cols;
      if (rows == cols) {
        std::vector<std::uint8_t> b = a;
        transpose_square(a.data(), rows);
        ASSERT_EQ(a, want) << rows << " square";
        transpose_square_blocks(b.data(), rows);
        ASSERT_EQ(b, want) << rows << " square, by blocks";
      }
    }
}

TEST(LessCommon, RrefPackRoundTrip) {
  constexpr unsigned k = 6, n = 12;
  std::mt19937 rng(7);
  std::vector<std::uint8_t> g(k * n), piv(n), packed((7 * k * (n - k) + 7) / 8 + (n + 7) / 8), back(k * n);
  for (auto& x : g) x = static_cast<std::uint8_t>(rng() % kQ);
  ASSERT_TRUE((rref<k, n>(g.data(), piv.data())));
  pack_rref(g.data(), k, n, piv.data(), packed.data());
  ASSERT_TRUE(packed_rref_valid(packed.data(), k, n));
  std::vector<std::uint8_t> back_piv(n);
  unpack_rref(packed.data(), k, n, back.data(), back_piv.data());
  EXPECT_EQ(back, g);
  EXPECT_EQ(back_piv, piv);
}

}  // namespace

namespace {

// A random monomial of length n (coefficients in [1,126]).
void random_monomial(std::mt19937& rng, unsigned n, std::vector<std::uint8_t>& coef,
                     std::vector<std::uint16_t>& perm) {
  coef.resize(n), perm.resize(n);
  for (unsigned i = 0; i < n; ++i) coef[i] = static_cast<std::uint8_t>(1 + rng() % 126), perm[i] = static_cast<std::uint16_t>(i);
  std::shuffle(perm.begin(), perm.end(), rng);
}

}  // namespace

// Pivot reuse (sections 5 and 9) leaves the pivot set of the plain RREF and each non-pivot row a
// nonzero multiple of the plain one, which the canonical form does not see.
TEST(LessCommon, PivotReuseMatchesRrefUpToRowScaling) {
  constexpr unsigned k = 24, n = 48, m = n - k;
  std::mt19937 rng(11);
  for (unsigned trial = 0; trial < 200; ++trial) {
    std::vector<std::uint8_t> v(k * m), g0(k * n), g(k * n), h(k * n), coef, piv(n), piv2(n), unit(n);
    std::vector<std::uint16_t> perm;
    for (auto& x : v) x = static_cast<std::uint8_t>(rng() % kQ);
    g0_expand(v.data(), k, n, g0.data());
    random_monomial(rng, n, coef, perm);
    monomial_apply<k, n>(g0.data(), coef.data(), perm.data(), g.data());
    h = g;
    for (unsigned j = 0; j < n; ++j) unit[perm[j]] = j < k;
    ASSERT_TRUE((rref<k, n>(g.data(), piv.data())));
    ASSERT_TRUE((rref_pivot_reuse<k, n>(h.data(), piv2.data(), unit.data(), trial % 2 ? k : 5)));
    ASSERT_EQ(piv, piv2);
    std::vector<std::uint8_t> a(k * m), b(k * m);
    non_pivot_columns(g.data(), k, n, piv.data(), a.data());
    non_pivot_columns(h.data(), k, n, piv.data(), b.data());
    for (unsigned r = 0; r < k; ++r) {
      unsigned j0 = 0;
      while (j0 < m && a[r * m + j0] == 0) ++j0;
      if (j0 == m) continue;
      const std::uint8_t f = fq_mul(b[r * m + j0], fq_inv(a[r * m + j0]));
      ASSERT_NE(f, 0) << "trial " << trial << " row " << r;
      for (unsigned j = 0; j < m; ++j) ASSERT_EQ(b[r * m + j], fq_mul(a[r * m + j], f));
    }
  }
}
