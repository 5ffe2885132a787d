// The MLDSA variants linked into the registry (variants/registry.cpp).
#pragma once
#include "sigspace/variant.hpp"

namespace sigspace::mldsa {
extern const Variant kMldsa44Reference;
extern const Variant kMldsa65Reference;
extern const Variant kMldsa87Reference;
}  // namespace sigspace::mldsa

#define SIGSPACE_MLDSA_VARIANTS                                           \
  &sigspace::mldsa::kMldsa44Reference, &sigspace::mldsa::kMldsa65Reference, \
      &sigspace::mldsa::kMldsa87Reference,

// Operating points with one technique off (id "<set>/<point>~<technique>"), see variant.hpp.
#define SIGSPACE_MLDSA_ABLATIONS /* none yet */
