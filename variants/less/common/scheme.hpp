// LESS v2.0 as a scheme of the registry (sigspace/point.hpp): its parameter sets and sizes, and
// the adapter that every LESS operating point shares around its algorithms.
#pragma once
#include "less/common/params.hpp"
#include "sigspace/point.hpp"
#include "sigspace/variant.hpp"

namespace sigspace::less {

using Sets = point::List<P1b, P1i, P1s, P3b, P3s, P5b, P5s>;

struct Scheme {
  static constexpr const char* name = "LESS";
  template <class P>
  static constexpr const char* set_name = P::name;
  template <class P>
  static constexpr std::size_t sig_max_bytes = P::sig_max_bytes;
  template <class P>
  static constexpr std::size_t seed_bytes = P::sk_bytes;  // the 2-lambda-byte secret key
  template <class P>
  static constexpr std::size_t rnd_bytes = P::salt_bytes;

  template <class Point, class P, unsigned T>
  static Status keygen(const std::uint8_t* seed, std::uint8_t* pk, std::uint8_t* sk, Arena& ws) {
    return Point::template keygen<P, T>(seed, pk, sk, ws);
  }

  // The secret key is the 2-lambda-byte seed (less-v2.0.md section 3); nothing else is accepted.
  template <class Point, class P, unsigned T>
  static Status load_key(const Bytes& sk, std::uint8_t* state, Arena& ws) {
    if (sk.size() != P::sk_bytes) return Status::invalid_input;
    return Point::template load_key<P, T>(sk, state, ws);
  }

  // LESS has no deterministic mode: the salt is an input (drawn by the caller's nonce policy),
  // and only pure signing with an empty context exists. The signature's length varies.
  template <class Point, class P, unsigned T>
  static Status sign(const std::uint8_t* state, const MessageInput& msg, const std::uint8_t* salt,
                     std::uint8_t* sig, std::size_t* sig_len, Arena& ws) {
    *sig_len = 0;
    if (salt == nullptr || msg.mode != MessageMode::pure || !msg.context.empty())
      return Status::invalid_input;
    return Point::template sign<P, T>(state, msg, salt, sig, sig_len, ws);
  }

  template <class Point, class P, unsigned T>
  static Status verify(const Bytes& pk, const MessageInput& msg, const Bytes& sig, Arena& ws) {
    if (msg.mode != MessageMode::pure || !msg.context.empty()) return Status::invalid_input;
    if (pk.size() != P::pk_bytes) return Status::invalid_input;
    return Point::template verify<P, T>(pk, msg, sig, ws);
  }
};

}  // namespace sigspace::less
