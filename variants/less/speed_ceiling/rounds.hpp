// The per-round code block of the LESS speed ceiling (less-v2.0.md sections 5 and 9): the
// non-pivot block of RREF(G0 * mu) or of a challenged round's column selection, by basis
// exchange on the tableau (less/common/exchange.hpp), and the constant-time samplers it needs.
#pragma once
#include <cstdint>
#include <cstring>

#include "less/common/canonical.hpp"
#include "less/common/exchange.hpp"
#include "less/common/ct_sampler.hpp"
#include "less/common/expand.hpp"
#include "less/common/params.hpp"
#include "sigspace/ct.hpp"
#include "sigspace/ct_declassify.hpp"

namespace sigspace::less::speed_ceiling {

// Technique flags (point.hpp names them).
inline constexpr unsigned kSwarLanes = 1u << 0;     // two F_127 lanes per 32-bit multiply
inline constexpr unsigned kBoundedVisits = 1u << 1; // E of m tableau visits, then a check
inline constexpr unsigned kLazyFold = 1u << 2;      // lanes reduced every fourth visit
inline constexpr unsigned kRank2 = 1u << 3;         // two visits per pass over the tableau
inline constexpr unsigned kTwoPassCf = 1u << 4;     // one candidate build per canonical form
// Bits 5 and 6 are the balanced point's (balanced/rounds.hpp), which passes the engine's on.
inline constexpr unsigned kPublicVerify = 1u << 7;  // verification's exchanges in variable time
// The rank-2 pass's columns through the platform's Thumb-2 kernel (less/arch/armv7m/lanes.S);
// on the host build, which has none, the portable lanes (point and ablation the same code).
inline constexpr unsigned kLaneKernel = 1u << 9;
// The block digest (every round's k x m bytes through SHA3: most of the Keccak-f[1600] calls of
// signing and verification) on the platform's Thumb-2 permutation, its state kept in the
// kernel's lane form (keccak_frames.hpp: the digest only absorbs and squeezes, so only the
// lanes it touches are converted); on the host build the portable one (point and ablation the
// same code), as ML-DSA's keccak-kernel.
inline constexpr unsigned kKeccakKernel = 1u << 10;
template <class P, unsigned T>
using BlockHash = typename P::template HashOn<keccak_kernel_or<(T & kKeccakKernel) != 0, &keccak_f1600, true>>;
// A contrast, not a technique (sigspace/point.hpp): off, signing uses the reference's
// data-dependent kernels, to measure the price of constant time (issue 17).
inline constexpr unsigned kConstantTime = 1u << 8;

// The tableau and its scratch for one parameter set, in the caller's frame. One round uses it
// in turn: bytes is the sort's scratch, then holds the round's k x m block (store), while the
// tableau's words, dead by then, serve the blinding's and the canonical form's matrices.
template <class P>
struct Work {
  static constexpr unsigned k = P::k, m = P::m;
  static constexpr std::size_t block = std::size_t{k} * m;
  std::uint32_t cols[m * (k / 2)];  // 2 * block bytes
  std::uint16_t row_dest[k], col_dest[m], col_src[m], keys[m];
  std::uint8_t entered[m], row_kept[k];
  std::uint32_t onehot[k], utilde[k];
  std::uint8_t bytes[block];
  std::uint8_t hist[k * 128 > block ? k * 128 : block];  // the canonical form's histograms
  std::uint16_t row_idx[k], col_idx[m], rows_j[k];

