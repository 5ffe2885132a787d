// Stack high-water mark of one call, by painting (TOOLCHAIN.md section 2). The same algorithm
// runs on the boards (the real stack, floor __StackLimit) and on the host (a ucontext stack
// in a painted buffer), so stack figures of both platforms mean the same thing.
#pragma once
#include <cstddef>
#include <cstdint>

namespace sigspace {

using StackFn = void (*)(void*);

// Result when fn reached the floor of the painted region: its use is unknown (too deep).
inline constexpr std::size_t kStackOverflow = SIZE_MAX;

// Bytes of stack that fn(arg) used below the caller's stack pointer at the call: its frames,
// saved registers, everything it calls, and on x86-64 the return address and the red zone.
// Exact to the word; repeatable. Defined per platform: harness/target/board.cpp and
// harness/host/stack_paint_host.cpp.
std::size_t stack_measure(StackFn fn, void* arg);

// Convenience for a callable: stack_measure_call([&] { op(...); }).
template <class F>
std::size_t stack_measure_call(F& f) {
  return stack_measure([](void* p) { (*static_cast<F*>(p))(); }, &f);
}

namespace stack_detail {

inline constexpr std::uint32_t kPaint = 0xDEADBEEFu;

[[gnu::always_inline]] inline std::uintptr_t current_sp() {
  std::uintptr_t sp;
#if defined(__x86_64__)
  __asm__ volatile("mov %%rsp, %0" : "=r"(sp));
#elif defined(__aarch64__) || defined(__arm__)
  __asm__ volatile("mov %0, sp" : "=r"(sp));
#else
#error "stack_paint.hpp: add the stack-pointer read for this architecture"
#endif
  return sp;
}

// Paints [floor, SP) and calls fn, then finds the lowest word fn changed. The painting is
// inline, in this non-leaf function: its own frame is above SP and a non-leaf function never
// uses a red zone, so everything below SP is free until fn is called. A word that fn happens
// to write with the paint value itself is missed (at most an underestimate by that word).
[[gnu::noinline]] inline std::size_t paint_run_scan(std::uint32_t* floor, StackFn fn, void* arg) {
  const std::uintptr_t sp0 = current_sp() & ~std::uintptr_t{3};
  volatile std::uint32_t* const lo = floor;
  volatile std::uint32_t* const hi = reinterpret_cast<volatile std::uint32_t*>(sp0);
  for (volatile std::uint32_t* p = lo; p < hi; ++p) *p = kPaint;
  fn(arg);
  volatile std::uint32_t* p = lo;
  while (p < hi && *p == kPaint) ++p;
  if (p == lo) return kStackOverflow;
  return static_cast<std::size_t>(sp0 - reinterpret_cast<std::uintptr_t>(p));
}

}  // namespace stack_detail
}  // namespace sigspace
