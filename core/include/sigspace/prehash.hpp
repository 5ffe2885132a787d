// The pre-hash functions of HashML-DSA (FIPS 204 Section 5.4), one row each: the one table that
// the signer (M' of Algorithms 4 and 5), the command line and the vector tests read.
#pragma once
#include <cstddef>
#include <cstdint>

#include "sigspace/bytes.hpp"
#include "sigspace/sha2.hpp"
#include "sigspace/variant.hpp"

namespace sigspace {

struct PreHashSpec {
  PreHash id;
  const char* name;           // as FIPS 204 and ACVP spell it: "SHA2-512/256", "SHAKE-128"
  std::uint8_t oid_arc;       // n of its OID 2.16.840.1.101.3.4.2.n (NIST hash algorithms)
  std::uint8_t digest_bytes;  // |PH(M)|; for SHAKE the output length FIPS 204 fixes
  std::uint8_t keccak_rate;   // SHA-3 and SHAKE: the sponge's rate in bytes; 0 for SHA-2
  std::uint8_t keccak_ds;     // SHA-3 and SHAKE: the domain byte (0x06 SHA-3, 0x1F SHAKE)
  void (*sha2)(Bytes, std::uint8_t*);  // SHA-2: the digest function; nullptr for Keccak
};

inline constexpr PreHashSpec kPreHashes[] = {
    {PreHash::sha2_224, "SHA2-224", 0x04, 28, 0, 0, &sha224},
    {PreHash::sha2_256, "SHA2-256", 0x01, 32, 0, 0, &sha256},
    {PreHash::sha2_384, "SHA2-384", 0x02, 48, 0, 0, &sha384},
    {PreHash::sha2_512, "SHA2-512", 0x03, 64, 0, 0, &sha512},
    {PreHash::sha2_512_224, "SHA2-512/224", 0x05, 28, 0, 0, &sha512_224},
    {PreHash::sha2_512_256, "SHA2-512/256", 0x06, 32, 0, 0, &sha512_256},
    {PreHash::sha3_224, "SHA3-224", 0x07, 28, 144, 0x06, nullptr},
    {PreHash::sha3_256, "SHA3-256", 0x08, 32, 136, 0x06, nullptr},
    {PreHash::sha3_384, "SHA3-384", 0x09, 48, 104, 0x06, nullptr},
    {PreHash::sha3_512, "SHA3-512", 0x0A, 64, 72, 0x06, nullptr},
    {PreHash::shake128, "SHAKE-128", 0x0B, 32, 168, 0x1F, nullptr},  // 256-bit output
    {PreHash::shake256, "SHAKE-256", 0x0C, 64, 136, 0x1F, nullptr},  // 512-bit output
};
inline constexpr std::size_t kMaxPreHashBytes = 64;

// The DER encoding of a pre-hash's OID: tag, length, the arc 2.16.840.1.101.3.4.2, then oid_arc.
inline constexpr std::uint8_t kPreHashOidPrefix[10] = {0x06, 0x09, 0x60, 0x86, 0x48,
                                                      0x01, 0x65, 0x03, 0x04, 0x02};
inline constexpr std::size_t kPreHashOidBytes = sizeof kPreHashOidPrefix + 1;

// The rows are in PreHash order: row i is PreHash value i + 1.
constexpr bool rows_in_enum_order() {
  for (std::size_t i = 0; i < sizeof kPreHashes / sizeof kPreHashes[0]; ++i)
    if (static_cast<std::size_t>(kPreHashes[i].id) != i + 1) return false;
  return true;
}
static_assert(rows_in_enum_order());

// The row of ph; nullptr for PreHash::none (or a value outside the enum).
constexpr const PreHashSpec* find_prehash(PreHash ph) {
  const auto i = static_cast<std::size_t>(ph);
  return i == 0 || i > sizeof kPreHashes / sizeof kPreHashes[0] ? nullptr : &kPreHashes[i - 1];
}

// The row named name exactly; nullptr when none is.
constexpr const PreHashSpec* find_prehash(const char* name) {
  for (const auto& p : kPreHashes) {
    std::size_t i = 0;
    while (p.name[i] != '\0' && p.name[i] == name[i]) ++i;
    if (p.name[i] == name[i]) return &p;
  }
  return nullptr;
}

static_assert(sizeof kPreHashes / sizeof kPreHashes[0] == static_cast<std::size_t>(PreHash::shake256),
              "one row per PreHash except none");

}  // namespace sigspace
