// The stack figure of one window: painted stack of the window with the operation, minus that
// of the same window with the operation skipped, so only the operation's own frames count
// (the paint trampoline and the window's dispatch are the same in both and cancel out).
#pragma once
#include <cstddef>

#include "operation.hpp"

namespace sigspace::measure {

struct StackFigure {
  std::size_t bytes = 0;
  int status = 0;  // the operation's Status
};

StackFigure measure_stack(Fixture& f, std::size_t case_index);

}  // namespace sigspace::measure
