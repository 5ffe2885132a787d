#include "mldsa/common/sample.hpp"

#include "mldsa/common/pack.hpp"

namespace sigspace::mldsa {

template <KeccakPermutation F, bool Words>
void rej_ntt_poly(Poly& a, const std::uint8_t rho[32], std::uint8_t s, std::uint8_t r) {
  const auto store = [&a](int j, std::uint32_t z) { a.c[j] = static_cast<std::int32_t>(z); };
  if constexpr (Words) rej_ntt_sample_words<BufferedXof<BasicShake128<F>>>(rho, s, r, store);
  else rej_ntt_sample<BufferedXof<BasicShake128<F>>>(rho, s, r, store);
}

template <int Eta>
void rej_bounded_poly(Poly& a, const std::uint8_t rho[64], std::uint16_t r) {
  rej_bounded_sample<Eta, BufferedXof<Shake256>>(rho, r, [&a](int j, std::uint32_t field) {
    a.c[j] = Eta - static_cast<std::int32_t>(field);     // Algorithm 15, lines 1, 3
  });
}
template void rej_bounded_poly<2>(Poly&, const std::uint8_t*, std::uint16_t);
template void rej_bounded_poly<4>(Poly&, const std::uint8_t*, std::uint16_t);

template <std::int32_t Gamma1, KeccakPermutation F>
void expand_mask_poly(Poly& y, const std::uint8_t rho[64], std::uint16_t kappa) {
  constexpr int c = 1 + bitlen(Gamma1 - 1);              // Algorithm 34, line 1
  std::uint8_t v[32 * c];
  SqueezedXof<BasicShake256<F>> h;
  expand_mask_bytes<Gamma1>(h, v, rho, kappa);           // lines 3-4
  bit_unpack(y, v, Gamma1, c);                           // line 5
  wipe_all(v);
}
// The permutations of the points that use these: the reference's, and the kernel of the
// keccak-kernel technique where the build has one.
#define SIGSPACE_SAMPLERS_ON(F)                                                              \
  template void rej_ntt_poly<F, false>(Poly&, const std::uint8_t*, std::uint8_t, std::uint8_t); \
  template void rej_ntt_poly<F, true>(Poly&, const std::uint8_t*, std::uint8_t, std::uint8_t);  \
  template void expand_mask_poly<(1 << 17), F>(Poly&, const std::uint8_t*, std::uint16_t);   \
  template void expand_mask_poly<(1 << 19), F>(Poly&, const std::uint8_t*, std::uint16_t);
SIGSPACE_SAMPLERS_ON(&keccak_f1600)
#if defined(SIGSPACE_HAVE_KECCAK_F1600_ARMV7M)
SIGSPACE_SAMPLERS_ON(&keccak_f1600_armv7m)
SIGSPACE_SAMPLERS_ON(&keccak_f1600_armv7m_frames)
#endif
#undef SIGSPACE_SAMPLERS_ON

}  // namespace sigspace::mldsa
