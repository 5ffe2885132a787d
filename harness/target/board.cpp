// Board side of board.hpp and of stack_paint.hpp; constants come from sigspace_add_firmware's
// board table (harness/target/CMakeLists.txt).
#include "board.hpp"

#include <cerrno>
#include <cstddef>

extern "C" {
extern std::uint32_t __RamStart[], __StackLimit[], __StackTop[], end[];
}

// noipa: never inlined, cloned or merged with the other (identical) marker, so each keeps
// its own symbol and call site for the plugin.
extern "C" __attribute__((noipa)) void bench_start(void) { __asm__ volatile("" ::: "memory"); }
extern "C" __attribute__((noipa)) void bench_stop(void) { __asm__ volatile("nop" ::: "memory"); }

namespace {
struct CmsdkTimer {
  volatile std::uint32_t ctrl, value, reload, intstatus;
};
CmsdkTimer& timer0() { return *reinterpret_cast<CmsdkTimer*>(SIGSPACE_BOARD_TIMER0); }
}  // namespace

namespace sigspace {

std::size_t stack_measure(StackFn fn, void* arg) {
  return stack_detail::paint_run_scan(__StackLimit, fn, arg);
}

namespace board {

const char* machine() { return SIGSPACE_BOARD_MACHINE; }
std::uint32_t clock_hz() { return SIGSPACE_BOARD_CLOCK_HZ; }

static std::uint32_t span(const void* lo, const void* hi) {
  return static_cast<std::uint32_t>(reinterpret_cast<std::uintptr_t>(hi) -
                                    reinterpret_cast<std::uintptr_t>(lo));
}
std::uint32_t ram_bytes() { return span(__RamStart, __StackTop); }
std::uint32_t stack_bytes() { return span(__StackLimit, __StackTop); }

void timer_start() {
  timer0().ctrl = 0;
  timer0().reload = 0xFFFFFFFFu;
  timer0().value = 0xFFFFFFFFu;
  timer0().ctrl = 1;  // enable, system clock, no interrupt
}

std::uint32_t timer_ticks() { return 0xFFFFFFFFu - timer0().value; }

}  // namespace board
}  // namespace sigspace

// newlib's heap (printf's buffers, or a firmware's own malloc) grows from `end` up to the
// stack floor and no further; rdimon's weak _sbrk would stop only at the current SP.
extern "C" void* _sbrk(std::ptrdiff_t incr) {
  static char* brk = nullptr;  // constant-initialised: no guard, no constructor
  if (brk == nullptr) brk = reinterpret_cast<char*>(end);
  char* const limit = reinterpret_cast<char*>(__StackLimit);
  if (incr > limit - brk || incr < reinterpret_cast<char*>(end) - brk) {
    errno = ENOMEM;
    return reinterpret_cast<void*>(-1);
  }
  char* const old = brk;
  brk += incr;
  return old;
}
