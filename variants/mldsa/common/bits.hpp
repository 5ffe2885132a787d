// Bit fields packed LSB first: the layout of FIPS 204 Algorithms 9-13 (IntegerToBits,
// BitsToBytes and their inverses) that every encoding of Algorithms 16-28 uses. One family for
// every operating point:
//   BitReader, BitWriter   fields in order, a byte at a time (never past the encoding's end);
//   Fields<B, V>           field m anywhere, one unaligned 32-bit word per access;
//   unpack_fields, pack_fields   a whole polynomial through Fields (Algorithms 17 and 19).
// Loop bounds and shifts depend only on the public width, never on field values.
#pragma once
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "mldsa/common/poly.hpp"

namespace sigspace::mldsa {

// Fields of `bits` bits (at most 24) read in order, from any field index. 32-bit state: a
// 64-bit shift by a variable amount is a dozen Cortex-M4 instructions, and a field never needs
// more than 31 bits of backlog.
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

// The writer matching BitReader (fields of at most 24 bits), from a byte boundary. A polynomial
// is 32 * bits bytes, so whole polynomials end on a byte boundary and nothing is left to flush.
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

static_assert(std::endian::native == std::endian::little, "fields are read as little-endian words");

// Fields [first, first + count) of a BitPack encoding (first and count multiples of 8) as
// fn(m, field), in order. Eight B-bit fields are B whole bytes, so each field is one unaligned
// word load at a constant offset that stays inside its group of 8 (no slack after the
// encoding): on Cortex-M4 a third of BitReader's instructions. B = 3 has no room for a word
// and goes through BitReader.
// Always inlined: fn's captures then live in registers, not in a closure under the caller's
// deepest calls (the memory floor's NTT of a matrix entry runs under a sponge).
template <int B, class Fn>
[[gnu::always_inline]] inline void fields_by_group(const std::uint8_t* base, int first, int count, Fn&& fn) {
  static_assert(B >= 4 && B <= 24);
  constexpr std::uint32_t mask = (1u << B) - 1;
  for (int g = first / 8; g < (first + count) / 8; ++g) {
    const std::uint8_t* p = base + g * B;
#pragma GCC unroll 8
    for (int e = 0; e < 8; ++e) {
      const int bit = B * e;
      const int at = bit / 8 < B - 4 ? bit / 8 : B - 4;  // field e ends by bit 8B
      std::uint32_t v;
      std::memcpy(&v, p + at, 4);
      fn(8 * g + e, (v >> (bit - 8 * at)) & mask);
    }
  }
}
template <class Fn>
[[gnu::always_inline]] inline void for_each_field(const std::uint8_t* base, int first, int count, int bits, Fn&& fn) {
  switch (bits) {  // the widths FIPS 204's encodings use (Algorithms 22-28)
    case 4: return fields_by_group<4>(base, first, count, fn);
    case 10: return fields_by_group<10>(base, first, count, fn);
    case 13: return fields_by_group<13>(base, first, count, fn);
    case 18: return fields_by_group<18>(base, first, count, fn);
    case 20: return fields_by_group<20>(base, first, count, fn);
    default: {
      BitReader r(base, static_cast<std::size_t>(first) * bits);
      for (int m = first; m < first + count; ++m) fn(m, r.take(bits));
    }
  }
}

// Fields of B bits at random positions, read and written as V. Each access is one unaligned
// 32-bit word, so the 3 bytes after an array's last field must be readable (put writes them
// back unchanged); B = 32 is a plain array of 32-bit values.
template <int B, class V = std::uint32_t>
struct Fields {
  static_assert(B == 32 || B + 7 <= 32);
  static constexpr std::uint32_t kMask = B == 32 ? ~0u : (1u << (B % 32)) - 1;
  static constexpr std::size_t poly_bytes = static_cast<std::size_t>(B) * kN / 8;  // 256 fields
  std::uint8_t* p;
  V get(int m) const {
    const unsigned bit = static_cast<unsigned>(B) * static_cast<unsigned>(m);
    std::uint32_t v;
    std::memcpy(&v, p + (bit >> 3), 4);
    return static_cast<V>((v >> (bit & 7)) & kMask);
  }
  // Any x: only its low B bits are stored, so the neighbouring fields never change.
  void put(int m, V x) const { store(m, static_cast<std::uint32_t>(x) & kMask); }
  // x < 2^B (e.g. a coefficient in [0, q) at 23 bits): put without the mask, an instruction
  // fewer where the value is in range by construction.
  void put_in_range(int m, V x) const { store(m, static_cast<std::uint32_t>(x)); }
  void zero_poly() const { ct::wipe(p, poly_bytes); }

 private:
  void store(int m, std::uint32_t x) const {
    const unsigned bit = static_cast<unsigned>(B) * static_cast<unsigned>(m), sh = bit & 7;
    std::uint32_t v;
    std::memcpy(&v, p + (bit >> 3), 4);
    v = (v & ~(kMask << sh)) | (x << sh);
    std::memcpy(p + (bit >> 3), &v, 4);
  }
};

// BitUnpack (Algorithm 19, line 4) w_m = b - field m, and BitPack (Algorithm 17, line 3), one
// word access a field: on Cortex-M4 a fraction of the sequential loops (~6k instructions a
// polynomial), for buffers that carry the 3 bytes of slack Fields needs.
template <int B>
void unpack_fields(Poly& w, const std::uint8_t* in, std::int32_t b) {
  const Fields<B> f{const_cast<std::uint8_t*>(in)};
#pragma GCC unroll 8
  for (int m = 0; m < kN; ++m) w.c[m] = b - static_cast<std::int32_t>(f.get(m));
}
template <int B>
void pack_fields(std::uint8_t* out, const Poly& w, std::int32_t b) {
  const Fields<B> f{out};
#pragma GCC unroll 8
  for (int m = 0; m < kN; ++m) f.put(m, static_cast<std::uint32_t>(b - w.c[m]));
}

}  // namespace sigspace::mldsa
