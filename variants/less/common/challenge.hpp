// SampleChallenge of LESS v2.0 (less-v2.0.md section 8). The challenge is public (derived from
// the digest), so this code may branch on it.
#pragma once
#include <cstdint>

#include "less/common/params.hpp"

namespace sigspace::less {

// c[0..t): exactly w entries in 1..s-1, the rest 0. Quirk kept: the value phase and the
// position phase share one word buffer and one chunk counter.
void sample_challenge_stream(KeccakSponge& x, unsigned s, unsigned t, unsigned w, std::uint8_t* c);

template <class P>
void sample_challenge(const std::uint8_t* digest, std::uint8_t* c) {
  typename P::Xof x;
  x.absorb(digest, P::digest_bytes);
  x.finalize();
  sample_challenge_stream(x, P::s, P::t, P::w, c);
}

}  // namespace sigspace::less
