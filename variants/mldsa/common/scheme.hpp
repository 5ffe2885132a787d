// ML-DSA as a scheme of the registry (sigspace/point.hpp): its parameter-set names and sizes, and
// the adapter that every ML-DSA operating point shares around its algorithms.
#pragma once
#include "mldsa/common/params.hpp"
#include "sigspace/point.hpp"
#include "sigspace/variant.hpp"

namespace sigspace::mldsa {

template <class P>
inline constexpr const char* kSetName = nullptr;
template <>
inline constexpr const char* kSetName<P44> = "ML-DSA-44";
template <>
inline constexpr const char* kSetName<P65> = "ML-DSA-65";
template <>
inline constexpr const char* kSetName<P87> = "ML-DSA-87";

using Sets = point::List<P44, P65, P87>;

struct Scheme {
  static constexpr const char* name = "ML-DSA";
  template <class P>
  static constexpr const char* set_name = kSetName<P>;
  template <class P>
  static constexpr std::size_t sig_max_bytes = P::sig_bytes;
  template <class P>
  static constexpr std::size_t seed_bytes = kSeedBytes;  // xi (Algorithm 1, line 1)
  template <class P>
  static constexpr std::size_t rnd_bytes = kRndBytes;  // rnd (Algorithm 2, line 5)

  template <class Point, class P, unsigned T>
  static Status keygen(const std::uint8_t* seed, std::uint8_t* pk, std::uint8_t* sk, Arena& ws) {
    return Point::template keygen<P, T>(seed, pk, sk, ws);
  }

  // sk: the FIPS 204 encoded key, or the 32-byte seed form (expanded by Algorithm 6).
  template <class Point, class P, unsigned T>
  static Status load_key(const Bytes& sk, std::uint8_t* state, Arena& ws) {
    if (sk.size() != kSeedBytes && sk.size() != P::sk_bytes) return Status::invalid_input;
    return Point::template load_key<P, T>(sk, state, ws);
  }

  // No rnd: the deterministic variant (Algorithm 2, line 5). The signature has a fixed length.
  template <class Point, class P, unsigned T>
  static Status sign(const std::uint8_t* state, const MessageInput& msg, const std::uint8_t* rnd,
                     std::uint8_t* sig, std::size_t* sig_len, Arena& ws) {
    static constexpr std::uint8_t kZeroRnd[kRndBytes] = {};
    const Status s =
        Point::template sign<P, T>(state, msg, rnd != nullptr ? rnd : kZeroRnd, sig, ws);
    *sig_len = s == Status::ok ? P::sig_bytes : 0;
    return s;
  }

  template <class Point, class P, unsigned T>
  static Status verify(const Bytes& pk, const MessageInput& msg, const Bytes& sig, Arena& ws) {
    return Point::template verify<P, T>(pk, msg, sig, ws);
  }
};

}  // namespace sigspace::mldsa
