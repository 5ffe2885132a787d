// keccak_f1600_compact against keccak_f1600 on structured and pseudo-random states (the fast
// permutation is itself pinned to the FIPS 202 examples by core_fips202), and the compact
// sponges against the default ones, so a caller may switch permutation without changing output.
#include <cstdint>
#include <cstring>

#include "minitest.hpp"
#include "sigspace/keccak.hpp"

namespace {

using sigspace::Bytes;
using sigspace::MutBytes;

// splitmix64: a fixed, dependency-free stream of states that exercises every lane bit.
std::uint64_t next(std::uint64_t& x) {
  std::uint64_t z = (x += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

bool same_permutation(const std::uint64_t in[25]) {
  std::uint64_t a[25], b[25];
  std::memcpy(a, in, sizeof a);
  std::memcpy(b, in, sizeof b);
  sigspace::keccak_f1600(a);
  sigspace::keccak_f1600_compact(b);
  return std::memcmp(a, b, sizeof a) == 0;
}

void permutation_matches() {
  std::uint64_t s[25] = {};
  MT_CHECK(same_permutation(s));  // all zero
  for (auto& l : s) l = ~std::uint64_t{0};
  MT_CHECK(same_permutation(s));  // all ones
  for (unsigned lane = 0; lane < 25; ++lane) {  // one bit per lane: each lane's rho and pi path
    std::memset(s, 0, sizeof s);
    s[lane] = std::uint64_t{1} << (lane * 7 % 64);
    MT_CHECK(same_permutation(s));
  }
  std::uint64_t seed = 2024;
  for (int i = 0; i < 16; ++i) {
    for (auto& l : s) l = next(seed);
    MT_CHECK(same_permutation(s));
  }
  // Iterated: 64 applications of each from the same start stay equal.
  std::uint64_t a[25], b[25];
  for (unsigned i = 0; i < 25; ++i) a[i] = b[i] = next(seed);
  for (int i = 0; i < 64; ++i) {
    sigspace::keccak_f1600(a);
    sigspace::keccak_f1600_compact(b);
  }
  MT_CHECK(std::memcmp(a, b, sizeof a) == 0);
}

template <class Fast, class Compact>
bool same_xof(Bytes in, std::size_t out_len) {
  std::uint8_t x[600], y[600];
  Fast f;
  Compact c;
  f.absorb(in);
  c.absorb(in);
  f.finalize();
  c.finalize();
  f.squeeze(MutBytes(x, out_len));
  c.squeeze(MutBytes(y, out_len));
  return std::memcmp(x, y, out_len) == 0;
}

void sponges_match() {
  std::uint8_t msg[500];
  for (unsigned i = 0; i < sizeof msg; ++i) msg[i] = static_cast<std::uint8_t>(i * 37 + 11);
  for (const std::size_t n : {std::size_t{0}, std::size_t{3}, std::size_t{136}, std::size_t{168},
                              std::size_t{500}}) {
    MT_CHECK((same_xof<sigspace::Shake128, sigspace::CompactShake128>(Bytes(msg, n), 600)));
    MT_CHECK((same_xof<sigspace::Shake256, sigspace::CompactShake256>(Bytes(msg, n), 600)));
  }
}

}  // namespace

int main() {
  const minitest::Case cases[] = {{"permutation_matches", permutation_matches},
                                  {"sponges_match", sponges_match}};
  return minitest::run("core_keccak_compact", cases, sizeof cases / sizeof cases[0]);
}
