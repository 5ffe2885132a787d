// The canonical form of LESS v2.0 (less-v2.0.md section 6) computed in the input matrix, with
// O(k + m) scratch instead of the reference's two more k x m matrices (issue 17, the balanced
// point's in-place-cf). Same result as canonical_form, ties and failures included:
// canonical_in_place.cpp says why. Data-dependent by design, as canonical_form: its input is
// a blinded matrix.
#pragma once
#include <cstddef>
#include <cstdint>

#include "sigspace/ct.hpp"

namespace sigspace::less {

struct CfInPlaceScratch {
  std::uint8_t* d;         // m: the winner's column scalars, then a row of the column permutation
  std::uint8_t* line;      // m: a scaled row, then the row permutation's cycle buffer
  std::uint16_t* rows;     // k: the maximal-zero rows, then the row order
  std::uint16_t* col_idx;  // m: the column order; may alias rows (dead once the rows are moved)
  std::uint64_t* keys;     // k: each row's eight least values, the row order's first comparison;
                           // nullptr to compare histograms only (same order, less memory)
};

// Section 6: replaces a (k x m) by its canonical form; false on failure, a unchanged then.
bool canonical_form_in_place(std::uint8_t* a, unsigned k, unsigned m, const CfInPlaceScratch& ws);

template <unsigned K, unsigned M, bool RowKeys = true>
[[gnu::noinline]] bool canonical_form_in_place(std::uint8_t* a) {
  std::uint8_t d[M], line[M];
  std::uint16_t order[K > M ? K : M];  // the row order, then the column order
  std::uint64_t keys[RowKeys ? K : 1];
  const bool ok = canonical_form_in_place(a, K, M, {d, line, order, order, RowKeys ? keys : nullptr});
  // A function of the blinded matrix only, wiped all the same (as canonical_form's scratch).
  ct::wipe(d, sizeof d), ct::wipe(line, sizeof line), ct::wipe(order, sizeof order);
  ct::wipe(keys, sizeof keys);
  return ok;
}

}  // namespace sigspace::less
