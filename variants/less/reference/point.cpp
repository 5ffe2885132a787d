// Emits the LESS reference point's descriptors (point.hpp) at every LESS parameter set.
#include "sigspace/point_ops.hpp"
#include "less/reference/point.hpp"

template struct sigspace::point::Emit<sigspace::less::Scheme, sigspace::less::Reference,
                                      sigspace::less::Sets>;
