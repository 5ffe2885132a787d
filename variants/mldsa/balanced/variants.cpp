// The balanced descriptors and their ablations. Retained state is balanced::Key (the encoded
// secret key, validated at load, after the retained entries of A_hat); keygen and verify are
// the reference ones.
#include <cstring>

#include "../reference/reference.hpp"
#include "../variants.hpp"
#include "balanced.hpp"

namespace sigspace::mldsa {
namespace {

using namespace fast;
using balanced::kCompactKeccak;
using balanced::kPackedW;
using balanced::kR0First;
using balanced::kYInSig;
constexpr unsigned kAll = kMergedNtt | kEarlyReject | kDecomposeOnce | kRetainedA | kYInSig |
                          kCompactKeccak | kPackedW | kR0First;

template <class P>
Status keygen(const std::uint8_t* seed, std::uint8_t* pk, std::uint8_t* sk, Arena&) {
  reference::keygen_internal<P>(seed, pk, sk);
  return Status::ok;
}

// Accepts the encoded key (checked one polynomial at a time, Algorithm 25 with the range check
// of FIPS 204 Section 7.2) or the 32-byte seed (expanded by Algorithm 6); then samples the
// retained entries of A_hat (Algorithm 32 for them, as Algorithm 7, line 5 would).
template <class P, unsigned T>
Status load_signing_key(Bytes sk, std::uint8_t* state, Arena&) {
  using Key = balanced::Key<P, T>;
  std::uint8_t* enc = state + Key::entries * balanced::kAEntryBytes;
  if (sk.size() == kSeedBytes) {
    std::uint8_t pk[P::pk_bytes];
    reference::keygen_internal<P>(sk.data(), pk, enc);
  } else if (sk.size() != P::sk_bytes) {
    return Status::invalid_input;
  } else {
    if (sk_s_out_of_range<P>(sk.data()) != 0)
      return Status::invalid_input;  // public verdict: the key is malformed
    std::memcpy(enc, sk.data(), P::sk_bytes);
  }
  for (std::size_t i = P::sk_bytes; i < P::sk_bytes + 4; ++i) enc[i] = 0;  // Key's slack
  balanced::pack_entries<P, T>(state, enc, Key::entries);
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

// Technique names in adoption order, with their flags.
struct Named {
  unsigned flag;
  const char* name;
};
constexpr Named kTechniques[] = {
    {kMergedNtt, "merged-ntt"},         {kEarlyReject, "early-reject"},
    {kDecomposeOnce, "decompose-once"}, {kRetainedA, "retained-A"},
    {kYInSig, "y-in-signature"},        {kCompactKeccak, "compact-keccak"},
    {kPackedW, "packed-w"},             {kR0First, "r0-first"}};

// The names of the techniques in T, for Variant::techniques.
template <unsigned T>
struct NamesOf {
  static constexpr int count = [] {
    int n = 0;
    for (const auto& t : kTechniques) n += (T & t.flag) != 0 ? 1 : 0;
    return n;
  }();
  static constexpr auto list = [] {
    struct { const char* v[count]; } out{};
    int n = 0;
    for (const auto& t : kTechniques)
      if ((T & t.flag) != 0) out.v[n++] = t.name;
    return out;
  }();
};

template <class P, unsigned T>
constexpr Variant make(const char* id, const char* param_set) {
  return Variant{id, "ML-DSA", param_set, "balanced", NamesOf<T>::list.v,
                 P::pk_bytes, P::sk_bytes, P::sig_bytes, kSeedBytes, kRndBytes,
                 balanced::Key<P, T>::bytes, WorkspaceSizes{},
                 &keygen<P>, &load_signing_key<P, T>, &sign<P, T>, &verify<P>};
}

}  // namespace

constexpr Variant kMldsa44Balanced = make<P44, kAll>("ML-DSA-44/balanced", "ML-DSA-44");
constexpr Variant kMldsa65Balanced = make<P65, kAll>("ML-DSA-65/balanced", "ML-DSA-65");
constexpr Variant kMldsa87Balanced = make<P87, kAll>("ML-DSA-87/balanced", "ML-DSA-87");

#define SIGSPACE_BAL_ABLATION(set, P, name, tech, bit)                                   \
  constexpr Variant kMldsa##set##BalancedNo##name =                                      \
      make<P, kAll & ~(bit)>("ML-DSA-" #set "/balanced~" tech, "ML-DSA-" #set);
#define SIGSPACE_BAL_ABLATIONS_OF(set, P)                                                \
  SIGSPACE_BAL_ABLATION(set, P, MergedNtt, "merged-ntt", kMergedNtt)                     \
  SIGSPACE_BAL_ABLATION(set, P, EarlyReject, "early-reject", kEarlyReject)               \
  SIGSPACE_BAL_ABLATION(set, P, DecomposeOnce, "decompose-once", kDecomposeOnce)         \
  SIGSPACE_BAL_ABLATION(set, P, RetainedA, "retained-A", kRetainedA)                     \
  SIGSPACE_BAL_ABLATION(set, P, YInSignature, "y-in-signature", kYInSig)                 \
  SIGSPACE_BAL_ABLATION(set, P, CompactKeccak, "compact-keccak", kCompactKeccak)         \
  SIGSPACE_BAL_ABLATION(set, P, PackedW, "packed-w", kPackedW)                           \
  SIGSPACE_BAL_ABLATION(set, P, R0First, "r0-first", kR0First)
SIGSPACE_BAL_ABLATIONS_OF(44, P44)
SIGSPACE_BAL_ABLATIONS_OF(65, P65)
SIGSPACE_BAL_ABLATIONS_OF(87, P87)

}  // namespace sigspace::mldsa
