// Host only: the stack bytes the last stack_measure call's function used, as it left them (the
// top `used` bytes of the painted ucontext stack; valid until the next call on this thread).
// The stack-residue gate reads what an operation leaves behind there.
#pragma once
#include <span>

namespace sigspace {

std::span<const unsigned char> stack_measure_last_region();

}  // namespace sigspace
