// LESS v2.0 verification at the balanced point (less-v2.0.md section 9): the speed ceiling's
// (speed_ceiling/verify.hpp) in the balanced point's one buffer (rounds.hpp). Everything here is
// public, so the exchanges may run in variable time (public-verify).
#pragma once
#include <cstring>

#include "less/balanced/rounds.hpp"
#include "less/common/challenge.hpp"
#include "less/common/codes.hpp"
#include "less/common/digest.hpp"
#include "less/common/seedtree.hpp"
#include "less/common/signature.hpp"
#include "less/reference/verify.hpp"
#include "less/speed_ceiling/verify.hpp"
#include "sigspace/variant.hpp"

namespace sigspace::less::balanced {

// Section 9 step 4 for a challenged round (speed_ceiling::challenged_round): G_j's packed
// non-pivot block is the tableau, unpacked into the first block.
template <class P, unsigned T>
void challenged_round(Work<P, T>& w, const std::uint8_t* packed, const std::uint8_t* resp) {
  speed_ceiling::response_destinations<P>(packed, resp, w.row_dest, w.col_dest, w.col_src);
  unpack_rref_block_columns(packed, P::k, P::n, w.bytes());
  exchange_in_place<P, T, (T & kPublicVerify) != 0>(w);
}

template <class P, unsigned T>
struct VerifyFrame {
  Work<P, T> w;
  std::uint8_t coef[P::n], nodes[P::tree_nodes * P::lambda];
  std::uint16_t perm[P::n];
};

template <class P, unsigned T>
Status verify(Bytes pk, const MessageInput& msg, Bytes sig) {
  constexpr unsigned k = P::k, m = P::m, t = P::t, lambda = P::lambda;
  SignatureFields fields;
  VerifyFrame<P, T> f;
  std::uint8_t chall[t];
  const Status opened = open_signature<P>(pk, sig, &fields, chall, f.nodes);  // steps 1-2
  if (opened != Status::ok) return opened;
  const std::uint8_t *digest = fields.digest, *salt = fields.salt, *resp = fields.resp;

  const std::uint8_t* g0_seed = pk.data();  // step 3: pk starts with G0_seed
  f.w.keep_v(g0_seed);
  speed_ceiling::BlockHash<P, T> h;
  for (unsigned i = 0; i < t; ++i) {  // step 4
    if (chall[i] == 0) {
      const std::uint8_t* seed = f.nodes + std::size_t{seedtree_leaf(P::tree(), i)} * lambda;
      round_monomial<P>(seed, salt, i, f.coef, f.perm);
      g0_round<P, T, (T & kPublicVerify) != 0>(f.w, g0_seed, f.perm);
    } else {
      if (!reference::response_valid<P>(resp)) return Status::invalid_signature;
      challenged_round(f.w, pk.data() + lambda + (chall[i] - 1) * P::rref_bytes, resp);
      resp += P::n8;
    }
    exchange::store_in_place(f.w.tableau());
    if (!f.w.canonical_form()) return Status::invalid_signature;
    h.absorb(f.w.bytes(), k * m);
  }
  return check_digest<P>(h, msg.message, salt, digest);  // step 5
}

}  // namespace sigspace::less::balanced
