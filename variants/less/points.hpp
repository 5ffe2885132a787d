// The LESS operating points of the registry: one line per point (sigspace/point.hpp).
#pragma once
#include "less/reference/point.hpp"

namespace sigspace::less {
using Points = point::List<Reference>;
using Registry = point::Registry<Scheme, Sets, Points>;
}  // namespace sigspace::less
