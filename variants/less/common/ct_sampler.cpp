#include "less/common/ct_sampler.hpp"

#include "less/common/ct_permute.hpp"
#include "less/common/sampler.hpp"
#include "sigspace/bytes.hpp"
#include "sigspace/ct.hpp"

namespace sigspace::less {
namespace {

// perm[i] <-> perm[pos] for a secret pos >= from: every entry from `from` on is rewritten.
void ct_swap_at(std::uint16_t* perm, unsigned n, unsigned from, unsigned i, std::uint32_t pos) {
  const std::uint16_t at_pos = ct_lookup_u16(perm, n, pos);
  const std::uint16_t at_i = perm[i];
  for (unsigned j = from; j < n; ++j)
    perm[j] = static_cast<std::uint16_t>(ct::select(ct::eq_mask(j, pos), at_i, perm[j]));
  perm[i] = at_pos;
}

}  // namespace

// Section 2.2, the stream handling of sample_monomial (sampler.cpp).
template <KeccakPermutation F>
void ct_sample_monomial(BasicKeccakSponge<F>& x, std::uint8_t* coef, std::uint16_t* perm, unsigned n) {
  sample_fq_vector(x, coef, n, 1, 125);
  for (unsigned i = 0; i < n; ++i) perm[i] = static_cast<std::uint16_t>(i);
  PositionStream positions(x, n);
  for (unsigned i = 0; i < n; ++i) ct_swap_at(perm, n, 0, i, positions.next());
}

// Section 2.4, the stream handling of sample_blinding_perm (sampler.cpp).
template <KeccakPermutation F>
void ct_sample_blinding_perm(BasicKeccakSponge<F>& x, std::uint16_t* perm, unsigned m) {
  for (unsigned i = 0; i < m; ++i) perm[i] = static_cast<std::uint16_t>(i);
  for (unsigned i = 0; i + 1 < m; ++i) {
    std::uint8_t b[4];
    x.squeeze(b, 4);
    ct_swap_at(perm, m, i, i, i + ct::mod_public(load_le32(b), m - i));
  }
  std::uint8_t last[4];
  x.squeeze(last, 4);
}

template void ct_sample_monomial(KeccakSponge&, std::uint8_t*, std::uint16_t*, unsigned);
template void ct_sample_monomial(CompactKeccakSponge&, std::uint8_t*, std::uint16_t*, unsigned);
template void ct_sample_blinding_perm(KeccakSponge&, std::uint16_t*, unsigned);
template void ct_sample_blinding_perm(CompactKeccakSponge&, std::uint16_t*, unsigned);

}  // namespace sigspace::less
