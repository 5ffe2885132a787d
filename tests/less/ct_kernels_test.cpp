// The constant-time kernels of variants/less/common (ct_*.hpp), kept for the constant-time
// operating points, each against its direct counterpart (the form the reference point uses) on
// random inputs: same output, same XOF stream position where they read one.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "less/common/canonical.hpp"
#include "less/common/codes.hpp"
#include "less/common/ct_blind.hpp"
#include "less/common/ct_codes.hpp"
#include "less/common/ct_permute.hpp"
#include "less/common/ct_sampler.hpp"
#include "less/common/fq.hpp"
#include "less/common/rref.hpp"
#include "less/common/sampler.hpp"
#include "sigspace/keccak.hpp"

namespace {

using namespace sigspace::less;
using Bytes8 = std::vector<std::uint8_t>;
using Words = std::vector<std::uint16_t>;

Bytes8 random_bytes(std::mt19937& rng, std::size_t len, unsigned mod) {
  Bytes8 out(len);
  for (auto& x : out) x = static_cast<std::uint8_t>(rng() % mod);
  return out;
}

Words random_perm(std::mt19937& rng, unsigned n) {
  Words p(n);
  for (unsigned i = 0; i < n; ++i) p[i] = static_cast<std::uint16_t>(i);
  std::shuffle(p.begin(), p.end(), rng);
  return p;
}

sigspace::Shake128 seeded_xof(unsigned seed) {
  sigspace::Shake128 x;
  const std::uint8_t s[4] = {static_cast<std::uint8_t>(seed), static_cast<std::uint8_t>(seed >> 8), 7, 9};
  x.absorb(s, sizeof s);
  x.finalize();
  return x;
}

Bytes8 next_bytes(sigspace::Shake128& x) {
  Bytes8 b(16);
  x.squeeze(b.data(), b.size());
  return b;
}

TEST(LessCtKernels, SortRowsPlacesEveryRowByItsKey) {
  std::mt19937 rng(1);
  for (unsigned n = 1; n <= 600; n += (n < 64 ? 1 : 37)) {
    Words keys = random_perm(rng, n);
    Bytes8 rows = random_bytes(rng, 3 * n, 256), want(3 * n);
    for (unsigned i = 0; i < n; ++i)  // direct: row i goes to position keys[i]
      std::copy_n(rows.begin() + 3 * i, 3, want.begin() + 3 * keys[i]);
    ct_sort_rows(keys.data(), rows.data(), n, 3);
    for (unsigned d = 0; d < n; ++d) ASSERT_EQ(keys[d], d) << "n = " << n;
    ASSERT_EQ(rows, want) << "n = " << n;
  }
}

TEST(LessCtKernels, SortPairsAndScansMatchDirectLookups) {
  std::mt19937 rng(2);
  for (unsigned n : {2u, 3u, 126u, 200u, 274u, 548u}) {
    Words p = random_perm(rng, n), keys = p, payload(n);
    for (unsigned i = 0; i < n; ++i) payload[i] = static_cast<std::uint16_t>(i);
    ct_sort_pairs(keys.data(), payload.data(), n);
    for (unsigned d = 0; d < n; ++d) ASSERT_EQ(p[payload[d]], d);  // payload = inverse of p
    for (unsigned trial = 0; trial < 50; ++trial) {
      const unsigned i = static_cast<unsigned>(rng() % n);
      ASSERT_EQ(ct_lookup_u16(p.data(), n, i), p[i]);
      ASSERT_EQ(ct_find_u16(p.data(), n, p[i]), i);
    }
  }
}

TEST(LessCtKernels, MonomialInverseMatchesDirect) {
  std::mt19937 rng(3);
  for (unsigned n : {8u, 252u, 400u, 548u}) {
    Bytes8 coef = random_bytes(rng, n, 126), ci(n), ci_ct(n);
    for (auto& c : coef) ++c;
    Words perm = random_perm(rng, n), pi(n), pi_ct(n);
    monomial_invert(coef.data(), perm.data(), n, ci.data(), pi.data());
    ct_monomial_inverse(coef.data(), perm.data(), n, ci_ct.data(), pi_ct.data());
    EXPECT_EQ(ci_ct, ci) << "n = " << n;
    EXPECT_EQ(pi_ct, pi) << "n = " << n;
  }
}

template <unsigned K>
void expect_monomial_image_matches(std::mt19937& rng) {
  constexpr unsigned n = 2 * K;
  Bytes8 v = random_bytes(rng, K * K, 127), coef = random_bytes(rng, n, 126);
  for (auto& c : coef) ++c;
  const Words perm = random_perm(rng, n);
  Bytes8 g0(K * n), direct(K * n), t(n * K), ct_image(K * n);
  Words keys(n);
  g0_expand(v.data(), K, n, g0.data());
  monomial_apply<K, n>(g0.data(), coef.data(), perm.data(), direct.data());
  ct_g0_monomial_transposed(v.data(), K, n, coef.data(), perm.data(), t.data(), keys.data());
  transpose(t.data(), n, K, ct_image.data());
  EXPECT_EQ(ct_image, direct) << "k = " << K;
}

TEST(LessCtKernels, MonomialImageMatchesDirect) {
  std::mt19937 rng(4);
  expect_monomial_image_matches<5>(rng);
  expect_monomial_image_matches<126>(rng);
  expect_monomial_image_matches<200>(rng);
}

// Random K x N matrices; every third one sparse, often with zero columns and rank deficiency.
template <unsigned K, unsigned N>
void expect_rref_matches(std::mt19937& rng) {
  for (unsigned trial = 0; trial < 12; ++trial) {
    Bytes8 g = random_bytes(rng, K * N, 127);
    if (trial % 3 == 0)
      for (auto& x : g) x = rng() % 4 == 0 ? x : 0;
    Bytes8 h = g, piv(N), piv_ct(N);
    const bool ok = rref<K, N>(g.data(), piv.data());
    ASSERT_EQ(ct_rref(h.data(), K, N, piv_ct.data()), ok) << K << "x" << N << " trial " << trial;
    if (!ok) continue;  // on rank deficiency only the verdict is specified
    ASSERT_EQ(h, g) << K << "x" << N << " trial " << trial;
    ASSERT_EQ(piv_ct, piv) << K << "x" << N << " trial " << trial;
  }
}

TEST(LessCtKernels, RrefMatchesDirect) {
  std::mt19937 rng(5);
  expect_rref_matches<4, 5>(rng);
  expect_rref_matches<7, 30>(rng);
  expect_rref_matches<20, 21>(rng);
  expect_rref_matches<33, 50>(rng);
  expect_rref_matches<40, 80>(rng);
}

TEST(LessCtKernels, SamplersMatchDirectOnTheSameStream) {
  for (unsigned seed = 0; seed < 8; ++seed)
    for (unsigned n : {126u, 200u, 252u, 274u, 400u, 548u}) {
      auto x = seeded_xof(seed * 1000 + n), y = x;
      Bytes8 c(n), c_ct(n);
      Words p(n), p_ct(n);
      sample_monomial(x, c.data(), p.data(), n);
      ct_sample_monomial(y, c_ct.data(), p_ct.data(), n);
      ASSERT_EQ(c_ct, c);
      ASSERT_EQ(p_ct, p);
      ASSERT_EQ(next_bytes(y), next_bytes(x));  // same stream position afterwards
      sample_blinding_perm(x, p.data(), n);
      ct_sample_blinding_perm(y, p_ct.data(), n);
      ASSERT_EQ(p_ct, p);
      ASSERT_EQ(next_bytes(y), next_bytes(x));
    }
}

TEST(LessCtKernels, BlindingMatchesDirect) {
  std::mt19937 rng(6);
  for (unsigned k : {7u, 126u, 200u}) {
    const Bytes8 a0 = random_bytes(rng, k * k, 127);
    Bytes8 a = a0, a_ct = a0, tmp(k * k), coef_r(k), coef_l(k);
    Words perm_r(k), perm_l(k), keys(k);
    auto x = seeded_xof(k), y = x;
    blind(a.data(), k, k, x, tmp.data(), coef_r.data(), perm_r.data(), coef_l.data(), perm_l.data());
    auto z = y;
    Bytes8 a_in_place = a0;  // tmp = nullptr: the balanced point's in-place transposes
    ct_blind(a_ct.data(), k, k, y, tmp.data(), coef_r.data(), perm_r.data(), keys.data());
    ct_blind(a_in_place.data(), k, k, z, nullptr, coef_r.data(), perm_r.data(), keys.data());
    EXPECT_EQ(a_ct, a) << "k = " << k;
    EXPECT_EQ(a_in_place, a) << "k = " << k;
    EXPECT_NE(a, a0);
    const auto after = next_bytes(x);
    EXPECT_EQ(next_bytes(y), after);
    EXPECT_EQ(next_bytes(z), after);
  }
}

}  // namespace
