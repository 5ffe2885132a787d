#include "mldsa/memory_floor/stream.hpp"

#if defined(__ARM_FEATURE_SIMD32)
#include <arm_acle.h>
#endif

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
  std::int32_t* at = out - lo;
  for_each_field(base, lo, n, bits, [at, offset, shift](int m, std::uint32_t f) {
    at[m] = (offset - static_cast<std::int32_t>(f)) * (std::int32_t{1} << shift);
  });
}

void unpack_add_part(std::int32_t* out, int lo, int n, const std::uint8_t* base, int bits,
                     std::int32_t offset) {
  std::int32_t* at = out - lo;
  for_each_field(base, lo, n, bits, [at, offset](int m, std::uint32_t f) {
    at[m] += offset - static_cast<std::int32_t>(f);
  });
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

// The runs of terms [t0, t1) for the chunk a[0, len) of fields m0 ..: each term adds the chunk
// to out shifted by its position, split where X^256 = -1 wraps it around (there the term's
// sign flips) and clipped to [lo, lo + n); run(minus, at, from, count) adds or subtracts
// a[from, from + count) at out[at, ...). Positions and signs are public (see Challenge:
// c_tilde is, tests/ct/README.md D3), so the ranges and the branch may depend on them.
template <class Run>
[[gnu::always_inline]] inline void for_each_run(int m0, int len, int lo, int n, const std::uint8_t* pos,
                                                std::uint64_t neg, int t0, int t1, Run&& run) {
  const int hi = lo + n;
  const auto clip = [](int x, int floor, int ceil) { return x < floor ? floor : x > ceil ? ceil : x; };
  for (int t = t0; t < t1; ++t) {
    const int d = m0 + pos[t];                       // a[e] lands on d + e, or d + e - 256
    const int split = clip(kN - d, 0, len);
    const int e0 = clip(lo - d, 0, split), e1 = clip(hi - d, 0, split);
    const int w0 = clip(lo - d + kN, split, len), w1 = clip(hi - d + kN, split, len);
    const bool minus = ((neg >> t) & 1) != 0;
    run(minus, d + e0 - lo, e0, e1 - e0);
    run(!minus, d + w0 - kN - lo, w0, w1 - w0);
  }
}

// The packed a is read once, kChunk fields at a time, each chunk added by every term's runs.
// A term per field read would decode every field tau times, which was half of signing's
// instructions.
void challenge_acc(std::int32_t* out, int lo, int n, const std::uint8_t* pos, std::uint64_t neg,
                   int terms, const std::uint8_t* base, int bits, std::int32_t offset, int shift) {
  constexpr int kChunk = 32;
  std::int32_t a[kChunk];
  for (int m0 = 0; m0 < kN; m0 += kChunk) {
    unpack_part(a, m0, kChunk, base, bits, offset, shift);
    for_each_run(m0, kChunk, lo, n, pos, neg, 0, terms, [out, &a](bool minus, int at, int from, int count) {
      if (minus) add_run<true>(out, at, a + from, count);
      else add_run<false>(out, at, a + from, count);
    });
  }
  ct::wipe(a, sizeof a);
}

namespace {

// Four 8-bit lanes a word, each added or subtracted mod 2^8 with no carry between lanes: the
// DSP extension's UADD8/USUB8 where the build has it (Cortex-M4/M33), else the usual masks.
// Constant-time either way.
inline std::uint32_t lanes_add(std::uint32_t x, std::uint32_t y) {
#if defined(__ARM_FEATURE_SIMD32)
  return __uadd8(x, y);
#else
  return ((x & 0x7f7f7f7fu) + (y & 0x7f7f7f7fu)) ^ ((x ^ y) & 0x80808080u);
#endif
}
inline std::uint32_t lanes_sub(std::uint32_t x, std::uint32_t y) {
#if defined(__ARM_FEATURE_SIMD32)
  return __usub8(x, y);
#else
  return ((x | 0x80808080u) - (y & 0x7f7f7f7fu)) ^ ((x ^ ~y) & 0x80808080u);
#endif
}
inline std::uint32_t load32(const std::uint8_t* p) {
  std::uint32_t v;
  std::memcpy(&v, p, 4);
  return v;
}
inline void store32(std::uint8_t* p, std::uint32_t v) { std::memcpy(p, &v, 4); }

// acc[i] +-= src[i] mod 2^8 for i < len, four lanes a word.
template <bool Negative>
inline void add_lanes(std::uint8_t* acc, const std::uint8_t* a, int from, int len) {
  if (len <= 0) return;  // an empty run's `from` may lie outside a
  const std::uint8_t* src = a + from;
  int i = 0;
  for (; i + 4 <= len; i += 4) {
    const std::uint32_t x = load32(acc + i), y = load32(src + i);
    store32(acc + i, Negative ? lanes_sub(x, y) : lanes_add(x, y));
  }
  for (; i < len; ++i) acc[i] = static_cast<std::uint8_t>(Negative ? acc[i] - src[i] : acc[i] + src[i]);
}

}  // namespace

void challenge_product_small(std::int32_t* out, int lo, int n, const std::uint8_t* pos,
                             std::uint64_t neg, int terms, const std::uint8_t* base, int bits,
                             int eta) {
  // out's 4n bytes, reused: a as 256 signed bytes at [0, 256), then one byte accumulator of n
  // lanes per group of terms at [256 + g n, ...); each group's sum fits a signed byte
  // (|sum| <= group * eta <= 127), so the lanes' wrap-around mod 2^8 loses nothing. eta is 2
  // or 4 (FIPS 204, Table 1), so 127 / eta is a shift (no division instruction, div_scan).
  const int group = 127 >> (eta == 4 ? 2 : 1);
  int groups = 0;
  for (int t = 0; t < terms; t += group) ++groups;
  auto* bytes = reinterpret_cast<std::uint8_t*>(out);
  std::uint8_t* a = bytes;
  std::uint8_t* acc = bytes + kN;
  // Fields of 3 or 4 bits, 8 to a 3- or 4-byte word (Algorithm 17). Not for_each_field: there
  // 3-bit fields go through BitReader, and a group path for them costs key generation's
  // deepest frame 32 bytes on Cortex-M4 (ntt_part reads s1 under a sponge).
  const std::uint32_t mask = (1u << bits) - 1;
  for (int m = 0; m < kN; m += 8) {
    std::uint32_t w = 0;
    for (int b = bits - 1; b >= 0; --b) w = w << 8 | base[m / 8 * bits + b];
    for (int e = 0; e < 8; ++e, w >>= bits) a[m + e] = static_cast<std::uint8_t>(eta - static_cast<int>(w & mask));
  }
  std::memset(acc, 0, static_cast<std::size_t>(groups * n));
  for (int t = 0, in_group = 0; t < terms; ++t, ++in_group) {
    if (in_group == group) {  // next group's lanes (a public count)
      acc += n;
      in_group = 0;
    }
    std::uint8_t* g = acc;
    // Output m in [lo, lo + n) takes a[m - d] when m >= d, else -a[m - d + 256] (X^256 = -1).
    // d and the sign are public (Challenge, D3), so they may set ranges and branches.
    const int d = pos[t];
    const int split = d < lo ? lo : d > lo + n ? lo + n : d;  // first m with m >= d
    const bool minus = ((neg >> t) & 1) != 0;
    if (minus) {
      add_lanes<false>(g, a, lo - d + kN, split - lo);
      add_lanes<true>(g + split - lo, a, split - d, lo + n - split);
    } else {
      add_lanes<true>(g, a, lo - d + kN, split - lo);
      add_lanes<false>(g + split - lo, a, split - d, lo + n - split);
    }
  }
  // The groups' sum into 16-bit lanes over a (forward: slot m is past every byte read so far),
  // then widened to 32 bits backwards (each word lies above every halfword still to read).
  acc = bytes + kN;
  for (int m = 0; m < n; ++m) {
    std::int16_t v = 0;
    for (int k = 0; k < groups; ++k) v = static_cast<std::int16_t>(v + static_cast<std::int8_t>(acc[k * n + m]));
    std::memcpy(bytes + 2 * m, &v, 2);
  }
  for (int m = n - 1; m >= 0; --m) {
    std::int16_t v;
    std::memcpy(&v, bytes + 2 * m, 2);
    out[m] = v;
  }
}

namespace {

// Two 16-bit lanes a word, each added or subtracted mod 2^16 with no carry between lanes:
// SADD16/SSUB16 where the build has them, else the usual masks. Constant-time either way.
inline std::uint32_t halves_add(std::uint32_t x, std::uint32_t y) {
#if defined(__ARM_FEATURE_SIMD32)
  return static_cast<std::uint32_t>(__sadd16(static_cast<std::int32_t>(x), static_cast<std::int32_t>(y)));
#else
  return ((x & 0x7fff7fffu) + (y & 0x7fff7fffu)) ^ ((x ^ y) & 0x80008000u);
#endif
}
inline std::uint32_t halves_sub(std::uint32_t x, std::uint32_t y) {
#if defined(__ARM_FEATURE_SIMD32)
  return static_cast<std::uint32_t>(__ssub16(static_cast<std::int32_t>(x), static_cast<std::int32_t>(y)));
#else
  return ((x | 0x80008000u) - (y & 0x7fff7fffu)) ^ ((x ^ ~y) & 0x80008000u);
#endif
}

// acc[i] +-= src[i] mod 2^16 for i < len, two lanes a word (unaligned word access: the run's
// start is set by a public position).
template <bool Negative>
inline void add_halves(std::int16_t* acc, const std::int16_t* src, int len) {
  if (len <= 0) return;  // an empty run's src may lie outside a
  auto* d = reinterpret_cast<std::uint8_t*>(acc);
  const auto* a = reinterpret_cast<const std::uint8_t*>(src);
  int i = 0;
  for (; i + 2 <= len; i += 2) {
    const std::uint32_t x = load32(d + 2 * i), y = load32(a + 2 * i);
    store32(d + 2 * i, Negative ? halves_sub(x, y) : halves_add(x, y));
  }
  if (i < len) acc[i] = static_cast<std::int16_t>(Negative ? acc[i] - src[i] : acc[i] + src[i]);
}

}  // namespace

void unpack_halves(std::int16_t* a, const std::uint8_t* base, int bits, std::int32_t offset) {
  for_each_field(base, 0, kN, bits, [a, offset](int m, std::uint32_t f) {
    a[m] = static_cast<std::int16_t>(offset - static_cast<std::int32_t>(f));
  });
}

// Output m in [q, q + 64) takes a[m - d] when m >= d, else -a[m - d + 256] (X^256 = -1): two
// runs a term, 64 lanes a round, seven terms a pass (|a_i| <= 2^12 and 7 * 2^12 < 2^15, so no
// lane overflows), each pass's lanes then added into out. d and the sign are public (D3).
void challenge_acc_halves(std::int32_t* out, int lo, int n, const std::uint8_t* pos,
                          std::uint64_t neg, int terms, const std::int16_t* a, std::int16_t* acc) {
  constexpr int kPass = 7;
  for (int q = lo; q < lo + n; q += kHalvesLanes) {
    for (int t0 = 0; t0 < terms; t0 += kPass) {
      const int t1 = t0 + kPass < terms ? t0 + kPass : terms;
      std::memset(acc, 0, kHalvesLanes * sizeof(std::int16_t));
      for (int t = t0; t < t1; ++t) {
        const int d = pos[t];
        const int split = d < q ? q : d > q + kHalvesLanes ? q + kHalvesLanes : d;
        const bool minus = ((neg >> t) & 1) != 0;
        if (minus) {
          add_halves<false>(acc, a + q - d + kN, split - q);
          add_halves<true>(acc + split - q, a + split - d, q + kHalvesLanes - split);
        } else {
          add_halves<true>(acc, a + q - d + kN, split - q);
          add_halves<false>(acc + split - q, a + split - d, q + kHalvesLanes - split);
        }
      }
      std::int32_t* o = out + (q - lo);
      for (int m = 0; m < kHalvesLanes; ++m) o[m] += acc[m];
    }
  }
}

namespace {
// The sign mask of the flat form: 8 bytes after the tau positions, little-endian.
std::uint64_t flat_signs(const std::uint8_t* flat, int tau) {
  std::uint64_t neg = 0;
  for (int i = 7; i >= 0; --i) neg = neg << 8 | flat[tau + i];
  return neg;
}
}  // namespace

void challenge_product_small_flat(std::int32_t* out, int lo, int n, const std::uint8_t* flat,
                                  int tau, const std::uint8_t* base, int bits, int eta) {
  challenge_product_small(out, lo, n, flat, flat_signs(flat, tau), tau, base, bits, eta);
}

template <KeccakPermutation F>
void challenge_product_small_from(std::int32_t* out, int lo, int n, Bytes ctilde, int tau,
                                  const std::uint8_t* base, int bits, int eta) {
  Challenge c;
  sample_challenge<F>(c, ctilde, tau);
  challenge_product_small(out, lo, n, c.pos, c.neg, c.n, base, bits, eta);
  ct::wipe(&c, sizeof c);
}

template <KeccakPermutation F>
void sample_challenge_flat(std::uint8_t* flat, Bytes ctilde, int tau) {
  Challenge c;
  sample_challenge<F>(c, ctilde, tau);
  std::memcpy(flat, c.pos, static_cast<std::size_t>(tau));
  for (int i = 0; i < 8; ++i) flat[tau + i] = static_cast<std::uint8_t>(c.neg >> (8 * i));
  ct::wipe(&c, sizeof c);
}

void challenge_acc_flat(std::int32_t* out, int lo, int n, const std::uint8_t* flat, int tau,
                        const std::uint8_t* base, int bits, std::int32_t offset, int shift) {
  challenge_acc(out, lo, n, flat, flat_signs(flat, tau), tau, base, bits, offset, shift);
}

void challenge_acc_halves_flat(std::int32_t* out, int lo, int n, const std::uint8_t* flat,
                               int tau, const std::int16_t* a, std::int16_t* acc) {
  challenge_acc_halves(out, lo, n, flat, flat_signs(flat, tau), tau, a, acc);
}

template <KeccakPermutation F>
void challenge_acc_from(std::int32_t* out, int lo, int n, Bytes ctilde, int tau,
                        const std::uint8_t* base, int bits, std::int32_t offset, int shift) {
  Challenge c;
  sample_challenge<F>(c, ctilde, tau);
  challenge_acc(out, lo, n, c.pos, c.neg, c.n, base, bits, offset, shift);
  ct::wipe(&c, sizeof c);
}

#define SIGSPACE_CHALLENGE_ACC_FROM(F)                                                         \
  template void challenge_acc_from<F>(std::int32_t*, int, int, Bytes, int, const std::uint8_t*, \
                                      int, std::int32_t, int);                                  \
  template void sample_challenge_flat<F>(std::uint8_t*, Bytes, int);                           \
  template void challenge_product_small_from<F>(std::int32_t*, int, int, Bytes, int,            \
                                                const std::uint8_t*, int, int);
SIGSPACE_CHALLENGE_ACC_FROM(&keccak_f1600_compact)
#if defined(SIGSPACE_HAVE_KECCAK_F1600_ARMV7M)
SIGSPACE_CHALLENGE_ACC_FROM(&keccak_f1600_armv7m)
#endif
#undef SIGSPACE_CHALLENGE_ACC_FROM

}  // namespace sigspace::mldsa::memory_floor
