// Constant-time permutation of rows: a bitonic sorting network for any length (H. W. Lang's
// construction), keyed by a permutation. Comparators are fixed by the length alone; each one
// swaps with masks, so neither the keys nor the rows decide a branch or an address. This is how
// the reference operating point applies secret monomials (less-v2.0.md section 2.3) without
// secret-indexed memory accesses.
#pragma once
#include <cstddef>
#include <cstdint>

namespace sigspace::less {

// Sorts keys[0..count) ascending and moves rows[i*row_len ..] along with them: the row whose key
// is d ends at position d when the keys are a permutation of 0..count-1. row_len may be 0.
void ct_sort_rows(std::uint16_t* keys, std::uint8_t* rows, unsigned count, unsigned row_len);
// Same with one u16 payload per key.
void ct_sort_pairs(std::uint16_t* keys, std::uint16_t* payload, unsigned count);

}  // namespace sigspace::less
