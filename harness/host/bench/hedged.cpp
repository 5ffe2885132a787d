#include "hedged.hpp"

#include <chrono>

namespace sigspace::bench {

void time_hedged(benchmark::State& state, HedgedFixture* h) {
  measure::Fixture* f = h->fixture;
  const std::size_t n = f->cases.size();
  std::size_t i = 0;
  double rng_ns = 0;
  for (auto _ : state) {
    measure::Case& c = f->cases[i];
    const auto t0 = std::chrono::steady_clock::now();
    const Status drawn = h->source(MutBytes(c.rnd.data(), c.rnd.size()));
    const auto t1 = std::chrono::steady_clock::now();
    rng_ns += std::chrono::duration<double, std::nano>(t1 - t0).count();
    if (drawn != Status::ok) {
      state.SkipWithError("the randomness source failed");
      break;
    }
    if (measure::sigspace_probe_window(f, i) != 0) {
      state.SkipWithError("the operation failed inside the window");
      break;
    }
    i = (i + 1 == n) ? 0 : i + 1;
  }
  state.counters["rng_time"] = benchmark::Counter(rng_ns, benchmark::Counter::kAvgIterations);
  state.SetLabel(h->source.name);
}

}  // namespace sigspace::bench
