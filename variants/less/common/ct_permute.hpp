// Constant-time permutation kernels, kept for the constant-time operating points (the reference
// point mirrors the official reference and permutes directly, codes.hpp). A sorting network for
// any length (Batcher's merge exchange) keyed by a permutation: comparators are fixed by the
// length alone and each swaps with masks, so neither the keys nor the rows decide a
// branch or an address (less-v2.0.md section 2.3 applied without secret-indexed accesses). Each
// is tested against its direct counterpart in tests/less/ct_kernels_test.cpp.
#pragma once
#include <cstddef>
#include <cstdint>

namespace sigspace::less {

// Sorts keys[0..count) ascending and moves rows[i*row_len ..] along with them: the row whose key
// is d ends at position d when the keys are a permutation of 0..count-1. row_len may be 0.
// kernel: rows exchanged by the platform's Thumb-2 kernel where the build has one and row_len
// is even (arch/armv7m/lanes.S; the lane-kernel technique), else by the portable loop.
void ct_sort_rows(std::uint16_t* keys, std::uint8_t* rows, unsigned count, unsigned row_len,
                  bool kernel = false);
// Same with one u16 payload per key.
void ct_sort_pairs(std::uint16_t* keys, std::uint16_t* payload, unsigned count);

// a[idx] and the index of value in a, by O(n) masked scans.
std::uint16_t ct_lookup_u16(const std::uint16_t* a, unsigned n, std::uint32_t idx);
std::uint32_t ct_find_u16(const std::uint16_t* a, unsigned n, std::uint32_t value);

}  // namespace sigspace::less
