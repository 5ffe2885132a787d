// LESS v2.0 verification, reference operating point (less-v2.0.md section 9), as the official
// v2.0.0 reference LESS_verify: V of G0, three materialised k x n matrices (G0 = [I | V], the
// expanded public code, the working matrix), the seed tree and its leaves, the canonical form.
// The RREF reuses former unit columns without a cap (P::verify_pivot_reuse_limit = k).
// Everything here is public, so the code may branch on it.
#pragma once
#include <cstring>

#include "less/common/canonical.hpp"
#include "less/common/challenge.hpp"
#include "less/common/codes.hpp"
#include "less/common/digest.hpp"
#include "less/common/expand.hpp"
#include "less/common/rref.hpp"
#include "less/common/seedtree.hpp"
#include "less/common/signature.hpp"
#include "sigspace/ct.hpp"
#include "sigspace/variant.hpp"

namespace sigspace::less::reference {

// Section 9 step 4: a response selects exactly k of the n columns (padding bits must be 0; the
// reference's CheckCanonicalAction counts all N8 bytes only, which no honest signature tells
// apart, so this stricter check accepts the same valid signatures).
template <class P>
bool response_valid(const std::uint8_t* resp) {
  unsigned weight = 0;
  for (unsigned x = 0; x < 8 * P::n8; ++x) {
    const unsigned b = (resp[x / 8] >> (x % 8)) & 1u;
    if (x >= P::n && b) return false;
    weight += b;
  }
  return weight == P::k;
}

// G'' = the selected columns of G_j (increasing index), then the others (section 9 step 4),
// column by column as apply_cf_action_to_G_with_pivots; unit_out[pos] follows G_j's pivot flags.
template <class P>
void select_columns(const std::uint8_t* gj, const std::uint8_t* resp, const std::uint8_t* gj_pivots,
                    std::uint8_t* out, std::uint8_t* unit_out) {
  unsigned front = 0, back = P::k;
  for (unsigned c = 0; c < P::n; ++c) {
    const unsigned pos = ((resp[c / 8] >> (c % 8)) & 1u) ? front++ : back++;
    unit_out[pos] = gj_pivots[c];
    for (unsigned r = 0; r < P::k; ++r) out[r * P::n + pos] = gj[r * P::n + c];
  }
}

// Which columns of G0 * mu were unit columns of G0 = [I | V] (the first k), for pivot reuse.
template <class P>
void unit_columns_after(const std::uint16_t* perm, std::uint8_t* flags) {
  for (unsigned j = 0; j < P::n; ++j) flags[perm[j]] = j < P::k ? 1 : 0;
}

template <class P>
Status verify(Bytes pk, const MessageInput& msg, Bytes sig, Arena&) {
  constexpr unsigned n = P::n, k = P::k, m = P::m, t = P::t, lambda = P::lambda;
  SignatureFields fields;
  std::uint8_t chall[t], nodes[P::tree_nodes * lambda], round_seeds[t * lambda];
  const Status opened = open_signature<P>(pk, sig, &fields, chall, nodes);  // steps 1-2
  if (opened != Status::ok) return opened;
  const std::uint8_t *digest = fields.digest, *salt = fields.salt, *resp = fields.resp;
  seedtree_leaves(P::tree(), nodes, lambda, round_seeds);

  std::uint8_t v[k * m], g0[k * n], gj[k * n], g[k * n], a[k * m], coef[n], pivots[n];
  std::uint8_t gj_pivots[n], unit_cols[n];
  std::uint16_t perm[n];
  expand_g0<P>(pk.data(), v);  // step 3: pk starts with G0_seed
  g0_expand(v, k, n, g0);
  typename P::Hash h;
  for (unsigned i = 0; i < t; ++i) {  // step 4
    if (chall[i] == 0) {
      round_monomial<P>(round_seeds + i * lambda, salt, i, coef, perm);
      monomial_apply<k, n>(g0, coef, perm, g);
      unit_columns_after<P>(perm, unit_cols);
    } else {
      unpack_rref(pk.data() + lambda + (chall[i] - 1) * P::rref_bytes, k, n, gj, gj_pivots);
      if (!response_valid<P>(resp)) return Status::invalid_signature;
      select_columns<P>(gj, resp, gj_pivots, g, unit_cols);
      resp += P::n8;
    }
    if (!rref_pivot_reuse<k, n>(g, pivots, unit_cols, P::verify_pivot_reuse_limit))
      return Status::invalid_signature;
    non_pivot_columns(g, k, n, pivots, a);
    static_assert(sizeof g >= sizeof a);
    if (!canonical_form<k, m>(a, g)) return Status::invalid_signature;  // borrows the dead g
    h.absorb(a, k * m);
  }
  return check_digest<P>(h, msg.message, salt, digest);  // step 5
}

}  // namespace sigspace::less::reference
