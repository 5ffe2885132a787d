// The LESS speed-ceiling operating point (issue 17): signing by basis exchange on the k x m
// tableau (rounds.hpp, less/common/exchange.hpp) in constant time, per-round pivot maps for
// the responses, everything on the stack. Verification shares the round kernel; key generation
// is constant-time with the ct_* kernels (keygen.hpp). Retained state is the compressed secret
// key, as the reference's.
#pragma once
#include <array>

#include "less/common/scheme.hpp"
#include "less/reference/keygen.hpp"
#include "less/speed_ceiling/keygen.hpp"
#include "less/speed_ceiling/sign.hpp"
#include "less/speed_ceiling/verify.hpp"

namespace sigspace::less {

struct SpeedCeiling {
  static constexpr const char* name = "speed-ceiling";
  static constexpr std::array techniques{
      point::Technique{speed_ceiling::kSwarLanes, "swar-lanes"},
      point::Technique{speed_ceiling::kBoundedVisits, "bounded-visits"},
      point::Technique{speed_ceiling::kLazyFold, "lazy-fold"},
      point::Technique{speed_ceiling::kRank2, "rank-2-update"},
      point::Technique{speed_ceiling::kTwoPassCf, "two-pass-cf"},
      point::Technique{speed_ceiling::kPublicVerify, "public-verify"},
      point::Technique{speed_ceiling::kLaneKernel, "lane-kernel"},
      point::Technique{speed_ceiling::kKeccakKernel, "keccak-kernel"}};
  // The price of constant time (issue 17): its ablation signs with the reference's
  // data-dependent kernels (samplers, exchange, blinding, responses); measured, never an
  // operating point. Key generation stays constant-time there: the price measured is signing's
  // (this point optimises signing and verification; its key generation is the ct_* kernels').
  static constexpr std::array contrasts{point::Technique{speed_ceiling::kConstantTime, "constant-time"}};
  static constexpr std::array traits{
      "basis-exchange",     // RREF(G0 * mu) as exchanges on V's tableau, greedy by destination
      "no-coefficients",    // column scales are drawn but not applied (the canonical form
                            // normalises them away)
      "per-round-pivot-maps",  // t * N8 bytes of pivot sets for the responses
      "sorting-networks"};  // secret permutations applied by masked comparators
  template <class P, unsigned>
  static constexpr std::size_t state_bytes = P::sk_bytes;
  template <class P, unsigned>
  static constexpr WorkspaceSizes workspace{};

  template <class P, unsigned>
  static Status keygen(const std::uint8_t* seed, std::uint8_t* pk, std::uint8_t* sk, Arena&) {
    return speed_ceiling::keygen<P>(seed, pk, sk);
  }
  template <class P, unsigned>
  static Status load_key(const Bytes& sk, std::uint8_t* state, Arena& ws) {
    return reference::load_signing_key<P>(sk, state, ws);
  }
  template <class P, unsigned T>
  static Status sign(const std::uint8_t* state, const MessageInput& msg, const std::uint8_t* salt,
                     std::uint8_t* sig, std::size_t* sig_len, Arena&) {
    return speed_ceiling::sign<P, T>(state, msg, salt, sig, sig_len);
  }
  template <class P, unsigned T>
  static Status verify(const Bytes& pk, const MessageInput& msg, const Bytes& sig, Arena&) {
    return speed_ceiling::verify<P, T>(pk, msg, sig);
  }
};

}  // namespace sigspace::less
