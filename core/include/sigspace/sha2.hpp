// SHA-2 (FIPS 180-4): SHA-224, SHA-256, SHA-384, SHA-512, SHA-512/224, SHA-512/256.
// Incremental: init via constructor, update any number of times, final once.
#pragma once
#include <cstddef>
#include <cstdint>

#include "sigspace/bytes.hpp"

namespace sigspace {

class Sha256Core {  // SHA-224 and SHA-256 (FIPS 180-4 Section 6.2)
 public:
  explicit Sha256Core(bool is224);
  void update(Bytes in);
  void final(std::uint8_t* out);  // 28 or 32 bytes
  std::size_t digest_size() const { return is224_ ? 28 : 32; }
 private:
  std::uint32_t h_[8];
  std::uint8_t buf_[64];
  std::uint64_t total_ = 0;
  unsigned fill_ = 0;
  bool is224_;
};

enum class Sha512Kind : std::uint8_t { sha384, sha512, sha512_224, sha512_256 };
class Sha512Core {  // SHA-384, SHA-512, SHA-512/t (FIPS 180-4 Sections 6.4-6.7)
 public:
  explicit Sha512Core(Sha512Kind kind);
  void update(Bytes in);
  void final(std::uint8_t* out);  // 48, 64, 28 or 32 bytes
  std::size_t digest_size() const;
 private:
  std::uint64_t h_[8];
  std::uint8_t buf_[128];
  std::uint64_t total_ = 0;  // messages below 2^61 bytes
  unsigned fill_ = 0;
  Sha512Kind kind_;
};

void sha224(Bytes in, std::uint8_t out[28]);
void sha256(Bytes in, std::uint8_t out[32]);
void sha384(Bytes in, std::uint8_t out[48]);
void sha512(Bytes in, std::uint8_t out[64]);
void sha512_224(Bytes in, std::uint8_t out[28]);
void sha512_256(Bytes in, std::uint8_t out[32]);

}  // namespace sigspace
