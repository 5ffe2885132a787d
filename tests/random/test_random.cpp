// Core randomness: the replay source, and the SHAKE256 DRBG against vectors computed
// independently with Python's hashlib from the construction in sigspace/random.hpp
// (entropy = the bytes 0, 1, 2, ... replayed; reseed interval 2):
//   K1 = SHAKE256("sigspace/drbg/reseed" || 0^64 || bytes 0..63, 64)
//   request r: SHAKE256("sigspace/drbg/gen" || K || le64(r)) = next K (64) || output
// Portable: runs on the host and on the boards.
#include <cstdint>
#include <cstring>

#include "hex_expect.hpp"
#include "minitest.hpp"
#include "sigspace/random.hpp"

namespace {

using sigspace::MutBytes;
using sigspace::Status;

void replay_gives_bytes_in_order_then_fails() {
  const std::uint8_t data[5] = {1, 2, 3, 4, 5};
  sigspace::ReplaySource r{sigspace::Bytes(data, 5)};
  const sigspace::RandomSource s = r.source();
  std::uint8_t out[3];
  MT_CHECK(s(MutBytes(out, 3)) == Status::ok);
  MT_CHECK(out[0] == 1 && out[2] == 3);
  MT_CHECK(s(MutBytes(out, 3)) == Status::random_failure);  // only 2 left: never wraps
  MT_CHECK(s(MutBytes(out, 2)) == Status::ok);
  MT_CHECK(out[0] == 4 && out[1] == 5 && r.remaining() == 0);
  MT_CHECK(std::strcmp(s.name, "deterministic") == 0);
}

void drbg_known_answers_and_reseed_interval() {
  std::uint8_t entropy[256];
  for (unsigned i = 0; i < 256; ++i) entropy[i] = static_cast<std::uint8_t>(i);
  sigspace::ReplaySource e{sigspace::Bytes(entropy, sizeof entropy)};
  sigspace::ShakeDrbg drbg(e.source(), 2);
  std::uint8_t a[32], b[200], c[16];
  MT_CHECK(drbg.generate(a) == Status::ok);
  MT_CHECK_HEX(a, 32, "154f1703aa730362665df61a8600d45d488ae38b926f255b792267931e341b93");
  MT_CHECK(drbg.generate(b) == Status::ok);  // longer than one SHAKE256 block
  MT_CHECK_HEX(b + 192, 8, "ddf2d99166ebf0bc");
  MT_CHECK(drbg.reseeds() == 1 && e.remaining() == 192);
  MT_CHECK(drbg.generate(c) == Status::ok);  // the third request reseeds first
  MT_CHECK_HEX(c, 16, "59cadb568e5d3fdbc49b3f19267e9ead");
  MT_CHECK(drbg.reseeds() == 2 && e.remaining() == 128);
}

void drbg_fails_when_entropy_fails() {
  sigspace::ReplaySource empty{sigspace::Bytes()};
  sigspace::ShakeDrbg drbg(empty.source());
  std::uint8_t out[8] = {};
  MT_CHECK(drbg.generate(out) == Status::random_failure);
  MT_CHECK(std::strcmp(drbg.source().name, "shake-drbg") == 0);
}

}  // namespace

int main() {
  const minitest::Case cases[] = {
      {"replay_gives_bytes_in_order_then_fails", replay_gives_bytes_in_order_then_fails},
      {"drbg_known_answers_and_reseed_interval", drbg_known_answers_and_reseed_interval},
      {"drbg_fails_when_entropy_fails", drbg_fails_when_entropy_fails},
  };
  return minitest::run("core_random", cases, sizeof cases / sizeof cases[0]);
}
