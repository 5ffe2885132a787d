// Every entry of the official LESS v2.0 NIST KAT files (read in place) is reproduced byte for
// byte by every registered LESS variant: pk, sk, sm, and sm opens again. Categories 3 and 5,
// and the sanitizer build, replay a subset (less_test_support.hpp, kat_subset_entries) and
// print which; the ablations of LESS-3b and LESS-5b are left to the full sweep (kat_variants).
#include <gtest/gtest.h>

#include <cstdio>

#include "less_test_support.hpp"

namespace {

using sigspace::Status;
using sigspace::Variant;

class LessKat : public testing::TestWithParam<const Variant*> {};

TEST_P(LessKat, ReproducesEveryEntry) {
  const Variant& v = *GetParam();
  std::vector<sigspace::gates::NistKatEntry> entries;
  ASSERT_NO_THROW(entries = sigspace::gates::parse_nist_rsp(less_test::kat_path(v, ".rsp")));
  ASSERT_FALSE(entries.empty()) << "no entries in " << less_test::kat_path(v, ".rsp");
  int ran = 0, index = 0;
  less_test::print_kat_coverage(v, static_cast<int>(entries.size()));
  for (const auto& e : entries) {
    if (!less_test::kat_entry_selected(v, index++)) continue;
    SCOPED_TRACE("count = " + std::to_string(e.count));
    ASSERT_EQ(e.msg.size(), e.mlen);
    ASSERT_EQ(e.sm.size(), e.smlen);
    const auto out = sigspace::gates::run_less_kat_entry(v, e.seed, e.msg);
    EXPECT_EQ(out.pk, e.pk);
    EXPECT_EQ(out.sk, e.sk);
    EXPECT_EQ(out.sm, e.sm);
    std::vector<std::uint8_t> opened;
    EXPECT_EQ(sigspace::gates::less_open(v, e.pk, e.sm, &opened), Status::ok);
    EXPECT_EQ(opened, e.msg);
    ++ran;
  }
  ASSERT_GT(ran, 0);
  std::printf("%s: %d of %zu KAT entries reproduced\n", v.id, ran, entries.size());
}

INSTANTIATE_TEST_SUITE_P(Registry, LessKat, testing::ValuesIn(less_test::kat_variants()),
                         less_test::test_name);

}  // namespace
