// Emits the LESS speed-ceiling point's descriptors (point.hpp) at every LESS parameter set.
#include "sigspace/point_ops.hpp"
#include "less/speed_ceiling/point.hpp"

template struct sigspace::point::Emit<sigspace::less::Scheme, sigspace::less::SpeedCeiling,
                                      sigspace::less::Sets>;
