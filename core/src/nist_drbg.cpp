// AES-256 (FIPS 197) and the CTR_DRBG of the NIST PQC KAT generators (NIST SP 800-90A Rev. 1,
// Section 10.2.1, AES-256, no derivation function, no prediction resistance, no reseeding).
// Only test inputs come from here: the S-box lookup is indexed by key and data, which is fine
// for public KAT seeds but would leak timing for secrets.
#include "sigspace/nist_drbg.hpp"

#include <array>

#include "sigspace/ct.hpp"

namespace sigspace {
namespace {

constexpr unsigned kRounds = 14;                     // FIPS 197 Figure 4: Nr = 14 for Nk = 8
constexpr unsigned kScheduleBytes = 16 * (kRounds + 1);

// Multiplication by x in GF(2^8) modulo x^8 + x^4 + x^3 + x + 1 (FIPS 197 Section 4.2.1),
// without a branch on the top bit.
constexpr std::uint8_t xtime(std::uint8_t a) {
  return static_cast<std::uint8_t>((a << 1) ^ (0x1b & (0 - (a >> 7))));
}

constexpr std::uint8_t gf_mul(std::uint8_t a, std::uint8_t b) {
  std::uint8_t r = 0;
  for (unsigned i = 0; i < 8; ++i) {
    if ((b >> i) & 1) r = static_cast<std::uint8_t>(r ^ a);
    a = xtime(a);
  }
  return r;
}

constexpr std::uint8_t rotl8(std::uint8_t x, unsigned n) {
  return static_cast<std::uint8_t>((x << n) | (x >> (8 - n)));
}

// The S-box from its definition (FIPS 197 Section 5.1.1): the multiplicative inverse (x^254,
// with 0 mapped to 0) followed by the affine transformation. Built at compile time, so there is
// no table to mistype and nothing runs at start-up.
constexpr std::array<std::uint8_t, 256> make_sbox() {
  std::array<std::uint8_t, 256> s{};
  for (unsigned x = 0; x < 256; ++x) {
    std::uint8_t inv = 1, base = static_cast<std::uint8_t>(x);
    for (unsigned e = 254; e != 0; e >>= 1) {  // square-and-multiply; 0^254 = 0
      if (e & 1) inv = gf_mul(inv, base);
      base = gf_mul(base, base);
    }
    s[x] = static_cast<std::uint8_t>(inv ^ rotl8(inv, 1) ^ rotl8(inv, 2) ^ rotl8(inv, 3) ^
                                     rotl8(inv, 4) ^ 0x63);
  }
  return s;
}
constexpr std::array<std::uint8_t, 256> kSbox = make_sbox();

// KeyExpansion, FIPS 197 Section 5.2 with Nk = 8: byte 4*i + j is byte j of word w[i].
void expand_key(const std::uint8_t key[32], std::uint8_t rk[kScheduleBytes]) {
  for (unsigned i = 0; i < 32; ++i) rk[i] = key[i];
  std::uint8_t rcon = 1;
  for (unsigned i = 8; i < 4 * (kRounds + 1); ++i) {
    std::uint8_t t[4] = {rk[4 * i - 4], rk[4 * i - 3], rk[4 * i - 2], rk[4 * i - 1]};
    if (i % 8 == 0) {  // RotWord, SubWord, Rcon
      const std::uint8_t t0 = t[0];
      t[0] = static_cast<std::uint8_t>(kSbox[t[1]] ^ rcon);
      t[1] = kSbox[t[2]];
      t[2] = kSbox[t[3]];
      t[3] = kSbox[t0];
      rcon = xtime(rcon);
    } else if (i % 8 == 4) {  // the extra SubWord of 256-bit keys
      for (auto& b : t) b = kSbox[b];
    }
    for (unsigned j = 0; j < 4; ++j) rk[4 * i + j] = static_cast<std::uint8_t>(rk[4 * i - 32 + j] ^ t[j]);
  }
}

void add_round_key(std::uint8_t s[16], const std::uint8_t* rk) {
  for (unsigned i = 0; i < 16; ++i) s[i] = static_cast<std::uint8_t>(s[i] ^ rk[i]);
}

// SubBytes then ShiftRows (FIPS 197 Sections 5.1.1, 5.1.2): byte r + 4c takes row r, column
// (c + r) mod 4 of the input, through the S-box.
void sub_shift(std::uint8_t s[16]) {
  std::uint8_t t[16];
  for (unsigned c = 0; c < 4; ++c)
    for (unsigned r = 0; r < 4; ++r) t[r + 4 * c] = kSbox[s[r + 4 * ((c + r) % 4)]];
  for (unsigned i = 0; i < 16; ++i) s[i] = t[i];
}

// MixColumns, FIPS 197 Section 5.1.3: each column times {03}x^3 + {01}x^2 + {01}x + {02}.
void mix_columns(std::uint8_t s[16]) {
  for (unsigned c = 0; c < 4; ++c) {
    std::uint8_t* a = s + 4 * c;
    const std::uint8_t all = static_cast<std::uint8_t>(a[0] ^ a[1] ^ a[2] ^ a[3]);
    const std::uint8_t a0 = a[0];
    // 2*a_r + 3*a_{r+1} + a_{r+2} + a_{r+3} = a_r + all + 2*(a_r + a_{r+1})
    for (unsigned r = 0; r < 4; ++r) {
      const std::uint8_t next = r == 3 ? a0 : a[r + 1];
      a[r] = static_cast<std::uint8_t>(a[r] ^ all ^ xtime(static_cast<std::uint8_t>(a[r] ^ next)));
    }
  }
}

// 128-bit big-endian V = V + 1 (SP 800-90A Section 10.2.1.2: V = (V + 1) mod 2^blocklen).
void increment(std::uint8_t v[16]) {
  unsigned carry = 1;
  for (unsigned j = 16; j-- > 0;) {
    const unsigned sum = v[j] + carry;
    v[j] = static_cast<std::uint8_t>(sum);
    carry = sum >> 8;
  }
}

}  // namespace

// Cipher, FIPS 197 Section 5.1 (Figure 5), Nr = 14.
void aes256_encrypt_block(const std::uint8_t key[32], const std::uint8_t in[16], std::uint8_t out[16]) {
  std::uint8_t rk[kScheduleBytes];
  expand_key(key, rk);
  std::uint8_t s[16];
  for (unsigned i = 0; i < 16; ++i) s[i] = in[i];
  add_round_key(s, rk);
  for (unsigned round = 1; round < kRounds; ++round) {
    sub_shift(s);
    mix_columns(s);
    add_round_key(s, rk + 16 * round);
  }
  sub_shift(s);
  add_round_key(s, rk + 16 * kRounds);
  for (unsigned i = 0; i < 16; ++i) out[i] = s[i];
  ct::wipe(rk, sizeof rk);
  ct::wipe(s, sizeof s);
}

// CTR_DRBG_Instantiate_algorithm without df (SP 800-90A Section 10.2.1.3.1) as rng.c does it:
// Key = 0, V = 0, then Update(seed_material) with seed_material = entropy_input (no
// personalization string).
NistKatDrbg::NistKatDrbg(const std::uint8_t entropy_input[48]) : key_{}, v_{} { update(entropy_input); }

// CTR_DRBG_Update, SP 800-90A Section 10.2.1.2: three counter blocks give 48 bytes, XORed with
// provided_data when present; the first 32 become Key and the last 16 V.
void NistKatDrbg::update(const std::uint8_t* provided_data) {
  std::uint8_t temp[48];
  for (unsigned i = 0; i < 3; ++i) {
    increment(v_);
    aes256_encrypt_block(key_, v_, temp + 16 * i);
  }
  if (provided_data != nullptr)
    for (unsigned i = 0; i < 48; ++i) temp[i] = static_cast<std::uint8_t>(temp[i] ^ provided_data[i]);
  for (unsigned i = 0; i < 32; ++i) key_[i] = temp[i];
  for (unsigned i = 0; i < 16; ++i) v_[i] = temp[32 + i];
  ct::wipe(temp, sizeof temp);
}

// CTR_DRBG_Generate_algorithm, SP 800-90A Section 10.2.1.5.1, with no additional input: one
// Update(NULL) per call, however long the request (as rng.c's randombytes does).
void NistKatDrbg::generate(MutBytes out) {
  std::size_t done = 0;
  while (done < out.size()) {
    std::uint8_t block[16];
    increment(v_);
    aes256_encrypt_block(key_, v_, block);
    const std::size_t n = out.size() - done < 16 ? out.size() - done : 16;
    for (std::size_t i = 0; i < n; ++i) out[done + i] = block[i];
    done += n;
  }
  update(nullptr);
}

}  // namespace sigspace
