// Checks shared by the host GoogleTest (test_points.cpp) and the portable board test
// (test_points_board.cpp): every ML-DSA operating point and ablation against the reference of
// its parameter set on generated inputs. Inputs come from SHAKE128 of a fixed seed and the case
// number, so a failing case reproduces from its number alone. The workspace contract is not
// checked here: tests/gates checks it for every variant of every scheme.
// Buffers are static (a board's stack holds only what the operation needs); not reentrant.
#pragma once
#include <cstdint>
#include <cstring>

#include "sigspace/keccak.hpp"
#include "sigspace/variant.hpp"

namespace points {

using sigspace::Arena;
using sigspace::MessageInput;
using sigspace::MessageMode;
using sigspace::Status;
using sigspace::Variant;

constexpr std::size_t kMaxPk = 2592, kMaxSk = 4896, kMaxSig = 4627, kMaxState = 160 * 1024,
                      kMaxWs = 64 * 1024;

struct Side {
  std::uint8_t pk[kMaxPk], sk[kMaxSk], sig[kMaxSig];
  alignas(16) std::uint8_t state[kMaxState];
};
inline Side g_ref, g_var;
alignas(16) inline std::uint8_t g_ws[kMaxWs];

// The generated inputs of case i.
struct Case {
  std::uint8_t seed[32], rnd[32], msg[160], ctx[40];
  std::size_t msg_len, ctx_len;
  MessageMode mode;
  bool hedged, seed_form;
  MessageInput input() const {
    return {{msg, msg_len}, {ctx, ctx_len}, mode,
            mode == MessageMode::prehash ? sigspace::PreHash::sha2_256 : sigspace::PreHash::none};
  }
};

inline Case make_case(int i) {
  sigspace::Shake128 g;
  const std::uint8_t tag[] = {'m', 'l', 'd', 's', 'a', '-', 'p', 't', static_cast<std::uint8_t>(i),
                              static_cast<std::uint8_t>(i >> 8)};
  g.absorb(tag, sizeof tag);
  g.finalize();
  Case c{};
  g.squeeze(c.seed, 32);
  g.squeeze(c.rnd, 32);
  g.squeeze(c.msg, sizeof c.msg);
  g.squeeze(c.ctx, sizeof c.ctx);
  // deterministic pure, hedged pure with context, hedged internal M', external mu, hedged
  // HashML-DSA (SHA2-256) with context
  static constexpr MessageMode kModes[] = {MessageMode::pure, MessageMode::pure,
                                           MessageMode::internal, MessageMode::external_mu,
                                           MessageMode::prehash};
  c.mode = kModes[i % 5];
  c.hedged = i % 5 != 0 && i % 5 != 3;
  c.msg_len = c.mode == MessageMode::external_mu ? 64 : c.msg[0] % sizeof c.msg;
  c.ctx_len = (i % 5 == 1 || i % 5 == 4) ? 1 + c.ctx[0] % (sizeof c.ctx - 1) : 0;
  c.seed_form = i % 2 == 1;
  return c;
}

inline Arena arena(std::size_t n) { return Arena(g_ws, n <= kMaxWs ? n : 0); }

// keygen, load_signing_key, sign and verify of one case on one side.
inline bool run_side(const Variant& v, const Case& c, Side& s, std::size_t* sig_len) {
  if (v.state_bytes > kMaxState || v.workspace.sign > kMaxWs) return false;
  auto kw = arena(v.workspace.keygen);
  if (v.keygen(c.seed, s.pk, s.sk, kw) != Status::ok) return false;
  auto lw = arena(v.workspace.load_key);
  const sigspace::Bytes key = c.seed_form ? sigspace::Bytes(c.seed, 32) : sigspace::Bytes(s.sk, v.sk_bytes);
  if (v.load_signing_key(key, s.state, lw) != Status::ok) return false;
  auto sw = arena(v.workspace.sign);
  const MessageInput in = c.input();
  if (v.sign(s.state, in, c.hedged ? c.rnd : nullptr, s.sig, sig_len, sw) != Status::ok) return false;
  auto vw = arena(v.workspace.verify);
  return v.verify({s.pk, v.pk_bytes}, in, {s.sig, *sig_len}, vw) == Status::ok;
}

// The reference of a parameter set ("<set>/reference").
inline const Variant* reference_of(const char* param_set) {
  char id[48];
  std::strcpy(id, param_set);
  std::strcat(id, "/reference");
  return sigspace::find_variant(id);
}
inline const Variant* reference_of(const Variant& v) { return reference_of(v.param_set); }

// Case c (number i) on v equals the reference's run of it already in g_ref (signature of rl
// bytes): keys, signature and verdicts, and a flipped signature bit fails v's verify. g_ref is
// left as it was, so one reference run serves every variant of its parameter set.
// Returns nullptr on success, else what differed.
inline const char* compare_with_reference(const Variant& v, const Case& c, int i, std::size_t rl) {
  std::size_t vl = 0;
  if (!run_side(v, c, g_var, &vl)) return "variant failed (keygen/load/sign/verify)";
  if (std::memcmp(g_ref.pk, g_var.pk, v.pk_bytes) != 0) return "public key differs";
  if (std::memcmp(g_ref.sk, g_var.sk, v.sk_bytes) != 0) return "secret key differs";
  if (rl != vl || std::memcmp(g_ref.sig, g_var.sig, rl) != 0) return "signature differs";
  g_var.sig[(i * 37) % vl] ^= static_cast<std::uint8_t>(1u << (i % 8));
  auto vw = arena(v.workspace.verify);
  const MessageInput in = c.input();
  if (v.verify({g_var.pk, v.pk_bytes}, in, {g_var.sig, vl}, vw) == Status::ok)
    return "tampered signature verified";
  return nullptr;
}

// Case i on v against the reference of its parameter set, run here.
inline const char* compare_case(const Variant& v, int i) {
  const Variant* ref = reference_of(v);
  if (ref == nullptr) return "no reference for the parameter set";
  const Case c = make_case(i);
  std::size_t rl = 0;
  if (!run_side(*ref, c, g_ref, &rl)) return "reference failed";
  return compare_with_reference(v, c, i, rl);
}

inline bool is_mldsa(const Variant& v) { return std::strcmp(v.scheme, "ML-DSA") == 0; }
inline bool is_point(const Variant& v, const char* point) { return std::strcmp(v.op_point, point) == 0; }

// fn(v) for every registered ML-DSA variant and ablation other than the references.
template <class Fn>
void for_each_point(Fn fn) {
  for (const auto list : {sigspace::registry(), sigspace::ablations()})
    for (const Variant* v : list)
      if (is_mldsa(*v) && !is_point(*v, "reference")) fn(*v);
}

}  // namespace points
