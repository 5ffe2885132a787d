// LESS v2.0 signing at the balanced point (less-v2.0.md section 5; issue 17), constant-time as
// the speed ceiling (speed_ceiling/sign.hpp, whose kernels and declassifications D7-D10 it
// shares): the same exchange per round, but everything a round needs lives in its tableau
// (rounds.hpp), the round seeds are read from the seed tree in place (or, seeds-on-demand,
// derived along one kept path), and the canonical form runs in place. Per-round state is the
// pivot maps (t * N8 bytes; maps-in-signature keeps most of them in the signature buffer).
#pragma once
#include <cstring>
#include <type_traits>

#include "less/balanced/rounds.hpp"
#include "less/common/challenge.hpp"
#include "less/common/ct_blind.hpp"
#include "less/common/digest.hpp"
#include "less/common/seed_sources.hpp"
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

// Where the pivot maps live: in the frame, or (maps-in-signature) as many as fit in the
// signature buffer's response slots, map i in slot i, the rest in the frame. Nothing is written
// to the signature before step 7, and response r comes from a round i >= r in round order, so
// a response overwrites only a map already read (sign_finish).
template <class P, unsigned T>
struct PivotMaps {
  static constexpr std::size_t slots = (P::sig_max_bytes - P::digest_bytes - P::salt_bytes) / P::n8;
  static constexpr unsigned in_sig = (T & kMapsInSignature) == 0 ? 0 : (slots < P::t ? slots : P::t);
  std::uint8_t kept[P::t > in_sig ? P::t - in_sig : 1][P::n8];
  std::uint8_t* at(std::uint8_t* sig, unsigned i) {  // i: the public round index
    return i < in_sig ? sig + P::digest_bytes + P::salt_bytes + std::size_t{i} * P::n8 : kept[i - in_sig];
  }
};

// The seeds (the tree, or under seeds-on-demand its root and one path) and the pivot maps live
// through every round; the rest is the tableau. The
// constant-time point keeps its scratch in the second block past the tableau's sort keys (the
// canonical form's scratch follows it there, once the blinding is done); the contrast's
// data-dependent blinding takes the whole second block as its matrix, so its scratch is apart.
template <class P, unsigned T>
struct SignFrame {
  static constexpr bool ct = (T & speed_ceiling::kConstantTime) != 0;
  std::conditional_t<(T & kSeedsOnDemand) != 0, SeedPath<P>, BuiltTree<P>> seeds;
  std::uint8_t cf_seed[P::lambda];
  PivotMaps<P, T> maps;
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
  // Seeds-on-demand: the key's seeds are expanded again from the retained key when read.
  std::conditional_t<(T & kSeedsOnDemand) != 0, KeyOnDemand<P>, ExpandedKey<P>> key(state);
  typename P::Xof blinding;
  speed_ceiling::sign_seeds<P>(key, salt, f.seeds, f.cf_seed, blinding);  // steps 3-4
  f.w.keep_v(key.g0_seed);  // step 5 (streamed-v: again in every round)

  speed_ceiling::BlockHash<P, T> h;
  for (unsigned i = 0; i < t; ++i) {  // step 6
    std::memcpy(f.round_seed, f.seeds.seed(seedtree_leaf(P::tree(), i), salt), lambda);
    for (;;) {
      speed_ceiling::ct_round_monomial<P, ct, kernel>(f.round_seed, salt, i, s.coef, s.perm);
      g0_round<P, T, !ct>(f.w, key.g0_seed, s.perm);
      exchange::Tableau tab = f.w.tableau();
      std::uint8_t* a = f.w.bytes();  // the round's block
      if constexpr (ct) {  // the block's columns, blinded in place (one transpose, not three)
        exchange::store_columns(tab);  // the second block is free from here
        speed_ceiling::pivot_map<P>(tab, s.flags, f.maps.at(sig, i));
        ct_blind_columns(a, a, k, m, blinding, s.coef, s.perm, s.keys, kernel);
      } else {  // the second block is the blinding's matrix once the pivot map is taken
        exchange::store_in_place(tab);
        speed_ceiling::pivot_map<P>(tab, s.flags, f.maps.at(sig, i));
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
      h, key, f.seeds, {f.maps.in_sig, &f.maps.kept[0][0], s.coef, s.perm, s.keys, s.pay}, msg, salt, sig, sig_len);
  if (f.maps.in_sig != 0) std::memset(sig + *sig_len, 0, P::sig_max_bytes - *sig_len);  // maps past the signature
  ct::wipe(&f, sizeof f);
  return done;
}

}  // namespace sigspace::less::balanced
