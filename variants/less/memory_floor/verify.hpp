// LESS v2.0 verification at the memory floor (less-v2.0.md section 9; issue 18): the speed
// ceiling's rounds (speed_ceiling/verify.hpp) on the one byte-lane matrix of the caller's
// workspace. The public key's codes are read in place from their packed form, and each
// unchallenged round's seed is derived from the published seed above it (seeds.hpp), so no
// seed tree is rebuilt. Everything here is public.
#pragma once
#include <cstring>

#include "less/common/challenge.hpp"
#include "less/common/codes.hpp"
#include "less/common/digest.hpp"
#include "less/common/seedtree.hpp"
#include "less/common/signature.hpp"
#include "less/memory_floor/rounds.hpp"
#include "less/memory_floor/seeds.hpp"
#include "less/reference/verify.hpp"
#include "less/speed_ceiling/verify.hpp"
#include "sigspace/arena.hpp"
#include "sigspace/variant.hpp"

namespace sigspace::less::memory_floor {

// Section 9 step 4 for a challenged round (speed_ceiling::challenged_round): G_j's packed
// non-pivot block, unpacked column by column into a, is the tableau.
template <class P>
[[gnu::noinline]] void challenged_round(std::uint8_t* a, const std::uint8_t* packed, const std::uint8_t* resp) {
  ExchangeScratch<P> s;
  speed_ceiling::response_destinations<P>(packed, resp, s.dest, s.dest + P::k, nullptr);
  unpack_rref_block_columns(packed, P::k, P::n, a);
  exchange_and_store<P>(s, a, nullptr);
}

// Steps 1-2 without the node array: the challenge, the labels, and the published seeds'
// count checked as seedtree_rebuild checks it (or, without seeds-on-demand, the tree rebuilt).
// The challenge is kept as its w nonzero values in round order: a round's leaf label says
// whether it is challenged (seedtree_label gives a leaf 1 exactly then).
template <class P, unsigned T>
struct VerifyState {
  static constexpr bool on_demand = (T & kSeedsOnDemand) != 0;
  std::uint8_t chall_values[P::w], label_bits[(P::tree_nodes + 7) / 8];
  std::uint8_t nodes[on_demand ? 1 : P::tree_nodes * P::lambda];
  std::uint8_t vt[(T & kStreamedV) != 0 ? 1 : std::size_t{P::k} * P::m];

  // scratch: t + tree_nodes bytes (the matrix, free until the rounds).
  bool open(const SignatureFields& f, std::uint8_t* scratch) {
    std::uint8_t *chall = scratch, *labels = scratch + P::t;
    sample_challenge<P>(f.digest, chall);
    seedtree_label(P::tree(), chall, labels);
    pack_labels<P>(labels, label_bits);
    for (unsigned i = 0, c = 0; i < P::t; ++i)
      if (chall[i] != 0) chall_values[c++] = chall[i];  // exactly w (section 8)
    if constexpr (on_demand) return published_count<P>(label_bits) == f.count;
    std::memset(nodes, 0, sizeof nodes);
    return seedtree_rebuild<P>(nodes, labels, f.seeds, f.count, f.salt);
  }
  bool challenged(unsigned i) const { return label(label_bits, seedtree_leaf(P::tree(), i)) != 0; }
  void round_seed(const SignatureFields& f, unsigned i, std::uint8_t* out) const {
    const unsigned leaf = seedtree_leaf(P::tree(), i);
    if constexpr (on_demand)
      published_leaf<P>(label_bits, f.seeds, leaf, f.salt, out);
    else
      std::memcpy(out, nodes + std::size_t{leaf} * P::lambda, P::lambda);
  }
};

template <class P, unsigned T>
Status verify(Bytes pk, const MessageInput& msg, Bytes sig, Arena& ws) {
  constexpr std::size_t block = std::size_t{P::k} * P::m;
  const std::size_t mark = ws.mark();
  std::uint8_t* a = take_matrix<P>(ws);
  if (a == nullptr) return Status::workspace_too_small;
  SignatureFields f;
  VerifyState<P, T> st;
  Status status = check_signature<P>(pk, sig, &f);  // step 1
  if (status == Status::ok && !st.open(f, a)) status = Status::invalid_signature;  // step 2
  const std::uint8_t* g0_seed = pk.data();  // step 3: pk starts with G0_seed
  if constexpr ((T & kStreamedV) == 0) {
    if (status == Status::ok) expand_g0<P>(g0_seed, st.vt), transpose_square(st.vt, P::k);
  }
  typename P::Hash h;
  const std::uint8_t* resp = f.resp;
  const std::uint8_t* value = st.chall_values;
  for (unsigned i = 0; i < P::t && status == Status::ok; ++i) {  // step 4
    if (!st.challenged(i)) {
      std::uint8_t seed[P::lambda];
      st.round_seed(f, i, seed);
      g0_round<P, false>(a, g0_seed, (T & kStreamedV) != 0 ? nullptr : st.vt, seed, f.salt, i, nullptr);
    } else if (reference::response_valid<P>(resp)) {
      challenged_round<P>(a, pk.data() + P::lambda + (*value++ - 1) * P::rref_bytes, resp);
      resp += P::n8;
    } else {
      status = Status::invalid_signature;
      break;
    }
    if (!canonical_form<P, T>(a)) status = Status::invalid_signature;
    h.absorb(a, block);
  }
  if (status == Status::ok) status = check_digest<P>(h, msg.message, f.salt, f.digest);  // step 5
  ws.release(mark);
  return status;
}

}  // namespace sigspace::less::memory_floor
