// Percentiles of repetition times, with the same rule as the Python summaries (linear
// interpolation between closest ranks, numpy's default), so both sides report equal figures.
#pragma once
#include <vector>

namespace sigspace::measure {
double percentile(std::vector<double> values, double q);  // q in [0, 1]; NaN when empty
double p10(const std::vector<double>& v);
double p90(const std::vector<double>& v);
}  // namespace sigspace::measure
