#include "pack.hpp"

namespace sigspace::mldsa {
namespace {

// IntegerToBits / BitsToBytes (Algorithms 9, 12) for 256 values of `bits` bits, LSB first.
// A 32-bit window holds at most 7 pending bits plus one value of up to 23 bits (a 64-bit one
// costs a dozen instructions per variable shift on Cortex-M).
template <class Value>
void pack_bits(std::uint8_t* out, int bits, Value value) {
  const std::uint32_t mask = (std::uint32_t{1} << bits) - 1;
  std::uint32_t acc = 0;
  int n = 0;
  for (int i = 0; i < kN; ++i) {
    acc |= (static_cast<std::uint32_t>(value(i)) & mask) << n;
    for (n += bits; n >= 8; n -= 8, acc >>= 8) *out++ = static_cast<std::uint8_t>(acc);
  }
}

// BytesToBits / BitsToInteger (Algorithms 10, 13), the inverse of pack_bits.
template <class Store>
void unpack_bits(const std::uint8_t* in, int bits, Store store) {
  const std::uint32_t mask = (std::uint32_t{1} << bits) - 1;
  std::uint32_t acc = 0;
  int n = 0;
  for (int i = 0; i < kN; ++i) {
    for (; n < bits; n += 8) acc |= static_cast<std::uint32_t>(*in++) << n;
    store(i, acc & mask);
    acc >>= bits;
    n -= bits;
  }
}

}  // namespace

void simple_bit_pack(std::uint8_t* out, const Poly& w, int bits) {  // Algorithm 16, lines 2-5
  pack_bits(out, bits, [&](int i) { return static_cast<std::uint32_t>(w.c[i]); });
}

void bit_pack(std::uint8_t* out, const Poly& w, std::int32_t b, int bits) {  // Algorithm 17
  pack_bits(out, bits, [&](int i) { return static_cast<std::uint32_t>(b - w.c[i]); });  // line 3
}

void simple_bit_unpack(Poly& w, const std::uint8_t* in, int bits) {  // Algorithm 18, lines 3-4
  unpack_bits(in, bits, [&](int i, std::uint32_t v) { w.c[i] = static_cast<std::int32_t>(v); });
}

void bit_unpack(Poly& w, const std::uint8_t* in, std::int32_t b, int bits) {  // Algorithm 19
  unpack_bits(in, bits,
              [&](int i, std::uint32_t v) { w.c[i] = b - static_cast<std::int32_t>(v); });  // line 4
}

void hint_bit_pack(std::uint8_t* out, const Poly* h, int k, int omega) {  // Algorithm 20
  for (int i = 0; i < omega + k; ++i) out[i] = 0;                     // line 1
  int index = 0;                                                      // line 2
  for (int i = 0; i < k; ++i) {                                       // line 3
    for (int j = 0; j < kN; ++j) {                                    // line 4
      if (h[i].c[j] != 0) out[index++] = static_cast<std::uint8_t>(j);  // lines 5-8
    }
    out[omega + i] = static_cast<std::uint8_t>(index);                // line 10
  }
}

bool hint_bit_unpack(Poly* h, const std::uint8_t* in, int k, int omega) {  // Algorithm 21
  for (int i = 0; i < k; ++i)                                         // line 1
    for (auto& x : h[i].c) x = 0;
  int index = 0;                                                      // line 2
  for (int i = 0; i < k; ++i) {                                       // line 3
    const int limit = in[omega + i];
    if (limit < index || limit > omega) return false;                 // line 4
    const int first = index;                                          // line 5
    for (; index < limit; ++index) {                                  // lines 6, 11
      if (index > first && in[index - 1] >= in[index]) return false;  // lines 7-9
      h[i].c[in[index]] = 1;                                          // line 10
    }
  }
  for (int i = index; i < omega; ++i)                                 // line 14
    if (in[i] != 0) return false;                                     // line 15
  return true;
}

}  // namespace sigspace::mldsa
