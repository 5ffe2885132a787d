#include "sigspace/ct.hpp"

namespace sigspace::ct {

std::uint8_t compare(Bytes a, Bytes b) {
  if (a.size() != b.size()) return 1;  // lengths are public
  std::uint8_t acc = 0;
  for (std::size_t i = 0; i < a.size(); ++i) acc |= static_cast<std::uint8_t>(a[i] ^ b[i]);
  return acc;
}

void cmov(MutBytes dst, Bytes src, std::uint8_t mask) {
  for (std::size_t i = 0; i < dst.size() && i < src.size(); ++i)
    dst[i] = static_cast<std::uint8_t>(dst[i] ^ (mask & (dst[i] ^ src[i])));
}

// Volatile stores, so the compiler cannot drop them as dead; whole words where the buffer is
// aligned (byte stores made wiping a few percent of an ML-DSA signature on Cortex-M4).
void wipe(void* p, std::size_t n) {
  auto* b = static_cast<volatile std::uint8_t*>(p);
  std::size_t i = 0;
  for (; i < n && reinterpret_cast<std::uintptr_t>(b + i) % sizeof(std::uint32_t) != 0; ++i) b[i] = 0;
  auto* w = reinterpret_cast<volatile std::uint32_t*>(b + i);
  for (; n - i >= sizeof(std::uint32_t); i += sizeof(std::uint32_t)) *w++ = 0;
  for (; i < n; ++i) b[i] = 0;
}

}  // namespace sigspace::ct
