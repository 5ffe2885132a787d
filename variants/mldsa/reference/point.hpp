// The reference operating point (reference.hpp): FIPS 204 as written, the baseline of every
// ratio. Retained state is the FIPS 204 encoded secret key itself: load_key validates it (or
// expands a 32-byte seed into it) and sign decodes it again on every call, as Algorithm 7,
// line 1 does.
#pragma once
#include <array>
#include <cstring>

#include "mldsa/common/scheme.hpp"
#include "mldsa/reference/reference.hpp"

namespace sigspace::mldsa {

// Key generation (Algorithm 6) and verification (Algorithm 8) as the reference does them; the
// points that optimise signing alone inherit these.
struct ReferenceKeygenVerify {
  template <class P, unsigned>
  static Status keygen(const std::uint8_t* seed, std::uint8_t* pk, std::uint8_t* sk, Arena&) {
    reference::keygen_internal<P>(seed, pk, sk);
    return Status::ok;
  }
  template <class P, unsigned>
  static Status verify(const Bytes& pk, const MessageInput& msg, const Bytes& sig, Arena&) {
    return reference::verify_internal<P>(pk, msg, sig);
  }
};

struct Reference : ReferenceKeygenVerify {
  static constexpr const char* name = "reference";
  static constexpr std::array<point::Technique, 0> techniques{};
  static constexpr std::array traits{"full-matrix-A", "sk-decode-per-sign", "montgomery-ntt"};
  template <class P, unsigned>
  static constexpr std::size_t state_bytes = P::sk_bytes;
  template <class P, unsigned>
  static constexpr WorkspaceSizes workspace{};

  template <class P, unsigned>
  static Status load_key(const Bytes& sk, std::uint8_t* state, Arena&) {
    if (sk.size() == kSeedBytes) {  // the seed form: expand it (Algorithm 6) and keep the sk
      std::uint8_t pk[P::pk_bytes];
      reference::keygen_internal<P>(sk.data(), pk, state);
      return Status::ok;
    }
    std::uint8_t rho[32], key[32], tr[kTrBytes];
    PolyVec<P::l> s1;
    PolyVec<P::k> s2, t0;
    const std::uint32_t bad = sk_decode<P>(sk.data(), rho, key, tr, s1, s2, t0);
    wipe_all(key, s1, s2, t0);
    SIGSPACE_CT_DECLASSIFY(&bad, sizeof bad);  // the key-format verdict (D6)
    if (bad != 0) return Status::invalid_input;  // public verdict: the key is malformed
    std::memcpy(state, sk.data(), P::sk_bytes);
    return Status::ok;
  }

  template <class P, unsigned>
  static Status sign(const std::uint8_t* state, const MessageInput& msg, const std::uint8_t* rnd,
                     std::uint8_t* sig, Arena&) {
    return reference::sign_internal<P>(state, msg, rnd, sig);
  }
};

}  // namespace sigspace::mldsa
