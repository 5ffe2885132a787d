// LESS v2.0 signing at the memory floor (less-v2.0.md section 5; issue 18), constant-time as the
// speed ceiling (speed_ceiling/sign.hpp, whose kernels and declassifications D7-D10 it shares).
// One k x m byte matrix, from the caller's workspace, is every round's tableau and block; the
// rest is O(n). Pass 1 hashes the t canonical forms; pass 2 (double-pass) exchanges the
// challenged rounds again for their pivot sets, and writes each response and then the
// published seeds straight into the signature, using the matrix as their scratch.
#pragma once
#include <cstring>
#include <new>

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
  static constexpr bool state_in_sig = (T & kStateInSig) != 0;
  alignas(typename P::Hash) std::uint8_t h_here[state_in_sig ? 1 : sizeof(typename P::Hash)];
  std::uint8_t g0_seed[P::lambda], cf_seed[P::lambda], retried[(P::t + 7) / 8];
  std::uint8_t nodes[on_demand ? P::lambda : P::tree_nodes * P::lambda];  // the root first
  std::uint8_t pivot_maps[double_pass ? 1 : P::t][P::n8];
  std::uint8_t vt[(T & kStreamedV) != 0 ? 1 : std::size_t{P::k} * P::m];

  // Steps 3-4: G0_seed, the ephemeral root seed and the blinding seed from the key's XOF (in
  // its own frame: the expanded key is not kept).
  [[gnu::noinline]] void start(const std::uint8_t* sk) {
    ExpandedKey<P> key(sk);
    SIGSPACE_CT_DECLASSIFY(key.g0_seed, P::lambda);  // the public key's first field (D7)
    std::memcpy(g0_seed, key.g0_seed, P::lambda);
    key.x.squeeze(nodes, P::lambda);  // the root seed, then the blinding seed
    key.x.squeeze(cf_seed, P::lambda);
    key.x.wipe();
    ct::wipe(&key, sizeof key);
  }
  // Where the hash state lives: in the frame, or (state-in-signature) in the signature buffer
  // after the digest and salt fields, which pass 1 does not write (the ML-DSA memory floor's
  // y-in-signature does the same with its masks).
  void* hash_place(std::uint8_t* sig) {
    if constexpr (!state_in_sig) return h_here;
    constexpr std::size_t align = alignof(typename P::Hash), start = P::digest_bytes + P::salt_bytes;
    static_assert(start + align - 1 + sizeof(typename P::Hash) <= P::sig_fixed_bytes);
    const auto at = reinterpret_cast<std::uintptr_t>(sig + start);
    return sig + start + ((align - at % align) % align);
  }
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
// The pivot set by destination into pivots when not null.
template <class P, unsigned T>
void commit_round(SignState<P, T>& st, std::uint8_t* a, std::uint8_t* seed, const std::uint8_t* salt,
                  unsigned i, std::uint8_t* pivots) {
  for (unsigned attempt = 0;; ++attempt) {
    g0_round<P>(a, st.g0_seed, st.v_kept(), seed, salt, i, pivots);
    blind<P>(a, st.cf_seed, i, attempt);
    if (canonical_form<P, T>(a)) return;
    seed[0] = static_cast<std::uint8_t>(seed[0] + 1);  // the verifier is not told
    st.retried[i / 8] = static_cast<std::uint8_t>(st.retried[i / 8] | (1u << (i % 8)));
  }
}

// Section 5 step 10 for challenged round i: the response to its pivot set (by destination)
// through secret monomial j. The round's monomial is drawn again to take the pivot set back to
// source columns; the matrix a is the sorting networks' scratch.
template <class P>
[[gnu::noinline]] void respond(const std::uint8_t* sk, unsigned j, const std::uint8_t* seed, const std::uint8_t* salt,
                               unsigned i, const std::uint8_t* pivots, std::uint8_t* a, std::uint8_t* resp) {
  constexpr unsigned n = P::n;
  std::uint8_t* coef = a;
  auto* perm = reinterpret_cast<std::uint16_t*>(a + n);  // even offsets: n is even
  std::uint16_t* keys = perm + n;
  std::uint16_t* pay = keys + n;
  std::uint8_t by_source[P::n8], secret_seed[2 * P::lambda];
  speed_ceiling::ct_round_monomial<P>(seed, salt, i, coef, perm);
  speed_ceiling::ct_response<P>(perm, pivots, keys, pay, by_source);  // pivots[perm[x]]
  mono_seed<P>(sk, j, secret_seed);
  speed_ceiling::ct_secret_monomial<P>(secret_seed, coef, perm);
  speed_ceiling::ct_response<P>(perm, by_source, keys, pay, resp);
  ct::wipe(secret_seed, sizeof secret_seed), ct::wipe(by_source, sizeof by_source);
}

