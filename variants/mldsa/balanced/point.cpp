// Emits the balanced point's descriptors (point.hpp) at every ML-DSA parameter set.
#include "mldsa/balanced/point.hpp"
#include "sigspace/point_ops.hpp"

template struct sigspace::point::Emit<sigspace::mldsa::Scheme, sigspace::mldsa::Balanced,
                                      sigspace::mldsa::Sets>;
