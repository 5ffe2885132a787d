// Row-level steps of the canonical form (less-v2.0.md section 6), shared by the candidate-
// building forms (canonical.cpp) and the in-place one (canonical_in_place.cpp). Data-dependent
// by design: their input is a blinded matrix.
#pragma once
#include <cstddef>
#include <cstdint>

namespace sigspace::less::cf_rows {

// The row multiset order through histograms: at the first value whose counts differ, the row
// with more copies is smaller. Counts are bytes, as in the reference.
bool hist_less(const std::uint8_t* a, const std::uint8_t* b);
// The row order of step 4d made total: rows x and y with equal multisets (negligible for a
// blinded matrix; the official quicksort leaves them in an order of its own) keep index order,
// so that every sorting algorithm, recursive or not, gives the same matrix.
bool row_less(const std::uint8_t* hx, const std::uint8_t* hy, unsigned x, unsigned y);
void histogram(const std::uint8_t* row, unsigned m, std::uint8_t* h);
// Row normalisation: scale by the inverse of the row sum, or when the sum is zero by the sum of
// inverses itself; false when that is zero too.
bool normalise(std::uint8_t* row, unsigned m);
// Step 4c on one row as a single pass per value: out = src scaled by d and normalised, or,
// when keep_equal and the scaled row is all-equal, only scaled (the reference leaves such a row
// as it is); false when it does not normalise. Products and the sum stay unreduced (< 2^25)
// until fq_mod. out may be src. The same rows as fq_mul, all_equal and normalise give.
bool scale_normalise(const std::uint8_t* src, const std::uint8_t* d, unsigned m, bool keep_equal, std::uint8_t* out);
// The same row's histogram (histogram()) without the row.
bool scaled_histogram(const std::uint8_t* src, const std::uint8_t* d, unsigned m, bool keep_equal, std::uint8_t* h);
bool all_equal(const std::uint8_t* row, unsigned m);
bool zero_free(const std::uint8_t* row, unsigned m);
// The rows with the most zeros, in increasing order (the candidates' pruning set); their number.
unsigned max_zero_rows(const std::uint8_t* a, unsigned k, unsigned m, std::uint16_t* rows_j);
// Step 4b (type4_sub): does some maximal-zero row, scaled by d and normalised, have a histogram
// strictly below lbest? A failed normalisation disqualifies the candidate.
bool precheck(const std::uint8_t* a, unsigned m, const std::uint8_t* d, const std::uint16_t* rows_j,
              unsigned nj, const std::uint8_t* lbest, std::uint8_t* row, std::uint8_t* h);
// Candidate r's column scalars d (the inverses of its row) and its key: the least histogram of
// the maximal-zero rows scaled by d and normalised; false when one of them does not normalise.
bool candidate_key(const std::uint8_t* a, unsigned m, unsigned r, const std::uint16_t* rows_j, unsigned nj,
                   std::uint8_t* d, std::uint8_t* h, std::uint8_t* key);
// The least key over the zero-free candidates whose keys exist (two-pass form, pass 1), and the
// first row that has it (no row before it does), or k when there is none. d, h and key are
// scratch.
unsigned least_key(const std::uint8_t* a, unsigned k, unsigned m, const std::uint16_t* rows_j, unsigned nj,
                   std::uint8_t* d, std::uint8_t* h, std::uint8_t* key, std::uint8_t* least);

}  // namespace sigspace::less::cf_rows
