// Keccak-f[1600] permutation and sponge (FIPS 202). Constant-time: no data-dependent branches
// or indices; the absorbed data only ever meets XOR.
#include "sigspace/keccak.hpp"

#include <bit>
#include <cstring>
#include <utility>

namespace sigspace {
namespace {

constexpr std::uint64_t kRoundConstants[24] = {
    0x0000000000000001ULL, 0x0000000000008082ULL, 0x800000000000808aULL, 0x8000000080008000ULL,
    0x000000000000808bULL, 0x0000000080000001ULL, 0x8000000080008081ULL, 0x8000000000008009ULL,
    0x000000000000008aULL, 0x0000000000000088ULL, 0x0000000080008009ULL, 0x000000008000000aULL,
    0x000000008000808bULL, 0x800000000000008bULL, 0x8000000000008089ULL, 0x8000000000008003ULL,
    0x8000000000008002ULL, 0x8000000000000080ULL, 0x000000000000800aULL, 0x800000008000000aULL,
    0x8000000080008081ULL, 0x8000000000008080ULL, 0x0000000080000001ULL, 0x8000000080008008ULL};

static_assert(std::endian::native == std::endian::little, "lanes are copied as bytes");

// Lane l of the state from / to 8 bytes: lanes are little-endian (FIPS 202 Section 3.1.2), as
// is every target, so a lane is one unaligned copy, not eight byte shifts (on Cortex-M4 the
// sponge's copies cost about a tenth of what byte-wise ones did).
inline std::uint64_t lane_from(const std::uint8_t* p) {
  std::uint64_t v;
  std::memcpy(&v, p, 8);
  return v;
}

// Byte i of the state, little-endian lanes (FIPS 202 Section 3.1.2 state-to-string convention).
inline void xor_byte(std::uint64_t* s, unsigned i, std::uint8_t b) {
  s[i / 8] ^= static_cast<std::uint64_t>(b) << (8 * (i % 8));
}
inline std::uint8_t get_byte(const std::uint64_t* s, unsigned i) {
  return static_cast<std::uint8_t>(s[i / 8] >> (8 * (i % 8)));
}

template <unsigned N>
inline std::uint64_t rotl(std::uint64_t x) { return (x << N) | (x >> (64 - N)); }

// chi on one output row (FIPS 202 Algorithm 4) from its five rho-pi'd lanes b0..b4.
inline void chi_row(std::uint64_t* e, std::uint64_t b0, std::uint64_t b1, std::uint64_t b2,
                    std::uint64_t b3, std::uint64_t b4) {
  e[0] = b0 ^ (~b1 & b2);
  e[1] = b1 ^ (~b2 & b3);
  e[2] = b2 ^ (~b3 & b4);
  e[3] = b3 ^ (~b4 & b0);
  e[4] = b4 ^ (~b0 & b1);
}

// One round Rnd (FIPS 202 Section 3.3) from lanes a to lanes e (index 5y + x). pi is folded
// into which input lane feeds each output position, rho into constant rotations, so no lane
// moves between positions: every index is constant, so the compiler may keep lanes in registers.
inline void keccak_round(const std::uint64_t* a, std::uint64_t* e, std::uint64_t rc) {
  const std::uint64_t c0 = a[0] ^ a[5] ^ a[10] ^ a[15] ^ a[20];  // theta (Algorithm 1)
  const std::uint64_t c1 = a[1] ^ a[6] ^ a[11] ^ a[16] ^ a[21];
  const std::uint64_t c2 = a[2] ^ a[7] ^ a[12] ^ a[17] ^ a[22];
  const std::uint64_t c3 = a[3] ^ a[8] ^ a[13] ^ a[18] ^ a[23];
  const std::uint64_t c4 = a[4] ^ a[9] ^ a[14] ^ a[19] ^ a[24];
  const std::uint64_t d0 = c4 ^ rotl<1>(c1), d1 = c0 ^ rotl<1>(c2), d2 = c1 ^ rotl<1>(c3);
  const std::uint64_t d3 = c2 ^ rotl<1>(c4), d4 = c3 ^ rotl<1>(c0);
  // Output row y takes input lane (x + 3y, x) rotated by rho of that lane (Algorithms 2, 3).
  chi_row(e, a[0] ^ d0, rotl<44>(a[6] ^ d1), rotl<43>(a[12] ^ d2), rotl<21>(a[18] ^ d3),
          rotl<14>(a[24] ^ d4));
  e[0] ^= rc;  // iota (Algorithm 6)
  chi_row(e + 5, rotl<28>(a[3] ^ d3), rotl<20>(a[9] ^ d4), rotl<3>(a[10] ^ d0),
          rotl<45>(a[16] ^ d1), rotl<61>(a[22] ^ d2));
  chi_row(e + 10, rotl<1>(a[1] ^ d1), rotl<6>(a[7] ^ d2), rotl<25>(a[13] ^ d3),
          rotl<8>(a[19] ^ d4), rotl<18>(a[20] ^ d0));
  chi_row(e + 15, rotl<27>(a[4] ^ d4), rotl<36>(a[5] ^ d0), rotl<10>(a[11] ^ d1),
          rotl<15>(a[17] ^ d2), rotl<56>(a[23] ^ d3));
  chi_row(e + 20, rotl<62>(a[2] ^ d2), rotl<55>(a[8] ^ d3), rotl<39>(a[14] ^ d4),
          rotl<41>(a[15] ^ d0), rotl<2>(a[21] ^ d1));
}

}  // namespace

// FIPS 202 Algorithm 7 (KECCAK-p[1600, 24]): rounds ping-pong between two lane sets so no
// round copies lanes back; the first reads the state and the last writes it, so the state is
// never copied in or out either (on Cortex-M4 two 200-byte copies a permutation).
void keccak_f1600(std::uint64_t state[25]) {
  std::uint64_t a[25], e[25];
  keccak_round(state, e, kRoundConstants[0]);
  for (unsigned round = 1; round < 23; round += 2) {
    keccak_round(e, a, kRoundConstants[round]);
    keccak_round(a, e, kRoundConstants[round + 1]);
  }
  keccak_round(e, state, kRoundConstants[23]);
}

namespace {

// Lane offsets of rho (FIPS 202 Algorithm 2 / Table 2) and the pi cycle (Algorithm 3) in the
// order the compact permutation walks them: lane kPiLane[i] receives the previous lane of the
// cycle rotated by kRhoCycle[i]. Starting from lane 1, the cycle visits all 24 nonzero lanes.
constexpr unsigned char kRhoCycle[24] = {1,  3,  6,  10, 15, 21, 28, 36, 45, 55, 2,  14,
                                         27, 41, 56, 8,  25, 43, 62, 18, 39, 61, 20, 44};
constexpr unsigned char kPiLane[24] = {10, 7,  11, 17, 18, 3, 5,  16, 8,  21, 24, 4,
                                       15, 23, 19, 13, 12, 2, 20, 14, 22, 9,  6,  1};

// One round Rnd (FIPS 202 Section 3.3) in place. theta's column terms d are folded into the
// rho-pi walk, which is unrolled so every lane index and rotation is a constant: on a 32-bit
// core a variable 64-bit rotation costs a dozen instructions, a constant one four.
[[gnu::always_inline]] inline void keccak_round_in_place(std::uint64_t* a, std::uint64_t rc) {
  std::uint64_t c[5];
  for (unsigned x = 0; x < 5; ++x) c[x] = a[x] ^ a[x + 5] ^ a[x + 10] ^ a[x + 15] ^ a[x + 20];
  const std::uint64_t d[5] = {c[4] ^ rotl<1>(c[1]), c[0] ^ rotl<1>(c[2]), c[1] ^ rotl<1>(c[3]),
                              c[2] ^ rotl<1>(c[4]), c[3] ^ rotl<1>(c[0])};  // theta (Alg. 1)
  a[0] ^= d[0];
  std::uint64_t t = a[1] ^ d[1];  // rho and pi (Algorithms 2, 3) along the lane cycle
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    ((void)([&] {
       constexpr unsigned j = kPiLane[I];
       const std::uint64_t next = a[j] ^ d[j % 5];
       a[j] = rotl<kRhoCycle[I]>(t);
       t = next;
     }()),
     ...);
  }(std::make_index_sequence<24>{});
  for (unsigned y = 0; y < 25; y += 5) {  // chi (Algorithm 4), one row at a time
    const std::uint64_t b0 = a[y], b1 = a[y + 1], b2 = a[y + 2], b3 = a[y + 3], b4 = a[y + 4];
    chi_row(a + y, b0, b1, b2, b3, b4);
  }
  a[0] ^= rc;  // iota (Algorithm 6)
}

}  // namespace

