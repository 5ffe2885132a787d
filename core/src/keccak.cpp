// Keccak-f[1600] permutation and sponge (FIPS 202). Constant-time: no data-dependent branches
// or indices; the absorbed data only ever meets XOR.
#include "sigspace/keccak.hpp"

#include <cstring>

namespace sigspace {
namespace {

constexpr std::uint64_t kRoundConstants[24] = {
    0x0000000000000001ULL, 0x0000000000008082ULL, 0x800000000000808aULL, 0x8000000080008000ULL,
    0x000000000000808bULL, 0x0000000080000001ULL, 0x8000000080008081ULL, 0x8000000000008009ULL,
    0x000000000000008aULL, 0x0000000000000088ULL, 0x0000000080008009ULL, 0x000000008000000aULL,
    0x000000008000808bULL, 0x800000000000008bULL, 0x8000000000008089ULL, 0x8000000000008003ULL,
    0x8000000000008002ULL, 0x8000000000000080ULL, 0x000000000000800aULL, 0x800000008000000aULL,
    0x8000000080008081ULL, 0x8000000000008080ULL, 0x0000000080000001ULL, 0x8000000080008008ULL};

// rho offsets and pi destinations in the order of the combined rho-pi walk starting at lane 1.
constexpr unsigned kRho[24] = {1,  3,  6,  10, 15, 21, 28, 36, 45, 55, 2,  14,
                               27, 41, 56, 8,  25, 43, 62, 18, 39, 61, 20, 44};
constexpr unsigned kPi[24] = {10, 7,  11, 17, 18, 3, 5,  16, 8,  21, 24, 4,
                              15, 23, 19, 13, 12, 2, 20, 14, 22, 9,  6,  1};

inline std::uint64_t rotl(std::uint64_t x, unsigned n) { return (x << n) | (x >> ((64 - n) & 63)); }

// Byte i of the state, little-endian lanes (FIPS 202 Section 3.1.2 state-to-string convention).
inline void xor_byte(std::uint64_t* s, unsigned i, std::uint8_t b) {
  s[i / 8] ^= static_cast<std::uint64_t>(b) << (8 * (i % 8));
}
inline std::uint8_t get_byte(const std::uint64_t* s, unsigned i) {
  return static_cast<std::uint8_t>(s[i / 8] >> (8 * (i % 8)));
}

}  // namespace

// FIPS 202 Algorithm 7 (KECCAK-p[1600, 24]): theta, rho, pi, chi, iota per round.
void keccak_f1600(std::uint64_t a[25]) {
  for (unsigned round = 0; round < 24; ++round) {
    std::uint64_t c[5];
    for (unsigned x = 0; x < 5; ++x) c[x] = a[x] ^ a[x + 5] ^ a[x + 10] ^ a[x + 15] ^ a[x + 20];
    for (unsigned x = 0; x < 5; ++x) {
      const std::uint64_t d = c[(x + 4) % 5] ^ rotl(c[(x + 1) % 5], 1);
      for (unsigned y = 0; y < 25; y += 5) a[y + x] ^= d;
    }
    std::uint64_t carry = a[1];
    for (unsigned i = 0; i < 24; ++i) {
      const std::uint64_t t = a[kPi[i]];
      a[kPi[i]] = rotl(carry, kRho[i]);
      carry = t;
    }
    for (unsigned y = 0; y < 25; y += 5) {
      const std::uint64_t r0 = a[y], r1 = a[y + 1], r2 = a[y + 2], r3 = a[y + 3], r4 = a[y + 4];
      a[y + 0] = r0 ^ (~r1 & r2);
      a[y + 1] = r1 ^ (~r2 & r3);
      a[y + 2] = r2 ^ (~r3 & r4);
      a[y + 3] = r3 ^ (~r4 & r0);
      a[y + 4] = r4 ^ (~r0 & r1);
    }
    a[0] ^= kRoundConstants[round];
  }
}

void KeccakSponge::reset() {
  std::memset(s_, 0, sizeof s_);
  pos_ = 0;
  squeezing_ = false;
}

void KeccakSponge::wipe() {
  volatile std::uint64_t* p = s_;
  for (unsigned i = 0; i < 25; ++i) p[i] = 0;
  pos_ = 0;
  squeezing_ = false;
}

// FIPS 202 Algorithm 8 (SPONGE), absorbing phase, streamed.
void KeccakSponge::absorb(Bytes in) {
  std::size_t i = 0;
  const std::size_t n = in.size();
  while (i < n) {
    if (pos_ % 8 == 0 && n - i >= 8 && pos_ + 8 <= rate_) {
      s_[pos_ / 8] ^= load_le64(&in[i]);  // whole lanes: the common case
      pos_ += 8;
      i += 8;
    } else {
      xor_byte(s_, pos_++, in[i++]);
    }
    if (pos_ == rate_) {
      keccak_f1600(s_);
      pos_ = 0;
    }
  }
}

// pad10*1 with the domain-separation suffix folded into the first padding byte.
void KeccakSponge::finalize() {
  xor_byte(s_, pos_, ds_);
  xor_byte(s_, rate_ - 1, 0x80);
  keccak_f1600(s_);
  pos_ = 0;
  squeezing_ = true;
}

// FIPS 202 Algorithm 8, squeezing phase, resumable at any byte offset.
void KeccakSponge::squeeze(MutBytes out) {
  std::size_t i = 0;
  const std::size_t n = out.size();
  while (i < n) {
    if (pos_ == rate_) {
      keccak_f1600(s_);
      pos_ = 0;
    }
    if (pos_ % 8 == 0 && n - i >= 8 && pos_ + 8 <= rate_) {
      store_le64(&out[i], s_[pos_ / 8]);
      pos_ += 8;
      i += 8;
    } else {
      out[i++] = get_byte(s_, pos_++);
    }
  }
}

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
