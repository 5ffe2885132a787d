// Emits the speed-ceiling point's descriptors (point.hpp) at every ML-DSA parameter set.
#include "sigspace/point_ops.hpp"
#include "mldsa/speed_ceiling/point.hpp"

template struct sigspace::point::Emit<sigspace::mldsa::Scheme, sigspace::mldsa::SpeedCeiling,
                                      sigspace::mldsa::Sets>;
