// LESS v2.0 signing, reference operating point (less-v2.0.md section 5), as the official v2.0.0
// reference LESS_sign: V of G0, G0 = [I | V] and G0 * mu as k x n matrices, the pivot source
// columns of every round (pi_tilde, 2kt bytes), the seed tree and a copy of its leaves, then the
// canonical-form chain. Like the official reference it is NOT constant-time: the ephemeral and
// secret monomials are applied by secret-indexed moves, the RREF searches its pivots with
// branches and reuses at most P::sign_pivot_reuse_limit former unit columns (the official cap,
// which fixes the amount of work except with probability below 2^-64), and the response is
// built by direct lookups. The constant-time kernels are ct_*.hpp in less/common.
#pragma once
#include <cstring>

#include "less/common/canonical.hpp"
#include "less/common/challenge.hpp"
#include "less/common/codes.hpp"
#include "less/common/digest.hpp"
#include "less/common/expand.hpp"
#include "less/common/rref.hpp"
#include "less/common/seedtree.hpp"
#include "sigspace/ct.hpp"
#include "sigspace/variant.hpp"

namespace sigspace::less::reference {

// Section 5 step 10 (monomial_compose_action, CosetRep): bit x of the response is set iff the
// secret monomial Qinv maps x onto one of the round's pivot source columns. pos_of is n words.
template <class P>
void response_bitmap(const std::uint16_t* qinv_perm, const std::uint16_t* pi, std::uint16_t* pos_of,
                     std::uint8_t* out) {
  for (unsigned x = 0; x < P::n; ++x) pos_of[qinv_perm[x]] = static_cast<std::uint16_t>(x);
  std::memset(out, 0, P::n8);
  for (unsigned l = 0; l < P::k; ++l) {
    const unsigned x = pos_of[pi[l]];
    out[x / 8] = static_cast<std::uint8_t>(out[x / 8] | (1u << (x % 8)));
  }
}

// Section 5 step 6: pi_tilde[l] = the source column j of G0 with mu.perm[j] = c, for the l-th
// pivot column c (the reference's linear search).
template <class P>
void pivot_sources(const std::uint16_t* perm, const std::uint8_t* pivots, std::uint16_t* pi) {
  unsigned l = 0;
  for (unsigned c = 0; c < P::n; ++c) {
    if (!pivots[c]) continue;
    unsigned j = 0;
    while (perm[j] != c) ++j;
    pi[l++] = static_cast<std::uint16_t>(j);
  }
}

// Which columns of G0 * mu were unit columns of G0 = [I | V] (the first k), for pivot reuse.
template <class P>
void permuted_unit_columns(const std::uint16_t* perm, std::uint8_t* flags) {
  for (unsigned j = 0; j < P::n; ++j) flags[perm[j]] = j < P::k ? 1 : 0;
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

  std::uint8_t v[k * m], g0[k * n], g[k * n], a[k * m], coef[n], pivots[n], unit_cols[n];
  std::uint16_t perm[n], pi_tilde[t][k];
  expand_g0<P>(key.g0_seed, v);  // step 5
  g0_expand(v, k, n, g0);
  typename P::Hash h;
  for (unsigned i = 0; i < t; ++i) {  // step 6
    for (;;) {
      round_monomial<P>(round_seeds + i * lambda, salt, i, coef, perm);
      monomial_apply<k, n>(g0, coef, perm, g);
      permuted_unit_columns<P>(perm, unit_cols);
      // Cannot fail: G0 * mu has full rank, and skipping eliminations keeps the rank.
      rref_pivot_reuse<k, n>(g, pivots, unit_cols, P::sign_pivot_reuse_limit);
      non_pivot_columns(g, k, n, pivots, a);
      pivot_sources<P>(perm, pivots, pi_tilde[i]);
      // g is dead until the next round: the blinding and the canonical form borrow it (the
      // reference keeps these two k x m matrices static).
      static_assert(sizeof g >= sizeof a);
      blind<k, m>(a, blinding, g);
      if (canonical_form<k, m>(a, g)) break;
      // Negligible: retry with the round seed's first byte + 1 (the verifier is not told).
      round_seeds[i * lambda] = static_cast<std::uint8_t>(round_seeds[i * lambda] + 1);
    }
    h.absorb(a, k * m);
  }
  std::uint8_t* digest = sig;
  finish_digest<P>(h, msg.message, salt, digest);  // step 7
  std::memcpy(sig + P::digest_bytes, salt, P::salt_bytes);

  std::uint8_t chall[t], labels[P::tree_nodes];
  std::uint16_t pos_of[n];  // the reference's reverse_Q
  sample_challenge<P>(digest, chall);  // step 8
  seedtree_label(P::tree(), chall, labels);  // step 9: unchallenged leaves are revealed
  std::uint8_t* resp = sig + P::digest_bytes + P::salt_bytes;
  for (unsigned i = 0; i < t; ++i) {  // step 10, rounds in increasing order (public challenge)
    if (chall[i] == 0) continue;
    secret_monomial<P>(key.mono_seed[chall[i] - 1], coef, perm);
    response_bitmap<P>(perm, pi_tilde[i], pos_of, resp);
    resp += P::n8;
  }
  const unsigned count = seedtree_path(P::tree(), nodes, labels, lambda, resp);  // step 11
  resp[std::size_t{count} * lambda] = static_cast<std::uint8_t>(count);
  *sig_len = P::sig_fixed_bytes + std::size_t{count} * lambda;

  key.x.wipe(), blinding.wipe();
  ct::wipe(&key, sizeof key), ct::wipe(nodes, sizeof nodes), ct::wipe(cf_seed, sizeof cf_seed);
  ct::wipe(round_seeds, sizeof round_seeds), ct::wipe(g, sizeof g);
  ct::wipe(coef, sizeof coef), ct::wipe(perm, sizeof perm), ct::wipe(pi_tilde, sizeof pi_tilde);
  ct::wipe(pos_of, sizeof pos_of), ct::wipe(a, sizeof a);
  ct::wipe(pivots, sizeof pivots), ct::wipe(unit_cols, sizeof unit_cols);  // from the round's mu
  return Status::ok;
}

}  // namespace sigspace::less::reference
