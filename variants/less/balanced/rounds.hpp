// The per-round code block of the LESS balanced point (less-v2.0.md sections 5 and 9; issue 17):
// the speed ceiling's basis exchange (speed_ceiling/rounds.hpp), run in one buffer. The tableau
// (two k x m blocks of 16-bit lanes) is also where V's columns are loaded and sorted, where the
// block is stored, blinded and put in canonical form; V is expanded again each round. Whenever
// the round's block is bytes (in the first block), the second block is the scratch: the load's
// sort keys, signing's monomials and networks (sign.hpp), the canonical form's orders.
#pragma once
#include <cstdint>
#include <cstring>

#include "less/common/canonical.hpp"
#include "less/common/canonical_in_place.hpp"
#include "less/common/codes.hpp"
#include "less/common/exchange.hpp"
#include "less/common/expand.hpp"
#include "less/speed_ceiling/rounds.hpp"

namespace sigspace::less::balanced {

// Technique flags (point.hpp names them); the exchange engine's flags are always on.
inline constexpr unsigned kInPlaceCf = 1u << 5;  // the canonical form in the block, O(k) scratch
inline constexpr unsigned kStreamedV = 1u << 6;  // V expanded from G0_seed each round, not kept
inline constexpr unsigned kSeedsOnDemand = 1u << 11;  // signing keeps the tree's root and one path, not
                                                      // the tree; the key's seeds are expanded when read
inline constexpr unsigned kMapsInSignature = 1u << 12;  // the pivot maps in the signature's response slots
inline constexpr unsigned kBlockTranspose = 1u << 13;  // candidate: V's square transpose by 4 x 4 blocks
using speed_ceiling::kPublicVerify;               // verification's exchanges in variable time
using speed_ceiling::kLaneKernel;                 // the rank-2 pass through the Thumb-2 kernel
using speed_ceiling::kKeccakKernel;               // the block digest on the Thumb-2 Keccak
inline constexpr unsigned kEngine = speed_ceiling::kSwarLanes | speed_ceiling::kBoundedVisits |
                                    speed_ceiling::kLazyFold | speed_ceiling::kRank2;

template <class P, unsigned T>
struct Work {
  static constexpr unsigned k = P::k, m = P::m;
  static constexpr std::size_t block = std::size_t{k} * m;
  static constexpr bool streamed = (T & kStreamedV) != 0, in_place_cf = (T & kInPlaceCf) != 0;
  alignas(8) std::uint32_t cols[m * (k / 2)];  // 2 * block bytes; the first block is the round's bytes
  std::uint16_t row_dest[k], col_dest[m], col_src[m];
  std::uint8_t entered[m], row_kept[k];
  std::uint32_t onehot[k], utilde[k];
  std::uint8_t vt[streamed ? 1 : block];    // without streamed-v: V's columns, kept
  std::uint8_t cand[in_place_cf ? 1 : block];  // without in-place-cf: the candidate matrix
  static_assert(8 * k + 2 * m + 2 * (k > m ? k : m) + 8 <= block, "the canonical form's scratch fits the second block");

  std::uint8_t* bytes() { return reinterpret_cast<std::uint8_t*>(cols); }
  // The second block's start, 8-aligned; the tableau's m sort keys come first (read while the
  // columns are loaded as bytes, and by exchange::pivot_flags once the block is stored).
  std::uint8_t* second() { return bytes() + ((block + 7) & ~std::size_t{7}); }
  std::uint8_t* after_keys() { return second() + 2 * m; }
  exchange::Tableau tableau() {
    return {k, m,        cols,   row_dest, col_dest, col_src, entered, row_kept,
            onehot, utilde, bytes(), reinterpret_cast<std::uint16_t*>(second())};
  }
  // V's columns (m x k bytes) into the first block: expanded again, or copied.
  void load_v(const std::uint8_t* g0_seed) {
    if constexpr (streamed) {
      expand_g0<P>(g0_seed, bytes());
      if constexpr ((T & kBlockTranspose) != 0)
        transpose_square_blocks(bytes(), k);
      else
        transpose_square(bytes(), k);
    } else {
      std::memcpy(bytes(), vt, block);
    }
  }
  void keep_v(const std::uint8_t* g0_seed) {
    if constexpr (!streamed) {
      expand_g0<P>(g0_seed, bytes());
      transpose(bytes(), k, m, vt);
    }
  }
  // Section 6 on the stored block (the first k*m bytes); in place, its scratch in the second
  // block (the row keys first, 8-aligned).
  bool canonical_form() {
    if constexpr (in_place_cf) {
      auto* keys = reinterpret_cast<std::uint64_t*>(second());
      std::uint8_t* d = second() + 8 * k;
      auto* order = reinterpret_cast<std::uint16_t*>(d + 2 * m);  // d and line: m bytes each
      return canonical_form_in_place(bytes(), k, m, {d, d + m, order, order, keys});
    } else {
      return less::canonical_form<k, m, true>(bytes(), cand);
    }
  }
};

// Runs the exchange on the columns in the first block (destinations set by the caller) and
// stores the round's k x m block there; Public (verification only): the variable-time forms.
template <class P, unsigned T, bool Public = false>
void exchange_in_place(Work<P, T>& w) {
  exchange::Tableau t = w.tableau();
  speed_ceiling::exchange_columns<P, T | kEngine, Public>(t, w.bytes());
}

// Section 5 step 6 and section 9 step 4 for a round whose generator is G0 * mu (see
// speed_ceiling::g0_round); the block is left in the tableau until store_in_place.
template <class P, unsigned T, bool Public = false>
void g0_round(Work<P, T>& w, const std::uint8_t* g0_seed, const std::uint16_t* perm) {
  speed_ceiling::g0_destinations<P>(perm, w.row_dest, w.col_dest, w.col_src);
  w.load_v(g0_seed);
  exchange_in_place<P, T, Public>(w);
}

}  // namespace sigspace::less::balanced
