// Gates that hold for every variant of every scheme, on the host and on the boards (portable,
// minitest): the workspace contract (contract.hpp), API hygiene (hygiene.hpp) and byte identity
// with the reference of the parameter set on the hygiene inputs. Variants are taken from
// registry() and ablations(), never by name; coverage.hpp says which this image runs.
#include <cstdio>
#include <cstring>

#include "contract.hpp"
#include "coverage.hpp"
#include "hygiene.hpp"
#include "minitest.hpp"

#ifndef SIGSPACE_GATES_RUNS
#define SIGSPACE_GATES_RUNS 4  // hygiene runs per variant: run 0 at offset 0, the rest scattered
#endif

namespace {

using gates::ul;
using sigspace::Variant;

constexpr int kRuns = SIGSPACE_GATES_RUNS;
static_assert(kRuns >= 2, "determinism and alignment need a second run");

// One row per variant this image runs; filled by `coverage`, read by the other cases.
struct Row {
  const Variant* v;
  bool hygiene_ok;
  gates::Outputs out;
};
constexpr int kMaxRows = 256;
Row g_rows[kMaxRows];
int g_count = 0;

void coverage() {
  int total = 0, other = 0, left_out = 0;
  gates::for_each_variant([&](const Variant& v) {
    ++total;
    const gates::Placement p = gates::placement(v);
    if (p.kind == gates::Placement::other_test) {
      ++other;
    } else if (p.kind == gates::Placement::left_out) {
      ++left_out;
      std::printf("  %s: left out on this platform: %s\n", v.id, p.why);
    } else {
      MT_CHECK(g_count < kMaxRows);
      if (g_count < kMaxRows) g_rows[g_count++] = {&v, false, {}};
    }
  });
  std::printf(
      "  %d of %d variants run here, %d left out (listed above), %d run by the other "
      "gates tests (this one: sets \"%s*\"; elsewhere: \"%s\")\n",
      g_count, total, left_out, other, SIGSPACE_GATES_ONLY, SIGSPACE_GATES_ELSEWHERE);
  MT_CHECK(g_count > 0);
}

void workspace_contract() {
  for (const Row& r : std::span<const Row>(g_rows, static_cast<std::size_t>(g_count))) {
    gates::OpContract ops[4];
    const bool ok = gates::check_contract(*r.v, ops);
    std::printf("  %s:", r.v->id);
    for (const auto& op : ops)
      std::printf(" %s %lu %s;", op.op, ul(op.published),
                  op.error != nullptr ? op.error
                  : op.published == 0 ? "trivial"
                                      : "kept");
    std::printf("\n");
    MT_CHECK(ok);
  }
}

void api_hygiene() {
  for (Row& r : std::span<Row>(g_rows, static_cast<std::size_t>(g_count))) {
    const char* err = gates::check_hygiene(*r.v, kRuns, &r.out);
    r.hygiene_ok = err == nullptr;
    if (err == nullptr)
      std::printf("  %s: %d runs kept canaries, inputs and outputs; tampered signature refused%s\n",
                  r.v->id, kRuns, r.out.context ? "" : " (context refused, signed without)");
    else
      std::printf("  %s: %s\n", r.v->id, err);
    MT_CHECK(err == nullptr);
  }
}

const Row* row_of(const char* id) {
  for (const Row& r : std::span<const Row>(g_rows, static_cast<std::size_t>(g_count)))
    if (std::strcmp(r.v->id, id) == 0) return &r;
  return nullptr;
}

// Every variant's outputs on the hygiene inputs equal those of "<param set>/reference".
void identity_with_reference() {
  int compared = 0;
  for (const Row& r : std::span<const Row>(g_rows, static_cast<std::size_t>(g_count))) {
    char id[64];
    std::snprintf(id, sizeof id, "%s/reference", r.v->param_set);
    const Row* ref = row_of(id);
    if (ref == &r) {
      std::printf("  %s: is the reference of %s\n", r.v->id, r.v->param_set);
      continue;
    }
    const char* err = ref == nullptr     ? "its reference is not run in this image"
                      : !ref->hygiene_ok ? "its reference failed the hygiene runs"
                      : !r.hygiene_ok    ? "it failed the hygiene runs"
                                         : gates::differs_from_reference(r.out, ref->out);
    std::printf("  %s vs %s: %s\n", r.v->id, id, err != nullptr ? err : "identical");
    MT_CHECK(err == nullptr);
    ++compared;
  }
  std::printf("  %d variants compared with their reference\n", compared);
}

}  // namespace

int main() {
  static const minitest::Case cases[] = {{"coverage", coverage},
                                         {"workspace_contract", workspace_contract},
                                         {"api_hygiene", api_hygiene},
                                         {"identity_with_reference", identity_with_reference}};
  return minitest::run("gates", cases, sizeof cases / sizeof cases[0]);
}
