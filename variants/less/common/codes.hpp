// Generator-matrix operations of LESS v2.0 (less-v2.0.md sections 3, 4, 5, 9). Matrices are
// row-major, one F_127 element per byte. Dimensions are runtime arguments; the callers are
// templates over the parameter set, so all buffers are sized at compile time.
#pragma once
#include <cstddef>
#include <cstdint>

#include "sigspace/keccak.hpp"

namespace sigspace::less {

// Section 3: V (k x m) of the systematic G0 = [I_k | V]; one sampler call per row.
void g0_sample_v(KeccakSponge& g0_xof, std::uint8_t* v, unsigned k, unsigned m);

// Section 2.3: the transpose of G0 * M for the monomial M = (coef, perm): row d of t_out (n x k)
// is column d of G0 * M, i.e. column j of [I | V] times coef[j] for perm[j] = d. The secret
// permutation is applied by a sorting network (ctperm.hpp); keys is n words of scratch.
void g0_monomial_transposed(const std::uint8_t* v, unsigned k, unsigned n, const std::uint8_t* coef,
                            const std::uint16_t* perm, std::uint8_t* t_out, std::uint16_t* keys);

// Section 2.3: the inverse monomial (perm'[perm[j]] = j, coef'[perm[j]] = coef[j]^-1), computed
// in constant time (O(n^2) masked scans).
void monomial_inverse(const std::uint8_t* coef, const std::uint16_t* perm, unsigned n,
                      std::uint8_t* coef_inv, std::uint16_t* perm_inv);

void transpose(const std::uint8_t* src, unsigned rows, unsigned cols, std::uint8_t* dst);

// Reduced row-echelon form in place (section 4): pivots normalised to 1, pivot = leftmost
// column with a nonzero at or below the current row. pivots[c] = 1 for pivot columns.
// Returns false when the rank is below k.
bool rref(std::uint8_t* g, unsigned k, unsigned n, std::uint8_t* pivots);

// The n-k non-pivot columns of a k x n matrix in RREF, left to right (sections 5 and 9).
void non_pivot_columns(const std::uint8_t* g, unsigned k, unsigned n, const std::uint8_t* pivots,
                       std::uint8_t* a_out);

// Section 3 packed RREF: N8-byte pivot bitmap (LSB first), then the non-pivot entries row by
// row as a 7-bit little-endian bit stream.
void pack_rref(const std::uint8_t* g, unsigned k, unsigned n, const std::uint8_t* pivots,
               std::uint8_t* out);
// Checks a packed RREF (exactly k pivots, zero padding bits, every value <= 126).
bool packed_rref_valid(const std::uint8_t* in, unsigned k, unsigned n);
// Expands a (valid) packed RREF into the k x n matrix (the i-th pivot column is e_i).
void unpack_rref(const std::uint8_t* in, unsigned k, unsigned n, std::uint8_t* g);

}  // namespace sigspace::less
