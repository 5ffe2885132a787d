// The LESS v2.0 reference operating point (keygen.hpp, sign.hpp, verify.hpp): it mirrors the
// official v2.0.0 reference implementation, which is NOT constant-time. Secret monomials are
// applied by secret-indexed moves, the RREF branches on the data and reuses former unit columns
// as pivots (capped per category in sign), the blinding and the responses are direct lookups.
// The constant-time kernels (less/common/ct_*.hpp) are for the constant-time points. Workspace
// is 0 for every operation: like the official reference, everything lives on the stack (its two
// static k x m matrices are borrowed from dead stack matrices). Retained state is the compressed
// secret key.
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
      "non-constant-time",        // mirrors the official reference, which is not constant-time
      "materialised-generators",  // G0 and G0 * mu as k x n matrices, the public codes expanded
      "per-round-pivot-columns",  // pi_tilde for all t rounds (2kt bytes)
      "pivot-reuse",              // RREF reuses former unit columns (sign capped per category)
      "direct-permutation"};      // monomials applied by secret-indexed column moves
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
