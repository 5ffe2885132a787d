#include "counting_alloc.hpp"

#include <cerrno>
#include <cstdint>
#include <cstdlib>

#include <malloc.h>

// glibc's own entry points, which stay reachable when the probe defines malloc itself.
extern "C" {
void* __libc_malloc(std::size_t);
void __libc_free(void*);
void* __libc_calloc(std::size_t, std::size_t);
void* __libc_realloc(void*, std::size_t);
void* __libc_memalign(std::size_t, std::size_t);
}

namespace sigspace::measure::heap_count {
namespace {

// A fixed table, because the bookkeeping of an allocator must not allocate. Operations are
// heap-free by the project's rules, so a handful of entries is the normal case.
constexpr std::size_t kMaxLive = 4096;
struct Block {
  void* p;
  std::size_t bytes;
};
Block live[kMaxLive];
std::size_t live_count = 0;
std::size_t live_bytes = 0;
Result result;
std::size_t process_live = 0;  // usable sizes: the only size known again at free time
std::size_t process_peak = 0;
bool open = false;
bool busy = false;  // re-entrancy guard (nothing here calls malloc, but be sure)

void note_process_alloc(void* p) {
  if (p == nullptr) return;
  process_live += malloc_usable_size(p);
  if (process_live > process_peak) process_peak = process_live;
}

void note_process_free(void* p) {
  if (p != nullptr) process_live -= malloc_usable_size(p);
}

void note_alloc(void* p, std::size_t bytes) {
  note_process_alloc(p);
  if (!open || p == nullptr || busy) return;
  busy = true;
  if (live_count == kMaxLive) {
    result.overflow = true;
  } else {
    live[live_count++] = {p, bytes};
    live_bytes += bytes;
    if (live_bytes > result.peak_bytes) result.peak_bytes = live_bytes;
  }
  ++result.allocations;
  busy = false;
}

void note_free(void* p) {
  note_process_free(p);
  if (!open || p == nullptr || busy) return;
  for (std::size_t i = 0; i < live_count; ++i) {
    if (live[i].p == p) {
      live_bytes -= live[i].bytes;
      live[i] = live[--live_count];
      return;
    }
  }
}

}  // namespace

void open_window() {
  live_count = 0;
  live_bytes = 0;
  result = Result{};
  open = true;
}

Result close_window() {
  open = false;
  return result;
}

std::size_t process_peak_bytes() { return process_peak; }

}  // namespace sigspace::measure::heap_count

using sigspace::measure::heap_count::note_alloc;
using sigspace::measure::heap_count::note_free;

extern "C" {

void* malloc(std::size_t n) noexcept {
  void* p = __libc_malloc(n);
  note_alloc(p, n);
  return p;
}

void free(void* p) noexcept {
  note_free(p);
  __libc_free(p);
}

void* calloc(std::size_t count, std::size_t size) noexcept {
  void* p = __libc_calloc(count, size);
  note_alloc(p, count * size);
  return p;
}

void* realloc(void* old, std::size_t n) noexcept {
  void* p = __libc_realloc(old, n);
  if (p != nullptr || n == 0) note_free(old);  // a failed realloc leaves the old block live
  note_alloc(p, n);
  return p;
}

void* memalign(std::size_t align, std::size_t n) noexcept {
  void* p = __libc_memalign(align, n);
  note_alloc(p, n);
  return p;
}

void* aligned_alloc(std::size_t align, std::size_t n) noexcept { return memalign(align, n); }

int posix_memalign(void** out, std::size_t align, std::size_t n) noexcept {
  if (align < sizeof(void*) || (align & (align - 1)) != 0) return EINVAL;
  void* p = memalign(align, n);
  if (p == nullptr) return ENOMEM;
  *out = p;
  return 0;
}

}  // extern "C"
