// Emits the reference point's descriptors (point.hpp) at every ML-DSA parameter set.
#include "sigspace/point_ops.hpp"
#include "mldsa/reference/point.hpp"

template struct sigspace::point::Emit<sigspace::mldsa::Scheme, sigspace::mldsa::Reference,
                                      sigspace::mldsa::Sets>;
