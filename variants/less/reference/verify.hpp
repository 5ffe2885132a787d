// LESS v2.0 verification, reference operating point (less-v2.0.md section 9). Memory as the
// official reference: V of G0, three materialised k x n matrices (the monomial image, the
// expanded public code, the permuted code), the seed tree and its leaves, the canonical form.
// Everything here is public, so the parsing may branch on it.
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

// Section 9 step 4: a response selects exactly k of the n columns (padding bits must be 0).
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

// G'' = the selected columns of G_j (increasing index), then the others (section 9 step 4).
template <class P>
void select_columns(const std::uint8_t* gj, const std::uint8_t* resp, std::uint8_t* out) {
  for (unsigned r = 0; r < P::k; ++r) {
    const std::uint8_t* src = gj + r * P::n;
    std::uint8_t* dst = out + r * P::n;
    unsigned front = 0, back = P::k;
    for (unsigned c = 0; c < P::n; ++c) {
      if ((resp[c / 8] >> (c % 8)) & 1u) dst[front++] = src[c];
      else dst[back++] = src[c];
    }
  }
}

template <class P>
Status verify(Bytes pk, const MessageInput& msg, Bytes sig, Arena&) {
  constexpr unsigned n = P::n, k = P::k, m = P::m, t = P::t, lambda = P::lambda;
  for (unsigned j = 0; j + 1 < P::s; ++j)
    if (!packed_rref_valid(pk.data() + lambda + j * P::rref_bytes, k, n)) return Status::invalid_input;
  // Section 9 step 1: the last byte counts the published seeds and fixes the length.
  if (sig.size() < P::sig_fixed_bytes) return Status::invalid_signature;
  const unsigned count = sig[sig.size() - 1];
  if (count > P::max_seeds || sig.size() != P::sig_fixed_bytes + std::size_t{count} * lambda)
    return Status::invalid_signature;
  const std::uint8_t* digest = sig.data();
  const std::uint8_t* salt = digest + P::digest_bytes;
  const std::uint8_t* resp = salt + P::salt_bytes;
  const std::uint8_t* seeds = resp + std::size_t{P::w} * P::n8;

  std::uint8_t chall[t], labels[P::tree_nodes], nodes[P::tree_nodes * lambda] = {};
  std::uint8_t round_seeds[t * lambda];
  sample_challenge<P>(digest, chall);  // step 2
  seedtree_label(P::tree(), chall, labels);
  if (!seedtree_rebuild<P>(nodes, labels, seeds, count, salt)) return Status::invalid_signature;
  seedtree_leaves(P::tree(), nodes, lambda, round_seeds);

  std::uint8_t v[k * m], tr[n * k], gj[k * n], g[k * n], a[k * m], coef[n], pivots[n];
  std::uint16_t perm[n], keys[n];
  expand_g0<P>(pk.data(), v);  // step 3: pk starts with G0_seed
  typename P::Hash h;
  for (unsigned i = 0; i < t; ++i) {  // step 4
    if (chall[i] == 0) {
      round_monomial<P>(round_seeds + i * lambda, salt, i, coef, perm);
      g0_monomial_transposed(v, k, n, coef, perm, tr, keys);
      transpose(tr, n, k, g);
    } else {
      if (!response_valid<P>(resp)) return Status::invalid_signature;
      unpack_rref(pk.data() + lambda + (chall[i] - 1) * P::rref_bytes, k, n, gj);
      select_columns<P>(gj, resp, g);
      resp += P::n8;
    }
    if (!rref(g, k, n, pivots)) return Status::invalid_signature;
    non_pivot_columns(g, k, n, pivots, a);
    static_assert(sizeof tr >= cf_borrowed_bytes(k, m));
    if (!canonical_form<k, m>(a, tr)) return Status::invalid_signature;  // borrows the dead tr
    h.absorb(a, k * m);
  }
  h.absorb(msg.message);  // step 5
  h.absorb(salt, P::salt_bytes);
  h.finalize();
  std::uint8_t expect[P::digest_bytes];
  h.squeeze(expect, P::digest_bytes);
  return ct::compare(Bytes(expect, P::digest_bytes), Bytes(digest, P::digest_bytes)) == 0
             ? Status::ok
             : Status::invalid_signature;
}

}  // namespace sigspace::less::reference
