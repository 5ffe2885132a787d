// The per-round code block of the LESS memory floor (less-v2.0.md sections 5 and 9; issue 18):
// the speed ceiling's constant-time basis exchange (speed_ceiling/rounds.hpp) on a byte-lane
// tableau that is the round's only k x m matrix (byte_exchange.hpp). V is expanded into it from
// G0_seed each round, exchanged, stored, blinded and put in canonical form there; every other
// buffer is O(n) and lives in the frame of the step that needs it.
#pragma once
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "less/common/canonical.hpp"
#include "less/common/canonical_in_place.hpp"
#include "less/common/codes.hpp"
#include "less/common/ct_blind.hpp"
#include "less/common/exchange.hpp"
#include "less/common/expand.hpp"
#include "less/memory_floor/byte_exchange.hpp"
#include "less/speed_ceiling/rounds.hpp"
#include "sigspace/arena.hpp"
#include "sigspace/ct.hpp"
#include "sigspace/ct_declassify.hpp"

namespace sigspace::less::memory_floor {

// Technique flags (point.hpp names them).
inline constexpr unsigned kDoublePass = 1u << 0;    // challenged rounds exchanged again for
                                                    // their pivot sets, not t * N8 bytes kept
inline constexpr unsigned kSeedsOnDemand = 1u << 1; // leaf and published seeds derived from the
                                                    // root or a published seed, no node array
inline constexpr unsigned kStreamedV = 1u << 2;     // V expanded from G0_seed each round
inline constexpr unsigned kInPlaceCf = 1u << 3;     // the canonical form in the tableau
inline constexpr unsigned kStateInSig = 1u << 4;    // the commitment hash's state (pass 1)
                                                    // and the challenge (pass 2) in the parts
                                                    // of the signature buffer not yet written
inline constexpr unsigned kCompactKeccak = 1u << 5; // XOFs on keccak_f1600_compact

// The parameter set the point runs on: with compact-keccak every XOF (not the commitment hash,
// which absorbs from the signer's outermost frame) runs on keccak_f1600_compact, whose frame is
// 128 bytes on Cortex-M4 against keccak_f1600's 520 (keccak.hpp; ML-DSA's balanced point has
// the same technique), and a sponge sits under the deepest frames here.
template <class P>
struct CompactXof : P {
  using Xof = std::conditional_t<P::category == 1, CompactShake128, CompactShake256>;
};
template <class P, unsigned T>
using RunOn = std::conditional_t<(T & kCompactKeccak) != 0, CompactXof<P>, P>;

// The one k x m matrix, from the caller's workspace (its published size); nullptr, and the
// workspace wiped, when it is too small.
template <class P>
std::uint8_t* take_matrix(Arena& ws) {
  auto* a = static_cast<std::uint8_t*>(ws.allocate(std::size_t{P::k} * P::m, 4));
  if (a == nullptr) ws.wipe();
  return a;
}

// The exchange's O(n) buffers: the round monomial's permutation is the destinations (rows
// first, then columns, as speed_ceiling::g0_destinations lays them out).
template <class P>
struct ExchangeScratch {
  static constexpr unsigned k = P::k, m = P::m;
  std::uint16_t dest[P::n];
  std::uint8_t onehot[k];
  std::uint32_t utilde[2 * byte_exchange::quads(k)];
  byte_exchange::Tableau tableau(std::uint8_t* cols) { return {k, m, cols, dest, dest + k, onehot, utilde}; }
};

// The speed ceiling's visit policy (bounded-visits): E visits, the rest only when the pivots
// are not complete by then (probability below 2^-64; D9).
template <class P>
void visit_bounded(byte_exchange::Tableau& t) {
  constexpr unsigned e = exchange::bounded_visits(P::k);
  byte_exchange::run(t, 0, e);
  std::uint32_t complete = byte_exchange::complete_after(t, e);
  SIGSPACE_CT_DECLASSIFY(&complete, sizeof complete);
  if (complete == 0) byte_exchange::run(t, e, P::m);
}

// Runs the exchange on the columns in a (destinations set) and stores the block there; the
// pivot set by destination (n8 bytes) into pivots when not null.
template <class P>
void exchange_and_store(ExchangeScratch<P>& s, std::uint8_t* a, std::uint8_t* pivots) {
  byte_exchange::Tableau t = s.tableau(a);
  byte_exchange::load(t);
  visit_bounded<P>(t);
  if (pivots != nullptr) byte_exchange::pivot_map(t, P::n, pivots);
  byte_exchange::store_in_place(t);
}

// Section 5 step 6 (and section 9 step 4 for an unchallenged round): round i's monomial from
// its seed (its coefficients drawn into a, which V then overwrites: the canonical form does
// not see column scales), V's columns in a (expanded again, or copied from v_kept), the block;
// the pivot set by destination into pivots when not null.
// Section 2.2 for round i, in its own frame (its sponge is not on the stack with the
// exchange's buffers). Verification's rounds are public and sample directly (Secret = false).
template <class P, bool Secret>
[[gnu::noinline]] void sample_round(const std::uint8_t* round_seed, const std::uint8_t* salt, unsigned i,
                                    std::uint8_t* coef, std::uint16_t* perm) {
  round_monomial<P, Secret>(round_seed, salt, i, coef, perm);
}

template <class P, bool Secret = true>
[[gnu::noinline]] void g0_round(std::uint8_t* a, const std::uint8_t* g0_seed, const std::uint8_t* v_kept,
                                const std::uint8_t* round_seed, const std::uint8_t* salt, unsigned i,
                                std::uint8_t* pivots) {
  constexpr unsigned k = P::k, m = P::m;
  ExchangeScratch<P> s;
  sample_round<P, Secret>(round_seed, salt, i, a, s.dest);
  if (v_kept != nullptr) {
    std::memcpy(a, v_kept, std::size_t{k} * m);
  } else {
    expand_g0<P>(g0_seed, a);
    transpose_square(a, k);
  }
  exchange_and_store<P>(s, a, pivots);
  ct::wipe(&s, sizeof s);
}

// Section 6.5 in place, and the canonical form's input declassified (D10). The blinding
// monomials are drawn from XOF(cf_seed || u16le(round) || attempt) instead of one stream over
// all rounds: the canonical form does not depend on them, and the memory floor keeps no XOF
// state between rounds (blinding-per-round).
template <class P>
[[gnu::noinline]] void blind(std::uint8_t* a, const std::uint8_t* cf_seed, unsigned round, unsigned attempt) {
  std::uint8_t coef[P::m];
  std::uint16_t perm[P::m], keys[P::m];
  const std::uint8_t tag[3] = {static_cast<std::uint8_t>(round), static_cast<std::uint8_t>(round >> 8),
                               static_cast<std::uint8_t>(attempt)};
  typename P::Xof x;
  x.absorb(cf_seed, P::lambda);
  x.absorb(tag, sizeof tag);
  x.finalize();
  ct_blind(a, P::k, P::m, x, nullptr, coef, perm, keys);
  x.wipe();
  SIGSPACE_CT_DECLASSIFY(a, std::size_t{P::k} * P::m);
}

// Section 6 on the block in a: in place, or (the in-place-cf ablation) with a candidate matrix.
template <class P, unsigned T>
[[gnu::noinline]] bool canonical_form(std::uint8_t* a) {
  if constexpr ((T & kInPlaceCf) != 0) {
    return canonical_form_in_place<P::k, P::m, false>(a);  // no row keys: 8k bytes less
  } else {
    std::uint8_t cand[std::size_t{P::k} * P::m];
    const bool ok = less::canonical_form<P::k, P::m, true>(a, cand);
    ct::wipe(cand, sizeof cand);
    return ok;
  }
}

}  // namespace sigspace::less::memory_floor
