// The LESS operating points of the registry: one line per point (sigspace/point.hpp).
#pragma once
#include "less/balanced/point.hpp"
#include "less/memory_floor/point.hpp"
#include "less/reference/point.hpp"
#include "less/speed_ceiling/point.hpp"

namespace sigspace::less {
using Points = point::List<Reference, SpeedCeiling, Balanced, MemoryFloor>;
using Registry = point::Registry<Scheme, Sets, Points>;
}  // namespace sigspace::less
