// The sponge that keeps its state in keccak_f1600_armv7m's own lane form between permutations
// (board builds on Armv7E-M / Armv8-M Mainline only; included by keccak.hpp there).
//
// keccak_f1600_armv7m converts all 25 lanes into bit-interleaved, frame-rotated words on entry
// and back on exit: about 1,990 of its 9,495 instructions (results/kernels/keccak-armv7m.md).
// A sponge only ever reads or absorbs the rate lanes, so this one stores the state in the
// kernel's form (keccak_lanes.hpp), runs the rounds alone (keccak_f1600_armv7m_frames) and
// converts a lane when it absorbs into it or squeezes it. The output stream is the same as
// every other sponge's; what it cannot offer is squeeze_block's in-place view of the output
// block, since the state never holds the output bytes: the memory floor reads A_hat's stream
// through squeeze_three_lanes instead, and its other sponges, which read blocks in place, keep
// the plain kernel.
#pragma once
#include <cstddef>
#include <cstdint>

#include "sigspace/bytes.hpp"
#include "sigspace/keccak_lanes.hpp"

namespace sigspace {

// FIPS 202 Algorithm 7's 24 rounds on a state already in the kernel's lane form (the same
// code as keccak_f1600_armv7m without its conversions: core/src/arch/armv7m/keccak_f1600.S).
void keccak_f1600_armv7m_frames(std::uint64_t state[25]);

template <>
class BasicKeccakSponge<&keccak_f1600_armv7m_frames> {
 public:
  // rate in bytes, a multiple of 8 (every SHA-3 and SHAKE rate is); ds = domain byte
  constexpr BasicKeccakSponge(unsigned rate, std::uint8_t ds)
      : rate_(static_cast<std::uint8_t>(rate)), ds_(ds) {}
  void reset() { wipe(); }
  void absorb(Bytes in);
  void absorb(const std::uint8_t* in, std::size_t len) { absorb(Bytes(in, len)); }
  void finalize();  // pad10*1 with the domain byte; after this only squeeze
  void squeeze(MutBytes out);
  void squeeze(std::uint8_t* out, std::size_t len) { squeeze(MutBytes(out, len)); }
  // The next output byte: a lane is converted when its first byte is read and kept in lane_.
  std::uint8_t squeeze_byte() {
    if (pos_ == rate_) {
      keccak_f1600_armv7m_frames(s_);
      pos_ = 0;
    }
    const unsigned i = pos_++;
    if (i % 8 == 0) lane_ = keccak_lanes::from_frame(s_[i / 8], i / 8);
    return static_cast<std::uint8_t>(lane_ >> (8 * (i % 8)));
  }
  // The next 24 output bytes as six little-endian words, for a reader that takes three whole
  // lanes at a time from a multiple of 24 (rej_ntt_sample_lanes; SHAKE128's block is 7 x 24):
  // the lanes are converted with constant rotations and no output buffer is needed, so a
  // low-stack point can read the output block that the state no longer holds as bytes.
  void squeeze_three_lanes(std::uint32_t out[6]);
  void wipe();  // zeroise the state and the converted lane

 private:
  std::uint64_t s_[25] = {};  // lanes in the kernel's form
  // While squeezing with pos_ inside a lane: that lane in standard form (output bytes).
  std::uint64_t lane_ = 0;
  std::uint8_t rate_;
  std::uint8_t pos_ = 0;
  std::uint8_t ds_;
};

}  // namespace sigspace
