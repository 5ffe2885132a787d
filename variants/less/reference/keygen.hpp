// LESS v2.0 key generation, reference operating point (less-v2.0.md section 4), as the official
// v2.0.0 reference LESS_keygen: V of G0, G0 = [I | V] and the product G0 * Q_j materialised as
// k x n matrices, Q_j^-1 and Q_j, all on the stack. Not constant-time (direct permutation, RREF
// with branches on the data), like the official reference.
#pragma once
#include <cstring>

#include "less/common/codes.hpp"
#include "less/common/expand.hpp"
#include "less/common/rref.hpp"
#include "sigspace/ct.hpp"
#include "sigspace/variant.hpp"

namespace sigspace::less::reference {

template <class P>
Status keygen(const std::uint8_t* seed, std::uint8_t* pk, std::uint8_t* sk, Arena&) {
  constexpr unsigned n = P::n, k = P::k;
  std::memcpy(sk, seed, P::sk_bytes);  // sk is the 2-lambda-byte seed itself (section 3)
  ExpandedKey<P> key(sk);
  std::memcpy(pk, key.g0_seed, P::lambda);
  std::uint8_t v[k * P::m], g0[k * n], g[k * n], coef_qinv[n], coef_q[n], pivots[n];
  std::uint16_t perm_qinv[n], perm_q[n];
  expand_g0<P>(key.g0_seed, v);
  g0_expand(v, k, n, g0);
  for (unsigned j = 0; j + 1 < P::s; ++j) {
    // The sampled monomial is Q_j^-1; the public code is RREF(G0 * Q_j) (section 4 step 4).
    secret_monomial<P>(key.mono_seed[j], coef_qinv, perm_qinv);
    monomial_invert(coef_qinv, perm_qinv, n, coef_q, perm_q);
    monomial_apply<k, n>(g0, coef_q, perm_q, g);
    rref<k, n>(g, pivots);  // cannot fail: G0 * Q_j has the rank of G0
    pack_rref(g, k, n, pivots, pk + P::lambda + j * P::rref_bytes);
  }
  key.x.wipe();
  ct::wipe(&key, sizeof key), ct::wipe(coef_qinv, sizeof coef_qinv);
  ct::wipe(coef_q, sizeof coef_q), ct::wipe(perm_qinv, sizeof perm_qinv);
  ct::wipe(perm_q, sizeof perm_q), ct::wipe(g, sizeof g);
  return Status::ok;
}

template <class P>
Status load_signing_key(Bytes sk, std::uint8_t* state, Arena&) {
  std::memcpy(state, sk.data(), P::sk_bytes);  // the retained state is the compressed sk
  return Status::ok;
}

}  // namespace sigspace::less::reference
