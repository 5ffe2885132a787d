// Compile-time technique flags of the speed-oriented operating points and the small pieces they
// switch between. Every flag only changes how a value is computed, never the value: an
// ablation build (one flag off) signs byte-identically.
#pragma once
#include <cstdint>

#include "mldsa/arch/armv7m/pointwise_armv7m.hpp"
#include "mldsa/common/ntt_kernel.hpp"
#include "mldsa/common/ntt_merged.hpp"
#include "mldsa/common/rounding.hpp"
#include "sigspace/keccak.hpp"

namespace sigspace::mldsa::fast {

enum Technique : unsigned {
  kMergedNtt = 1u << 0,       // "merged-ntt": three NTT layers per pass (ntt_merged.cpp)
  kLazyAccumulate = 1u << 1,  // "lazy-accumulate": one reduction per coefficient of A o y
  kEarlyReject = 1u << 2,     // "early-reject": stop an attempt at its first failed bound
  kDecomposeOnce = 1u << 3,   // "decompose-once": w0 kept from w's Decompose, no second pass
  kRetainedA = 1u << 4,       // "retained-A": A_hat expanded at key load, kept in the state
  kKeccakKernel = 1u << 5,    // "keccak-kernel": the platform's Keccak-f[1600] where it has one
  kNttKernel = 1u << 6,       // "ntt-kernel": merged-ntt's transforms on the platform's kernel
  kPointwiseKernel = 1u << 7, // "pointwise-kernel": products in T_q on the platform's kernel
};

// The permutation of the point's sponges: with keccak-kernel the platform's kernel where the
// build has one (Cortex-M4/M33: keccak_f1600_armv7m), else Portable; on the host the technique
// changes nothing.
template <unsigned T, KeccakPermutation Portable = &keccak_f1600>
inline constexpr KeccakPermutation permutation =
    keccak_kernel_or<(T & kKeccakKernel) != 0, Portable>;

// The same for a point whose sponges never read an output block in place (the speed ceiling
// copies or squeezes every output): with keccak-kernel, where the build has the kernel, its
// sponge that keeps the state in the kernel's lane form (sigspace/keccak_frames.hpp): it skips
// the kernel's 25-lane conversions both ways and converts only what it absorbs and squeezes
// (with the word-wise ExpandA sampler, ML-DSA-44's load_key on the Cortex-M4 went from 978,113
// instructions in run 20261205T142121Z-417cac9113 to 854,915 in 20261205T190452Z-0af263460e).
template <unsigned T, KeccakPermutation Portable = &keccak_f1600>
inline constexpr KeccakPermutation framed_permutation =
    keccak_kernel_or<(T & kKeccakKernel) != 0, Portable, true>;

// ntt-kernel is how merged-ntt runs where the build has the kernel (layers merged in registers,
// common/ntt_kernel.hpp); without merged-ntt, or on the host, it changes nothing.
template <unsigned T>
inline constexpr bool kNttOnKernel =
    (T & kMergedNtt) != 0 && (T & kNttKernel) != 0 && kHaveNttKernel;

template <unsigned T>
inline void ntt(Poly& a) {  // Algorithm 41; output |a| < 9q, as ntt_merged's
  if constexpr (kNttOnKernel<T>) ntt_layers_on<true>(a.c, 0, kN / 2);
  else if constexpr ((T & kMergedNtt) != 0) ntt_merged(a);
  else mldsa::ntt(a);
}
template <unsigned T>
inline void invntt(Poly& a) {  // Algorithm 42; output |a| < q, as invntt_merged's
  if constexpr (kNttOnKernel<T>) {
    invntt_layers_on<true>(a.c, 0, kN / 2);
    for (auto& x : a.c) x = invntt_scale(x);                         // lines 21-24
  } else if constexpr ((T & kMergedNtt) != 0) {
    invntt_merged(a);
  } else {
    mldsa::invntt(a);
  }
}

// pointwise-kernel: the T_q products (Algorithm 45; lazy-accumulate's rows of Algorithm 48) on
// the platform's kernel where the build has one (Cortex-M4/M33: arch/armv7m/pointwise.S, the
// same values); elsewhere, and switched off, the portable loops.
template <unsigned T>
inline constexpr bool kPointwiseOnKernel = (T & kPointwiseKernel) != 0 &&
#if defined(SIGSPACE_HAVE_MLDSA_POINTWISE_ARMV7M)
                                           true;
#else
                                           false;
#endif

template <unsigned T>
inline void pointwise(Poly& c, const Poly& a, const Poly& b) {  // Algorithm 45
#if defined(SIGSPACE_HAVE_MLDSA_POINTWISE_ARMV7M)
  if constexpr (kPointwiseOnKernel<T>) return sigspace_mldsa_pointwise_armv7m(c.c, a.c, b.c);
#endif
  poly_pointwise(c, a, b);
}

// One row of Algorithm 48 (MatrixVectorNTT): w = sum_j a[j] o v[j] * 2^-32, |w| < q.
template <unsigned T>
inline void row_times(Poly& w, const Poly* a, const Poly* v, int n) {
  if constexpr ((T & kLazyAccumulate) != 0) {
#if defined(SIGSPACE_HAVE_MLDSA_POINTWISE_ARMV7M)
    static_assert(sizeof(Poly) == 1024, "the kernel steps 1024 bytes from a_j to a_j+1");
    if constexpr (kPointwiseOnKernel<T>) return sigspace_mldsa_row_times_armv7m(w.c, a->c, v->c, n);
#endif
    row_times_lazy(w, a, v, n);
  } else {
    for (auto& x : w.c) x = 0;
    for (int j = 0; j < n; ++j) poly_pointwise_acc(w, a[j], v[j]);
    poly_reduce(w);
  }
}

// NTT^-1(c_hat o v_hat) as the exact small centered product c * v (Algorithm 7, lines 18-19, 25).
template <unsigned T>
inline void challenge_times(Poly& out, const Poly& c_hat, const Poly& v_hat) {
  pointwise<T>(out, c_hat, v_hat);
  invntt<T>(out);
  poly_reduce(out);
}

// MakeHint (Algorithm 39) in the form of the Dilithium specification, valid once
// ||w0 - cs2||_inf < gamma2 - beta (Algorithm 7, line 23) has passed: then
// HighBits(w - cs2) = w1, and with a0 = w0 - cs2 + ct0 the high bits of w - cs2 + ct0 differ
// from w1 exactly when a0 leaves (-gamma2, gamma2], except that a0 = -gamma2 with w1 = 0 wraps
// back to 0 (Algorithm 36, lines 3-6). Branch-free.
template <std::int32_t Gamma2>
inline std::int32_t make_hint_w0(std::int32_t a0, std::int32_t w1) {
  const auto above = static_cast<std::uint32_t>(Gamma2 - a0) >> 31;   // a0 > gamma2
  const auto below = static_cast<std::uint32_t>(a0 + Gamma2) >> 31;   // a0 < -gamma2
  const std::uint32_t at = ct::eq_mask(static_cast<std::uint32_t>(a0 + Gamma2), 0) &
                           ct::nonzero_mask(static_cast<std::uint32_t>(w1)) & 1u;
  return static_cast<std::int32_t>(above | below | at);
}

// Number of set hints (Algorithm 7, line 27), without branching on them.
inline std::uint32_t hint_count(const Poly& h) {
  std::uint32_t n = 0;
  for (const auto x : h.c) n += static_cast<std::uint32_t>(x);
  return n;
}

}  // namespace sigspace::mldsa::fast
