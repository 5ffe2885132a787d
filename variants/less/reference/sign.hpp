// LESS v2.0 signing, reference operating point (less-v2.0.md section 5). Memory as the official
// reference: V of G0, two materialised k x n matrices, the pivot source columns of every round
// (pi_tilde, 2kt bytes), the seed tree and a copy of its leaves, then the canonical-form chain.
#pragma once
#include <cstring>

#include "less/common/canonical.hpp"
#include "less/common/challenge.hpp"
#include "less/common/codes.hpp"
#include "less/common/expand.hpp"
#include "less/common/seedtree.hpp"
#include "sigspace/ct.hpp"
#include "sigspace/variant.hpp"

namespace sigspace::less::reference {

// Section 5 step 10: the response bitmap of a challenged round has bit x set iff the secret
// monomial Qinv maps x onto one of the round's pivot source columns. Masked O(n*k) scan.
template <class P>
void response_bitmap(const std::uint16_t* qinv_perm, const std::uint16_t* pi, std::uint8_t* out) {
  std::memset(out, 0, P::n8);
  for (unsigned x = 0; x < P::n; ++x) {
    std::uint32_t hit = 0;
    for (unsigned l = 0; l < P::k; ++l) hit |= ct::eq_mask(qinv_perm[x], pi[l]);
    out[x / 8] = static_cast<std::uint8_t>(out[x / 8] | ((hit & 1u) << (x % 8)));
  }
}

template <class P>
Status sign(const std::uint8_t* state, const MessageInput& msg, const std::uint8_t* salt,
            std::uint8_t* sig, std::size_t* sig_len, Arena&) {
  constexpr unsigned n = P::n, k = P::k, m = P::m, t = P::t, lambda = P::lambda;
  ExpandedKey<P> key(state);
  std::uint8_t nodes[P::tree_nodes * lambda], cf_seed[lambda];
  key.x.squeeze(nodes, lambda);  // step 3: the ephemeral root seed, then the blinding seed
  key.x.squeeze(cf_seed, lambda);
  typename P::Xof blinding;
  blinding.absorb(cf_seed, lambda);
  blinding.finalize();

  std::uint8_t round_seeds[t * lambda];
  seedtree_build<P>(nodes, salt);  // step 4
  seedtree_leaves(P::tree(), nodes, lambda, round_seeds);

  std::uint8_t v[k * m], tr[n * k], g[k * n], a[k * m], coef[n], pivots[n];
  std::uint16_t perm[n], keys[n], pi_tilde[t][k];
  expand_g0<P>(key.g0_seed, v);  // step 5
  typename P::Hash h;
  for (unsigned i = 0; i < t; ++i) {  // step 6
    for (;;) {
      round_monomial<P>(round_seeds + i * lambda, salt, i, coef, perm);
      g0_monomial_transposed(v, k, n, coef, perm, tr, keys);
      transpose(tr, n, k, g);
      rref(g, k, n, pivots);  // cannot fail: G0 * mu has full rank
      unsigned l = 0;
      for (unsigned c = 0; c < n; ++c)  // pivot set: data-dependent as documented in rref()
        if (pivots[c]) pi_tilde[i][l++] = static_cast<std::uint16_t>(ct_find_u16(perm, n, c));
      non_pivot_columns(g, k, n, pivots, a);
      // tr and g are dead until the next round: the blinding and the canonical form borrow tr.
      static_assert(sizeof tr >= cf_borrowed_bytes(k, m) && sizeof tr >= sizeof a);
      blind<k, m>(a, blinding, tr);
      if (canonical_form<k, m>(a, tr)) break;
      // Negligible: retry with the round seed's first byte + 1 (the verifier is not told).
      round_seeds[i * lambda] = static_cast<std::uint8_t>(round_seeds[i * lambda] + 1);
    }
    h.absorb(a, k * m);
  }
  h.absorb(msg.message);  // step 7
  h.absorb(salt, P::salt_bytes);
  h.finalize();
  std::uint8_t* digest = sig;
  h.squeeze(digest, P::digest_bytes);
  std::memcpy(sig + P::digest_bytes, salt, P::salt_bytes);

  std::uint8_t chall[t], labels[P::tree_nodes];
  sample_challenge<P>(digest, chall);  // step 8
  seedtree_label(P::tree(), chall, labels);  // step 9: unchallenged leaves are revealed
  std::uint8_t* resp = sig + P::digest_bytes + P::salt_bytes;
  for (unsigned i = 0; i < t; ++i) {  // step 10, rounds in increasing order (public challenge)
    if (chall[i] == 0) continue;
    secret_monomial<P>(key.mono_seed[chall[i] - 1], coef, perm);
    response_bitmap<P>(perm, pi_tilde[i], resp);
    resp += P::n8;
  }
  const unsigned count = seedtree_path(P::tree(), nodes, labels, lambda, resp);  // step 11
  resp[std::size_t{count} * lambda] = static_cast<std::uint8_t>(count);
  *sig_len = P::sig_fixed_bytes + std::size_t{count} * lambda;

  key.x.wipe(), blinding.wipe();
  ct::wipe(&key, sizeof key), ct::wipe(nodes, sizeof nodes), ct::wipe(cf_seed, sizeof cf_seed);
  ct::wipe(round_seeds, sizeof round_seeds), ct::wipe(tr, sizeof tr), ct::wipe(g, sizeof g);
  ct::wipe(coef, sizeof coef), ct::wipe(perm, sizeof perm), ct::wipe(pi_tilde, sizeof pi_tilde);
  return Status::ok;
}

}  // namespace sigspace::less::reference