  exchange::Tableau tableau() {
    return {k, m, cols, row_dest, col_dest, col_src, entered, row_kept, onehot, utilde, bytes, keys};
  }
  std::uint8_t* spare() { return reinterpret_cast<std::uint8_t*>(cols); }  // 2 * block bytes
  // Section 6 on the block in bytes (the one-pass form or two-pass-cf).
  template <bool TwoPass>
  bool canonical_form() {
    const CfScratch ws{spare(), spare() + block, hist, row_idx, col_idx, rows_j};
    return TwoPass ? canonical_form_two_pass(bytes, k, m, ws) : less::canonical_form(bytes, k, m, ws);
  }
};

// Visits the sorted columns, all of them or (bounded-visits) E of them and the rest only if
// the pivots are not complete by then, which happens with probability below 2^-64
// (exchange::bounded_visits).
template <unsigned T>
inline constexpr exchange::Lanes kLanes = (T & kSwarLanes) == 0   ? exchange::Lanes::scalar
                                          : (T & kLaneKernel) != 0 ? exchange::Lanes::swar_kernel
                                                                   : exchange::Lanes::swar;

template <class P, unsigned T>
void visit(exchange::Tableau& t) {
  constexpr auto lanes = kLanes<T>;
  constexpr bool lazy = (T & kLazyFold) != 0, rank2 = (T & kRank2) != 0;
  if constexpr ((T & kBoundedVisits) != 0) {
    constexpr unsigned e = exchange::bounded_visits(P::k);
    exchange::run(t, 0, e, lanes, lazy, rank2);
    std::uint32_t complete = exchange::complete_after(t, e);
    // A bounded data-dependent count, fixed except with probability below 2^-64 (issue 17;
    // tests/ct/README.md, D9).
    SIGSPACE_CT_DECLASSIFY(&complete, sizeof complete);
    if (complete == 0) exchange::run(t, e, P::m, lanes, lazy, rank2);
  } else {
    exchange::run(t, 0, P::m, lanes, lazy, rank2);
  }
}

// Section 5 step 6 and section 9 step 4 for a round whose generator is G0 * mu: the basic
// columns are G0's unit columns (destinations perm[0..k)), the tableau is V (its columns vt,
// m x k). Writes the block (k x m, in w.bytes) up to row and column order and scale.
template <class P>
void g0_destinations(const std::uint16_t* perm, std::uint16_t* row_dest, std::uint16_t* col_dest,
                     std::uint16_t* col_src) {
  for (unsigned i = 0; i < P::k; ++i) row_dest[i] = perm[i];
  for (unsigned c = 0; c < P::m; ++c) col_dest[c] = perm[P::k + c], col_src[c] = static_cast<std::uint16_t>(c);
}
// The tableau exchanged from its columns: in constant time, or (Public: verification only,
// where the tableau is public) by the variable-time forms.
template <class P, unsigned T, bool Public>
void exchange_columns(exchange::Tableau& t, const std::uint8_t* cols_mxk) {
  if constexpr (Public) {
    exchange::load_public(t, cols_mxk);
    exchange::run_public(t, kLanes<T | kSwarLanes>);  // verification's public form: swar lanes
  } else {
    exchange::load(t, cols_mxk, kLanes<T>);
    visit<P, T>(t);
  }
}
// The exchanged tableau, left in w (signing stores its columns for the blinding), and the same
// with the block stored in w.bytes.
template <class P, unsigned T, bool Public = false>
exchange::Tableau g0_exchange(Work<P>& w, const std::uint8_t* vt, const std::uint16_t* perm) {
  g0_destinations<P>(perm, w.row_dest, w.col_dest, w.col_src);
  exchange::Tableau t = w.tableau();
  exchange_columns<P, T, Public>(t, vt);
  return t;
}
template <class P, unsigned T, bool Public = false>
void g0_round(Work<P>& w, const std::uint8_t* vt, const std::uint16_t* perm) {
  exchange::store(g0_exchange<P, T, Public>(w, vt, perm), w.bytes);
}

// Round i's pivot set as an n-bit map (the reference keeps 2k source-column bytes instead), from
// the exchange's flags.
template <class P>
void pivot_map(exchange::Tableau& t, std::uint8_t* flags, std::uint8_t* map) {
  exchange::pivot_flags(t, flags);
  std::memset(map, 0, P::n8);
  for (unsigned j = 0; j < P::n; ++j) map[j / 8] = static_cast<std::uint8_t>(map[j / 8] | ((flags[j] & 1u) << (j % 8)));
}

// Section 2.2 with the constant-time sampler (or, CT false, the reference's: the price of
// constant time): the ephemeral monomial of round i and secret monomial j (Q_j^-1). Kernel:
// the lane-kernel technique (the swaps through the platform's Thumb-2 kernel).
template <class P, bool CT = true, bool Kernel = false>
void ct_round_monomial(const std::uint8_t* round_seed, const std::uint8_t* salt, unsigned i,
                       std::uint8_t* coef, std::uint16_t* perm) {
  round_monomial<P, CT, Kernel>(round_seed, salt, i, coef, perm);
}
template <class P, bool CT = true, bool Kernel = false>
void ct_secret_monomial(const std::uint8_t* mono_seed, std::uint8_t* coef, std::uint16_t* perm) {
  secret_monomial<P, CT, Kernel>(mono_seed, coef, perm);
}

}  // namespace sigspace::less::speed_ceiling
