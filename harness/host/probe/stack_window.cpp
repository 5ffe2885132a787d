#include "stack_window.hpp"

#include <stdexcept>

#include "stack_paint.hpp"

namespace sigspace::measure {
namespace {

struct Call {
  Fixture* f;
  std::size_t i;
  int status;
};

void run_window(void* p) {
  auto* c = static_cast<Call*>(p);
  c->status = sigspace_probe_window(c->f, c->i);
}

std::size_t painted(Fixture& f, std::size_t i, int* status) {
  Call call{&f, i, 0};
  const std::size_t used = stack_measure(run_window, &call);
  if (used == kStackOverflow)
    throw std::runtime_error("the operation used the whole painted stack; its use is unknown");
  *status = call.status;
  return used;
}

}  // namespace

StackFigure measure_stack(Fixture& f, std::size_t case_index) {
  StackFigure out;
  const bool skip = f.skip_op;
  f.skip_op = true;
  int ignored = 0;
  const std::size_t baseline = painted(f, case_index, &ignored);
  f.skip_op = skip;
  const std::size_t with_op = painted(f, case_index, &out.status);
  out.bytes = with_op > baseline ? with_op - baseline : 0;
  return out;
}

}  // namespace sigspace::measure
