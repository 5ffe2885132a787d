// The gates catch what they claim to (portable, minitest): each planted fault is a copy of
// ML-DSA-44/memory-floor (a workspace for every operation, and fast) with one operation wrapped
// to misbehave or one published figure wrong, and the gate must refuse it with the verdict that
// names the fault. A gate that stopped looking would pass these copies and fail this test.
#include <cstdio>
#include <cstring>

#include "contract.hpp"
#include "coverage.hpp"
#include "hygiene.hpp"
#include "minitest.hpp"

namespace {

using gates::Arena;
using gates::Bytes;
using gates::MessageInput;
using gates::Status;
using sigspace::Variant;

const Variant* g_base = nullptr;  // the variant the wrappers call through

const Variant& base() { return *g_base; }

// Wrappers: the base operation, then (or before) the fault.
Status keygen_writes_past_pk(const std::uint8_t* seed, std::uint8_t* pk, std::uint8_t* sk,
                             Arena& a) {
  const Status st = base().keygen(seed, pk, sk, a);
  pk[base().pk_bytes] ^= 1;
  return st;
}
Status keygen_changes_seed(const std::uint8_t* seed, std::uint8_t* pk, std::uint8_t* sk, Arena& a) {
  const Status st = base().keygen(seed, pk, sk, a);
  const_cast<std::uint8_t*>(seed)[0] ^= 1;
  return st;
}
Status load_changes_sk(Bytes sk, std::uint8_t* state, Arena& a) {
  const Status st = base().load_signing_key(sk, state, a);
  const_cast<std::uint8_t*>(sk.data())[sk.size() - 1] ^= 1;
  return st;
}
Status sign_writes_before_sig(const std::uint8_t* state, const MessageInput& m,
                              const std::uint8_t* rnd, std::uint8_t* sig, std::size_t* len,
                              Arena& a) {
  const Status st = base().sign(state, m, rnd, sig, len, a);
  sig[-1] ^= 1;
  return st;
}
// Sign, then flip a bit of one of the inputs it was given read-only.
enum class SignInput { message, state, rnd };
template <SignInput which>
Status sign_changes(const std::uint8_t* state, const MessageInput& m, const std::uint8_t* rnd,
                    std::uint8_t* sig, std::size_t* len, Arena& a) {
  const Status st = base().sign(state, m, rnd, sig, len, a);
  const std::uint8_t* victim = which == SignInput::message ? m.message.data()
                               : which == SignInput::state ? state
                                                           : rnd;
  const_cast<std::uint8_t*>(victim)[0] ^= 1;
  return st;
}
// Verify, then flip a bit of the public key (or the signature) it was given read-only.
template <bool public_key>
Status verify_changes(Bytes pk, const MessageInput& m, Bytes sig, Arena& a) {
  const Status st = base().verify(pk, m, sig, a);
  const_cast<std::uint8_t*>(public_key ? pk.data() : sig.data())[0] ^= 1;
  return st;
}
// Signs with the first randomness byte xored with x: a valid signature, but another one.
Status sign_with_other_rnd(const std::uint8_t* state, const MessageInput& m,
                           const std::uint8_t* rnd, std::uint8_t* sig, std::size_t* len, Arena& a,
                           std::uint8_t x) {
  std::uint8_t other[gates::kMaxRnd] = {};
  for (std::size_t i = 0; rnd != nullptr && i < base().rnd_bytes; ++i) other[i] = rnd[i];
  other[0] ^= x;
  return base().sign(state, m, other, sig, len, a);
}
// Takes any state: rounds a misaligned one down to kStateAlignment instead of refusing it.
std::uint8_t* aligned_down(const std::uint8_t* p) {
  const auto at = reinterpret_cast<std::uintptr_t>(p);
  return reinterpret_cast<std::uint8_t*>(at - at % sigspace::kStateAlignment);
}
Status load_takes_misaligned_state(Bytes sk, std::uint8_t* state, Arena& a) {
  return base().load_signing_key(sk, aligned_down(state), a);
}
Status sign_takes_misaligned_state(const std::uint8_t* state, const MessageInput& m,
                                   const std::uint8_t* rnd, std::uint8_t* sig, std::size_t* len,
                                   Arena& a) {
  return base().sign(aligned_down(state), m, rnd, sig, len, a);
}
// The signature follows the parity of its buffer's address: differs between offsets.
Status sign_depends_on_alignment(const std::uint8_t* state, const MessageInput& m,
                                 const std::uint8_t* rnd, std::uint8_t* sig, std::size_t* len,
                                 Arena& a) {
  const auto parity = static_cast<std::uint8_t>(reinterpret_cast<std::uintptr_t>(sig) & 1);
  return sign_with_other_rnd(state, m, rnd, sig, len, a, parity);
}
// A call counter in the signature: no two calls alike.
Status sign_not_deterministic(const std::uint8_t* state, const MessageInput& m,
                              const std::uint8_t* rnd, std::uint8_t* sig, std::size_t* len,
                              Arena& a) {
  static std::uint8_t calls = 0;
  return sign_with_other_rnd(state, m, rnd, sig, len, a, ++calls);
}
// Reads one byte of scratch it never wrote and lets it into the signature.
Status sign_reads_stale_workspace(const std::uint8_t* state, const MessageInput& m,
                                  const std::uint8_t* rnd, std::uint8_t* sig, std::size_t* len,
                                  Arena& a) {
  const std::size_t mark = a.mark();
  const auto* p = static_cast<const std::uint8_t*>(a.allocate(1, 1));
  const std::uint8_t stale = p != nullptr ? *p : 0;
  a.release(mark);
  return sign_with_other_rnd(state, m, rnd, sig, len, a, stale);
}
// Always other randomness: valid and deterministic, but not the reference's signature.
Status sign_other_randomness(const std::uint8_t* state, const MessageInput& m,
                             const std::uint8_t* rnd, std::uint8_t* sig, std::size_t* len,
                             Arena& a) {
  return sign_with_other_rnd(state, m, rnd, sig, len, a, 0x80);
}
Status sign_leaves_scratch_dirty(const std::uint8_t* state, const MessageInput& m,
                                 const std::uint8_t* rnd, std::uint8_t* sig, std::size_t* len,
                                 Arena& a) {
  const Status st = base().sign(state, m, rnd, sig, len, a);
  if (auto* p = static_cast<std::uint8_t*>(a.allocate(1, 1))) *p = 1;
  return st;
}
// Keeps 16 wiped bytes allocated: clean, but the arena no longer serves a second call.
Status sign_keeps_arena(const std::uint8_t* state, const MessageInput& m, const std::uint8_t* rnd,
                        std::uint8_t* sig, std::size_t* len, Arena& a) {
  const Status st = base().sign(state, m, rnd, sig, len, a);
  if (auto* p = static_cast<std::uint8_t*>(a.allocate(16, 1))) std::memset(p, 0, 16);
  return st;
}
// Falls back on a private block when the caller's is too small, so it never refuses.
Status sign_never_refuses(const std::uint8_t* state, const MessageInput& m, const std::uint8_t* rnd,
                          std::uint8_t* sig, std::size_t* len, Arena& a) {
  alignas(16) static std::uint8_t own[gates::kMaxWs];
  if (a.capacity() >= base().workspace.sign) return base().sign(state, m, rnd, sig, len, a);
  Arena mine(own, base().workspace.sign);
  return base().sign(state, m, rnd, sig, len, mine);
}
// Refuses a small arena, but leaves set the byte it took before giving up.
Status sign_refuses_dirty(const std::uint8_t* state, const MessageInput& m, const std::uint8_t* rnd,
                          std::uint8_t* sig, std::size_t* len, Arena& a) {
  if (a.capacity() >= base().workspace.sign) return base().sign(state, m, rnd, sig, len, a);
  if (auto* p = static_cast<std::uint8_t*>(a.allocate(1, 1))) *p = 1;
  return Status::workspace_too_small;
}
Status verify_accepts_all(Bytes pk, const MessageInput& m, Bytes sig, Arena& a) {
  base().verify(pk, m, sig, a);
  return Status::ok;
}

struct Planted {
  const char* fault;
  Variant variant;
  const char* expected;  // the verdict the gate must give
};

Variant with(Variant v, const char* id) {
  v.id = id;
  return v;
}

// The base variant with one operation (a member of Variant) replaced by f.
template <class F>
Variant replaced(F Variant::*op, F f) {
  Variant v = base();
  v.*op = f;
  return v;
}

void hygiene_catches_planted_faults() {
  const Planted planted[] = {
      {"keygen writes one byte past pk", replaced(&Variant::keygen, keygen_writes_past_pk),
       "keygen wrote outside the public key"},
      {"keygen changes its seed", replaced(&Variant::keygen, keygen_changes_seed),
       "keygen changed its seed"},
      {"load changes the secret key", replaced(&Variant::load_signing_key, load_changes_sk),
       "load_signing_key changed the secret key"},
      {"sign writes one byte before sig", replaced(&Variant::sign, sign_writes_before_sig),
       "sign wrote outside the signature"},
      {"sign changes the message", replaced(&Variant::sign, sign_changes<SignInput::message>),
       "sign changed an input"},
      {"sign changes the state", replaced(&Variant::sign, sign_changes<SignInput::state>),
       "sign changed an input"},
      {"sign changes its randomness", replaced(&Variant::sign, sign_changes<SignInput::rnd>),
       "sign changed an input"},
      {"verify changes the public key", replaced(&Variant::verify, verify_changes<true>),
       "verify changed an input"},
      {"verify changes the signature", replaced(&Variant::verify, verify_changes<false>),
       "verify changed an input"},
      {"verify accepts anything", replaced(&Variant::verify, verify_accepts_all),
       "verify accepted a signature with one bit flipped"},
      {"load takes a misaligned state",
       replaced(&Variant::load_signing_key, load_takes_misaligned_state),
       "load_signing_key took a state that is not kStateAlignment-aligned"},
      {"sign takes a misaligned state", replaced(&Variant::sign, sign_takes_misaligned_state),
       "sign took a state that is not kStateAlignment-aligned"},
      {"signature depends on alignment", replaced(&Variant::sign, sign_depends_on_alignment),
       "outputs depend on buffer alignment or on stale workspace bytes"},
      {"signature reads stale workspace", replaced(&Variant::sign, sign_reads_stale_workspace),
       "outputs depend on buffer alignment or on stale workspace bytes"},
      {"signature not deterministic", replaced(&Variant::sign, sign_not_deterministic),
       "not deterministic: the same inputs at the same offsets gave other outputs"},
  };
  for (const Planted& p : planted) {
    gates::Outputs out;
    const char* got = gates::check_hygiene(with(p.variant, p.fault), 4, &out);
    std::printf("  planted: %s -> %s\n", p.fault, got != nullptr ? got : "NOT CAUGHT");
    MT_CHECK(got != nullptr && std::strcmp(got, p.expected) == 0);
  }
}

void contract_catches_planted_faults() {
  const Variant b = base();
  Variant larger = b, smaller = b;
  larger.workspace.sign += 8;
  smaller.workspace.sign -= 8;
  const Planted planted[] = {
      {"sign publishes 8 bytes more than it uses", larger,
       "peak differs from the published workspace"},
      {"sign publishes 8 bytes less than it needs", smaller, "fails in its published workspace"},
      {"sign leaves a scratch byte set", replaced(&Variant::sign, sign_leaves_scratch_dirty),
       "workspace not zero afterwards"},
      {"sign keeps part of the arena", replaced(&Variant::sign, sign_keeps_arena),
       "fails when its arena is reused"},
      {"sign never refuses a small arena", replaced(&Variant::sign, sign_never_refuses),
       "one byte less is not workspace_too_small"},
      {"sign refuses, leaving a scratch byte set", replaced(&Variant::sign, sign_refuses_dirty),
       "workspace not zero after the refusal"},
  };
  for (const Planted& p : planted) {
    gates::OpContract ops[4];
    gates::check_contract(with(p.variant, p.fault), ops);
    const char* got = ops[2].error;
    std::printf("  planted: %s -> %s\n", p.fault, got != nullptr ? got : "NOT CAUGHT");
    MT_CHECK(got != nullptr && std::strcmp(got, p.expected) == 0);
  }
  // load_signing_key publishing what loading the encoded key needs, not the costlier seed form.
  Variant load = b;
  load.workspace.load_key -= 8;
  gates::OpContract ops[4];
  gates::check_contract(with(load, "load publishes too little for the seed form"), ops);
  std::printf("  planted: load publishes too little for the seed form -> %s\n",
              ops[1].error != nullptr ? ops[1].error : "NOT CAUGHT");
  MT_CHECK(ops[1].error != nullptr &&
           std::strcmp(ops[1].error,
                       "a key form fails in the published workspace or leaves it dirty") == 0);
}

void identity_catches_other_outputs() {
  const Variant other = replaced(&Variant::sign, sign_other_randomness);
  gates::Outputs ref, out;
  MT_CHECK(gates::check_hygiene(base(), 2, &ref) == nullptr);
  MT_CHECK(gates::check_hygiene(with(other, "other randomness"), 2, &out) == nullptr);
  const char* got = gates::differs_from_reference(out, ref);
  std::printf("  planted: sign with other randomness -> %s\n", got != nullptr ? got : "NOT CAUGHT");
  MT_CHECK(got != nullptr && std::strcmp(got, "signature differs") == 0);
  MT_CHECK(gates::differs_from_reference(ref, ref) == nullptr);
}

void prefix_lists() {
  MT_CHECK(gates::in_prefix_list("LESS-3b", "LESS-1 LESS-3"));
  MT_CHECK(!gates::in_prefix_list("LESS-5s", "LESS-1 LESS-3"));
  MT_CHECK(!gates::in_prefix_list("ML-DSA-44", ""));
}

}  // namespace

int main() {
  g_base = sigspace::find_variant("ML-DSA-44/memory-floor");
  if (g_base == nullptr) {
    std::printf("ML-DSA-44/memory-floor is not registered\n");
    return 1;
  }
  static const minitest::Case cases[] = {
      {"hygiene_catches_planted_faults", hygiene_catches_planted_faults},
      {"contract_catches_planted_faults", contract_catches_planted_faults},
      {"identity_catches_other_outputs", identity_catches_other_outputs},
      {"prefix_lists", prefix_lists}};
  return minitest::run("gates_selftest", cases, sizeof cases / sizeof cases[0]);
}
