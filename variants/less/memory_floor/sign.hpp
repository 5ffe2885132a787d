// LESS v2.0 signing at the memory floor (less-v2.0.md section 5; issue 18), constant-time as the
// speed ceiling (speed_ceiling/sign.hpp, whose kernels and declassifications D7-D10 it shares).
// One k x m byte matrix, from the caller's workspace, is every round's tableau and block; the
// rest is O(n). Pass 1 hashes the t canonical forms; pass 2 (double-pass) exchanges the
// challenged rounds again for their pivot sets, and writes each response and then the
// published seeds straight into the signature, using the matrix as their scratch.
#pragma once
#include <cstring>

#include "less/common/challenge.hpp"
#include "less/common/digest.hpp"
#include "less/common/expand.hpp"
#include "less/common/seedtree.hpp"
#include "less/memory_floor/rounds.hpp"
#include "less/memory_floor/seeds.hpp"
#include "less/speed_ceiling/sign.hpp"
#include "sigspace/arena.hpp"
#include "sigspace/variant.hpp"

namespace sigspace::less::memory_floor {

// What lives across the rounds. Without double-pass the pivot maps (t * N8 bytes) are kept;
// without seeds-on-demand the seed tree's nodes; without streamed-v, V's columns.
template <class P, unsigned T>
struct SignState {
  static constexpr bool double_pass = (T & kDoublePass) != 0, on_demand = (T & kSeedsOnDemand) != 0;
  typename P::Hash h;
  typename P::Xof blinding;
  std::uint8_t g0_seed[P::lambda], retried[(P::t + 7) / 8];
  std::uint8_t nodes[on_demand ? P::lambda : P::tree_nodes * P::lambda];  // the root first
  std::uint8_t pivot_maps[double_pass ? 1 : P::t][P::n8];
  std::uint8_t vt[(T & kStreamedV) != 0 ? 1 : std::size_t{P::k} * P::m];

