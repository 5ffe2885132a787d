// LESS v2.0 signing at the balanced point (less-v2.0.md section 5; issue 17), constant-time as
// the speed ceiling (speed_ceiling/sign.hpp, whose kernels and declassifications D7-D10 it
// shares): the same exchange per round, but everything a round needs lives in its tableau
// (rounds.hpp), the round seeds are read from the seed tree in place, and the canonical form
// runs in place. Per-round state is the pivot maps (t * N8 bytes).
#pragma once
#include <cstring>

#include "less/balanced/rounds.hpp"
#include "less/common/challenge.hpp"
#include "less/common/ct_blind.hpp"
#include "less/common/digest.hpp"
#include "less/common/seedtree.hpp"
#include "less/speed_ceiling/sign.hpp"
#include "sigspace/variant.hpp"

namespace sigspace::less::balanced {

template <class P, unsigned T>
struct SignFrame : speed_ceiling::SignState<P> {
  Work<P, T> w;
  std::uint8_t round_seed[P::lambda];  // one round's, copied from the tree (retries change it)
};

template <class P, unsigned T>
Status sign(const std::uint8_t* state, const MessageInput& msg, const std::uint8_t* salt,
            std::uint8_t* sig, std::size_t* sig_len) {
  constexpr unsigned k = P::k, m = P::m, t = P::t, lambda = P::lambda;
  // Off only in the price-of-constant-time contrast: the reference's data-dependent kernels.
  constexpr bool ct = (T & speed_ceiling::kConstantTime) != 0, kernel = (T & kLaneKernel) != 0;
  SignFrame<P, T> f;
  ExpandedKey<P> key(state);
  typename P::Xof blinding;
  speed_ceiling::sign_seeds<P>(key, salt, f.nodes, f.cf_seed, blinding);  // steps 3-4
  f.w.keep_v(key.g0_seed);  // step 5 (streamed-v: again in every round)

  speed_ceiling::BlockHash<P, T> h;
  for (unsigned i = 0; i < t; ++i) {  // step 6
    std::memcpy(f.round_seed, f.nodes + std::size_t{seedtree_leaf(P::tree(), i)} * lambda, lambda);
    for (;;) {
      speed_ceiling::ct_round_monomial<P, ct, kernel>(f.round_seed, salt, i, f.coef, f.perm);
      g0_round<P, T, !ct>(f.w, key.g0_seed, f.perm);
      exchange::Tableau tab = f.w.tableau();
      speed_ceiling::pivot_map<P>(tab, f.flags, f.pivot_maps[i]);
      std::uint8_t* a = f.w.bytes();  // the round's block
      if constexpr (ct) {  // the block's columns, blinded in place (one transpose, not three)
        exchange::store_columns(tab);
        ct_blind_columns(a, a, k, m, blinding, f.coef, f.perm, f.keys, kernel);
      } else {  // the second block is free once the round's block is stored in the first
        exchange::store_in_place(tab);
        blind(a, k, m, blinding, a + std::size_t{k} * m, f.coef, f.perm, f.coef + m, f.keys);
      }
      // The canonical form's input is blinded by a fresh secret monomial pair (section 6.5; D10).
      SIGSPACE_CT_DECLASSIFY(a, std::size_t{k} * m);
      if (f.w.canonical_form()) break;
      // Negligible: retry with the round seed's first byte + 1 (the verifier is not told).
      f.round_seed[0] = static_cast<std::uint8_t>(f.round_seed[0] + 1);
    }
    h.absorb(f.w.bytes(), k * m);
  }
  blinding.wipe();
  return speed_ceiling::sign_finish<P, SignFrame<P, T>, ct, kernel>(h, key, f, msg, salt, sig, sig_len);
}

}  // namespace sigspace::less::balanced
