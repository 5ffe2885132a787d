// Stack painting against functions of known stack use: a leaf that fills a volatile buffer
// of N bytes uses N bytes plus at most a few words of alignment and saved registers (and the
// return address on x86-64). Runs on the host (ucontext) and on both boards.
#include <cstdio>

#include "minitest.hpp"
#include "stack_paint.hpp"

namespace {

// ASan puts red zones around every stack array, so its figures are larger by design. On
// x86-64 the figure includes the 8-byte return address and the padding to the ABI's 16-byte
// frame alignment (buf[1000] measures 1024); Cortex-M pushes no return address.
#if defined(__SANITIZE_ADDRESS__)
constexpr std::size_t kSlack = 512;
#elif defined(__x86_64__)
constexpr std::size_t kSlack = 24;
#else
constexpr std::size_t kSlack = 16;
#endif

// newlib on the boards has no %zu.
unsigned long ulong(std::size_t n) { return static_cast<unsigned long>(n); }

template <std::size_t N>
[[gnu::noinline]] void use_stack(void*) {
  volatile unsigned char buf[N];
  for (std::size_t i = 0; i < N; ++i) buf[i] = static_cast<unsigned char>(i);
  __asm__ volatile("" : : "r"(buf) : "memory");  // buf counts as used
}

[[gnu::noinline]] void use_nothing(void*) { __asm__ volatile("" ::: "memory"); }

template <std::size_t N>
void check_size() {
  const std::size_t used = sigspace::stack_measure(use_stack<N>, nullptr);
  std::printf("  stack_measure(buf[%lu]) = %lu\n", ulong(N), ulong(used));
  MT_CHECK(used >= N);
  MT_CHECK(used <= N + kSlack);
}

void sizes() {
  check_size<256>();
  check_size<1000>();
  check_size<10000>();
  check_size<100000>();
}

void nothing_is_nearly_zero() {
  const std::size_t used = sigspace::stack_measure(use_nothing, nullptr);
  std::printf("  stack_measure(nothing) = %lu\n", ulong(used));
  MT_CHECK(used <= 8);  // the return address on x86-64, 0 on Cortex-M
}

void repeatable() {
  const std::size_t a = sigspace::stack_measure(use_stack<4096>, nullptr);
  const std::size_t b = sigspace::stack_measure(use_stack<4096>, nullptr);
  MT_CHECK(a == b);
}

void callable_and_printf() {
  int calls = 0;
  auto op = [&] {
    ++calls;
    std::printf("  (printf inside a measured call)\n");
  };
  const std::size_t used = sigspace::stack_measure_call(op);
  std::printf("  stack_measure(printf) = %lu\n", ulong(used));
  MT_CHECK(calls == 1);
  MT_CHECK(used > 0 && used != sigspace::kStackOverflow);
}

const minitest::Case cases[] = {{"sizes", sizes},
                                {"nothing_is_nearly_zero", nothing_is_nearly_zero},
                                {"repeatable", repeatable},
                                {"callable_and_printf", callable_and_printf}};

}  // namespace

int main() { return minitest::run("stack_paint", cases, sizeof cases / sizeof cases[0]); }
