// Where signing reads the seed tree's seeds from (less-v2.0.md section 7): the built tree
// ((2t - 1) lambda bytes, BuildGGM once), or one root-to-node path kept between requests
// (seeds-on-demand: `levels` seeds; a request expands only the part of its path the last one
// did not, so rounds taken in order cost about two XOFs each). Both give a round's leaf seed
// and GGMPath's published seeds. Indices and labels are public; the seeds are not, and are
// only copied and expanded.
#pragma once
#include <cstdint>
#include <cstring>

#include "less/common/params.hpp"
#include "less/common/seedtree.hpp"
#include "sigspace/ct.hpp"

namespace sigspace::less {

// The level of node i and its parent (section 7's numbering).
template <class P>
unsigned node_level(unsigned i) {
  constexpr TreeShape sh = P::tree();
  unsigned lev = 0;
  for (unsigned start = sh.npl[0]; i >= start; start += sh.npl[++lev]) {
  }
  return lev;
}
template <class P>
unsigned node_parent(unsigned i) {
  return seedtree_parent(i, P::tree().off[node_level<P>(i) - 1]);
}

// The whole tree, built once from the root.
template <class P>
struct BuiltTree {
  std::uint8_t nodes[P::tree_nodes * P::lambda];
  std::uint8_t* root() { return nodes; }
  void build(const std::uint8_t* salt) { seedtree_build<P>(nodes, salt); }  // BuildGGM
  const std::uint8_t* seed(unsigned i, const std::uint8_t*) const { return nodes + std::size_t{i} * P::lambda; }
  // GGMPath (step 11): the published seeds into out; returns their number.
  unsigned publish(const std::uint8_t* labels, const std::uint8_t*, std::uint8_t* out) const {
    return seedtree_path(P::tree(), nodes, labels, P::lambda, out);
  }
};

// The root and the last requested node's path.
template <class P>
class SeedPath {
 public:
  static constexpr unsigned levels = P::tree().levels;
  SeedPath() {
    node_[0] = 0;
    for (unsigned l = 1; l < levels; ++l) node_[l] = kNone;
  }
  std::uint8_t* root() { return seed_[0]; }
  void build(const std::uint8_t*) {}
  // Node i's seed; valid until the next request.
  const std::uint8_t* seed(unsigned i, const std::uint8_t* salt) {
    constexpr TreeShape sh = P::tree();
    const unsigned lev = node_level<P>(i);
    std::uint16_t path[levels];
    path[0] = 0;
    for (unsigned l = lev, c = i; l > 0; c = seedtree_parent(c, sh.off[l - 1]), --l) path[l] = static_cast<std::uint16_t>(c);
    unsigned known = lev;  // a node's seed depends on its index alone: any kept level matching the path holds
    while (node_[known] != path[known]) --known;  // level 0 always matches
    std::uint8_t children[2 * P::lambda];
    for (unsigned l = known + 1; l <= lev; ++l) {
      const unsigned parent = path[l - 1], left = 2 * parent + 1 - sh.off[l - 1];
      seedtree_children<P>(seed_[l - 1], parent, salt, children);
      std::memcpy(seed_[l], children + (path[l] - left) * P::lambda, P::lambda);
      node_[l] = path[l];
    }
    ct::wipe(children, sizeof children);
    return seed_[lev];
  }
  unsigned publish(const std::uint8_t* labels, const std::uint8_t* salt, std::uint8_t* out) {
    return seedtree_published(P::tree(), labels, [&](unsigned node, unsigned rank) {
      std::memcpy(out + std::size_t{rank} * P::lambda, seed(node, salt), P::lambda);
    });
  }

 private:
  static constexpr std::uint16_t kNone = 0xFFFF;  // no node has this index (tree_nodes < 2^15)
  static_assert(P::tree_nodes < kNone);
  std::uint8_t seed_[levels][P::lambda];
  std::uint16_t node_[levels];
};

}  // namespace sigspace::less
