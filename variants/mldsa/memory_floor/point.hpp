// The memory-floor operating point (memory_floor.hpp): least RAM, speed second. Retained state
// is the FIPS 204 encoded secret key: rho, K, tr and s1, s2, t0 packed. Keeping only the 32-byte
// seed would save the rest at the price of a key generation (k l SHAKE128 matrix entries and
// NTTs) inside every signature; the packed key is already read field by field, so it costs no
// working memory.
#pragma once
#include <array>
#include <cstring>

#include "mldsa/common/scheme.hpp"
#include "mldsa/memory_floor/keygen_verify.hpp"
#include "mldsa/memory_floor/sign.hpp"

namespace sigspace::mldsa {

struct MemoryFloor {
  static constexpr const char* name = "memory-floor";
  static constexpr std::array techniques{
      point::Technique{memory_floor::kPackedW, "packed-w"},
      point::Technique{memory_floor::kStreamedA, "streamed-A"},
      point::Technique{memory_floor::kSparseC, "sparse-challenge"},
      point::Technique{memory_floor::kRecomputeRho2, "recomputed-rho2"},
      point::Technique{memory_floor::kHintsInW, "hints-in-w"},
      point::Technique{memory_floor::kYInSig, "y-in-signature"},
      point::Technique{memory_floor::kHalfPoly, "half-poly"},
      point::Technique{memory_floor::kKeccakKernel, "keccak-kernel"},
      point::Technique{memory_floor::kNttKernel, "ntt-kernel"},
      point::Technique{memory_floor::kChallengeInSig, "challenge-in-signature"},
      point::Technique{memory_floor::kSwarChallenge, "swar-challenge"},
      point::Technique{memory_floor::kNttInYSlot, "ntt-in-y-slot"},
      point::Technique{memory_floor::kMatrixKernel, "matrix-kernel"},
      point::Technique{memory_floor::kSwarT0, "swar-ct0"}};
  static constexpr std::array<const char*, 0> traits{};
  template <class P, unsigned>
  static constexpr std::size_t state_bytes = P::sk_bytes;
  template <class P, unsigned T>
  static constexpr WorkspaceSizes workspace{memory_floor::Layout<P, T>::keygen,
                                            memory_floor::Layout<P, T>::keygen,
                                            memory_floor::Layout<P, T>::sign,
                                            memory_floor::Layout<P, T>::verify};

  template <class P, unsigned T>
  static Status keygen(const std::uint8_t* seed, std::uint8_t* pk, std::uint8_t* sk, Arena& ws) {
    return memory_floor::keygen_internal<P, T>(seed, pk, sk, ws);
  }

  template <class P, unsigned T>
  static Status load_key(const Bytes& sk, std::uint8_t* state, Arena& ws) {
    if (sk.size() == kSeedBytes) return memory_floor::keygen_internal<P, T>(sk.data(), nullptr, state, ws);
    // Algorithm 25's range check on s1 and s2, read in place: only the verdict is branched on.
    if (key_malformed(sk_s_out_of_range<P>(sk.data()))) return Status::invalid_input;
    std::memcpy(state, sk.data(), P::sk_bytes);
    return Status::ok;
  }

  template <class P, unsigned T>
  static Status sign(const std::uint8_t* state, const MessageInput& msg, const std::uint8_t* rnd,
                     std::uint8_t* sig, Arena& ws) {
    return memory_floor::sign_internal<P, T>(state, msg, rnd, sig, ws);
  }

  template <class P, unsigned T>
  static Status verify(const Bytes& pk, const MessageInput& msg, const Bytes& sig, Arena& ws) {
    return memory_floor::verify_internal<P, T>(pk, msg, sig, ws);
  }
};

}  // namespace sigspace::mldsa
