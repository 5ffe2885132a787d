// The LESS variants linked into the registry (variants/registry.cpp).
#pragma once
#include "sigspace/variant.hpp"

#define SIGSPACE_LESS_VARIANTS /* none yet */
