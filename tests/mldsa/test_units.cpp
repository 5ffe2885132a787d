// Unit checks of the shared ML-DSA building blocks against their FIPS 204 definitions
// (exhaustively where the domain is Z_q), and of the descriptor's input handling.
#include <random>

#include "mldsa/common/encode.hpp"
#include "mldsa/common/rounding.hpp"
#include "kat_support.hpp"
#include "sigspace/prehash.hpp"

namespace mldsa_test {
namespace {

using namespace sigspace::mldsa;

// r mod+- m as the standard defines it: the representative in (-m/2, m/2].
std::int64_t mod_pm(std::int64_t r, std::int64_t m) {
  std::int64_t x = ((r % m) + m) % m;
  return x > m / 2 ? x - m : x;
}

template <std::int32_t G2>
void check_decompose_exhaustive() {
  for (std::int32_t r = 0; r < kQ; ++r) {
    std::int64_t r0 = mod_pm(r, 2 * G2), r1;
    if (r - r0 == kQ - 1) {
      r1 = 0;
      r0 -= 1;
    } else {
      r1 = (r - r0) / (2 * G2);
    }
    std::int32_t a1, a0;
    decompose<G2>(r, a1, a0);
    ASSERT_EQ(a1, r1) << "r=" << r;
    ASSERT_EQ(a0, r0) << "r=" << r;
  }
}

TEST(MldsaUnits, DecomposeMatchesAlgorithm36) {
  check_decompose_exhaustive<(kQ - 1) / 88>();
  check_decompose_exhaustive<(kQ - 1) / 32>();
}

TEST(MldsaUnits, Power2RoundMatchesAlgorithm35) {
  for (std::int32_t r = 0; r < kQ; ++r) {
    const std::int64_t r0 = mod_pm(r, 1 << kD);
    std::int32_t a1, a0;
    power2round(r, a1, a0);
    ASSERT_EQ(a0, r0);
    ASSERT_EQ(a1, (r - r0) >> kD);
  }
}

TEST(MldsaUnits, NttProductIsNegacyclicProduct) {
  std::mt19937 rng(204);
  for (int trial = 0; trial < 20; ++trial) {
    Poly a, b;
    for (int i = 0; i < kN; ++i) {
      a.c[i] = static_cast<std::int32_t>(rng() % kQ);
      b.c[i] = static_cast<std::int32_t>(rng() % kQ) - kQ / 2;
    }
    std::int64_t want[kN] = {};
    for (int i = 0; i < kN; ++i)
      for (int j = 0; j < kN; ++j) {
        const std::int64_t p = static_cast<std::int64_t>(a.c[i]) * b.c[j] % kQ;
        if (i + j < kN) want[i + j] += p; else want[i + j - kN] -= p;
      }
    Poly ah = a, bh = b, c;
    ntt(ah);
    ntt(bh);
    poly_pointwise(c, ah, bh);
    invntt(c);
    poly_freeze(c);
    for (int i = 0; i < kN; ++i) ASSERT_EQ(c.c[i], ((want[i] % kQ) + kQ) % kQ) << i;
  }
}

TEST(MldsaUnits, HintUnpackRejectsMalformedEncodings) {  // Algorithm 21, lines 4, 8, 15
  constexpr int k = 4, omega = 80;
  Poly h[k];
  std::uint8_t y[omega + k] = {};
  y[0] = 3; y[1] = 7; y[omega] = 2; y[omega + 1] = 2; y[omega + 2] = 2; y[omega + 3] = 2;
  EXPECT_TRUE(hint_bit_unpack(h, y, k, omega));
  EXPECT_EQ(h[0].c[3] + h[0].c[7], 2);
  std::uint8_t bad[omega + k];
  std::memcpy(bad, y, sizeof y); bad[1] = 3;        // repeated index
  EXPECT_FALSE(hint_bit_unpack(h, bad, k, omega));
  std::memcpy(bad, y, sizeof y); bad[0] = 9;        // decreasing
  EXPECT_FALSE(hint_bit_unpack(h, bad, k, omega));
  std::memcpy(bad, y, sizeof y); bad[5] = 1;        // nonzero padding
  EXPECT_FALSE(hint_bit_unpack(h, bad, k, omega));
  std::memcpy(bad, y, sizeof y); bad[omega + 1] = 1;  // limit goes backwards
  EXPECT_FALSE(hint_bit_unpack(h, bad, k, omega));
  std::memcpy(bad, y, sizeof y); bad[omega + 3] = omega + 1;  // more than omega
  EXPECT_FALSE(hint_bit_unpack(h, bad, k, omega));
}

// The one pre-hash table: a row for every PreHash but none, found again by its own name, and
// no row for a name that is only a prefix or an extension of one.
TEST(MldsaUnits, PreHashTableHasOneRowEach) {
  using sigspace::PreHash;
  EXPECT_EQ(sigspace::find_prehash(PreHash::none), nullptr);
  for (int i = 1; i <= static_cast<int>(PreHash::shake256); ++i) {
    const auto ph = static_cast<PreHash>(i);
    const sigspace::PreHashSpec* p = sigspace::find_prehash(ph);
    ASSERT_NE(p, nullptr) << i;
    EXPECT_EQ(p->id, ph);
    EXPECT_EQ(sigspace::find_prehash(p->name), p) << p->name;
    EXPECT_EQ(p->sha2 == nullptr, p->keccak_rate != 0) << p->name;  // exactly one way to hash
    EXPECT_LE(p->digest_bytes, sigspace::kMaxPreHashBytes);
  }
  EXPECT_EQ(sigspace::find_prehash("SHA2-25"), nullptr);
  EXPECT_EQ(sigspace::find_prehash("SHA2-2566"), nullptr);
  EXPECT_EQ(sigspace::find_prehash("SHAKE128"), nullptr);  // the table has FIPS 204's spelling
}

class MldsaDescriptor : public testing::TestWithParam<const sigspace::Variant*> {};

TEST_P(MldsaDescriptor, SizesAndInputChecks) {
  const auto& v = *GetParam();
  const std::string ps = v.param_set;
  const std::size_t pk = ps == "ML-DSA-44" ? 1312 : ps == "ML-DSA-65" ? 1952 : 2592;
  const std::size_t sk = ps == "ML-DSA-44" ? 2560 : ps == "ML-DSA-65" ? 4032 : 4896;
  const std::size_t sig = ps == "ML-DSA-44" ? 2420 : ps == "ML-DSA-65" ? 3309 : 4627;
  EXPECT_EQ(v.pk_bytes, pk);
  EXPECT_EQ(v.sk_bytes, sk);
  EXPECT_EQ(v.sig_max_bytes, sig);
  EXPECT_EQ(v.seed_bytes, 32u);
  EXPECT_EQ(v.rnd_bytes, 32u);

  const Runner run{v};
  Buf seed(32, 7), vpk, vsk, s;
  ASSERT_EQ(run.keygen(seed, vpk, vsk), sigspace::Status::ok);
  const Buf m = {1, 2, 3};
  const sigspace::MessageInput pure{m, {}, sigspace::MessageMode::pure};
  for (std::size_t bad : {std::size_t{0}, std::size_t{31}, std::size_t{33}, sk - 1, sk + 1})
    EXPECT_EQ(run.sign(Buf(bad, 1), pure, {}, s), sigspace::Status::invalid_input) << bad;
  // Seed form and expanded form sign identically.
  Buf s_seed, s_sk;
  ASSERT_EQ(run.sign(seed, pure, {}, s_seed), sigspace::Status::ok);
  ASSERT_EQ(run.sign(vsk, pure, {}, s_sk), sigspace::Status::ok);
  EXPECT_EQ(s_seed, s_sk);
  EXPECT_EQ(run.verify(vpk, pure, s_sk), sigspace::Status::ok);
  // Lengths and malformed inputs.
  const Buf ctx256(256, 0);
  EXPECT_EQ(run.sign(vsk, {m, ctx256, sigspace::MessageMode::pure}, {}, s),
            sigspace::Status::invalid_input);
  EXPECT_EQ(run.sign(vsk, {Buf(63, 0), {}, sigspace::MessageMode::external_mu}, {}, s),
            sigspace::Status::invalid_input);
  EXPECT_EQ(run.sign(vsk, {m, {}, sigspace::MessageMode::prehash, sigspace::PreHash::none}, {}, s),
            sigspace::Status::invalid_input);
  Buf short_pk(vpk.begin(), vpk.end() - 1), long_sig = s_sk;
  long_sig.push_back(0);
  EXPECT_EQ(run.verify(short_pk, pure, s_sk), sigspace::Status::invalid_input);
  EXPECT_EQ(run.verify(vpk, pure, long_sig), sigspace::Status::invalid_signature);
  EXPECT_EQ(run.verify(vpk, {m, ctx256, sigspace::MessageMode::pure}, s_sk),
            sigspace::Status::invalid_input);
  Buf flipped = s_sk;
  flipped[0] ^= 1;
  EXPECT_EQ(run.verify(vpk, pure, flipped), sigspace::Status::invalid_signature);
}

INSTANTIATE_TEST_SUITE_P(Registry, MldsaDescriptor, testing::ValuesIn(mldsa_variants()),
                         variant_label);

}  // namespace
}  // namespace mldsa_test
