// The inputs every measurement uses, derived deterministically so that every variant of a
// parameter set sees exactly the same keys, messages and randomness (byte identity then makes
// the figures comparable pair by pair, and two runs are repeatable).
#pragma once
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "ops/host_ops.hpp"

namespace sigspace::measure {

using Buffer = host::Buffer;  // wiped when freed: these hold seeds, keys and states

// SHAKE256(label || le32(index)), `length` bytes. Labels name the input kind ("message", ...).
Buffer derive(std::string_view label, std::uint32_t index, std::size_t length);

inline constexpr std::size_t kMessageBytes = 64;  // a typical short protocol message

inline Buffer key_seed(std::uint32_t index, std::size_t seed_bytes) {
  return derive("sigspace-measure/key-seed", index, seed_bytes);
}
inline Buffer message(std::uint32_t index) {
  return derive("sigspace-measure/message", index, kMessageBytes);
}
inline Buffer signing_rnd(std::uint32_t index, std::size_t rnd_bytes) {
  return derive("sigspace-measure/rnd", index, rnd_bytes);
}

}  // namespace sigspace::measure
