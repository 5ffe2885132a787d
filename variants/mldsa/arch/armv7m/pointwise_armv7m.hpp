// The Thumb-2 products in T_q (arch/armv7m/pointwise.S), assembled on Arm board builds for
// Armv7E-M (Cortex-M4) and Armv8-M Mainline (Cortex-M33) only: under that guard this header
// declares them and defines SIGSPACE_HAVE_MLDSA_POINTWISE_ARMV7M. Drop-ins for poly_pointwise
// (FIPS 204 Algorithm 45) and row_times_lazy (one row of Algorithm 48): the same values.
#pragma once
#include <cstdint>

#if defined(__ARM_ARCH_7EM__) || defined(__ARM_ARCH_8M_MAIN__)
#define SIGSPACE_HAVE_MLDSA_POINTWISE_ARMV7M 1

extern "C" {
// c_i = mont(a_i b_i), i < 256; c may be a or b.
void sigspace_mldsa_pointwise_armv7m(std::int32_t* c, const std::int32_t* a, const std::int32_t* b);
// w_i = mont(sum_{j < n} a[256 j + i] v[256 j + i]), i < 256, summed in 64 bits.
void sigspace_mldsa_row_times_armv7m(std::int32_t* w, const std::int32_t* a, const std::int32_t* v,
                                     int n);
}
#endif
