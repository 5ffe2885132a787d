// The memory floor's A_hat product step in Thumb-2 (arch/armv7m/fold.S), assembled on Arm
// board builds for Armv7E-M (Cortex-M4) and Armv8-M Mainline (Cortex-M33) only: under that
// guard this header declares it and defines SIGSPACE_HAVE_MLDSA_FOLD_ARMV7M. It folds a batch
// of accepted A_hat coefficients into a packed 23-bit row: the same values as the portable
// loop of memory_floor::acc_matrix_entry (FIPS 204 Algorithm 48, line 4, one term).
#pragma once
#include <cstdint>

#if defined(__ARM_ARCH_7EM__) || defined(__ARM_ARCH_8M_MAIN__)
#define SIGSPACE_HAVE_MLDSA_FOLD_ARMV7M 1

extern "C" {
// row field m = (field m + mont(a[m - j] b[m])) mod q for m in [j, j + n); j + n <= 256.
void sigspace_mldsa_fold_armv7m(std::uint8_t* row, const std::int32_t* b, const std::uint32_t* a,
                                int j, int n);
// The same for the candidates of 24 output bytes at w (readable one byte past them) that are
// below q, from field j; returns the next j. j + 8 must not pass the end of b's half.
int sigspace_mldsa_fold_lanes_armv7m(std::uint8_t* row, const std::int32_t* b, const std::uint8_t* w,
                                     int j);
}
#endif
