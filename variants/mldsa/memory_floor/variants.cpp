// The memory-floor descriptors and their ablations (one technique off each, same source).
// Retained state (state_bytes) is the FIPS 204 encoded secret key: rho, K, tr and s1, s2, t0
// packed. Keeping only the 32-byte seed would save the rest at the price of a key generation
// (k l SHAKE128 matrix entries and NTTs) inside every signature; the packed key is already
// read field by field, so it costs no working memory.
#include <array>
#include <bit>
#include <iterator>

#include "../variants.hpp"
#include "keygen_verify.hpp"
#include "sign.hpp"

namespace sigspace::mldsa {
namespace {

namespace mf = memory_floor;

template <class P, unsigned F>
Status keygen(const std::uint8_t* seed, std::uint8_t* pk, std::uint8_t* sk, Arena& ws) {
  return mf::keygen_internal<P, F>(seed, pk, sk, ws);
}

template <class P, unsigned F>
Status load_signing_key(Bytes sk, std::uint8_t* state, Arena& ws) {
  if (sk.size() == kSeedBytes) return mf::keygen_internal<P, F>(sk.data(), nullptr, state, ws);
  if (sk.size() != P::sk_bytes) return Status::invalid_input;
  // Algorithm 25's range check on s1 and s2 (see encode.hpp), read in place: every field is
  // read, and only the verdict is branched on.
  if (sk_s_out_of_range<P>(sk.data()) != 0) return Status::invalid_input;
  std::memcpy(state, sk.data(), P::sk_bytes);
  return Status::ok;
}

template <class P, unsigned F>
Status sign(const std::uint8_t* state, const MessageInput& msg, const std::uint8_t* rnd,
            std::uint8_t* sig, std::size_t* sig_len, Arena& ws) {
  static constexpr std::uint8_t kZeroRnd[kRndBytes] = {};  // deterministic variant (Alg. 2, line 5)
  const Status st = mf::sign_internal<P, F>(state, msg, rnd != nullptr ? rnd : kZeroRnd, sig, ws);
  *sig_len = st == Status::ok ? P::sig_bytes : 0;
  return st;
}

template <class P, unsigned F>
Status verify(Bytes pk, const MessageInput& msg, Bytes sig, Arena& ws) {
  return mf::verify_internal<P, F>(pk, msg, sig, ws);
}

constexpr const char* kNames[] = {"packed-w",   "streamed-A",     "sparse-challenge", "recomputed-rho2",
                                  "hints-in-w", "y-in-signature", "half-poly"};

// The names of the techniques that policy F has on, in bit order.
template <unsigned F>
constexpr auto kTechniques = [] {
  std::array<const char*, std::popcount(F)> out{};
  std::size_t n = 0;
  for (unsigned b = 0; b < std::size(kNames); ++b)
    if ((F >> b) & 1) out[n++] = kNames[b];
  return out;
}();

template <class P, unsigned F>
constexpr Variant make(const char* id, const char* param_set) {
  using L = mf::Layout<P, F>;
  return Variant{id, "ML-DSA", param_set, "memory-floor", kTechniques<F>,
                 P::pk_bytes, P::sk_bytes, P::sig_bytes, kSeedBytes, kRndBytes,
                 P::sk_bytes, WorkspaceSizes{L::keygen, L::keygen, L::sign, L::verify},
                 &keygen<P, F>, &load_signing_key<P, F>, &sign<P, F>, &verify<P, F>};
}

constexpr unsigned kAll = mf::kAll;

}  // namespace

constexpr Variant kMldsa44MemoryFloor = make<P44, kAll>("ML-DSA-44/memory-floor", "ML-DSA-44");
constexpr Variant kMldsa65MemoryFloor = make<P65, kAll>("ML-DSA-65/memory-floor", "ML-DSA-65");
constexpr Variant kMldsa87MemoryFloor = make<P87, kAll>("ML-DSA-87/memory-floor", "ML-DSA-87");

#define SIGSPACE_MF_ABLATION(set, P, name, tech, bit)                                   \
  constexpr Variant kMldsa##set##MemoryFloorNo##name =                                   \
      make<P, kAll & ~(bit)>("ML-DSA-" #set "/memory-floor~" tech, "ML-DSA-" #set);
#define SIGSPACE_MF_ABLATIONS_OF(set, P)                                                 \
  SIGSPACE_MF_ABLATION(set, P, PackedW, "packed-w", mf::kPackedW)                        \
  SIGSPACE_MF_ABLATION(set, P, StreamedA, "streamed-A", mf::kStreamedA)                  \
  SIGSPACE_MF_ABLATION(set, P, SparseChallenge, "sparse-challenge", mf::kSparseC)        \
  SIGSPACE_MF_ABLATION(set, P, RecomputedRho2, "recomputed-rho2", mf::kRecomputeRho2)    \
  SIGSPACE_MF_ABLATION(set, P, HintsInW, "hints-in-w", mf::kHintsInW)                    \
  SIGSPACE_MF_ABLATION(set, P, YInSignature, "y-in-signature", mf::kYInSig)              \
  SIGSPACE_MF_ABLATION(set, P, HalfPoly, "half-poly", mf::kHalfPoly)
SIGSPACE_MF_ABLATIONS_OF(44, P44)
SIGSPACE_MF_ABLATIONS_OF(65, P65)
SIGSPACE_MF_ABLATIONS_OF(87, P87)

}  // namespace sigspace::mldsa
