// Bit packing of polynomials and hints, FIPS 204 Section 7.1 (Algorithms 16-21).
// Loop bounds and shifts depend only on the public width, never on coefficient values.
#pragma once
#include <cstddef>
#include <cstdint>

#include "mldsa/common/poly.hpp"
#include "sigspace/ct_declassify.hpp"

namespace sigspace::mldsa {

// Algorithm 16: coefficients in [0, 2^bits) to 32 * bits bytes.
void simple_bit_pack(std::uint8_t* out, const Poly& w, int bits);
// Algorithm 17 with width `bits` = bitlen(a + b): stores b - w_i.
void bit_pack(std::uint8_t* out, const Poly& w, std::int32_t b, int bits);
// Algorithm 18.
void simple_bit_unpack(Poly& w, const std::uint8_t* in, int bits);
// Algorithm 19: w_i = b - (the bits-wide integer i).
void bit_unpack(Poly& w, const std::uint8_t* in, std::int32_t b, int bits);

// Algorithm 20 with h given as hint(i, j) in {0, 1} (polynomial i, coefficient j), so that
// points may keep h as polynomials or as bitmaps. The caller has checked that at most omega
// coefficients are set (Algorithm 7, line 28); h is public by then, so this branches on it.
template <class Hint>
void hint_bit_pack_with(std::uint8_t* out, int k, int omega, Hint&& hint) {
  for (int i = 0; i < omega + k; ++i) out[i] = 0;                     // line 1
  int index = 0;                                                      // line 2
  for (int i = 0; i < k; ++i) {                                       // line 3
    for (int j = 0; j < kN; ++j) {                                    // line 4
      int set = hint(i, j) != 0;
      SIGSPACE_CT_DECLASSIFY(&set, sizeof set);  // h is released in the signature (D4)
      if (set) out[index++] = static_cast<std::uint8_t>(j);           // lines 5-8
    }
    out[omega + i] = static_cast<std::uint8_t>(index);                // line 10
  }
}
// h as k polynomials of 0/1.
void hint_bit_pack(std::uint8_t* out, const Poly* h, int k, int omega);
// h as k bitmaps of 32 bytes (bit j of polynomial i: bit j % 8 of byte i * stride + j / 8).
void hint_bit_pack_bitmap(std::uint8_t* out, const std::uint8_t* bitmap, std::size_t stride,
                          int k, int omega);

// Algorithm 21's checks alone, on the encoding in place: false (the standard's bottom) when
// it is malformed.
bool hint_encoding_valid(const std::uint8_t* in, int k, int omega);
// Algorithm 21: false for a malformed encoding, and then h is unspecified.
bool hint_bit_unpack(Poly* h, const std::uint8_t* in, int k, int omega);

}  // namespace sigspace::mldsa
