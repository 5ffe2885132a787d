// write_less_kat (the kat-gen command) reproduces the official .req and .rsp files byte for
// byte. It writes the first two entries (two, so that the DRBG chaining from one entry to the
// next is covered) and compares them with the same leading part of the official files: the
// file format needs no more, and kat_test.cpp already replays every entry on the Release build,
// so writing all ten again would only double the suite's cost.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <iterator>

#include "less_test_support.hpp"

namespace {

std::string slurp(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>()};
}

// The official file up to the start of entry `count` (the whole file when it has no such entry).
std::string leading_entries(const std::string& text, int count) {
  const std::size_t at = text.find("count = " + std::to_string(count) + "\n");
  return at == std::string::npos ? text : text.substr(0, at);
}

class LessKatGen : public testing::TestWithParam<const sigspace::Variant*> {};

TEST_P(LessKatGen, FirstEntriesMatchOfficialFiles) {
  const sigspace::Variant& v = *GetParam();
  char dir[] = "/tmp/less_katgen_XXXXXX";
  ASSERT_NE(mkdtemp(dir), nullptr);
  std::string error;
  constexpr int count = 2;
  std::printf("LESS kat-gen: entries 0,1 written and compared with the official files' first "
              "entries (kat_test replays every entry)\n");
  ASSERT_EQ(sigspace::gates::write_less_kat(v, count, dir, &error), 0) << error;
  for (const char* ext : {".req", ".rsp"}) {
    const std::string name = "/PQCsignKAT_" + std::to_string(v.pk_bytes) + ext;
    const std::string want = leading_entries(slurp(less_test::kat_path(v, ext)), count);
    ASSERT_FALSE(want.empty()) << "cannot read " << less_test::kat_path(v, ext);
    EXPECT_TRUE(slurp(dir + name) == want) << v.id << ": " << name << " differs";
    std::remove((dir + name).c_str());
  }
  rmdir(dir);
}

INSTANTIATE_TEST_SUITE_P(Sets, LessKatGen, testing::ValuesIn(less_test::one_per_set()),
                         less_test::test_name);

}  // namespace
