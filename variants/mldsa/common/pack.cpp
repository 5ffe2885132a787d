#include "mldsa/common/pack.hpp"

#include <type_traits>

#include "mldsa/common/bits.hpp"

namespace sigspace::mldsa {
namespace {

// The widths FIPS 204 packs with (eta: 3, 4; w1: 4, 6; t1: 10; t0: 13; z: 18, 20) run on a
// compile-time width: 8 fields of `bits` bits fill exactly `bits` bytes, so across a group of 8
// every shift and byte offset is a constant and the group compiles to straight-line code, as the
// official reference's per-width packers do (on Cortex-M4 a quarter of the run-time-width loop).
// Each packer lists only the widths its callers use (each costs a few hundred bytes of code);
// any other width takes the run-time loop.
template <int... Widths, class F>
void with_width(int bits, F&& f) {
  const bool fixed = ((bits == Widths && (f(std::integral_constant<int, Widths>{}), true)) || ...);
  if (!fixed) f(bits);
}

// IntegerToBits / BitsToBytes (Algorithms 9, 12) for 256 values of `bits` bits, LSB first.
template <int... Widths, class Value>
void pack_bits(std::uint8_t* out, int bits, Value value) {
  with_width<Widths...>(bits, [&](auto width) {
    for (int g = 0; g < kN; g += 8) {
      BitWriter w(out + g / 8 * static_cast<int>(width));  // group g / 8 starts on a byte
#pragma GCC unroll 8
      for (int i = 0; i < 8; ++i) w.put(static_cast<std::uint32_t>(value(g + i)), width);
    }
  });
}

// BytesToBits / BitsToInteger (Algorithms 10, 13), the inverse of pack_bits.
template <int... Widths, class Store>
void unpack_bits(const std::uint8_t* in, int bits, Store store) {
  with_width<Widths...>(bits, [&](auto width) {
    for (int g = 0; g < kN; g += 8) {
      BitReader r(in + g / 8 * static_cast<int>(width), 0);
#pragma GCC unroll 8
      for (int i = 0; i < 8; ++i) store(g + i, r.take(width));
    }
  });
}

}  // namespace

void simple_bit_pack(std::uint8_t* out, const Poly& w, int bits) {  // Algorithm 16, lines 2-5
  pack_bits<4, 6, 10>(out, bits, [&](int i) { return static_cast<std::uint32_t>(w.c[i]); });  // w1, t1
}

void bit_pack(std::uint8_t* out, const Poly& w, std::int32_t b, int bits) {  // Algorithm 17
  pack_bits<3, 4, 13, 18, 20>(out, bits,  // s1 and s2, t0, z
                              [&](int i) { return static_cast<std::uint32_t>(b - w.c[i]); });  // line 3
}

void simple_bit_unpack(Poly& w, const std::uint8_t* in, int bits) {  // Algorithm 18, lines 3-4
  unpack_bits<10>(in, bits, [&](int i, std::uint32_t v) { w.c[i] = static_cast<std::int32_t>(v); });
}

void bit_unpack(Poly& w, const std::uint8_t* in, std::int32_t b, int bits) {  // Algorithm 19
  unpack_bits<3, 4, 13, 18, 20>(in, bits, [&](int i, std::uint32_t v) {  // s1 and s2, t0, z
    w.c[i] = b - static_cast<std::int32_t>(v);                             // line 4
  });
}

void hint_bit_pack(std::uint8_t* out, const Poly* h, int k, int omega) {
  hint_bit_pack_with(out, k, omega, [h](int i, int j) { return h[i].c[j]; });
}

void hint_bit_pack_bitmap(std::uint8_t* out, const std::uint8_t* bitmap, std::size_t stride,
                          int k, int omega) {
  hint_bit_pack_with(out, k, omega, [bitmap, stride](int i, int j) {
    return (bitmap[i * stride + (j >> 3)] >> (j & 7)) & 1;
  });
}

bool hint_encoding_valid(const std::uint8_t* in, int k, int omega) {  // Algorithm 21
  int index = 0;                                                      // line 2
  for (int i = 0; i < k; ++i) {                                       // line 3
    const int limit = in[omega + i];
    if (limit < index || limit > omega) return false;                 // line 4
    for (const int first = index; index < limit; ++index)             // lines 5-6, 11
      if (index > first && in[index - 1] >= in[index]) return false;  // lines 7-9
  }
  for (int i = index; i < omega; ++i)                                 // line 14
    if (in[i] != 0) return false;                                     // line 15
  return true;
}

bool hint_bit_unpack(Poly* h, const std::uint8_t* in, int k, int omega) {  // Algorithm 21
  if (!hint_encoding_valid(in, k, omega)) return false;
  for (int i = 0; i < k; ++i)                                         // line 1
    for (auto& x : h[i].c) x = 0;
  for (int i = 0, index = 0; i < k; ++i)                              // lines 3, 6, 11
    for (; index < in[omega + i]; ++index) h[i].c[in[index]] = 1;     // line 10
  return true;
}

}  // namespace sigspace::mldsa
