// XOF-driven samplers of LESS v2.0 (less-v2.0.md sections 2.1, 2.2, 2.4). Each takes an already
// finalised sponge and squeezes from its current position. Each is instantiated for both
// Keccak permutations (keccak.hpp): the memory floor runs its XOFs on the compact one.
#pragma once
#include <cstddef>
#include <cstdint>

#include "sigspace/keccak.hpp"

namespace sigspace::less {

constexpr unsigned bit_length(unsigned v) {
  unsigned b = 0;
  while (v != 0) ++b, v >>= 1;
  return b;
}

// floor(64 / bits): how many bits-bit chunks a 64-bit word holds (bits in 1..64, public). By
// counting, not dividing: a run-time division would be a variable-latency instruction in the
// firmware, which the division scan (tests/ct/div_scan.py) refuses outside its allow-list.
constexpr unsigned chunks_per_word(unsigned bits) {
  unsigned chunks = 0;
  for (unsigned used = bits; used <= 64; used += bits) ++chunks;
  return chunks;
}
static_assert(chunks_per_word(7) == 9 && chunks_per_word(8) == 8 && chunks_per_word(9) == 7 &&
              chunks_per_word(10) == 6 && chunks_per_word(64) == 1);

// Section 2.1: cnt values in [lo, lo+span] from 7-bit chunks of fresh 64-bit LE words.
template <KeccakPermutation F>
void sample_fq_vector(BasicKeccakSponge<F>& x, std::uint8_t* out, std::size_t cnt, unsigned lo, unsigned span);
// Section 2.2: a monomial = n coefficients in [1,126], then the biased shuffle of the identity
// (direct swaps at secret positions, as the official reference).
template <KeccakPermutation F>
void sample_monomial(BasicKeccakSponge<F>& x, std::uint8_t* coef, std::uint16_t* perm, unsigned n);
// Section 2.4: the permutation sampler used only by blinding (yt_shuffle_state_limit; direct).
template <KeccakPermutation F>
void sample_blinding_perm(BasicKeccakSponge<F>& x, std::uint16_t* perm, unsigned m);

// Section 2.2's source of shuffle positions in [0, n), shared by sample_monomial and its
// constant-time form. It reads its first word when constructed (after the coefficients).
template <KeccakPermutation F>
class PositionStream {
 public:
  PositionStream(BasicKeccakSponge<F>& x, unsigned n);
  std::uint32_t next();

 private:
  BasicKeccakSponge<F>& x_;
  unsigned n_, bits_, per_word_, used_ = 0;
  std::uint64_t word_;
};

}  // namespace sigspace::less
