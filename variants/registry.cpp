// The compile-time registry: addresses of constexpr descriptors, no self-registration, no heap.
// Each scheme lists its variants in <scheme>/variants.hpp as SIGSPACE_<SCHEME>_VARIANTS and its
// ablations as SIGSPACE_<SCHEME>_ABLATIONS.
#include "sigspace/variant.hpp"
#include "less/variants.hpp"
#include "mldsa/variants.hpp"

namespace sigspace {
namespace {
constexpr const Variant* kAll[] = {SIGSPACE_MLDSA_VARIANTS SIGSPACE_LESS_VARIANTS nullptr};
constexpr const Variant* kAblations[] = {SIGSPACE_MLDSA_ABLATIONS SIGSPACE_LESS_ABLATIONS nullptr};

const Variant* find_in(std::span<const Variant* const> list, const char* id) {
  for (const Variant* v : list) {
    const char* a = v->id;
    const char* b = id;
    while (*a != 0 && *a == *b) ++a, ++b;
    if (*a == *b) return v;
  }
  return nullptr;
}
}  // namespace

std::span<const Variant* const> registry() {
  return {kAll, sizeof kAll / sizeof kAll[0] - 1};  // the trailing nullptr is not a variant
}

std::span<const Variant* const> ablations() {
  return {kAblations, sizeof kAblations / sizeof kAblations[0] - 1};
}

const Variant* find_variant(const char* id) {
  const Variant* v = find_in(registry(), id);
  return v != nullptr ? v : find_in(ablations(), id);
}

}  // namespace sigspace
