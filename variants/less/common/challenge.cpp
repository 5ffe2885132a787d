#include "less/common/challenge.hpp"

#include "less/common/sampler.hpp"
#include "sigspace/bytes.hpp"

namespace sigspace::less {
namespace {

// The shared word buffer: a new 8-byte word when the counter is 0, counter = 64 / (chunk bits), rounded down.
template <KeccakPermutation F>
struct Words {
  BasicKeccakSponge<F>& x;
  std::uint64_t word = 0;
  unsigned left = 0;
  unsigned draw(unsigned bits) {
    if (left == 0) {
      std::uint8_t b[8];
      x.squeeze(b, 8);
      word = load_le64(b);
      left = chunks_per_word(bits);
    }
    const unsigned v = static_cast<unsigned>(word & ((std::uint64_t{1} << bits) - 1));
    word >>= bits;
    --left;
    return v;
  }
};

}  // namespace

template <KeccakPermutation F>
void sample_challenge_stream(BasicKeccakSponge<F>& x, unsigned s, unsigned t, unsigned w, std::uint8_t* c) {
  Words<F> words{x};
  for (unsigned i = 0; i < t; ++i) c[i] = 0;
  for (unsigned i = t - w; i < t; ++i) {
    if (s == 2) {
      c[i] = 1;  // no randomness for two codes
      continue;
    }
    const unsigned bits = bit_length(s - 1);
    unsigned v;
    do v = words.draw(bits);
    while (v >= s - 1);
    c[i] = static_cast<std::uint8_t>(v + 1);
  }
  const unsigned bits = bit_length(t - 1);
  for (unsigned p = t - w; p < t; ++p) {
    unsigned pos;
    do pos = words.draw(bits);
    while (pos > p);
    const std::uint8_t tmp = c[p];
    c[p] = c[pos];
    c[pos] = tmp;
  }
}

template void sample_challenge_stream(KeccakSponge&, unsigned, unsigned, unsigned, std::uint8_t*);
template void sample_challenge_stream(CompactKeccakSponge&, unsigned, unsigned, unsigned, std::uint8_t*);

}  // namespace sigspace::less
