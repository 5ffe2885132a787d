// Pseudo-random test words for the board kernels' tests: SHAKE128(seed) through the portable
// sponge, so every run and both boards draw the same inputs.
#pragma once
#include <cstdint>
#include <cstring>

#include "sigspace/keccak.hpp"

namespace minitest {

struct WordStream {
  sigspace::Shake128 xof;
  explicit WordStream(const char* seed) {
    xof.absorb(sigspace::Bytes(reinterpret_cast<const std::uint8_t*>(seed), std::strlen(seed)));
    xof.finalize();
  }
  std::uint32_t next() {
    std::uint8_t b[4];
    xof.squeeze(sigspace::MutBytes(b, 4));
    return b[0] | b[1] << 8 | b[2] << 16 | static_cast<std::uint32_t>(b[3]) << 24;
  }
};

}  // namespace minitest
