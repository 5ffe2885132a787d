// The speed-ceiling operating point (speed_ceiling.hpp): everything resident. Retained state is
// the expanded key; keygen and verify are the reference ones (signing is what this point
// optimises; they still gain from the faster Keccak).
#pragma once
#include <array>
#include <new>

#include "mldsa/common/scheme.hpp"
#include "mldsa/reference/point.hpp"
#include "mldsa/speed_ceiling/speed_ceiling.hpp"

namespace sigspace::mldsa {

struct SpeedCeiling : ReferenceKeygenVerify {
  static constexpr const char* name = "speed-ceiling";
  static constexpr std::array techniques{
      point::Technique{fast::kMergedNtt, "merged-ntt"},
      point::Technique{fast::kLazyAccumulate, "lazy-accumulate"},
      point::Technique{fast::kEarlyReject, "early-reject"},
      point::Technique{fast::kDecomposeOnce, "decompose-once"},
      point::Technique{fast::kRetainedA, "retained-A"},
      point::Technique{fast::kKeccakKernel, "keccak-kernel"},
      point::Technique{fast::kNttKernel, "ntt-kernel"},
      point::Technique{fast::kPointwiseKernel, "pointwise-kernel"}};
  static constexpr std::array<const char*, 0> traits{};
  template <class P, unsigned T>
  static constexpr std::size_t state_bytes = sizeof(speed_ceiling::State<P, T>);
  template <class P, unsigned>
  static constexpr WorkspaceSizes workspace{};

  template <class P, unsigned T>
  static Status load_key(const Bytes& sk, std::uint8_t* state, Arena&) {
    std::uint8_t expanded[P::sk_bytes];
    const std::uint8_t* enc = sk.data();
    if (sk.size() == kSeedBytes) {  // the seed form: Algorithm 6 first
      std::uint8_t pk[P::pk_bytes];
      reference::keygen_internal<P>(sk.data(), pk, expanded);
      enc = expanded;
    }
    static_assert(alignof(speed_ceiling::State<P, T>) <= kStateAlignment);
    auto* st = new (state) speed_ceiling::State<P, T>;
    const std::uint32_t bad = speed_ceiling::expand_key<P, T>(*st, enc);
    wipe_all(expanded);
    if (key_malformed(bad)) {  // public verdict: the key is malformed (Algorithm 25 range check)
      ct::wipe(state, sizeof *st);
      return Status::invalid_input;
    }
    return Status::ok;
  }

  template <class P, unsigned T>
  static Status sign(const std::uint8_t* state, const MessageInput& msg, const std::uint8_t* rnd,
                     std::uint8_t* sig, Arena&) {
    const auto* st = std::launder(reinterpret_cast<const speed_ceiling::State<P, T>*>(state));
    return speed_ceiling::sign<P, T>(*st, msg, rnd, sig);
  }
};

}  // namespace sigspace::mldsa
