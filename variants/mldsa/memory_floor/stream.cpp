#include "mldsa/memory_floor/stream.hpp"

namespace sigspace::mldsa::memory_floor {

template <KeccakPermutation F>
void sample_challenge(Challenge& c, Bytes ctilde, int tau) {
  // FIPS 204 Algorithm 29 run on the sparse form itself: entry u holds c[pos[u]]. Line 11 moves
  // c[j] to position i (a new position: every earlier one is below i), line 12 puts the new sign
  // at j. No 256-entry array is ever made; the search over entries is on c_tilde-derived data.
  c.n = 0;                                         // line 1
  c.neg = 0;
  Xof256<F> h;                                   // line 2
  h.absorb(ctilde);                                // line 3
  h.finalize();
  std::uint8_t s[8];
  h.squeeze(s, 8);                                 // line 4
  std::uint64_t signs = 0;                         // line 5: h = BytesToBits(s)
  for (int i = 7; i >= 0; --i) signs = signs << 8 | s[i];
  for (int i = kN - tau; i < kN; ++i) {            // line 6
    std::uint8_t j;
    do j = h.squeeze_byte(); while (j > i);        // lines 7-10
    int u = 0;
    while (u < c.n && c.pos[u] != j) ++u;
    if (u < c.n) c.pos[u] = static_cast<std::uint8_t>(i);  // line 11 (c[j] nonzero)
    c.pos[c.n] = j;                                // line 12: c[j] = (-1)^h[i + tau - 256]
    c.neg |= ((signs >> (i + tau - kN)) & 1) << c.n;
    ++c.n;
  }
}

void unpack_part(std::int32_t* out, int lo, int n, const std::uint8_t* base, int bits,
                 std::int32_t offset, int shift) {
  BitReader r(base, static_cast<std::size_t>(lo) * bits);
  for (int m = 0; m < n; ++m)
    out[m] = (offset - static_cast<std::int32_t>(r.take(bits))) * (std::int32_t{1} << shift);
}

void pack_part(std::uint8_t* base, int lo, int n, const std::int32_t* in, int bits,
               std::int32_t offset) {
  BitWriter w(base + lo * bits / 8);
  for (int m = 0; m < n; ++m) w.put(static_cast<std::uint32_t>(offset - in[m]), bits);
}

// out[at + i] += src[i] (or -= for a -1 term), i < len: one term's run of the shifted chunk.
// A branch per term on c's public sign (D3) instead of a sign mask on every coefficient, and
// four coefficients a round: the runs are the floor's hottest loop (30 % of signing on the
// M4, results/kernels/mldsa-44-m4-profile.md).
template <bool Negative>
inline void add_run(std::int32_t* out, int at, const std::int32_t* src, int len) {
  std::int32_t* dst = out + (len > 0 ? at : 0);    // an empty run may have at out of range
  const auto step = [](std::int32_t& d, std::int32_t s) { d = Negative ? d - s : d + s; };
  int i = 0;
  for (; i + 4 <= len; i += 4) {
    step(dst[i], src[i]);
    step(dst[i + 1], src[i + 1]);
    step(dst[i + 2], src[i + 2]);
    step(dst[i + 3], src[i + 3]);
  }
  for (; i < len; ++i) step(dst[i], src[i]);
}

// The packed a is read once, kChunk fields at a time; each term then adds the chunk to out
// shifted by its position, split where X^256 = -1 wraps it around (there the term's sign
// flips) and clipped to [lo, lo + n). A term per field read would decode every field tau
// times, which was half of signing's instructions.
void challenge_acc(std::int32_t* out, int lo, int n, const Challenge& c, const std::uint8_t* base,
                   int bits, std::int32_t offset, int shift) {
  constexpr int kChunk = 32;
  std::int32_t a[kChunk];
  const int hi = lo + n;
  const auto clip = [](int x, int floor, int ceil) { return x < floor ? floor : x > ceil ? ceil : x; };
  for (int m0 = 0; m0 < kN; m0 += kChunk) {
    unpack_part(a, m0, kChunk, base, bits, offset, shift);
    for (int t = 0; t < c.n; ++t) {
      // Positions and signs are public (see Challenge: c_tilde is, tests/ct/README.md D3), so
      // the ranges and the branch may depend on them.
      const int d = m0 + c.pos[t];                     // a[e] lands on d + e, or d + e - 256
      const int split = clip(kN - d, 0, kChunk);
      const int e0 = clip(lo - d, 0, split), e1 = clip(hi - d, 0, split);
      const int w0 = clip(lo - d + kN, split, kChunk), w1 = clip(hi - d + kN, split, kChunk);
      const int straight = d + e0 - lo, wrapped = d + w0 - kN - lo;
      if ((c.neg >> t) & 1) {
        add_run<true>(out, straight, a + e0, e1 - e0);
        add_run<false>(out, wrapped, a + w0, w1 - w0);
      } else {
        add_run<false>(out, straight, a + e0, e1 - e0);
        add_run<true>(out, wrapped, a + w0, w1 - w0);
      }
    }
  }
  ct::wipe(a, sizeof a);
}

template <KeccakPermutation F>
void challenge_acc_from(std::int32_t* out, int lo, int n, Bytes ctilde, int tau,
                        const std::uint8_t* base, int bits, std::int32_t offset, int shift) {
  Challenge c;
  sample_challenge<F>(c, ctilde, tau);
  challenge_acc(out, lo, n, c, base, bits, offset, shift);
  ct::wipe(&c, sizeof c);
}

#define SIGSPACE_CHALLENGE_ACC_FROM(F)                                                         \
  template void challenge_acc_from<F>(std::int32_t*, int, int, Bytes, int, const std::uint8_t*, \
                                      int, std::int32_t, int);
SIGSPACE_CHALLENGE_ACC_FROM(&keccak_f1600_compact)
#if defined(SIGSPACE_HAVE_KECCAK_F1600_ARMV7M)
SIGSPACE_CHALLENGE_ACC_FROM(&keccak_f1600_armv7m)
#endif
#undef SIGSPACE_CHALLENGE_ACC_FROM

}  // namespace sigspace::mldsa::memory_floor
