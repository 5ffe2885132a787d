#include "percentile.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace sigspace::measure {

double percentile(std::vector<double> values, double q) {
  if (values.empty()) return std::numeric_limits<double>::quiet_NaN();
  std::sort(values.begin(), values.end());
  const double pos = q * static_cast<double>(values.size() - 1);
  const auto lo = static_cast<std::size_t>(std::floor(pos));
  const std::size_t hi = std::min(lo + 1, values.size() - 1);
  return values[lo] + (pos - static_cast<double>(lo)) * (values[hi] - values[lo]);
}

double p10(const std::vector<double>& v) { return percentile(v, 0.10); }
double p90(const std::vector<double>& v) { return percentile(v, 0.90); }

}  // namespace sigspace::measure
