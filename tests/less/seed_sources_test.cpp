// The seed tree read on demand (less/common/seed_sources.hpp) against the built tree, and the
// key's seeds expanded on demand against ExpandedKey: every node in order and out of order,
// GGMPath's published seeds for random challenges, at every set's tree shape.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <random>
#include <vector>

#include "less/common/expand.hpp"
#include "less/common/seed_sources.hpp"

namespace {

using namespace sigspace::less;

template <class P>
void seeds_match(std::mt19937& rng) {
  std::vector<std::uint8_t> salt(P::salt_bytes);
  for (auto& b : salt) b = static_cast<std::uint8_t>(rng());
  BuiltTree<P> tree;
  SeedPath<P> path;
  for (unsigned b = 0; b < P::lambda; ++b) tree.root()[b] = path.root()[b] = static_cast<std::uint8_t>(rng());
  tree.build(salt.data());
  std::vector<unsigned> order(P::tree_nodes);
  for (unsigned i = 0; i < P::tree_nodes; ++i) order[i] = i;
  for (int pass = 0; pass < 2; ++pass) {  // node order, then shuffled
    for (unsigned i : order)
      ASSERT_EQ(0, std::memcmp(tree.seed(i, salt.data()), path.seed(i, salt.data()), P::lambda)) << "node " << i;
    std::shuffle(order.begin(), order.end(), rng);
  }
  for (int trial = 0; trial < 8; ++trial) {  // GGMPath for a random challenge with w rounds kept
    std::vector<std::uint8_t> keep(P::t, 0), labels(P::tree_nodes);
    for (unsigned r = 0; r < P::w; ++r) keep[r] = 1;
    std::shuffle(keep.begin(), keep.end(), rng);
    seedtree_label(P::tree(), keep.data(), labels.data());
    std::vector<std::uint8_t> built(P::tree_nodes * P::lambda), derived(P::tree_nodes * P::lambda);
    const unsigned count = tree.publish(labels.data(), salt.data(), built.data());
    ASSERT_EQ(count, path.publish(labels.data(), salt.data(), derived.data()));
    ASSERT_LE(count, P::max_seeds);
    ASSERT_EQ(built, derived);
  }
}

template <class P>
void key_seeds_match(std::mt19937& rng) {
  std::uint8_t sk[P::sk_bytes];
  for (auto& b : sk) b = static_cast<std::uint8_t>(rng());
  ExpandedKey<P> whole(sk);
  KeyOnDemand<P> lazy(sk);
  ASSERT_EQ(0, std::memcmp(whole.g0_seed, lazy.g0_seed, P::lambda));
  for (unsigned j = P::s - 1; j-- > 0;)  // out of order
    ASSERT_EQ(0, std::memcmp(whole.secret_seed(j), lazy.secret_seed(j), 2 * P::lambda)) << "seed " << j;
  std::uint8_t root[2][P::lambda], cf[2][P::lambda];
  whole.draw_ephemeral(root[0], cf[0]);
  lazy.draw_ephemeral(root[1], cf[1]);
  ASSERT_EQ(0, std::memcmp(root[0], root[1], P::lambda));
  ASSERT_EQ(0, std::memcmp(cf[0], cf[1], P::lambda));
  whole.wipe();
}

template <class... Ps>
void every_set() {
  std::mt19937 rng(20261206);
  (seeds_match<Ps>(rng), ...);
  (key_seeds_match<Ps>(rng), ...);
}

TEST(LessSeedSources, OnDemandMatchesTheBuiltTreeAndKey) { every_set<P1b, P1i, P1s, P3b, P3s, P5b, P5s>(); }

}  // namespace
