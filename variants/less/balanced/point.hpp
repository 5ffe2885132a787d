// The LESS balanced operating point (issue 17): the speed ceiling's constant-time basis
// exchange (its four engine techniques always on) in one buffer of two k x m blocks: V
// expanded again each round into the tableau, the block stored, blinded and put in canonical
// form in place, round seeds read from the seed tree. Verification the same way.
#pragma once
#include <array>

#include "less/balanced/sign.hpp"
#include "less/balanced/verify.hpp"
#include "less/speed_ceiling/point.hpp"

namespace sigspace::less {

// Key generation, key loading, retained state and workspace are the speed ceiling's, and so is
// its contrast (constant-time: signing with the reference's data-dependent kernels), which
// balanced::sign implements for this point's rounds.
struct Balanced : SpeedCeiling {
  static constexpr const char* name = "balanced";
  static constexpr std::array techniques{point::Technique{balanced::kInPlaceCf, "in-place-cf"},
                                         point::Technique{balanced::kStreamedV, "streamed-v"},
                                         point::Technique{balanced::kSeedsOnDemand, "seeds-on-demand"},
                                         point::Technique{balanced::kMapsInSignature, "maps-in-signature"},
                                         point::Technique{balanced::kPublicVerify, "public-verify"},
                                         point::Technique{balanced::kLaneKernel, "lane-kernel"},
                                         point::Technique{balanced::kKeccakKernel, "keccak-kernel"}};
  // Kept in the code, off in the point (negative results: the ladder shows where and by how
  // much they lose).
  static constexpr std::array candidates{point::Technique{balanced::kBlockTranspose, "block-transpose"}};
  static constexpr std::array traits{
      "basis-exchange",        // the speed ceiling's engine, with swar-lanes, bounded-visits,
                               // lazy-fold and rank-2-update
      "one-buffer-rounds",     // load, exchange, store, blinding and canonical form in the tableau
      "per-round-pivot-maps",  // t * N8 bytes of pivot sets for the responses
      "sorting-networks"};     // secret permutations applied by masked comparators
  template <class P, unsigned T>
  static Status sign(const std::uint8_t* state, const MessageInput& msg, const std::uint8_t* salt,
                     std::uint8_t* sig, std::size_t* sig_len, Arena&) {
    return balanced::sign<P, T>(state, msg, salt, sig, sig_len);
  }
  template <class P, unsigned T>
  static Status verify(const Bytes& pk, const MessageInput& msg, const Bytes& sig, Arena&) {
    return balanced::verify<P, T>(pk, msg, sig);
  }
};

}  // namespace sigspace::less
