// Keccak-f[1600] and the FIPS 202 functions built on it: SHA3-224/256/384/512, SHAKE128/256.
// Sponges absorb and squeeze incrementally in pieces of any size; successive squeezes form one
// continuous output stream (FIPS 202 Section 4, Algorithm 8).
#pragma once
#include <bit>
#include <cstddef>
#include <cstdint>

#include "sigspace/bytes.hpp"

namespace sigspace {

void keccak_f1600(std::uint64_t state[25]);  // FIPS 202 Algorithm 7, 24 rounds
// The same permutation with a small frame for stack-bound callers: one round at a time in
// place, theta folded into an unrolled rho-pi walk along the lane cycle. On Cortex-M4 it is
// also a little faster than keccak_f1600 (whose two 25-lane sets cost ~400 bytes more stack);
// on x86-64 keccak_f1600 is about a quarter faster.
void keccak_f1600_compact(std::uint64_t state[25]);

using KeccakPermutation = void (*)(std::uint64_t state[25]);

// The sponge over permutation F. F is a template argument, not a member pointer, so the
// default sponge calls keccak_f1600 directly and is no larger than before. Both permutations
// (and on Armv7E-M / Armv8-M Mainline keccak_f1600_armv7m) are instantiated in keccak.cpp; no
// other F is available.
template <KeccakPermutation F>
class BasicKeccakSponge {
 public:
  // rate in bytes (168 SHAKE128, 136 SHAKE256/SHA3-256, ...); ds = domain byte (0x1F SHAKE, 0x06 SHA3)
  constexpr BasicKeccakSponge(unsigned rate, std::uint8_t ds)
      : rate_(static_cast<std::uint8_t>(rate)), ds_(ds) {}
  void reset();
  void absorb(Bytes in);
  void finalize();  // pad10*1 with the domain byte; after this only squeeze
  void squeeze(MutBytes out);
  void squeeze(std::uint8_t* out, std::size_t len) { squeeze(MutBytes(out, len)); }
  void absorb(const std::uint8_t* in, std::size_t len) { absorb(Bytes(in, len)); }
  // The next output byte, the same stream as squeeze: for samplers that consume the output a
  // byte or three at a time, where squeeze's per-call bookkeeping would cost more than Keccak.
  std::uint8_t squeeze_byte() {
    if (pos_ == rate_) {
      F(s_);
      pos_ = 0;
    }
    const unsigned i = pos_++;
    return static_cast<std::uint8_t>(s_[i / 8] >> (8 * (i % 8)));
  }
  // The next whole output block, read in place: after a permutation the first rate bytes of
  // the state are the output (lanes little-endian, FIPS 202 Section 3.1.2), so a sampler that
  // walks a block needs neither squeeze's copy nor squeeze_byte's shift per byte (on Cortex-M4
  // ~15k instructions an entry of ML-DSA's A_hat, a quarter of its permutations). The same
  // stream as squeeze; call it only on a block boundary (straight after finalize or after whole
  // blocks). The bytes stay valid until the sponge is next used.
  const std::uint8_t* squeeze_block() {
    static_assert(std::endian::native == std::endian::little, "the state is read as bytes");
    if (pos_ == rate_) F(s_);
    pos_ = rate_;
    return reinterpret_cast<const std::uint8_t*>(s_);
  }
  // Zeroise the state (sponges that hold secrets are wiped by their owner when done).
  void wipe();

