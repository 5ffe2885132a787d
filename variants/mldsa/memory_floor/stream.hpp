// Streaming building blocks of the memory-floor point: bit readers/writers over packed fields,
// the 23-bit packed store of w, SHAKE128 coefficients of A_hat folded straight into a product,
// the mask y squeezed a few bytes at a time, and the challenge c kept as tau (position, sign)
// pairs. None of them holds more than a few dozen bytes besides its sponge.
#pragma once
#include <cstdint>
#include <cstring>

#include "../common/poly.hpp"
#include "../common/rounding.hpp"
#include "sigspace/ct.hpp"
#include "sigspace/keccak.hpp"

namespace sigspace::mldsa::memory_floor {

// Every sponge of this point runs on keccak_f1600_compact: its frame sits under the deepest
// call of each operation, and the unrolled permutation's two lane copies cost ~300 bytes more
// there. The outputs are the same; only speed and stack differ.
using Xof128 = CompactShake128;
using Xof256 = CompactShake256;

// Fields of `bits` bits (at most 24) packed LSB first (Algorithms 9-13 layout), read in order
// from any field index. Reads only the bytes the fields touch, so it never runs past the end of
// an encoding. 32-bit state: a 64-bit shift by a variable amount is a dozen Cortex-M4
// instructions, and the fields read here never need more than 31 bits of backlog.
class BitReader {
 public:
  BitReader(const std::uint8_t* base, std::size_t bit_offset)
      : p_(base + (bit_offset >> 3)), acc_(0), n_(0) {
    const int skip = static_cast<int>(bit_offset & 7);
    if (skip != 0) {
      acc_ = static_cast<std::uint32_t>(*p_++) >> skip;
      n_ = 8 - skip;
    }
  }
  std::uint32_t take(int bits) {
    while (n_ < bits) {
      acc_ |= static_cast<std::uint32_t>(*p_++) << n_;
      n_ += 8;
    }
    const std::uint32_t v = acc_ & ((std::uint32_t{1} << bits) - 1);
    acc_ >>= bits;
    n_ -= bits;
    return v;
  }

 private:
  const std::uint8_t* p_;
  std::uint32_t acc_;
  int n_;
};

// The writer matching BitReader (Algorithm 16/17 layout, fields of at most 24 bits); a
// polynomial is 32 * bits bytes, so whole polynomials always end on a byte boundary and nothing
// is left to flush.
class BitWriter {
 public:
  explicit BitWriter(std::uint8_t* out) : p_(out) {}
  void put(std::uint32_t v, int bits) {
    acc_ |= (v & ((1u << bits) - 1)) << n_;
    for (n_ += bits; n_ >= 8; n_ -= 8, acc_ >>= 8) *p_++ = static_cast<std::uint8_t>(acc_);
  }

