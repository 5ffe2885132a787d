// The LESS memory-floor operating point (issue 18): least RAM, speed second. One k x m byte
// matrix in the caller's workspace (a constant published size per set) is every round's
// tableau and block (rounds.hpp, byte_exchange.hpp); signing passes twice over the challenged
// rounds instead of keeping their pivot sets (sign.hpp); seeds come from the root or a
// published seed on demand (seeds.hpp); the public key is read in place (verify.hpp). Retained
// state is the 2-lambda-byte secret key itself.
#pragma once
#include <array>

#include "less/common/scheme.hpp"
#include "less/memory_floor/keygen.hpp"
#include "less/memory_floor/sign.hpp"
#include "less/memory_floor/verify.hpp"
#include "less/reference/keygen.hpp"

namespace sigspace::less {

struct MemoryFloor {
  static constexpr const char* name = "memory-floor";
  static constexpr std::array techniques{
      point::Technique{memory_floor::kDoublePass, "double-pass"},
      point::Technique{memory_floor::kSeedsOnDemand, "seeds-on-demand"},
      point::Technique{memory_floor::kStreamedV, "streamed-v"},
      point::Technique{memory_floor::kInPlaceCf, "in-place-cf"},
      point::Technique{memory_floor::kStateInSig, "state-in-signature"},
      point::Technique{memory_floor::kCompactKeccak, "compact-keccak"}};
  static constexpr std::array traits{
      "basis-exchange",   // the speed ceiling's greedy on V's tableau, bounded visits
      "byte-lanes",       // the tableau in bytes (k x m), folded every visit
      "sorting-networks"};  // secret permutations applied by masked comparators
  template <class P, unsigned>
  static constexpr std::size_t state_bytes = P::sk_bytes;
  template <class P, unsigned>
  static constexpr WorkspaceSizes workspace{std::size_t{P::k} * P::m, 0, std::size_t{P::k} * P::m,
                                                    std::size_t{P::k} * P::m};

  template <class P, unsigned T>
  static Status keygen(const std::uint8_t* seed, std::uint8_t* pk, std::uint8_t* sk, Arena& ws) {
    return memory_floor::keygen<memory_floor::RunOn<P, T>>(seed, pk, sk, ws);
  }
  template <class P, unsigned>
  static Status load_key(const Bytes& sk, std::uint8_t* state, Arena& ws) {
    return reference::load_signing_key<P>(sk, state, ws);
  }
  template <class P, unsigned T>
  static Status sign(const std::uint8_t* state, const MessageInput& msg, const std::uint8_t* salt,
                     std::uint8_t* sig, std::size_t* sig_len, Arena& ws) {
    return memory_floor::sign<memory_floor::RunOn<P, T>, T>(state, msg, salt, sig, sig_len, ws);
  }
  template <class P, unsigned T>
  static Status verify(const Bytes& pk, const MessageInput& msg, const Bytes& sig, Arena& ws) {
    return memory_floor::verify<memory_floor::RunOn<P, T>, T>(pk, msg, sig, ws);
  }
};

}  // namespace sigspace::less
