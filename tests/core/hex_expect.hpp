// Expected values in the tests are written as hex from the published examples. This compares
// bytes against such a string without a buffer (no heap, little stack on the boards) and prints
// what was computed when they differ, so a failure shows the value to look up.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>

#include "minitest.hpp"
#include "sigspace/bytes.hpp"

namespace hex_expect {

inline bool equals(const std::uint8_t* got, std::size_t n, const char* hex) {
  if (std::strlen(hex) != 2 * n) return false;
  for (std::size_t i = 0; i < n; ++i) {
    std::uint8_t want = 0;
    if (sigspace::from_hex({hex + 2 * i, 2}, {&want, 1}) != 1 || want != got[i]) return false;
  }
  return true;
}

inline void check(const std::uint8_t* got, std::size_t n, const char* hex, const char* file,
                  int line) {
  if (equals(got, n, hex)) return;
  minitest::fail(file, line, "bytes differ from the expected hex");
  std::printf("    got ");
  for (std::size_t i = 0; i < n; ++i) std::printf("%02x", got[i]);
  std::printf("\n    want %s\n", hex);
}

}  // namespace hex_expect

#define MT_CHECK_HEX(got, n, hex) hex_expect::check((got), (n), (hex), __FILE__, __LINE__)
