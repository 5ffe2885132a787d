// The board layer of firmware images, kept as small as pqm4's HAL: startup (startup.c) has
// already set up RAM, the FPU and semihosting before main; printf and exit(code) go to the host.
// Figures measured here are instruction counts under QEMU, never cycles.
#pragma once
#include <cstdint>

#include "stack_paint.hpp"  // sigspace::stack_measure, implemented for the board in board.cpp

// Marker functions around one measured operation. They do nothing; a TCG plugin counts the
// guest instructions executed between their calls, finding them by symbol name.
extern "C" void bench_start(void);
extern "C" void bench_stop(void);

namespace sigspace::board {

const char* machine();           // "mps2-an386" or "mps2-an505"
std::uint32_t clock_hz();        // SYSCLK the timer counts: 25 MHz an386, 20 MHz an505
std::uint32_t ram_bytes();       // RAM granted to this image (RAM_BYTES)
std::uint32_t stack_bytes();     // stack region: RAM left above .data, .bss and the heap

// CMSDK timer 0, free-running 32-bit down-counter at clock_hz(). Only deterministic when QEMU
// runs with -icount (qemu-run --icount SHIFT); then instructions = ticks * 1e9 / (clock_hz
// * 2^SHIFT) (TOOLCHAIN.md section 3).
void timer_start();
std::uint32_t timer_ticks();     // ticks since timer_start()

}  // namespace sigspace::board
