// The AES-256 CTR_DRBG of the NIST PQC KAT generators (rng.c: randombytes_init / randombytes),
// without derivation function and without prediction resistance. It only makes test inputs,
// so a portable table-based AES-256 is acceptable here (not for secrets).
#pragma once
#include <cstddef>
#include <cstdint>

#include "sigspace/bytes.hpp"

namespace sigspace {

class NistKatDrbg {
 public:
  // randombytes_init(entropy_input[48], personalization_string = NULL, security_strength = 256)
  explicit NistKatDrbg(const std::uint8_t entropy_input[48]);
  // randombytes(x, xlen)
  void generate(MutBytes out);

 private:
  void update(const std::uint8_t* provided_data);  // CTR_DRBG_Update, 48 bytes or nullptr
  std::uint8_t key_[32];
  std::uint8_t v_[16];
};

// AES-256 single-block encryption (FIPS 197), used by the DRBG.
void aes256_encrypt_block(const std::uint8_t key[32], const std::uint8_t in[16], std::uint8_t out[16]);

}  // namespace sigspace
