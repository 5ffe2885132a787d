// The LESS variants linked into the registry (variants/registry.cpp).
#pragma once
#include "sigspace/variant.hpp"

namespace sigspace::less {
extern const Variant kLess1bReference;
extern const Variant kLess1iReference;
extern const Variant kLess1sReference;
extern const Variant kLess3bReference;
extern const Variant kLess3sReference;
extern const Variant kLess5bReference;
extern const Variant kLess5sReference;
}  // namespace sigspace::less

#define SIGSPACE_LESS_VARIANTS                                                     \
  &sigspace::less::kLess1bReference, &sigspace::less::kLess1iReference,             \
      &sigspace::less::kLess1sReference, &sigspace::less::kLess3bReference,         \
      &sigspace::less::kLess3sReference, &sigspace::less::kLess5bReference,         \
      &sigspace::less::kLess5sReference,

// Operating points with one technique off (id "<set>/<point>~<technique>"), see variant.hpp.
#define SIGSPACE_LESS_ABLATIONS /* none yet */
