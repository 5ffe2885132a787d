// The Thumb-2 kernels of the LESS exchange (arch/armv7m/lanes.S), assembled on Arm board
// builds for Armv7E-M (Cortex-M4) and Armv8-M Mainline (Cortex-M33) only: under that guard this
// header declares it and defines SIGSPACE_HAVE_LESS_LANES_ARMV7M, as mldsa's ntt_armv7m.hpp does.
// The two loops of exchange.cpp's pair_update on one column of 16-bit lanes (lanes.S has the
// contract: e1, e2 are the pivot rows as unit vectors, lane values below 2^16), and the sorting
// network's row exchange (ct_permute.cpp) and ct_swap_at's pass (ct_sampler.cpp).
#pragma once
#include <cstdint>

#if defined(__ARM_ARCH_7EM__) || defined(__ARM_ARCH_8M_MAIN__)
#define SIGSPACE_HAVE_LESS_LANES_ARMV7M 1

extern "C" {
std::uint64_t sigspace_less_gather2_armv7m(const std::uint32_t* col, const std::uint32_t* e1,
                                           const std::uint32_t* e2, unsigned words);
void sigspace_less_update2_armv7m(std::uint32_t* col, const std::uint32_t* ut1, const std::uint32_t* ut2,
                                  unsigned words, std::uint32_t f1, std::uint32_t f2);
// ct_swap_at's pass over count words of permutation entries; the entry at pos, in its lane.
std::uint32_t sigspace_less_swap_scan_armv7m(std::uint8_t* words, unsigned count, std::uint32_t index2,
                                             std::uint32_t pos2, std::uint32_t at_i2);
// The sorting network's masked row exchange (len even, mask 0 or all ones).
void sigspace_less_cswap_rows_armv7m(std::uint8_t* a, std::uint8_t* b, unsigned len, std::uint32_t mask);
void sigspace_less_update2_fold_armv7m(std::uint32_t* col, const std::uint32_t* ut1,
                                       const std::uint32_t* ut2, unsigned words, std::uint32_t f1,
                                       std::uint32_t f2);
}

#endif
