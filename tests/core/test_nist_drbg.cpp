// The AES-256 CTR_DRBG of the NIST PQC KAT generators. AES-256 is checked against FIPS 197
// Appendix C.3; the DRBG against the `seed = ` and `msg = ` lines of the LESS KAT request file
// PQCsignKAT_13940.req, which PQCgenKAT_sign.c draws from one DRBG in sequence:
// randombytes_init(0, 1, ..., 47), then per count seed = randombytes(48), msg = randombytes(mlen).
// kat_less_13940_req.hpp is generated into the build tree from the file in SIGSPACE_KAT_DIR.
#include <cstdint>
#include <cstring>

#include "hex_expect.hpp"
#include "kat_less_13940_req.hpp"
#include "minitest.hpp"
#include "sigspace/nist_drbg.hpp"

namespace {

void aes256_fips197_c3() {
  std::uint8_t key[32], pt[16], ct[16];
  for (unsigned i = 0; i < 32; ++i) key[i] = static_cast<std::uint8_t>(i);
  for (unsigned i = 0; i < 16; ++i) pt[i] = static_cast<std::uint8_t>(0x11 * i);
  sigspace::aes256_encrypt_block(key, pt, ct);
  MT_CHECK_HEX(ct, 16, "8ea2b7ca516745bfeafc49904b496089");
}

void kat_request_seeds_and_messages() {
  std::uint8_t entropy[48];
  for (unsigned i = 0; i < 48; ++i) entropy[i] = static_cast<std::uint8_t>(i);
  sigspace::NistKatDrbg drbg(entropy);
  for (int count = 0; count < kat_req::kCount; ++count) {
    const kat_req::Entry& e = kat_req::kEntries[count];
    const std::size_t mlen = 33 * static_cast<std::size_t>(count + 1);
    MT_CHECK(e.seed_len == 48);
    MT_CHECK(e.mlen == mlen);
    std::uint8_t seed[48];
    drbg.generate(seed);
    MT_CHECK_BYTES(seed, e.seed, 48);
    std::uint8_t msg[33 * kat_req::kCount];
    drbg.generate(sigspace::MutBytes(msg, mlen));
    MT_CHECK_BYTES(msg, e.msg, mlen);
  }
}

// One request is not several: each generate() ends with an Update, so splitting a request
// changes the stream. Guards against an implementation that updates per block.
void request_boundaries_matter() {
  std::uint8_t entropy[48] = {};
  sigspace::NistKatDrbg one(entropy), two(entropy);
  std::uint8_t a[32], b[32];
  one.generate(a);
  two.generate(sigspace::MutBytes(b, 16));
  two.generate(sigspace::MutBytes(b + 16, 16));
  MT_CHECK(std::memcmp(a, b, 16) == 0);
  MT_CHECK(std::memcmp(a + 16, b + 16, 16) != 0);
}

}  // namespace

int main() {
  const minitest::Case cases[] = {
      {"aes256_fips197_c3", aes256_fips197_c3},
      {"kat_request_seeds_and_messages", kat_request_seeds_and_messages},
      {"request_boundaries_matter", request_boundaries_matter},
  };
  return minitest::run("core_nist_drbg", cases, sizeof cases / sizeof cases[0]);
}
