// Hedged signing for the gbench runner: each iteration draws the signing randomness from a
// named source into the case, then runs the usual one-operation window. The iteration time is
// the whole hedged signature; the draw alone is timed too, reported as the counter `rng_time`
// (ns per signature), so its share of signing shows (ARCHITECTURE.md, Randomness).
#pragma once
#include <benchmark/benchmark.h>

#include "operation.hpp"
#include "sigspace/random.hpp"

namespace sigspace::bench {

struct HedgedFixture {
  measure::Fixture* fixture;
  RandomSource source;
};

void time_hedged(benchmark::State& state, HedgedFixture* h);

}  // namespace sigspace::bench
