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

// Signing's n-entry scratch: the round monomial (coef, perm), the blinding's monomials and
// network keys, the pivot flags, the responses' networks (keys, pay); 8n bytes.
template <class P>
struct SignScratch {
  static constexpr std::size_t bytes = 8 * std::size_t{P::n};
  std::uint8_t* coef;
  std::uint16_t *perm, *keys, *pay;
  std::uint8_t* flags;
  explicit SignScratch(std::uint8_t* at)  // 2-aligned; n is even
      : coef(at), perm(reinterpret_cast<std::uint16_t*>(at + P::n)), keys(perm + P::n), pay(keys + P::n),
        flags(reinterpret_cast<std::uint8_t*>(pay + P::n)) {}
};

// The seed tree and the pivot maps live through every round; the rest is the tableau. The
// constant-time point keeps its scratch in the second block past the tableau's sort keys (the
// canonical form's scratch follows it there, once the blinding is done); the contrast's
// data-dependent blinding takes the whole second block as its matrix, so its scratch is apart.
template <class P, unsigned T>
struct SignFrame {
  static constexpr bool ct = (T & speed_ceiling::kConstantTime) != 0;
  std::uint8_t nodes[P::tree_nodes * P::lambda], cf_seed[P::lambda];
  std::uint8_t pivot_maps[P::t][P::n8];
  Work<P, T> w;
  std::uint8_t round_seed[P::lambda];  // one round's, copied from the tree (retries change it)
  alignas(2) std::uint8_t apart[ct ? 1 : SignScratch<P>::bytes];
  SignScratch<P> scratch() { return SignScratch<P>(ct ? w.after_keys() : apart); }
  static_assert(2 * P::m + SignScratch<P>::bytes <= Work<P, T>::block);
};

template <class P, unsigned T>
Status sign(const std::uint8_t* state, const MessageInput& msg, const std::uint8_t* salt,
            std::uint8_t* sig, std::size_t* sig_len) {
  constexpr unsigned k = P::k, m = P::m, t = P::t, lambda = P::lambda;
  // Off only in the price-of-constant-time contrast: the reference's data-dependent kernels.
  constexpr bool ct = SignFrame<P, T>::ct, kernel = (T & kLaneKernel) != 0;
  SignFrame<P, T> f;
  const SignScratch<P> s = f.scratch();
  ExpandedKey<P> key(state);
  typename P::Xof blinding;
  speed_ceiling::sign_seeds<P>(key, salt, f.nodes, f.cf_seed, blinding);  // steps 3-4
  f.w.keep_v(key.g0_seed);  // step 5 (streamed-v: again in every round)

  speed_ceiling::BlockHash<P, T> h;
  for (unsigned i = 0; i < t; ++i) {  // step 6
    std::memcpy(f.round_seed, f.nodes + std::size_t{seedtree_leaf(P::tree(), i)} * lambda, lambda);
    for (;;) {
      speed_ceiling::ct_round_monomial<P, ct, kernel>(f.round_seed, salt, i, s.coef, s.perm);
      g0_round<P, T, !ct>(f.w, key.g0_seed, s.perm);
      exchange::Tableau tab = f.w.tableau();
      std::uint8_t* a = f.w.bytes();  // the round's block
      if constexpr (ct) {  // the block's columns, blinded in place (one transpose, not three)
        exchange::store_columns(tab);  // the second block is free from here
        speed_ceiling::pivot_map<P>(tab, s.flags, f.pivot_maps[i]);
        ct_blind_columns(a, a, k, m, blinding, s.coef, s.perm, s.keys, kernel);
      } else {  // the second block is the blinding's matrix once the pivot map is taken
        exchange::store_in_place(tab);
        speed_ceiling::pivot_map<P>(tab, s.flags, f.pivot_maps[i]);
        blind(a, k, m, blinding, f.w.second(), s.coef, s.perm, s.coef + m, s.keys);
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
  const Status done = speed_ceiling::sign_finish<P, ct, kernel>(
      h, key, {f.nodes, &f.pivot_maps[0][0], s.coef, s.perm, s.keys, s.pay}, msg, salt, sig, sig_len);
  ct::wipe(&f, sizeof f);
  return done;
}

}  // namespace sigspace::less::balanced
