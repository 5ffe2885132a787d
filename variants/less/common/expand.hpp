// Secret-key expansion and per-round monomials of LESS v2.0 (less-v2.0.md sections 2.2, 3, 5).
#pragma once
#include <cstddef>
#include <cstdint>

#include "less/common/codes.hpp"
#include "less/common/params.hpp"
#include "less/common/ct_sampler.hpp"
#include "less/common/sampler.hpp"

namespace sigspace::less {

// Section 3: X = XOF(sk); G0_seed (lambda), then s-1 monomial seeds (2 lambda each). The
// sponge stays open: sign keeps reading the ephemeral root seed and the blinding seed from it.
template <class P>
struct ExpandedKey {
  typename P::Xof x;
  std::uint8_t g0_seed[P::lambda];
  std::uint8_t mono_seed[P::s - 1][2 * P::lambda];

  explicit ExpandedKey(const std::uint8_t* sk) {
    x.absorb(sk, P::sk_bytes);
    x.finalize();
    x.squeeze(g0_seed, P::lambda);
    for (auto& seed : mono_seed) x.squeeze(seed, 2 * P::lambda);
  }
};

// The section 2.2 monomial sampler: the direct one (the reference's) or, with ConstantTime,
// ct_sample_monomial (Kernel: its swaps through the platform kernel where the build has one);
// on P::Xof, whichever permutation it runs on.
template <bool ConstantTime, class Xof, bool Kernel = false>
void sample_monomial_with(Xof& x, std::uint8_t* coef, std::uint16_t* perm, unsigned n) {
  if constexpr (ConstantTime)
    ct_sample_monomial(x, coef, perm, n, Kernel);
  else
    sample_monomial(x, coef, perm, n);
}

// Section 2.2: the secret monomial j (this is Q_j^-1) from XOF(monomial seed j).
template <class P, bool ConstantTime = false, bool Kernel = false>
void secret_monomial(const std::uint8_t* mono_seed, std::uint8_t* coef, std::uint16_t* perm) {
  typename P::Xof x;
  x.absorb(mono_seed, 2 * P::lambda);
  x.finalize();
  sample_monomial_with<ConstantTime, typename P::Xof, Kernel>(x, coef, perm, P::n);
  x.wipe();
}

// Section 2.2: the ephemeral monomial of round i from XOF(round seed || salt || u16le(i)).
template <class P, bool ConstantTime = false, bool Kernel = false>
void round_monomial(const std::uint8_t* round_seed, const std::uint8_t* salt, unsigned i,
                    std::uint8_t* coef, std::uint16_t* perm) {
  typename P::Xof x;
  const std::uint8_t idx[2] = {static_cast<std::uint8_t>(i), static_cast<std::uint8_t>(i >> 8)};
  x.absorb(round_seed, P::lambda);
  x.absorb(salt, P::salt_bytes);
  x.absorb(idx, 2);
  x.finalize();
  sample_monomial_with<ConstantTime, typename P::Xof, Kernel>(x, coef, perm, P::n);
  x.wipe();
}

// Section 3: V of G0 = [I | V] from XOF(G0_seed).
template <class P>
void expand_g0(const std::uint8_t* g0_seed, std::uint8_t* v) {
  typename P::Xof x;
  x.absorb(g0_seed, P::lambda);
  x.finalize();
  g0_sample_v(x, v, P::k, P::m);
}
}  // namespace sigspace::less
