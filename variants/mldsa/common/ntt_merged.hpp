// Faster NTT building blocks shared by the speed-oriented operating points. Same transforms as
// ntt.cpp (FIPS 204 Algorithms 41/42), but three layers per pass over the polynomial, so each
// coefficient is loaded and stored three times instead of eight, and the 1/256 scaling of the
// inverse is folded into its last layer.
#pragma once
#include "mldsa/common/poly.hpp"

namespace sigspace::mldsa {

// Algorithm 41. Input |a| < q; output |a| < 9q. Congruent to ntt() coefficient by coefficient.
void ntt_merged(Poly& a);
// Algorithm 42 with the 2^-32 of one Montgomery product undone. Input |a| < q; output |a| < q.
void invntt_merged(Poly& a);

// w = (a[0] o v[0] + ... + a[n-1] o v[n-1]) * 2^-32 with one Montgomery reduction per
// coefficient (Algorithm 48, one row): the products are summed as 64-bit integers.
// Needs |a| < q and |v| < 9q and n <= 8 (sum < 8 * 9 q^2 < 2^31 q); output |w| < q.
void row_times_lazy(Poly& w, const Poly* a, const Poly* v, int n);

}  // namespace sigspace::mldsa
