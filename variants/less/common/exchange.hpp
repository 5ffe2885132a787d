// The RREF of a LESS generator by basis exchange on its k x m tableau, in constant time
// (less-v2.0.md sections 4, 5 and 9; issue 17).
//
// A generator that is systematic on k known columns (G0 = [I | V] in sign and keygen; the
// public code G_j on its pivot set in verify) is a basis (those k columns) and a tableau T
// (k x m: each other column in that basis). Applying a column permutation does not change T;
// it only gives each column a destination. The reference's RREF picks the pivot columns
// greedily, leftmost independent first, by destination. Here the greedy runs on T: the
// non-basic columns are visited in destination order and each one that is independent of the
// pivots chosen so far enters the basis by one exchange (a rank-1 update of T). A basic
// column is chosen when its destination passes; a non-basic column is independent exactly when
// it has a nonzero in a row whose basic column is not chosen yet (destination after it), and it
// then replaces the one of those with the latest destination, which is never chosen afterwards
// (so basic columns never need a test of their own). At the end the basis is the pivot set and
// T = B^-1 N, the reference's non-pivot block up to the order and the scale of its rows and
// columns, which the canonical form does not see (section 6: it normalises rows and columns
// and sorts both). Column scale factors (the monomial's coefficients) are left out for the same
// reason. The reference's pivot reuse changes only row scales, so the digest input is the same.
//
// Constant time: the visiting order comes from a sorting network over the destinations, and
// every exchange is masked (the pivot row is selected with masks; a dependent column makes a
// no-op exchange), so neither the destinations nor the pivot set decide a branch or an address.
// The tableau is kept in 16-bit lanes, two per 32-bit word, reduced lazily (see fold below).
#pragma once
#include <cstddef>
#include <cstdint>

#include "sigspace/ct.hpp"

namespace sigspace::less::exchange {

// Caller-owned buffers for a k x m tableau (k even), sizes in elements.
struct Tableau {
  unsigned k, m;
  std::uint32_t* cols;       // m columns of k/2 words: T in 16-bit lanes, column-major
  std::uint16_t* row_dest;   // k: destination of each row's basic column; 0 once chosen by exchange
  std::uint16_t* col_dest;   // m: destination of each non-basic column (sorted here)
  std::uint16_t* col_src;    // m: a caller label per column (sorted along with col_dest)
  std::uint8_t* entered;     // m: 0xff when the column at that sorted position entered the basis
  std::uint8_t* row_kept;    // k: 0xff while the row still holds its original basic column
  std::uint32_t* onehot;     // k words of scratch (two pivots' one-hot masks)
  std::uint32_t* utilde;     // k words of scratch (two pivots' columns)
  std::uint8_t* bytes;       // m*k bytes of scratch (the sort moves columns as byte rows)
  std::uint16_t* keys;       // m words of scratch
};

// The visits that make the result exact except with probability below 2^-64 (category 1, 3,
// 5: 98, 145 and 189 of m = 126, 200, 274). After E visits the pivots fall short of k only if
// fewer than E + 1 non-basic columns lie before destination k + x and the columns before it
// have rank below k, which for a uniform V happens with probability below 127^-(x+1) * 127/126;
// summed over the hypergeometric law of that destination this is below 2^-64 at these E
// (computed exactly with rational arithmetic; the official pivot-reuse caps, k - 25, k - 51 and
// k - 79, rest on the same law). complete_after tells when more visits are needed.
constexpr unsigned bounded_visits(unsigned k) { return k == 126 ? 98 : (k == 200 ? 145 : 189); }

// How the kernel updates T (techniques of the point; all are constant-time): one element at a
// time, two 16-bit lanes per 32-bit word, or those lanes with the rank-2 pass's columns through
// the platform's kernel (arch/armv7m/lanes.S) where the build has one; elsewhere swar_kernel is
// swar, the same code.
enum class Lanes { scalar, swar, swar_kernel };

// Loads T from its columns (m x k bytes, column j of T as byte row j, values in [0, 126]) and
// sorts them by col_dest (col_src moves along). Destinations must be distinct; the caller sets
// row_dest. cols_mxk may be t.bytes itself, and t.bytes may be the start of t.cols (then the
// columns are sorted as bytes and widened in place).
// lanes: swar_kernel sorts through the platform's row-exchange kernel (ct_sort_rows).
void load(Tableau& t, const std::uint8_t* cols_mxk, Lanes lanes = Lanes::swar);

// Visits the sorted columns [from, to): all m give the exact result whatever the input; fewer
// only when complete_after says the rest are dependent. The result is in t (cols, entered,
// row_kept, row_dest).
// lazy_fold (swar lanes only): reduce the lanes every fourth visit instead of every visit.
// rank2 (swar lanes only): two visits per pass over the tableau (the pass the kernel runs).
void run(Tableau& t, unsigned from, unsigned to, Lanes lanes, bool lazy_fold, bool rank2);

// Variable-time forms, for a tableau that is public (verification: every input of section 9 is
// public, so a branch or an address may depend on the pivots). Same results as load and
// run(0, m) with the same caller buffers (t.bytes may be the start of t.cols, as for load).
// load_public moves each column to its rank among the destinations by following the cycles
// of that permutation instead of sorting them through a network; run_public tests each column in turn and updates the tableau only for
// those that enter, two exchanges per pass over the tableau (rank-2): about k/2 exchanges at
// the sets of v2.0 against the constant-time run's E visits.
void load_public(Tableau& t, const std::uint8_t* cols_mxk);
void run_public(Tableau& t, Lanes lanes = Lanes::swar);

// Whether the pivots chosen in the first `steps` visits already number k, so that every later
// column is dependent (then run(steps) equals run(m)). A mask: all ones when complete.
std::uint32_t complete_after(const Tableau& t, unsigned steps);

// The test behind complete_after, shared with the byte-lane tableau: all ones when no row still
// waits for its basic column beyond destination next.
inline std::uint32_t basis_settled(const std::uint16_t* row_dest, unsigned k, std::uint32_t next) {
  std::uint32_t waiting = 0;
  for (unsigned r = 0; r < k; ++r) waiting |= ct::lt_mask(next, row_dest[r]);
  return ~waiting;
}

// T as a row-major k x m byte matrix, every value reduced to [0, 126].
void store(const Tableau& t, std::uint8_t* rows_kxm);

// The same, k = m only, into the first k*m bytes of t.cols (the balanced point's one buffer).
void store_in_place(const Tableau& t);
// T's columns as an m x k byte matrix (column j as byte row j, reduced) into the first k*m bytes
// of t.cols: store without its transpose, for a reader that wants the columns (ct_blind_columns).
void store_columns(const Tableau& t);

// Pivot flags by the caller's labels: out[i] = 0xff for i < k when row i kept its basic column,
// out[k + col_src] = 0xff for each column that entered (col_src a permutation of 0..m-1).
// Sorts col_src back: call it last.
void pivot_flags(Tableau& t, std::uint8_t* out);

}  // namespace sigspace::less::exchange
