// NTT over Z_q with zeta = 1753, the 512th root of unity of FIPS 204 Section 7.5.
#include <array>

#include "mldsa/common/poly.hpp"

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

// Lines 5-17 of Algorithm 41 for the layers len = top, ..., 1 on the 2 top coefficients a[0..)
// found at position base of the polynomial: the zeta of a block is the one the whole transform
// gives it there (m runs over 128/len .. 256/len - 1 along layer len; here from the first block
// at base on (a multiple of 2 top), counted up as line 9 does: no division per block).
void ntt_layers(std::int32_t* a, int base, int top) {
  for (int len = top; len >= 1; len >>= 1) {                        // lines 5-6, 18
    int m = kN / 2 / len + base / (2 * len);
    for (int start = 0; start < 2 * top; start += 2 * len) {        // lines 7-8, 16
      const std::int32_t z = kZetas[m++];                           // lines 9-10
      for (int j = start; j < start + len; ++j) {                   // line 11
        const std::int32_t t = montgomery_reduce(std::int64_t{z} * a[j + len]);  // line 12
        const std::int32_t u = a[j];  // read once: the store to a[j + len] may not alias it
        a[j + len] = u - t;                                         // line 13
        a[j] = u + t;                                               // line 14
      }
    }
  }
}

// Lines 5-18 of Algorithm 42 for the layers len = 1, ..., top, placed as above (m counted down,
// line 9).
void invntt_layers(std::int32_t* a, int base, int top) {
  for (int len = 1; len <= top; len <<= 1) {                        // lines 5-6, 19
    int m = kN / len - 1 - base / (2 * len);
    for (int start = 0; start < 2 * top; start += 2 * len) {        // lines 7-8, 17
      const std::int32_t z = -kZetas[m--];                          // lines 9-10
      for (int j = start; j < start + len; ++j) {                   // line 11
        // Sums grow by one bit per layer: |a| < 256 q < 2^31 after the last one.
        const std::int32_t t = a[j];                                // line 12
        a[j] = t + a[j + len];                                      // line 13
        a[j + len] = montgomery_reduce(std::int64_t{z} * (t - a[j + len]));  // lines 14-15
      }
    }
  }
}

std::int32_t ntt_zeta(int m) { return kZetas[m]; }
const std::int32_t* ntt_zetas() { return kZetas.data(); }

std::int32_t invntt_scale(std::int32_t a) {                         // lines 21-24
  return montgomery_reduce(static_cast<std::int64_t>(kInvNScaled) * a);
}

void ntt(Poly& a) { ntt_layers(a.c, 0, kN / 2); }  // FIPS 204 Algorithm 41, in place

void invntt(Poly& a) {  // FIPS 204 Algorithm 42, in place
  invntt_layers(a.c, 0, kN / 2);
  for (auto& x : a.c) x = invntt_scale(x);
}

}  // namespace sigspace::mldsa