 private:
  // Bytes, not words, after the state: every rate and position is below 256, and a sponge
  // sits in the deepest frame of the memory-floor signer (208 bytes on Cortex-M, not 216).
  std::uint64_t s_[25] = {};
  std::uint8_t rate_;
  std::uint8_t pos_ = 0;
  std::uint8_t ds_;
  bool squeezing_ = false;
};

extern template class BasicKeccakSponge<&keccak_f1600>;
extern template class BasicKeccakSponge<&keccak_f1600_compact>;

// Board builds on Armv7E-M (Cortex-M4) and Armv8-M Mainline (Cortex-M33) only: the same
// permutation in Thumb-2 assembly on bit-interleaved lanes (core/src/arch/armv7m/
// keccak_f1600.S), taking and returning the standard state like the two above; the points'
// keccak-kernel technique runs on it. Its sponge is instantiated in keccak.cpp under the same
// guard.
#if defined(__ARM_ARCH_7EM__) || defined(__ARM_ARCH_8M_MAIN__)
#define SIGSPACE_HAVE_KECCAK_F1600_ARMV7M 1
void keccak_f1600_armv7m(std::uint64_t state[25]);
extern template class BasicKeccakSponge<&keccak_f1600_armv7m>;
}  // namespace sigspace
#include "sigspace/keccak_frames.hpp"  // its sponge with the state kept in the kernel's form
namespace sigspace {
#endif

// The permutation of a point with the keccak-kernel technique on (Kernel): the platform's
// Keccak-f[1600] kernel where the build has one (board builds: keccak_f1600_armv7m, or with
// Framed its sponge that keeps the state in the kernel's lane form, for points whose sponges
// never read an output block in place: keccak_frames.hpp), else the point's portable choice.
// The host build has no kernel, so there the technique selects the portable permutation and
// its ablation runs the same code (README, "Platform kernels").
template <bool Kernel, KeccakPermutation Portable, bool Framed = false>
inline constexpr KeccakPermutation keccak_kernel_or =
#if defined(SIGSPACE_HAVE_KECCAK_F1600_ARMV7M)
    !Kernel ? Portable : Framed ? &keccak_f1600_armv7m_frames : &keccak_f1600_armv7m;
#else
    Portable;
#endif

using KeccakSponge = BasicKeccakSponge<&keccak_f1600>;
using CompactKeccakSponge = BasicKeccakSponge<&keccak_f1600_compact>;

// The FIPS 202 instances over either permutation; the plain names use keccak_f1600.
// rate: the output block in bytes (what squeeze_block hands out).
template <KeccakPermutation F>
struct BasicShake128 : BasicKeccakSponge<F> {
  static constexpr unsigned rate = 168;
  constexpr BasicShake128() : BasicKeccakSponge<F>(rate, 0x1F) {}
};
template <KeccakPermutation F>
struct BasicShake256 : BasicKeccakSponge<F> {
  static constexpr unsigned rate = 136;
  constexpr BasicShake256() : BasicKeccakSponge<F>(rate, 0x1F) {}
};

struct Shake128 : BasicShake128<&keccak_f1600> {};
struct Shake256 : BasicShake256<&keccak_f1600> {};
// SHA3 with a Digest-byte output (FIPS 202 section 6.1: rate 200 - 2 Digest bytes).
template <KeccakPermutation F, std::size_t Digest>
struct BasicSha3 : BasicKeccakSponge<F> {
  static constexpr std::size_t digest = Digest;
  constexpr BasicSha3() : BasicKeccakSponge<F>(200 - 2 * Digest, 0x06) {}
};
struct Sha3_224 : BasicSha3<&keccak_f1600, 28> {};
struct Sha3_256 : BasicSha3<&keccak_f1600, 32> {};
struct Sha3_384 : BasicSha3<&keccak_f1600, 48> {};
struct Sha3_512 : BasicSha3<&keccak_f1600, 64> {};
using CompactShake128 = BasicShake128<&keccak_f1600_compact>;
using CompactShake256 = BasicShake256<&keccak_f1600_compact>;
#if defined(SIGSPACE_HAVE_KECCAK_F1600_ARMV7M)
using Armv7mShake128 = BasicShake128<&keccak_f1600_armv7m>;
using Armv7mShake256 = BasicShake256<&keccak_f1600_armv7m>;
#endif

// One-shot helpers. out must hold the digest length (SHA3) or the requested length (SHAKE).
void sha3_224(Bytes in, std::uint8_t out[28]);
void sha3_256(Bytes in, std::uint8_t out[32]);
void sha3_384(Bytes in, std::uint8_t out[48]);
void sha3_512(Bytes in, std::uint8_t out[64]);
void shake128(Bytes in, MutBytes out);
void shake256(Bytes in, MutBytes out);

}  // namespace sigspace
