// The host's randomness sources by name, and the default policy (ARCHITECTURE.md, Randomness).
// Host only: the OS and libgcrypt sources never link into core, variants or firmware.
#pragma once
#include <string>
#include <vector>

#include "sigspace/random.hpp"

namespace sigspace::host {

// os, gcrypt-strong, gcrypt-very-strong, shake-drbg: what --seed-source, --nonce-source and a
// campaign's nonce_sources accept.
const std::vector<std::string>& random_source_names();
// The named source; InputError listing the names when unknown. "shake-drbg" is a per-thread
// DRBG seeded (and reseeded) from "os".
RandomSource random_source(const std::string& name);

inline constexpr const char* kDefaultSeedSource = "gcrypt-very-strong";
inline constexpr const char* kDefaultNonceSource = "shake-drbg";
// Empty names take the defaults: key seeds from the strongest source, nonces from a fast one.
RandomPolicy make_policy(const std::string& seed_source, const std::string& nonce_source);

std::string gcrypt_version();  // of the library actually loaded, for manifests and notes

}  // namespace sigspace::host
