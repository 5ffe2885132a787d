// Section 9 step 1 of LESS v2.0 (less-v2.0.md): the checks before any work, shared by every
// point's verify: the public key's matrices are well formed, and the signature's last byte
// counts its published seeds and fixes its length. Then the signature's fields, and step 2.
#pragma once
#include <cstdint>

#include <cstring>

#include "less/common/challenge.hpp"
#include "less/common/codes.hpp"
#include "less/common/params.hpp"
#include "less/common/seedtree.hpp"
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

// Steps 1-2: the checks above, then the challenge (t bytes) from the digest and the seed tree's
// nodes (tree_nodes * lambda bytes) rebuilt from the published seeds.
template <class P>
Status open_signature(Bytes pk, Bytes sig, SignatureFields* fields, std::uint8_t* chall, std::uint8_t* nodes) {
  if (const Status st = check_signature<P>(pk, sig, fields); st != Status::ok) return st;
  std::uint8_t labels[P::tree_nodes];
  std::memset(nodes, 0, std::size_t{P::tree_nodes} * P::lambda);
  sample_challenge<P>(fields->digest, chall);
  seedtree_label(P::tree(), chall, labels);
  const bool rebuilt = seedtree_rebuild<P>(nodes, labels, fields->seeds, fields->count, fields->salt);
  return rebuilt ? Status::ok : Status::invalid_signature;
}

}  // namespace sigspace::less
