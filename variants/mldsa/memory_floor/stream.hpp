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

// Fields of `bits` bits packed LSB first (Algorithms 9-13 layout), read in order from any field
// index. Reads only the bytes the fields touch, so it never runs past the end of an encoding.
class BitReader {
 public:
  BitReader(const std::uint8_t* base, std::size_t bit_offset)
      : p_(base + (bit_offset >> 3)), acc_(0), n_(0) {
    const int skip = static_cast<int>(bit_offset & 7);
    if (skip != 0) {
      acc_ = static_cast<std::uint64_t>(*p_++) >> skip;
      n_ = 8 - skip;
    }
  }
  std::uint32_t take(int bits) {
    while (n_ < bits) {
      acc_ |= static_cast<std::uint64_t>(*p_++) << n_;
      n_ += 8;
    }
    const auto v = static_cast<std::uint32_t>(acc_ & ((std::uint64_t{1} << bits) - 1));
    acc_ >>= bits;
    n_ -= bits;
    return v;
  }

 private:
  const std::uint8_t* p_;
  std::uint64_t acc_;
  int n_;
};

// The writer matching BitReader (Algorithm 16/17 layout); a polynomial is 32 * bits bytes, so
// whole polynomials always end on a byte boundary and nothing is left to flush.
class BitWriter {
 public:
  explicit BitWriter(std::uint8_t* out) : p_(out) {}
  void put(std::uint32_t v, int bits) {
    acc_ |= static_cast<std::uint64_t>(v & ((1u << bits) - 1)) << n_;
    for (n_ += bits; n_ >= 8; n_ -= 8, acc_ >>= 8) *p_++ = static_cast<std::uint8_t>(acc_);
  }

 private:
  std::uint8_t* p_;
  std::uint64_t acc_ = 0;
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
  void load(Poly& a) const {
    for (int m = 0; m < kN; ++m) a.c[m] = get(m);
  }
  void store(const Poly& a) {  // a already in [0, q)
    for (int m = 0; m < kN; ++m) put(m, a.c[m]);
  }
};

// row += A_hat[r][s] o b_hat (FIPS 204 Algorithm 48, line 4, one term), with A_hat[r][s] drawn
// by Algorithm 30 (RejNTTPoly on rho || s || r, Algorithm 32 line 3) one coefficient at a time,
// so the entry never exists as a polynomial. Each sum is reduced into [0, q) for the store.
template <bool Packed>
void acc_matrix_entry(WRow<Packed> row, const std::uint8_t rho[32], int r, int s, const Poly& b) {
  Xof128 g;                                            // Alg. 30, line 2
  g.absorb(rho, 32);                                     // line 3
  const std::uint8_t idx[2] = {static_cast<std::uint8_t>(s), static_cast<std::uint8_t>(r)};
  g.absorb(idx, 2);
  g.finalize();
  int j = 0;                                             // line 1
  while (j < kN) {                                       // line 4
    const std::uint32_t b0 = g.squeeze_byte(), b1 = g.squeeze_byte(),
                        b2 = g.squeeze_byte();           // line 5, straight from the state
    const std::uint32_t z = b0 | b1 << 8 | (b2 & 0x7Fu) << 16;  // Alg. 14
    if (z < static_cast<std::uint32_t>(kQ)) {            // lines 6-9 (public rejection)
      const std::int32_t t = montgomery_reduce(static_cast<std::int64_t>(z) * b.c[j]);
      row.put(j, freeze(row.get(j) + t));
      ++j;
    }
  }
}

// y_r = ExpandMask's polynomial (FIPS 204 Algorithm 34, lines 3-5) squeezed 8 coefficients
// (z_bits bytes) at a time instead of through a 32 * z_bits byte buffer.
// rho2 may lie inside y: it is absorbed whole before the first coefficient is written, and
// y's writes then overwrite it.
template <class P>
void mask_poly_in(Xof256& h, Poly& y, const std::uint8_t rho2[64], std::uint16_t kappa) {
  h.absorb(rho2, 64);                                    // line 3
  const std::uint8_t idx[2] = {static_cast<std::uint8_t>(kappa),
                               static_cast<std::uint8_t>(kappa >> 8)};
  h.absorb(idx, 2);
  h.finalize();
  std::uint8_t chunk[P::z_bits];
  for (int m = 0; m < kN; m += 8) {
    h.squeeze(chunk, sizeof chunk);                      // line 4, piece by piece
    BitReader r(chunk, 0);
    for (int e = 0; e < 8; ++e)                          // line 5: BitUnpack(v, gamma1-1, gamma1)
      y.c[m + e] = P::gamma1 - static_cast<std::int32_t>(r.take(P::z_bits));
  }
  ct::wipe(chunk, sizeof chunk);
  h.wipe();
}
// The same output as bytes: ExpandMask's 32 * z_bits bytes (line 4) squeezed into out. rho2
// may lie inside out, as above.
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
// time from the sponge state rather than through a 136-byte block (same output, small frame).
template <int Eta>
void bounded_poly(Poly& a, const std::uint8_t rho[64], std::uint16_t r) {
  static_assert(Eta == 2 || Eta == 4);
  Xof256 h;                                              // line 2
  h.absorb(rho, 64);                                     // line 3
  const std::uint8_t idx[2] = {static_cast<std::uint8_t>(r), static_cast<std::uint8_t>(r >> 8)};
  h.absorb(idx, 2);
  h.finalize();
  int j = 0;                                             // line 1
  while (j < kN) {                                       // line 4
    // Secret-dependent rejection branches, as in the common sampler (see sample.cpp); mod 5 by
    // multiply and shift, since udiv's time depends on its operands on Cortex-M.
    constexpr std::uint32_t limit = Eta == 2 ? 15 : 9;
    const auto coeff = [](std::uint32_t z) {
      if constexpr (Eta == 2) return 2 - static_cast<std::int32_t>(z - 5 * ((205 * z) >> 10));
      else return 4 - static_cast<std::int32_t>(z);
    };
    const std::uint32_t b = h.squeeze_byte();            // line 5, a byte at a time
    const std::uint32_t z0 = b & 15u, z1 = b >> 4;                       // lines 6-7
    if (z0 < limit) a.c[j++] = coeff(z0);                                // lines 8-11
    if (z1 < limit && j < kN) a.c[j++] = coeff(z1);                      // lines 12-15
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

// out[m] += sum over (p, sign) of c: sign * X^p * a, negacyclic, with a read as packed fields
// a_i = offset - field_i (BitPack layout, Algorithm 17) of `bits` bits at `base`, each term
// scaled by 2^shift. Two in-order passes per position: the wrapped part [0, p) then [p, 256).
void challenge_acc(Poly& out, const Challenge& c, const std::uint8_t* base, int bits,
                   std::int32_t offset, int shift);
// The same product with c re-sampled from c_tilde in this call's own frame, so callers keep
// only the c_tilde pointer and the 80-byte sparse form never sits under their deeper calls.
[[gnu::noinline]] void challenge_acc_from(Poly& out, Bytes ctilde, int tau, const std::uint8_t* base,
                                          int bits, std::int32_t offset, int shift);

}  // namespace sigspace::mldsa::memory_floor
