#include "less/common/sampler.hpp"

#include "sigspace/bytes.hpp"
#include "sigspace/ct.hpp"

namespace sigspace::less {
namespace {

std::uint64_t next_word(KeccakSponge& x) {
  std::uint8_t b[8];
  x.squeeze(b, 8);
  return load_le64(b);
}

}  // namespace

// Section 2.1 (DEF_RAND_STATE). Data-dependent: the rejection branch reveals only which chunks
// were rejected, and rejected chunks are discarded, so it says nothing about the output values.
void sample_fq_vector(KeccakSponge& x, std::uint8_t* out, std::size_t cnt, unsigned lo, unsigned span) {
  constexpr unsigned b = 7;  // bit length of 125 and of 126
  std::size_t produced = 0;
  while (produced < cnt) {
    std::uint64_t word = next_word(x);
    for (unsigned c = 0; c < 64 / b && produced < cnt; ++c, word >>= b) {
      const unsigned v = static_cast<unsigned>(word & 0x7f);
      if (v <= span) out[produced++] = static_cast<std::uint8_t>(v + lo);
    }
  }  // the rest of the last word is dropped: every call starts with a fresh word
}

// Section 2.2: for every i, swap perm[i] with perm[x], x uniform in [0,n) (a biased shuffle
// that must be copied exactly), using only 64/b - 1 chunks of each word. The swap touches every
// entry with masks, so the secret x decides no address; only rejections (x >= n) branch.
void sample_monomial(KeccakSponge& x, std::uint8_t* coef, std::uint16_t* perm, unsigned n) {
  sample_fq_vector(x, coef, n, 1, 125);
  for (unsigned i = 0; i < n; ++i) perm[i] = static_cast<std::uint16_t>(i);
  const unsigned b = bit_length(n - 1), per_word = 64 / b - 1;
  const std::uint64_t mask = (std::uint64_t{1} << b) - 1;
  std::uint64_t word = next_word(x);
  unsigned used = 0;
  for (unsigned i = 0; i < n; ++i) {
    std::uint32_t pos;
    do {
      if (used == per_word) word = next_word(x), used = 0;
      pos = static_cast<std::uint32_t>(word & mask);
      word >>= b;
      ++used;
    } while (pos >= n);
    const std::uint16_t at_pos = ct_lookup_u16(perm, n, pos);
    const std::uint16_t at_i = perm[i];
    for (unsigned j = 0; j < n; ++j)
      perm[j] = static_cast<std::uint16_t>(ct::select(ct::eq_mask(j, pos), at_i, perm[j]));
    perm[i] = at_pos;
  }
}

// x mod d for a public d < 2^16 without a division instruction on the secret x (UDIV timing
// depends on its operands on Cortex-M): restoring long division with masks.
static std::uint32_t ct_mod(std::uint32_t x, std::uint32_t d) {
  std::uint32_t r = 0;
  for (int bit = 31; bit >= 0; --bit) {
    r = (r << 1) | ((x >> bit) & 1u);
    r -= d & ~ct::lt_mask(r, d);
  }
  return r;
}

// Section 2.4: m u32 LE words r[i]; r[i] = i + r[i] mod (m-i); then swap(perm[i], perm[r[i]]).
void sample_blinding_perm(KeccakSponge& x, std::uint16_t* perm, unsigned m) {
  for (unsigned i = 0; i < m; ++i) perm[i] = static_cast<std::uint16_t>(i);
  for (unsigned i = 0; i + 1 < m; ++i) {  // the reference squeezes 4m bytes in one go
    std::uint8_t b[4];
    x.squeeze(b, 4);
    const std::uint32_t pos = i + ct_mod(load_le32(b), m - i);
    const std::uint16_t at_pos = ct_lookup_u16(perm, m, pos);
    const std::uint16_t at_i = perm[i];
    for (unsigned j = i; j < m; ++j)
      perm[j] = static_cast<std::uint16_t>(ct::select(ct::eq_mask(j, pos), at_i, perm[j]));
    perm[i] = at_pos;
  }
  std::uint8_t last[4];
  x.squeeze(last, 4);  // r[m-1] is drawn but unused; keep the stream position identical
}

std::uint16_t ct_lookup_u16(const std::uint16_t* a, unsigned n, std::uint32_t idx) {
  std::uint32_t v = 0;
  for (unsigned j = 0; j < n; ++j) v |= a[j] & ct::eq_mask(j, idx);
  return static_cast<std::uint16_t>(v);
}

std::uint32_t ct_find_u16(const std::uint16_t* a, unsigned n, std::uint32_t value) {
  std::uint32_t idx = 0;
  for (unsigned j = 0; j < n; ++j) idx |= j & ct::eq_mask(a[j], value);
  return idx;
}

}  // namespace sigspace::less
