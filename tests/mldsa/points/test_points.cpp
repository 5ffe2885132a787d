// Host: every ML-DSA operating point and ablation equals the reference of its parameter set on
// 100 generated cases (deterministic, hedged, context, internal, external mu, HashML-DSA). The
// workspace contract of every variant is checked by tests/gates (host.gates and the boards').
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "points_check.hpp"

namespace {

std::vector<const sigspace::Variant*> points_list() {
  std::vector<const sigspace::Variant*> out;
  points::for_each_point([&](const sigspace::Variant& v) { out.push_back(&v); });
  return out;
}

std::string label(const testing::TestParamInfo<const sigspace::Variant*>& info) {
  std::string s = info.param->id;
  for (auto& ch : s)
    if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
  return s;
}

class Points : public testing::TestWithParam<const sigspace::Variant*> {};

TEST_P(Points, MatchesReferenceOn100Cases) {
  const auto& v = *GetParam();
  for (int i = 0; i < 100; ++i) {
    const char* err = points::compare_case(v, i);
    EXPECT_EQ(err, nullptr) << v.id << " case " << i << ": " << err;
  }
}

INSTANTIATE_TEST_SUITE_P(Registry, Points, testing::ValuesIn(points_list()), label);

TEST(Points, AblationsOfTheMemoryFloorAreRegistered) {
  int n = 0;
  for (const auto* v : sigspace::ablations())
    n += std::string(v->id).rfind("ML-DSA-65/memory-floor~", 0) == 0 ? 1 : 0;
  const sigspace::Variant* point = sigspace::find_variant("ML-DSA-65/memory-floor");
  ASSERT_NE(point, nullptr);
  EXPECT_EQ(n, static_cast<int>(point->techniques.size()));  // one ablation per technique
  EXPECT_EQ(n, 14);
}

}  // namespace
