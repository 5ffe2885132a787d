// write_less_kat (the kat-gen command) with 10 entries reproduces the official ten-entry .req
// and .rsp files byte for byte.
#include <gtest/gtest.h>
#include <unistd.h>

#include <fstream>
#include <iterator>

#include "less_test_support.hpp"

namespace {

std::string slurp(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>()};
}

class LessKatGen : public testing::TestWithParam<const sigspace::Variant*> {};

TEST_P(LessKatGen, TenEntriesMatchOfficialFiles) {
  const sigspace::Variant& v = *GetParam();
  char dir[] = "/tmp/less_katgen_XXXXXX";
  ASSERT_NE(mkdtemp(dir), nullptr);
  std::string error;
  ASSERT_EQ(sigspace::gates::write_less_kat(v, 10, dir, &error), 0) << error;
  for (const char* ext : {".req", ".rsp"}) {
    const std::string name = "/PQCsignKAT_" + std::to_string(v.pk_bytes) + ext;
    const std::string want = slurp(less_test::kat_path(v, ext));
    ASSERT_FALSE(want.empty()) << "cannot read " << less_test::kat_path(v, ext);
    EXPECT_TRUE(slurp(dir + name) == want) << v.id << ": " << name << " differs";
    std::remove((dir + name).c_str());
  }
  rmdir(dir);
}

INSTANTIATE_TEST_SUITE_P(Sets, LessKatGen, testing::ValuesIn(less_test::one_per_set()),
                         less_test::test_name);

}  // namespace
