#include "less/common/ct_blind.hpp"

#include <cstddef>
#include <cstring>

#include "less/common/codes.hpp"
#include "less/common/ct_permute.hpp"
#include "less/common/ct_sampler.hpp"
#include "less/common/fq.hpp"
#include "less/common/sampler.hpp"
#include "sigspace/ct.hpp"

namespace sigspace::less {
namespace {

// One monomial side of the blinding: m coefficients (section 2.1), then a permutation
// (section 2.4); keys becomes the inverse permutation, the key under which the network gathers
// row perm[i] into position i.
template <KeccakPermutation F>
void blinding_monomial(BasicKeccakSponge<F>& x, unsigned m, std::uint8_t* coef, std::uint16_t* perm,
                       std::uint16_t* keys, bool kernel) {
  sample_fq_vector(x, coef, m, 1, 125);
  ct_sample_blinding_perm(x, perm, m, kernel);
  for (unsigned i = 0; i < m; ++i) keys[i] = static_cast<std::uint16_t>(i);
  ct_sort_pairs(perm, keys, m);  // sorts perm into the identity; keys[s] = i with perm[i] = s
}

// row *= c (mod 127), four bytes per step as two words of 16-bit lanes (products <= 126^2 fit):
// rows start anywhere, so the words go through memcpy, as in ct_permute.cpp.
void scale_row(std::uint8_t* row, unsigned len, std::uint32_t c) {
  unsigned j = 0;
  for (; j + 4 <= len; j += 4) {
    std::uint32_t x;
    std::memcpy(&x, row + j, 4);
    x = fq_red_lanes((x & 0x00ff00ffu) * c) | (fq_red_lanes(((x >> 8) & 0x00ff00ffu) * c) << 8);
    std::memcpy(row + j, &x, 4);
  }
  for (; j < len; ++j) row[j] = fq_mul(row[j], c);
}

void gather_rows_scaled(std::uint8_t* rows, unsigned count, unsigned len, std::uint16_t* keys,
                        const std::uint8_t* coef, bool kernel) {
  ct_sort_rows(keys, rows, count, len, kernel);
  for (unsigned i = 0; i < count; ++i) scale_row(rows + std::size_t{i} * len, len, coef[i]);
}

}  // namespace

// Section 6.5, the output of blind() (canonical.hpp) from the block's columns: tmp[j][i] =
// cR[i] * a[j][pR[i]] is the column permutation, run on cols (a's transpose) as rows, then
// a[i] = cL[i] * tmp[pL[i]] after one transpose. Both through the sorting network.
template <KeccakPermutation F>
void ct_blind_columns(std::uint8_t* cols, std::uint8_t* a, unsigned k, unsigned m, BasicKeccakSponge<F>& blinding_xof,
                      std::uint8_t* coef, std::uint16_t* perm, std::uint16_t* keys, bool kernel) {
  blinding_monomial(blinding_xof, m, coef, perm, keys, kernel);  // right monomial
  gather_rows_scaled(cols, m, k, keys, coef, kernel);
  if (cols == a)
    transpose_square(a, k);
  else
    transpose(cols, m, k, a);
  blinding_monomial(blinding_xof, k, coef, perm, keys, kernel);  // left monomial
  gather_rows_scaled(a, k, m, keys, coef, kernel);
  // The monomials are secret (with the output they unblind it), and so is cols, which holds the
  // matrix blinded on one side only.
  ct::wipe(coef, m), ct::wipe(perm, m * sizeof *perm), ct::wipe(keys, m * sizeof *keys);
  if (cols != a) ct::wipe(cols, std::size_t{k} * m);
}

template <KeccakPermutation F>
void ct_blind(std::uint8_t* a, unsigned k, unsigned m, BasicKeccakSponge<F>& blinding_xof,
              std::uint8_t* tmp, std::uint8_t* coef, std::uint16_t* perm, std::uint16_t* keys, bool kernel) {
  if (tmp == nullptr) {  // in place: the square transpose needs no second matrix
    transpose_square(a, k);
    return ct_blind_columns(a, a, k, m, blinding_xof, coef, perm, keys, kernel);
  }
  transpose(a, k, m, tmp);
  ct_blind_columns(tmp, a, k, m, blinding_xof, coef, perm, keys, kernel);
}

template void ct_blind(std::uint8_t*, unsigned, unsigned, KeccakSponge&, std::uint8_t*, std::uint8_t*,
                       std::uint16_t*, std::uint16_t*, bool);
template void ct_blind(std::uint8_t*, unsigned, unsigned, CompactKeccakSponge&, std::uint8_t*, std::uint8_t*,
                       std::uint16_t*, std::uint16_t*, bool);
template void ct_blind_columns(std::uint8_t*, std::uint8_t*, unsigned, unsigned, KeccakSponge&, std::uint8_t*,
                               std::uint16_t*, std::uint16_t*, bool);

}  // namespace sigspace::less
