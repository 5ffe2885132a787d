// The truncated GGM seed tree of LESS v2.0 (less-v2.0.md section 7; BuildGGM, GGMPath,
// RebuildGGM). Node i's seed is nodes[i*lambda ..]; the tree shape is public, and so are the
// challenge-driven labels, so this file may branch on them.
#pragma once
#include <cstddef>
#include <cstdint>

#include "less/common/params.hpp"

namespace sigspace::less {

// Expands the tree from nodes[0] (the root) for the given salt.
template <class P>
void seedtree_build(std::uint8_t* nodes, const std::uint8_t* salt);

// Copies round r's leaf seed to round_seeds[r*lambda ..] for every round.
void seedtree_leaves(const TreeShape& shape, const std::uint8_t* nodes, unsigned lambda,
                     std::uint8_t* round_seeds);

// The node that holds round r's leaf seed (the same enumeration, without the copies).
unsigned seedtree_leaf(const TreeShape& shape, unsigned r);
// Labels: 0 = derivable from published seeds, 1 = kept. keep[r] != 0 for challenged rounds.
void seedtree_label(const TreeShape& shape, const std::uint8_t* keep, std::uint8_t* labels);

// Parent of node i on a level whose parent level has child offset off_parent (section 7).
inline unsigned seedtree_parent(unsigned i, unsigned off_parent) {
  return ((i % 2 == 1) ? (i - 1) / 2 : (i - 2) / 2) + off_parent / 2;
}

// GGMPath's order (section 7): levels top-down, nodes left to right; a node is published when
// it is 0-labelled and its parent is not. visit(node, rank) for each; returns their number.
template <class Visit>
unsigned seedtree_published(const TreeShape& sh, const std::uint8_t* labels, Visit visit) {
  unsigned count = 0, start = 1;
  for (unsigned lev = 1; lev < sh.levels; ++lev) {
    for (unsigned i = 0; i < sh.npl[lev]; ++i) {
      const unsigned cur = start + i;
      if (labels[cur] == 0 && labels[seedtree_parent(cur, sh.off[lev - 1])] == 1) visit(cur, count++);
    }
    start += sh.npl[lev];
  }
  return count;
}

// GGMPath: writes the published seeds in order; returns their number.
unsigned seedtree_path(const TreeShape& shape, const std::uint8_t* nodes, const std::uint8_t* labels,
                       unsigned lambda, std::uint8_t* out);

// RebuildGGM: places the published seeds and expands every 0-labelled inner node. Returns false
// unless exactly `count` seeds were consumed.
template <class P>
bool seedtree_rebuild(std::uint8_t* nodes, const std::uint8_t* labels, const std::uint8_t* seeds,
                      unsigned count, const std::uint8_t* salt);

// Expansion of one node (section 7): XOF(seed || salt || u16le(index)) -> left || right, the
// two children's seeds (2 lambda bytes) into children.
template <class P>
void seedtree_children(const std::uint8_t* seed, unsigned parent, const std::uint8_t* salt,
                       std::uint8_t* children) {
  typename P::Xof x;
  std::uint8_t idx[2] = {static_cast<std::uint8_t>(parent), static_cast<std::uint8_t>(parent >> 8)};
  x.absorb(seed, P::lambda);
  x.absorb(salt, P::salt_bytes);
  x.absorb(idx, 2);
  x.finalize();
  x.squeeze(children, 2 * P::lambda);
  x.wipe();
}
template <class P>
void seedtree_expand(std::uint8_t* nodes, unsigned parent, unsigned left, const std::uint8_t* salt) {
  seedtree_children<P>(nodes + std::size_t{parent} * P::lambda, parent, salt,
                       nodes + std::size_t{left} * P::lambda);
}

template <class P>
void seedtree_build(std::uint8_t* nodes, const std::uint8_t* salt) {
  constexpr TreeShape sh = P::tree();
  unsigned start = 0;
  for (unsigned lev = 0; lev + 1 < sh.levels; ++lev) {
    for (unsigned i = 0; i < unsigned{sh.npl[lev]} - sh.lpl[lev]; ++i) {
      const unsigned f = start + i;
      seedtree_expand<P>(nodes, f, 2 * f + 1 - sh.off[lev], salt);
    }
    start += sh.npl[lev];
  }
}

template <class P>
bool seedtree_rebuild(std::uint8_t* nodes, const std::uint8_t* labels, const std::uint8_t* seeds,
                      unsigned count, const std::uint8_t* salt) {
  constexpr TreeShape sh = P::tree();
  unsigned used = 0, start = 1;
  for (unsigned lev = 1; lev < sh.levels; ++lev) {  // place the published seeds (GGMPath order)
    for (unsigned i = 0; i < sh.npl[lev]; ++i) {
      const unsigned cur = start + i;
      if (labels[cur] != 0 || labels[seedtree_parent(cur, sh.off[lev - 1])] == 0) continue;
      if (used == count) return false;
      for (unsigned b = 0; b < P::lambda; ++b)
        nodes[std::size_t{cur} * P::lambda + b] = seeds[std::size_t{used} * P::lambda + b];
      ++used;
    }
    start += sh.npl[lev];
  }
  if (used != count) return false;
  start = 0;
  for (unsigned lev = 0; lev + 1 < sh.levels; ++lev) {  // expand top-down
    for (unsigned i = 0; i < unsigned{sh.npl[lev]} - sh.lpl[lev]; ++i) {
      const unsigned f = start + i;
      if (labels[f] == 0) seedtree_expand<P>(nodes, f, 2 * f + 1 - sh.off[lev], salt);
    }
    start += sh.npl[lev];
  }
  return true;
}

}  // namespace sigspace::less