 private:
  std::uint8_t* p_;
  std::uint32_t acc_ = 0;
  int n_ = 0;
};

// One polynomial of w (or of an accumulator) with coefficients in [0, q): 23 bits each, 736
// bytes instead of 1 KB, when Packed. Random access, because A_hat is accumulated into it while
// its entries stream out of SHAKE128. The packed rows need 1 byte of slack after the last row.
template <bool Packed>
struct WRow {
  static constexpr std::size_t bytes = Packed ? 23 * kN / 8 : sizeof(std::int32_t) * kN;
  std::uint8_t* p;
  std::int32_t get(int m) const {
    if constexpr (Packed) {
      const unsigned bit = 23u * static_cast<unsigned>(m);
      std::uint32_t v;
      std::memcpy(&v, p + (bit >> 3), 4);  // little-endian on every target
      return static_cast<std::int32_t>((v >> (bit & 7)) & 0x7FFFFFu);
    } else {
      std::int32_t v;
      std::memcpy(&v, p + 4 * m, 4);
      return v;
    }
  }
  void put(int m, std::int32_t x) {
    if constexpr (Packed) {
      const unsigned bit = 23u * static_cast<unsigned>(m), sh = bit & 7;
      std::uint32_t v;
      std::memcpy(&v, p + (bit >> 3), 4);
      v = (v & ~(0x7FFFFFu << sh)) | (static_cast<std::uint32_t>(x) << sh);
      std::memcpy(p + (bit >> 3), &v, 4);
    } else {
      std::memcpy(p + 4 * m, &x, 4);
    }
  }
  void zero() { ct::wipe(p, bytes); }
};

// Fields m in [lo, lo + n) of a BitPack encoding (Algorithm 17 layout: a_m = offset - field_m,
// `bits` bits each, scaled by 2^shift) into out[0, n).
void unpack_part(std::int32_t* out, int lo, int n, const std::uint8_t* base, int bits,
                 std::int32_t offset, int shift = 0);
// out[0, n) as fields [lo, lo + n) of a BitPack encoding at base (lo * bits a multiple of 8).
void pack_part(std::uint8_t* base, int lo, int n, const std::int32_t* in, int bits,
               std::int32_t offset);

// Part h of NTT(a) (Algorithm 41), for a given by its packed encoding as above: with Parts = 1
// the whole transform; with Parts = 2 the coefficients [128 h, 128 h + 128), computed from the
// first layer (len 128, the only one that mixes the halves) read straight off the encoding and
// the other seven layers on the half alone. Same values as ntt() on the whole polynomial.
template <int Parts>
void ntt_part(std::int32_t* out, int h, const std::uint8_t* base, int bits, std::int32_t offset) {
  static_assert(Parts == 1 || Parts == 2);
  if constexpr (Parts == 1) {
    unpack_part(out, 0, kN, base, bits, offset);
    ntt_layers(out, 0, kN / 2);
  } else {
    constexpr int half = kN / 2;
    const std::int64_t z = ntt_zeta(1);                  // Alg. 41, lines 9-10 for len 128
    BitReader lo(base, 0), hi(base, static_cast<std::size_t>(half) * bits);
    for (int j = 0; j < half; ++j) {                     // lines 11-14, one side kept
      const std::int32_t a = offset - static_cast<std::int32_t>(lo.take(bits));
      const std::int32_t t = montgomery_reduce(z * (offset - static_cast<std::int32_t>(hi.take(bits))));
      out[j] = h == 0 ? a + t : a - t;                   // h is public (which half)
    }
    ntt_layers(out, h * half, half / 2);
  }
}

// row = NTT^-1(row) in place (Algorithm 42), through work (256 / Parts coefficients); every
// coefficient leaves in [0, q). With two parts the seven inner layers run per half and the
// last one (len 128) with the scaling straight on the row.
template <int Parts, bool Packed>
void invntt_row(WRow<Packed> row, std::int32_t* work) {
  constexpr int n = kN / Parts;
  for (int h = 0; h < Parts; ++h) {
    for (int m = 0; m < n; ++m) work[m] = row.get(h * n + m);
    invntt_layers(work, h * n, Parts == 1 ? kN / 2 : n / 2);
    for (int m = 0; m < n; ++m)
      row.put(h * n + m, freeze(Parts == 1 ? invntt_scale(work[m]) : work[m]));
  }
  if constexpr (Parts == 2) {
    const std::int64_t z = -ntt_zeta(1);                 // Alg. 42, lines 9-10 for len 128
    for (int j = 0; j < n; ++j) {                        // lines 11-15, then 21-24
      const std::int32_t t = row.get(j), u = row.get(j + n);
      row.put(j, freeze(invntt_scale(t + u)));
      row.put(j + n, freeze(invntt_scale(montgomery_reduce(z * (t - u)))));
    }
  }
}

// row += A_hat[r][s] o b_hat (FIPS 204 Algorithm 48, line 4, one term), with A_hat[r][s] drawn
// by Algorithm 30 (RejNTTPoly on rho || s || r, Algorithm 32 line 3) one coefficient at a time,
// so the entry never exists as a polynomial. b_hat comes in Parts pieces: part(h) returns its
// coefficients [256 h / Parts, ...), made while the sponge waits. Each sum is reduced into
// [0, q) for the store.
template <int Parts, bool Packed, class Part>
void acc_matrix_entry(WRow<Packed> row, const std::uint8_t rho[32], int r, int s, Part&& part) {
  Xof128 g;                                              // Alg. 30, line 2
  g.absorb(rho, 32);                                     // line 3
  const std::uint8_t idx[2] = {static_cast<std::uint8_t>(s), static_cast<std::uint8_t>(r)};
  g.absorb(idx, 2);
  g.finalize();
  int j = 0;                                             // line 1
  for (int h = 0; h < Parts; ++h) {
    const int base = h * (kN / Parts);
    const std::int32_t* b = part(h);                     // coefficients base, base + 1, ...
    while (j < base + kN / Parts) {                      // line 4
      const std::uint32_t b0 = g.squeeze_byte(), b1 = g.squeeze_byte(),
                          b2 = g.squeeze_byte();         // line 5, straight from the state
      const std::uint32_t z = b0 | b1 << 8 | (b2 & 0x7Fu) << 16;  // Alg. 14
      if (z < static_cast<std::uint32_t>(kQ)) {          // lines 6-9 (public rejection)
        const std::int32_t t = montgomery_reduce(static_cast<std::int64_t>(z) * b[j - base]);
        row.put(j, freeze(row.get(j) + t));
        ++j;
      }
    }
  }
}

// y_r of ExpandMask (FIPS 204 Algorithm 34, lines 3-4) as its 32 * z_bits bytes, squeezed into
// out: they are BitPack(y_r, gamma1 - 1, gamma1), line 5 read backwards. rho2 may lie inside
// out: it is absorbed whole before the output overwrites it.
template <class P>
void mask_bytes_in(Xof256& h, std::uint8_t* out, const std::uint8_t rho2[64], std::uint16_t kappa) {
  h.absorb(rho2, 64);                                    // line 3
  const std::uint8_t idx[2] = {static_cast<std::uint8_t>(kappa),
                               static_cast<std::uint8_t>(kappa >> 8)};
  h.absorb(idx, 2);
  h.finalize();
  h.squeeze(out, P::poly_z_bytes);                       // line 4
  h.wipe();
}

// s_r of Algorithm 33 by RejBoundedPoly (Algorithm 31) on the compact sponge, read a byte at a
// time from the sponge state, each coefficient written straight into its BitPack(s_r, eta, eta)
// field at out (Algorithm 24, lines 2-7): no polynomial is ever held.
template <int Eta>
void bounded_poly_packed(std::uint8_t* out, const std::uint8_t rho[64], std::uint16_t r) {
  static_assert(Eta == 2 || Eta == 4);
  constexpr int bits = Eta == 2 ? 3 : 4;
  Xof256 h;                                              // line 2
  h.absorb(rho, 64);                                     // line 3
  const std::uint8_t idx[2] = {static_cast<std::uint8_t>(r), static_cast<std::uint8_t>(r >> 8)};
  h.absorb(idx, 2);
  h.finalize();
  BitWriter w(out);
  int j = 0;                                             // line 1
  while (j < kN) {                                       // line 4
    // Secret-dependent rejection branches, as in the common sampler (see sample.cpp); mod 5 by
    // multiply and shift, since udiv's time depends on its operands on Cortex-M. The field is
    // eta - coefficient (Algorithm 17), i.e. z mod 5 for eta 2 and z itself for eta 4.
    constexpr std::uint32_t limit = Eta == 2 ? 15 : 9;
    const auto field = [](std::uint32_t z) {
      if constexpr (Eta == 2) return z - 5 * ((205 * z) >> 10);
      else return z;
    };
    const std::uint32_t b = h.squeeze_byte();            // line 5, a byte at a time
    const std::uint32_t z0 = b & 15u, z1 = b >> 4;                       // lines 6-7
    if (z0 < limit) {                                                    // lines 8-11
      w.put(field(z0), bits);
      ++j;
    }
    if (z1 < limit && j < kN) {                                          // lines 12-15
      w.put(field(z1), bits);
      ++j;
    }
  }
  h.wipe();
}

// The challenge c of Algorithm 29 as its tau nonzero positions and a sign mask (bit t set:
// coefficient -1): 72 bytes instead of a 1 KB polynomial. Like the reference's SampleInBall,
// the positions are functions of c_tilde alone and are used as memory offsets (public once the
// signature is out; ARCHITECTURE.md treats them as the reference does).
struct Challenge {
  std::uint8_t pos[64];
  std::uint64_t neg;
  int n;
};
void sample_challenge(Challenge& c, Bytes ctilde, int tau);

// out[m - lo] += (c a)[m] for m in [lo, lo + n): the negacyclic product of c (sum over its
// (p, sign) pairs of sign * X^p) with a read as packed fields a_i = offset - field_i (BitPack
// layout, Algorithm 17) of `bits` bits at `base`, each scaled by 2^shift.
void challenge_acc(std::int32_t* out, int lo, int n, const Challenge& c, const std::uint8_t* base,
                   int bits, std::int32_t offset, int shift);
// The same product with c re-sampled from c_tilde in this call's own frame, so callers keep
// only the c_tilde pointer and the 80-byte sparse form never sits under their deeper calls.
[[gnu::noinline]] void challenge_acc_from(std::int32_t* out, int lo, int n, Bytes ctilde, int tau,
                                          const std::uint8_t* base, int bits, std::int32_t offset,
                                          int shift);

}  // namespace sigspace::mldsa::memory_floor
