#include "stream.hpp"

namespace sigspace::mldsa::memory_floor {

void sample_challenge(Challenge& c, Bytes ctilde, int tau) {
  // FIPS 204 Algorithm 29 on an int8 array (256 bytes, not a 1 KB polynomial), then compacted.
  std::int8_t v[kN] = {};                          // line 1
  Shake256 h;                                      // line 2
  h.absorb(ctilde);                                // line 3
  h.finalize();
  std::uint8_t s[8];
  h.squeeze(s, 8);                                 // line 4
  std::uint64_t signs = 0;                         // line 5: h = BytesToBits(s)
  for (int i = 7; i >= 0; --i) signs = signs << 8 | s[i];
  for (int i = kN - tau; i < kN; ++i) {            // line 6
    std::uint8_t j;
    do h.squeeze(&j, 1); while (j > i);            // lines 7-10
    v[i] = v[j];                                   // line 11
    v[j] = static_cast<std::int8_t>(1 - 2 * static_cast<int>((signs >> (i + tau - kN)) & 1));  // line 12
  }
  c.n = 0;
  c.neg = 0;
  for (int m = 0; m < kN; ++m) {
    if (v[m] == 0) continue;
    c.neg |= static_cast<std::uint64_t>(v[m] < 0) << c.n;
    c.pos[c.n++] = static_cast<std::uint8_t>(m);
  }
  ct::wipe(v, sizeof v);
}

void challenge_acc(Poly& out, const Challenge& c, const std::uint8_t* base, int bits,
                   std::int32_t offset, int shift) {
  for (int t = 0; t < c.n; ++t) {
    const int p = c.pos[t];
    // Sign of the term as a mask (0 or -1); the wrapped part picks up X^256 = -1.
    const auto s = -static_cast<std::int32_t>((c.neg >> t) & 1);
    const std::int32_t wrap = ~s;
    BitReader hi(base, static_cast<std::size_t>(kN - p) * bits);
    for (int m = 0; m < p; ++m) {
      const std::int32_t a = offset - static_cast<std::int32_t>(hi.take(bits));
      out.c[m] += ((a ^ wrap) - wrap) * (std::int32_t{1} << shift);
    }
    BitReader lo(base, 0);
    for (int m = p; m < kN; ++m) {
      const std::int32_t a = offset - static_cast<std::int32_t>(lo.take(bits));
      out.c[m] += ((a ^ s) - s) * (std::int32_t{1} << shift);
    }
  }
}

}  // namespace sigspace::mldsa::memory_floor
