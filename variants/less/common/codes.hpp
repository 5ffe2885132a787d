// Generator-matrix operations of LESS v2.0 (less-v2.0.md sections 3, 4, 5, 9), in the official
// reference's form: matrices are row-major, one F_127 element per byte. Not constant-time (the
// constant-time kernels are in ct_codes.hpp). The hot kernels (monomial product, RREF) are
// templates over the dimensions in rref.hpp; the rest take the dimensions at run time.
#pragma once
#include <cstddef>
#include <cstdint>

#include "sigspace/keccak.hpp"

namespace sigspace::less {

// Section 3: V (k x m) of the systematic G0 = [I_k | V]; one sampler call per row.
template <KeccakPermutation F>
void g0_sample_v(BasicKeccakSponge<F>& g0_xof, std::uint8_t* v, unsigned k, unsigned m);
// G0 = [I_k | V] as a k x n matrix (generator_rref_expand of the sampled G0).
void g0_expand(const std::uint8_t* v, unsigned k, unsigned n, std::uint8_t* g);

// Section 2.3 (monomial_inv): perm'[perm[j]] = j, coef'[perm[j]] = coef[j]^-1. Direct.
void monomial_invert(const std::uint8_t* coef, const std::uint16_t* perm, unsigned n,
                     std::uint8_t* coef_inv, std::uint16_t* perm_inv);

void transpose(const std::uint8_t* src, unsigned rows, unsigned cols, std::uint8_t* dst);
// The same for a square matrix (n x n), in place.
void transpose_square(std::uint8_t* a, unsigned n);
// The same by 4 x 4 blocks (a candidate technique: fewer loads and stores, more registers).
void transpose_square_blocks(std::uint8_t* a, unsigned n);

// The n-k non-pivot columns of a k x n matrix, left to right (sections 5 and 9).
void non_pivot_columns(const std::uint8_t* g, unsigned k, unsigned n, const std::uint8_t* pivots,
                       std::uint8_t* a_out);

// Section 3 packed RREF: N8-byte pivot bitmap (LSB first), then the non-pivot entries row by
// row as a 7-bit little-endian bit stream.
void pack_rref(const std::uint8_t* g, unsigned k, unsigned n, const std::uint8_t* pivots,
               std::uint8_t* out);
// The same from the pivot bitmap (N8 bytes) and the non-pivot block (k x (n-k), row-major).
void pack_rref_block(const std::uint8_t* block, unsigned k, unsigned n, const std::uint8_t* pivot_map,
                     std::uint8_t* out);
// Checks a packed RREF (exactly k pivots, zero padding bits, every value <= 126).
bool packed_rref_valid(const std::uint8_t* in, unsigned k, unsigned n);
// Expands a (valid) packed RREF into the k x n matrix (the i-th pivot column is e_i) and its
// pivot flags (n bytes; expand_to_rref).
void unpack_rref(const std::uint8_t* in, unsigned k, unsigned n, std::uint8_t* g,
                 std::uint8_t* pivots);
// Only the non-pivot block of a (valid) packed RREF, column by column: byte row c of cols_mxk
// is the c-th non-pivot column (k bytes).
void unpack_rref_block_columns(const std::uint8_t* in, unsigned k, unsigned n, std::uint8_t* cols_mxk);

}  // namespace sigspace::less
