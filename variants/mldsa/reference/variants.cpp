// The three reference descriptors. Retained state (state_bytes) is the FIPS 204 encoded secret
// key itself: load_signing_key validates it (or expands a 32-byte seed into it) and sign
// decodes it again on every call, as Algorithm 7, line 1 does.
#include <cstring>

#include "../variants.hpp"
#include "reference.hpp"

namespace sigspace::mldsa {
namespace {

template <class P>
Status keygen(const std::uint8_t* seed, std::uint8_t* pk, std::uint8_t* sk, Arena&) {
  reference::keygen_internal<P>(seed, pk, sk);
  return Status::ok;
}

template <class P>
Status load_signing_key(Bytes sk, std::uint8_t* state, Arena&) {
  if (sk.size() == kSeedBytes) {  // the seed form: expand it (Algorithm 6) and keep the sk
    std::uint8_t pk[P::pk_bytes];
    reference::keygen_internal<P>(sk.data(), pk, state);
    return Status::ok;
  }
  if (sk.size() != P::sk_bytes) return Status::invalid_input;
  std::uint8_t rho[32], key[32], tr[kTrBytes];
  PolyVec<P::l> s1;
  PolyVec<P::k> s2, t0;
  const std::uint32_t bad = sk_decode<P>(sk.data(), rho, key, tr, s1, s2, t0);
  wipe_all(key, s1, s2, t0);
  if (bad != 0) return Status::invalid_input;  // public verdict: the key is malformed
  std::memcpy(state, sk.data(), P::sk_bytes);
  return Status::ok;
}

template <class P>
Status sign(const std::uint8_t* state, const MessageInput& msg, const std::uint8_t* rnd,
            std::uint8_t* sig, std::size_t* sig_len, Arena&) {
  static constexpr std::uint8_t kZeroRnd[kRndBytes] = {};  // deterministic variant (Alg. 2, line 5)
  const Status st = reference::sign_internal<P>(state, msg, rnd != nullptr ? rnd : kZeroRnd, sig);
  *sig_len = st == Status::ok ? P::sig_bytes : 0;
  return st;
}

template <class P>
Status verify(Bytes pk, const MessageInput& msg, Bytes sig, Arena&) {
  return reference::verify_internal<P>(pk, msg, sig);
}

constexpr const char* kTechniques[] = {"full-matrix-A", "sk-decode-per-sign",
                                       "montgomery-ntt"};

template <class P>
constexpr Variant make(const char* id, const char* param_set) {
  return Variant{id, "ML-DSA", param_set, "reference", kTechniques,
                 P::pk_bytes, P::sk_bytes, P::sig_bytes, kSeedBytes, kRndBytes,
                 P::sk_bytes, WorkspaceSizes{},
                 &keygen<P>, &load_signing_key<P>, &sign<P>, &verify<P>};
}

}  // namespace

constexpr Variant kMldsa44Reference = make<P44>("ML-DSA-44/reference", "ML-DSA-44");
constexpr Variant kMldsa65Reference = make<P65>("ML-DSA-65/reference", "ML-DSA-65");
constexpr Variant kMldsa87Reference = make<P87>("ML-DSA-87/reference", "ML-DSA-87");

}  // namespace sigspace::mldsa
