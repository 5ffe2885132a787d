// The host sources by name: each fills every byte (two draws differ), an unknown name is an
// InputError naming the known ones, and the default policy keeps the levels apart.
#include <gtest/gtest.h>

#include <string>

#include "ops/host_ops.hpp"
#include "random/sources.hpp"

namespace {

using sigspace::host::Buffer;

class Source : public testing::TestWithParam<std::string> {};

TEST_P(Source, FillsAndDiffers) {
  const sigspace::RandomSource s = sigspace::host::random_source(GetParam());
  EXPECT_EQ(GetParam(), s.name);
  Buffer a(1000, 0), b(1000, 0);  // above getrandom's 256-byte single-call guarantee
  ASSERT_EQ(s(sigspace::MutBytes(a.data(), a.size())), sigspace::Status::ok);
  ASSERT_EQ(s(sigspace::MutBytes(b.data(), b.size())), sigspace::Status::ok);
  EXPECT_NE(a, b);
  int zero_tail = 0;  // a short fill would leave the end zero
  for (std::size_t i = a.size() - 32; i < a.size(); ++i) zero_tail += a[i] == 0;
  EXPECT_LT(zero_tail, 8);
}

INSTANTIATE_TEST_SUITE_P(Host, Source, testing::ValuesIn(sigspace::host::random_source_names()),
                         [](const testing::TestParamInfo<std::string>& p) {
                           std::string n = p.param;
                           for (char& c : n)
                             if (c == '-') c = '_';
                           return n;
                         });

TEST(Policy, DefaultsAndUnknownName) {
  const sigspace::RandomPolicy p = sigspace::host::make_policy("", "");
  EXPECT_STREQ(p.key_seed.name, "gcrypt-very-strong");
  EXPECT_STREQ(p.nonce.name, "shake-drbg");
  EXPECT_STREQ(sigspace::host::make_policy("os", "gcrypt-strong").nonce.name, "gcrypt-strong");
  try {
    sigspace::host::random_source("urandom");
    FAIL() << "no InputError";
  } catch (const sigspace::host::InputError& e) {
    EXPECT_NE(std::string(e.what()).find("unknown randomness source 'urandom' (os, "),
              std::string::npos)
        << e.what();
  }
}

}  // namespace
