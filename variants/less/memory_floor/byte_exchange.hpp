// The basis exchange of less/common/exchange.hpp with the tableau in byte lanes (issue 18, the
// memory floor's byte-lanes technique): k x m bytes, the size of the block it becomes, instead
// of 16-bit lanes at twice that. Same greedy, same masks, same result (tests/less/
// exchange_test.cpp compares the two); only the arithmetic differs. A byte cannot hold a
// lazy sum, so every visit folds: four entries per 32-bit word are split into two 16-bit-lane
// halves (even and odd bytes), multiplied, folded once and packed back.
#pragma once
#include <cstddef>
#include <cstdint>

namespace sigspace::less::byte_exchange {

// Words of four bytes in a column (k % 4 = 2 leaves a last word of two bytes).
constexpr unsigned quads(unsigned k) { return (k + 3) / 4; }

// Caller-owned buffers for a k x m tableau (k even), sizes in elements.
struct Tableau {
  unsigned k, m;
  std::uint8_t* cols;        // m columns of k bytes, column-major; entries < 256, = T mod 127
  std::uint16_t* row_dest;   // k: destination of each row's basic column (kept up to date)
  std::uint16_t* col_dest;   // m: destination of each slot's non-basic column (sorted by load,
                             // swapped with the row's when a column enters)
  std::uint8_t* onehot;      // k: 0xff at the pivot row, in turn for each visit
  std::uint32_t* utilde;     // 2 * quads(k) words: u~'s even bytes, then its odd bytes, in
                             // 16-bit lanes (two a word)
};

// Sorts the m columns already in t.cols (m x k bytes, values in [0, 126]) by col_dest.
// Destinations must be distinct; the caller sets row_dest.
void load(Tableau& t);

// Visits the sorted columns [from, to) (exchange::run, rank-1, folded every visit). Afterwards
// row_dest and col_dest give every row's and slot's column its destination: row_dest is the
// pivot set (pivot_map), and key generation sorts the block by both.
void run(Tableau& t, unsigned from, unsigned to);

// exchange::complete_after for this tableau.
std::uint32_t complete_after(const Tableau& t, unsigned steps);

// T as a row-major k x m block in place (k = m), every value reduced to [0, 126].
void store_in_place(Tableau& t);

// The pivot set by destination as an n-bit map (n8 bytes): bit d is set iff a row's basic
// column has destination d. Masked: the destinations are secret in signing.
void pivot_map(const Tableau& t, unsigned n, std::uint8_t* map);

}  // namespace sigspace::less::byte_exchange
