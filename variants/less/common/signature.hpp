// Section 9 step 1 of LESS v2.0 (less-v2.0.md): the checks before any work, shared by every
// point's verify: the public key's matrices are well formed, and the signature's last byte
// counts its published seeds and fixes its length. Then the signature's fields.
#pragma once
#include <cstdint>

#include "less/common/codes.hpp"
#include "less/common/params.hpp"
#include "sigspace/bytes.hpp"
#include "sigspace/variant.hpp"

namespace sigspace::less {

struct SignatureFields {
  const std::uint8_t *digest, *salt, *resp, *seeds;
  unsigned count;  // published seeds
};

template <class P>
Status check_signature(Bytes pk, Bytes sig, SignatureFields* out) {
  for (unsigned j = 0; j + 1 < P::s; ++j)
    if (!packed_rref_valid(pk.data() + P::lambda + j * P::rref_bytes, P::k, P::n))
      return Status::invalid_input;
  if (sig.size() < P::sig_fixed_bytes) return Status::invalid_signature;
  const unsigned count = sig[sig.size() - 1];
  if (count > P::max_seeds || sig.size() != P::sig_fixed_bytes + std::size_t{count} * P::lambda)
    return Status::invalid_signature;
  out->digest = sig.data();
  out->salt = out->digest + P::digest_bytes;
  out->resp = out->salt + P::salt_bytes;
  out->seeds = out->resp + std::size_t{P::w} * P::n8;
  out->count = count;
  return Status::ok;
}

}  // namespace sigspace::less
