// LESS v2.0 key generation, reference operating point (less-v2.0.md section 4). Memory as the
// official reference: V of G0, two materialised k x n matrices, the monomials, all on the stack.
#pragma once
#include <cstring>

#include "less/common/codes.hpp"
#include "less/common/expand.hpp"
#include "sigspace/ct.hpp"
#include "sigspace/variant.hpp"

namespace sigspace::less::reference {

template <class P>
Status keygen(const std::uint8_t* seed, std::uint8_t* pk, std::uint8_t* sk, Arena&) {
  constexpr unsigned n = P::n, k = P::k;
  std::memcpy(sk, seed, P::sk_bytes);  // sk is the 2-lambda-byte seed itself (section 3)
  ExpandedKey<P> key(sk);
  std::memcpy(pk, key.g0_seed, P::lambda);
  std::uint8_t v[k * P::m], t[n * k], g[k * n], coef[n], coef_q[n], pivots[n];
  std::uint16_t perm[n], perm_q[n], keys[n];
  expand_g0<P>(key.g0_seed, v);
  for (unsigned j = 0; j + 1 < P::s; ++j) {
    // The sampled monomial is Q_j^-1; the public code is RREF(G0 * Q_j).
    secret_monomial<P>(key.mono_seed[j], coef, perm);
    monomial_inverse(coef, perm, n, coef_q, perm_q);
    g0_monomial_transposed(v, k, n, coef_q, perm_q, t, keys);
    transpose(t, n, k, g);
    rref(g, k, n, pivots);  // cannot fail: G0 * Q_j has the rank of G0
    pack_rref(g, k, n, pivots, pk + P::lambda + j * P::rref_bytes);
  }
  key.x.wipe();
  ct::wipe(&key, sizeof key);
  ct::wipe(t, sizeof t), ct::wipe(coef, sizeof coef), ct::wipe(coef_q, sizeof coef_q);
  ct::wipe(perm, sizeof perm), ct::wipe(perm_q, sizeof perm_q), ct::wipe(keys, sizeof keys);
  return Status::ok;
}

template <class P>
Status load_signing_key(Bytes sk, std::uint8_t* state, Arena&) {
  std::memcpy(state, sk.data(), P::sk_bytes);  // the retained state is the compressed sk
  return Status::ok;
}

}  // namespace sigspace::less::reference
