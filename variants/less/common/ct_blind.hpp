// Constant-time blinding (less-v2.0.md section 6.5), kept for the constant-time operating points
// (the reference point mirrors the official reference and blinds by direct moves, canonical.hpp).
// Same XOF stream and output as blind(); tests/less/ct_kernels_test.cpp checks that.
#pragma once
#include <cstdint>

#include "sigspace/keccak.hpp"

namespace sigspace::less {

// a <- Left * a * Right (k x m, k = m). Rows and columns move through sorting networks (columns as
// rows of the transpose). tmp is k*m bytes, or nullptr to transpose in place (k = m is square);
// coef, perm and keys m entries each.
template <KeccakPermutation F>
void ct_blind(std::uint8_t* a, unsigned k, unsigned m, BasicKeccakSponge<F>& blinding_xof, std::uint8_t* tmp,
              std::uint8_t* coef, std::uint16_t* perm, std::uint16_t* keys, bool kernel = false);
// The same from the block's columns (cols: m x k bytes, a's transpose, e.g. exchange::
// store_columns), writing a (k x m) and wiping cols; cols may be a itself (k = m, in place).
// Saves ct_blind's first transpose.
template <KeccakPermutation F>
void ct_blind_columns(std::uint8_t* cols, std::uint8_t* a, unsigned k, unsigned m, BasicKeccakSponge<F>& blinding_xof,
                      std::uint8_t* coef, std::uint16_t* perm, std::uint16_t* keys, bool kernel = false);

}  // namespace sigspace::less