// FIPS 202 Algorithm 7, one round per iteration, in place: the frame holds a few lanes (128
// bytes on Cortex-M4 against keccak_f1600's 520). core/CMakeLists.txt compiles this file
// without the pre-allocation scheduling pass on Arm, which otherwise lengthens live ranges and
// spills (measured on Cortex-M4: 16.6k -> 13.0k instructions, 168 -> 128 bytes of stack).
void keccak_f1600_compact(std::uint64_t a[25]) {
  for (unsigned round = 0; round < 24; ++round) keccak_round_in_place(a, kRoundConstants[round]);
}

// The sponge bodies below are shared by every instantiation; only the permutation differs.
template <KeccakPermutation F>
void BasicKeccakSponge<F>::reset() {
  std::memset(s_, 0, sizeof s_);
  pos_ = 0;
  squeezing_ = false;
}

template <KeccakPermutation F>
void BasicKeccakSponge<F>::wipe() {
  volatile std::uint64_t* p = s_;
  for (unsigned i = 0; i < 25; ++i) p[i] = 0;
  pos_ = 0;
  squeezing_ = false;
}

// FIPS 202 Algorithm 8 (SPONGE), absorbing phase, streamed.
template <KeccakPermutation F>
void BasicKeccakSponge<F>::absorb(Bytes in) {
  std::size_t i = 0;
  const std::size_t n = in.size();
  while (pos_ == 0 && n - i >= rate_) {  // whole blocks straight from the input
    for (unsigned l = 0; l < rate_ / 8; ++l) s_[l] ^= lane_from(&in[i + 8 * l]);
    F(s_);
    i += rate_;
  }
  while (i < n) {
    if (pos_ % 8 == 0 && n - i >= 8 && pos_ + 8 <= rate_) {
      s_[pos_ / 8] ^= lane_from(&in[i]);  // whole lanes: the common case
      pos_ += 8;
      i += 8;
    } else {
      xor_byte(s_, pos_++, in[i++]);
    }
    if (pos_ == rate_) {
      F(s_);
      pos_ = 0;
    }
  }
}

