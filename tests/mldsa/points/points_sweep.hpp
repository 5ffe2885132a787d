// Board-friendly comparison of many variants with one reference (portable, minitest): case by
// case the reference of a parameter set runs once and every variant of that set in a list is
// compared with it, so n variants cost n + 1 runs per case instead of 2n. Each variant's tally
// of cases is kept so the caller can demand a minimum: a sweep that silently shrank (a variant
// unregistered, a loop bound edited) must fail, not pass on fewer cases.
#pragma once
#include <cstdio>
#include <cstring>
#include <span>

#include "minitest.hpp"
#include "points_check.hpp"

namespace points {

struct Tally {
  const Variant* variant;
  int ran, differ;
};

// A fixed array keeps the boards free of heap; ML-DSA-65 has the most variants in one list
// (26 ablations today), and an overflow fails the test rather than dropping a variant.
constexpr int kMaxSwept = 32;

struct Sweep {
  Tally tallies[kMaxSwept];
  int count;
  std::span<const Tally> swept() const { return {tallies, static_cast<std::size_t>(count)}; }
  const Tally* find(const char* id) const {
    for (const Tally& t : swept())
      if (std::strcmp(t.variant->id, id) == 0) return &t;
    return nullptr;
  }
};

// Cases 0..cases-1 of every non-reference ML-DSA variant of `list` in `param_set`; each
// difference is printed and fails the running minitest case.
inline Sweep sweep_against_reference(std::span<const Variant* const> list, const char* param_set,
                                     int cases) {
  Sweep s{};
  for (const Variant* v : list) {
    if (!is_mldsa(*v) || is_point(*v, "reference") || std::strcmp(v->param_set, param_set) != 0)
      continue;
    MT_CHECK(s.count < kMaxSwept);
    if (s.count < kMaxSwept) s.tallies[s.count++] = {v, 0, 0};
  }
  const Variant* ref = reference_of(param_set);
  MT_CHECK(ref != nullptr);
  if (ref == nullptr) return s;
  for (int i = 0; i < cases; ++i) {
    const Case c = make_case(i);
    std::size_t ref_sig_len = 0;
    if (!run_side(*ref, c, g_ref, &ref_sig_len)) {
      std::printf("  %s case %d: reference failed\n", ref->id, i);
      minitest::fail(__FILE__, __LINE__, "reference failed");
      continue;  // nothing to compare with: this case does not count for any variant
    }
    for (Tally& t : std::span<Tally>(s.tallies, static_cast<std::size_t>(s.count))) {
      const char* err = compare_with_reference(*t.variant, c, i, ref_sig_len);
      ++t.ran;
      if (err == nullptr) continue;
      ++t.differ;
      std::printf("  %s case %d: %s\n", t.variant->id, i, err);
      MT_CHECK(err == nullptr);
    }
  }
  return s;
}

// Prints each variant's count and fails the case when one ran fewer than min_cases.
inline void require_cases(const Sweep& s, int min_cases) {
  for (const Tally& t : s.swept()) {
    std::printf("  %s: %d cases against the reference, %d differ\n", t.variant->id, t.ran,
                t.differ);
    MT_CHECK(t.ran >= min_cases);
  }
}

}  // namespace points
