// Unit checks of variants/less/common: the sorting-network permutation for every length used,
// F_127 inverses, packing round trips.
#include <gtest/gtest.h>

#include <random>

#include "less/common/codes.hpp"
#include "less/common/ctperm.hpp"
#include "less/common/fq.hpp"

namespace {

using namespace sigspace::less;

TEST(LessCommon, SortingNetworkPlacesEveryRowByItsKey) {
  std::mt19937 rng(1);
  for (unsigned n = 1; n <= 600; ++n) {
    std::vector<std::uint16_t> keys(n);
    for (unsigned i = 0; i < n; ++i) keys[i] = static_cast<std::uint16_t>(i);
    std::shuffle(keys.begin(), keys.end(), rng);
    std::vector<std::uint8_t> rows(2 * n);
    for (unsigned i = 0; i < n; ++i) rows[2 * i] = static_cast<std::uint8_t>(keys[i]), rows[2 * i + 1] = static_cast<std::uint8_t>(keys[i] >> 8);
    ct_sort_rows(keys.data(), rows.data(), n, 2);
    for (unsigned d = 0; d < n; ++d) {
      ASSERT_EQ(keys[d], d) << "n = " << n;
      ASSERT_EQ(rows[2 * d] | rows[2 * d + 1] << 8, static_cast<int>(d)) << "n = " << n;
    }
  }
}

TEST(LessCommon, FieldInverseAndReduction) {
  for (unsigned a = 1; a < kQ; ++a) EXPECT_EQ(a * fq_inv(a) % kQ, 1u);
  for (std::uint32_t x = 0; x < (1u << 16); ++x) ASSERT_EQ(fq_red(x), x % kQ);
}

TEST(LessCommon, RrefPackRoundTrip) {
  constexpr unsigned k = 6, n = 12;
  std::mt19937 rng(7);
  std::vector<std::uint8_t> g(k * n), piv(n), packed((7 * k * (n - k) + 7) / 8 + (n + 7) / 8), back(k * n);
  for (auto& x : g) x = static_cast<std::uint8_t>(rng() % kQ);
  ASSERT_TRUE(rref(g.data(), k, n, piv.data()));
  pack_rref(g.data(), k, n, piv.data(), packed.data());
  ASSERT_TRUE(packed_rref_valid(packed.data(), k, n));
  unpack_rref(packed.data(), k, n, back.data());
  EXPECT_EQ(back, g);
}

}  // namespace
