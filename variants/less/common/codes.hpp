// Generator-matrix operations of LESS v2.0 (less-v2.0.md sections 3, 4, 5, 9), in the official
// reference's form: matrices are row-major, one F_127 element per byte, monomials are applied
// by direct (secret-indexed) column moves and the RREF searches its pivots with branches. These
// are not constant-time; the constant-time kernels are in ct_codes.hpp. Dimensions are runtime
// arguments; the callers are templates over the parameter set.
#pragma once
#include <cstddef>
#include <cstdint>

#include "sigspace/keccak.hpp"

namespace sigspace::less {

// Section 3: V (k x m) of the systematic G0 = [I_k | V]; one sampler call per row.
void g0_sample_v(KeccakSponge& g0_xof, std::uint8_t* v, unsigned k, unsigned m);
// G0 = [I_k | V] as a k x n matrix (generator_rref_expand of the sampled G0).
void g0_expand(const std::uint8_t* v, unsigned k, unsigned n, std::uint8_t* g);

// Section 2.3 (generator_monomial_mul): out = G * M for the monomial M = (coef, perm), i.e.
// column j of G times coef[j] lands at column perm[j]. Direct: perm decides addresses.
void monomial_apply(const std::uint8_t* g, unsigned k, unsigned n, const std::uint8_t* coef,
                    const std::uint16_t* perm, std::uint8_t* out);
// Section 2.3 (monomial_inv): perm'[perm[j]] = j, coef'[perm[j]] = coef[j]^-1. Direct.
void monomial_invert(const std::uint8_t* coef, const std::uint16_t* perm, unsigned n,
                     std::uint8_t* coef_inv, std::uint16_t* perm_inv);

void transpose(const std::uint8_t* src, unsigned rows, unsigned cols, std::uint8_t* dst);

// Section 4 (generator_RREF): reduced row-echelon form in place, pivots normalised to 1, pivot =
// leftmost column with a nonzero at or below the current row, pivot row = first such row,
// swapped up. pivots[c] = 1 for pivot columns (n bytes, cleared here). False when rank < k.
bool rref(std::uint8_t* g, unsigned k, unsigned n, std::uint8_t* pivots);

// Sections 5 and 9 (generator_RREF_pivot_reuse): the RREF above, except that up to `limit`
// pivot columns that were unit columns before (was_pivot[c] = 1, c < k) are taken as they are:
// their rows are neither normalised nor eliminated with. The canonical form is invariant under
// row scaling, so the digest input is unchanged. was_pivot is updated as the reference does
// (including its quirk of clearing the entry indexed by the swapped-in row). Data-dependent.
bool rref_pivot_reuse(std::uint8_t* g, unsigned k, unsigned n, std::uint8_t* pivots,
                      std::uint8_t* was_pivot, unsigned limit);

// The n-k non-pivot columns of a k x n matrix, left to right (sections 5 and 9).
void non_pivot_columns(const std::uint8_t* g, unsigned k, unsigned n, const std::uint8_t* pivots,
                       std::uint8_t* a_out);

// Section 3 packed RREF: N8-byte pivot bitmap (LSB first), then the non-pivot entries row by
// row as a 7-bit little-endian bit stream.
void pack_rref(const std::uint8_t* g, unsigned k, unsigned n, const std::uint8_t* pivots,
               std::uint8_t* out);
// Checks a packed RREF (exactly k pivots, zero padding bits, every value <= 126).
bool packed_rref_valid(const std::uint8_t* in, unsigned k, unsigned n);
// Expands a (valid) packed RREF into the k x n matrix (the i-th pivot column is e_i) and its
// pivot flags (n bytes; expand_to_rref).
void unpack_rref(const std::uint8_t* in, unsigned k, unsigned n, std::uint8_t* g,
                 std::uint8_t* pivots);

}  // namespace sigspace::less
