// The workspace contract of one variant (ARCHITECTURE.md, "The variant descriptor"): each
// operation run in an arena of exactly its published size succeeds, peaks at exactly that size
// and leaves the block all zero; one byte less fails with Status::workspace_too_small and also
// leaves it zero; the same arena serves a second run, with the same result. An operation whose
// published workspace is 0 passes trivially and is reported so; a variant whose four figures
// are all 0 is not run at all.
#pragma once
#include "buffers.hpp"

namespace gates {

// One operation's verdict, for the variant's line in the test output.
struct OpContract {
  const char* op;
  std::size_t published;
  const char* error;  // nullptr: kept (or trivially kept when published is 0)
};

// The contract of `run(arena)`; `output()` digests what it wrote, so that the reused arena can be
// shown to give the same result.
template <class Run, class Output>
const char* contract(std::size_t published, Run run, Output output) {
  if (published == 0) {  // still run: the later operations need this one's outputs
    Arena none(g_ws, 0);
    return run(none) == Status::ok ? nullptr : "fails with no workspace";
  }
  Arena exact = painted_arena(published, 0xA5);
  if (run(exact) != Status::ok) return "fails in its published workspace";
  if (exact.peak() != published) return "peak differs from the published workspace";
  if (!workspace_zero(published)) return "workspace not zero afterwards";
  const Digest first = output();
  std::memset(g_ws, 0xA5, published);
  if (run(exact) != Status::ok) return "fails when its arena is reused";
  if (exact.peak() != published || !(output() == first)) return "reused arena: other result";
  if (!workspace_zero(published)) return "reused arena not zero afterwards";
  Arena small = painted_arena(published - 1, 0xA5);
  if (run(small) != Status::workspace_too_small) return "one byte less is not workspace_too_small";
  // What it was handed before giving up must be wiped; the rest it never saw.
  if (!workspace_zero(small.peak())) return "workspace not zero after the refusal";
  return nullptr;
}

// load_signing_key takes any form of the key its scheme accepts: the encoded secret key always,
// and the key-generation seed where the scheme allows it (ML-DSA, where it costs a keygen). The
// published figure is the largest over the forms, so the full contract applies to the form that
// peaks highest; every accepted form must succeed in that arena and leave it zero. Returns
// that form (the secret key or the seed in g_buf).
inline Bytes costliest_key_form(const Variant& v, const char** error) {
  const Bytes forms[] = {{g_buf.sk.data(), v.sk_bytes}, {g_buf.seed.data(), v.seed_bytes}};
  Bytes costliest = forms[0];
  std::size_t top = 0;
  for (const Bytes form : forms) {
    Arena exact = painted_arena(v.workspace.load_key, 0xA5);
    const Status st = v.load_signing_key(form, g_buf.state.data(), exact);
    if (st == Status::invalid_input && form.data() != forms[0].data())
      continue;                                               // not its scheme's
    if (st != Status::ok || !workspace_zero(exact.peak())) {  // what it was handed is wiped
      *error = "a key form fails in the published workspace or leaves it dirty";
      return costliest;
    }
    if (exact.peak() > top) top = exact.peak(), costliest = form;
  }
  return costliest;
}

// All four operations of v in turn (keygen, load_signing_key, sign, verify), each one's outputs
// feeding the next; results[i] gets each verdict. Returns false when an operation broke it.
inline bool check_contract(const Variant& v, OpContract (&results)[4]) {
  results[0] = {"keygen", v.workspace.keygen, nullptr};
  results[1] = {"load_signing_key", v.workspace.load_key, nullptr};
  results[2] = {"sign", v.workspace.sign, nullptr};
  results[3] = {"verify", v.workspace.verify, nullptr};
  if (largest_workspace(v) == 0) return true;
  if (const char* e = too_large(v)) {
    results[0].error = e;
    return false;
  }
  auto& b = g_buf;
  b.seed.arm(0, v.seed_bytes, 1);
  b.msg.arm(0, kMsgBytes, 2);
  b.rnd.arm(0, v.rnd_bytes, 3);
  b.pk.arm(0, v.pk_bytes, 4);
  b.sk.arm(0, v.sk_bytes, 5);
  b.state.arm(0, v.state_bytes, 6);
  b.sig.arm(0, v.sig_max_bytes, 7);
  fixed_input('s', b.seed.data(), v.seed_bytes);
  fixed_input('m', b.msg.data(), kMsgBytes);
  fixed_input('r', b.rnd.data(), v.rnd_bytes);
  const MessageInput in = message_input(false);  // every scheme signs with an empty context
  std::size_t len = 0;
  results[0].error = contract(
      v.workspace.keygen,
      [&](Arena& a) { return v.keygen(b.seed.data(), b.pk.data(), b.sk.data(), a); },
      [&] {
        return digest_of(b.pk.data(), v.pk_bytes, {b.sk.data(), v.sk_bytes});
      });
  if (results[0].error != nullptr) return false;
  const Bytes key = costliest_key_form(v, &results[1].error);
  if (results[1].error == nullptr)
    results[1].error = contract(
        v.workspace.load_key, [&](Arena& a) { return v.load_signing_key(key, b.state.data(), a); },
        [&] { return digest_of(b.state.data(), v.state_bytes); });
  if (results[1].error != nullptr) return false;
  results[2].error = contract(
      v.workspace.sign,
      [&](Arena& a) {
        const std::uint8_t* rnd = v.rnd_bytes > 0 ? b.rnd.data() : nullptr;
        std::size_t n = 0;  // the refused run (one byte less) must not clear the length
        const Status st = v.sign(b.state.data(), in, rnd, b.sig.data(), &n, a);
        if (st == Status::ok) len = n;
        return st;
      },
      [&] { return digest_of(b.sig.data(), len); });
  if (results[2].error != nullptr) return false;
  results[3].error = contract(
      v.workspace.verify,
      [&](Arena& a) {
        return v.verify({b.pk.data(), v.pk_bytes}, in, {b.sig.data(), len}, a);
      },
      [] { return Digest{}; });
  return results[3].error == nullptr;
}

}  // namespace gates
