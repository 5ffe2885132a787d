// The decisions of ML-DSA's secret-key operations that the constant-time gate treats as
// public, each declassified here (sigspace/ct_declassify.hpp); the arguments D4-D6 are in
// tests/ct/README.md. In a product build each is exactly `x != 0`.
#pragma once
#include <cstdint>

#include "sigspace/ct_declassify.hpp"

namespace sigspace::mldsa {

// Algorithm 7, lines 23 and 28: restart the loop. Only the fact of a restart is public (D4).
inline bool restart_decision(std::uint32_t reject) {
  SIGSPACE_CT_DECLASSIFY(&reject, sizeof reject);
  return reject != 0;
}

// Early reject: a norm check of line 23 (z or r0) has failed at this polynomial, so the
// attempt stops before the others are computed (D5: the failure pattern of these checks is
// independent of the secret key).
inline bool failed_norm_check(std::uint32_t reject) {
  SIGSPACE_CT_DECLASSIFY(&reject, sizeof reject);
  return reject != 0;
}

// load_signing_key's verdict on an encoded key (Algorithm 25's range check): returned to the
// caller as the status (D6).
inline bool key_malformed(std::uint32_t bad) {
  SIGSPACE_CT_DECLASSIFY(&bad, sizeof bad);
  return bad != 0;
}

}  // namespace sigspace::mldsa
