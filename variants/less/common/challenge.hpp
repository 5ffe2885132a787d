// SampleChallenge of LESS v2.0 (less-v2.0.md section 8). The challenge is public (derived from
// the digest), so this code may branch on it.
#pragma once
#include <cstdint>

#include "less/common/params.hpp"
#include "sigspace/ct_declassify.hpp"

namespace sigspace::less {

// c[0..t): exactly w entries in 1..s-1, the rest 0. Quirk kept: the value phase and the
// position phase share one word buffer and one chunk counter.
template <KeccakPermutation F>
void sample_challenge_stream(BasicKeccakSponge<F>& x, unsigned s, unsigned t, unsigned w, std::uint8_t* c);

template <class P>
void sample_challenge(const std::uint8_t* digest, std::uint8_t* c) {
  // The digest is public from here on: sign step 11 outputs it as the signature's first field
  // (less-v2.0.md section 5), and verify reads it from the signature (section 9, step 2). In
  // sign it is a hash of the secret commitments, so the constant-time gate sees it as secret
  // until this point; every address and branch on the challenge below depends on it.
  SIGSPACE_CT_DECLASSIFY(digest, P::digest_bytes);
  typename P::Xof x;
  x.absorb(digest, P::digest_bytes);
  x.finalize();
  sample_challenge_stream(x, P::s, P::t, P::w, c);
}

}  // namespace sigspace::less
