// The probe's methods on synthetic operations of known cost: the painted stack is exact to
// within 64 bytes (the operation's frame overhead: return address, saved registers, alignment)
// and never below the known usage; the counting allocator gives the requested bytes exactly;
// both repeat exactly. Also: every registered variant's operations measure repeatably.
#include <cstdio>

#include "counting_alloc.hpp"
#include "minitest.hpp"
#include "operation.hpp"
#include "stack_window.hpp"

namespace {

using sigspace::measure::Fixture;

void stack_within_64_bytes() {
  for (std::size_t known : {std::size_t{1000}, std::size_t{10000}, std::size_t{100000}}) {
    Fixture f = sigspace::measure::prepare_synthetic(Fixture::Synthetic::stack, known);
    const std::size_t got = sigspace::measure::measure_stack(f, 0).bytes;
    std::printf("  synthetic stack %zu -> painted %zu\n", known, got);
    MT_CHECK(got >= known);
    MT_CHECK(got <= known + 64);
    MT_CHECK(sigspace::measure::measure_stack(f, 0).bytes == got);
  }
}

void heap_exact() {
  for (std::size_t known : {std::size_t{1}, std::size_t{4096}, std::size_t{150000}}) {
    Fixture f = sigspace::measure::prepare_synthetic(Fixture::Synthetic::heap, known);
    sigspace::measure::heap_count::open_window();
    sigspace::measure::sigspace_probe_window(&f, 0);
    const auto r = sigspace::measure::heap_count::close_window();
    MT_CHECK(r.peak_bytes == known);
    MT_CHECK(r.allocations == 1);
    MT_CHECK(!r.overflow);
  }
}

void skipped_operation_measures_zero() {
  Fixture f = sigspace::measure::prepare_synthetic(Fixture::Synthetic::stack, 10000);
  f.skip_op = true;
  MT_CHECK(sigspace::measure::measure_stack(f, 0).bytes == 0);
}

// Real variants (whatever the registry holds): keygen's stack repeats to the byte.
void variants_repeat() {
  for (const sigspace::Variant* v : sigspace::registry()) {
    Fixture f = sigspace::measure::prepare(*v, sigspace::measure::Op::keygen, 0, 1);
    const auto a = sigspace::measure::measure_stack(f, 0);
    const auto b = sigspace::measure::measure_stack(f, 0);
    MT_CHECK(a.status == 0);
    MT_CHECK(a.bytes == b.bytes);
    MT_CHECK(a.bytes > 0);
  }
}

}  // namespace

int main() {
  static const minitest::Case cases[] = {
      {"stack_within_64_bytes", stack_within_64_bytes},
      {"heap_exact", heap_exact},
      {"skipped_operation_measures_zero", skipped_operation_measures_zero},
      {"variants_repeat", variants_repeat},
  };
  return minitest::run("measure_accuracy", cases, sizeof cases / sizeof cases[0]);
}
