// The definitions of point::Ops (point.hpp): each entry point hands over to the scheme's adapter,
// which wraps the point's algorithm. Only a point's own translation unit includes this file, and
// ends with the one line that emits its family:
//   template struct sigspace::point::Emit<Scheme, Point, Sets>;
#pragma once
#include <cstdint>

#include "sigspace/point.hpp"

namespace sigspace::point {

template <class Scheme, class Point, class P, unsigned T>
Status Ops<Scheme, Point, P, T>::keygen(const std::uint8_t* seed, std::uint8_t* pk,
                                        std::uint8_t* sk, Arena& ws) {
  return Scheme::template keygen<Point, P, T>(seed, pk, sk, ws);
}

inline bool state_misaligned(const std::uint8_t* state) {
  return reinterpret_cast<std::uintptr_t>(state) % kStateAlignment != 0;
}

template <class Scheme, class Point, class P, unsigned T>
Status Ops<Scheme, Point, P, T>::load_key(Bytes sk, std::uint8_t* state, Arena& ws) {
  if (state_misaligned(state)) return Status::invalid_input;
  return Scheme::template load_key<Point, P, T>(sk, state, ws);
}

template <class Scheme, class Point, class P, unsigned T>
Status Ops<Scheme, Point, P, T>::sign(const std::uint8_t* state, const MessageInput& msg,
                                      const std::uint8_t* rnd, std::uint8_t* sig,
                                      std::size_t* sig_len, Arena& ws) {
  if (state_misaligned(state)) {
    *sig_len = 0;
    return Status::invalid_input;
  }
  return Scheme::template sign<Point, P, T>(state, msg, rnd, sig, sig_len, ws);
}

template <class Scheme, class Point, class P, unsigned T>
Status Ops<Scheme, Point, P, T>::verify(Bytes pk, const MessageInput& msg, Bytes sig, Arena& ws) {
  return Scheme::template verify<Point, P, T>(pk, msg, sig, ws);
}

// Makes the translation unit that defines a point's algorithms emit the entry points of every
// descriptor of its family at every set of Sets.
template <class Scheme, class Point, class Sets>
struct Emit;
template <class Scheme, class Point, class... Sets>
struct Emit<Scheme, Point, List<Sets...>> {
  static const Variant* const* all() {
    static constexpr auto list = concat(
        std::array<const Variant*, 1>{Family<Scheme, Point, Sets>::point}...,
        Family<Scheme, Point, Sets>::ablations...);
    return list.data();
  }
};

}  // namespace sigspace::point
