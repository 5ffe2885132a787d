// LESS v2.0 signing at the speed ceiling (less-v2.0.md section 5; issue 17), constant-time.
// Each round's code block comes from the basis exchange on V's tableau (rounds.hpp) instead of
// G0 * mu and a full RREF; the pivot set of every round is kept as an n-bit map (t * N8 bytes,
// against the reference's 2kt-byte source columns) for the challenged rounds' responses. Secret
// data (the ephemeral and secret monomials, their pivot sets, the unopened seeds) decide no
// branch and no address: the samplers, the blinding and the responses use sorting networks and
// masks. Public by the specification and declassified where they become so (tests/ct/README.md):
// G0_seed (D7), the samplers' rejection patterns (D8), the bounded visit count (D9), the
// canonical form's blinded input (D10) and the digest (challenge.hpp).
#pragma once
#include <cstring>

#include "less/common/canonical.hpp"
#include "less/common/challenge.hpp"
#include "less/common/codes.hpp"
#include "less/common/digest.hpp"
#include "less/common/ct_blind.hpp"
#include "less/common/ct_permute.hpp"
#include "less/common/expand.hpp"
#include "less/common/seed_sources.hpp"
#include "less/common/seedtree.hpp"
#include "less/speed_ceiling/rounds.hpp"
#include "sigspace/variant.hpp"

