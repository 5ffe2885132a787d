// Constant-time forms of the section 2.2 and 2.4 permutation samplers, kept for the
// constant-time operating points (the reference point mirrors the official reference and swaps
// directly, sampler.hpp). Same XOF stream, same output; tested against the direct samplers in
// tests/less/ct_kernels_test.cpp.
#pragma once
#include <cstdint>

#include "sigspace/keccak.hpp"

namespace sigspace::less {

// Section 2.2: as sample_monomial, but each swap touches every entry with masks, so the secret
// position decides no address; only rejections (position >= n) branch. kernel: each swap's pass
// through the platform's Thumb-2 kernel where the build has one (the lane-kernel technique).
template <KeccakPermutation F>
void ct_sample_monomial(BasicKeccakSponge<F>& x, std::uint8_t* coef, std::uint16_t* perm, unsigned n,
                        bool kernel = false);
// Section 2.4: as sample_blinding_perm, with the reduction by masked long division (UDIV timing
// depends on its operands on Cortex-M) and masked swaps.
template <KeccakPermutation F>
void ct_sample_blinding_perm(BasicKeccakSponge<F>& x, std::uint16_t* perm, unsigned m, bool kernel = false);

}  // namespace sigspace::less
