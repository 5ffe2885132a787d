#include "less/common/seedtree.hpp"

#include <cstring>

namespace sigspace::less {

// Section 7: rounds map to leaves by the leaf runs, in order.
void seedtree_leaves(const TreeShape& sh, const std::uint8_t* nodes, unsigned lambda,
                     std::uint8_t* round_seeds) {
  unsigned r = 0;
  for (unsigned run = 0; run < sh.runs; ++run)
    for (unsigned j = 0; j < sh.leaf_count[run]; ++j, ++r)
      std::memcpy(round_seeds + std::size_t{r} * lambda,
                  nodes + std::size_t{sh.leaf_start[run] + j} * lambda, lambda);
}

unsigned seedtree_leaf(const TreeShape& sh, unsigned r) {
  unsigned run = 0;
  while (r >= sh.leaf_count[run]) r -= sh.leaf_count[run++];  // public: the round index
  return sh.leaf_start[run] + r;
}

// Section 7 (label_leaves / compute_seeds_to_publish): leaves get 1 when their round is
// challenged; going up, a parent gets 0 iff both children are 0.
void seedtree_label(const TreeShape& sh, const std::uint8_t* keep, std::uint8_t* labels) {
  unsigned total = 0;
  for (unsigned lev = 0; lev < sh.levels; ++lev) total += sh.npl[lev];
  std::memset(labels, 1, total);
  unsigned r = 0;
  for (unsigned run = 0; run < sh.runs; ++run)
    for (unsigned j = 0; j < sh.leaf_count[run]; ++j, ++r)
      labels[sh.leaf_start[run] + j] = keep[r] != 0 ? 1 : 0;
  unsigned start = total - sh.npl[sh.levels - 1];
  for (unsigned lev = sh.levels - 1; lev >= 1; --lev) {
    // Level starts are odd, so every pair is (odd left child, right sibling).
    for (unsigned i = 0; i + 1 < sh.npl[lev]; i += 2) {
      const unsigned cur = start + i;
      labels[seedtree_parent(cur, sh.off[lev - 1])] =
          (labels[cur] == 0 && labels[cur + 1] == 0) ? 0 : 1;
    }
    start -= sh.npl[lev - 1];
  }
}

unsigned seedtree_path(const TreeShape& sh, const std::uint8_t* nodes, const std::uint8_t* labels,
                       unsigned lambda, std::uint8_t* out) {
  return seedtree_published(sh, labels, [&](unsigned node, unsigned rank) {
    std::memcpy(out + std::size_t{rank} * lambda, nodes + std::size_t{node} * lambda, lambda);
  });
}

}  // namespace sigspace::less
