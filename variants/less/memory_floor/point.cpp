// Emits the LESS memory-floor point's descriptors (point.hpp) at every LESS parameter set.
#include "sigspace/point_ops.hpp"
#include "less/memory_floor/point.hpp"

template struct sigspace::point::Emit<sigspace::less::Scheme, sigspace::less::MemoryFloor,
                                      sigspace::less::Sets>;
