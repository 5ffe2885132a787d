// The balanced descriptors and their ablations. Retained state is the encoded secret key
// (validated at load); keygen and verify are the reference ones.
#include <cstring>

#include "../variants.hpp"
#include "balanced.hpp"

namespace sigspace::mldsa {
namespace {

using namespace fast;
constexpr unsigned kAll = kMergedNtt | kEarlyReject | kDecomposeOnce;

template <class P>
Status keygen(const std::uint8_t* seed, std::uint8_t* pk, std::uint8_t* sk, Arena&) {
  reference::keygen_internal<P>(seed, pk, sk);
  return Status::ok;
}

// Accepts the encoded key (checked one polynomial at a time, Algorithm 25 with the range check
// of FIPS 204 Section 7.2) or the 32-byte seed (expanded by Algorithm 6).
template <class P>
Status load_signing_key(Bytes sk, std::uint8_t* state, Arena&) {
  if (sk.size() == kSeedBytes) {
    std::uint8_t pk[P::pk_bytes];
    reference::keygen_internal<P>(sk.data(), pk, state);
    return Status::ok;
  }
  if (sk.size() != P::sk_bytes) return Status::invalid_input;
  std::uint32_t bad = 0;
  Poly s;
  for (int r = 0; r < P::l + P::k; ++r) {
    bit_unpack(s, balanced::s_poly<P>(sk.data(), r), P::eta, P::eta_bits);
    bad |= poly_exceeds(s, P::eta + 1);
  }
  wipe_all(s);
  if (bad != 0) return Status::invalid_input;  // public verdict: the key is malformed
  std::memcpy(state, sk.data(), P::sk_bytes);
  return Status::ok;
}

template <class P, unsigned T>
Status sign(const std::uint8_t* state, const MessageInput& msg, const std::uint8_t* rnd,
            std::uint8_t* sig, std::size_t* sig_len, Arena&) {
  static constexpr std::uint8_t kZeroRnd[kRndBytes] = {};  // deterministic variant (Alg. 2, line 5)
  const Status s = balanced::sign<P, T>(state, msg, rnd != nullptr ? rnd : kZeroRnd, sig);
  *sig_len = s == Status::ok ? P::sig_bytes : 0;
  return s;
}

template <class P>
Status verify(Bytes pk, const MessageInput& msg, Bytes sig, Arena&) {
  return reference::verify_internal<P>(pk, msg, sig);
}

constexpr const char* kAllNames[] = {"merged-ntt", "early-reject", "decompose-once"};
constexpr const char* kNoMergedNtt[] = {"early-reject", "decompose-once"};
constexpr const char* kNoEarlyReject[] = {"merged-ntt", "decompose-once"};
constexpr const char* kNoDecomposeOnce[] = {"merged-ntt", "early-reject"};

template <class P, unsigned T>
constexpr Variant make(const char* id, const char* param_set, std::span<const char* const> names) {
  return Variant{id, "ML-DSA", param_set, "balanced", names,
                 P::pk_bytes, P::sk_bytes, P::sig_bytes, kSeedBytes, kRndBytes,
                 P::sk_bytes, WorkspaceSizes{},
                 &keygen<P>, &load_signing_key<P>, &sign<P, T>, &verify<P>};
}

}  // namespace

constexpr Variant kMldsa44Balanced = make<P44, kAll>("ML-DSA-44/balanced", "ML-DSA-44", kAllNames);
constexpr Variant kMldsa65Balanced = make<P65, kAll>("ML-DSA-65/balanced", "ML-DSA-65", kAllNames);
constexpr Variant kMldsa87Balanced = make<P87, kAll>("ML-DSA-87/balanced", "ML-DSA-87", kAllNames);

#define SIGSPACE_BAL_ABLATION(set, P, name, tech, bit)                                   \
  constexpr Variant kMldsa##set##BalancedNo##name =                                      \
      make<P, kAll & ~(bit)>("ML-DSA-" #set "/balanced~" tech, "ML-DSA-" #set, kNo##name);
#define SIGSPACE_BAL_ABLATIONS_OF(set, P)                                                \
  SIGSPACE_BAL_ABLATION(set, P, MergedNtt, "merged-ntt", kMergedNtt)                     \
  SIGSPACE_BAL_ABLATION(set, P, EarlyReject, "early-reject", kEarlyReject)               \
  SIGSPACE_BAL_ABLATION(set, P, DecomposeOnce, "decompose-once", kDecomposeOnce)
SIGSPACE_BAL_ABLATIONS_OF(44, P44)
SIGSPACE_BAL_ABLATIONS_OF(65, P65)
SIGSPACE_BAL_ABLATIONS_OF(87, P87)

}  // namespace sigspace::mldsa
