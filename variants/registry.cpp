// The compile-time registry: addresses of constexpr descriptors, no self-registration, no heap.
// Each scheme lists its variants in <scheme>/variants.hpp as SIGSPACE_<SCHEME>_VARIANTS.
#include "sigspace/variant.hpp"
#include "less/variants.hpp"
#include "mldsa/variants.hpp"

namespace sigspace {
namespace {
constexpr const Variant* kAll[] = {SIGSPACE_MLDSA_VARIANTS SIGSPACE_LESS_VARIANTS nullptr};
}  // namespace

std::span<const Variant* const> registry() {
  return {kAll, sizeof kAll / sizeof kAll[0] - 1};  // the trailing nullptr is not a variant
}

const Variant* find_variant(const char* id) {
  for (const Variant* v : registry()) {
    const char* a = v->id;
    const char* b = id;
    while (*a != 0 && *a == *b) ++a, ++b;
    if (*a == *b) return v;
  }
  return nullptr;
}

}  // namespace sigspace
