#include "less/common/ct_sampler.hpp"

#include <cstring>

#include "less/arch/armv7m/lanes_armv7m.hpp"
#include "less/common/ct_permute.hpp"
#include "less/common/sampler.hpp"
#include "sigspace/bytes.hpp"
#include "sigspace/ct.hpp"

namespace sigspace::less {
namespace {

// 0xffff in each 16-bit lane of x equal to key's lane (key2 = key * 0x00010001), else 0. Lanes
// below 2^15, so adding 0x7fff to a lane sets its top bit exactly when the lane is nonzero and
// never carries into the next.
inline std::uint32_t lanes_equal(std::uint32_t x, std::uint32_t key2) {
  const std::uint32_t nonzero = (((x ^ key2) + 0x7fff7fffu) & 0x80008000u) >> 15;
  return (nonzero ^ 0x00010001u) * 0xffffu;
}

// perm[i] <-> perm[pos] for a secret pos >= from, in one pass over the words from `from` on, two
// entries a word: each word gives up its entry at pos (read) and takes perm[i] there
// (written), by lane masks, so every word from `from` on is rewritten. The word holding `from`
// may hold from - 1 too, never pos.
// kernel: the pass through the platform's Thumb-2 kernel where the build has one (lanes.S).
void ct_swap_at(std::uint16_t* perm, unsigned n, unsigned from, unsigned i, std::uint32_t pos, bool kernel) {
  auto* bytes = reinterpret_cast<std::uint8_t*>(perm);  // words through memcpy: perm may be 2-aligned
  const std::uint32_t pos2 = pos * 0x00010001u, at_i2 = perm[i] * 0x00010001u;
  std::uint32_t at_pos = 0, index2 = (from & ~1u) * 0x00010001u + 0x00010000u;  // (2w, 2w + 1)
  unsigned w = from / 2;
#if defined(SIGSPACE_HAVE_LESS_LANES_ARMV7M)
  if (kernel) {
    at_pos = sigspace_less_swap_scan_armv7m(bytes + 4 * w, n / 2 - w, index2, pos2, at_i2);
    w = n / 2;
  }
#else
  (void)kernel;
#endif
  for (; w < n / 2; ++w, index2 += 0x00020002u) {
    std::uint32_t x;
    std::memcpy(&x, bytes + 4 * w, 4);
    const std::uint32_t here = lanes_equal(index2, pos2);
    at_pos |= x & here;
    x ^= here & (x ^ at_i2);
    std::memcpy(bytes + 4 * w, &x, 4);
  }
  if (n % 2 != 0) {  // no set's length is odd, but the contract takes any (tests: k = 7)
    const std::uint32_t here = ct::eq_mask(n - 1, pos), x = perm[n - 1];
    at_pos |= x & here;
    perm[n - 1] = static_cast<std::uint16_t>(x ^ (here & (x ^ perm[i])));
  }
  perm[i] = static_cast<std::uint16_t>(at_pos | (at_pos >> 16));
}

}  // namespace

// Section 2.2, the stream handling of sample_monomial (sampler.cpp).
template <KeccakPermutation F>
void ct_sample_monomial(BasicKeccakSponge<F>& x, std::uint8_t* coef, std::uint16_t* perm, unsigned n,
                        bool kernel) {
  sample_fq_vector(x, coef, n, 1, 125);
  for (unsigned i = 0; i < n; ++i) perm[i] = static_cast<std::uint16_t>(i);
  PositionStream positions(x, n);
  for (unsigned i = 0; i < n; ++i) ct_swap_at(perm, n, 0, i, positions.next(), kernel);
}

// Section 2.4, the stream handling of sample_blinding_perm (sampler.cpp).
template <KeccakPermutation F>
void ct_sample_blinding_perm(BasicKeccakSponge<F>& x, std::uint16_t* perm, unsigned m, bool kernel) {
  for (unsigned i = 0; i < m; ++i) perm[i] = static_cast<std::uint16_t>(i);
  for (unsigned i = 0; i + 1 < m; ++i) {
    std::uint8_t b[4];
    x.squeeze(b, 4);
    ct_swap_at(perm, m, i, i, i + ct::mod_public(load_le32(b), m - i), kernel);
  }
  std::uint8_t last[4];
  x.squeeze(last, 4);
}

template void ct_sample_monomial(KeccakSponge&, std::uint8_t*, std::uint16_t*, unsigned, bool);
template void ct_sample_monomial(CompactKeccakSponge&, std::uint8_t*, std::uint16_t*, unsigned, bool);
template void ct_sample_blinding_perm(KeccakSponge&, std::uint16_t*, unsigned, bool);
template void ct_sample_blinding_perm(CompactKeccakSponge&, std::uint16_t*, unsigned, bool);

}  // namespace sigspace::less
