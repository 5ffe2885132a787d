// The LESS v2.0 reference operating point (keygen.hpp, sign.hpp, verify.hpp). Workspace is 0 for
// every operation: like the official reference, everything lives on the stack. Retained state is
// the compressed secret key.
#pragma once
#include <array>

#include "less/common/scheme.hpp"
#include "less/reference/keygen.hpp"
#include "less/reference/sign.hpp"
#include "less/reference/verify.hpp"

namespace sigspace::less {

struct Reference {
  static constexpr const char* name = "reference";
  static constexpr std::array<point::Technique, 0> techniques{};
  static constexpr std::array traits{
      "materialised-generators",  // G0 * mu as a k x n matrix, the public codes expanded
      "per-round-pivot-columns",  // pi_tilde for all t rounds (2kt bytes)
      "ct-sorting-network-permutation"};
  template <class P, unsigned>
  static constexpr std::size_t state_bytes = P::sk_bytes;
  template <class P, unsigned>
  static constexpr WorkspaceSizes workspace{};

  template <class P, unsigned>
  static Status keygen(const std::uint8_t* seed, std::uint8_t* pk, std::uint8_t* sk, Arena& ws) {
    return reference::keygen<P>(seed, pk, sk, ws);
  }
  template <class P, unsigned>
  static Status load_key(const Bytes& sk, std::uint8_t* state, Arena& ws) {
    return reference::load_signing_key<P>(sk, state, ws);
  }
  template <class P, unsigned>
  static Status sign(const std::uint8_t* state, const MessageInput& msg, const std::uint8_t* salt,
                     std::uint8_t* sig, std::size_t* sig_len, Arena& ws) {
    return reference::sign<P>(state, msg, salt, sig, sig_len, ws);
  }
  template <class P, unsigned>
  static Status verify(const Bytes& pk, const MessageInput& msg, const Bytes& sig, Arena& ws) {
    return reference::verify<P>(pk, msg, sig, ws);
  }
};

}  // namespace sigspace::less
