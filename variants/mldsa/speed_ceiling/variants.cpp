// The speed-ceiling descriptors and their ablations. Retained state (state_bytes) is the
// expanded key of speed_ceiling.hpp; keygen and verify are the reference ones (signing is
// what this point optimises; they still gain from the faster Keccak).
#include <cstring>

#include "../variants.hpp"
#include "speed_ceiling.hpp"

namespace sigspace::mldsa {
namespace {

using namespace fast;
constexpr unsigned kAll = kMergedNtt | kLazyAccumulate | kEarlyReject | kDecomposeOnce | kRetainedA;

template <class P>
Status keygen(const std::uint8_t* seed, std::uint8_t* pk, std::uint8_t* sk, Arena&) {
  reference::keygen_internal<P>(seed, pk, sk);
  return Status::ok;
}

template <class P, unsigned T>
Status load_signing_key(Bytes sk, std::uint8_t* state, Arena&) {
  std::uint8_t expanded[P::sk_bytes];
  const std::uint8_t* enc = sk.data();
  if (sk.size() == kSeedBytes) {  // the seed form: Algorithm 6 first
    std::uint8_t pk[P::pk_bytes];
    reference::keygen_internal<P>(sk.data(), pk, expanded);
    enc = expanded;
  } else if (sk.size() != P::sk_bytes) {
    return Status::invalid_input;
  }
  // The state buffer holds plain integers; harness buffers are at least 8-byte aligned.
  auto* st = new (state) speed_ceiling::State<P, T>;
  const std::uint32_t bad = speed_ceiling::expand_key<P, T>(*st, enc);
  wipe_all(expanded);
  if (bad != 0) {  // public verdict: the key is malformed (Algorithm 25 range check)
    ct::wipe(state, sizeof *st);
    return Status::invalid_input;
  }
  return Status::ok;
}

template <class P, unsigned T>
Status sign(const std::uint8_t* state, const MessageInput& msg, const std::uint8_t* rnd,
            std::uint8_t* sig, std::size_t* sig_len, Arena&) {
  static constexpr std::uint8_t kZeroRnd[kRndBytes] = {};  // deterministic variant (Alg. 2, line 5)
  const auto* st = std::launder(reinterpret_cast<const speed_ceiling::State<P, T>*>(state));
  const Status s = speed_ceiling::sign<P, T>(*st, msg, rnd != nullptr ? rnd : kZeroRnd, sig);
  *sig_len = s == Status::ok ? P::sig_bytes : 0;
  return s;
}

template <class P>
Status verify(Bytes pk, const MessageInput& msg, Bytes sig, Arena&) {
  return reference::verify_internal<P>(pk, msg, sig);
}

constexpr const char* kNames[] = {"merged-ntt", "lazy-accumulate", "early-reject",
                                  "decompose-once", "retained-A"};
constexpr int kCount = 5;

// The technique names of mask T (in kNames order), for Variant::techniques.
template <unsigned T>
struct Names {
  static constexpr int n = __builtin_popcount(T);
  static constexpr auto list = [] {
    struct { const char* v[n]; } r{};
    for (int i = 0, k = 0; i < kCount; ++i)
      if ((T >> i) & 1u) r.v[k++] = kNames[i];
    return r;
  }();
};

template <class P, unsigned T>
constexpr Variant make(const char* id, const char* param_set) {
  return Variant{id, "ML-DSA", param_set, "speed-ceiling", Names<T>::list.v,
                 P::pk_bytes, P::sk_bytes, P::sig_bytes, kSeedBytes, kRndBytes,
                 sizeof(speed_ceiling::State<P, T>), WorkspaceSizes{},
                 &keygen<P>, &load_signing_key<P, T>, &sign<P, T>, &verify<P>};
}

}  // namespace

constexpr Variant kMldsa44SpeedCeiling = make<P44, kAll>("ML-DSA-44/speed-ceiling", "ML-DSA-44");
constexpr Variant kMldsa65SpeedCeiling = make<P65, kAll>("ML-DSA-65/speed-ceiling", "ML-DSA-65");
constexpr Variant kMldsa87SpeedCeiling = make<P87, kAll>("ML-DSA-87/speed-ceiling", "ML-DSA-87");

#define SIGSPACE_SC_ABLATION(set, P, name, tech, bit)                                  \
  constexpr Variant kMldsa##set##SpeedCeilingNo##name =                                \
      make<P, kAll & ~(bit)>("ML-DSA-" #set "/speed-ceiling~" tech, "ML-DSA-" #set);
#define SIGSPACE_SC_ABLATIONS_OF(set, P)                                               \
  SIGSPACE_SC_ABLATION(set, P, MergedNtt, "merged-ntt", kMergedNtt)                    \
  SIGSPACE_SC_ABLATION(set, P, LazyAccumulate, "lazy-accumulate", kLazyAccumulate)     \
  SIGSPACE_SC_ABLATION(set, P, EarlyReject, "early-reject", kEarlyReject)              \
  SIGSPACE_SC_ABLATION(set, P, DecomposeOnce, "decompose-once", kDecomposeOnce)        \
  SIGSPACE_SC_ABLATION(set, P, RetainedA, "retained-A", kRetainedA)
SIGSPACE_SC_ABLATIONS_OF(44, P44)
SIGSPACE_SC_ABLATIONS_OF(65, P65)
SIGSPACE_SC_ABLATIONS_OF(87, P87)

}  // namespace sigspace::mldsa
