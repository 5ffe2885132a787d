// Shared helpers of the LESS GoogleTest suites: the registered LESS variants and their KAT files.
#pragma once
#include <gtest/gtest.h>

#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "less_kat.hpp"
#include "sigspace/variant.hpp"

namespace less_test {

// Every LESS variant linked in: the operating points, then their ablations.
inline std::vector<const sigspace::Variant*> less_variants() {
  std::vector<const sigspace::Variant*> out;
  for (const auto list : {sigspace::registry(), sigspace::ablations()})
    for (const sigspace::Variant* v : list)
      if (std::strcmp(v->scheme, "LESS") == 0) out.push_back(v);
  return out;
}


// One variant per parameter set (the first registered), for checks that do not depend on the
// operating point beyond byte identity.
inline std::vector<const sigspace::Variant*> one_per_set() {
  std::vector<const sigspace::Variant*> out;
  for (const sigspace::Variant* v : less_variants()) {
    bool seen = false;
    for (const sigspace::Variant* u : out) seen |= std::strcmp(u->param_set, v->param_set) == 0;
    if (!seen) out.push_back(v);
  }
  return out;
}

// Which KAT entries a replay runs. The Release host build replays every entry of the
// category-1 points, and entries 0,1 of their ablations (each is its point with one technique
// off; the gates compare every ablation with the reference on other inputs too). At categories
// 3 and 5 (a LESS-5b signature takes seconds, a memory-floor one about ten on the host) a point
// replays entries 0,1 and an ablation entry 0: the code is category 1's with other sizes. The
// sanitizer build (host-asan; GCC defines __SANITIZE_ADDRESS__) runs category 1 with the
// subset of categories 3 and 5: under ASan a LESS signature costs several times the Release
// one, and the memory checks gain nothing from more entries of the same code path. The boards
// replay entry 0 (tests/less/board). SIGSPACE_LESS_KAT=full replays every entry everywhere (the
// full sweep, outside the suite; its last results are under results/kat/):
//   SIGSPACE_LESS_KAT=full build/host/tests/less/less_tests --gtest_filter='Registry/LessKat.*'
#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool kSanitizerBuild = true;
#else
inline constexpr bool kSanitizerBuild = false;
#endif

inline bool kat_full_sweep() {
  const char* mode = std::getenv("SIGSPACE_LESS_KAT");
  if (mode == nullptr) return false;
  if (std::strcmp(mode, "full") != 0) {
    std::fprintf(stderr, "SIGSPACE_LESS_KAT=%s: the only value is 'full' (or unset)\n", mode);
    std::exit(2);
  }
  return true;
}

// How many leading entries of its file a replay of v runs (0: all of them).
inline int kat_subset_entries(const sigspace::Variant& v) {
  if (kat_full_sweep()) return 0;
  const bool category1 = v.param_set[5] == '1';  // "LESS-1b"
  if (!sigspace::is_ablation(v)) return category1 && !kSanitizerBuild ? 0 : 2;
  return category1 && !kSanitizerBuild ? 2 : 1;
}

inline bool kat_entry_selected(const sigspace::Variant& v, int index) {
  const int n = kat_subset_entries(v);
  return n == 0 || index < n;
}

// The variants the KAT replay runs: every point, and every ablation but those of LESS-3b and
// LESS-5b (the same code as LESS-3s and LESS-5s, whose ablations replay entry 0, with more
// rounds: a LESS-5b memory-floor ablation takes ten seconds an entry). SIGSPACE_LESS_KAT=full
// runs them all.
inline std::vector<const sigspace::Variant*> kat_variants() {
  std::vector<const sigspace::Variant*> out;
  for (const sigspace::Variant* v : less_variants()) {
    const bool big_b = v->param_set[5] != '1' && v->param_set[6] == 'b';  // "LESS-3b", "LESS-5b"
    if (kat_full_sweep() || !sigspace::is_ablation(*v) || !big_b) out.push_back(v);
  }
  return out;
}

// The variants the tamper tests run: every operating point, and in the Release build the
// ablations of category 1. An ablation is its point with one technique off, so its verify at
// categories 3 and 5 is the category-1 code with other sizes; there, and under the sanitizers
// (the Release build has run them), rejecting tampered signatures (a full verify each, seconds
// at category 5) is left to the points. SIGSPACE_LESS_KAT=full runs them all.
inline std::vector<const sigspace::Variant*> tamper_variants() {
  std::vector<const sigspace::Variant*> out;
  for (const sigspace::Variant* v : less_variants())
    if (kat_full_sweep() || !sigspace::is_ablation(*v) || (!kSanitizerBuild && v->param_set[5] == '1'))
      out.push_back(v);
  return out;
}

// The line every replay prints, so the test output says what was covered.
inline void print_kat_coverage(const sigspace::Variant& v, int total) {
  const int n = kat_subset_entries(v);
  if (n == 0 || n >= total) {
    std::printf("LESS KAT %s: all %d entries (full replay)\n", v.id, total);
    return;
  }
  std::printf("LESS KAT subset (%s): %s ", v.id, n == 1 ? "entry" : "entries");
  for (int i = 0; i < n; ++i) std::printf(i ? ",%d" : "%d", i);
  std::printf(" of %d (%s; SIGSPACE_LESS_KAT=full replays every entry)\n", total,
              kSanitizerBuild         ? "sanitizer build"
              : v.param_set[5] == '1' ? "an ablation of category 1"
                                      : "category 3 or 5");
}

inline std::string kat_path(const sigspace::Variant& v, const char* ext) {
  return std::string(SIGSPACE_KAT_DIR) + "/less/PQCsignKAT_" + std::to_string(v.pk_bytes) + ext;
}

// n of the parameter set: 252, 400 or 548 by category (less-v2.0.md section 1).
inline unsigned code_length(const sigspace::Variant& v) {
  const char cat = v.param_set[5];  // "LESS-1b"
  return cat == '1' ? 252 : cat == '3' ? 400 : 548;
}

// gtest parameter names: the variant id with every non-alphanumeric character as '_'.
inline std::string param_name(const sigspace::Variant* v) {
  std::string s = v->id;
  for (char& c : s)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return s;
}
inline std::string test_name(const testing::TestParamInfo<const sigspace::Variant*>& p) {
  return param_name(p.param);
}

}  // namespace less_test
