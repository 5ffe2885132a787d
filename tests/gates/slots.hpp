// Guarded buffers for the gates, in the style of SUPERCOP's try.c: each buffer a variant reads or
// writes lives inside a larger slot at a chosen offset (0..15), and every byte of the slot starts
// as a known pattern. After a call the bytes around an output must still hold the pattern, and an
// input's whole slot (its bytes and the pattern around them) must be unchanged.
// Slots are static (a board's stack holds only what the operation needs); not reentrant.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "sigspace/keccak.hpp"

namespace gates {

constexpr std::size_t kGuard = 16;      // pattern bytes on each side beyond the offset room
constexpr std::size_t kMaxOffset = 15;  // offsets 0..15 cover every alignment up to 16

struct Digest {
  std::uint8_t b[32];
  bool operator==(const Digest& o) const { return std::memcmp(b, o.b, sizeof b) == 0; }
};

// SHA3-256 of a buffer, or of two in a row (keygen's public and secret key).
inline Digest digest_of(const std::uint8_t* p, std::size_t n, sigspace::Bytes more = {}) {
  sigspace::Sha3_256 h;
  h.absorb(p, n);
  h.absorb(more);
  h.finalize();
  Digest d;
  h.squeeze(d.b, sizeof d.b);
  return d;
}

// The slot's bytes are a pattern keyed by `salt`, so leftovers from one run or one slot cannot
// pass for another's.
inline std::uint8_t pattern_byte(std::uint8_t salt, std::size_t i) {
  return static_cast<std::uint8_t>(salt ^ (0x3Bu * i) ^ (i >> 8));
}

template <std::size_t N>
class Slot {
 public:
  static constexpr std::size_t capacity = N;

  // Places a buffer of n bytes (at most N) at `offset` (0..kMaxOffset) and paints the slot's
  // extent: the buffer and kGuard bytes or more on each side. Bytes beyond the extent are
  // neither painted nor checked, so a small buffer in a large slot costs only its own size.
  void arm(std::size_t offset, std::size_t n, std::uint8_t salt) {
    offset_ = offset;
    len_ = n;
    salt_ = salt;
    for (std::size_t i = 0; i < extent(); ++i) bytes_[i] = pattern_byte(salt, i);
  }
  std::uint8_t* data() { return bytes_ + kGuard + offset_; }
  const std::uint8_t* data() const { return bytes_ + kGuard + offset_; }
  std::size_t size() const { return len_; }
  std::size_t offset() const { return offset_; }

  // Every byte outside the buffer still holds the pattern (an output wrote only its own bytes).
  bool guards_intact() const {
    const std::size_t lo = kGuard + offset_, hi = lo + len_;
    for (std::size_t i = 0; i < extent(); ++i)
      if ((i < lo || i >= hi) && bytes_[i] != pattern_byte(salt_, i)) return false;
    return true;
  }
  // The whole slot, guards included: equal before and after a call that only reads it.
  Digest whole() const { return digest_of(bytes_, extent()); }
  // The buffer's own bytes (the first n of them, for a signature shorter than its maximum).
  Digest contents(std::size_t n) const { return digest_of(data(), n); }
  Digest contents() const { return contents(len_); }

 private:
  std::size_t extent() const { return kGuard + kMaxOffset + len_ + kGuard; }
  alignas(16) std::uint8_t bytes_[kGuard + kMaxOffset + N + kGuard];
  std::size_t offset_ = 0, len_ = 0;
  std::uint8_t salt_ = 0;
};

}  // namespace gates
