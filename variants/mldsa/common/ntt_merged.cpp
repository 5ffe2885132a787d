// Merged-layer NTT: each pass runs three butterfly layers on eight coefficients held in locals
// (two layers on four in the passes at the ends), so the compiler keeps them in registers.
#include "mldsa/common/ntt_merged.hpp"

#include <array>

namespace sigspace::mldsa {
namespace {

constexpr std::int64_t kMont = (std::int64_t{1} << 32) % kQ;

constexpr std::int64_t pow_mod(std::int64_t b, std::int64_t e) {
  std::int64_t r = 1;
  for (b %= kQ; e > 0; e >>= 1, b = b * b % kQ)
    if (e & 1) r = r * b % kQ;
  return r;
}

constexpr std::int32_t to_centered(std::int64_t x) {
  x %= kQ;
  if (x < 0) x += kQ;
  return static_cast<std::int32_t>(x > kQ / 2 ? x - kQ : x);
}

// zeta^BitRev8(m) * 2^32 mod q (FIPS 204 Appendix B in the Montgomery domain).
constexpr std::array<std::int32_t, kN> kZ = [] {
  std::array<std::int32_t, kN> z{};
  for (int m = 0; m < kN; ++m) {
    int rev = 0;
    for (int b = 0; b < 8; ++b) rev |= ((m >> b) & 1) << (7 - b);
    z[m] = to_centered(pow_mod(1753, rev) * kMont);
  }
  return z;
}();

// 256^-1 * 2^64 (one 2^32 for this product, one for the caller's pointwise product), and the
// same times -zeta^BitRev8(1) * 2^-32 so the last layer's difference takes both in one product.
constexpr std::int64_t kF = to_centered(8347681 * kMont % kQ * kMont);
constexpr std::int64_t kInvQ = pow_mod(kMont, kQ - 2);  // 2^-32 mod q
constexpr std::int32_t kFZ = to_centered((kQ - kZ[1]) % kQ * kF % kQ * kInvQ);

inline std::int32_t mul(std::int64_t z, std::int32_t a) { return montgomery_reduce(z * a); }

// Cooley-Tukey butterfly of Algorithm 41, lines 12-14.
inline void ct(std::int32_t& a, std::int32_t& b, std::int32_t z) {
  const std::int32_t t = mul(z, b);
  b = a - t;
  a = a + t;
}
// Gentleman-Sande butterfly of Algorithm 42, lines 12-15 (zn is -zeta).
inline void gs(std::int32_t& a, std::int32_t& b, std::int32_t zn) {
  const std::int32_t t = a;
  a = t + b;
  b = mul(zn, t - b);
}

// Three forward layers on x[0..7] at stride s: zetas z[m], z[2m..2m+1], z[4m..4m+3].
inline void fwd3(std::int32_t* p, int s, int m) {
  std::int32_t x0 = p[0], x1 = p[s], x2 = p[2 * s], x3 = p[3 * s];
  std::int32_t x4 = p[4 * s], x5 = p[5 * s], x6 = p[6 * s], x7 = p[7 * s];
  ct(x0, x4, kZ[m]), ct(x1, x5, kZ[m]), ct(x2, x6, kZ[m]), ct(x3, x7, kZ[m]);
  ct(x0, x2, kZ[2 * m]), ct(x1, x3, kZ[2 * m]);
  ct(x4, x6, kZ[2 * m + 1]), ct(x5, x7, kZ[2 * m + 1]);
  ct(x0, x1, kZ[4 * m]), ct(x2, x3, kZ[4 * m + 1]);
  ct(x4, x5, kZ[4 * m + 2]), ct(x6, x7, kZ[4 * m + 3]);
  p[0] = x0, p[s] = x1, p[2 * s] = x2, p[3 * s] = x3;
  p[4 * s] = x4, p[5 * s] = x5, p[6 * s] = x6, p[7 * s] = x7;
}

// Three inverse layers on x[0..7] at stride s; m is the zeta index of the widest layer, whose
// inputs come from blocks 2m..2m+1 and 4m..4m+3 of the narrower ones.
inline void inv3(std::int32_t* p, int s, int m) {
  std::int32_t x0 = p[0], x1 = p[s], x2 = p[2 * s], x3 = p[3 * s];
  std::int32_t x4 = p[4 * s], x5 = p[5 * s], x6 = p[6 * s], x7 = p[7 * s];
  gs(x0, x1, -kZ[4 * m + 3]), gs(x2, x3, -kZ[4 * m + 2]);
  gs(x4, x5, -kZ[4 * m + 1]), gs(x6, x7, -kZ[4 * m]);
  gs(x0, x2, -kZ[2 * m + 1]), gs(x1, x3, -kZ[2 * m + 1]);
  gs(x4, x6, -kZ[2 * m]), gs(x5, x7, -kZ[2 * m]);
  if (m == 1) {  // last layer, with the scaling of Algorithm 42, lines 21-24 folded in
    const std::int32_t a[4] = {x0, x1, x2, x3}, b[4] = {x4, x5, x6, x7};
    for (int i = 0; i < 4; ++i) {
      p[i * s] = mul(kF, a[i] + b[i]);
      p[(i + 4) * s] = mul(kFZ, a[i] - b[i]);
    }
    return;
  }
  gs(x0, x4, -kZ[m]), gs(x1, x5, -kZ[m]), gs(x2, x6, -kZ[m]), gs(x3, x7, -kZ[m]);
  p[0] = x0, p[s] = x1, p[2 * s] = x2, p[3 * s] = x3;
  p[4 * s] = x4, p[5 * s] = x5, p[6 * s] = x6, p[7 * s] = x7;
}

}  // namespace

void ntt_merged(Poly& a) {  // FIPS 204 Algorithm 41, layers len = 128..32, 16..4, 2..1
  for (int j = 0; j < 32; ++j) fwd3(a.c + j, 32, 1);
  for (int b = 0; b < 8; ++b)
    for (int j = 0; j < 4; ++j) fwd3(a.c + 32 * b + j, 4, 8 + b);
  for (int b = 0; b < 64; ++b) {
    std::int32_t* p = a.c + 4 * b;
    std::int32_t x0 = p[0], x1 = p[1], x2 = p[2], x3 = p[3];
    ct(x0, x2, kZ[64 + b]), ct(x1, x3, kZ[64 + b]);
    ct(x0, x1, kZ[128 + 2 * b]), ct(x2, x3, kZ[129 + 2 * b]);
    p[0] = x0, p[1] = x1, p[2] = x2, p[3] = x3;
  }
}

void invntt_merged(Poly& a) {  // FIPS 204 Algorithm 42, layers len = 1..2, 4..16, 32..128
  for (int b = 0; b < 64; ++b) {
    std::int32_t* p = a.c + 4 * b;
    std::int32_t x0 = p[0], x1 = p[1], x2 = p[2], x3 = p[3];
    gs(x0, x1, -kZ[255 - 2 * b]), gs(x2, x3, -kZ[254 - 2 * b]);
    gs(x0, x2, -kZ[127 - b]), gs(x1, x3, -kZ[127 - b]);
    p[0] = x0, p[1] = x1, p[2] = x2, p[3] = x3;
  }
  for (int b = 0; b < 8; ++b)
    for (int j = 0; j < 4; ++j) inv3(a.c + 32 * b + j, 4, 15 - b);
  for (int j = 0; j < 32; ++j) inv3(a.c + j, 32, 1);
}

void row_times_lazy(Poly& w, const Poly* a, const Poly* v, int n) {
  for (int i = 0; i < kN; ++i) {
    std::int64_t acc = 0;
    for (int j = 0; j < n; ++j) acc += static_cast<std::int64_t>(a[j].c[i]) * v[j].c[i];
    w.c[i] = montgomery_reduce(acc);
  }
}

}  // namespace sigspace::mldsa
