// The lane form keccak_f1600_armv7m computes in (core/src/arch/armv7m/keccak_f1600.S), in
// portable C++: a 64-bit lane v becomes the 32-bit words e (its even bits: bit j of e = bit 2j
// of v) and o (its odd bits), each then rotated left by the lane's "pending frame" (the fixed
// rotations the kernel's round pair leaves every word in). A sponge that keeps its state in
// this form between permutations (keccak_frames.hpp) converts only the lanes it reads or
// absorbs, instead of all 25 lanes both ways at every permutation.
//
// Stored as one uint64_t per lane: e in the low word, o in the high word (the kernel's ldrd
// order). Branch-free and table-indexed only by the lane number, which is public.
#pragma once
#include <cstdint>

namespace sigspace::keccak_lanes {

// The pending frame of lane x + 5y, (even word, odd word) rotations to the left: the kernel's
// PENDING list (keccak_f1600.S) by lane; the lanes it does not list have none.
inline constexpr std::uint8_t kFrame[25][2] = {
    {0, 0},   {19, 5},  {28, 30}, {0, 0},   {19, 24}, {20, 22}, {13, 12}, {17, 18}, {20, 22},
    {18, 31}, {21, 2},  {25, 17}, {15, 16}, {30, 0},  {25, 17}, {3, 23},  {0, 0},   {1, 23},
    {14, 13}, {0, 0},   {27, 18}, {22, 0},  {1, 27},  {27, 18}, {22, 24}};

[[gnu::always_inline]] constexpr std::uint32_t rotl32(std::uint32_t x, unsigned n) {
  return (x << (n & 31)) | (x >> ((32 - n) & 31));
}

// Swap the bits of x selected by m with those s places above them.
[[gnu::always_inline]] constexpr std::uint32_t delta_swap(std::uint32_t x, unsigned s,
                                                         std::uint32_t m) {
  const std::uint32_t t = (x ^ (x >> s)) & m;
  return x ^ t ^ (t << s);
}

// Even bits of x to its low half, odd bits to its high half; unzip's inverse.
[[gnu::always_inline]] constexpr std::uint32_t unzip(std::uint32_t x) {
  x = delta_swap(x, 1, 0x22222222u);
  x = delta_swap(x, 2, 0x0C0C0C0Cu);
  x = delta_swap(x, 4, 0x00F000F0u);
  return delta_swap(x, 8, 0x0000FF00u);
}
[[gnu::always_inline]] constexpr std::uint32_t zip(std::uint32_t x) {
  x = delta_swap(x, 8, 0x0000FF00u);
  x = delta_swap(x, 4, 0x00F000F0u);
  x = delta_swap(x, 2, 0x0C0C0C0Cu);
  return delta_swap(x, 1, 0x22222222u);
}

// Standard lane v of lane number `lane` into the kernel's form, and back. Always inlined, so
// that an unrolled caller's lane numbers make the rotations constants.
[[gnu::always_inline]] constexpr std::uint64_t to_frame(std::uint64_t v, unsigned lane) {
  const std::uint32_t lo = unzip(static_cast<std::uint32_t>(v));
  const std::uint32_t hi = unzip(static_cast<std::uint32_t>(v >> 32));
  const std::uint32_t e = (lo & 0xFFFFu) | (hi << 16), o = (lo >> 16) | (hi & 0xFFFF0000u);
  return rotl32(e, kFrame[lane][0]) | std::uint64_t{rotl32(o, kFrame[lane][1])} << 32;
}
[[gnu::always_inline]] constexpr std::uint64_t from_frame(std::uint64_t f, unsigned lane) {
  const std::uint32_t e = rotl32(static_cast<std::uint32_t>(f), 32 - kFrame[lane][0]);
  const std::uint32_t o = rotl32(static_cast<std::uint32_t>(f >> 32), 32 - kFrame[lane][1]);
  const std::uint32_t lo = zip((e & 0xFFFFu) | (o << 16));
  const std::uint32_t hi = zip((e >> 16) | (o & 0xFFFF0000u));
  return lo | std::uint64_t{hi} << 32;
}

static_assert(to_frame(1, 0) == 1 && to_frame(2, 0) == std::uint64_t{1} << 32);
static_assert(from_frame(to_frame(0x0123456789ABCDEFULL, 9), 9) == 0x0123456789ABCDEFULL);

}  // namespace sigspace::keccak_lanes
