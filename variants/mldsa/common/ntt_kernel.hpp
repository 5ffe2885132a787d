// The NTT layers of a point with the ntt-kernel technique (Kernel): the platform's kernel where
// the build has one (board builds: arch/armv7m/ntt.S, the same values as the portable layers),
// else the portable ntt_layers / invntt_layers. The host build has no kernel, so there the
// technique runs the portable code and its ablation is the same code (README, "Platform
// kernels"). Shapes: top = 128 at base 0, or top = 64 at base 0 or 128 (the kernel's contract).
#pragma once
#include <cstdint>

#include "mldsa/arch/armv7m/ntt_armv7m.hpp"
#include "mldsa/common/poly.hpp"

namespace sigspace::mldsa {

inline constexpr bool kHaveNttKernel =
#if defined(SIGSPACE_HAVE_MLDSA_NTT_ARMV7M)
    true;
#else
    false;
#endif

template <bool Kernel>
inline void ntt_layers_on(std::int32_t* a, int base, int top) {  // Algorithm 41, lines 5-17
#if defined(SIGSPACE_HAVE_MLDSA_NTT_ARMV7M)
  if constexpr (Kernel) return ntt_layers_armv7m(a, base, top);
#endif
  ntt_layers(a, base, top);
}

template <bool Kernel>
inline void invntt_layers_on(std::int32_t* a, int base, int top) {  // Algorithm 42, lines 5-18
#if defined(SIGSPACE_HAVE_MLDSA_NTT_ARMV7M)
  if constexpr (Kernel) return invntt_layers_armv7m(a, base, top);
#endif
  invntt_layers(a, base, top);
}

}  // namespace sigspace::mldsa
