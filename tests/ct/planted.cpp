#include "planted.hpp"

#include <valgrind/memcheck.h>

#include <cstdint>
#include <cstdio>
#include <cstring>

namespace sigspace::ct_planted {
namespace {

volatile std::uint32_t sink;  // keeps each arm of the branch a real store

// A branch on a secret bit: the gate must report it (UninitCondition).
[[gnu::noinline]] void planted_secret_branch(const std::uint8_t* secret) {
  if ((secret[3] & 1u) != 0) sink = 11;
  else sink = 7;
}

// A table index taken from a secret byte: the gate must report it (UninitValue, an address).
[[gnu::noinline]] void planted_secret_index(const std::uint8_t* secret) {
  static const std::uint8_t table[256] = {1, 2, 3, 4, 5, 6, 7, 8};
  sink = table[secret[5]];
}

// The same work done constant-time (a mask, a scan of the whole table): no finding.
[[gnu::noinline]] void planted_clean(const std::uint8_t* secret) {
  static const std::uint8_t table[256] = {1, 2, 3, 4, 5, 6, 7, 8};
  const std::uint32_t bit = secret[3] & 1u;
  std::uint32_t v = 7u ^ ((0u - bit) & (11u ^ 7u));
  const std::uint32_t want = secret[5];
  for (std::uint32_t i = 0; i < 256; ++i) {
    const std::uint32_t diff = i ^ want;
    const std::uint32_t equal = ((diff | (0u - diff)) >> 31) - 1u;  // all-ones when i == want
    v += table[i] & equal;
  }
  sink = v;
}

}  // namespace

int run(const char* name) {
  std::uint8_t secret[16];
  for (unsigned i = 0; i < sizeof secret; ++i) secret[i] = static_cast<std::uint8_t>(i * 37u + 1u);
  VALGRIND_MAKE_MEM_UNDEFINED(secret, sizeof secret);
  if (std::strcmp(name, "branch") == 0) planted_secret_branch(secret);
  else if (std::strcmp(name, "index") == 0) planted_secret_index(secret);
  else if (std::strcmp(name, "clean") == 0) planted_clean(secret);
  else return 2;
  std::printf("ct-run: done planted %s\n", name);
  return 0;
}

}  // namespace sigspace::ct_planted
