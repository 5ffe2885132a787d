// Secret-key expansion and per-round monomials of LESS v2.0 (less-v2.0.md sections 2.2, 3, 5).
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "less/common/codes.hpp"
#include "less/common/params.hpp"
#include "less/common/ct_sampler.hpp"
#include "less/common/sampler.hpp"
#include "sigspace/ct.hpp"

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
  // Signing's view (KeyOnDemand has the same): section 5 step 3's two seeds, secret seed j.
  void draw_ephemeral(std::uint8_t* root, std::uint8_t* cf_seed) {
    x.squeeze(root, P::lambda);
    x.squeeze(cf_seed, P::lambda);
  }
  const std::uint8_t* secret_seed(unsigned j) const { return mono_seed[j]; }
  void wipe() {
    x.wipe();
    ct::wipe(this, sizeof *this);
  }
};

// Section 3's expansion of sk, one field at a time: G0_seed into g0_seed (when not null), the
// first `seeds` monomial seeds into mono_seed (2 lambda bytes: the last one stays there; it
// also takes G0_seed when that is not wanted), then, when root is not null, section 5 step 3's
// root and blinding seeds (lambda bytes each) into root and cf_seed.
template <class P>
[[gnu::noinline]] void expand_key_seeds(const std::uint8_t* sk, unsigned seeds, std::uint8_t* g0_seed,
                                        std::uint8_t* mono_seed, std::uint8_t* root = nullptr,
                                        std::uint8_t* cf_seed = nullptr) {
  typename P::Xof x;
  x.absorb(sk, P::sk_bytes);
  x.finalize();
  x.squeeze(g0_seed != nullptr ? g0_seed : mono_seed, P::lambda);
  for (unsigned i = 0; i < seeds; ++i) x.squeeze(mono_seed, 2 * P::lambda);
  if (root != nullptr) {
    x.squeeze(root, P::lambda);
    x.squeeze(cf_seed, P::lambda);
  }
  x.wipe();
}

// The secret key's seeds without the sponge or the s - 1 monomial seeds (seeds-on-demand):
// each is expanded again from the retained key when it is read.
template <class P>
class KeyOnDemand {
 public:
  std::uint8_t g0_seed[P::lambda];
  explicit KeyOnDemand(const std::uint8_t* sk) : sk_(sk) { expand_key_seeds<P>(sk, 0, g0_seed, seed_); }
  void draw_ephemeral(std::uint8_t* root, std::uint8_t* cf_seed) {
    expand_key_seeds<P>(sk_, P::s - 1, nullptr, seed_, root, cf_seed);
  }
  const std::uint8_t* secret_seed(unsigned j) {
    expand_key_seeds<P>(sk_, j + 1, nullptr, seed_);
    return seed_;
  }
  void wipe() { ct::wipe(this, sizeof *this); }

 private:
  const std::uint8_t* sk_;
  std::uint8_t seed_[2 * P::lambda];
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
