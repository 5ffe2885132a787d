// The sponge of keccak_frames.hpp: FIPS 202 Algorithm 8 (SPONGE) over a state kept in
// keccak_f1600_armv7m's lane form. Every conversion is a fixed bit permutation, so XOR-ing a
// converted input lane into a converted state lane is the conversion of the XOR: absorbing
// needs one conversion per lane touched, squeezing one per lane read. Constant-time: the data
// meets only XOR, shifts and fixed masks; branches and table indices depend on positions.
#include <cstring>
#include <type_traits>
#include <utility>

#include "sigspace/keccak.hpp"

#if defined(SIGSPACE_HAVE_KECCAK_F1600_ARMV7M)
namespace sigspace {
namespace {

using Sponge = BasicKeccakSponge<&keccak_f1600_armv7m_frames>;
using keccak_lanes::from_frame;
using keccak_lanes::to_frame;

void store_lane(std::uint8_t* out, std::uint64_t v) { std::memcpy(out, &v, 8); }
std::uint64_t load_lane(const std::uint8_t* in) {  // little-endian lanes, FIPS 202 Section 3.1.2
  std::uint64_t v;
  std::memcpy(&v, in, 8);
  return v;
}

std::size_t least(std::size_t a, std::size_t b) { return a < b ? a : b; }

// Lanes 0 .. lanes-1 of s out as bytes, unrolled so every lane's frame rotation is a constant
// (on Cortex-M4 about half the instructions of the lane-at-a-time path below).
template <std::size_t... L>
void lanes_out(const std::uint64_t* s, std::uint8_t* out, unsigned lanes,
               std::index_sequence<L...>) {
  (void)((L < lanes && (store_lane(out + 8 * L, from_frame(s[L], L)), true)) && ...);
}

// Input lanes into lanes first .. end-1 of s, unrolled in the same way.
template <std::size_t... L>
void lanes_in(std::uint64_t* s, const std::uint8_t* in, unsigned first, unsigned end,
              std::index_sequence<L...>) {
  (void)((L < end && (L < first || (s[L] ^= to_frame(load_lane(in + 8 * (L - first)), L), true))) &&
         ...);
}

// Lanes 3g, 3g + 1, 3g + 2 of s out as words, the branch on the public group number g picking
// the unrolled case whose rotations are constants.
template <std::size_t... G>
void three_lanes(const std::uint64_t* s, unsigned g, std::uint32_t* out, std::index_sequence<G...>) {
  const auto words = [out](unsigned i, std::uint64_t v) {  // little-endian: low word first
    out[2 * i] = static_cast<std::uint32_t>(v);
    out[2 * i + 1] = static_cast<std::uint32_t>(v >> 32);
  };
  const auto put = [s, words](auto lanes) {
    constexpr unsigned L = decltype(lanes)::value;
    words(0, from_frame(s[L], L));
    words(1, from_frame(s[L + 1], L + 1));
    words(2, from_frame(s[L + 2], L + 2));
  };
  (void)((G == g && (put(std::integral_constant<unsigned, 3 * G>{}), true)) || ...);
}

}  // namespace

void Sponge::squeeze_three_lanes(std::uint32_t out[6]) {
  if (pos_ == rate_) {
    keccak_f1600_armv7m_frames(s_);
    pos_ = 0;
  }
  three_lanes(s_, pos_ / 24u, out, std::make_index_sequence<8>{});
  pos_ = static_cast<std::uint8_t>(pos_ + 24);
}

void Sponge::wipe() {
  volatile std::uint64_t* p = s_;
  for (unsigned i = 0; i < 25; ++i) p[i] = 0;
  *static_cast<volatile std::uint64_t*>(&lane_) = 0;
  pos_ = 0;
}

// Algorithm 8, absorbing phase, streamed: each piece of input up to a lane boundary is XORed
// in converted; the permutation runs when the block is full.
void Sponge::absorb(Bytes in) {
  std::size_t i = 0;
  const std::size_t n = in.size();
  while (i < n) {
    const unsigned lane = pos_ / 8, at = pos_ % 8;
    if (at == 0 && n - i >= 8) {  // whole lanes, up to the end of the input or of the block
      const unsigned end = static_cast<unsigned>(least(rate_ / 8u, lane + (n - i) / 8));
      lanes_in(s_, &in[i], lane, end, std::make_index_sequence<25>{});
      pos_ = static_cast<std::uint8_t>(8 * end);
      i += 8 * (end - lane);
    } else {
      const std::size_t take = least(8 - at, n - i);
      std::uint64_t v = 0;
      for (std::size_t k = 0; k < take; ++k) v |= std::uint64_t{in[i + k]} << (8 * (at + k));
      s_[lane] ^= to_frame(v, lane);
      pos_ = static_cast<std::uint8_t>(pos_ + take);
      i += take;
    }
    if (pos_ == rate_) {
      keccak_f1600_armv7m_frames(s_);
      pos_ = 0;
    }
  }
}

// pad10*1 (FIPS 202 Algorithm 9) after the domain bits: the domain byte at pos_, 0x80 in the
// block's last byte (the top byte of the last rate lane, the rate being a multiple of 8).
void Sponge::finalize() {
  s_[pos_ / 8] ^= to_frame(std::uint64_t{ds_} << (8 * (pos_ % 8)), pos_ / 8);
  const unsigned last = (rate_ - 1u) / 8;
  s_[last] ^= to_frame(std::uint64_t{0x80} << 56, last);
  keccak_f1600_armv7m_frames(s_);
  pos_ = 0;
}

// Algorithm 8, squeezing phase, resumable at any byte offset (lane_ carries a lane read in
// part, for the next call or squeeze_byte).
void Sponge::squeeze(MutBytes out) {
  std::size_t i = 0;
  const std::size_t n = out.size();
  while (i < n) {
    if (pos_ == rate_) {
      keccak_f1600_armv7m_frames(s_);
      pos_ = 0;
    }
    if (pos_ == 0 && n - i >= rate_) {  // a whole block straight to the output
      lanes_out(s_, &out[i], rate_ / 8u, std::make_index_sequence<25>{});
      i += rate_;
      pos_ = rate_;
      continue;
    }
    const unsigned lane = pos_ / 8, at = pos_ % 8;
    if (at == 0) lane_ = from_frame(s_[lane], lane);
    const std::size_t take = least(8 - at, n - i);
    if (take == 8) {
      std::memcpy(&out[i], &lane_, 8);
    } else {
      for (std::size_t k = 0; k < take; ++k)
        out[i + k] = static_cast<std::uint8_t>(lane_ >> (8 * (at + k)));
    }
    pos_ = static_cast<std::uint8_t>(pos_ + take);
    i += take;
  }
}

}  // namespace sigspace
#endif
