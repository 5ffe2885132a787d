// The buffers every gate hands a variant: one guarded slot per argument of the four operations,
// the workspace block, and the fixed inputs (SHAKE128 of a tag; they depend only on their
// lengths, so every variant of a parameter set gets the same ones as its reference).
#pragma once
#include <cstdio>

#include "sigspace/variant.hpp"
#include "slots.hpp"

namespace gates {

using sigspace::Arena;
using sigspace::Bytes;
using sigspace::MessageInput;
using sigspace::Status;
using sigspace::Variant;

// Largest figures of today's registry (LESS-5s public key, ML-DSA-87 secret key, LESS-5b
// signature, ML-DSA speed-ceiling state, LESS-5 memory-floor workspace of 75,076 B). A variant
// that outgrows them fails the gates, it is not skipped.
constexpr std::size_t kMaxSeed = 64, kMaxRnd = 64, kMaxPk = 197315, kMaxSk = 4896, kMaxSig = 10712,
                      kMaxState = 160 * 1024, kMaxWs = 80 * 1024;
// The message and context: odd lengths, so that nothing about them is word-sized.
constexpr std::size_t kMsgBytes = 61, kCtxBytes = 13;

struct Buffers {
  Slot<kMaxSeed> seed;
  Slot<kMaxPk> pk;
  Slot<kMaxSk> sk;
  Slot<kMaxState> state;
  Slot<kMaxSig> sig;
  Slot<kMsgBytes> msg;
  Slot<kCtxBytes> ctx;
  Slot<kMaxRnd> rnd;
};
inline Buffers g_buf;
// The workspace is 16-aligned: Arena pads each allocation to an absolute alignment, so a
// published figure holds only for a base aligned like max_align_t.
alignas(16) inline std::uint8_t g_ws[kMaxWs];

inline std::size_t largest_workspace(const Variant& v) {
  const auto& w = v.workspace;
  std::size_t m = w.keygen > w.load_key ? w.keygen : w.load_key;
  m = m > w.sign ? m : w.sign;
  return m > w.verify ? m : w.verify;
}

// nullptr when v's sizes fit the buffers, else which one does not.
inline const char* too_large(const Variant& v) {
  if (v.seed_bytes > kMaxSeed) return "seed larger than kMaxSeed";
  if (v.rnd_bytes > kMaxRnd) return "rnd larger than kMaxRnd";
  if (v.pk_bytes > kMaxPk) return "public key larger than kMaxPk";
  if (v.sk_bytes > kMaxSk) return "secret key larger than kMaxSk";
  if (v.sig_max_bytes > kMaxSig) return "signature larger than kMaxSig";
  if (v.state_bytes > kMaxState) return "state larger than kMaxState";
  if (largest_workspace(v) > kMaxWs) return "workspace larger than kMaxWs";
  return nullptr;
}

// Writes the fixed inputs of length n into p; `what` keeps seed, rnd, message and context apart.
inline void fixed_input(char what, std::uint8_t* p, std::size_t n) {
  const std::uint8_t tag[] = {'s', 'i', 'g', 's', 'p',
                              'a', 'c', 'e', '-', 'g',
                              'a', 't', 'e', 's', static_cast<std::uint8_t>(what)};
  sigspace::Shake128 g;
  g.absorb(tag, sizeof tag);
  g.finalize();
  g.squeeze(p, n);
}

// The message, with the context when `with_context` (a scheme that refuses contexts, LESS, gets
// an empty one).
inline MessageInput message_input(bool with_context) {
  return {{g_buf.msg.data(), g_buf.msg.size()},
          {g_buf.ctx.data(), with_context ? g_buf.ctx.size() : 0}};
}

// An arena of exactly n bytes over g_ws, painted with `fill` so that an operation reading
// scratch it never wrote gives different results in runs with different fills.
inline Arena painted_arena(std::size_t n, std::uint8_t fill) {
  std::memset(g_ws, fill, n);
  return Arena(g_ws, n);
}

inline bool workspace_zero(std::size_t n) {
  std::uint8_t acc = 0;
  for (std::size_t k = 0; k < n; ++k) acc |= g_ws[k];
  return acc == 0;
}

inline unsigned long ul(std::size_t x) { return static_cast<unsigned long>(x); }  // newlib: no %zu

}  // namespace gates
