// Emits the LESS balanced point's descriptors (point.hpp) at every LESS parameter set.
#include "sigspace/point_ops.hpp"
#include "less/balanced/point.hpp"

template struct sigspace::point::Emit<sigspace::less::Scheme, sigspace::less::Balanced,
                                      sigspace::less::Sets>;
