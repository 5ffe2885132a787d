// NTT over Z_q with zeta = 1753, the 512th root of unity of FIPS 204 Section 7.5.
#include <array>

#include "poly.hpp"

namespace sigspace::mldsa {
namespace {

constexpr std::int64_t powmod(std::int64_t b, std::int64_t e) {
  std::int64_t r = 1;
  b %= kQ;
  for (; e > 0; e >>= 1) {
    if (e & 1) r = r * b % kQ;
    b = b * b % kQ;
  }
  return r;
}

constexpr std::int64_t kMont = (std::int64_t{1} << 32) % kQ;  // 2^32 mod q

constexpr std::int32_t centered(std::int64_t x) {
  return static_cast<std::int32_t>(x > kQ / 2 ? x - kQ : x);
}

// zetas[m] = zeta^BitRev8(m) (FIPS 204 Appendix B), stored times 2^32 so that one Montgomery
// reduction of zetas[m] * a yields zeta^BitRev8(m) * a mod q.
constexpr std::array<std::int32_t, kN> make_zetas() {
  std::array<std::int32_t, kN> z{};
  for (int m = 0; m < kN; ++m) {
    int rev = 0;
    for (int b = 0; b < 8; ++b) rev |= ((m >> b) & 1) << (7 - b);
    z[m] = centered(powmod(1753, rev) * kMont % kQ);
  }
  return z;
}
constexpr std::array<std::int32_t, kN> kZetas = make_zetas();

// 256^-1 (Algorithm 42, line 21: f = 8347681) times 2^64: one 2^32 cancels the Montgomery
// factor of this final multiplication, the other the one left by the pointwise product.
constexpr std::int32_t kInvNScaled =
    centered(powmod(256, kQ - 2) * kMont % kQ * kMont % kQ);
static_assert(powmod(256, kQ - 2) == 8347681);

}  // namespace

void ntt(Poly& a) {  // FIPS 204 Algorithm 41 (lines 1-3: in place)
  int m = 0;                                              // line 4
  for (int len = 128; len >= 1; len >>= 1) {              // lines 5-6, 18
    for (int start = 0; start < kN; start += 2 * len) {   // lines 7-8, 16
      const std::int64_t z = kZetas[++m];                 // lines 9-10
      for (int j = start; j < start + len; ++j) {         // line 11
        const std::int32_t t = montgomery_reduce(z * a.c[j + len]);  // line 12
        a.c[j + len] = a.c[j] - t;                        // line 13
        a.c[j] = a.c[j] + t;                              // line 14
      }
    }
  }
}

void invntt(Poly& a) {  // FIPS 204 Algorithm 42 (lines 1-3: in place)
  int m = kN;                                             // line 4
  for (int len = 1; len < kN; len <<= 1) {                // lines 5-6, 19
    for (int start = 0; start < kN; start += 2 * len) {   // lines 7-8, 17
      const std::int64_t z = -kZetas[--m];                // lines 9-10
      for (int j = start; j < start + len; ++j) {         // line 11
        // Sums grow by one bit per layer: |a| < 256 q < 2^31 after the last one.
        const std::int32_t t = a.c[j];                    // line 12
        a.c[j] = t + a.c[j + len];                        // line 13
        a.c[j + len] = montgomery_reduce(z * (t - a.c[j + len]));  // lines 14-15
      }
    }
  }
  for (int j = 0; j < kN; ++j)                            // lines 21-24
    a.c[j] = montgomery_reduce(static_cast<std::int64_t>(kInvNScaled) * a.c[j]);
}

}  // namespace sigspace::mldsa