namespace sigspace::less::speed_ceiling {

// Section 5 step 10 (the reference's response_bitmap) in constant time: bit x is set iff the
// secret monomial Qinv maps x onto a pivot source column, i.e. out[x] = pivot[qinv[x]], by two
// sorting networks (a gather through the inverse permutation). keys, pay: n words each.
template <class P>
void ct_response(const std::uint16_t* qinv, const std::uint8_t* pivot_map, std::uint16_t* keys,
                 std::uint16_t* pay, std::uint8_t* out) {
  constexpr unsigned n = P::n;
  for (unsigned x = 0; x < n; ++x) keys[x] = qinv[x], pay[x] = static_cast<std::uint16_t>(x);
  ct_sort_pairs(keys, pay, n);  // pay[j] = the x with qinv[x] = j
  for (unsigned j = 0; j < n; ++j) keys[j] = pay[j], pay[j] = (pivot_map[j / 8] >> (j % 8)) & 1u;
  ct_sort_pairs(keys, pay, n);  // pay[x] = pivot[qinv[x]]
  std::memset(out, 0, P::n8);
  for (unsigned x = 0; x < n; ++x) out[x / 8] = static_cast<std::uint8_t>(out[x / 8] | (pay[x] << (x % 8)));
}

// The same by the reference's direct lookup (the price-of-constant-time contrast only). Both
// read the whole map before they write out, which may be the map itself.
template <class P>
void vt_response(const std::uint16_t* qinv, const std::uint8_t* pivot_map, std::uint8_t* out) {
  std::uint8_t bits[P::n8] = {};
  for (unsigned x = 0; x < P::n; ++x) {
    const unsigned bit = (pivot_map[qinv[x] / 8] >> (qinv[x] % 8)) & 1u;
    bits[x / 8] = static_cast<std::uint8_t>(bits[x / 8] | (bit << (x % 8)));
  }
  std::memcpy(out, bits, P::n8);
}

// Section 5 steps 3-4: the ephemeral root seed and the blinding seed drawn from the key's XOF,
// the blinding XOF started, the seed tree built (or, on demand, only its root kept; see
// seed_sources.hpp). Shared with the balanced point.
template <class P, class Key, class Seeds>
void sign_seeds(Key& key, const std::uint8_t* salt, Seeds& seeds, std::uint8_t* cf_seed,
                typename P::Xof& blinding) {
  // G0_seed is the public key's first field (section 3; D7).
  SIGSPACE_CT_DECLASSIFY(key.g0_seed, P::lambda);
  key.draw_ephemeral(seeds.root(), cf_seed);  // step 3: the ephemeral root seed and the blinding seed
  blinding.absorb(cf_seed, P::lambda);
  blinding.finalize();
  seeds.build(salt);  // step 4
}

// What the responses read (every round's pivot map, N8 bytes each: the first in_sig at the
// signature's first response slot, one slot each, the rest from pivot_maps on) and their
// scratch (n entries each), wherever the point keeps them.
struct FinishState {
  unsigned in_sig;
  const std::uint8_t* pivot_maps;
  std::uint8_t* coef;
  std::uint16_t *perm, *keys, *pay;
};

// Section 5 steps 7-11, once every round's block is absorbed in h: the digest, the challenge,
// the challenged rounds' responses (from the pivot maps) and the seed tree's published seeds
// (from the tree or on demand: seed_sources.hpp); then the key is
// wiped (the caller wipes its frame). Shared with the balanced point.
// CT false: the reference's data-dependent kernels (the price-of-constant-time contrast);
// Kernel: the lane-kernel technique.
template <class P, bool CT = true, bool Kernel = false, class Hash, class Key, class Seeds>
Status sign_finish(Hash& h, Key& key, Seeds& seeds, const FinishState& f, const MessageInput& msg,
                   const std::uint8_t* salt, std::uint8_t* sig, std::size_t* sig_len) {
  constexpr unsigned t = P::t;
  std::uint8_t* digest = sig;
  finish_digest<P>(h, msg.message, salt, digest);  // step 7
  std::memcpy(sig + P::digest_bytes, salt, P::salt_bytes);

  std::uint8_t chall[t], labels[P::tree_nodes];
  sample_challenge<P>(digest, chall);        // step 8 (declassifies the digest)
  seedtree_label(P::tree(), chall, labels);  // step 9
  std::uint8_t* resp = sig + P::digest_bytes + P::salt_bytes;
  for (unsigned i = 0; i < t; ++i) {  // step 10, rounds in increasing order (public challenge)
    if (chall[i] == 0) continue;
    ct_secret_monomial<P, CT, Kernel>(key.secret_seed(chall[i] - 1u), f.coef, f.perm);
    // Response r (r <= i) overwrites only a map already read, or map i once read.
    const std::uint8_t* pivot_map = i < f.in_sig ? sig + P::digest_bytes + P::salt_bytes + std::size_t{i} * P::n8
                                                 : f.pivot_maps + std::size_t{i - f.in_sig} * P::n8;
    if constexpr (CT)
      ct_response<P>(f.perm, pivot_map, f.keys, f.pay, resp);
    else
      vt_response<P>(f.perm, pivot_map, resp);
    resp += P::n8;
  }
  const unsigned count = seeds.publish(labels, salt, resp);  // step 11
  resp[std::size_t{count} * P::lambda] = static_cast<std::uint8_t>(count);
  *sig_len = P::sig_fixed_bytes + std::size_t{count} * P::lambda;

  key.wipe();
  return Status::ok;
}

// What the rounds and the responses share (steps 3-10): the seed tree, the blinding seed, the
// pivot maps and the monomial and sorting-network buffers.
template <class P, unsigned T>
struct SignFrame {
  BuiltTree<P> tree;
  std::uint8_t cf_seed[P::lambda];
  std::uint8_t pivot_maps[P::t][P::n8], flags[P::n], coef[P::n];
  std::uint16_t perm[P::n], keys[P::n], pay[P::n];
  Work<P> w;
  std::uint8_t vt[P::m * P::k], round_seeds[P::t * P::lambda];
};

template <class P, unsigned T>
Status sign(const std::uint8_t* state, const MessageInput& msg, const std::uint8_t* salt,
            std::uint8_t* sig, std::size_t* sig_len) {
  constexpr unsigned k = P::k, m = P::m, t = P::t, lambda = P::lambda;
  constexpr bool ct = (T & kConstantTime) != 0, kernel = (T & kLaneKernel) != 0;
  SignFrame<P, T> f;
  ExpandedKey<P> key(state);
  typename P::Xof blinding;
  sign_seeds<P>(key, salt, f.tree, f.cf_seed, blinding);  // steps 3-4
  seedtree_leaves(P::tree(), f.tree.nodes, lambda, f.round_seeds);

  expand_g0<P>(key.g0_seed, f.w.bytes);  // step 5: V, kept as its columns
  transpose(f.w.bytes, k, m, f.vt);
  BlockHash<P, T> h;
  for (unsigned i = 0; i < t; ++i) {  // step 6
    for (;;) {
      ct_round_monomial<P, ct, kernel>(f.round_seeds + i * lambda, salt, i, f.coef, f.perm);
      exchange::Tableau tab = g0_exchange<P, T, !ct>(f.w, f.vt, f.perm);
      pivot_map<P>(tab, f.flags, f.pivot_maps[i]);
      std::uint8_t* a = f.w.bytes;  // the round's block
      if constexpr (ct) {  // the block's columns, blinded into a (one transpose fewer)
        exchange::store_columns(tab);
        ct_blind_columns(f.w.spare(), a, k, m, blinding, f.coef, f.perm, f.keys, kernel);
      } else {  // two m-entry monomials in coef (n = 2m bytes) and perm, keys
        exchange::store(tab, a);
        blind(a, k, m, blinding, f.w.spare(), f.coef, f.perm, f.coef + m, f.keys);
      }
      // The canonical form's input is blinded by a fresh secret monomial pair: it is public
      // (section 6.5; D10), and the canonical form may branch on it.
      SIGSPACE_CT_DECLASSIFY(a, Work<P>::block);
      if (f.w.template canonical_form<(T & kTwoPassCf) != 0>()) break;
      // Negligible: retry with the round seed's first byte + 1 (the verifier is not told).
      f.round_seeds[i * lambda] = static_cast<std::uint8_t>(f.round_seeds[i * lambda] + 1);
    }
    h.absorb(f.w.bytes, k * m);
  }
  blinding.wipe();
  const Status done = sign_finish<P, ct, kernel>(h, key, f.tree, {0, &f.pivot_maps[0][0], f.coef, f.perm, f.keys, f.pay},
                                                 msg, salt, sig, sig_len);
  ct::wipe(&f, sizeof f);
  return done;
}

}  // namespace sigspace::less::speed_ceiling
