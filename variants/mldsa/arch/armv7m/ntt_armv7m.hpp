// The Thumb-2 ML-DSA NTT kernels (arch/armv7m/ntt.S), assembled on Arm board builds for
// Armv7E-M (Cortex-M4) and Armv8-M Mainline (Cortex-M33) only: under that guard this header
// declares them and defines SIGSPACE_HAVE_MLDSA_NTT_ARMV7M, as keccak.hpp does for its kernel.
// Each is a drop-in for ntt_layers / invntt_layers (common/ntt.cpp, FIPS 204 Algorithm 41
// lines 5-17 and Algorithm 42 lines 5-18) with the same output, coefficient by coefficient,
// for top = 128 with base = 0 and for top = 64 with base = 0 or 128 (no other shape).
#pragma once
#include <cstdint>

#include "mldsa/common/poly.hpp"

#if defined(__ARM_ARCH_7EM__) || defined(__ARM_ARCH_8M_MAIN__)
#define SIGSPACE_HAVE_MLDSA_NTT_ARMV7M 1

extern "C" {
// zetas: the portable table, ntt_zetas().
void sigspace_mldsa_ntt_armv7m(std::int32_t* a, int base, int top, const std::int32_t* zetas);
void sigspace_mldsa_invntt_armv7m(std::int32_t* a, int base, int top,
                                  const std::int32_t* zetas);
}

namespace sigspace::mldsa {

inline void ntt_layers_armv7m(std::int32_t* a, int base, int top) {
  sigspace_mldsa_ntt_armv7m(a, base, top, ntt_zetas());
}
inline void invntt_layers_armv7m(std::int32_t* a, int base, int top) {
  sigspace_mldsa_invntt_armv7m(a, base, top, ntt_zetas());
}

}  // namespace sigspace::mldsa

#endif
