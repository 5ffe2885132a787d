// Bit packing of polynomials and hints, FIPS 204 Section 7.1 (Algorithms 16-21).
// Loop bounds and shifts depend only on the public width, never on coefficient values.
#pragma once
#include <cstdint>

#include "poly.hpp"

namespace sigspace::mldsa {

// Algorithm 16: coefficients in [0, 2^bits) to 32 * bits bytes.
void simple_bit_pack(std::uint8_t* out, const Poly& w, int bits);
// Algorithm 17 with width `bits` = bitlen(a + b): stores b - w_i.
void bit_pack(std::uint8_t* out, const Poly& w, std::int32_t b, int bits);
// Algorithm 18.
void simple_bit_unpack(Poly& w, const std::uint8_t* in, int bits);
// Algorithm 19: w_i = b - (the bits-wide integer i).
void bit_unpack(Poly& w, const std::uint8_t* in, std::int32_t b, int bits);

// Algorithm 20: h (k polynomials of 0/1) to omega + k bytes. The caller has checked that at
// most omega coefficients are set (Algorithm 7, line 28).
void hint_bit_pack(std::uint8_t* out, const Poly* h, int k, int omega);
// Algorithm 21: false (the standard's bottom) for a malformed encoding, and then h is unspecified.
bool hint_bit_unpack(Poly* h, const std::uint8_t* in, int k, int omega);

}  // namespace sigspace::mldsa
