// The ML-DSA operating points of the registry: one line per point (sigspace/point.hpp).
#pragma once
#include "mldsa/balanced/point.hpp"
#include "mldsa/memory_floor/point.hpp"
#include "mldsa/reference/point.hpp"
#include "mldsa/speed_ceiling/point.hpp"

namespace sigspace::mldsa {
using Points = point::List<Reference, SpeedCeiling, Balanced, MemoryFloor>;
using Registry = point::Registry<Scheme, Sets, Points>;
}  // namespace sigspace::mldsa
