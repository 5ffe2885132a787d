// Portable ML-DSA test (host now, QEMU Cortex-M4/M33 firmware on the board presets): a few ACVP
// keyGen/sigGen/sigVer cases per parameter set, embedded by gen_board_vectors.py, run through
// every registered ML-DSA variant. Buffers are static so the stack holds only what the
// operation itself needs.
#include <cstring>

#include "minitest.hpp"
#include "mldsa_board_vectors.hpp"
#include "sigspace/arena.hpp"

namespace {

using sigspace::Status;

constexpr std::size_t kMaxPk = 2592, kMaxSk = 4896, kMaxSig = 4627, kWorkspace = 32 * 1024;
// Retained state: the largest is ML-DSA-87/speed-ceiling's expanded key (A_hat, s1, s2, t0 in
// the NTT domain, about 80 KB); it holds integers, so it is aligned like the workspace.
constexpr std::size_t kMaxState = 96 * 1024;
std::uint8_t g_pk[kMaxPk], g_sk[kMaxSk], g_sig[kMaxSig];
alignas(16) std::uint8_t g_state[kMaxState];
alignas(16) std::uint8_t g_ws[kWorkspace];
int g_ran = 0;

sigspace::Arena arena(std::size_t need) {
  MT_CHECK(need <= kWorkspace);
  return sigspace::Arena(g_ws, need <= kWorkspace ? need : 0);
}

bool is_mldsa(const sigspace::Variant& v) { return std::strcmp(v.scheme, "ML-DSA") == 0; }
bool same(const char* a, const char* b) { return std::strcmp(a, b) == 0; }

// Runs fn(variant, case) for every ML-DSA variant and every case of its parameter set.
template <class Case, std::size_t N, class Fn>
void for_each_case(const Case (&cases)[N], Fn fn) {
  for (const auto* v : sigspace::registry()) {
    if (!is_mldsa(*v)) continue;
    for (const auto& c : cases) {
      if (!same(c.param_set, v->param_set)) continue;
      fn(v, c);
      ++g_ran;
    }
  }
}

void keygen_cases() {
  for_each_case(mldsa_board::kKeyGen, [](const sigspace::Variant* v, const auto& c) {
    auto ws = arena(v->workspace.keygen);
    MT_CHECK(v->keygen(c.seed, g_pk, g_sk, ws) == Status::ok);
    MT_CHECK(v->pk_bytes == c.pk_len && v->sk_bytes == c.sk_len);
    MT_CHECK_BYTES(g_pk, c.pk, c.pk_len);
    MT_CHECK_BYTES(g_sk, c.sk, c.sk_len);
  });
}

void siggen_cases() {
  for_each_case(mldsa_board::kSigGen, [](const sigspace::Variant* v, const auto& c) {
    MT_CHECK(v->state_bytes <= kMaxState);
    auto lw = arena(v->workspace.load_key);
    MT_CHECK(v->load_signing_key({c.sk, c.sk_len}, g_state, lw) == Status::ok);
    const sigspace::MessageInput in{{c.msg, c.msg_len}, {c.ctx, c.ctx_len}, c.mode, c.prehash};
    std::size_t len = 0;
    auto ws = arena(v->workspace.sign);
    MT_CHECK(v->sign(g_state, in, c.rnd, g_sig, &len, ws) == Status::ok);
    MT_CHECK(len == c.sig_len);
    MT_CHECK_BYTES(g_sig, c.sig, c.sig_len);
  });
}

void sigver_cases() {
  for_each_case(mldsa_board::kSigVer, [](const sigspace::Variant* v, const auto& c) {
    const sigspace::MessageInput in{{c.msg, c.msg_len}, {c.ctx, c.ctx_len}, c.mode};
    auto ws = arena(v->workspace.verify);
    const Status st = v->verify({c.pk, c.pk_len}, in, {c.sig, c.sig_len}, ws);
    MT_CHECK((st == Status::ok) == c.expect_valid);
  });
}

// Each kind must have run for every parameter set (3 x (3 + 4 + 4) cases per operating point).
void every_case_ran() {
  int points = 0;
  for (const auto* v : sigspace::registry()) points += is_mldsa(*v) ? 1 : 0;
  MT_CHECK(points >= 3);
  std::printf("  %d cases ran over %d ML-DSA variants\n", g_ran, points);
  MT_CHECK(g_ran == points / 3 * 3 * 11);
}

}  // namespace

int main() {
  static const minitest::Case cases[] = {{"keygen", keygen_cases},
                                         {"siggen", siggen_cases},
                                         {"sigver", sigver_cases},
                                         {"every_case_ran", every_case_ran}};
  return minitest::run("mldsa_board", cases, sizeof cases / sizeof cases[0]);
}
