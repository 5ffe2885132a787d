// Measurement firmware of one variant, chosen at build time by its id (SIGSPACE_PROBE_VARIANT_ID)
// from the compile-time registry (variants/registry.hpp): the lookup is a constant expression, so
// the image links that variant alone and its code size means something. It
// runs the fixed transcript sequence (harness/common/transcript.hpp) with every operation in
// its own window: painted stack around it, bench_start()/bench_stop() inside for the TCG
// plugin's instruction count. Keys, messages and signatures live in main's frame, above the
// painted region, as in pqm4's figures. Output, one line each, read by
// analysis/sigspace/platforms/board.py:
//   SIGSPACE begin variant=<id> machine=<m> ram=<bytes> messages=<n> pk=flash|ram
//   SIGSPACE window=<k> op=<op> msg=<i> stack=<bytes>      (k counts the plugin's windows)
//   SIGSPACE ram static=<data+bss> heap=<bytes> buffers=<bytes above the windows>
//   SIGSPACE transcript=<sha3-256 hex>
//   SIGSPACE error=<what> ...                             (and a nonzero exit)
// Exit codes: 0 ok, 1 an operation failed, 3 the image's RAM is too small for this variant.
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "board.hpp"
#include "fixed_pk.hpp"
#include "transcript.hpp"
#include "registry.hpp"

extern "C" std::uint8_t __RamStart[], __StackLimit[], end[];

namespace {

using namespace sigspace;
namespace tr = transcript;

constexpr int kExitFailed = 1;
constexpr int kExitNoFit = 3;
constexpr std::size_t kStackReserve = 4096;  // printf and the window's own frames

unsigned g_window = 0;
std::uintptr_t g_window_sp = 0;  // SP just above the painted region (the buffers' floor)

// Calls op() between the markers, inside a painted-stack measurement. The result is the bytes
// below the caller's SP, so it includes this lambda's small frame; the empty window measured
// first shows that baseline (and the markers' instruction overhead) to subtract.
template <class Op>
void window(const char* name, std::uint32_t index, Op&& op, Status* status) {
  auto body = [&] {
    bench_start();
    *status = op();
    bench_stop();
  };
  g_window_sp = stack_detail::current_sp();
  const std::size_t used = stack_measure_call(body);
  ++g_window;
  if (used == kStackOverflow) {
    std::printf("SIGSPACE error=stack-overflow window=%u op=%s msg=%lu ram=%lu\n", g_window, name,
                static_cast<unsigned long>(index),
                static_cast<unsigned long>(board::ram_bytes()));
    std::exit(kExitNoFit);  // on the M4 the overflow may have hit static data: stop here
  }
  std::printf("SIGSPACE window=%u op=%s msg=%lu stack=%lu\n", g_window, name,
              static_cast<unsigned long>(index), static_cast<unsigned long>(used));
}

std::size_t span(const void* lo, const void* hi) {
  return reinterpret_cast<std::uintptr_t>(hi) - reinterpret_cast<std::uintptr_t>(lo);
}

int measure(const Variant& v, MutBytes block) {
  const tr::Buffers b = tr::carve(v, block);
  Status s = Status::ok;
  window("empty", 0, [] { return Status::ok; }, &s);
  std::uint8_t digest[tr::kDigestBytes];
  const tr::Outcome o = tr::run(v, SIGSPACE_PROBE_MESSAGES, b, probe::fixed_pk(),
      [&](tr::Op op, std::uint32_t i, auto&& run) {
        window(tr::op_name(op), i, run, &s);
        return s;
      },
      digest);
  if (!o.ok()) {
    std::printf("SIGSPACE error=op-failed op=%s msg=%lu status=%s what=\"%s\"\n",
                tr::op_name(o.op), static_cast<unsigned long>(o.index), status_name(o.status),
                o.what);
    return kExitFailed;
  }
  const std::uintptr_t top = reinterpret_cast<std::uintptr_t>(__RamStart) + board::ram_bytes();
  std::printf("SIGSPACE ram static=%lu heap=%lu buffers=%lu\n",
              static_cast<unsigned long>(span(__RamStart, end)),
              static_cast<unsigned long>(span(end, __StackLimit)),
              static_cast<unsigned long>(top - g_window_sp));
  char hex[2 * tr::kDigestBytes + 1] = {};
  to_hex(Bytes(digest, sizeof digest), std::span<char>(hex, 2 * tr::kDigestBytes));
  std::printf("SIGSPACE transcript=%s\n", hex);
  return 0;
}

}  // namespace

static_assert(is_registered(SIGSPACE_PROBE_VARIANT_ID),
              "SIGSPACE_PROBE_VARIANT_ID names no registered variant or ablation");
constexpr const Variant* kProbed = find_registered(SIGSPACE_PROBE_VARIANT_ID);

int main() {
  const Variant& v = *kProbed;
  std::printf("SIGSPACE begin variant=%s machine=%s ram=%lu messages=%u pk=%s\n", v.id,
              board::machine(), static_cast<unsigned long>(board::ram_bytes()),
              static_cast<unsigned>(SIGSPACE_PROBE_MESSAGES),
              probe::fixed_pk().empty() ? "ram" : "flash");
  // The buffers are sized by the descriptor at run time, so they go on main's stack.
  const std::size_t need = tr::buffer_bytes(v);
  const std::size_t free_stack = span(__StackLimit, reinterpret_cast<void*>(stack_detail::current_sp()));
  if (need + kStackReserve > free_stack) {
    std::printf("SIGSPACE error=buffers-do-not-fit buffers=%lu free=%lu\n",
                static_cast<unsigned long>(need), static_cast<unsigned long>(free_stack));
    return kExitNoFit;
  }
  auto* block = static_cast<std::uint8_t*>(__builtin_alloca(need));
  return measure(v, MutBytes(block, need));
}
