// LESS v2.0 key generation for the speed ceiling (less-v2.0.md section 4), constant-time: the
// secret monomials are sampled, inverted and applied without secret-indexed moves (the ct_*
// kernels), and the RREF searches its pivots with masks. Its one branch is on the pivot set,
// which the public key publishes (D11). Key generation is not what this point optimises.
#pragma once
#include <cstring>

#include "less/common/codes.hpp"
#include "less/common/ct_codes.hpp"
#include "less/common/expand.hpp"
#include "less/speed_ceiling/rounds.hpp"
#include "sigspace/variant.hpp"

namespace sigspace::less::speed_ceiling {

template <class P>
struct KeygenFrame {
  std::uint8_t v[P::k * P::m], gt[P::n * P::k], g[P::k * P::n], coef_qinv[P::n], coef_q[P::n];
  std::uint8_t pivots[P::n];
  std::uint16_t perm_qinv[P::n], perm_q[P::n], keys[P::n];
};

template <class P>
Status keygen(const std::uint8_t* seed, std::uint8_t* pk, std::uint8_t* sk) {
  constexpr unsigned n = P::n, k = P::k;
  std::memcpy(sk, seed, P::sk_bytes);  // sk is the 2-lambda-byte seed itself (section 3)
  ExpandedKey<P> key(sk);
  SIGSPACE_CT_DECLASSIFY(key.g0_seed, P::lambda);  // published as pk's first field (D7)
  std::memcpy(pk, key.g0_seed, P::lambda);
  KeygenFrame<P> f;
  expand_g0<P>(key.g0_seed, f.v);
  for (unsigned j = 0; j + 1 < P::s; ++j) {
    // The sampled monomial is Q_j^-1; the public code is RREF(G0 * Q_j) (section 4 step 4).
    ct_secret_monomial<P>(key.mono_seed[j], f.coef_qinv, f.perm_qinv);
    ct_monomial_inverse(f.coef_qinv, f.perm_qinv, n, f.coef_q, f.perm_q);
    ct_g0_monomial_transposed(f.v, k, n, f.coef_q, f.perm_q, f.gt, f.keys);
    transpose(f.gt, n, k, f.g);
    ct_rref(f.g, k, n, f.pivots);  // cannot fail: G0 * Q_j has the rank of G0
    pack_rref(f.g, k, n, f.pivots, pk + P::lambda + j * P::rref_bytes);
  }
  key.x.wipe();
  ct::wipe(&key, sizeof key), ct::wipe(&f, sizeof f);
  return Status::ok;
}

}  // namespace sigspace::less::speed_ceiling
