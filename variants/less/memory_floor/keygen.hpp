// LESS v2.0 key generation at the memory floor (less-v2.0.md section 4; issue 18), in the
// signing workspace's one k x m byte matrix. RREF(G0 * Q_j) is the basis exchange on V's
// tableau (byte_exchange.hpp), which ends knowing every row's and column's destination; the
// block is then sorted into RREF order and scaled by the coefficients the rounds leave out:
// with G0 * Q_j's column d equal to c_d times a G0 column, the RREF entry at pivot row d_r and
// column d_c is T[r][c] * c_{d_c} / c_{d_r}. Constant-time: Q_j is sampled, inverted and
// applied by sorting networks and masks; the pivot set is public (the key publishes it; D11).
#pragma once
#include <cstring>

#include "less/common/codes.hpp"
#include "less/common/ct_permute.hpp"
#include "less/common/expand.hpp"
#include "less/common/fq.hpp"
#include "less/memory_floor/rounds.hpp"
#include "less/memory_floor/seeds.hpp"
#include "sigspace/arena.hpp"
#include "sigspace/variant.hpp"

namespace sigspace::less::memory_floor {

template <class P>
struct KeygenScratch {
  ExchangeScratch<P> x;
  std::uint8_t qinv_coef[P::n], map[P::n8];
};

// Section 4 step 4 for secret monomial j: the packed RREF(G0 * Q_j) into out.
template <class P>
[[gnu::noinline]] void public_code(std::uint8_t* a, const std::uint8_t* g0_seed, const std::uint8_t* mono_seed,
                                   std::uint8_t* out) {
  constexpr unsigned k = P::k, m = P::m, n = P::n;
  KeygenScratch<P> s;
  std::uint16_t* row_dest = s.x.dest;
  std::uint16_t* col_dest = s.x.dest + k;
  // Q_j^-1 = (c, pi) moves column i to pi(i), scaled by c_i; so Q_j moves column pi(i) to i,
  // scaled by 1 / c_i: G0's column x has destination pi^-1(x), and destination d the
  // coefficient 1 / c_d.
  auto* qinv_perm = reinterpret_cast<std::uint16_t*>(a);  // pi, in the matrix until V is expanded
  speed_ceiling::ct_secret_monomial<P>(mono_seed, s.qinv_coef, qinv_perm);
  for (unsigned x = 0; x < n; ++x) s.x.dest[x] = static_cast<std::uint16_t>(x);
  ct_sort_pairs(qinv_perm, s.x.dest, n);  // dest[x] = the i with pi(i) = x

  expand_g0<P>(g0_seed, a);  // V's columns
  transpose_square(a, k);
  byte_exchange::Tableau t = s.x.tableau(a);
  byte_exchange::load(t);
  visit_bounded<P>(t);
  byte_exchange::store_in_place(t);

  // Rows, then columns, into destination order: which row is which is secret (it is Q_j).
  ct_sort_rows(row_dest, a, k, m);
  transpose_square(a, k);
  ct_sort_rows(col_dest, a, m, k);
  transpose_square(a, k);
  SIGSPACE_CT_DECLASSIFY(s.x.dest, sizeof s.x.dest);  // the pivot set and its complement (D11)
  std::uint8_t* col_scale = s.x.onehot;  // m bytes, free now: c_{d_c}
  for (unsigned c = 0; c < m; ++c) col_scale[c] = fq_inv(s.qinv_coef[col_dest[c]]);
  for (unsigned r = 0; r < k; ++r) {
    const std::uint8_t row_scale = s.qinv_coef[row_dest[r]];  // 1 / c_{d_r}
    std::uint8_t* row = a + std::size_t{r} * m;
    for (unsigned c = 0; c < m; ++c) row[c] = fq_mul(fq_mul(row[c], col_scale[c]), row_scale);
  }
  std::memset(s.map, 0, sizeof s.map);
  for (unsigned r = 0; r < k; ++r) s.map[row_dest[r] / 8] = static_cast<std::uint8_t>(s.map[row_dest[r] / 8] | (1u << (row_dest[r] % 8)));
  pack_rref_block(a, k, n, s.map, out);
  ct::wipe(&s, sizeof s);
}

template <class P>
Status keygen(const std::uint8_t* seed, std::uint8_t* pk, std::uint8_t* sk, Arena& ws) {
  const std::size_t mark = ws.mark();
  std::uint8_t* a = take_matrix<P>(ws);
  if (a == nullptr) return Status::workspace_too_small;
  std::memcpy(sk, seed, P::sk_bytes);  // sk is the 2-lambda-byte seed itself (section 3)
  std::uint8_t secret_seed[2 * P::lambda];
  {
    typename P::Xof x;  // section 3: G0_seed first
    x.absorb(sk, P::sk_bytes);
    x.finalize();
    x.squeeze(pk, P::lambda);
    x.wipe();
  }
  SIGSPACE_CT_DECLASSIFY(pk, P::lambda);  // published as pk's first field (D7)
  for (unsigned j = 0; j + 1 < P::s; ++j) {
    mono_seed<P>(sk, j, secret_seed);
    public_code<P>(a, pk, secret_seed, pk + P::lambda + j * P::rref_bytes);
  }
  ct::wipe(secret_seed, sizeof secret_seed);
  ws.release(mark);
  return Status::ok;
}

}  // namespace sigspace::less::memory_floor
