// Counting allocator (ARCHITECTURE.md, heap on the host): the probe replaces malloc and its
// relatives (operator new reaches them through libstdc++), and while a window is open records
// every block it hands out, so the peak of live bytes allocated inside the window is exact to
// the requested byte. Blocks allocated before the window and freed inside it do not count.
#pragma once
#include <cstddef>

namespace sigspace::measure::heap_count {

struct Result {
  std::size_t peak_bytes = 0;    // highest sum of live in-window requests
  std::size_t allocations = 0;   // calls that returned a block
  bool overflow = false;         // more live blocks than the table holds: peak unknown
};

void open_window();
Result close_window();

// Highest sum of live usable block sizes since the process started (all allocations, not just
// windows). An upper bound of any heap profiler's peak so far, which is what the massif
// ballast needs (probe_main.cpp).
std::size_t process_peak_bytes();

}  // namespace sigspace::measure::heap_count
