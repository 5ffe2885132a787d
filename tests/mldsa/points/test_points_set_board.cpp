// Portable (host and QEMU Cortex-M4/M33), one image per parameter set (SIGSPACE_POINTS_SET,
// e.g. "ML-DSA-65"), so CTest runs the three sets in parallel: every operating point of the set
// equals the reference on the same 100 generated cases the host GoogleTest uses, covering
// deterministic, hedged, context, internal, external mu and HashML-DSA (make_case's cycle).
#include <cstdio>

#include "minitest.hpp"
#include "points_sweep.hpp"

#ifndef SIGSPACE_POINTS_SET
#error "define SIGSPACE_POINTS_SET to the ML-DSA parameter set this image checks"
#endif

namespace {

// Issue 7 asks for at least 100 per point on each board. The minimum is its own constant so
// that shrinking the loop makes the test fail instead of pass on fewer cases.
constexpr int kCases = 100;
constexpr int kRequiredCases = 100;
constexpr const char* kPoints[] = {"speed-ceiling", "balanced", "memory-floor"};

void points_equal_reference() {
  const points::Sweep s =
      points::sweep_against_reference(sigspace::registry(), SIGSPACE_POINTS_SET, kCases);
  points::require_cases(s, kRequiredCases);
  // Each named point must be among those swept: an unregistered point would otherwise pass.
  for (const char* point : kPoints) {
    char id[48];
    std::snprintf(id, sizeof id, "%s/%s", SIGSPACE_POINTS_SET, point);
    if (s.find(id) == nullptr) std::printf("  %s: not registered\n", id);
    MT_CHECK(s.find(id) != nullptr);
  }
}

}  // namespace

int main() {
  static const minitest::Case cases[] = {{"points_equal_reference", points_equal_reference}};
  return minitest::run("mldsa_points_set " SIGSPACE_POINTS_SET, cases,
                       sizeof cases / sizeof cases[0]);
}
