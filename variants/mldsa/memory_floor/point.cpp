// Emits the memory-floor point's descriptors (point.hpp) at every ML-DSA parameter set.
#include "sigspace/point_ops.hpp"
#include "mldsa/memory_floor/point.hpp"

template struct sigspace::point::Emit<sigspace::mldsa::Scheme, sigspace::mldsa::MemoryFloor,
                                      sigspace::mldsa::Sets>;