// Steps 8-11 once the digest is in sig: the challenge, every challenged round's pivot set (kept,
// or under double-pass found again by the exchange alone; a round that retried is replayed
// whole, since its canonical forms decided its seed) and response, then the published seeds
// (GGMPath, in node order).
// Returns the number of published seeds.
template <class P, unsigned T>
[[gnu::noinline]] unsigned respond_all(SignState<P, T>& st, const std::uint8_t* sk, const std::uint8_t* salt,
                                       std::uint8_t* a, std::uint8_t* sig) {
  constexpr unsigned t = P::t, lambda = P::lambda;
  // The challenge (public) in the frame, or (state-in-signature) at the end of the signature
  // buffer, where only the published seeds go, after the labels have been taken from it.
  static_assert(P::sig_fixed_bytes - 1 + t <= P::sig_max_bytes, "the challenge fits past the responses");
  std::uint8_t chall_here[SignState<P, T>::state_in_sig ? 1 : t], seed[lambda], pivots[P::n8];
  std::uint8_t* chall = SignState<P, T>::state_in_sig ? sig + P::sig_max_bytes - t : chall_here;
  sample_challenge<P>(sig, chall);  // step 8 (declassifies the digest)
  std::uint8_t* resp = sig + P::digest_bytes + P::salt_bytes;
  for (unsigned i = 0; i < t; ++i) {  // step 10; the challenge is public
    if (chall[i] == 0) continue;
    st.round_seed(i, salt, seed);
    if ((st.retried[i / 8] >> (i % 8)) & 1u)  // public: negligible, and never shown to a verifier
      commit_round<P, T>(st, a, seed, salt, i, pivots);
    else if constexpr (SignState<P, T>::double_pass)
      g0_round<P>(a, st.g0_seed, st.v_kept(), seed, salt, i, pivots);
    else
      std::memcpy(pivots, st.pivot_maps[i], P::n8);
    respond<P>(sk, chall[i] - 1u, seed, salt, i, pivots, a, resp);
    resp += P::n8;
  }
  ct::wipe(seed, sizeof seed), ct::wipe(pivots, sizeof pivots);
  std::uint8_t* labels = a;  // step 9, once the matrix is free
  seedtree_label(P::tree(), chall, labels);
  if constexpr (!SignState<P, T>::on_demand) return seedtree_path(P::tree(), st.nodes, labels, lambda, resp);
  std::uint8_t* bits = a + P::tree_nodes;
  pack_labels<P>(labels, bits);
  unsigned count = 0;  // step 11
  for (unsigned j = 1; j < P::tree_nodes; ++j)
    if (published<P>(bits, j)) descend<P>(st.nodes, 0, j, salt, resp + std::size_t{count++} * lambda);
  return count;
}

template <class P, unsigned T>
Status sign(const std::uint8_t* sk, const MessageInput& msg, const std::uint8_t* salt, std::uint8_t* sig,
            std::size_t* sig_len, Arena& ws) {
  constexpr unsigned lambda = P::lambda;
  const std::size_t mark = ws.mark();
  std::uint8_t* a = take_matrix<P>(ws);
  if (a == nullptr) return Status::workspace_too_small;
  SignState<P, T> st{};
  st.start(sk);
  if constexpr (!SignState<P, T>::on_demand) seedtree_build<P>(st.nodes, salt);  // step 4
  if constexpr ((T & kStreamedV) == 0) {
    expand_g0<P>(st.g0_seed, st.vt);  // step 5, kept
    transpose_square(st.vt, P::k);
  }
  auto* h = new (st.hash_place(sig)) typename P::Hash;
  for (unsigned i = 0; i < P::t; ++i) {  // step 6, pass 1
    std::uint8_t seed[lambda];
    st.round_seed(i, salt, seed);
    commit_round<P, T>(st, a, seed, salt, i, SignState<P, T>::double_pass ? nullptr : st.pivot_maps[i]);
    h->absorb(a, std::size_t{P::k} * P::m);
    ct::wipe(seed, sizeof seed);
  }
  finish_digest<P>(*h, msg.message, salt, sig);  // step 7: the digest is the first field
  h->wipe();
  std::memcpy(sig + P::digest_bytes, salt, P::salt_bytes);
  const unsigned count = respond_all<P, T>(st, sk, salt, a, sig);
  std::uint8_t* seeds = sig + P::digest_bytes + P::salt_bytes + std::size_t{P::w} * P::n8;
  seeds[std::size_t{count} * lambda] = static_cast<std::uint8_t>(count);
  *sig_len = P::sig_fixed_bytes + std::size_t{count} * lambda;
  std::memset(sig + *sig_len, 0, P::sig_max_bytes - *sig_len);  // what the challenge left
  ct::wipe(&st, sizeof st);
  ws.release(mark);
  return Status::ok;
}

}  // namespace sigspace::less::memory_floor
