// The end of LESS v2.0's commitment hash (less-v2.0.md section 5 step 7, section 9 step 5):
// after the t canonical forms, the message and the salt, then the 2-lambda-byte digest.
#pragma once
#include <cstdint>

#include "less/common/params.hpp"
#include "sigspace/bytes.hpp"
#include "sigspace/ct.hpp"
#include "sigspace/variant.hpp"

namespace sigspace::less {

template <class P, class Hash>
void finish_digest(Hash& h, Bytes message, const std::uint8_t* salt, std::uint8_t* digest) {
  h.absorb(message);
  h.absorb(salt, P::salt_bytes);
  h.finalize();
  h.squeeze(digest, P::digest_bytes);
}

// Section 9 step 5: the digest recomputed against the signature's.
template <class P, class Hash>
Status check_digest(Hash& h, Bytes message, const std::uint8_t* salt, const std::uint8_t* digest) {
  std::uint8_t expect[P::digest_bytes];
  finish_digest<P>(h, message, salt, expect);
  const bool equal = ct::compare(Bytes(expect, P::digest_bytes), Bytes(digest, P::digest_bytes)) == 0;
  return equal ? Status::ok : Status::invalid_signature;
}

}  // namespace sigspace::less
