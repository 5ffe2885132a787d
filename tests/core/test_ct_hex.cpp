// Constant-time helpers (compare, cmov, masks, wipe) and hex encoding/decoding.
#include <cstdint>
#include <cstring>

#include "minitest.hpp"
#include "sigspace/bytes.hpp"
#include "sigspace/ct.hpp"

namespace {

using sigspace::Bytes;
using sigspace::MutBytes;
namespace ct = sigspace::ct;

void compare() {
  const std::uint8_t a[4] = {1, 2, 3, 4}, b[4] = {1, 2, 3, 4}, c[4] = {1, 2, 3, 5},
                     d[4] = {0x81, 2, 3, 4};
  MT_CHECK(ct::compare(a, b) == 0);
  MT_CHECK(ct::compare(a, c) != 0);  // last byte
  MT_CHECK(ct::compare(a, d) != 0);  // first byte, high bit
  MT_CHECK(ct::compare(Bytes(a, 3), Bytes(a, 4)) != 0);
  MT_CHECK(ct::compare(Bytes(), Bytes()) == 0);
}

void cmov() {
  std::uint8_t dst[3] = {1, 2, 3};
  const std::uint8_t src[3] = {9, 8, 7};
  ct::cmov(dst, src, 0x00);
  MT_CHECK(dst[0] == 1 && dst[1] == 2 && dst[2] == 3);
  ct::cmov(dst, src, 0xFF);
  MT_CHECK(dst[0] == 9 && dst[1] == 8 && dst[2] == 7);
  std::uint8_t shorter[2] = {0, 0};
  ct::cmov(shorter, src, 0xFF);  // copies only what fits
  MT_CHECK(shorter[0] == 9 && shorter[1] == 8);
}

void masks() {
  constexpr std::uint32_t ones = 0xFFFFFFFFu;
  MT_CHECK(ct::nonzero_mask(0) == 0);
  MT_CHECK(ct::nonzero_mask(1) == ones);
  MT_CHECK(ct::nonzero_mask(0x80000000u) == ones);
  MT_CHECK(ct::nonzero_mask(ones) == ones);
  MT_CHECK(ct::eq_mask(7, 7) == ones);
  MT_CHECK(ct::eq_mask(7, 8) == 0);
  MT_CHECK(ct::eq_mask(0, 0x80000000u) == 0);
  MT_CHECK(ct::lt_mask(0, 1) == ones);
  MT_CHECK(ct::lt_mask(1, 0) == 0);
  MT_CHECK(ct::lt_mask(5, 5) == 0);
  MT_CHECK(ct::lt_mask(0x7FFFFFFFu, 0x80000000u) == ones);  // unsigned, not signed, order
  MT_CHECK(ct::lt_mask(0x80000000u, 0x7FFFFFFFu) == 0);
  MT_CHECK(ct::lt_mask(0, ones) == ones);
  MT_CHECK(ct::lt_mask(ones, 0) == 0);
  MT_CHECK(ct::select(ones, 11, 22) == 11);
  MT_CHECK(ct::select(0, 11, 22) == 22);
}

void wipe() {
  std::uint8_t buf[17];
  std::memset(buf, 0xEE, sizeof buf);
  ct::wipe(buf + 1, 15);
  MT_CHECK(buf[0] == 0xEE && buf[16] == 0xEE);
  for (int i = 1; i < 16; ++i) MT_CHECK(buf[i] == 0);
}

void hex_known() {
  const std::uint8_t in[4] = {0x00, 0xFF, 0x10, 0xAB};
  char text[8];
  sigspace::to_hex(in, text);
  MT_CHECK(std::memcmp(text, "00ff10ab", 8) == 0);
  std::uint8_t out[4] = {};
  MT_CHECK(sigspace::from_hex(std::span<const char>("00FF10aB", 8), out) == 4);
  MT_CHECK(std::memcmp(in, out, 4) == 0);
  MT_CHECK(sigspace::from_hex(std::span<const char>(), out) == 0);
}

void hex_round_trip() {
  std::uint8_t all[256], back[256];
  for (unsigned i = 0; i < 256; ++i) all[i] = static_cast<std::uint8_t>(i);
  char text[512];
  sigspace::to_hex(all, text);
  MT_CHECK(sigspace::from_hex(text, back) == 256);
  MT_CHECK(std::memcmp(all, back, sizeof all) == 0);
}

void hex_rejects() {
  std::uint8_t out[4];
  MT_CHECK(sigspace::from_hex(std::span<const char>("abc", 3), out) == -1);  // odd length
  // Characters just outside each accepted range, and common separators.
  const char bad[] = {'/', ':', '@', 'G', '`', 'g', ' ', '\0', '-', 'x'};
  for (char c : bad) {
    char text[4] = {'a', '0', '0', c};
    MT_CHECK(sigspace::from_hex(std::span<const char>(text, 4), out) == -1);
    text[3] = '0';
    text[0] = c;
    MT_CHECK(sigspace::from_hex(std::span<const char>(text, 4), out) == -1);
  }
  // Does not fit in out: refused rather than truncated.
  MT_CHECK(sigspace::from_hex(std::span<const char>("0011223344", 10), out) == -1);
  MT_CHECK(sigspace::from_hex(std::span<const char>("00112233", 8), MutBytes(out, 3)) == -1);
}

}  // namespace

int main() {
  const minitest::Case cases[] = {
      {"compare", compare},       {"cmov", cmov},           {"masks", masks},
      {"wipe", wipe},             {"hex_known", hex_known}, {"hex_round_trip", hex_round_trip},
      {"hex_rejects", hex_rejects},
  };
  return minitest::run("core_ct_hex", cases, sizeof cases / sizeof cases[0]);
}
