// How an operating point declares itself once (ARCHITECTURE.md, "The variant descriptor").
//
// A point is a struct with
//   name                       "speed-ceiling"
//   techniques                 std::array<point::Technique, N>: policy flag and name, in
//                              adoption order; each one can be switched off alone (an ablation)
//   traits                     std::array<const char*, M>: descriptive, not switchable
//   contrasts (optional)       std::array<point::Technique, C>: properties on in the point that
//                              an ablation switches off only to measure their price (the
//                              constant-time kernels); never in an adoption ladder
//   candidates (optional)      std::array<point::Technique, D>: techniques kept in the code but
//                              off in the point; "<set>/<point>~+<name>" switches one on, and
//                              the ladder judges it the same way (a rejection is a negative
//                              result, an acceptance asks for it to be switched on)
//   state_bytes<P, T>          retained signing-key state of set P with techniques mask T
//   workspace<P, T>            published WorkspaceSizes
//   keygen/load_key/sign/verify<P, T>   the algorithms, called by the scheme's adapter
// and a scheme is a struct with `name`, `set_name<P>`, its sizes, and the adapter shared by all
// of its points (keygen/load_key/sign/verify<Point, P, T>: what the scheme does around every
// point's algorithms). Ops<Scheme, Point, P, T> are the descriptor's four entry points; they are
// only declared here and defined in point_ops.hpp, which only a point's own translation unit
// includes (so a unit that merely lists descriptors, such as firmware choosing one by id,
// instantiates no algorithm). Family<Scheme, Point, P> yields the
// point and all of its single-technique ablations for one parameter set; Registry<Scheme, Sets,
// Points> concatenates the families of a scheme's lists. Nothing is spelled twice: ids, technique
// lists and masks are all derived from the point's table.
#pragma once
#include <array>
#include <cstddef>
#include <utility>

#include "sigspace/variant.hpp"

