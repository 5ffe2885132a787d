// LESS v2.0 verification for the speed ceiling (less-v2.0.md section 9): the reference's checks
// and digest, with each round's code block from the basis exchange (rounds.hpp). For a
// challenged round the tableau is the public code's own non-pivot block (it is systematic on
// its pivot set) and the response gives every column its destination, so no k x n matrix is
// built. Everything here is public, so the exchanges may run in variable time (public-verify).
#pragma once
#include <cstring>

#include "less/common/canonical.hpp"
#include "less/common/challenge.hpp"
#include "less/common/codes.hpp"
#include "less/common/digest.hpp"
#include "less/common/expand.hpp"
#include "less/common/seedtree.hpp"
#include "less/common/signature.hpp"
#include "less/reference/verify.hpp"
#include "less/speed_ceiling/rounds.hpp"
#include "sigspace/variant.hpp"

namespace sigspace::less::speed_ceiling {

// Section 9 step 4 for a challenged round: G_j's pivot columns are the basis (row l is the l-th
// one) and its packed non-pivot block the tableau, unpacked column by column.
// A column's destination in G'' is its rank among the selected columns (response bit set) or k
// plus its rank among the others (the reference's select_columns). col_src may be null.
template <class P>
void response_destinations(const std::uint8_t* packed, const std::uint8_t* resp, std::uint16_t* row_dest,
                           std::uint16_t* col_dest, std::uint16_t* col_src) {
  unsigned front = 0, back = P::k, row = 0, col = 0;
  for (unsigned c = 0; c < P::n; ++c) {
    const unsigned dest = ((resp[c / 8] >> (c % 8)) & 1u) ? front++ : back++;
    if ((packed[c / 8] >> (c % 8)) & 1u) {
      row_dest[row++] = static_cast<std::uint16_t>(dest);
    } else {
      col_dest[col] = static_cast<std::uint16_t>(dest);
      if (col_src != nullptr) col_src[col] = static_cast<std::uint16_t>(col);
      ++col;
    }
  }
}

template <class P, unsigned T>
void challenged_round(Work<P>& w, const std::uint8_t* packed, const std::uint8_t* resp) {
  response_destinations<P>(packed, resp, w.row_dest, w.col_dest, w.col_src);
  unpack_rref_block_columns(packed, P::k, P::n, w.bytes);  // the tableau's columns, loaded in place
  exchange::Tableau t = w.tableau();
  exchange_columns<P, T, (T & kPublicVerify) != 0>(t, w.bytes);
  exchange::store(t, w.bytes);
}

template <class P>
struct VerifyFrame {
  Work<P> w;
  std::uint8_t vt[P::m * P::k], coef[P::n];
  std::uint8_t nodes[P::tree_nodes * P::lambda], round_seeds[P::t * P::lambda];
  std::uint16_t perm[P::n];
};

template <class P, unsigned T>
Status verify(Bytes pk, const MessageInput& msg, Bytes sig) {
  constexpr unsigned k = P::k, m = P::m, t = P::t, lambda = P::lambda;
  SignatureFields fields;
  VerifyFrame<P> f;
  std::uint8_t chall[t];
  const Status opened = open_signature<P>(pk, sig, &fields, chall, f.nodes);  // steps 1-2
  if (opened != Status::ok) return opened;
  const std::uint8_t *digest = fields.digest, *salt = fields.salt, *resp = fields.resp;
  seedtree_leaves(P::tree(), f.nodes, lambda, f.round_seeds);

  expand_g0<P>(pk.data(), f.w.bytes);  // step 3: pk starts with G0_seed
  transpose(f.w.bytes, k, m, f.vt);
  BlockHash<P, T> h;
  for (unsigned i = 0; i < t; ++i) {  // step 4
    if (chall[i] == 0) {
      round_monomial<P>(f.round_seeds + i * lambda, salt, i, f.coef, f.perm);
      g0_round<P, T, (T & kPublicVerify) != 0>(f.w, f.vt, f.perm);
    } else {
      if (!reference::response_valid<P>(resp)) return Status::invalid_signature;
      challenged_round<P, T>(f.w, pk.data() + lambda + (chall[i] - 1) * P::rref_bytes, resp);
      resp += P::n8;
    }
    if (!f.w.template canonical_form<(T & kTwoPassCf) != 0>()) return Status::invalid_signature;
    h.absorb(f.w.bytes, k * m);
  }
  return check_digest<P>(h, msg.message, salt, digest);  // step 5
}

}  // namespace sigspace::less::speed_ceiling
