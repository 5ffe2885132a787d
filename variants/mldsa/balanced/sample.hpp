// The samplers of the balanced signer (common/sample.hpp's) on the permutation T selects: with
// compact-keccak keccak_f1600_compact (on Cortex-M4 13.0k instructions and a 128-byte frame,
// against 12.3k and ~420 bytes for keccak_f1600: the smaller frame is what lets ML-DSA-44 keep
// all of A_hat in 20 KB). Entries of A_hat go into a product, or packed into the retained state.
#pragma once
#include "mldsa/common/sample.hpp"
#include "mldsa/balanced/layout.hpp"
#include "sigspace/keccak.hpp"

namespace sigspace::mldsa::balanced {

// keccak-kernel (common/fast.hpp) puts them on the platform's kernel where the build has one
// (Cortex-M4/M33: keccak_f1600_armv7m, 9.5k instructions and an 80-byte frame).
template <unsigned T>
inline constexpr KeccakPermutation kPermutation =
    fast::permutation<T, (T & kCompactKeccak) != 0 ? &keccak_f1600_compact : &keccak_f1600>;
template <unsigned T>
using Xof128 = BasicShake128<kPermutation<T>>;
template <unsigned T>
using Xof256 = BasicShake256<kPermutation<T>>;

// RejNTTPoly (Algorithm 30) for A_hat[i][j] (seed rho || j || i, Algorithm 32, line 3) in a
// frame of its own: hands each accepted coefficient to emit(m, a).
template <unsigned T, class Emit>
[[gnu::noinline]] void rej_ntt_entry(const std::uint8_t rho[32], int i, int j, Emit emit) {
  rej_ntt_sample<Xof128<T>>(rho, static_cast<std::uint8_t>(j), static_cast<std::uint8_t>(i), emit);
}

// ExpandMask (Algorithm 34, lines 3-4) for kappa: the 32c bytes of y_kappa, which are already
// BitPack(y, gamma1 - 1, gamma1), the z slot's encoding (Algorithm 26, line 3).
template <class P, unsigned T>
[[gnu::noinline]] void squeeze_y(std::uint8_t* slot, const std::uint8_t rho2[64], int kappa) {
  Xof256<T> h;
  expand_mask_bytes<P::gamma1>(h, slot, rho2, static_cast<std::uint16_t>(kappa));
}

// The first n entries of A_hat in phase-1 order (column j, then row i), packed 23 bits a
// coefficient: FIPS 204 Algorithm 7, line 5 hoisted to key loading for as many entries as fit.
template <class P, unsigned T>
void pack_entries(std::uint8_t* out, const std::uint8_t rho[32], int n) {
  for (int e = 0; e < n; ++e) {
    const Fields<kABits> f{out + e * kAEntryBytes};
    rej_ntt_entry<T>(rho, e % P::k, e / P::k, [&](int m, std::uint32_t a) { f.put(m, a); });
  }
}

}  // namespace sigspace::mldsa::balanced
