#include "sigspace/bytes.hpp"

namespace sigspace {

void to_hex(Bytes in, std::span<char> out) {
  constexpr char digits[] = "0123456789abcdef";
  for (std::size_t i = 0; i < in.size(); ++i) {
    out[2 * i] = digits[in[i] >> 4];
    out[2 * i + 1] = digits[in[i] & 15];
  }
}

namespace {
int nibble(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}
}  // namespace

long from_hex(std::span<const char> hex, MutBytes out) {
  if (hex.size() % 2 != 0 || hex.size() / 2 > out.size()) return -1;
  for (std::size_t i = 0; i < hex.size() / 2; ++i) {
    const int hi = nibble(hex[2 * i]), lo = nibble(hex[2 * i + 1]);
    if (hi < 0 || lo < 0) return -1;
    out[i] = static_cast<std::uint8_t>(hi << 4 | lo);
  }
  return static_cast<long>(hex.size() / 2);
}

}  // namespace sigspace