  const std::uint8_t* v_kept() const { return (T & kStreamedV) != 0 ? nullptr : vt; }
  // Round i's seed: derived from the root, or read from the built tree.
  void round_seed(unsigned i, const std::uint8_t* salt, std::uint8_t* out) const {
    const unsigned leaf = seedtree_leaf(P::tree(), i);
    if constexpr (on_demand)
      descend<P>(nodes, 0, leaf, salt, out);
    else
      std::memcpy(out, nodes + std::size_t{leaf} * P::lambda, P::lambda);
  }
};

// Section 5 step 6 for round i: the block's canonical form in a, from seed; a failed canonical
// form (negligible) retries with the seed's first byte + 1, which retried[] records for pass 2.
// flags (the pivot set) when not null.
template <class P, unsigned T>
void commit_round(SignState<P, T>& st, std::uint8_t* a, std::uint8_t* seed, const std::uint8_t* salt,
                  unsigned i, std::uint8_t* flags) {
  for (;;) {
    g0_round<P>(a, st.g0_seed, st.v_kept(), seed, salt, i, flags);
    blind<P>(a, st.blinding);
    if (canonical_form<P, T>(a)) return;
    seed[0] = static_cast<std::uint8_t>(seed[0] + 1);  // the verifier is not told
    st.retried[i / 8] = static_cast<std::uint8_t>(st.retried[i / 8] | (1u << (i % 8)));
  }
}

// Round i's pivot set again (pass 2): the exchange alone, unless the round retried (then its
// canonical forms decide which seed it ended with, and are replayed).
template <class P, unsigned T>
void pivot_set_again(SignState<P, T>& st, std::uint8_t* a, const std::uint8_t* salt, unsigned i,
                     std::uint8_t* flags) {
  std::uint8_t seed[P::lambda];
  st.round_seed(i, salt, seed);
  if ((st.retried[i / 8] >> (i % 8)) & 1u)  // public: negligible, and the verifier never learns
    commit_round<P, T>(st, a, seed, salt, i, flags);
  else
    g0_round<P>(a, st.g0_seed, st.v_kept(), seed, salt, i, flags);
  ct::wipe(seed, sizeof seed);
}

// Section 5 step 10 for one challenged round: the response to pivot map `map` through secret
// monomial j, with the matrix a as the sorting networks' scratch.
template <class P>
[[gnu::noinline]] void respond(const std::uint8_t* sk, unsigned j, const std::uint8_t* map, std::uint8_t* a,
                               std::uint8_t* resp) {
  constexpr unsigned n = P::n;
  std::uint8_t* coef = a;
  auto* perm = reinterpret_cast<std::uint16_t*>(a + n);  // even offsets: n is even
  std::uint16_t* keys = perm + n;
  std::uint16_t* pay = keys + n;
  ExpandedKey<P> key(sk);
  speed_ceiling::ct_secret_monomial<P>(key.mono_seed[j], coef, perm);
  speed_ceiling::ct_response<P>(perm, map, keys, pay, resp);
  key.x.wipe();
  ct::wipe(&key, sizeof key);
}

template <class P, unsigned T>
Status sign(const std::uint8_t* sk, const MessageInput& msg, const std::uint8_t* salt, std::uint8_t* sig,
            std::size_t* sig_len, Arena& ws) {
  constexpr unsigned t = P::t, lambda = P::lambda, n = P::n;
  constexpr std::size_t block = std::size_t{P::k} * P::m;
  const std::size_t mark = ws.mark();
  std::uint8_t* a = take_matrix<P>(ws);
  if (a == nullptr) return Status::workspace_too_small;
  SignState<P, T> st{};
  {
    ExpandedKey<P> key(sk);
    SIGSPACE_CT_DECLASSIFY(key.g0_seed, lambda);  // the public key's first field (D7)
    std::memcpy(st.g0_seed, key.g0_seed, lambda);
    std::uint8_t cf_seed[lambda];
    key.x.squeeze(st.nodes, lambda);  // step 3: the ephemeral root seed, then the blinding seed
    key.x.squeeze(cf_seed, lambda);
    st.blinding.absorb(cf_seed, lambda);
    st.blinding.finalize();
    key.x.wipe();
    ct::wipe(&key, sizeof key), ct::wipe(cf_seed, sizeof cf_seed);
  }
  if constexpr (!SignState<P, T>::on_demand) seedtree_build<P>(st.nodes, salt);  // step 4
  if constexpr ((T & kStreamedV) == 0) {
    expand_g0<P>(st.g0_seed, st.vt);  // step 5, kept
    transpose_square(st.vt, P::k);
  }

  for (unsigned i = 0; i < t; ++i) {  // step 6, pass 1
    std::uint8_t seed[lambda], flags[SignState<P, T>::double_pass ? 1 : n];
    st.round_seed(i, salt, seed);
    commit_round<P, T>(st, a, seed, salt, i, SignState<P, T>::double_pass ? nullptr : flags);
    if constexpr (!SignState<P, T>::double_pass) speed_ceiling::flags_to_map<P>(flags, st.pivot_maps[i]);
    st.h.absorb(a, block);
    ct::wipe(seed, sizeof seed);
  }

  std::uint8_t* digest = sig;
  finish_digest<P>(st.h, msg.message, salt, digest);  // step 7
  std::memcpy(sig + P::digest_bytes, salt, P::salt_bytes);
  std::uint8_t chall[t];
  sample_challenge<P>(digest, chall);  // step 8 (declassifies the digest)
  std::uint8_t* resp = sig + P::digest_bytes + P::salt_bytes;
  for (unsigned i = 0; i < t; ++i) {  // step 10, pass 2; the challenge is public
    if (chall[i] == 0) continue;
    if constexpr (SignState<P, T>::double_pass) {
      std::uint8_t flags[n], map[P::n8];
      pivot_set_again<P, T>(st, a, salt, i, flags);
      speed_ceiling::flags_to_map<P>(flags, map);
      respond<P>(sk, chall[i] - 1u, map, a, resp);
      ct::wipe(flags, sizeof flags), ct::wipe(map, sizeof map);
    } else {
      respond<P>(sk, chall[i] - 1u, st.pivot_maps[i], a, resp);
    }
    resp += P::n8;
  }
  std::uint8_t* labels = a;  // step 9, once the matrix is free
  seedtree_label(P::tree(), chall, labels);
  unsigned count = 0;  // step 11 (GGMPath, in node order)
  if constexpr (SignState<P, T>::on_demand) {
    for (unsigned j = 1; j < P::tree_nodes; ++j)
      if (published<P>(labels, j)) descend<P>(st.nodes, 0, j, salt, resp + std::size_t{count++} * lambda);
  } else {
    count = seedtree_path(P::tree(), st.nodes, labels, lambda, resp);
  }
  resp[std::size_t{count} * lambda] = static_cast<std::uint8_t>(count);
  *sig_len = P::sig_fixed_bytes + std::size_t{count} * lambda;

  st.blinding.wipe();
  ct::wipe(&st, sizeof st);
  ws.release(mark);
  return Status::ok;
}

}  // namespace sigspace::less::memory_floor