namespace sigspace::point {

struct Technique {
  unsigned flag;     // the point's compile-time policy bit
  const char* name;  // the ablation id's suffix: "<set>/<point>~<name>"
};

template <class... T>
struct List {};

constexpr std::size_t length(const char* s) {
  std::size_t n = 0;
  while (s[n] != 0) ++n;
  return n;
}

constexpr bool same(const char* a, const char* b) {
  while (*a != 0 && *a == *b) ++a, ++b;
  return *a == *b;
}

// The point's contrasts, none unless it declares them.
template <class Point>
constexpr auto contrasts_of() {
  if constexpr (requires { Point::contrasts; })
    return Point::contrasts;
  else
    return std::array<Technique, 0>{};
}

// The point's candidates, none unless it declares them.
template <class Point>
constexpr auto candidates_of() {
  if constexpr (requires { Point::candidates; })
    return Point::candidates;
  else
    return std::array<Technique, 0>{};
}

// The switchable properties in ablation order: the techniques, then the contrasts.
template <class Point>
constexpr auto switchable() {
  constexpr auto c = contrasts_of<Point>();
  std::array<Technique, Point::techniques.size() + c.size()> out{};
  std::size_t n = 0;
  for (const Technique& t : Point::techniques) out[n++] = t;
  for (const Technique& t : c) out[n++] = t;
  return out;
}

// Every technique and contrast of the point on.
template <class Point>
constexpr unsigned all_of() {
  unsigned mask = 0;
  for (const Technique& t : switchable<Point>()) mask |= t.flag;
  return mask;
}

// The names in list that mask T has on, in table order, with static storage (list: the point's
// techniques, or its contrasts).
template <const auto& List, unsigned T>
struct OnNames {
  static constexpr std::size_t count = [] {
    std::size_t n = 0;
    for (const Technique& t : List) n += (T & t.flag) != 0 ? 1 : 0;
    return n;
  }();
  static constexpr std::array<const char*, count> list = [] {
    std::array<const char*, count> out{};
    std::size_t n = 0;
    for (const Technique& t : List)
      if ((T & t.flag) != 0) out[n++] = t.name;
    return out;
  }();
};
template <class Point>
inline constexpr auto kContrasts = contrasts_of<Point>();
template <class Point>
inline constexpr auto kCandidates = candidates_of<Point>();
// The techniques on: the point's, then any candidate switched on.
template <class Point>
inline constexpr auto kTechniquesAndCandidates = [] {
  std::array<Technique, Point::techniques.size() + kCandidates<Point>.size()> out{};
  std::size_t n = 0;
  for (const Technique& t : Point::techniques) out[n++] = t;
  for (const Technique& t : kCandidates<Point>) out[n++] = t;
  return out;
}();
template <class Point, unsigned T>
using Names = OnNames<kTechniquesAndCandidates<Point>, T>;
template <class Point, unsigned T>
using ContrastNames = OnNames<kContrasts<Point>, T>;

// "<set>/<point>" (Off < 0), "<set>/<point>~<name>" of switchable Off, or (Off at or past the
// switchables) "<set>/<point>~+<name>" of candidate Off - switchables; NUL-terminated, static
// storage.
template <class Scheme, class Point, class P, int Off>
struct Id {
  static constexpr std::size_t offs = switchable<Point>().size();
  static constexpr bool added = Off >= 0 && std::size_t(Off) >= offs;
  static constexpr const char* set = Scheme::template set_name<P>;
  static constexpr const char* off_name = Off < 0 ? ""
                                          : added ? kCandidates<Point>[added ? Off - offs : 0].name
                                                  : switchable<Point>()[added ? 0 : Off].name;
  static constexpr std::size_t size =
      length(set) + 1 + length(Point::name) + (Off < 0 ? 0 : 1 + added + length(off_name));
  static constexpr std::array<char, size + 1> text = [] {
    std::array<char, size + 1> out{};
    std::size_t n = 0;
    auto put = [&](const char* s) {
      while (*s != 0) out[n++] = *s++;
    };
    put(set);
    out[n++] = '/';
    put(Point::name);
    if constexpr (Off >= 0) {
      out[n++] = '~';
      if constexpr (added) out[n++] = '+';
      put(off_name);
    }
    return out;
  }();
};

// The descriptor's four entry points for point Point at set P with techniques mask T.
template <class Scheme, class Point, class P, unsigned T>
struct Ops {
  static Status keygen(const std::uint8_t* seed, std::uint8_t* pk, std::uint8_t* sk, Arena& ws);
  static Status load_key(Bytes sk, std::uint8_t* state, Arena& ws);
  static Status sign(const std::uint8_t* state, const MessageInput& msg, const std::uint8_t* rnd,
                     std::uint8_t* sig, std::size_t* sig_len, Arena& ws);
  static Status verify(Bytes pk, const MessageInput& msg, Bytes sig, Arena& ws);
};

// The descriptor of point Point at set P with techniques mask T.
template <class Scheme, class Point, class P, unsigned T, int Off>
inline constexpr Variant kDescriptor = [] {
  using Ops = point::Ops<Scheme, Point, P, T>;
  return Variant{Id<Scheme, Point, P, Off>::text.data(), Scheme::name,
                 Scheme::template set_name<P>, Point::name, Names<Point, T>::list,
                 Point::traits, ContrastNames<Point, T>::list, P::pk_bytes, P::sk_bytes,
                 Scheme::template sig_max_bytes<P>,
                 Scheme::template seed_bytes<P>, Scheme::template rnd_bytes<P>,
                 Point::template state_bytes<P, T>, Point::template workspace<P, T>,
                 &Ops::keygen, &Ops::load_key, &Ops::sign, &Ops::verify};
}();

// One point at one parameter set: the point itself, one ablation per technique and contrast
// (switched off), then one per candidate (switched on).
template <class Scheme, class Point, class P>
struct Family {
  static constexpr unsigned all = all_of<Point>();
  static constexpr auto off = switchable<Point>();
  static constexpr auto on = kCandidates<Point>;
  static constexpr std::size_t ablation_count = off.size() + on.size();
  static constexpr unsigned mask(std::size_t i) {
    return i < off.size() ? (all & ~off[i].flag) : (all | on[i < off.size() ? 0 : i - off.size()].flag);
  }
  static constexpr const Variant* point = &kDescriptor<Scheme, Point, P, all, -1>;
  static constexpr std::array<const Variant*, ablation_count> ablations =
      []<std::size_t... I>(std::index_sequence<I...>) {
        return std::array<const Variant*, ablation_count>{&kDescriptor<Scheme, Point, P, mask(I), int(I)>...};
      }(std::make_index_sequence<ablation_count>{});
};

template <class T, std::size_t... N>
constexpr auto concat(const std::array<T, N>&... parts) {
  std::array<T, (N + ... + 0)> out{};
  std::size_t n = 0;
  auto put = [&](const auto& part) {
    for (const T& x : part) out[n++] = x;
  };
  (put(parts), ...);
  return out;
}

// A scheme's registry: every point of Points at every set of Sets (sets outer, as listings show
// them), and all their ablations.
template <class Scheme, class Sets, class Points>
struct Registry;
template <class Scheme, class... Sets, class... Points>
struct Registry<Scheme, List<Sets...>, List<Points...>> {
  template <class P>
  static constexpr auto points_of() {
    return std::array<const Variant*, sizeof...(Points)>{Family<Scheme, Points, P>::point...};
  }
  template <class P>
  static constexpr auto ablations_of() {
    return concat(Family<Scheme, Points, P>::ablations...);
  }
  static constexpr auto variants = concat(points_of<Sets>()...);
  static constexpr auto ablations = concat(ablations_of<Sets>()...);
};

// Compile-time lookup, for firmware that links one variant chosen by id.
template <std::size_t N>
constexpr const Variant* find(const std::array<const Variant*, N>& list, const char* id) {
  for (const Variant* v : list)
    if (same(v->id, id)) return v;
  return nullptr;
}

}  // namespace sigspace::point
