// Byte spans and hex, shared by every layer. Freestanding: no heap, no exceptions.
#pragma once
#include <cstddef>
#include <cstdint>
#include <span>

namespace sigspace {

using Bytes = std::span<const std::uint8_t>;
using MutBytes = std::span<std::uint8_t>;

// Writes 2*in.size() lowercase hex characters to out (no terminator). out.size() must be >= that.
void to_hex(Bytes in, std::span<char> out);

// Decodes hex (either case) into out. Returns the number of bytes written, or -1 when the text
// has odd length, a non-hex character, or does not fit in out (out is then unspecified).
long from_hex(std::span<const char> hex, MutBytes out);

inline void store_le32(std::uint8_t* p, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) p[i] = static_cast<std::uint8_t>(v >> (8 * i));
}
inline void store_le64(std::uint8_t* p, std::uint64_t v) {
  for (int i = 0; i < 8; ++i) p[i] = static_cast<std::uint8_t>(v >> (8 * i));
}
inline std::uint64_t load_le64(const std::uint8_t* p) {
  std::uint64_t v = 0;
  for (int i = 7; i >= 0; --i) v = (v << 8) | p[i];
  return v;
}
inline std::uint32_t load_le32(const std::uint8_t* p) {
  return static_cast<std::uint32_t>(p[0]) | static_cast<std::uint32_t>(p[1]) << 8 |
         static_cast<std::uint32_t>(p[2]) << 16 | static_cast<std::uint32_t>(p[3]) << 24;
}

}  // namespace sigspace
