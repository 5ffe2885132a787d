// One operation of one variant, prepared so that the measurement window holds that operation
// and nothing else: keys, messages, signatures, workspace and output buffers are made before
// the window opens (ARCHITECTURE.md, Measurement). Shared by the probe and the gbench runner.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "measure_inputs.hpp"
#include "sigspace/variant.hpp"

namespace sigspace::measure {

enum class Op { keygen, load_key, sign, verify };
Op parse_op(const std::string& name);  // throws std::invalid_argument listing the names
const char* op_name(Op op);

// Input index k means: keygen and load_key use key seed k; sign signs message k with
// randomness k under key 0; verify checks that signature of message k under key 0.
struct Case {
  Buffer seed, sk, message, rnd, signature;
  MessageInput input;  // spans into message (and an empty context)
};

struct Fixture {
  const Variant* variant = nullptr;
  Op op = Op::keygen;
  Buffer pk, state;          // key 0: verify reads pk, sign reads state
  std::vector<Case> cases;   // cases[i] is input index first + i
  std::uint32_t first = 0;
  Buffer workspace;          // exactly the published workspace of op
  Arena arena;               // over workspace, renewed by every window (held here, not as a
                             // local, so that the window's own frame stays a few bytes)
  Buffer out_pk, out_sk, out_state, out_sig;
  std::size_t out_sig_len = 0;
  bool skip_op = false;      // run the window without the operation (baseline of a method)

  // A synthetic operation of known cost replaces the variant (accuracy tests of the methods).
  enum class Synthetic { none, stack, heap } synthetic = Synthetic::none;
  std::size_t synthetic_bytes = 0;
};

// Prepares inputs first..first+count-1 for op (keygen etc. run here, outside any window).
Fixture prepare(const Variant& v, Op op, std::uint32_t first, std::uint32_t count);
Fixture prepare_synthetic(Fixture::Synthetic kind, std::size_t bytes);

// The measurement window: exactly one operation on case i. noinline and extern "C" so that
// callgrind can toggle collection on its name and the stack is measured around its call.
// Returns the operation's Status as an int.
extern "C" int sigspace_probe_window(Fixture* f, std::size_t i);

// Throws std::runtime_error unless the window's status is what the operation must return.
void check_window_status(const Fixture& f, int status);

}  // namespace sigspace::measure
