// Which variants one gates image runs. Every variant of registry() and ablations() is either
// run here, or run by another gates test (the host splits the slow LESS categories off by
// parameter-set prefix, so ctest runs them side by side and the sanitizer stage can leave them
// out by name), or left out on this platform with a printed reason (kLeftOut: by set prefix,
// and on the host for ablations only). The whole placement is printed, so nothing is left
// out silently.
#pragma once
#include <cstdio>
#include <cstring>

#include "sigspace/variant.hpp"

// This image runs only the parameter sets beginning with SIGSPACE_GATES_ONLY (e.g. "LESS-3").
#ifndef SIGSPACE_GATES_ONLY
#define SIGSPACE_GATES_ONLY ""
#endif
// Space-separated parameter-set prefixes that other gates tests of this platform run.
#ifndef SIGSPACE_GATES_ELSEWHERE
#define SIGSPACE_GATES_ELSEWHERE ""
#endif
// Which variants of those sets: 0 all, 1 the operating points, 2 and 3 the ablations at even
// and odd places of ablations() (with each set's reference, the baseline of
// identity_with_reference). Splitting a slow set lets ctest -j run its parts side by side, and
// the sanitizer stage leave the ablations to the Release run.
#ifndef SIGSPACE_GATES_PART
#define SIGSPACE_GATES_PART 0
#endif
// 1 where a points image stands for its sets' ablations too (the Cortex-M33), which then are
// left out on this platform and printed so.
#ifndef SIGSPACE_GATES_ABLATIONS_LEFT_OUT
#define SIGSPACE_GATES_ABLATIONS_LEFT_OUT 0
#endif

namespace gates {

struct LeftOut {
  const char* prefix;  // parameter-set prefix
  const char* why;
  bool ablations_only = false;  // then only the variants of ablations() with that prefix
};

// Left out under QEMU for time alone (their stacks, up to ~830 KB for LESS-5b signing, fit the
// 4 MiB test images); the host runs all of them. Costs are of one keygen+sign+verify under QEMU
// on the m4, measured or scaled from the host's times; each image runs a variant at least twice.
#if defined(__arm__)
constexpr LeftOut kLeftOut[] = {
    {"LESS-1b", "~15 s a run under QEMU; less1b_board checks its KAT entry 0 on the board"},
    {"LESS-1i", "~5 s a run under QEMU; LESS-1s (~3.5 s) stands for category 1 here"},
    {"LESS-3", "~1 min a run under QEMU; gated on the host by host.gates_LESS_3"},
    {"LESS-5", "minutes a run under QEMU; gated on the host by host.gates_LESS_5"},
};
#else
// The host runs every point at every set, and every ablation of category 1. An ablation at
// categories 3 and 5 is its point's one source with one technique off and other sizes: gated
// at category 1 by gates_LESS_1_ablations*, and byte-identical on KAT entry 0 of LESS-3s and
// LESS-5s (less_tests); running them here took two thirds of these images' time.
constexpr const char* kAblationWhy =
    "ablation at category 3/5: its technique is gated at category 1 (gates_LESS_1_ablations*); "
    "KAT entry 0 of LESS-3s/5s is replayed by less_tests";
constexpr LeftOut kLeftOut[] = {{"LESS-3", kAblationWhy, true}, {"LESS-5", kAblationWhy, true}};
#endif

inline bool starts_with(const char* s, const char* prefix) {
  return std::strncmp(s, prefix, std::strlen(prefix)) == 0;
}

// Whether `param_set` begins with one of the space-separated prefixes of `list`.
inline bool in_prefix_list(const char* param_set, const char* list) {
  while (*list != 0) {
    const char* end = list;
    while (*end != 0 && *end != ' ') ++end;
    const auto n = static_cast<std::size_t>(end - list);
    if (n > 0 && std::strncmp(param_set, list, n) == 0) return true;
    list = *end == ' ' ? end + 1 : end;
  }
  return false;
}

// Where v is gated: here, in another gates test of this platform, or nowhere on this
// platform (then `why` says why).
struct Placement {
  enum Kind { here, other_test, left_out } kind;
  const char* why;
};
inline bool in_part(const sigspace::Variant& v) {
  if (SIGSPACE_GATES_PART == 0) return true;
  if (SIGSPACE_GATES_PART == 1) return !sigspace::is_ablation(v);
  if (!sigspace::is_ablation(v) && std::strcmp(v.op_point, "reference") == 0) return true;
  const auto all = sigspace::ablations();
  for (std::size_t i = 0; i < all.size(); ++i)
    if (all[i] == &v) return i % 2 == static_cast<std::size_t>(SIGSPACE_GATES_PART - 2);
  return false;
}
inline Placement placement(const sigspace::Variant& v) {
  if (!starts_with(v.param_set, SIGSPACE_GATES_ONLY) ||
      in_prefix_list(v.param_set, SIGSPACE_GATES_ELSEWHERE))
    return {Placement::other_test, nullptr};
  if (SIGSPACE_GATES_PART == 1 && SIGSPACE_GATES_ABLATIONS_LEFT_OUT && sigspace::is_ablation(v))
    return {Placement::left_out,
            "ablation: gated on the host and the Cortex-M4 (gates_LESS_1_ablations*)"};
  if (!in_part(v)) return {Placement::other_test, nullptr};
  for (const LeftOut& l : kLeftOut)
    if (l.why != nullptr && starts_with(v.param_set, l.prefix) &&
        (!l.ablations_only || sigspace::is_ablation(v)))
      return {Placement::left_out, l.why};
  return {Placement::here, nullptr};
}

// fn(v) for every variant, operating points first, then ablations.
template <class Fn>
void for_each_variant(Fn fn) {
  for (const auto list : {sigspace::registry(), sigspace::ablations()})
    for (const sigspace::Variant* v : list) fn(*v);
}

}  // namespace gates