// pad10*1 with the domain-separation suffix folded into the first padding byte.
template <KeccakPermutation F>
void BasicKeccakSponge<F>::finalize() {
  xor_byte(s_, pos_, ds_);
  xor_byte(s_, rate_ - 1, 0x80);
  F(s_);
  pos_ = 0;
  squeezing_ = true;
}

// FIPS 202 Algorithm 8, squeezing phase, resumable at any byte offset.
template <KeccakPermutation F>
void BasicKeccakSponge<F>::squeeze(MutBytes out) {
  std::size_t i = 0;
  const std::size_t n = out.size();
  while (i < n) {
    if (pos_ == rate_) {
      F(s_);
      pos_ = 0;
      if (n - i >= rate_) {  // a whole block straight to the output
        std::memcpy(&out[i], s_, rate_);
        i += rate_;
        pos_ = rate_;
        continue;
      }
    }
    if (pos_ % 8 == 0 && n - i >= 8 && pos_ + 8 <= rate_) {
      std::memcpy(&out[i], &s_[pos_ / 8], 8);
      pos_ += 8;
      i += 8;
    } else {
      out[i++] = get_byte(s_, pos_++);
    }
  }
}

template class BasicKeccakSponge<&keccak_f1600>;
template class BasicKeccakSponge<&keccak_f1600_compact>;
#if defined(SIGSPACE_HAVE_KECCAK_F1600_ARMV7M)
template class BasicKeccakSponge<&keccak_f1600_armv7m>;  // core/src/arch/armv7m/keccak_f1600.S
#endif

namespace {
template <class H>
void digest(Bytes in, std::uint8_t* out) {
  H h;
  h.absorb(in);
  h.finalize();
  h.squeeze(out, H::digest);
}
template <class X>
void xof(Bytes in, MutBytes out) {
  X x;
  x.absorb(in);
  x.finalize();
  x.squeeze(out);
}
}  // namespace

void sha3_224(Bytes in, std::uint8_t out[28]) { digest<Sha3_224>(in, out); }
void sha3_256(Bytes in, std::uint8_t out[32]) { digest<Sha3_256>(in, out); }
void sha3_384(Bytes in, std::uint8_t out[48]) { digest<Sha3_384>(in, out); }
void sha3_512(Bytes in, std::uint8_t out[64]) { digest<Sha3_512>(in, out); }
void shake128(Bytes in, MutBytes out) { xof<Shake128>(in, out); }
void shake256(Bytes in, MutBytes out) { xof<Shake256>(in, out); }

}  // namespace sigspace
