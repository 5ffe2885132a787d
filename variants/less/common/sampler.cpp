#include "less/common/sampler.hpp"

#include "sigspace/bytes.hpp"
#include "sigspace/ct.hpp"
#include "sigspace/ct_declassify.hpp"

namespace sigspace::less {
namespace {

template <KeccakPermutation F>
std::uint64_t next_word(BasicKeccakSponge<F>& x) {
  std::uint8_t b[8];
  x.squeeze(b, 8);
  return load_le64(b);
}

}  // namespace

// Section 2.1 (DEF_RAND_STATE). Data-dependent: the rejection branch reveals only which chunks
// were rejected, and rejected chunks are discarded, so it says nothing about the output values.
template <KeccakPermutation F>
void sample_fq_vector(BasicKeccakSponge<F>& x, std::uint8_t* out, std::size_t cnt, unsigned lo, unsigned span) {
  constexpr unsigned b = 7;  // bit length of 125 and of 126
  std::size_t produced = 0;
  while (produced < cnt) {
    std::uint64_t word = next_word(x);
    for (unsigned c = 0; c < 64 / b && produced < cnt; ++c, word >>= b) {
      const unsigned v = static_cast<unsigned>(word & 0x7f);
      bool accept = v <= span;
      SIGSPACE_CT_DECLASSIFY(&accept, sizeof accept);  // the rejection pattern (D8)
      if (accept) out[produced++] = static_cast<std::uint8_t>(v + lo);
    }
  }  // the rest of the last word is dropped: every call starts with a fresh word
}

template <KeccakPermutation F>
PositionStream<F>::PositionStream(BasicKeccakSponge<F>& x, unsigned n)
    : x_(x), n_(n), bits_(bit_length(n - 1)), per_word_(chunks_per_word(bit_length(n - 1)) - 1),
      word_(next_word(x)) {}

// Section 2.2: b-bit chunks of 64-bit words, only 64/b - 1 of each word, rejecting >= n.
template <KeccakPermutation F>
std::uint32_t PositionStream<F>::next() {
  const std::uint64_t mask = (std::uint64_t{1} << bits_) - 1;
  std::uint32_t pos;
  bool reject;
  do {
    if (used_ == per_word_) word_ = next_word(x_), used_ = 0;
    pos = static_cast<std::uint32_t>(word_ & mask);
    word_ >>= bits_;
    ++used_;
    reject = pos >= n_;
    SIGSPACE_CT_DECLASSIFY(&reject, sizeof reject);  // the rejection pattern (D8)
  } while (reject);
  return pos;
}

// Section 2.2 (yt_shuffle_state): for every i, swap perm[i] with perm[x], x from the position
// stream (a biased shuffle that must be copied exactly). Direct swaps, as the official
// reference: the secret x decides an address (ct_sample_monomial is the constant-time form).
template <KeccakPermutation F>
void sample_monomial(BasicKeccakSponge<F>& x, std::uint8_t* coef, std::uint16_t* perm, unsigned n) {
  sample_fq_vector(x, coef, n, 1, 125);
  for (unsigned i = 0; i < n; ++i) perm[i] = static_cast<std::uint16_t>(i);
  PositionStream positions(x, n);
  for (unsigned i = 0; i < n; ++i) {
    const std::uint32_t pos = positions.next();
    const std::uint16_t tmp = perm[i];
    perm[i] = perm[pos];
    perm[pos] = tmp;
  }
}

// Section 2.4 (yt_shuffle_state_limit): m u32 LE words r[i]; r[i] = i + r[i] mod (m-i); then
// swap(perm[i], perm[r[i]]). Direct swaps, as the official reference (ct_sample_blinding_perm is
// the constant-time form); the reduction is the masked one, not `%`: a division instruction on
// the secret r[i] is the one thing the division scan refuses in every point (m instructions of
// UDIV became about 32*5 each, some 0.05 % of a signature).
template <KeccakPermutation F>
void sample_blinding_perm(BasicKeccakSponge<F>& x, std::uint16_t* perm, unsigned m) {
  for (unsigned i = 0; i < m; ++i) perm[i] = static_cast<std::uint16_t>(i);
  for (unsigned i = 0; i + 1 < m; ++i) {  // the reference squeezes 4m bytes in one go
    std::uint8_t b[4];
    x.squeeze(b, 4);
    const std::uint32_t pos = i + ct::mod_public(load_le32(b), m - i);
    const std::uint16_t tmp = perm[i];
    perm[i] = perm[pos];
    perm[pos] = tmp;
  }
  std::uint8_t last[4];
  x.squeeze(last, 4);  // r[m-1] is drawn but unused; keep the stream position identical
}

#define SIGSPACE_LESS_SAMPLERS(F)                                                              \
  template void sample_fq_vector<F>(BasicKeccakSponge<F>&, std::uint8_t*, std::size_t, unsigned, \
                                    unsigned);                                                  \
  template class PositionStream<F>;                                                             \
  template void sample_monomial<F>(BasicKeccakSponge<F>&, std::uint8_t*, std::uint16_t*, unsigned); \
  template void sample_blinding_perm<F>(BasicKeccakSponge<F>&, std::uint16_t*, unsigned);
SIGSPACE_LESS_SAMPLERS(&keccak_f1600)
SIGSPACE_LESS_SAMPLERS(&keccak_f1600_compact)
#undef SIGSPACE_LESS_SAMPLERS

}  // namespace sigspace::less
