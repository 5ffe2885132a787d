// Portable board test: LESS-1b KAT entry 0 (keygen pk/sk, sign sm, verify) with the public key
// as a const array, so on a board it is read from flash through a span. This is the boards' KAT
// subset (printed when it runs); the Release host build replays every entry of every set. Runs on the host and,
// under QEMU, on a Cortex-M4 (minitest: no heap, no exceptions).
#include <cstdio>
#include <cstring>

#include "registry.hpp"
#include "less1b_kat0.h"
#include "minitest.hpp"
#include "sigspace/keccak.hpp"

namespace {

const sigspace::Variant& v = *sigspace::find_registered("LESS-1b/reference");
constexpr std::size_t kMlen = sizeof kKatMSG;

// Buffers the operations write live in .bss, not on the (measured) operation stack.
std::uint8_t g_pk[sizeof kKatPK], g_sk[32], g_sig[2609], g_rng[64];
alignas(sigspace::kStateAlignment) std::uint8_t g_state[32];

void run_entry0() {
  MT_CHECK(v.pk_bytes == sizeof kKatPK && v.sig_max_bytes == sizeof g_sig);
  sigspace::shake128(sigspace::Bytes(kKatSEED, sizeof kKatSEED), sigspace::MutBytes(g_rng, 64));
  sigspace::Arena none;
  MT_CHECK(v.keygen(g_rng, g_pk, g_sk, none) == sigspace::Status::ok);
  MT_CHECK_BYTES(g_pk, kKatPK, sizeof kKatPK);
  MT_CHECK_BYTES(g_sk, kKatSK, sizeof kKatSK);
  MT_CHECK(v.load_signing_key(sigspace::Bytes(g_sk, 32), g_state, none) == sigspace::Status::ok);
  std::size_t len = 0;
  const sigspace::MessageInput msg{sigspace::Bytes(kKatMSG, kMlen), {}};
  MT_CHECK(v.sign(g_state, msg, g_rng + 32, g_sig, &len, none) == sigspace::Status::ok);
  MT_CHECK(len == sizeof kKatSM - kMlen);
  MT_CHECK_BYTES(g_sig, kKatSM + kMlen, sizeof kKatSM - kMlen);
  const sigspace::Bytes pk_in_flash(kKatPK, sizeof kKatPK);
  MT_CHECK(v.verify(pk_in_flash, msg, sigspace::Bytes(kKatSM + kMlen, len), none) == sigspace::Status::ok);
}

const minitest::Case kCases[] = {{"kat_entry0", run_entry0}};

}  // namespace

int main() {
  // The boards replay a subset: one entry of one set (a LESS-1b signature is about 12 G guest
  // instructions); every entry of every set is replayed on the Release host build.
  std::printf("LESS KAT subset: LESS-1b entry 0 of 10 (full replay on the Release host build)\n");
  return minitest::run("less1b_board", kCases, 1);
}
