#include "operation.hpp"

#include <cstdlib>
#include <stdexcept>

#include "ops/host_ops.hpp"

namespace sigspace::measure {
namespace {

constexpr const char* kOpNames[] = {"keygen", "load_key", "sign", "verify"};

std::size_t workspace_of(const Variant& v, Op op) {
  switch (op) {
    case Op::keygen: return v.workspace.keygen;
    case Op::load_key: return v.workspace.load_key;
    case Op::sign: return v.workspace.sign;
    case Op::verify: return v.workspace.verify;
  }
  return 0;
}

MessageInput pure_input(const Buffer& message) {
  MessageInput in;
  in.message = Bytes(message.data(), message.size());
  return in;  // empty context, pure mode: the one interface every scheme supports
}

// Kept out of line so that the compiler cannot fold the synthetic usage into the window. A
// fixed-size array (not alloca, whose rounding adds padding) makes the known usage N bytes
// plus the function's own return address and saved registers.
template <std::size_t N>
[[gnu::noinline]] void synthetic_stack_of() {
  volatile std::uint8_t buf[N];
  buf[0] = 1;  // the lowest byte: the high-water mark reaches the whole array
  buf[N - 1] = 1;
  __asm__ volatile("" : : "r"(buf) : "memory");  // the array is used: keep it
}

void synthetic_stack(std::size_t bytes) {
  switch (bytes) {
    case 1000: synthetic_stack_of<1000>(); break;
    case 10000: synthetic_stack_of<10000>(); break;
    case 100000: synthetic_stack_of<100000>(); break;
    default: std::abort();  // prepare_synthetic admits only these sizes
  }
}

[[gnu::noinline]] void synthetic_heap(std::size_t bytes) {
  auto* p = static_cast<volatile std::uint8_t*>(std::malloc(bytes));
  if (p == nullptr) std::abort();
  p[0] = 1;
  std::free(const_cast<std::uint8_t*>(p));
}

}  // namespace

Op parse_op(const std::string& name) {
  for (int i = 0; i < 4; ++i)
    if (name == kOpNames[i]) return static_cast<Op>(i);
  throw std::invalid_argument("unknown operation '" + name + "' (keygen, load_key, sign, verify)");
}

const char* op_name(Op op) { return kOpNames[static_cast<int>(op)]; }

Fixture prepare(const Variant& v, Op op, std::uint32_t first, std::uint32_t count) {
  Fixture f;
  f.variant = &v;
  f.op = op;
  f.first = first;
  if (op == Op::sign || op == Op::verify) {
    const host::KeyPair key0 = host::keygen(v, key_seed(0, v.seed_bytes));
    f.pk = key0.pk;
    f.state = host::load_signing_key(v, key0.sk);
  }
  f.cases.resize(count);
  for (std::uint32_t i = 0; i < count; ++i) {
    Case& c = f.cases[i];
    const std::uint32_t k = first + i;
    if (op == Op::keygen || op == Op::load_key) c.seed = key_seed(k, v.seed_bytes);
    if (op == Op::load_key) c.sk = host::keygen(v, c.seed).sk;
    if (op == Op::sign || op == Op::verify) {
      c.message = message(k);
      c.rnd = signing_rnd(k, v.rnd_bytes);
      c.input = pure_input(c.message);
    }
    if (op == Op::verify) c.signature = host::sign_with_state(v, f.state, c.input, c.rnd);
  }
  f.workspace.assign(workspace_of(v, op), 0);
  f.out_pk.resize(v.pk_bytes);
  f.out_sk.resize(v.sk_bytes);
  f.out_state.resize(v.state_bytes);
  f.out_sig.resize(v.sig_max_bytes);
  return f;
}

Fixture prepare_synthetic(Fixture::Synthetic kind, std::size_t bytes) {
  if (kind == Fixture::Synthetic::stack && bytes != 1000 && bytes != 10000 && bytes != 100000)
    throw std::invalid_argument("synthetic stack sizes are 1000, 10000 and 100000 bytes");
  if (bytes == 0) throw std::invalid_argument("a synthetic usage needs at least one byte");
  Fixture f;
  f.synthetic = kind;
  f.synthetic_bytes = bytes;
  f.cases.resize(1);
  return f;
}

extern "C" [[gnu::noinline]] [[gnu::noclone]] int sigspace_probe_window(Fixture* f,
                                                                          std::size_t i) {
  if (f->skip_op) return 0;
  if (f->synthetic == Fixture::Synthetic::stack) {
    synthetic_stack(f->synthetic_bytes);
    return 0;
  }
  if (f->synthetic == Fixture::Synthetic::heap) {
    synthetic_heap(f->synthetic_bytes);
    return 0;
  }
  const Variant& v = *f->variant;
  const Case& c = f->cases[i];
  f->arena = Arena(f->workspace.data(), f->workspace.size());  // no state between windows
  Arena& ws = f->arena;
  Status s = Status::ok;
  switch (f->op) {
    case Op::keygen:
      s = v.keygen(c.seed.data(), f->out_pk.data(), f->out_sk.data(), ws);
      break;
    case Op::load_key:
      s = v.load_signing_key(Bytes(c.sk.data(), c.sk.size()), f->out_state.data(), ws);
      break;
    case Op::sign:
      s = v.sign(f->state.data(), c.input, c.rnd.data(), f->out_sig.data(), &f->out_sig_len, ws);
      break;
    case Op::verify:
      s = v.verify(Bytes(f->pk.data(), f->pk.size()), c.input,
                   Bytes(c.signature.data(), c.signature.size()), ws);
      break;
  }
  return static_cast<int>(s);
}

void check_window_status(const Fixture& f, int status) {
  if (status == static_cast<int>(Status::ok)) return;
  const char* who = f.variant != nullptr ? f.variant->id : "synthetic";
  throw std::runtime_error(std::string(who) + " " + op_name(f.op) + " returned " +
                           status_name(static_cast<Status>(status)) +
                           " inside the measurement window");
}

}  // namespace sigspace::measure
