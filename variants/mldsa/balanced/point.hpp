// The balanced operating point (balanced.hpp): the best signing speed within 20 KB of signing
// RAM. Retained state is balanced::Key (the encoded secret key, validated at load, after the
// retained entries of A_hat); keygen and verify are the reference ones.
#pragma once
#include <array>
#include <cstring>

#include "mldsa/balanced/balanced.hpp"
#include "mldsa/common/scheme.hpp"
#include "mldsa/reference/point.hpp"

namespace sigspace::mldsa {

struct Balanced : ReferenceKeygenVerify {
  static constexpr const char* name = "balanced";
  static constexpr std::array techniques{
      point::Technique{fast::kMergedNtt, "merged-ntt"},
      point::Technique{fast::kEarlyReject, "early-reject"},
      point::Technique{fast::kDecomposeOnce, "decompose-once"},
      point::Technique{fast::kRetainedA, "retained-A"},
      point::Technique{balanced::kYInSig, "y-in-signature"},
      point::Technique{balanced::kCompactKeccak, "compact-keccak"},
      point::Technique{balanced::kPackedW, "packed-w"},
      point::Technique{balanced::kR0First, "r0-first"},
      point::Technique{fast::kKeccakKernel, "keccak-kernel"},
      point::Technique{fast::kNttKernel, "ntt-kernel"}};
  static constexpr std::array<const char*, 0> traits{};
  template <class P, unsigned T>
  static constexpr std::size_t state_bytes = balanced::Key<P, T>::bytes;
  template <class P, unsigned>
  static constexpr WorkspaceSizes workspace{};

  // Accepts the encoded key (checked one polynomial at a time, Algorithm 25 with the range check
  // of FIPS 204 Section 7.2) or the 32-byte seed (expanded by Algorithm 6); then samples the
  // retained entries of A_hat (Algorithm 32 for them, as Algorithm 7, line 5 would).
  template <class P, unsigned T>
  static Status load_key(const Bytes& sk, std::uint8_t* state, Arena&) {
    using Key = balanced::Key<P, T>;
    std::uint8_t* enc = state + Key::entries * balanced::kAEntryBytes;
    if (sk.size() == kSeedBytes) {
      std::uint8_t pk[P::pk_bytes];
      reference::keygen_internal<P>(sk.data(), pk, enc);
    } else {
      if (key_malformed(sk_s_out_of_range<P>(sk.data())))
        return Status::invalid_input;  // public verdict: the key is malformed
      std::memcpy(enc, sk.data(), P::sk_bytes);
    }
    for (std::size_t i = P::sk_bytes; i < P::sk_bytes + 4; ++i) enc[i] = 0;  // Key's slack
    balanced::pack_entries<P, T>(state, enc, Key::entries);
    return Status::ok;
  }

  template <class P, unsigned T>
  static Status sign(const std::uint8_t* state, const MessageInput& msg, const std::uint8_t* rnd,
                     std::uint8_t* sig, Arena&) {
    return balanced::sign<P, T>(state, msg, rnd, sig);
  }
};

}  // namespace sigspace::mldsa
