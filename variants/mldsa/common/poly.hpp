// Polynomials of R_q = Z_q[X]/(X^256 + 1) and vectors of them, with the operations every
// operating point shares: NTT (FIPS 204 Algorithms 41/42), pointwise products in T_q
// (Algorithms 45-48), and the infinity-norm test (Section 2.3).
#pragma once
#include <cstdint>

#include "mldsa/common/params.hpp"
#include "mldsa/common/reduce.hpp"
#include "sigspace/ct.hpp"

namespace sigspace::mldsa {

struct Poly {
  std::int32_t c[kN];
};

template <int N>
struct PolyVec {
  Poly p[N];
};

// FIPS 204 Algorithm 41. Input |a| < q; output |a| < 9q (no reduction between layers).
void ntt(Poly& a);
// FIPS 204 Algorithm 42, also undoing the 2^-32 factor of one Montgomery product.
// Input |a| < q; output |a| < q.
void invntt(Poly& a);
// The transforms a block at a time, for callers that hold part of a polynomial (the memory
// floor): the layers len = top..1 (forward) or 1..top (inverse) on the 2 top coefficients at a,
// which sit at position base of the polynomial. ntt(a) is ntt_layers(a.c, 0, 128); invntt(a)
// is invntt_layers(a.c, 0, 128) and then invntt_scale on every coefficient.
void ntt_layers(std::int32_t* a, int base, int top);
void invntt_layers(std::int32_t* a, int base, int top);
std::int32_t ntt_zeta(int m);               // zeta^BitRev8(m) * 2^32 mod q, centered
const std::int32_t* ntt_zetas();            // the table of ntt_zeta, m = 0..255 (Arm kernels)
std::int32_t invntt_scale(std::int32_t a);  // Algorithm 42, line 23 with the Montgomery factor

// FIPS 204 Algorithm 45 (MultiplyNTT) in the Montgomery domain: c = a o b * 2^-32.
void poly_pointwise(Poly& c, const Poly& a, const Poly& b);
// c += a o b * 2^-32 (the accumulation of Algorithm 48, MatrixVectorNTT).
void poly_pointwise_acc(Poly& c, const Poly& a, const Poly& b);

void poly_add(Poly& c, const Poly& a, const Poly& b);
void poly_sub(Poly& c, const Poly& a, const Poly& b);
void poly_reduce(Poly& a);  // reduce32 on every coefficient
void poly_freeze(Poly& a);  // every coefficient into [0, q)

// All-ones when some coefficient has |c| >= bound (coefficients taken as centered integers),
// else zero. Reads every coefficient: the verdict is the only thing that may be branched on.
std::uint32_t poly_exceeds(const Poly& a, std::int32_t bound);
std::uint32_t exceeds(const std::int32_t* a, int n, std::int32_t bound);  // the same on a[0, n)

template <int N>
std::uint32_t vec_exceeds(const PolyVec<N>& v, std::int32_t bound) {
  std::uint32_t m = 0;
  for (int i = 0; i < N; ++i) m |= poly_exceeds(v.p[i], bound);
  return m;
}

// Zeroises every secret temporary of an operation (arrays and polynomial vectors alike).
template <class... T>
void wipe_all(T&... objects) {
  (ct::wipe(&objects, sizeof objects), ...);
}

}  // namespace sigspace::mldsa
