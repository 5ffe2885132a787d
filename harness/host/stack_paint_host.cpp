// Host side of harness/common/stack_paint.hpp: fn runs on its own stack, a painted buffer
// switched to with ucontext, so the figure is fn's alone (TOOLCHAIN.md section 2: exact,
// unlike a painted pthread stack whose start/exit paths overlap fn's region).
#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>

#include <cstdio>
#include <algorithm>
#include <cstdlib>

#include "stack_paint.hpp"
#include "stack_region.hpp"

namespace sigspace {
namespace {

// Deep enough for any reference implementation; a guard page below turns an overflow into a
// crash instead of a silent write into other memory.
constexpr std::size_t kStackBytes = std::size_t{16} << 20;

struct Job {
  StackFn fn;
  void* arg;
  std::uint32_t* floor;
  std::size_t used;
};

thread_local Job* current_job = nullptr;  // makecontext passes only ints; the job goes here
thread_local std::size_t last_used = 0;   // of the last stack_measure on this thread

void on_painted_stack() {
  Job* job = current_job;
  job->used = stack_detail::paint_run_scan(job->floor, job->fn, job->arg);
}

unsigned char* painted_stack() {
  thread_local unsigned char* base = nullptr;
  if (base == nullptr) {
    const std::size_t page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
    void* m = mmap(nullptr, kStackBytes + page, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (m == MAP_FAILED || mprotect(m, page, PROT_NONE) != 0) {
      std::perror("stack_measure: mmap");
      std::abort();
    }
    base = static_cast<unsigned char*>(m) + page;
  }
  return base;
}

}  // namespace

std::size_t stack_measure(StackFn fn, void* arg) {
  unsigned char* stack = painted_stack();
  Job job{fn, arg, reinterpret_cast<std::uint32_t*>(stack), 0};
  ucontext_t caller{};
  ucontext_t callee{};
  if (getcontext(&callee) != 0) std::abort();
  callee.uc_stack.ss_sp = stack;
  callee.uc_stack.ss_size = kStackBytes;
  callee.uc_link = &caller;  // returning from on_painted_stack resumes here
  makecontext(&callee, on_painted_stack, 0);
  current_job = &job;
  if (swapcontext(&caller, &callee) != 0) std::abort();
  current_job = nullptr;
  last_used = job.used;
  return job.used;
}

std::span<const unsigned char> stack_measure_last_region() {
  if (last_used == 0 || last_used == kStackOverflow) return {};
  // used counts from the stack pointer paint_run_scan saw, a few frames below the top of the
  // buffer: the region reaches a page further down, which is either this call's bytes or paint.
  const std::size_t n = std::min(kStackBytes, last_used + 4096);
  return {painted_stack() + kStackBytes - n, n};
}

}  // namespace sigspace
