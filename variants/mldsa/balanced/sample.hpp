// The samplers of the balanced signer, on the permutation T selects: with compact-keccak
// keccak_f1600_compact (on Cortex-M4 13.0k instructions and a 128-byte frame, against 12.3k and
// ~420 bytes for keccak_f1600: the smaller frame is what lets ML-DSA-44 keep all of A_hat in
// 20 KB). Entries of A_hat and the mask y are read straight from the Keccak state; entries go
// into a product, or packed into the retained state.
#pragma once
#include <type_traits>

#include "layout.hpp"
#include "sigspace/ct.hpp"
#include "sigspace/keccak.hpp"

namespace sigspace::mldsa::balanced {

template <unsigned T>
using Xof128 = std::conditional_t<(T & kCompactKeccak) != 0, CompactShake128, Shake128>;
template <unsigned T>
using Xof256 = std::conditional_t<(T & kCompactKeccak) != 0, CompactShake256, Shake256>;
template <unsigned T>
inline constexpr KeccakPermutation kPermutation =
    (T & kCompactKeccak) != 0 ? &keccak_f1600_compact : &keccak_f1600;

// SHAKE (FIPS 202) of a seed that fits one block (n + 3 <= Rate), read in place: after each
// permutation the first Rate bytes of the state are the next output block (the state's bytes
// are its lanes, little-endian). The core sponges hand out each byte through a 64-bit shift:
// ~15k instructions an entry of A_hat on Cortex-M4, a quarter of its five permutations.
template <unsigned T, std::size_t Rate>
class BlockXof {
 public:
  BlockXof(const std::uint8_t* seed, std::size_t n, std::uint16_t index) {
    for (auto& x : s_) x = 0;
    std::uint8_t* b = bytes();
    for (std::size_t i = 0; i < n; ++i) b[i] = seed[i];
    b[n] = static_cast<std::uint8_t>(index);
    b[n + 1] = static_cast<std::uint8_t>(index >> 8);
    b[n + 2] = 0x1F;  // SHAKE's domain bits and the first pad bit (FIPS 202 B.2)
    b[Rate - 1] |= 0x80;
  }
  const std::uint8_t* next() {  // the next Rate output bytes
    kPermutation<T>(s_);
    return bytes();
  }
  void wipe() { ct::wipe(s_, sizeof s_); }

 private:
  std::uint8_t* bytes() { return reinterpret_cast<std::uint8_t*>(s_); }
  std::uint64_t s_[25];
};

// RejNTTPoly (Algorithm 30) for A_hat[i][j] (seed rho || j || i, Algorithm 32, line 3): hands
// each accepted coefficient to emit(m, a). The rejections depend on the public rho only.
template <unsigned T, class Emit>
[[gnu::noinline]] void rej_ntt_entry(const std::uint8_t rho[32], int i, int j, Emit emit) {
  BlockXof<T, 168> g(rho, 32, static_cast<std::uint16_t>(j | i << 8));  // lines 2-3
  for (int m = 0; m < kN;) {                                            // lines 1, 4
    const std::uint8_t* b = g.next();                                   // line 5, a block
    for (int k = 0; k < 168 && m < kN; k += 3) {
      const std::uint32_t a = b[k] | std::uint32_t{b[k + 1]} << 8 |
                              std::uint32_t{b[k + 2] & 0x7Fu} << 16;    // Algorithm 14
      if (a < static_cast<std::uint32_t>(kQ)) emit(m++, a);             // lines 6-9
    }
  }
}

// ExpandMask (Algorithm 34, lines 3-4) for kappa: the 32c bytes of y_kappa, which are already
// BitPack(y, gamma1 - 1, gamma1), the z slot's encoding (Algorithm 26, line 3).
template <class P, unsigned T>
[[gnu::noinline]] void squeeze_y(std::uint8_t* slot, const std::uint8_t rho2[64], int kappa) {
  BlockXof<T, 136> h(rho2, 64, static_cast<std::uint16_t>(kappa));
  for (std::size_t n = 0; n < P::poly_z_bytes; n += 136)
    std::memcpy(slot + n, h.next(), std::min<std::size_t>(136, P::poly_z_bytes - n));
  h.wipe();
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
