// The seed tree of LESS v2.0 (less-v2.0.md section 7) without its node array (issue 18, the
// memory floor's seeds-on-demand): a node's seed is derived when needed by expanding the path
// to it from a known ancestor (the root in signing, a published seed in verification), at most
// one expansion per level. The tree shape and the labels are public; the seeds are not.
#pragma once
#include <cstdint>
#include <cstring>

#include "less/common/params.hpp"
#include "less/common/seed_sources.hpp"
#include "less/common/seedtree.hpp"
#include "sigspace/ct.hpp"

namespace sigspace::less::memory_floor {

// Section 3's key expansion, one monomial seed at a time (ExpandedKey keeps all s - 1 and the
// sponge): XOF(sk) gives G0_seed (lambda), then monomial seed 0, 1, ... (2 lambda each). Not
// less/common/expand.hpp's expand_key_seeds, the general form: called here it deepens key
// generation by 8-16 bytes on the Cortex-M4 (the less_floor_budget test's figures).
template <class P>
void mono_seed(const std::uint8_t* sk, unsigned j, std::uint8_t* out) {
  typename P::Xof x;
  x.absorb(sk, P::sk_bytes);
  x.finalize();
  x.squeeze(out, P::lambda);  // G0_seed, skipped
  for (unsigned i = 0; i <= j; ++i) x.squeeze(out, 2 * P::lambda);
  x.wipe();
}

// Node i's seed from the seed of its ancestor `from` (from = i copies it): the path is expanded
// top-down, one XOF per level.
template <class P>
void descend(const std::uint8_t* from_seed, unsigned from, unsigned i, const std::uint8_t* salt,
             std::uint8_t* out) {
  constexpr unsigned lambda = P::lambda;
  unsigned path[16], len = 0;  // i, its parent, ... up to below `from` (levels <= 10)
  for (unsigned c = i; c != from; c = node_parent<P>(c)) path[len++] = c;
  std::uint8_t children[2 * lambda];
  std::memcpy(out, from_seed, lambda);
  for (unsigned p = from; len-- > 0;) {
    const unsigned child = path[len], left = 2 * p + 1 - P::tree().off[node_level<P>(p)];
    seedtree_children<P>(out, p, salt, children);
    std::memcpy(out, children + (child - left) * lambda, lambda);
    p = child;
  }
  ct::wipe(children, sizeof children);
}

// seedtree_label's labels (a byte a node) packed as bits, (tree_nodes + 7) / 8 bytes; labels
// and bits may not overlap.
template <class P>
void pack_labels(const std::uint8_t* labels, std::uint8_t* bits) {
  std::memset(bits, 0, (P::tree_nodes + 7) / 8);
  for (unsigned i = 0; i < P::tree_nodes; ++i) bits[i / 8] = static_cast<std::uint8_t>(bits[i / 8] | ((labels[i] & 1u) << (i % 8)));
}
inline unsigned label(const std::uint8_t* bits, unsigned i) { return (bits[i / 8] >> (i % 8)) & 1u; }

// Published by GGMPath: 0-labelled under a 1-labelled parent (seedtree_path).
template <class P>
bool published(const std::uint8_t* bits, unsigned i) {
  return i != 0 && label(bits, i) == 0 && label(bits, node_parent<P>(i)) == 1;
}

// Verification: leaf i's seed from the published seeds (the signature's, in GGMPath order,
// which is node order). The leaf must be 0-labelled (an unchallenged round).
template <class P>
void published_leaf(const std::uint8_t* bits, const std::uint8_t* seeds, unsigned leaf,
                    const std::uint8_t* salt, std::uint8_t* out) {
  unsigned top = leaf;
  while (!published<P>(bits, top)) top = node_parent<P>(top);
  unsigned rank = 0;
  for (unsigned j = 1; j < top; ++j) rank += published<P>(bits, j);
  descend<P>(seeds + std::size_t{rank} * P::lambda, top, leaf, salt, out);
}

// The number of published seeds the labels call for (seedtree_rebuild's count check).
template <class P>
unsigned published_count(const std::uint8_t* bits) {
  unsigned count = 0;
  for (unsigned j = 1; j < P::tree_nodes; ++j) count += published<P>(bits, j);
  return count;
}

}  // namespace sigspace::less::memory_floor
