// The run-time view of the compile-time registry (registry.hpp), declared in sigspace/variant.hpp.
#include "registry.hpp"

namespace sigspace {

std::span<const Variant* const> registry() { return kRegistry; }

std::span<const Variant* const> ablations() { return kAblations; }

const Variant* find_variant(const char* id) { return find_registered(id); }

bool is_ablation(const Variant& v) {
  for (const Variant* a : kAblations)
    if (a == &v) return true;
  return false;
}

}  // namespace sigspace
