// ML-DSA parameter sets (FIPS 204 Section 4, Table 1) as compile-time types, plus the sizes that
// follow from them (Table 2). Every algorithm template takes one of P44/P65/P87, so each
// operating point is compiled per parameter set with no run-time parameter dispatch.
#pragma once
#include <cstddef>
#include <cstdint>

namespace sigspace::mldsa {

inline constexpr std::int32_t kQ = 8380417;  // 2^23 - 2^13 + 1
inline constexpr int kN = 256;
inline constexpr int kD = 13;                // dropped bits of t (Table 1)
inline constexpr std::size_t kSeedBytes = 32;
inline constexpr std::size_t kRndBytes = 32;
inline constexpr std::size_t kTrBytes = 64;
inline constexpr std::size_t kMuBytes = 64;
inline constexpr std::size_t kPolyT1Bytes = 320;  // 256 coefficients of 10 bits (Alg. 22)
inline constexpr std::size_t kPolyT0Bytes = 416;  // 256 coefficients of 13 bits (Alg. 24)

constexpr int bitlen(std::uint32_t x) {
  int n = 0;
  for (; x != 0; x >>= 1) ++n;
  return n;
}

template <int K, int L, int Eta, int Tau, int Lambda, int Gamma1Log2, int Gamma2Div, int Omega>
struct ParamSet {
  static constexpr int k = K;
  static constexpr int l = L;
  static constexpr int eta = Eta;
  static constexpr int tau = Tau;
  static constexpr int lambda = Lambda;
  static constexpr int omega = Omega;
  static constexpr std::int32_t gamma1 = std::int32_t{1} << Gamma1Log2;
  static constexpr std::int32_t gamma2 = (kQ - 1) / Gamma2Div;
  static constexpr std::int32_t beta = Tau * Eta;

  static constexpr int eta_bits = bitlen(2 * Eta);                 // BitPack(s, eta, eta)
  static constexpr int z_bits = 1 + bitlen(gamma1 - 1);            // BitPack(z, gamma1-1, gamma1)
  static constexpr int w1_bits = bitlen((kQ - 1) / (2 * gamma2) - 1);  // w1Encode (Alg. 28)
  static constexpr std::size_t ctilde_bytes = Lambda / 4;
  static constexpr std::size_t poly_eta_bytes = 32 * eta_bits;
  static constexpr std::size_t poly_z_bytes = 32 * z_bits;
  static constexpr std::size_t poly_w1_bytes = 32 * w1_bits;

  static constexpr std::size_t pk_bytes = 32 + K * kPolyT1Bytes;
  static constexpr std::size_t sk_bytes =
      32 + 32 + kTrBytes + (K + L) * poly_eta_bytes + K * kPolyT0Bytes;
  static constexpr std::size_t sig_bytes = ctilde_bytes + L * poly_z_bytes + Omega + K;
};

using P44 = ParamSet<4, 4, 2, 39, 128, 17, 88, 80>;
using P65 = ParamSet<6, 5, 4, 49, 192, 19, 32, 55>;
using P87 = ParamSet<8, 7, 2, 60, 256, 19, 32, 75>;

// FIPS 204 Table 2.
static_assert(P44::pk_bytes == 1312 && P44::sk_bytes == 2560 && P44::sig_bytes == 2420);
static_assert(P65::pk_bytes == 1952 && P65::sk_bytes == 4032 && P65::sig_bytes == 3309);
static_assert(P87::pk_bytes == 2592 && P87::sk_bytes == 4896 && P87::sig_bytes == 4627);

}  // namespace sigspace::mldsa
