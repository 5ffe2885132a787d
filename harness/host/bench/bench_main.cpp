// sigspace-bench: Google Benchmark timing of one operation of one variant.
//   sigspace-bench --variant ID --op OP [--messages M] [--passes P] [--repetitions R]
//                  [--min-repetition-us U] [--nonce-source NAME] [--benchmark_* flags]
// Each iteration is one operation on the next input of a fixed set of M inputs (the same
// derived messages for every variant; inputs and signatures prepared before timing), so one
// repetition of M*P iterations reports the mean time over the set; the R repetitions give
// median, p10 and p90. P is a floor: a pass is timed once before the benchmark, and P is raised
// until a repetition lasts at least U microseconds (default 2000), so the library's
// per-repetition work (Debian's build is a debug build) is spread over enough iterations to be
// negligible for sub-microsecond operations. The passes used are in the JSON context
// ("sigspace_passes"). JSON (with gbench's context block) on stdout. With --nonce-source (op
// sign) the signing randomness is drawn from that source in every iteration (hedged.hpp).
// A second benchmark, <name>/loop-overhead, times the same loop without the operation.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <iostream>
#include <string>

#include "cli/args.hpp"
#include "hedged.hpp"
#include "operation.hpp"
#include "ops/host_ops.hpp"
#include "percentile.hpp"
#include "random/sources.hpp"

namespace {

using namespace sigspace;

std::uint32_t positive(const cli::Args& a, const char* name, const char* fallback) {
  const std::string text = a.get_or(name, fallback);
  std::size_t used = 0;
  unsigned long v = 0;
  try {
    v = std::stoul(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used != text.size() || v == 0 || v > 1000000)
    throw cli::UsageError(std::string("--") + name + " must be a positive integer");
  return static_cast<std::uint32_t>(v);
}

void time_windows(benchmark::State& state, measure::Fixture* f) {
  const std::size_t n = f->cases.size();
  std::size_t i = 0;
  for (auto _ : state) {
    const int status = measure::sigspace_probe_window(f, i);
    if (status != 0) {
      state.SkipWithError("the operation failed inside the window");
      break;
    }
    i = (i + 1 == n) ? 0 : i + 1;
  }
}

// The same loop with the operation left out: what gbench's iteration and the input cycling
// cost by themselves. Debian's libbenchmark is a debug build; its per-iteration loop is inline
// (compiled here, optimised), and this figure shows how much of a timed value it can be.
void loop_overhead(benchmark::State& state, measure::Fixture* f) {
  const std::size_t n = f->cases.size();
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(i);
    i = (i + 1 == n) ? 0 : i + 1;
  }
}

// The passes that make one repetition last at least min_ns: one pass over the inputs is timed
// (it also warms caches), and the floor is raised by the ratio, capped at 100000 passes.
std::uint32_t calibrated_passes(measure::Fixture* f, std::uint32_t floor, double min_ns) {
  const auto start = std::chrono::steady_clock::now();
  for (std::size_t i = 0; i < f->cases.size(); ++i)
    if (measure::sigspace_probe_window(f, i) != 0)
      throw std::runtime_error("the operation failed while calibrating the passes");
  const double pass_ns =
      std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - start).count();
  const double wanted = pass_ns > 0 ? min_ns / pass_ns : 1.0;
  return std::max(floor, static_cast<std::uint32_t>(std::min(100000.0, wanted + 1.0)));
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);  // removes the --benchmark_* flags it knows
  try {
    const cli::Args a(argc, argv, 1,
                      {"variant", "op", "messages", "passes", "repetitions", "min-repetition-us",
                       "nonce-source"},
                      {});
    const Variant& v = host::variant_by_id(a.get("variant"));
    const measure::Op op = measure::parse_op(a.get("op"));
    const std::uint32_t messages = positive(a, "messages", "32");
    const std::uint32_t passes_floor = positive(a, "passes", "1");
    const std::uint32_t reps = positive(a, "repetitions", "10");
    const std::uint32_t min_rep_us = positive(a, "min-repetition-us", "2000");
    const bool is_hedged = a.has("nonce-source");
    RandomSource source{};
    if (is_hedged) {  // checked before the fixture's keygen, so bad input fails at once
      if (op != measure::Op::sign) throw cli::UsageError("--nonce-source goes with --op sign");
      source = host::random_source(a.get("nonce-source"));
    }
    static measure::Fixture fixture = measure::prepare(v, op, 0, messages);
    static bench::HedgedFixture hedged{&fixture, source};
    const std::uint32_t passes = calibrated_passes(&fixture, passes_floor, 1e3 * min_rep_us);
    benchmark::AddCustomContext("sigspace_passes", std::to_string(passes));
    std::string name = std::string(v.id) + "/" + measure::op_name(op);
    if (is_hedged) name += std::string("/hedged:") + source.name;
    auto* b = is_hedged
                  ? benchmark::RegisterBenchmark(name.c_str(), bench::time_hedged, &hedged)
                  : benchmark::RegisterBenchmark(name.c_str(), time_windows, &fixture);
    b
        ->Iterations(static_cast<benchmark::IterationCount>(messages) * passes)
        ->Repetitions(static_cast<int>(reps))
        ->ComputeStatistics("p10", measure::p10)
        ->ComputeStatistics("p90", measure::p90)
        ->UseRealTime()
        ->Unit(benchmark::kNanosecond);
    benchmark::RegisterBenchmark((name + "/loop-overhead").c_str(), loop_overhead, &fixture)
        ->Iterations(static_cast<benchmark::IterationCount>(messages) * passes)
        ->Repetitions(3)
        ->UseRealTime()
        ->Unit(benchmark::kNanosecond);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
  } catch (const cli::UsageError& e) {
    std::cerr << "sigspace-bench: " << e.what() << "\n";
    return 2;
  } catch (const std::invalid_argument& e) {  // host::InputError, unknown op
    std::cerr << "sigspace-bench: " << e.what() << "\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "sigspace-bench: " << e.what() << "\n";
    return 3;
  }
}
