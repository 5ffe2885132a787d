// keccak_f1600_armv7m (core/src/arch/armv7m/keccak_f1600.S, board builds on Armv7E-M and
// Armv8-M Mainline only) against keccak_f1600, which core_fips202 pins to the FIPS 202
// examples: the all-zero state, every single-bit state, a few hundred pseudo-random states and
// an iterated chain; the kernel writes nothing beside the state and stays within its stack
// budget; and SHAKE128/SHAKE256 through its sponge equal the portable ones. The same for its
// rounds alone on the lane form (keccak_f1600_armv7m_frames) and the sponge that keeps it.
#include <cstdint>
#include <cstdio>
#include <cstring>

#include "board.hpp"
#include "minitest.hpp"
#include "sigspace/keccak.hpp"

#if !defined(SIGSPACE_HAVE_KECCAK_F1600_ARMV7M)
#error "core_keccak_armv7m is built only where core has keccak_f1600_armv7m (tests/core/CMakeLists.txt)"
#endif

namespace {

using sigspace::Bytes;
using sigspace::MutBytes;

// Pseudo-random states: consecutive 200-byte pieces of SHAKE128("armv7m") through the portable
// sponge (itself pinned to FIPS 202 by core_fips202).
struct StateStream {
  sigspace::Shake128 xof;
  StateStream() {
    static constexpr std::uint8_t kSeed[] = {'a', 'r', 'm', 'v', '7', 'm'};
    xof.absorb(Bytes(kSeed, sizeof kSeed));
    xof.finalize();
  }
  void next(std::uint64_t s[25]) { xof.squeeze(reinterpret_cast<std::uint8_t*>(s), 200); }
};

// The kernel on a state framed by guard lanes, so a store outside the 25 lanes shows.
constexpr std::uint64_t kGuard = 0xA5C3E1F00F1E3C5AULL;

bool same_permutation(const std::uint64_t in[25]) {
  std::uint64_t framed[27];
  std::uint64_t ref[25];
  framed[0] = framed[26] = kGuard;
  std::memcpy(framed + 1, in, 200);
  std::memcpy(ref, in, 200);
  sigspace::keccak_f1600_armv7m(framed + 1);
  sigspace::keccak_f1600(ref);
  return std::memcmp(framed + 1, ref, 200) == 0 && framed[0] == kGuard && framed[26] == kGuard;
}

void zero_state() {
  std::uint64_t s[25] = {};
  sigspace::keccak_f1600_armv7m(s);
  MT_CHECK(s[0] == 0xF1258F7940E1DDE7ULL);  // FIPS 202 example: Keccak-f[1600] of zero
  std::uint64_t t[25] = {};
  MT_CHECK(same_permutation(t));
}

void single_bits() {  // every bit position: each lane's interleaving, rho and pi path
  std::uint64_t s[25];
  unsigned bad = 0;
  for (unsigned bit = 0; bit < 1600; ++bit) {
    std::memset(s, 0, sizeof s);
    s[bit / 64] = std::uint64_t{1} << (bit % 64);
    if (!same_permutation(s)) ++bad;
  }
  MT_CHECK(bad == 0);
  for (auto& l : s) l = ~std::uint64_t{0};
  MT_CHECK(same_permutation(s));  // all ones
}

void random_states() {
  std::uint64_t s[25];
  StateStream stream;
  unsigned bad = 0;
  for (int i = 0; i < 400; ++i) {
    stream.next(s);
    if (!same_permutation(s)) ++bad;
  }
  MT_CHECK(bad == 0);
  // Iterated: 200 applications of each from the same start stay equal.
  std::uint64_t a[25], b[25];
  stream.next(a);
  std::memcpy(b, a, sizeof b);
  for (int i = 0; i < 200; ++i) {
    sigspace::keccak_f1600(a);
    sigspace::keccak_f1600_armv7m(b);
  }
  MT_CHECK(std::memcmp(a, b, sizeof a) == 0);
}

std::uint64_t g_stack_state[25];

void stack_budget() {  // painted: saved registers, theta's D and the round-constant pointer
  const std::size_t used = sigspace::stack_measure(
      [](void*) { sigspace::keccak_f1600_armv7m(g_stack_state); }, nullptr);
  std::printf("  keccak_f1600_armv7m stack: %lu bytes\n", static_cast<unsigned long>(used));
  MT_CHECK(used <= 96);
}

// The same input through two sponges, absorbed in pieces of `piece` bytes and squeezed in
// pieces of `out_piece` bytes, must give the same output.
template <class Ref, class Kernel>
bool same_xof(Bytes in, std::size_t piece, std::size_t out_len, std::size_t out_piece) {
  std::uint8_t x[700], y[700];
  Ref r;
  Kernel k;
  for (std::size_t i = 0; i < in.size(); i += piece) {
    const std::size_t n = in.size() - i < piece ? in.size() - i : piece;
    r.absorb(Bytes(&in[i], n));
    k.absorb(Bytes(&in[i], n));
  }
  r.finalize();
  k.finalize();
  for (std::size_t i = 0; i < out_len; i += out_piece) {
    const std::size_t n = out_len - i < out_piece ? out_len - i : out_piece;
    r.squeeze(MutBytes(x + i, n));
    k.squeeze(MutBytes(y + i, n));
  }
  return std::memcmp(x, y, out_len) == 0;
}

void sponges_match() {
  std::uint8_t msg[500];
  for (unsigned i = 0; i < sizeof msg; ++i) msg[i] = static_cast<std::uint8_t>(i * 37 + 11);
  for (const std::size_t n : {std::size_t{0}, std::size_t{1}, std::size_t{3}, std::size_t{135},
                              std::size_t{136}, std::size_t{137}, std::size_t{167},
                              std::size_t{168}, std::size_t{169}, std::size_t{500}}) {
    for (const std::size_t out_len : {std::size_t{1}, std::size_t{32}, std::size_t{168},
                                      std::size_t{700}}) {
      MT_CHECK((same_xof<sigspace::Shake128, sigspace::Armv7mShake128>(Bytes(msg, n), 500,
                                                                         out_len, 700)));
      MT_CHECK((same_xof<sigspace::Shake256, sigspace::Armv7mShake256>(Bytes(msg, n), 500,
                                                                         out_len, 700)));
    }
    // Odd piece sizes on both sides: the sponge's byte and lane paths around the kernel.
    MT_CHECK((same_xof<sigspace::Shake128, sigspace::Armv7mShake128>(Bytes(msg, n), 7, 700, 13)));
    MT_CHECK((same_xof<sigspace::Shake256, sigspace::Armv7mShake256>(Bytes(msg, n), 7, 700, 13)));
  }
}

// keccak_f1600_armv7m_frames on a state put into the kernel's lane form by keccak_lanes.hpp
// and taken back: the rounds alone must equal keccak_f1600, and the conversions be inverse.
void framed_rounds() {
  using sigspace::keccak_lanes::from_frame;
  using sigspace::keccak_lanes::to_frame;
  std::uint64_t s[25], ref[25], framed[27];
  StateStream stream;
  unsigned bad = 0;
  for (int i = 0; i < 200; ++i) {
    stream.next(s);
    std::memcpy(ref, s, sizeof ref);
    framed[0] = framed[26] = kGuard;
    for (unsigned l = 0; l < 25; ++l) {
      framed[1 + l] = to_frame(s[l], l);
      if (from_frame(framed[1 + l], l) != s[l]) ++bad;
    }
    sigspace::keccak_f1600_armv7m_frames(framed + 1);
    sigspace::keccak_f1600(ref);
    for (unsigned l = 0; l < 25; ++l)
      if (from_frame(framed[1 + l], l) != ref[l]) ++bad;
    if (framed[0] != kGuard || framed[26] != kGuard) ++bad;
  }
  MT_CHECK(bad == 0);
  const std::size_t used = sigspace::stack_measure(
      [](void*) { sigspace::keccak_f1600_armv7m_frames(g_stack_state); }, nullptr);
  MT_CHECK(used <= 96);
}

using FramedShake128 = sigspace::BasicShake128<&sigspace::keccak_f1600_armv7m_frames>;
using FramedShake256 = sigspace::BasicShake256<&sigspace::keccak_f1600_armv7m_frames>;

// The framed sponge against the portable one: every piece size on both sides (its byte, lane
// and whole-block paths), and squeeze_byte interleaved with squeeze at odd offsets.
void framed_sponges_match() {
  std::uint8_t msg[500];
  for (unsigned i = 0; i < sizeof msg; ++i) msg[i] = static_cast<std::uint8_t>(i * 53 + 7);
  unsigned bad = 0;
  for (const std::size_t n : {std::size_t{0}, std::size_t{1}, std::size_t{8}, std::size_t{135},
                              std::size_t{136}, std::size_t{137}, std::size_t{168},
                              std::size_t{169}, std::size_t{500}}) {
    for (const std::size_t piece : {std::size_t{1}, std::size_t{5}, std::size_t{8},
                                    std::size_t{64}, std::size_t{500}}) {
      for (const std::size_t out_piece : {std::size_t{1}, std::size_t{3}, std::size_t{8},
                                          std::size_t{168}, std::size_t{700}}) {
        if (!same_xof<sigspace::Shake128, FramedShake128>(Bytes(msg, n), piece, 700, out_piece))
          ++bad;
        if (!same_xof<sigspace::Shake256, FramedShake256>(Bytes(msg, n), piece, 700, out_piece))
          ++bad;
      }
    }
  }
  MT_CHECK(bad == 0);
  sigspace::Shake256 r;
  FramedShake256 k;
  r.absorb(Bytes(msg, 77));
  k.absorb(Bytes(msg, 77));
  r.finalize();
  k.finalize();
  std::uint8_t x[9], y[9];
  for (int round = 0; round < 60; ++round) {  // 3 bytes one way, 9 the other: every offset
    for (int b = 0; b < 3; ++b) MT_CHECK(r.squeeze_byte() == k.squeeze_byte());
    r.squeeze(x, sizeof x);
    k.squeeze(y, sizeof y);
    MT_CHECK(std::memcmp(x, y, sizeof x) == 0);
  }
}

// squeeze_three_lanes (the memory floor's A_hat reader): 22 groups of 24 bytes, three blocks
// and a bit, equal to the portable sponge's bytes read in order.
void framed_lanes_match() {
  std::uint8_t seed[34];
  for (unsigned i = 0; i < sizeof seed; ++i) seed[i] = static_cast<std::uint8_t>(i * 29 + 3);
  sigspace::Shake128 r;
  FramedShake128 k;
  r.absorb(Bytes(seed, sizeof seed));
  k.absorb(Bytes(seed, sizeof seed));
  r.finalize();
  k.finalize();
  unsigned bad = 0;
  for (int group = 0; group < 22; ++group) {
    std::uint8_t x[24], y[24];
    std::uint32_t w[6];
    r.squeeze(x, sizeof x);
    k.squeeze_three_lanes(w);
    std::memcpy(y, w, sizeof y);
    if (std::memcmp(x, y, sizeof x) != 0) ++bad;
  }
  MT_CHECK(bad == 0);
}

}  // namespace

int main() {
  const minitest::Case cases[] = {{"zero_state", zero_state},
                                  {"single_bits", single_bits},
                                  {"random_states", random_states},
                                  {"stack_budget", stack_budget},
                                  {"sponges_match", sponges_match},
                                  {"framed_rounds", framed_rounds},
                                  {"framed_sponges_match", framed_sponges_match},
                                  {"framed_lanes_match", framed_lanes_match}};
  return minitest::run("core_keccak_armv7m", cases, sizeof cases / sizeof cases[0]);
}
