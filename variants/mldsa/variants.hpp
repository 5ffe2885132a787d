// The MLDSA variants linked into the registry (variants/registry.cpp).
#pragma once
#include "sigspace/variant.hpp"

#define SIGSPACE_MLDSA_VARIANTS /* none yet */
