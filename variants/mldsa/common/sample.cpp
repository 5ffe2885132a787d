#include "sample.hpp"

#include "pack.hpp"
#include "sigspace/ct.hpp"
#include "sigspace/keccak.hpp"

namespace sigspace::mldsa {

void rej_ntt_poly(Poly& a, const std::uint8_t rho[32], std::uint8_t s, std::uint8_t r) {
  // Algorithm 30. The rejections depend only on the public seed rho, so branching is fine.
  Shake128 g;                                      // line 2
  g.absorb(rho, 32);                               // line 3 (with Algorithm 32, line 3)
  const std::uint8_t idx[2] = {s, r};
  g.absorb(idx, 2);
  g.finalize();
  std::uint8_t buf[168];                           // one SHAKE128 block = 56 three-byte groups
  int j = 0;                                       // line 1
  while (j < kN) {                                 // line 4
    g.squeeze(buf, sizeof buf);                    // line 5, a block at a time
    for (std::size_t i = 0; i + 3 <= sizeof buf && j < kN; i += 3) {
      // Algorithm 14 (CoeffFromThreeBytes): lines 1-4 clear the top bit of b2, line 5.
      const std::uint32_t z = buf[i] | std::uint32_t{buf[i + 1]} << 8 |
                              std::uint32_t{buf[i + 2] & 0x7Fu} << 16;
      if (z < static_cast<std::uint32_t>(kQ)) a.c[j++] = static_cast<std::int32_t>(z);  // lines 6-9
    }
  }
}

namespace {

// Algorithm 15 (CoeffFromHalfByte) without the rejection: the value for an accepted nibble b.
// b mod 5 is computed as b - 5 * floor(205 b / 1024), exact for b < 15, so no division runs
// on secret data.
template <int Eta>
std::int32_t coeff_from_half_byte(std::uint32_t b) {
  if constexpr (Eta == 2) {
    const std::uint32_t mod5 = b - 5 * ((205 * b) >> 10);
    return 2 - static_cast<std::int32_t>(mod5);   // line 1
  } else {
    return 4 - static_cast<std::int32_t>(b);      // line 3
  }
}
constexpr std::uint32_t half_byte_limit(int eta) { return eta == 2 ? 15 : 9; }

}  // namespace

template <int Eta>
void rej_bounded_poly(Poly& a, const std::uint8_t rho[64], std::uint16_t r) {
  // Algorithm 31. Which nibbles are rejected depends on the secret seed; as in the FIPS 204
  // pseudocode and the reference implementations, the rejection itself branches. It reveals
  // only positions of discarded nibbles, which are independent of the accepted values.
  static_assert(Eta == 2 || Eta == 4);
  constexpr std::uint32_t limit = half_byte_limit(Eta);
  Shake256 h;                                      // line 2
  h.absorb(rho, 64);                               // line 3
  const std::uint8_t idx[2] = {static_cast<std::uint8_t>(r), static_cast<std::uint8_t>(r >> 8)};
  h.absorb(idx, 2);
  h.finalize();
  std::uint8_t buf[136];
  int j = 0;                                       // line 1
  while (j < kN) {                                 // line 4
    h.squeeze(buf, sizeof buf);                    // line 5, a block at a time
    for (std::size_t i = 0; i < sizeof buf && j < kN; ++i) {
      const std::uint32_t z0 = buf[i] & 15u, z1 = buf[i] >> 4;  // lines 6-7
      if (z0 < limit) a.c[j++] = coeff_from_half_byte<Eta>(z0);  // lines 8-11
      if (z1 < limit && j < kN) a.c[j++] = coeff_from_half_byte<Eta>(z1);  // lines 12-15
    }
  }
  wipe_all(buf);
  h.wipe();
}
template void rej_bounded_poly<2>(Poly&, const std::uint8_t*, std::uint16_t);
template void rej_bounded_poly<4>(Poly&, const std::uint8_t*, std::uint16_t);

template <std::int32_t Gamma1>
void expand_mask_poly(Poly& y, const std::uint8_t rho[64], std::uint16_t kappa) {
  constexpr int c = 1 + bitlen(Gamma1 - 1);       // Algorithm 34, line 1
  std::uint8_t v[32 * c];
  Shake256 h;
  h.absorb(rho, 64);                               // line 3
  const std::uint8_t idx[2] = {static_cast<std::uint8_t>(kappa),
                               static_cast<std::uint8_t>(kappa >> 8)};
  h.absorb(idx, 2);
  h.finalize();
  h.squeeze(v, sizeof v);                          // line 4
  bit_unpack(y, v, Gamma1, c);                     // line 5
  wipe_all(v);
  h.wipe();
}
template void expand_mask_poly<(1 << 17)>(Poly&, const std::uint8_t*, std::uint16_t);
template void expand_mask_poly<(1 << 19)>(Poly&, const std::uint8_t*, std::uint16_t);

}  // namespace sigspace::mldsa
