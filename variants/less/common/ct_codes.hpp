// Constant-time generator-matrix kernels, kept for the constant-time operating points (the
// reference point mirrors the official reference and uses the direct forms of codes.hpp). Each
// gives the same result as its direct counterpart; tests/less/ct_kernels_test.cpp checks that
// on random inputs.
#pragma once
#include <cstdint>

namespace sigspace::less {

// Section 2.3: the transpose of G0 * M for the monomial M = (coef, perm) and G0 = [I | V]: row
// d of t_out (n x k) is column d of G0 * M. The secret permutation is applied by a sorting
// network (ct_permute.hpp); keys is n words of scratch.
void ct_g0_monomial_transposed(const std::uint8_t* v, unsigned k, unsigned n,
                               const std::uint8_t* coef, const std::uint16_t* perm,
                               std::uint8_t* t_out, std::uint16_t* keys);

// Section 2.3: the inverse monomial by O(n^2) masked scans (no secret-indexed access).
void ct_monomial_inverse(const std::uint8_t* coef, const std::uint16_t* perm, unsigned n,
                         std::uint8_t* coef_inv, std::uint16_t* perm_inv);

// Section 4: the RREF of rref() (codes.hpp) with a masked pivot search: every lower row is added
// to the pivot row while its pivot entry is still zero, so which row held the nonzero is not
// revealed. Only the pivot-column set decides branches (for G0 * mu it is the first k columns
// except with probability about 1/q).
bool ct_rref(std::uint8_t* g, unsigned k, unsigned n, std::uint8_t* pivots);

}  // namespace sigspace::less
