// A tiny test framework that runs unchanged on the host and on a Cortex-M board under QEMU:
// no heap, no exceptions, output through printf (semihosting on the boards), the process exit
// code says pass (0) or fail (1). GoogleTest serves the host-only tests.
#pragma once
#include <cstdio>
#include <cstring>

namespace minitest {

struct Case {
  const char* name;
  void (*fn)();
};

inline int& failures() {
  static int n = 0;  // function-local static of a trivial type: no constructor runs
  return n;
}

inline void fail(const char* file, int line, const char* what) {
  std::printf("  FAIL %s:%d: %s\n", file, line, what);
  ++failures();
}

// Runs every case, prints a summary line, and returns the process exit code.
inline int run(const char* suite, const Case* cases, int count) {
  int failed_cases = 0;
  for (int i = 0; i < count; ++i) {
    const int before = failures();
    cases[i].fn();
    const bool ok = failures() == before;
    if (!ok) ++failed_cases;
    std::printf("[%s] %s.%s\n", ok ? "  OK  " : " FAIL ", suite, cases[i].name);
  }
  std::printf("%s: %d passed, %d failed\n", suite, count - failed_cases, failed_cases);
  return failed_cases == 0 ? 0 : 1;
}

}  // namespace minitest

#define MT_CHECK(cond)                                          \
  do {                                                          \
    if (!(cond)) minitest::fail(__FILE__, __LINE__, #cond);     \
  } while (0)

#define MT_CHECK_BYTES(a, b, n)                                             \
  do {                                                                      \
    if (std::memcmp((a), (b), (n)) != 0) minitest::fail(__FILE__, __LINE__, \
                                                        "bytes differ: " #a " vs " #b); \
  } while (0)
