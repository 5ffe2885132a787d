// API hygiene of one variant (ARCHITECTURE.md, gate 3), after SUPERCOP's try.c: keygen,
// load_signing_key, sign and verify run several times on the same inputs, each run with its
// buffers at other offsets and its workspace painted differently. Every call must leave the
// pattern around its outputs and every byte of its inputs' slots as they were; every run must
// produce the same outputs (deterministic and independent of alignment and of stale
// workspace); verify must accept the signature and refuse it with one bit flipped.
#pragma once
#include "buffers.hpp"

namespace gates {

// What a variant produced: the figures later runs, and the other variants of its parameter
// set, are compared with.
struct Outputs {
  Digest pk, sk, state, sig;
  std::size_t sig_len = 0;
  bool context = true;  // it signs with a context (LESS refuses one and signs with none)
  bool operator==(const Outputs& o) const {
    return pk == o.pk && sk == o.sk && state == o.state && sig == o.sig && sig_len == o.sig_len &&
           context == o.context;
  }
};

// Run 0 puts every buffer at offset 0; later runs scatter the slots over 0..15, each slot at a
// different offset from its neighbours, so no two buffers share an alignment by accident.
// `align` is what the caller promises for that buffer: 1 for byte strings; the retained state
// is an object the variant builds in place (speed-ceiling's State), so it is handed in aligned
// as the descriptor requires (kStateAlignment), and a misaligned one must be refused.
inline std::size_t offset_of(int run, int slot, std::size_t align = 1) {
  const auto off = static_cast<std::size_t>(5 * run + 3 * slot) % (kMaxOffset + 1);
  return run == 0 ? 0 : off - off % align;
}
constexpr std::size_t kStateAlign = sigspace::kStateAlignment;
inline std::uint8_t workspace_fill(int run) { return static_cast<std::uint8_t>(0x5B * run); }

// Arms the slots of one run: offsets, fresh pattern, then the fixed inputs written in.
inline void arm_run(const Variant& v, int run) {
  int slot = 0;
  auto arm = [&](auto& s, std::size_t n, std::size_t align = 1) {
    s.arm(offset_of(run, slot, align), n,
          static_cast<std::uint8_t>(0x11 * (slot + 1) + 0x40 * run));
    ++slot;
  };
  arm(g_buf.seed, v.seed_bytes);
  arm(g_buf.pk, v.pk_bytes);
  arm(g_buf.sk, v.sk_bytes);
  arm(g_buf.state, v.state_bytes, kStateAlign);
  arm(g_buf.sig, v.sig_max_bytes);
  arm(g_buf.msg, kMsgBytes);
  arm(g_buf.ctx, kCtxBytes);
  arm(g_buf.rnd, v.rnd_bytes);
  fixed_input('s', g_buf.seed.data(), v.seed_bytes);
  fixed_input('m', g_buf.msg.data(), kMsgBytes);
  fixed_input('c', g_buf.ctx.data(), kCtxBytes);
  fixed_input('r', g_buf.rnd.data(), v.rnd_bytes);
}

// Whole-slot digests of the inputs of a call, taken before it and compared after it.
struct InputsSeal {
  Digest d[4];
  int n = 0;
  template <class... S>
  explicit InputsSeal(const S&... slots) {
    ((d[n++] = slots.whole()), ...);
  }
  template <class... S>
  bool unchanged(const S&... slots) const {
    int i = 0;
    return ((d[i++] == slots.whole()) && ...);
  }
};

inline const std::uint8_t* rnd_arg(const Variant& v) {
  return v.rnd_bytes > 0 ? g_buf.rnd.data() : nullptr;
}

// Run `run` of v; `probe_context`: try a context first and record whether v accepts one,
// else sign with out->context as given. Returns nullptr, or what went wrong.
inline const char* run_once(const Variant& v, int run, bool probe_context, Outputs* out) {
  arm_run(v, run);
  const std::uint8_t fill = workspace_fill(run);
  auto& b = g_buf;

  const InputsSeal seed_in(b.seed);
  Arena kw = painted_arena(v.workspace.keygen, fill);
  if (v.keygen(b.seed.data(), b.pk.data(), b.sk.data(), kw) != Status::ok) return "keygen failed";
  if (!seed_in.unchanged(b.seed)) return "keygen changed its seed";
  if (!b.pk.guards_intact()) return "keygen wrote outside the public key";
  if (!b.sk.guards_intact()) return "keygen wrote outside the secret key";

  const InputsSeal sk_in(b.sk);
  Arena lw = painted_arena(v.workspace.load_key, fill);
  if (v.load_signing_key({b.sk.data(), v.sk_bytes}, b.state.data(), lw) != Status::ok)
    return "load_signing_key failed";
  if (!sk_in.unchanged(b.sk)) return "load_signing_key changed the secret key";
  if (!b.state.guards_intact()) return "load_signing_key wrote outside the state";

  const InputsSeal sign_in(b.state, b.msg, b.ctx, b.rnd);
  std::size_t len = 0;
  auto sign = [&](bool ctx) {
    Arena sw = painted_arena(v.workspace.sign, fill);
    return v.sign(b.state.data(), message_input(ctx), rnd_arg(v), b.sig.data(), &len, sw);
  };
  Status st = sign(probe_context ? true : out->context);
  if (probe_context) {
    out->context = st != Status::invalid_input;  // a refused context is the scheme's rule
    if (!out->context) st = sign(false);
  }
  if (st != Status::ok) return "sign failed";
  if (!sign_in.unchanged(b.state, b.msg, b.ctx, b.rnd)) return "sign changed an input";
  if (!b.sig.guards_intact()) return "sign wrote outside the signature";
  if (len == 0 || len > v.sig_max_bytes) return "signature length out of range";

  const MessageInput in = message_input(out->context);
  const InputsSeal verify_in(b.pk, b.msg, b.ctx, b.sig);
  Arena vw = painted_arena(v.workspace.verify, fill);
  if (v.verify({b.pk.data(), v.pk_bytes}, in, {b.sig.data(), len}, vw) != Status::ok)
    return "verify refused the signature";
  if (!verify_in.unchanged(b.pk, b.msg, b.ctx, b.sig)) return "verify changed an input";

  out->pk = b.pk.contents();
  out->sk = b.sk.contents();
  out->state = b.state.contents();
  out->sig = b.sig.contents(len);
  out->sig_len = len;

  // Last, with every output taken: a state that is not kStateAlignment-aligned is refused, by
  // load_signing_key and by sign, before they touch it.
  Arena mw = painted_arena(v.workspace.load_key, fill);
  if (v.load_signing_key({b.sk.data(), v.sk_bytes}, b.state.data() + 1, mw) !=
      Status::invalid_input)
    return "load_signing_key took a state that is not kStateAlignment-aligned";
  std::size_t refused_len = 1;
  Arena ms = painted_arena(v.workspace.sign, fill);
  if (v.sign(b.state.data() + 1, message_input(false), rnd_arg(v), b.sig.data(), &refused_len,
             ms) != Status::invalid_input ||
      refused_len != 0)
    return "sign took a state that is not kStateAlignment-aligned";
  return nullptr;
}

// One bit of the last run's signature flipped (position and bit vary with the length): verify
// must refuse it. The bit is restored afterwards.
inline const char* tampered_signature_refused(const Variant& v, const Outputs& o) {
  std::uint8_t* s = g_buf.sig.data();
  const std::size_t at = (o.sig_len * 5) / 7;
  const auto bit = static_cast<std::uint8_t>(1u << (o.sig_len % 8));
  s[at] ^= bit;
  Arena vw = painted_arena(v.workspace.verify, 0);
  const Status st =
      v.verify({g_buf.pk.data(), v.pk_bytes}, message_input(o.context), {s, o.sig_len}, vw);
  s[at] ^= bit;
  return st == Status::ok ? "verify accepted a signature with one bit flipped" : nullptr;
}

// `runs` runs of v (at least 2); *first receives run 0's outputs. When a later run differs, run
// 0's offsets are tried again to tell nondeterminism from dependence on alignment.
inline const char* check_hygiene(const Variant& v, int runs, Outputs* first) {
  if (const char* e = too_large(v)) return e;
  if (const char* e = run_once(v, 0, true, first)) return e;
  if (const char* e = tampered_signature_refused(v, *first)) return e;
  for (int r = 1; r < runs; ++r) {
    Outputs o = *first;
    if (const char* e = run_once(v, r, false, &o)) return e;
    if (o == *first) continue;
    std::printf("  %s: run %d (offsets %lu..) differs from run 0\n", v.id, r, ul(offset_of(r, 0)));
    Outputs again = *first;
    if (run_once(v, 0, false, &again) != nullptr || !(again == *first))
      return "not deterministic: the same inputs at the same offsets gave other outputs";
    return "outputs depend on buffer alignment or on stale workspace bytes";
  }
  return nullptr;
}

// Byte identity with the reference of the parameter set, on the same inputs: keys, signature and
// whether a context is accepted (the retained state is each point's own format, so it is not
// compared). nullptr when identical.
inline const char* differs_from_reference(const Outputs& v, const Outputs& ref) {
  if (!(v.pk == ref.pk)) return "public key differs";
  if (!(v.sk == ref.sk)) return "secret key differs";
  if (v.context != ref.context) return "context acceptance differs";
  if (v.sig_len != ref.sig_len || !(v.sig == ref.sig)) return "signature differs";
  return nullptr;
}

}  // namespace gates
