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

void wipe(void* p, std::size_t n) {
  volatile std::uint8_t* q = static_cast<volatile std::uint8_t*>(p);
  for (std::size_t i = 0; i < n; ++i) q[i] = 0;
}

}  // namespace sigspace::ct
