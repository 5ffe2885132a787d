// The compile-time registry: every scheme's points (variants/<scheme>/points.hpp), as constexpr
// arrays of descriptor addresses (no self-registration, no heap). registry.cpp serves them at
// run time; firmware looks one up by id at compile time (point::find) and so links only it.
#pragma once
#include "less/points.hpp"
#include "mldsa/points.hpp"
#include "sigspace/point.hpp"

namespace sigspace {

inline constexpr auto kRegistry =
    point::concat(mldsa::Registry::variants, less::Registry::variants);
inline constexpr auto kAblations =
    point::concat(mldsa::Registry::ablations, less::Registry::ablations);

// The descriptor of id (a variant or an ablation), or nullptr: usable in constant expressions.
constexpr const Variant* find_registered(const char* id) {
  const Variant* v = point::find(kRegistry, id);
  return v != nullptr ? v : point::find(kAblations, id);
}

constexpr bool is_registered(const char* id) { return find_registered(id) != nullptr; }

}  // namespace sigspace
